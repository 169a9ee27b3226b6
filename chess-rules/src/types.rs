//! The values positions are made of: sides, pieces, moves, the rule that
//! ended a game.

use crate::geometry::Square;
use crate::goals::Ending;
use crate::rules::Stalemate;

pub use chess_format::Color;
use chess_format::Outcome;

/// A piece on the board: its side and its kind (an index into
/// [`Rules::pieces`](crate::Rules::pieces)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// Which of the rule set's pieces.
    pub kind: u8,
}

/// What a move on a board of a rule set does besides going from one square
/// to another: a capture en passant, the castling rook's squares, a
/// shogi-style promotion or demotion, a drop, a pass. (A game of chess's
/// moves have `chess_format::MoveKind`, on its 8 × 8 squares.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A move or a capture.
    Normal,
    /// A pawn's capture of a pawn that passed the square it moves to.
    EnPassant {
        /// Where the captured pawn stands.
        captured: Square,
    },
    /// The king and a rook.
    Castle {
        /// The rook's square.
        rook_from: Square,
        /// The rook's square after castling.
        rook_to: Square,
    },
    /// A move or a capture that promotes the piece shogi-style
    /// ([`PieceDef::promotes_to`](crate::PieceDef::promotes_to)): the
    /// move's `promotion` is what it becomes.
    Promote,
    /// A move or a capture that turns a piece promoted shogi-style back
    /// into what it was ([`PiecePromotion::demotion`](crate::PiecePromotion)):
    /// the move's `promotion` is that.
    Demote,
    /// A piece in hand put on the board ([`Rules::drops`](crate::Rules::drops)):
    /// the move's `from` is its `to`; its `promotion`, if any, is the
    /// promoted piece it is put down as ([`Drops::promoted`](crate::Drops)).
    Drop {
        /// Which of the rule set's pieces (an index).
        kind: u8,
    },
    /// No move: the side passes ([`Rules::pass`](crate::Rules::pass));
    /// `from` and `to` are its royal piece's square, as Fairy-Stockfish
    /// writes it (`e2e2`).
    Pass,
}

/// A move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's square (the king's, for castling).
    pub from: Square,
    /// Where it goes (the king's square after castling).
    pub to: Square,
    /// What a pawn becomes (a piece index); what a piece promoting or
    /// demoting shogi-style becomes.
    pub promotion: Option<u8>,
    /// What else it does.
    pub kind: Effect,
    /// Where the side puts a wall after it, where the rule set says
    /// ([`Rules::walling`](crate::Rules::walling): the duck's square).
    pub wall: Option<Square>,
    /// The piece in hand the side puts on a gate the move leaves, where
    /// the rule set gates ([`Rules::gating`](crate::Rules::gating):
    /// Seirawan chess's `Nf3/H`).
    pub gate: Option<Gate>,
}

/// A piece in hand put on the square a move leaves, a gate (a square of
/// the back rank whose piece has not moved), as Seirawan chess has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// Which of the rule set's pieces (an index).
    pub kind: u8,
    /// The gate: the moving piece's square, or for castling the king's or
    /// the rook's.
    pub square: Square,
}

impl Move {
    /// A piece's move from `from` to `to` that turns it into the piece of
    /// kind `kind` (a pawn's promotion, sittuyin's in place).
    pub(crate) fn promoting(from: Square, to: Square, kind: u8) -> Move {
        Move {
            from,
            to,
            promotion: Some(kind),
            kind: Effect::Normal,
            wall: None,
            gate: None,
        }
    }

    /// Where castling puts the rook.
    pub(crate) fn rook_to(self) -> Option<Square> {
        match self.kind {
            Effect::Castle { rook_to, .. } => Some(rook_to),
            _ => None,
        }
    }

    /// The other square a move empties: the rook's for castling, the
    /// captured pawn's for en passant.
    pub(crate) fn castle_or_ep(self) -> Option<Square> {
        match self.kind {
            Effect::Castle { rook_from, .. } => Some(rook_from),
            Effect::EnPassant { captured } => Some(captured),
            Effect::Normal
            | Effect::Promote
            | Effect::Demote
            | Effect::Drop { .. }
            | Effect::Pass => None,
        }
    }

    /// `f` on each square the move changes (straight-line code, not an
    /// iterator over optional squares: making and taking back a move
    /// does this on every ply of a search; a drop's one square twice).
    #[inline(always)]
    pub(crate) fn touched(self, mut f: impl FnMut(Square)) {
        f(self.from);
        f(self.to);
        if let Some(sq) = self.castle_or_ep() {
            f(sq);
        }
        if let Some(sq) = self.rook_to() {
            f(sq);
        }
    }
}

