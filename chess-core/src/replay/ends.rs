//! The rules that end a game by themselves (checkmate, stalemate, dead
//! position, fivefold repetition, the 75-move rule), and the written result
//! held against them.

use chess_format::{DrawReason, Outcome};
use shakmaty::Position;

use crate::input::Range;
use crate::syntax::GameResult;

use super::played::PlyRef;
use super::rules::Rules;

/// The ends the rules of chess give by themselves.
pub(crate) mod by_rule {
    use chess_format::{DecisiveReason, DrawReason, Outcome};

    /// Checkmate, won by `winner`.
    pub(crate) fn checkmate(winner: shakmaty::Color) -> Outcome {
        Outcome::win(winner.into(), DecisiveReason::Checkmate)
    }

    /// Stalemate.
    pub(crate) const STALEMATE: Outcome = Outcome::draw(DrawReason::Stalemate);
    /// Neither side can checkmate (insufficient material).
    pub(crate) const DEAD_POSITION: Outcome = Outcome::draw(DrawReason::DeadPosition);
    /// The same position for the fifth time.
    pub(crate) const FIVEFOLD: Outcome = Outcome::draw(DrawReason::FivefoldRepetition);
    /// 75 moves by each side without capture or pawn move.
    pub(crate) const SEVENTY_FIVE_MOVES: Outcome = Outcome::draw(DrawReason::SeventyFiveMoveRule);
}

/// Whether [`Options::moves_after_draw`](super::Options) lets a game
/// continue past `end`: a dead position, fivefold repetition, the 75-move
/// rule.
pub fn is_continuable(end: Outcome) -> bool {
    matches!(
        end,
        Outcome::Draw {
            reason: DrawReason::DeadPosition
                | DrawReason::FivefoldRepetition
                | DrawReason::SeventyFiveMoveRule
        }
    )
}

/// How and when a line ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndInfo {
    /// How.
    pub end: Outcome,
    /// The ply that ended the game (`None`: the start position).
    pub by: Option<PlyRef>,
    /// Plies played when it ended.
    pub plies: usize,
}

