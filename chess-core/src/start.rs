//! Stage 3, start position: the setup a game was written with (or the
//! standard start), validated by shakmaty as a legal position, and the
//! castling rules its `[Variant]` tag asks for. A setup that is not a legal
//! position is handed on as data ([`IllegalPosition`]) for `explain` to
//! word.

use shakmaty::{CastlingMode, Chess, FromSetup, PositionErrorKinds};

use crate::diagnostic::Diagnostic;
use crate::syntax::{GameSyntax, SetupSyntax, Variant};

/// A setup that is not a legal position, and why, as shakmaty found.
#[derive(Clone, Debug)]
pub struct IllegalPosition {
    /// The setup as written.
    pub setup: SetupSyntax,
    /// The castling rules it was read with.
    pub mode: CastlingMode,
    /// The rules it breaks.
    pub kinds: PositionErrorKinds,
}

/// Why a game has no start position.
#[derive(Clone, Debug)]
pub enum Failure {
    /// Its `[Variant]` or `[FEN]` tag could not be read, or it has both a
    /// `[FEN]` tag and a setup (worded by the setup grammar).
    Unreadable(Diagnostic),
    /// Its setup is not a legal position.
    Illegal(Box<IllegalPosition>),
}

/// The position `game` starts from, and its castling rules.
pub fn position(game: &GameSyntax) -> Result<(Chess, CastlingMode), Failure> {
    let hint = match &game.variant {
        Ok(Variant::Standard) => None,
        Ok(Variant::Chess960) => Some(CastlingMode::Chess960),
        Err(d) => return Err(Failure::Unreadable(d.clone())),
    };
    match &game.setup {
        Err(d) => Err(Failure::Unreadable(d.clone())),
        Ok(None) => Ok((Chess::default(), hint.unwrap_or(CastlingMode::Standard))),
        Ok(Some(setup)) => validate(setup, hint).map_err(Failure::Illegal),
    }
}

/// Validates a setup with shakmaty, in `hint`'s castling rules or else the
/// ones its castling rights need.
pub fn validate(
    s: &SetupSyntax,
    hint: Option<CastlingMode>,
) -> Result<(Chess, CastlingMode), Box<IllegalPosition>> {
    let mode = hint.unwrap_or_else(|| CastlingMode::detect(&s.setup));
    match Chess::from_setup(s.setup.clone(), mode) {
        Ok(pos) => Ok((pos, mode)),
        Err(e) => Err(Box::new(IllegalPosition {
            setup: s.clone(),
            mode,
            kinds: e.kinds(),
        })),
    }
}