/// The rule that ended a game, told from the side to move then (a
/// checkmate, a region reached, a kind of piece gone …, with what it means
/// under the rule set); [`outcome`](EndRule::outcome) says how the game
/// ended in the words every crate shares ([`chess_format::Outcome`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The side to move is checkmated: what that means for it (a loss in
    /// chess; see [`Rules::checkmate`](crate::Rules::checkmate)).
    Checkmate(Ending),
    /// The side to move has no move and is not in check.
    Stalemate(Stalemate),
    /// A kind of piece of `color` is gone (see [`Extinction`](crate::Extinction)):
    /// `ending` is what that means for `color`.
    Extinction {
        /// The side whose pieces are gone.
        color: Color,
        /// The kind, by letter (`*`: all its pieces together).
        piece: char,
        /// What it means for that side.
        ending: Ending,
    },
    /// `color` reached its flag region (see [`Flag`](crate::Flag)) and
    /// wins; or, `draw`, both sides did.
    Flag {
        /// The side that reached it.
        color: Color,
        /// Both sides reached it.
        draw: bool,
    },
    /// `color` has given the checks it had to give (see
    /// [`Goals::check_counting`](crate::Goals::check_counting)) and wins.
    Checks {
        /// The side that gave them.
        color: Color,
    },
    /// The game ended drawn, and material counting decided it (see
    /// [`Rules::material_counting`](crate::Rules::material_counting)):
    /// `winner`, or a draw still.
    Counted {
        /// Who won, if anyone.
        winner: Option<Color>,
    },
    /// `color`, the side that just moved, has its pieces in a row (see
    /// [`Connect`](crate::Connect)): `ending` is what that means for it.
    Connect {
        /// The side with the pieces in a row.
        color: Color,
        /// What it means for that side.
        ending: Ending,
    },
    /// The side to move is checkmated by a drop of the piece whose drop
    /// that checkmates loses (see
    /// [`Drops::mate_loses`](crate::Drops::mate_loses): shogi's pawn),
    /// and wins.
    DropMate,
    /// Both sides passed, one after the other
    /// ([`Rules::pass`](crate::Rules::pass): janggi, as Fairy-Stockfish
    /// ends it): a draw, or decided by material counting where the rule
    /// set has it ([`EndRule::Counted`]).
    Passed,
    /// The royal pieces faced each other along a file with nothing
    /// between, and the side to move passed ([`Rules::bikjang`](crate::Rules::bikjang)):
    /// a draw, or decided by material counting where the rule set has it.
    Bikjang,
    /// The board is full ([`Goals::full_board`](crate::Goals::full_board):
    /// reversi, ataxx): a draw, or decided by material counting where the
    /// rule set has it.
    FullBoard,
    /// `color` castled on a wing where castling wins, and wins; or,
    /// `won` false, lost the right to castle there, and loses
    /// ([`Goals::castling_wins`](crate::Goals::castling_wins)).
    Castling {
        /// The side that castled or lost the right.
        color: Color,
        /// It castled.
        won: bool,
    },
}

impl EndRule {
    /// Who won, `to_move` being the side to move when the game ended;
    /// `None` for a draw.
    ///
    /// ```
    /// use chess_rules::{Color, Ending, EndRule, Stalemate};
    ///
    /// assert_eq!(EndRule::Checkmate(Ending::Loss).winner(Color::Black), Some(Color::White));
    /// assert_eq!(EndRule::Checkmate(Ending::Win).winner(Color::Black), Some(Color::Black));
    /// assert_eq!(EndRule::Stalemate(Stalemate::Draw).winner(Color::Black), None);
    /// let gone = EndRule::Extinction { color: Color::White, piece: '*', ending: Ending::Loss };
    /// assert_eq!(gone.winner(Color::White), Some(Color::Black));
    /// ```
    pub fn winner(self, to_move: Color) -> Option<Color> {
        match self {
            EndRule::Checkmate(Ending::Loss) | EndRule::Stalemate(Stalemate::Loss) => {
                Some(!to_move)
            }
            EndRule::Checkmate(Ending::Win) | EndRule::DropMate => Some(to_move),
            EndRule::Checkmate(Ending::Draw) => None,
            EndRule::Stalemate(Stalemate::Win) => Some(to_move),
            EndRule::Stalemate(Stalemate::Draw) => None,
            EndRule::Extinction { color, ending, .. } | EndRule::Connect { color, ending } => {
                match ending {
                    Ending::Win => Some(color),
                    Ending::Loss => Some(!color),
                    Ending::Draw => None,
                }
            }
            EndRule::Flag { color, draw } => (!draw).then_some(color),
            EndRule::Checks { color } => Some(color),
            EndRule::Counted { winner } => winner,
            EndRule::Passed | EndRule::Bikjang | EndRule::FullBoard => None,
            EndRule::Castling { color, won } => Some(if won { color } else { !color }),
        }
    }

