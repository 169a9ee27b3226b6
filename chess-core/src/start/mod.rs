//! Stage 3, start position: the setup a game was written with (or the
//! standard start), validated by shakmaty as a legal position, and the
//! castling rules its `[Variant]` tag asks for. A setup that is not a legal
//! position is handed on as data ([`IllegalPosition`]) for `explain` to
//! word.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | standard chess, Chess960 and the lichess variants: shakmaty's positions |
//! | `custom.rs` | a game under rules a user defines: the rule set it names, its `[FEN]` read under it |

use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Chess, FromSetup, PositionErrorKinds};

use crate::diagnostic::Diagnostic;
use crate::input::Range;
mod custom;

pub use custom::{CustomStart, custom_position};

use chess_format::{Named, Variant};

use crate::syntax::{GameSyntax, SetupSyntax};

/// A setup that is not a legal position, and why, as shakmaty found.
#[derive(Clone, Debug)]
pub struct IllegalPosition {
    /// The setup as written.
    pub setup: SetupSyntax,
    /// The castling rules it was read with.
    pub mode: CastlingMode,
    /// The rules it breaks.
    pub kinds: PositionErrorKinds,
    /// The variant whose rules it was read under.
    pub variant: shakmaty::variant::Variant,
}

/// Why a game has no start position.
#[derive(Clone, Debug)]
pub enum Failure {
    /// Its `[Variant]` or `[FEN]` tag could not be read, or it has both a
    /// `[FEN]` tag and a setup (worded by the setup grammar).
    Unreadable(Diagnostic),
    /// Its setup is not a legal position.
    Illegal(Box<IllegalPosition>),
    /// It is a game of a variant where standard chess was asked for (a
    /// puzzle or a problem); `at` is its `[Variant]` tag's value.
    Variant {
        /// The rules it names.
        variant: Named,
        /// Where.
        at: Range,
    },
}

/// The position `game` starts from, and its castling rules, for a game of
/// standard chess or Chess960; a game of other rules is refused at its
/// `[Variant]` tag ([`variant_position`] starts it).
pub fn position(game: &GameSyntax) -> Result<(Chess, CastlingMode), Failure> {
    let hint = match &game.variant {
        Ok(Named {
            variant: Variant::Standard,
            chess960,
        }) => chess960.then_some(CastlingMode::Chess960),
        Ok(other) => {
            return Err(Failure::Variant {
                variant: *other,
                at: game.variant_tag.unwrap_or(game.range),
            });
        }
        Err(d) => return Err(Failure::Unreadable(d.clone())),
    };
    match &game.setup {
        Err(d) => Err(Failure::Unreadable(d.clone())),
        Ok(None) => Ok((Chess::default(), hint.unwrap_or(CastlingMode::Standard))),
        Ok(Some(setup)) => validate(setup, hint).map_err(Failure::Illegal),
    }
}

/// The position a game under any of the verified rules starts from (its
/// `[Variant]`'s, standard chess among them), and its castling rules: the
/// standard ones, or Chess960's where the setup's castling rights need
/// them.
pub fn variant_position(game: &GameSyntax) -> Result<(VariantPosition, CastlingMode), Failure> {
    let variant = game
        .variant
        .as_ref()
        .map_err(|d| Failure::Unreadable(d.clone()))?;
    let rules: shakmaty::variant::Variant = variant.variant.into();
    let hint = variant.chess960.then_some(CastlingMode::Chess960);
    match &game.setup {
        Err(d) => Err(Failure::Unreadable(d.clone())),
        Ok(None) => Ok((
            VariantPosition::new(rules),
            hint.unwrap_or(CastlingMode::Standard),
        )),
        Ok(Some(s)) => {
            let mode = hint.unwrap_or_else(|| CastlingMode::detect(&s.setup));
            VariantPosition::from_setup(rules, s.setup.clone(), mode)
                .map(|pos| (pos, mode))
                .map_err(|e| {
                    Failure::Illegal(Box::new(IllegalPosition {
                        setup: SetupSyntax::clone(s),
                        mode,
                        kinds: e.kinds(),
                        variant: rules,
                    }))
                })
        }
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
            variant: shakmaty::variant::Variant::Chess,
        })),
    }
}