/// The end a game is in before its first move: a variant's own end, a
/// dead position, or a halfmove clock already at 150.
pub(super) fn at_start<P: Rules>(start: &P) -> Option<EndInfo> {
    let end = if let Some(end) = start.variant_end() {
        end
    } else if start.is_insufficient_material() {
        by_rule::DEAD_POSITION
    } else if start.halfmoves() >= 150 {
        by_rule::SEVENTY_FIVE_MOVES
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
            by_rule::checkmate(!pos.turn())
        } else {
            by_rule::STALEMATE
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

/// A written result that the game contradicts, as data (`E`: how the
/// rules ended a game).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WrongResult<E> {
    /// The result after the moves contradicts how the rules ended the
    /// game.
    Written {
        /// The result written.
        written: GameResult,
        /// Where.
        range: Range,
        /// How the rules ended the game.
        end: E,
        /// The `[Result]` tag's value, where it is wrong too (the fix
        /// writes both).
        tag: Option<Range>,
    },
    /// The `[Result]` tag contradicts the result after the moves.
    TagAgainstWritten {
        /// The tag's result.
        tag: GameResult,
        /// Its value, inside the quotes.
        range: Range,
        /// The result after the moves.
        written: GameResult,
        /// Where that is.
        at: Range,
    },
    /// The `[Result]` tag contradicts how the rules ended a game with no
    /// result after its moves.
    TagAgainstEnd {
        /// The tag's result.
        tag: GameResult,
        /// Its value, inside the quotes.
        range: Range,
        /// How the rules ended the game.
        end: E,
    },
}

/// The game's result, held to what the game says: the result after the
/// moves (`written`) and the `[Result]` tag (`tag`) to how the rules ended
/// it (`end`; `of` gives the result of an end) and to each other. The
/// result is the one written after the moves, else the rules', else the
/// tag's, else `*`. A `*` after an end contradicts it unless `unfinished`
/// ([`Options::unfinished_result`](super::Options)): a record left
/// unfinished, whose tag may say `*` or the end's result. The same for
/// every rules: chess's and a variant's ends, and a rule set's a user
/// defines.
pub(super) fn result<E: Copy>(
    written: Option<(GameResult, Range)>,
    tag: Option<(GameResult, Range)>,
    end: Option<E>,
    of: impl Fn(E) -> GameResult,
    unfinished: bool,
) -> Result<GameResult, WrongResult<E>> {
    let right = end.map(&of);
    let unknown = |r: GameResult| unfinished && r == GameResult::Unknown;
    let fits = |r: GameResult| right.is_none_or(|right| r == right || unknown(r));
    if let Some((written, at)) = written {
        if let (false, Some(end)) = (fits(written), end) {
            return Err(WrongResult::Written {
                written,
                range: at,
                end,
                tag: tag.filter(|&(t, _)| Some(t) != right).map(|(_, r)| r),
            });
        }
        return match tag {
            Some((t, range)) if t != written && !(unknown(written) && Some(t) == right) => {
                Err(WrongResult::TagAgainstWritten {
                    tag: t,
                    range,
                    written,
                    at,
                })
            }
            _ => Ok(written),
        };
    }
    match (tag, end) {
        (Some((t, range)), Some(end)) if !fits(t) => {
            Err(WrongResult::TagAgainstEnd { tag: t, range, end })
        }
        (Some((t, _)), None) => Ok(t),
        _ => Ok(right.unwrap_or(GameResult::Unknown)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::{BlackWins, Draw, Unknown, WhiteWins};

    const MOVES: Range = Range { start: 50, end: 53 };
    const TAG: Range = Range { start: 9, end: 12 };

    /// The result of a game whose rules gave `end` (`Some(r)`: an end
    /// whose result is `r`), written `written` after its moves and `tag`
    /// in its tag.
    fn check(
        written: Option<GameResult>,
        tag: Option<GameResult>,
        end: Option<GameResult>,
        unfinished: bool,
    ) -> Result<GameResult, WrongResult<GameResult>> {
        result(
            written.map(|r| (r, MOVES)),
            tag.map(|r| (r, TAG)),
            end,
            |r| r,
            unfinished,
        )
    }

    #[test]
    fn the_result_is_the_written_one_else_the_rules_else_the_tags() {
        assert_eq!(check(Some(Draw), Some(Draw), None, false), Ok(Draw));
        assert_eq!(check(None, None, Some(BlackWins), false), Ok(BlackWins));
        assert_eq!(check(None, Some(WhiteWins), None, false), Ok(WhiteWins));
        assert_eq!(check(None, None, None, false), Ok(Unknown));
        assert_eq!(
            check(Some(BlackWins), Some(BlackWins), Some(BlackWins), false),
            Ok(BlackWins)
        );
    }

    #[test]
    fn a_wrong_result_after_the_moves_says_whether_the_tag_is_wrong_too() {
        let written = |tag| WrongResult::Written {
            written: WhiteWins,
            range: MOVES,
            end: BlackWins,
            tag,
        };
        assert_eq!(
            check(Some(WhiteWins), Some(WhiteWins), Some(BlackWins), false),
            Err(written(Some(TAG)))
        );
        assert_eq!(
            check(Some(WhiteWins), Some(BlackWins), Some(BlackWins), false),
            Err(written(None))
        );
        assert_eq!(
            check(Some(WhiteWins), None, Some(BlackWins), false),
            Err(written(None))
        );
    }

    #[test]
    fn the_tag_is_held_to_the_result_after_the_moves() {
        let against = |tag, written| WrongResult::TagAgainstWritten {
            tag,
            range: TAG,
            written,
            at: MOVES,
        };
        assert_eq!(
            check(Some(BlackWins), Some(WhiteWins), Some(BlackWins), false),
            Err(against(WhiteWins, BlackWins))
        );
        // Without an end too: the two cannot both be right.
        assert_eq!(
            check(Some(WhiteWins), Some(Unknown), None, false),
            Err(against(Unknown, WhiteWins))
        );
        assert_eq!(
            check(Some(Unknown), Some(Draw), None, false),
            Err(against(Draw, Unknown))
        );
    }

    #[test]
    fn the_tag_is_held_to_the_end_where_no_result_follows_the_moves() {
        assert_eq!(
            check(None, Some(WhiteWins), Some(BlackWins), false),
            Err(WrongResult::TagAgainstEnd {
                tag: WhiteWins,
                range: TAG,
                end: BlackWins
            })
        );
        assert_eq!(
            check(None, Some(Unknown), Some(Draw), false),
            Err(WrongResult::TagAgainstEnd {
                tag: Unknown,
                range: TAG,
                end: Draw
            })
        );
    }

    #[test]
    fn an_unfinished_record_may_say_star_or_the_ends_result_in_its_tag() {
        assert_eq!(
            check(Some(Unknown), Some(Unknown), Some(Draw), true),
            Ok(Unknown)
        );
        assert_eq!(
            check(Some(Unknown), Some(Draw), Some(Draw), true),
            Ok(Unknown)
        );
        assert_eq!(check(None, Some(Unknown), Some(Draw), true), Ok(Draw));
        assert!(check(Some(Unknown), Some(WhiteWins), Some(Draw), true).is_err());
        assert!(check(Some(Unknown), Some(Unknown), Some(Draw), false).is_err());
    }
}
