//! The rules a position breaks when no game of chess can reach it, and
//! the sentence that says each.

use core::fmt;

use crate::types::{Color, Rank, Square};

/// The rule a position read from text breaks, so that no game of chess
/// (or Chess960) can reach it ([`Problem::Illegal`](crate::Problem::Illegal)):
/// `verified-chess` finds it when it reads a FEN, and says it in these
/// words.
///
/// ```
/// use chess_format::{Color, Illegal, ParseError, Square};
///
/// assert_eq!(
///     Illegal::PawnOnBackRank(Square::H1).to_string(),
///     "the pawn on h1 stands on the first rank, where a pawn can never be"
/// );
/// assert_eq!(
///     ParseError::illegal(Illegal::NoKing(Color::Black)).to_string(),
///     "not a legal position: Black has no king"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Illegal {
    /// The board has no piece.
    EmptyBoard,
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    Kings(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move (this color) is in check.
    OppositeCheck(Color),
    /// A castling right for a rook that is not there: no rook of the
    /// right's side stands on this square.
    NoCastlingRook(Square),
    /// A castling right that no king and rook on their first rank give:
    /// the right for the rook on this square.
    CastlingRight(Square),
    /// More than two castling rights for a side.
    CastlingRights(Color),
    /// An en passant square no two-square pawn advance leaves.
    EnPassant(Square),
    /// The king on this square is in check in a way no move gives: by
    /// three pieces, by two that stand on one line with it, by two pawns
    /// or knights, or by a piece that the last move (a two-square pawn
    /// advance, as the en passant square says) cannot have uncovered.
    ImpossibleCheck(Square),
    /// A side has more pieces than its eight pawns and their promotions
    /// allow.
    TooMuchMaterial(Color),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::EmptyBoard => f.write_str("the board is empty: each side needs a king"),
            Illegal::NoKing(color) => write!(f, "{color} has no king"),
            Illegal::Kings(color) => {
                write!(
                    f,
                    "{color} has more than one king: each side has exactly one"
                )
            }
            Illegal::PawnOnBackRank(square) => write!(
                f,
                "the pawn on {square} stands on the {} rank, where a pawn can never be",
                if square.rank() == Rank::First {
                    "first"
                } else {
                    "last"
                }
            ),
            Illegal::OppositeCheck(color) => write!(
                f,
                "{} is to move, but {color}'s king is in check: the side that has just moved cannot be in check",
                color.other()
            ),
            Illegal::NoCastlingRook(square) => write!(
                f,
                "invalid castling rights: there is no {} rook on {square}",
                if square.rank() == Rank::First {
                    "white"
                } else {
                    "black"
                }
            ),
            Illegal::CastlingRight(square) => write!(
                f,
                "invalid castling rights: the rook on {square} does not castle: castling needs the king on its first rank and this rook on the same rank, the outermost one with a right on its side"
            ),
            Illegal::CastlingRights(color) => write!(
                f,
                "{color} has more than two castling rights: one on each side of the king at most"
            ),
            Illegal::EnPassant(square) => write!(
                f,
                "invalid en passant square {square}: it must be on the sixth rank of the side to move, empty, with the pawn that just advanced two squares right in front of it and the square it came from empty"
            ),
            Illegal::ImpossibleCheck(square) => write!(
                f,
                "impossible check: the king on {square} is attacked in a way no legal move can bring about"
            ),
            Illegal::TooMuchMaterial(color) => write!(
                f,
                "too much material: {color} has more pieces than eight pawns and their promotions allow"
            ),
        }
    }
}

impl core::error::Error for Illegal {}
