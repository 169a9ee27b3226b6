//! `--rules FILE`: games under rules a user defines (a CustomChessKell
//! YAML file, or a Fairy-Stockfish `variants.ini` whose sections the
//! games' `[Variant]` tags or `--variant` name), read and checked by the
//! same pipeline as chess games ([`chess_core::Games::under_rules`]) and
//! reported like them: every illegal move at `path:line:col` with the
//! reason, in any `--format`. Inputs stream like chess games, cut where a
//! game begins ([`crate::run`] with [`Task::Rules`](crate::run::Task::Rules)).

use chess_core::RuleSets;
use chess_core::Source;

use crate::check::Problem;

/// Why a rules file cannot be used; `Display` is what `chess-verify`
/// prints.
#[derive(Clone, Debug)]
pub enum LoadError {
    /// The file cannot be read.
    Unreadable {
        /// The path as given.
        path: String,
        /// Why, in words.
        reason: String,
    },
    /// It is not a rules file as documented: the problem, located in it
    /// and rendered (`path:line:col`, the line, `^^^` under the key or
    /// value).
    Invalid(Box<Problem>),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable { path, reason } => write!(f, "{path}: cannot read: {reason}"),
            LoadError::Invalid(problem) => f.write_str(&problem.rendered),
        }
    }
}

impl std::error::Error for LoadError {}

/// The rule sets of the rules file at `path`, with `variant` for games
/// whose `[Variant]` tag names none; or why not.
pub fn load(path: &str, variant: Option<String>, styled: bool) -> Result<RuleSets, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError::Unreadable {
        path: path.to_string(),
        reason: chess_core::files::io_reason(&e),
    })?;
    let source = Source::text(text, Some(path.to_string()), None);
    RuleSets::read(&source)
        .map(|sets| sets.with_default(variant))
        .map_err(|d| LoadError::Invalid(Box::new(Problem::new(&source, path, 0, 1, d, styled))))
}
