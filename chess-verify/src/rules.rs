//! `--rules FILE`: games under rules a user defines (a CustomChessKell
//! YAML file, or a Fairy-Stockfish `variants.ini` whose sections the
//! games' `[Variant]` tags or `--variant` name), replayed by
//! [`chess_core::custom`] through the `chess-rules` engine and reported
//! like chess games: every illegal move at `path:line:col` with the
//! reason, in any `--format`.
//!
//! A file is read whole (decompressed like any input), cut into games,
//! and its games replayed in parallel.

use std::ops::ControlFlow;

use chess_core::custom::{replay_game, rule_sets, split_games};
use chess_core::{Diagnostic, Source};
use chess_rules::Rules;

use crate::check::{Context, Problem};
use crate::input::Input;
use crate::puzzles::{in_parallel, whole_files};
use crate::run::Item;

/// The rule sets of the rules file at `path`, or its problem, rendered
/// (`path:line:col`, the line, `^^^` under the key or value).
pub fn load(path: &str, styled: bool) -> Result<Vec<Rules>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{path}: cannot read: {}", chess_core::files::io_reason(&e)))?;
    let source = Source::text(text, Some(path.to_string()), None);
    rule_sets(&source).map_err(|d| Problem::new(&source, path, 0, 1, d, styled).rendered)
}

/// Checks every game of every input under `sets` (`variant` the rule set
/// for games without a `[Variant]` tag naming one).
pub fn run(
    inputs: &[Input],
    context: &Context,
    sets: &[Rules],
    variant: Option<&str>,
    jobs: usize,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
) {
    let check = |source: &Source, name: &str| match split_games(source) {
        Ok(games) => in_parallel(source, name, &games, jobs, |game, source| {
            let game = replay_game(sets, variant, game, source)?;
            Ok((game.moves.len() as u64, Vec::<Diagnostic>::new()))
        }),
        Err(d) => vec![Err(d)],
    };
    whole_files(inputs, context, sink, &check);
}
