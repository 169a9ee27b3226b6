//! `--rules FILE`: games under rules a user defines (a CustomChessKell
//! YAML file, or a Fairy-Stockfish `variants.ini` whose sections the
//! games' `[Variant]` tags or `--variant` name), read and checked by the
//! same pipeline as chess games ([`chess_core::Games::under_rules`]) and
//! reported like them: every illegal move at `path:line:col` with the
//! reason, in any `--format`. Inputs stream like chess games, cut where a
//! game begins ([`crate::run`] with [`Task::Rules`](crate::run::Task::Rules)).

use chess_core::Source;
use chess_core::syntax::RuleSets;

use crate::check::Problem;

/// The rule sets of the rules file at `path`, with `variant` for games
/// whose `[Variant]` tag names none; or its problem, rendered
/// (`path:line:col`, the line, `^^^` under the key or value).
pub fn load(path: &str, variant: Option<String>, styled: bool) -> Result<RuleSets, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{path}: cannot read: {}", chess_core::files::io_reason(&e)))?;
    let source = Source::text(text, Some(path.to_string()), None);
    RuleSets::read(&source)
        .map(|sets| sets.with_default(variant))
        .map_err(|d| Problem::new(&source, path, 0, 1, d, styled).rendered)
}
