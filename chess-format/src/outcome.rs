//! How a game ended: [`Outcome`], why it was won ([`DecisiveReason`]) or
//! drawn ([`DrawReason`]), and the code a game's data records it by.

use core::fmt;

use crate::result::GameResult;
use crate::types::Color;

/// How a game ended, if it did.
///
/// The macros derive this from the final position (checkmate, stalemate, a
/// dead position, fivefold repetition, the 75-move rule, a variant's or a
/// rule set's own end) and, when the rules did not end the game, from the
/// result written after the moves. A game's data records it by its
/// [`code`](Outcome::code).
///
/// ```
/// use chess_format::{Color, DecisiveReason, DrawReason, GameResult, Outcome};
///
/// let mate = Outcome::Decisive { winner: Color::Black, reason: DecisiveReason::Checkmate };
/// assert!(mate.is_automatic());
/// assert_eq!(mate.result(), GameResult::BlackWins);
/// assert_eq!(mate.to_string(), "Black wins by checkmate");
/// assert_eq!(Outcome::from_code(mate.code().unwrap()), Some(mate));
///
/// let agreed = Outcome::declared(GameResult::Draw);
/// assert_eq!(agreed, Outcome::Draw { reason: DrawReason::Declared });
/// assert!(agreed.is_over() && !agreed.is_automatic());
/// assert_eq!(Outcome::declared(GameResult::Unknown), Outcome::Ongoing);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game has no result: no rule ended it and no result (or `*`) was
    /// written.
    Ongoing,
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: DecisiveReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecisiveReason {
    /// The loser is checkmated.
    Checkmate,
    /// The position is not decided by the rules; the recorded result says who
    /// won (resignation, time forfeit, adjudication, …).
    Declared,
    /// King of the Hill: the winner's king reached d4, e4, d5 or e5.
    Hill,
    /// Three-check: the winner gave the third check.
    ThirdCheck,
    /// Atomic: the winner exploded the loser's king.
    KingExploded,
    /// Antichess: the winner has no piece left.
    NoPiecesLeft,
    /// Antichess: the winner, to move, has no legal move.
    NoMoves,
    /// Horde: Black captured every white piece (Black is the winner).
    HordeCaptured,
    /// Racing Kings: the winner's king reached the eighth rank and the
    /// other king could not follow.
    EighthRank,
    /// Under rules a user defines where a stalemate decides the game: the
    /// side to move had no move, and loses (or, where a stalemate wins,
    /// wins).
    Stalemate,
    /// Under rules a user defines with a flag region (Fairy-Stockfish's
    /// `flagRegion`: king of the hill, breakthrough): the winner's flag
    /// piece reached it.
    Region,
    /// Under rules a user defines with an extinction goal (Fairy-Stockfish's
    /// `extinctionValue`: horde, shatranj's bare king): a kind of piece is
    /// gone, and the rules give the win.
    Extinction,
    /// Under rules a user defines with check counting (Fairy-Stockfish's
    /// `checkCounting`: three-check, five-check): the winner gave the
    /// checks it had to give.
    Checks,
    /// Under rules a user defines where a checkmate wins (Fairy-Stockfish's
    /// `checkmateValue`: misère chess): the winner was checkmated.
    Checkmated,
    /// Under rules a user defines with material counting (Fairy-Stockfish's
    /// `materialCounting`: armageddon's draw odds): the game ended drawn,
    /// and counting gave it to the winner.
    Counted,
    /// Under rules a user defines where a drop that checkmates loses
    /// (Fairy-Stockfish's `shogiPawnDropMateIllegal`: shogi's pawn): the
    /// winner was checkmated by such a drop.
    DropMate,
    /// Under rules a user defines with pieces in a row as a goal
    /// (Fairy-Stockfish's `connectN`: tic-tac-toe's three in a row): the
    /// winner got its pieces in a row (or the loser did, where a row
    /// loses).
    Connection,
    /// Under rules a user defines where castling wins (Fairy-Stockfish's
    /// `castlingWins`: castle chess): the winner castled on such a wing,
    /// or the loser lost the right to.
    Castling,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate: the game is drawn by dead position.
    /// Detected by material alone (e.g. king and bishop against king), which
    /// is the standard approximation; locked pawn structures are not
    /// recognised.
    DeadPosition,
    /// The same position occurred for the fifth time.
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move.
    SeventyFiveMoveRule,
    /// The position is not drawn by the rules; the recorded result says the
    /// game was drawn (agreement, a claim under the 50-move or threefold
    /// rule, …).
    Declared,
    /// Racing Kings: both kings reached the eighth rank.
    BothKingsOnEighthRank,
    /// Under rules a user defines with flag regions: both sides reached
    /// theirs.
    BothReachRegion,
    /// Under rules a user defines with an extinction goal that draws.
    Extinction,
    /// Under rules a user defines where a checkmate draws
    /// (Fairy-Stockfish's `checkmateValue = draw`).
    Checkmate,
    /// Under rules a user defines with material counting: the game ended
    /// drawn, and counting left it so (as many pieces each).
    Counted,
    /// Under rules a user defines where pieces in a row draw.
    Connection,
    /// Under rules a user defines where a side may pass (janggi): both
    /// sides passed, one after the other.
    Passes,
    /// Under rules a user defines with bikjang (janggi): the generals
    /// faced each other, and the side to move passed.
    Bikjang,
    /// Under rules a user defines where a full board ends the game
    /// (reversi, ataxx, without material counting).
    FullBoard,
}

