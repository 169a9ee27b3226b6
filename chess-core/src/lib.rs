//! The verifier behind `verified-chess`.
//!
//! Text in, verdicts out: chess notation (from Rust tokens or PGN text) is
//! read by one grammar into a syntax tree with source ranges
//! ([`syntax`]), replayed through the shakmaty rules engine ([`replay`]) and
//! turned into either verified game data or [`Diagnostic`]s that say which
//! move is illegal and why ([`explain`]). The proc macros and the CLI are
//! thin layers over this crate.
//!
//! ```
//! use chess_core::{source::Source, verify_text};
//!
//! let source = Source::text("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", None, None);
//! let game = verify_text(&source).remove(0).unwrap();
//! assert_eq!(game.san(), "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
//!
//! let source = Source::text("1. d4 d5 2. Bc4", None, None);
//! let error = verify_text(&source).remove(0).unwrap_err();
//! assert_eq!(
//!     error.message,
//!     "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2",
//! );
//! ```

pub mod diag;
pub mod emit;
pub mod expand;
pub mod explain;
pub mod files;
pub mod lexer;
pub mod notation;
pub mod replay;
pub mod resolve;
pub mod san;
pub mod setup;
pub mod source;
pub mod syntax;
pub mod testing;
pub mod tokens;

pub use diag::{Diagnostic, ErrorKind};
pub use replay::{Options, VerifiedGame};

use crate::source::Source;
use crate::syntax::GameSyntax;

/// Verifies one parsed game: its setup (if any), then every move.
pub fn verify_game(
    game: &GameSyntax,
    source: &Source,
    options: Options,
) -> Result<VerifiedGame, Diagnostic> {
    let (start, mode) = setup::position(game, source)?;
    replay::replay(game, source, start, mode, options)
}

/// Verifies every game in a text source.
pub fn verify_text(source: &Source) -> Vec<Result<VerifiedGame, Diagnostic>> {
    syntax::parse(source)
        .into_iter()
        .map(|g| g.and_then(|g| verify_game(&g, source, Options::default())))
        .collect()
}
