//! The rules a position breaks when no game of chess can reach it, and
//! the sentence that says each, written once: `verified-chess` says it
//! when it reads a FEN, and the verifier under a game's setup, with what
//! it saw of it besides ([`Seen`]: the pieces concerned, where the king
//! stands).

use core::fmt;

use crate::types::{Color, Rank, Square};

/// The rule a position read from text breaks, so that no game of chess
/// (or Chess960) can reach it ([`Problem::Illegal`](crate::Problem::Illegal)):
/// `verified-chess` finds it when it reads a FEN. Its `Display` is the
/// sentence [`Illegal::write`] writes with nothing seen besides.
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
        self.write(f, &Seen::default())
    }
}

/// What a checker saw of the rule a position breaks, beyond the rule
/// itself: [`Illegal::write`] says each part it is given. (The verifier
/// sees the position through a rules engine; the facade, reading a FEN,
/// says the rule alone.)
#[derive(Clone, Copy, Default)]
pub struct Seen<'a> {
    /// The side the rule leaves unsaid: the pawn's on a back rank, the
    /// side to move for an en passant square, the king's in an impossible
    /// check.
    pub color: Option<Color>,
    /// Where the king in check stands, when the side not to move is in
    /// check.
    pub king: Option<Square>,
    /// How many kings a side has, when it has more than one.
    pub count: Option<u32>,
    /// The pieces concerned, in words: where a side's kings stand, every
    /// pawn on a back rank, the pieces that give check, each side's
    /// material.
    pub pieces: Option<&'a dyn fmt::Display>,
}

impl fmt::Debug for Seen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = self.pieces.map(DisplayAsDebug);
        f.debug_struct("Seen")
            .field("color", &self.color)
            .field("king", &self.king)
            .field("count", &self.count)
            .field("pieces", &pieces)
            .finish()
    }
}

/// A `Display` shown in a `Debug`.
struct DisplayAsDebug<'a>(&'a dyn fmt::Display);

impl fmt::Debug for DisplayAsDebug<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.0)
    }
}

impl Illegal {
    /// The sentence that says which rule the position breaks, with what
    /// was `seen` of it.
    ///
    /// ```
    /// use chess_format::{Color, Illegal, Seen, Square};
    ///
    /// let mut plain = String::new();
    /// Illegal::Kings(Color::White).write(&mut plain, &Seen::default())?;
    /// assert_eq!(plain, "White has more than one king: each side has exactly one");
    /// let mut seen = String::new();
    /// let kings = "e1 and e2";
    /// Illegal::Kings(Color::White).write(
    ///     &mut seen,
    ///     &Seen { count: Some(2), pieces: Some(&kings), ..Seen::default() },
    /// )?;
    /// assert_eq!(seen, "White has 2 kings, on e1 and e2: each side has exactly one");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn write(&self, f: &mut dyn fmt::Write, seen: &Seen<'_>) -> fmt::Result {
        match *self {
            Illegal::EmptyBoard => f.write_str("the board is empty: each side needs a king"),
            Illegal::NoKing(color) => write!(f, "{color} has no king"),
            Illegal::Kings(color) => {
                match (seen.count, seen.pieces) {
                    (Some(n), Some(kings)) => write!(f, "{color} has {n} kings, on {kings}")?,
                    _ => write!(f, "{color} has more than one king")?,
                }
                f.write_str(": each side has exactly one")
            }
            Illegal::PawnOnBackRank(square) => {
                f.write_str("the ")?;
                if let Some(color) = seen.color {
                    write!(f, "{} ", color.adjective())?;
                }
                let rank = match square.rank() {
                    Rank::First => "first",
                    _ => "last",
                };
                write!(
                    f,
                    "pawn on {square} stands on the {rank} rank, where a pawn can never be"
                )?;
                match seen.pieces {
                    Some(pawns) => write!(f, " (pawns on {pawns})"),
                    None => Ok(()),
                }
            }
            Illegal::OppositeCheck(color) => {
                write!(f, "{} is to move, but {color}'s king", color.other())?;
                if let (Some(king), Some(checkers)) = (seen.king, seen.pieces) {
                    write!(f, " on {king} is in check from {checkers}")?;
                } else {
                    f.write_str(" is in check")?;
                }
                f.write_str(": the side that has just moved cannot be in check")
            }
            Illegal::NoCastlingRook(square) => CastlingFault::NoRook(square).write_all(f, &[]),
            Illegal::CastlingRight(square) => {
                CastlingFault::DoesNotCastle(square).write_all(f, &[])
            }
            Illegal::CastlingRights(color) => write!(
                f,
                "{color} has more than two castling rights: one on each side of the king at most"
            ),
            Illegal::EnPassant(square) => {
                write!(f, "invalid en passant square {square}: ")?;
                match seen.color {
                    Some(turn) => write!(
                        f,
                        "with {turn} to move it must be on rank {}, empty, with {}'s pawn",
                        match turn {
                            Color::White => '6',
                            Color::Black => '3',
                        },
                        turn.other()
                    )?,
                    None => f.write_str(
                        "it must be on the sixth rank of the side to move, empty, with the pawn",
                    )?,
                }
                f.write_str(" that just advanced two squares right in front of it and the square it came from empty")
            }
            Illegal::ImpossibleCheck(square) => {
                f.write_str("impossible check: ")?;
                match (seen.color, seen.pieces) {
                    (Some(color), Some(checkers)) => write!(
                        f,
                        "{color}'s king on {square} is attacked by {checkers}, which"
                    )?,
                    _ => write!(f, "the king on {square} is attacked in a way")?,
                }
                f.write_str(" no legal move can bring about")
            }
            Illegal::TooMuchMaterial(color) => {
                f.write_str("too much material: ")?;
                match seen.pieces {
                    Some(material) => write!(
                        f,
                        "more pieces than eight pawns and their promotions allow ({material})"
                    ),
                    None => write!(
                        f,
                        "{color} has more pieces than eight pawns and their promotions allow"
                    ),
                }
            }
        }
    }
}