/// Both sides winning for a reason, White first.
macro_rules! both {
    ($reason:ident) => {
        [
            Outcome::win(Color::White, DecisiveReason::$reason),
            Outcome::win(Color::Black, DecisiveReason::$reason),
        ]
    };
}

/// Every outcome a game's data records, at the index of its code. The
/// order is the data's: a new outcome goes at the end.
const CODES: [Outcome; 50] = {
    use DecisiveReason as W;
    use DrawReason as D;
    let [white_mates, black_mates] = both!(Checkmate);
    let [white_declared, black_declared] = both!(Declared);
    let [white_hill, black_hill] = both!(Hill);
    let [white_third, black_third] = both!(ThirdCheck);
    let [white_explodes, black_explodes] = both!(KingExploded);
    let [white_bare, black_bare] = both!(NoPiecesLeft);
    let [white_stuck, black_stuck] = both!(NoMoves);
    let [white_eighth, black_eighth] = both!(EighthRank);
    let [white_stalemate, black_stalemate] = both!(Stalemate);
    let [white_region, black_region] = both!(Region);
    let [white_extinction, black_extinction] = both!(Extinction);
    let [white_checks, black_checks] = both!(Checks);
    let [white_mated, black_mated] = both!(Checkmated);
    let [white_counted, black_counted] = both!(Counted);
    let [white_drop, black_drop] = both!(DropMate);
    let [white_row, black_row] = both!(Connection);
    let [white_castles, black_castles] = both!(Castling);
    [
        Outcome::Ongoing,
        white_mates,
        black_mates,
        Outcome::draw(D::Stalemate),
        Outcome::draw(D::DeadPosition),
        Outcome::draw(D::FivefoldRepetition),
        Outcome::draw(D::SeventyFiveMoveRule),
        white_declared,
        black_declared,
        Outcome::draw(D::Declared),
        white_hill,
        black_hill,
        white_third,
        black_third,
        white_explodes,
        black_explodes,
        white_bare,
        black_bare,
        white_stuck,
        black_stuck,
        Outcome::win(Color::Black, W::HordeCaptured),
        white_eighth,
        black_eighth,
        Outcome::draw(D::BothKingsOnEighthRank),
        white_stalemate,
        black_stalemate,
        white_region,
        black_region,
        Outcome::draw(D::BothReachRegion),
        white_extinction,
        black_extinction,
        Outcome::draw(D::Extinction),
        white_checks,
        black_checks,
        white_mated,
        black_mated,
        Outcome::draw(D::Checkmate),
        white_counted,
        black_counted,
        Outcome::draw(D::Counted),
        white_drop,
        black_drop,
        white_row,
        black_row,
        Outcome::draw(D::Connection),
        Outcome::draw(D::Passes),
        Outcome::draw(D::Bikjang),
        white_castles,
        black_castles,
        Outcome::draw(D::FullBoard),
    ]
};

impl Outcome {
    /// Every outcome a game's data can record, in the order of their codes.
    pub const ALL: [Outcome; 50] = CODES;

    /// `winner` won, for `reason`.
    pub const fn win(winner: Color, reason: DecisiveReason) -> Outcome {
        Outcome::Decisive { winner, reason }
    }

    /// A draw, for `reason`.
    pub const fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw { reason }
    }

    /// The outcome of a game that no rule ended and whose recorded result
    /// is `result`.
    pub const fn declared(result: GameResult) -> Outcome {
        match result {
            GameResult::Unknown => Outcome::Ongoing,
            GameResult::WhiteWins => Outcome::win(Color::White, DecisiveReason::Declared),
            GameResult::BlackWins => Outcome::win(Color::Black, DecisiveReason::Declared),
            GameResult::Draw => Outcome::draw(DrawReason::Declared),
        }
    }

    /// The outcome a game's data records as `code`, if one is.
    pub const fn from_code(code: u8) -> Option<Outcome> {
        if (code as usize) < CODES.len() {
            Some(CODES[code as usize])
        } else {
            None
        }
    }

    /// The code a game's data records this outcome by: `None` only for a
    /// horde captured by White, which the rules never give.
    pub fn code(self) -> Option<u8> {
        CODES.iter().position(|&o| o == self).map(|i| i as u8)
    }

    /// The winner, if one side won.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// `true` unless the outcome is [`Outcome::Ongoing`].
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// `true` if the rules themselves ended the game (as opposed to a
    /// recorded result).
    pub const fn is_automatic(self) -> bool {
        !matches!(
            self,
            Outcome::Ongoing
                | Outcome::Decisive {
                    reason: DecisiveReason::Declared,
                    ..
                }
                | Outcome::Draw {
                    reason: DrawReason::Declared
                }
        )
    }

    /// The PGN result this outcome implies.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Ongoing => GameResult::Unknown,
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Draw { .. } => GameResult::Draw,
        }
    }
}