    /// How the game ended, `to_move` being the side to move when it did:
    /// the winner ([`winner`](EndRule::winner)) and the rule as the reason.
    ///
    /// ```
    /// use chess_rules::{Color, Ending, EndRule, Stalemate};
    /// use chess_format::{DecisiveReason, DrawReason, Outcome};
    ///
    /// assert_eq!(
    ///     EndRule::Checkmate(Ending::Win).outcome(Color::Black),
    ///     Outcome::win(Color::Black, DecisiveReason::Checkmated)
    /// );
    /// assert_eq!(
    ///     EndRule::Stalemate(Stalemate::Draw).outcome(Color::White),
    ///     Outcome::draw(DrawReason::Stalemate)
    /// );
    /// ```
    pub fn outcome(self, to_move: Color) -> Outcome {
        use chess_format::{DecisiveReason as Won, DrawReason as Drawn};
        // Why, if it is a win, and why, if it is a draw (`Declared`: the
        // rule never draws).
        let (won, drawn) = match self {
            EndRule::Checkmate(Ending::Loss) => (Won::Checkmate, Drawn::Checkmate),
            EndRule::Checkmate(_) => (Won::Checkmated, Drawn::Checkmate),
            EndRule::Stalemate(_) => (Won::Stalemate, Drawn::Stalemate),
            EndRule::Extinction { .. } => (Won::Extinction, Drawn::Extinction),
            EndRule::Flag { .. } => (Won::Region, Drawn::BothReachRegion),
            EndRule::Checks { .. } => (Won::Checks, Drawn::Declared),
            EndRule::Counted { .. } => (Won::Counted, Drawn::Counted),
            EndRule::Connect { .. } => (Won::Connection, Drawn::Connection),
            EndRule::DropMate => (Won::DropMate, Drawn::Declared),
            EndRule::Passed => (Won::Declared, Drawn::Passes),
            EndRule::Bikjang => (Won::Declared, Drawn::Bikjang),
            EndRule::FullBoard => (Won::Declared, Drawn::FullBoard),
            EndRule::Castling { .. } => (Won::Castling, Drawn::Declared),
        };
        match self.winner(to_move) {
            Some(winner) => Outcome::win(winner, won),
            None => Outcome::draw(drawn),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_format::{DecisiveReason as Won, DrawReason as Drawn};

    #[test]
    fn every_rule_gives_its_outcome() {
        use Color::{Black, White};
        let win = Outcome::win;
        let draw = Outcome::draw;
        // Each rule, Black to move when it ended, and the outcome.
        let cases = [
            (EndRule::Checkmate(Ending::Loss), win(White, Won::Checkmate)),
            (EndRule::Checkmate(Ending::Win), win(Black, Won::Checkmated)),
            (EndRule::Checkmate(Ending::Draw), draw(Drawn::Checkmate)),
            (EndRule::Stalemate(Stalemate::Draw), draw(Drawn::Stalemate)),
            (
                EndRule::Stalemate(Stalemate::Loss),
                win(White, Won::Stalemate),
            ),
            (
                EndRule::Stalemate(Stalemate::Win),
                win(Black, Won::Stalemate),
            ),
            (
                EndRule::Extinction {
                    color: White,
                    piece: 'k',
                    ending: Ending::Loss,
                },
                win(Black, Won::Extinction),
            ),
            (
                EndRule::Extinction {
                    color: White,
                    piece: '*',
                    ending: Ending::Draw,
                },
                draw(Drawn::Extinction),
            ),
            (
                EndRule::Flag {
                    color: White,
                    draw: false,
                },
                win(White, Won::Region),
            ),
            (
                EndRule::Flag {
                    color: White,
                    draw: true,
                },
                draw(Drawn::BothReachRegion),
            ),
            (EndRule::Checks { color: Black }, win(Black, Won::Checks)),
            (
                EndRule::Counted {
                    winner: Some(White),
                },
                win(White, Won::Counted),
            ),
            (EndRule::Counted { winner: None }, draw(Drawn::Counted)),
            (
                EndRule::Connect {
                    color: White,
                    ending: Ending::Win,
                },
                win(White, Won::Connection),
            ),
            (
                EndRule::Connect {
                    color: White,
                    ending: Ending::Draw,
                },
                draw(Drawn::Connection),
            ),
            (EndRule::DropMate, win(Black, Won::DropMate)),
            (EndRule::Passed, draw(Drawn::Passes)),
            (EndRule::Bikjang, draw(Drawn::Bikjang)),
            (EndRule::FullBoard, draw(Drawn::FullBoard)),
            (
                EndRule::Castling {
                    color: White,
                    won: false,
                },
                win(Black, Won::Castling),
            ),
        ];
        for (rule, outcome) in cases {
            assert_eq!(rule.outcome(Black), outcome, "{rule:?}");
            // Every outcome a rule gives has a code in a game's data.
            assert!(outcome.code().is_some(), "{rule:?}");
        }
    }
}