/// Why a castling right is none: one reason of the sentence that says a
/// position's castling rights are invalid ([`CastlingFault::write_all`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CastlingFault {
    /// No rook of the right's side (White's on the first rank) stands on
    /// this square.
    NoRook(Square),
    /// This side's king stands on this square, off its first rank.
    KingOffItsRank(Color, Square),
    /// This side has no king.
    NoKing(Color),
    /// In standard chess, the king is not on its e-file square of this
    /// rank, or the rook not on the a- or h-file.
    NotStandard(Rank),
    /// The rook on this square is not the outermost on its side.
    NotTheCastlingRook(Square),
    /// The rook on this square does not castle with the king (said without
    /// saying why).
    DoesNotCastle(Square),
}

impl CastlingFault {
    /// "invalid castling rights: " and this reason, then the `others`,
    /// apart by `; `.
    ///
    /// ```
    /// use chess_format::{CastlingFault, Color, Square};
    ///
    /// let mut s = String::new();
    /// CastlingFault::KingOffItsRank(Color::Black, Square::E7)
    ///     .write_all(&mut s, &[CastlingFault::NoRook(Square::H8)])?;
    /// assert_eq!(
    ///     s,
    ///     "invalid castling rights: the black king is on e7, not on its first rank; there is no black rook on h8"
    /// );
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    pub fn write_all(self, f: &mut dyn fmt::Write, others: &[CastlingFault]) -> fmt::Result {
        write!(f, "invalid castling rights: {self}")?;
        others.iter().try_for_each(|other| write!(f, "; {other}"))
    }
}

impl fmt::Display for CastlingFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingFault::NoRook(square) => {
                let color = match square.rank() {
                    Rank::First => Color::White,
                    _ => Color::Black,
                };
                write!(f, "there is no {} rook on {square}", color.adjective())
            }
            CastlingFault::KingOffItsRank(color, king) => write!(
                f,
                "the {} king is on {king}, not on its first rank",
                color.adjective()
            ),
            CastlingFault::NoKing(color) => write!(f, "there is no {} king", color.adjective()),
            CastlingFault::NotStandard(rank) => write!(
                f,
                "in standard chess the king must be on e{rank} and the rook on the a- or h-file (write `[Variant \"Chess960\"]` for Chess960)"
            ),
            CastlingFault::NotTheCastlingRook(square) => {
                write!(
                    f,
                    "the rook on {square} is not the castling rook on its side"
                )
            }
            CastlingFault::DoesNotCastle(square) => write!(
                f,
                "the rook on {square} does not castle: castling needs the king on its first rank and this rook on the same rank, the outermost one with a right on its side"
            ),
        }
    }
}

impl core::error::Error for Illegal {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

    fn said(illegal: Illegal, seen: Seen<'_>) -> String {
        let mut s = String::new();
        illegal.write(&mut s, &seen).unwrap();
        s
    }

