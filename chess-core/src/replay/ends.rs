//! The rules that end a game by themselves (checkmate, stalemate, dead
//! position, fivefold repetition, the 75-move rule), and the written result
//! held against them.

use shakmaty::{Color, Position};

use crate::input::Range;
use crate::syntax::ResultToken;

use super::played::PlyRef;
use super::rules::{Rules, VariantEnd};

/// How a game ended by the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Checkmate; the winner is given.
    Checkmate(Color),
    /// Stalemate.
    Stalemate,
    /// Neither side can checkmate (insufficient material).
    DeadPosition,
    /// The same position for the fifth time.
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move.
    SeventyFiveMoveRule,
    /// A variant's own rule: the winner (`None`: a draw) and how.
    Variant(Option<Color>, VariantEnd),
}

impl End {
    /// The result the rules give.
    pub fn result(self) -> ResultToken {
        match self {
            End::Checkmate(Color::White) | End::Variant(Some(Color::White), _) => {
                ResultToken::WhiteWins
            }
            End::Checkmate(Color::Black) | End::Variant(Some(Color::Black), _) => {
                ResultToken::BlackWins
            }
            _ => ResultToken::Draw,
        }
    }

    /// Ends that [`Options::moves_after_draw`](super::Options) lets a game
    /// continue past.
    pub fn is_continuable(self) -> bool {
        matches!(
            self,
            End::DeadPosition | End::FivefoldRepetition | End::SeventyFiveMoveRule
        )
    }
}

/// How and when a line ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndInfo {
    /// How.
    pub end: End,
    /// The ply that ended the game (`None`: the start position).
    pub by: Option<PlyRef>,
    /// Plies played when it ended.
    pub plies: usize,
}

/// The end a game is in before its first move: a variant's own end, a
/// dead position, or a halfmove clock already at 150.
pub(super) fn at_start<P: Rules>(start: &P) -> Option<EndInfo> {
    let end = if let Some((winner, how)) = start.variant_end() {
        End::Variant(winner, how)
    } else if start.is_insufficient_material() {
        End::DeadPosition
    } else if start.halfmoves() >= 150 {
        End::SeventyFiveMoveRule
    } else {
        return None;
    };
    Some(EndInfo {
        end,
        by: None,
        plies: 0,
    })
}

/// Checkmate or stalemate in `pos`, whose side to move has no legal move;
/// `by` is the ply that led to it.
pub(super) fn no_moves_left<P: Position>(pos: &P, by: Option<PlyRef>, plies: usize) -> EndInfo {
    EndInfo {
        end: if pos.is_check() {
            End::Checkmate(!pos.turn())
        } else {
            End::Stalemate
        },
        by,
        plies,
    }
}

/// Whether `m`, just played, left a dead position in `pos`. Dead positions
/// have no pawns, rooks or queens (asked first: the answer hardly ever
/// changes), and become so by a capture or a promotion.
#[inline(always)]
pub(super) fn made_dead<P: Rules>(pos: &P, m: shakmaty::Move) -> bool {
    let board = pos.board();
    // A variant's dead positions are its own (pawns may be there).
    (!P::STANDARD || (board.pawns() | board.rooks_and_queens()).is_empty())
        && (m.is_capture() || m.is_promotion())
        && pos.is_insufficient_material()
}

/// The game's result: as written, else as the rules decided (`of` gives
/// the result of an end), else `*`; or the written result's range and the
/// end it contradicts. A written `*` after an end contradicts it unless
/// `unfinished` ([`Options::unfinished_result`](super::Options)). The
/// same for every rules: chess's and a variant's ends, and a rule set's a
/// user defines.
pub(super) fn result<E: Copy>(
    written: Option<(ResultToken, Range)>,
    end: Option<E>,
    of: impl Fn(E) -> ResultToken,
    unfinished: bool,
) -> Result<ResultToken, (ResultToken, Range, E)> {
    let Some((written, range)) = written else {
        return Ok(end.map_or(ResultToken::Unknown, of));
    };
    match end {
        Some(_) if unfinished && written == ResultToken::Unknown => Ok(written),
        Some(end) if written != of(end) => Err((written, range, end)),
        _ => Ok(written),
    }
}
