//! `--rules FILE`: games under rules a user defines (a CustomChessKell
//! YAML file, or a Fairy-Stockfish `variants.ini` whose sections the
//! games' `[Variant]` tags or `--variant` name), replayed by
//! [`chess_core::custom`] through the `chess-rules` engine and reported
//! like chess games: every illegal move at `path:line:col` with the
//! reason, in any `--format`.
//!
//! Inputs stream like chess games ([`crate::run`] with
//! [`Task::Rules`](crate::run::Task::Rules)): cut where a game begins,
//! each piece's games replayed on every core.

use chess_core::custom::{replay_game, rule_sets, split_games};
use chess_core::{Diagnostic, Source};
use chess_rules::Rules;

use crate::check::{Checked, Context, Problem};
use crate::puzzles::check_items;
use crate::read::Piece;

/// The rule sets games are replayed under, and the section for games
/// whose `[Variant]` tag names none.
#[derive(Debug)]
pub struct RuleSets {
    /// The rules file's rule sets.
    pub sets: Vec<Rules>,
    /// `--variant`.
    pub variant: Option<String>,
}

/// The rule sets of the rules file at `path`, or its problem, rendered
/// (`path:line:col`, the line, `^^^` under the key or value).
pub fn load(path: &str, styled: bool) -> Result<Vec<Rules>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{path}: cannot read: {}", chess_core::files::io_reason(&e)))?;
    let source = Source::text(text, Some(path.to_string()), None);
    rule_sets(&source).map_err(|d| Problem::new(&source, path, 0, 1, d, styled).rendered)
}

/// Checks every game of one piece of an input called `name` under
/// `rules`, those of the shard asked for.
pub fn check_piece(piece: Piece, name: &str, context: &Context, rules: &RuleSets) -> Checked {
    let variant = rules.variant.as_deref();
    check_items(piece, name, context, |items| {
        let source = items.source();
        match split_games(source) {
            Ok(games) => {
                for game in &games {
                    items.add(game.start(), || {
                        let game = replay_game(&rules.sets, variant, game, source)?;
                        Ok((game.moves.len() as u64, Vec::<Diagnostic>::new()))
                    });
                }
            }
            Err(d) => items.add(d.range.start, || Err(d)),
        }
    })
}
