//! One ply: the move and what its SAN adds to it, in 28 bits.

use crate::digits::{digit, digit_value};
use crate::types::{CastlingSide, Square};

/// What kind of move a move is.
///
/// ```
/// use chess_format::{CastlingSide, MoveKind, Ply, Square, Suffix, role};
///
/// // Black castles long in Chess960 with the rook on b8: the king goes to c8.
/// let castle = Ply {
///     from: Square::E8.index(),
///     target: Square::C8.index(),
///     kind: MoveKind::Castle { side: CastlingSide::QueenSide, rook: Square::B8 },
///     role: role::KING,
///     capture: 0,
///     promotion: 0,
///     san_file: false,
///     san_rank: false,
///     suffix: Suffix::None,
/// };
/// assert_eq!(Ply::decode(&castle.encode()), Some(castle));
/// assert_eq!(castle.kind.code(), 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the special kinds below (captures and
    /// promotions included).
    Normal,
    /// A pawn's two-square advance from its starting rank.
    DoublePush,
    /// A pawn capturing *en passant*; the captured pawn is not on the
    /// square the pawn goes to.
    EnPassant,
    /// Castling; the move goes to the king's destination.
    Castle {
        /// Which side the king castles towards.
        side: CastlingSide,
        /// The square the castling rook starts on.
        rook: Square,
    },
    /// A piece from the pocket put on a square (Crazyhouse); the move's
    /// origin is that square too.
    Drop,
}

impl MoveKind {
    /// The kind's code in a ply's bits: 0 normal, 1 double push, 2 en
    /// passant, 3 castling, 4 a drop.
    pub const fn code(self) -> u8 {
        match self {
            MoveKind::Normal => 0,
            MoveKind::DoublePush => 1,
            MoveKind::EnPassant => 2,
            MoveKind::Castle { .. } => 3,
            MoveKind::Drop => 4,
        }
    }
}

/// The check or mate sign at the end of a move's SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// Neither check nor mate.
    None = 0,
    /// `+`
    Check = 1,
    /// `#`
    Mate = 2,
}

/// One ply: the move, and the parts of its SAN the move does not imply.
///
/// Squares are indices from 0 (a1) to 63 (h8), rank by rank; pieces are
/// the [`role`](crate::role) codes 1 (pawn) to 6 (king), 0 where there is
/// none.
///
/// Bits, least significant first: origin (6), target (6), kind (2), piece
/// (3), captured piece (3), promotion (3), SAN writes the origin's file (1),
/// SAN writes the origin's rank (1), suffix (2), drop (1; the kind's two
/// bits are then 0): 28 bits in five [`DIGITS`](crate::DIGITS).
///
/// ```
/// use chess_format::{MoveKind, Ply, Suffix, role};
///
/// // Nbxd7+: the knight on b8 (57) takes a bishop on d7 (51).
/// let ply = Ply {
///     from: 57,
///     target: 51,
///     kind: MoveKind::Normal,
///     role: role::KNIGHT,
///     capture: role::BISHOP,
///     promotion: 0,
///     san_file: true,
///     san_rank: false,
///     suffix: Suffix::Check,
/// };
/// assert_eq!(Ply::decode(&ply.encode()), Some(ply));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ply {
    /// The square the piece leaves (the king's, for castling).
    pub from: u8,
    /// The square it goes to (the king's destination, for castling: the
    /// bits hold the rook's square, which the kind carries).
    pub target: u8,
    /// Normal, double push, en passant, castling or a drop.
    pub kind: MoveKind,
    /// The piece that moves (the king, for castling).
    pub role: u8,
    /// The piece captured (a pawn for en passant), or 0.
    pub capture: u8,
    /// The piece a pawn becomes, or 0.
    pub promotion: u8,
    /// SAN writes the origin's file to tell the piece from another
    /// (`Nbd7`); a pawn capture's file is implied and not set.
    pub san_file: bool,
    /// SAN writes the origin's rank (`R1e2`).
    pub san_rank: bool,
    /// `+` or `#`.
    pub suffix: Suffix,
}

impl Ply {
    /// The number of digits of a ply.
    pub const DIGITS: usize = 5;

    /// The ply's 28 bits (squares and pieces are masked to their widths;
    /// for castling, the target's bits are the rook's square).
    #[inline(always)]
    pub const fn to_bits(self) -> u32 {
        let target = match self.kind {
            MoveKind::Castle { rook, .. } => rook.index(),
            _ => self.target,
        };
        let kind = self.kind.code() as u32;
        (self.from as u32 & 63)
            | (target as u32 & 63) << 6
            | (kind & 3) << 12
            | (kind >> 2) << 27
            | (self.role as u32 & 7) << 14
            | (self.capture as u32 & 7) << 17
            | (self.promotion as u32 & 7) << 20
            | (self.san_file as u32) << 23
            | (self.san_rank as u32) << 24
            | (self.suffix as u32) << 25
    }

