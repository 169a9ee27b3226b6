//! Conversions of the vocabulary to and from [shakmaty](https://docs.rs/shakmaty)'s
//! types (feature `shakmaty`).
//!
//! **License note:** shakmaty is GPL-3.0-or-later. Enabling this feature links
//! it into your program, which then has to comply with the GPL.

use crate::types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

impl From<Color> for shakmaty::Color {
    fn from(c: Color) -> shakmaty::Color {
        match c {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        }
    }
}

impl From<shakmaty::Color> for Color {
    fn from(c: shakmaty::Color) -> Color {
        match c {
            shakmaty::Color::White => Color::White,
            shakmaty::Color::Black => Color::Black,
        }
    }
}

impl From<CastlingSide> for shakmaty::CastlingSide {
    fn from(side: CastlingSide) -> shakmaty::CastlingSide {
        shakmaty::CastlingSide::from_king_side(side == CastlingSide::KingSide)
    }
}

impl From<shakmaty::CastlingSide> for CastlingSide {
    fn from(side: shakmaty::CastlingSide) -> CastlingSide {
        if side.is_king_side() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}

impl From<Role> for shakmaty::Role {
    fn from(r: Role) -> shakmaty::Role {
        match r {
            Role::Pawn => shakmaty::Role::Pawn,
            Role::Knight => shakmaty::Role::Knight,
            Role::Bishop => shakmaty::Role::Bishop,
            Role::Rook => shakmaty::Role::Rook,
            Role::Queen => shakmaty::Role::Queen,
            Role::King => shakmaty::Role::King,
        }
    }
}

impl From<shakmaty::Role> for Role {
    fn from(r: shakmaty::Role) -> Role {
        match r {
            shakmaty::Role::Pawn => Role::Pawn,
            shakmaty::Role::Knight => Role::Knight,
            shakmaty::Role::Bishop => Role::Bishop,
            shakmaty::Role::Rook => Role::Rook,
            shakmaty::Role::Queen => Role::Queen,
            shakmaty::Role::King => Role::King,
        }
    }
}

impl From<Piece> for shakmaty::Piece {
    fn from(p: Piece) -> shakmaty::Piece {
        shakmaty::Piece {
            color: p.color.into(),
            role: p.role.into(),
        }
    }
}

impl From<shakmaty::Piece> for Piece {
    fn from(p: shakmaty::Piece) -> Piece {
        Piece {
            color: p.color.into(),
            role: p.role.into(),
        }
    }
}

impl From<Square> for shakmaty::Square {
    fn from(sq: Square) -> shakmaty::Square {
        shakmaty::Square::new(u32::from(sq.index()))
    }
}

impl From<shakmaty::Square> for Square {
    fn from(sq: shakmaty::Square) -> Square {
        Square::from_coords(
            File::ALL[sq.file().to_usize()],
            Rank::ALL[sq.rank().to_usize()],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_sides_convert_both_ways() {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let theirs = shakmaty::CastlingSide::from(side);
            assert_eq!(theirs.king_to_file() as u8, side.king_to_file().index());
            assert_eq!(CastlingSide::from(theirs), side);
        }
    }
}
