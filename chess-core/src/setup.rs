//! Setups written before the moves: FEN, board diagrams and piece lists.

use shakmaty::{CastlingMode, Setup};

use crate::diag::Diagnostic;
use crate::source::Range;
use crate::syntax::Items;

/// A setup as written, already read into a shakmaty [`Setup`] (not yet
/// validated as a legal position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSyntax {
    /// The position.
    pub setup: Setup,
    /// Standard or Chess960 castling.
    pub mode: CastlingMode,
    /// The whole setup.
    pub range: Range,
}

/// Reads a setup if the input continues with one.
pub(crate) fn parse(_items: &mut Items<'_>) -> Result<Option<SetupSyntax>, Diagnostic> {
    Ok(None)
}

/// The start position a game's setup describes.
pub fn position(
    game: &crate::syntax::GameSyntax,
    _source: &crate::source::Source,
) -> Result<(shakmaty::Chess, CastlingMode), Diagnostic> {
    match &game.setup {
        None => Ok((shakmaty::Chess::default(), CastlingMode::Standard)),
        Some(s) => Err(Diagnostic::new(
            crate::diag::ErrorKind::ExpectedMove,
            s.range,
            "setups are not supported yet",
        )),
    }
}
