//! How a game's text numbers its moves, and whether a written number is
//! the one its move should have.
//!
//! PGN numbers a move as the position does: its fullmove number, with
//! `...` before a Black move. A game set up from a position may instead
//! count its moves from its own first move: pychess.org's export writes
//! `1.` before the first move whatever the side and the `[FEN]`'s move
//! number (`1. e5 Nf3 2. Nc6` from a position with Black to move), and
//! other tools start such a game at `1.` or `1...`. Which of them a game
//! uses is read once, from the number of its first move; every later
//! number is held to it, so a move missing or one too many is still
//! caught.

use crate::syntax::MoveNumber;

/// How a game numbers its moves: its plies counted from `offset` plies
/// into the game as its position counts them (`2 × (fullmoves − 1)`,
/// plus one when Black moves). The position's own numbering is offset 0.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Numbering {
    offset: u64,
    /// The first move is numbered from the game's first move, which the
    /// options do not accept
    /// ([`Options::numbers_from_first_move`](super::Options::numbers_from_first_move)).
    refused: bool,
}

/// The number a move should be written with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The number.
    pub value: u32,
    /// Written with three dots.
    pub black: bool,
    /// The game counts its moves from its first move, not as its
    /// position does.
    pub counted: bool,
    /// The number written counts from the game's first move, which an
    /// option would accept.
    pub opt_in: bool,
}

/// A position's plies into the game, as its move number and side to
/// move count them.
fn plies(fullmoves: u32, black: bool) -> u64 {
    2 * u64::from(fullmoves.saturating_sub(1)) + u64::from(black)
}

impl Numbering {
    /// The numbering of a game starting at a position with `fullmoves`
    /// and `black` to move, whose first move is written with `first`;
    /// numbers counted from the first move only if `allowed`.
    pub fn of(fullmoves: u32, black: bool, first: Option<MoveNumber>, allowed: bool) -> Numbering {
        let start = plies(fullmoves, black);
        let counted = |from: u64| Numbering {
            offset: if allowed { start - from } else { 0 },
            refused: !allowed,
        };
        match first {
            Some(n) if n.board.is_some() || n.value != Some(1) => Numbering::default(),
            Some(n) if Self::default().fits(fullmoves, black, n) => Numbering::default(),
            // `1.` whoever moves (pychess.org), or `1...` when Black does.
            Some(n) if !n.black => counted(0),
            Some(_) if black => counted(1),
            _ => Numbering::default(),
        }
    }

    /// The number of the move in a position with `fullmoves` and `black`
    /// to move.
    #[inline(always)]
    pub fn expected(self, fullmoves: u32, black: bool) -> Expected {
        if self.offset == 0 {
            return Expected {
                value: fullmoves,
                black,
                counted: false,
                opt_in: self.refused,
            };
        }
        let q = plies(fullmoves, black).saturating_sub(self.offset);
        Expected {
            value: u32::try_from(q / 2 + 1).unwrap_or(u32::MAX),
            black: q % 2 == 1,
            counted: true,
            opt_in: false,
        }
    }

    /// Whether the game numbers its moves from its first move, not as its
    /// positions do.
    pub fn counts_from_first_move(self) -> bool {
        self.offset != 0
    }

    /// Whether `n` is the number of the move in a position with
    /// `fullmoves` and `black` to move (its board aside: a board named in
    /// a game of one is the parser's error).
    #[inline(always)]
    pub fn fits(self, fullmoves: u32, black: bool, n: MoveNumber) -> bool {
        if self.offset == 0 {
            return n.value == Some(fullmoves) && n.black == black;
        }
        let e = self.expected(fullmoves, black);
        n.value == Some(e.value) && n.black == e.black
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Range;

    fn number(value: u32, black: bool) -> MoveNumber {
        MoveNumber {
            value: Some(value),
            black,
            board: None,
            range: Range::default(),
        }
    }

    #[test]
    fn a_game_from_the_start_numbers_as_its_positions() {
        let n = Numbering::of(1, false, Some(number(1, false)), true);
        assert_eq!(n, Numbering::default());
        assert!(n.fits(12, true, number(12, true)));
        assert!(!n.fits(12, true, number(12, false)));
        assert!(!n.fits(12, true, number(11, true)));
    }

    #[test]
    fn a_set_up_game_may_count_from_its_first_move() {
        // pychess.org: `1.` before Black's first move at move 30.
        let n = Numbering::of(30, true, Some(number(1, false)), true);
        assert!(n.fits(30, true, number(1, false)));
        // (White's move after it, counted: `1...`.)
        assert!(n.fits(31, false, number(1, true)));
        assert!(!n.fits(31, false, number(31, false)));
        assert_eq!(
            n.expected(31, true),
            Expected {
                value: 2,
                black: false,
                counted: true,
                opt_in: false,
            }
        );
        // `1...` when Black moves first.
        let n = Numbering::of(30, true, Some(number(1, true)), true);
        assert!(n.fits(30, true, number(1, true)));
        assert!(n.fits(31, false, number(2, false)));
        assert!(!n.fits(31, false, number(1, true)));
        // `1...` is no numbering when White moves first.
        let n = Numbering::of(30, false, Some(number(1, true)), true);
        assert_eq!(n, Numbering::default());
        // White at move 30 counted from `1.`.
        let n = Numbering::of(30, false, Some(number(1, false)), true);
        assert!(n.fits(30, true, number(1, true)));
        assert!(n.fits(31, false, number(2, false)));
    }

    #[test]
    fn numbers_from_the_first_move_only_where_allowed() {
        let n = Numbering::of(30, true, Some(number(1, false)), false);
        assert!(!n.counts_from_first_move());
        assert!(!n.fits(30, true, number(1, false)));
        let e = n.expected(30, true);
        assert_eq!(
            (e.value, e.black, e.counted, e.opt_in),
            (30, true, false, true)
        );
        let n = Numbering::of(30, true, Some(number(1, false)), true);
        assert!(n.counts_from_first_move());
        assert!(!n.expected(30, true).opt_in);
    }

    #[test]
    fn other_first_numbers_keep_the_positions_numbering() {
        for first in [None, Some(number(2, false)), Some(number(30, true))] {
            assert_eq!(Numbering::of(30, true, first, true), Numbering::default());
        }
    }
}