impl DecisiveReason {
    /// How a win for this reason is said after "White wins" (empty for a
    /// declared one).
    const fn phrase(self) -> &'static str {
        match self {
            DecisiveReason::Declared => "",
            DecisiveReason::Checkmate => " by checkmate",
            DecisiveReason::Hill => " by reaching the hill",
            DecisiveReason::ThirdCheck => " by the third check",
            DecisiveReason::KingExploded => " by exploding the king",
            DecisiveReason::NoPiecesLeft => " by losing every piece",
            DecisiveReason::NoMoves => " by having no legal move",
            DecisiveReason::HordeCaptured => " by capturing the horde",
            DecisiveReason::EighthRank => " by reaching the eighth rank",
            DecisiveReason::Stalemate => " by stalemate",
            DecisiveReason::Region => " by reaching the flag region",
            DecisiveReason::Extinction => " by extinction",
            DecisiveReason::Checks => " by giving its checks",
            DecisiveReason::Checkmated => " by being checkmated",
            DecisiveReason::Counted => " by material counting",
            DecisiveReason::DropMate => " by being checkmated by a drop that may not mate",
            DecisiveReason::Connection => " by pieces in a row",
            DecisiveReason::Castling => " by castling, or the other side's lost right to",
        }
    }
}

impl DrawReason {
    /// How a draw for this reason is said.
    const fn phrase(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "draw by stalemate",
            DrawReason::DeadPosition => "draw by dead position",
            DrawReason::FivefoldRepetition => "draw by fivefold repetition",
            DrawReason::SeventyFiveMoveRule => "draw by the 75-move rule",
            DrawReason::Declared => "draw",
            DrawReason::BothKingsOnEighthRank => "draw: both kings reached the eighth rank",
            DrawReason::BothReachRegion => "draw: both sides reached their flag regions",
            DrawReason::Extinction => "draw by extinction",
            DrawReason::Connection => "draw by pieces in a row",
            DrawReason::Checkmate => "draw by checkmate",
            DrawReason::Counted => "draw by material counting",
            DrawReason::Passes => "draw by both sides passing",
            DrawReason::Bikjang => "draw by bikjang",
            DrawReason::FullBoard => "draw by a full board",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Decisive { winner, reason } => {
                write!(f, "{winner} wins{}", reason.phrase())
            }
            Outcome::Draw { reason } => f.write_str(reason.phrase()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn every_code_is_one_outcome() {
        for (code, outcome) in Outcome::ALL.into_iter().enumerate() {
            assert_eq!(outcome.code(), Some(code as u8), "{outcome:?}");
            assert_eq!(Outcome::from_code(code as u8), Some(outcome));
        }
        assert_eq!(Outcome::from_code(50), None);
        assert_eq!(
            Outcome::win(Color::White, DecisiveReason::HordeCaptured).code(),
            None
        );
    }

    #[test]
    fn codes_are_the_datas() {
        // Codes a game's data already holds: they must not move.
        let pinned = [
            (0, Outcome::Ongoing),
            (1, Outcome::win(Color::White, DecisiveReason::Checkmate)),
            (6, Outcome::draw(DrawReason::SeventyFiveMoveRule)),
            (9, Outcome::draw(DrawReason::Declared)),
            (
                20,
                Outcome::win(Color::Black, DecisiveReason::HordeCaptured),
            ),
            (23, Outcome::draw(DrawReason::BothKingsOnEighthRank)),
            (45, Outcome::draw(DrawReason::Passes)),
            (46, Outcome::draw(DrawReason::Bikjang)),
            (48, Outcome::win(Color::Black, DecisiveReason::Castling)),
            (49, Outcome::draw(DrawReason::FullBoard)),
        ];
        for (code, outcome) in pinned {
            assert_eq!(outcome.code(), Some(code), "{outcome:?}");
        }
    }

    #[test]
    fn declared_outcomes_follow_the_result() {
        for result in GameResult::ALL {
            let outcome = Outcome::declared(result);
            assert_eq!(outcome.result(), result);
            assert!(!outcome.is_automatic());
            assert_eq!(outcome.is_over(), result != GameResult::Unknown);
        }
        let mate = Outcome::win(Color::White, DecisiveReason::Checkmate);
        assert!(mate.is_automatic() && mate.is_over());
        assert_eq!(mate.winner(), Some(Color::White));
        assert_eq!(Outcome::draw(DrawReason::Passes).winner(), None);
        assert!(Outcome::draw(DrawReason::Passes).is_automatic());
    }

    #[test]
    fn outcomes_are_said() {
        let said = |o: Outcome| o.to_string();
        assert_eq!(said(Outcome::Ongoing), "ongoing");
        assert_eq!(
            said(Outcome::win(Color::White, DecisiveReason::Declared)),
            "White wins"
        );
        assert_eq!(
            said(Outcome::win(Color::Black, DecisiveReason::Hill)),
            "Black wins by reaching the hill"
        );
        assert_eq!(
            said(Outcome::draw(DrawReason::FullBoard)),
            "draw by a full board"
        );
    }
}