    /// Each rule said alone, as the facade says it reading a FEN, and with
    /// what the verifier saw, as its diagnostics say it.
    #[test]
    fn each_rule_is_said_alone_and_with_what_was_seen() {
        let (white, black) = (Some(Color::White), Some(Color::Black));
        let pieces = "the black rook on a1 and the black rook on h1";
        let cases: [(Illegal, Seen<'_>, &str, &str); 9] = [
            (
                Illegal::EmptyBoard,
                Seen::default(),
                "the board is empty: each side needs a king",
                "the board is empty: each side needs a king",
            ),
            (
                Illegal::NoKing(Color::Black),
                Seen::default(),
                "Black has no king",
                "Black has no king",
            ),
            (
                Illegal::Kings(Color::Black),
                Seen {
                    count: Some(3),
                    pieces: Some(&"e8, d8 and f8"),
                    ..Seen::default()
                },
                "Black has more than one king: each side has exactly one",
                "Black has 3 kings, on e8, d8 and f8: each side has exactly one",
            ),
            (
                Illegal::PawnOnBackRank(Square::A8),
                Seen {
                    color: white,
                    pieces: Some(&"a8 and h1"),
                    ..Seen::default()
                },
                "the pawn on a8 stands on the last rank, where a pawn can never be",
                "the white pawn on a8 stands on the last rank, where a pawn can never be (pawns on a8 and h1)",
            ),
            (
                Illegal::OppositeCheck(Color::Black),
                Seen {
                    king: Some(Square::E8),
                    pieces: Some(&"the white queen on e2"),
                    ..Seen::default()
                },
                "White is to move, but Black's king is in check: the side that has just moved cannot be in check",
                "White is to move, but Black's king on e8 is in check from the white queen on e2: the side that has just moved cannot be in check",
            ),
            (
                Illegal::EnPassant(Square::D3),
                Seen {
                    color: black,
                    ..Seen::default()
                },
                "invalid en passant square d3: it must be on the sixth rank of the side to move, empty, with the pawn that just advanced two squares right in front of it and the square it came from empty",
                "invalid en passant square d3: with Black to move it must be on rank 3, empty, with White's pawn that just advanced two squares right in front of it and the square it came from empty",
            ),
            (
                Illegal::ImpossibleCheck(Square::E1),
                Seen {
                    color: white,
                    pieces: Some(&pieces),
                    ..Seen::default()
                },
                "impossible check: the king on e1 is attacked in a way no legal move can bring about",
                "impossible check: White's king on e1 is attacked by the black rook on a1 and the black rook on h1, which no legal move can bring about",
            ),
            (
                Illegal::TooMuchMaterial(Color::White),
                Seen {
                    pieces: Some(&"White: 8 pawns, 3 queens"),
                    ..Seen::default()
                },
                "too much material: White has more pieces than eight pawns and their promotions allow",
                "too much material: more pieces than eight pawns and their promotions allow (White: 8 pawns, 3 queens)",
            ),
            (
                Illegal::CastlingRights(Color::White),
                Seen::default(),
                "White has more than two castling rights: one on each side of the king at most",
                "White has more than two castling rights: one on each side of the king at most",
            ),
        ];
        for (illegal, seen, alone, with) in cases {
            assert_eq!(illegal.to_string(), alone);
            assert_eq!(said(illegal, Seen::default()), alone);
            assert_eq!(said(illegal, seen), with, "{seen:?}");
        }
        // A part seen without the other says the rule alone.
        let king_only = Seen {
            king: Some(Square::E8),
            ..Seen::default()
        };
        assert_eq!(
            said(Illegal::OppositeCheck(Color::White), king_only),
            "Black is to move, but White's king is in check: the side that has just moved cannot be in check"
        );
        let count_only = Seen {
            count: Some(2),
            ..Seen::default()
        };
        assert_eq!(
            said(Illegal::Kings(Color::White), count_only),
            "White has more than one king: each side has exactly one"
        );
        let color_only = Seen {
            color: black,
            ..Seen::default()
        };
        assert_eq!(
            said(Illegal::ImpossibleCheck(Square::E8), color_only),
            "impossible check: the king on e8 is attacked in a way no legal move can bring about"
        );
        assert_eq!(
            said(Illegal::PawnOnBackRank(Square::H1), Seen::default()),
            "the pawn on h1 stands on the first rank, where a pawn can never be"
        );
    }

    #[test]
    fn castling_faults_are_one_sentence() {
        let mut s = String::new();
        CastlingFault::NoRook(Square::A1)
            .write_all(
                &mut s,
                &[
                    CastlingFault::NoKing(Color::White),
                    CastlingFault::NotStandard(Rank::Eighth),
                    CastlingFault::NotTheCastlingRook(Square::B8),
                ],
            )
            .unwrap();
        assert_eq!(
            s,
            "invalid castling rights: there is no white rook on a1; there is no white king; in standard chess the king must be on e8 and the rook on the a- or h-file (write `[Variant \"Chess960\"]` for Chess960); the rook on b8 is not the castling rook on its side"
        );
        assert_eq!(
            Illegal::NoCastlingRook(Square::H8).to_string(),
            "invalid castling rights: there is no black rook on h8"
        );
        assert_eq!(
            Illegal::CastlingRight(Square::A1).to_string(),
            "invalid castling rights: the rook on a1 does not castle: castling needs the king on its first rank and this rook on the same rank, the outermost one with a right on its side"
        );
        let seen = std::format!(
            "{:?}",
            Seen {
                pieces: Some(&"e1"),
                ..Seen::default()
            }
        );
        assert!(seen.contains("\"e1\""), "{seen}");
    }
}