    /// The ply of [`Ply::to_bits`], or `None` for bits it never writes (no
    /// moving piece, a piece code above 6, suffix 3, a drop with a kind,
    /// bits above 28).
    pub const fn from_bits(bits: u32) -> Option<Ply> {
        let role = (bits >> 14 & 7) as u8;
        let capture = (bits >> 17 & 7) as u8;
        let promotion = (bits >> 20 & 7) as u8;
        let suffix = match bits >> 25 & 3 {
            0 => Suffix::None,
            1 => Suffix::Check,
            2 => Suffix::Mate,
            _ => return None,
        };
        if role == 0 || role > 6 || capture > 6 || promotion > 6 || bits >> 28 != 0 {
            return None;
        }
        let from = (bits & 63) as u8;
        let mut target = (bits >> 6 & 63) as u8;
        let kind = match (bits >> 27, bits >> 12 & 3) {
            (0, 0) => MoveKind::Normal,
            (0, 1) => MoveKind::DoublePush,
            (0, 2) => MoveKind::EnPassant,
            (0, _) => {
                // (Both are six bits: squares.)
                let (Some(king), Some(rook)) = (Square::new(from), Square::new(target)) else {
                    return None;
                };
                let side = if rook.file().index() > king.file().index() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                target = Square::from_coords(side.king_to_file(), king.rank()).index();
                MoveKind::Castle { side, rook }
            }
            (_, 0) => MoveKind::Drop,
            _ => return None,
        };
        Some(Ply {
            from,
            target,
            kind,
            role,
            capture,
            promotion,
            san_file: bits >> 23 & 1 != 0,
            san_rank: bits >> 24 & 1 != 0,
            suffix,
        })
    }

    /// The ply's five digits.
    #[inline(always)]
    pub const fn encode(self) -> [u8; Ply::DIGITS] {
        let bits = self.to_bits();
        [
            digit(bits),
            digit(bits >> 6),
            digit(bits >> 12),
            digit(bits >> 18),
            digit(bits >> 24),
        ]
    }

    /// The ply written as the first five bytes of `digits`, or `None` if
    /// they are not the digits of one.
    pub const fn decode(digits: &[u8]) -> Option<Ply> {
        if digits.len() < Ply::DIGITS {
            return None;
        }
        let mut bits = 0;
        let mut i = 0;
        while i < Ply::DIGITS {
            match digit_value(digits[i]) {
                Some(value) => bits |= value << (6 * i),
                None => return None,
            }
            i += 1;
        }
        Ply::from_bits(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_where_the_layout_says() {
        let castle = Ply {
            from: 60,
            target: 58,
            kind: MoveKind::Castle {
                side: CastlingSide::QueenSide,
                rook: Square::A8,
            },
            role: 6,
            capture: 0,
            promotion: 0,
            san_file: false,
            san_rank: false,
            suffix: Suffix::Mate,
        };
        assert_eq!(castle.to_bits(), 60 | 56 << 6 | 3 << 12 | 6 << 14 | 2 << 25);
        assert_eq!(Ply::from_bits(castle.to_bits()), Some(castle));
        // No moving piece, suffix 3, a drop with a kind, a bit above 28:
        // never written.
        assert_eq!(Ply::from_bits(12 | 28 << 6), None);
        assert_eq!(Ply::from_bits(castle.to_bits() | 3 << 25), None);
        assert_eq!(Ply::from_bits(castle.to_bits() | 1 << 27), None);
        assert_eq!(Ply::from_bits(castle.to_bits() | 1 << 28), None);
        // A piece code above 6, moving, captured or promoted to.
        for shift in [14, 17, 20] {
            assert_eq!(
                Ply::from_bits(castle.to_bits() | 7 << shift),
                None,
                "{shift}"
            );
        }
        let drop = Ply {
            from: 21,
            target: 21,
            kind: MoveKind::Drop,
            role: 2,
            capture: 0,
            promotion: 0,
            san_file: false,
            san_rank: false,
            suffix: Suffix::Check,
        };
        assert_eq!(drop.to_bits(), 21 | 21 << 6 | 2 << 14 | 1 << 25 | 1 << 27);
        assert_eq!(Ply::from_bits(drop.to_bits()), Some(drop));
        assert_eq!(Ply::decode(b"McF"), None);
        assert_eq!(Ply::decode(b"Mc=AA"), None);
    }
}
