//! What makes a position one a game of chess can have, checked without a
//! rules engine: the rules shakmaty and python-chess check of a setup
//! (kings, pawns, the side that has just moved not in check, castling
//! rights, the en passant square, checks no move gives, material), for a
//! position read from FEN ([`Illegal`] says which rule it breaks). The
//! macros check positions with shakmaty itself; this crate may not link it.
//!
//! ```
//! use verified_chess::{Illegal, Position, Problem, Square};
//!
//! let error = "4k3/8/8/8/8/8/8/4K2P w - - 0 1".parse::<Position>().unwrap_err();
//! assert_eq!(error.problem(), Problem::Illegal(Illegal::PawnOnBackRank(Square::H1)));
//! assert_eq!(
//!     error.to_string(),
//!     "not a legal position: the pawn on h1 stands on the first rank, where a pawn can never be"
//! );
//! ```

use crate::position::{attackers, occupancy};
use crate::{Color, Illegal, Piece, Position, Rank, Role, Square};

/// The first rule `p` breaks, in the order above.
pub(crate) fn check(p: &Position) -> Result<(), Illegal> {
    let board = &p.board;
    let occupied = occupancy(board);
    if occupied == 0 {
        return Err(Illegal::EmptyBoard);
    }
    for color in Color::ALL {
        match of(board, Role::King.of(color)).count_ones() {
            0 => return Err(Illegal::NoKing(color)),
            1 => {}
            _ => return Err(Illegal::Kings(color)),
        }
    }
    let pawns = of(board, Role::Pawn.of(Color::White)) | of(board, Role::Pawn.of(Color::Black));
    if let Some(square) = first(pawns & (rank(Rank::First) | rank(Rank::Eighth))) {
        return Err(Illegal::PawnOnBackRank(square));
    }
    let us = p.turn;
    let (our_king, their_king) = (king(board, us), king(board, us.other()));
    if attackers(board, occupied, their_king, us) != 0 {
        return Err(Illegal::OppositeCheck(us.other()));
    }
    castling(p)?;
    if let Some(ep) = p.ep_square {
        en_passant(p, ep)?;
    }
    checks(p, our_king)?;
    for color in Color::ALL {
        if !standard_material(board, color) {
            return Err(Illegal::TooMuchMaterial(color));
        }
    }
    Ok(())
}

/// The castling rights a king and rook on their first rank give: on each
/// side of the king, the outermost rook with a right.
fn castling(p: &Position) -> Result<(), Illegal> {
    let rights = p.castling.0;
    let mut kept = 0u64;
    for color in Color::ALL {
        let king = king(&p.board, color);
        if king.rank() != color.back_rank() {
            continue;
        }
        let side = rights & of(&p.board, Role::Rook.of(color)) & rank(color.back_rank());
        if let Some(rook) = first(side).filter(|rook| rook.file() < king.file()) {
            kept |= bit(rook);
        }
        if let Some(rook) = last(side).filter(|rook| king.file() < rook.file()) {
            kept |= bit(rook);
        }
    }
    match first(rights & !kept) {
        Some(square) => {
            let color = if square.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            if of(&p.board, Role::Rook.of(color)) & bit(square) == 0 {
                Err(Illegal::NoCastlingRook(square))
            } else {
                Err(Illegal::CastlingRight(square))
            }
        }
        None => Ok(()),
    }
}

/// The squares a two-square pawn advance to the en passant square `ep`
/// came from and went to.
fn pushed(turn: Color, ep: Square) -> (Square, Square) {
    let (from, to) = match turn {
        Color::White => (ep.index() + 8, ep.index() - 8),
        Color::Black => (ep.index() - 8, ep.index() + 8),
    };
    (index(from), index(to))
}

/// An en passant square on the sixth rank of the side to move, empty, in
/// front of the pawn that advanced, whose first square is empty.
fn en_passant(p: &Position, ep: Square) -> Result<(), Illegal> {
    let sixth = match p.turn {
        Color::White => Rank::Sixth,
        Color::Black => Rank::Third,
    };
    if ep.rank() != sixth {
        return Err(Illegal::EnPassant(ep));
    }
    let (from, to) = pushed(p.turn, ep);
    let pawn = Role::Pawn.of(p.turn.other());
    if p.piece_at(to) != Some(pawn) || p.piece_at(ep).is_some() || p.piece_at(from).is_some() {
        return Err(Illegal::EnPassant(ep));
    }
    Ok(())
}

/// The checks on the side to move's king: at most two, never two on one
/// line with the king, never two pawns or knights; after a two-square
/// advance, only the pawn or one piece it uncovered.
fn checks(p: &Position, king: Square) -> Result<(), Illegal> {
    let board = &p.board;
    let occupied = occupancy(board);
    let them = p.turn.other();
    let checkers = attackers(board, occupied, king, them);
    let (Some(a), Some(b)) = (first(checkers), last(checkers)) else {
        return Ok(());
    };
    let impossible = Err(Illegal::ImpossibleCheck(king));
    if let Some(ep) = p.ep_square {
        let (from, to) = pushed(p.turn, ep);
        let before = (occupied & !bit(to)) | bit(from);
        if a != b || (a != to && attackers(board, before, king, them) != 0) {
            return impossible;
        }
    } else if a != b && (checkers.count_ones() > 2 || aligned(a, king, b)) {
        return impossible;
    }
    let steppers = [Role::Pawn, Role::Knight, Role::King]
        .iter()
        .fold(0, |bits, role| bits | of(board, role.of(them)));
    if (checkers & steppers).count_ones() > 1 {
        return impossible;
    }
    Ok(())
}

/// `true` if `c` stands on the line (rank, file or diagonal) through `a`
/// and `b`.
fn aligned(a: Square, b: Square, c: Square) -> bool {
    let (af, ar) = (a.file() as i8, a.rank() as i8);
    let (bf, br) = (b.file() as i8, b.rank() as i8);
    let (cf, cr) = (c.file() as i8, c.rank() as i8);
    let (df, dr) = (bf - af, br - ar);
    let on_a_line = df == 0 || dr == 0 || df.abs() == dr.abs();
    // c is on the line through a and b: the cross product is zero.
    on_a_line && a != b && df * (cr - ar) == dr * (cf - af)
}

/// At most eight pawns and promoted pieces: pieces beyond one queen, two
/// rooks, two knights and a bishop of each square color were pawns.
fn standard_material(board: &[u8; 64], color: Color) -> bool {
    let count = |role: Role| of(board, role.of(color)).count_ones();
    let light = 0x55aa_55aa_55aa_55aa_u64;
    let bishops = of(board, Role::Bishop.of(color));
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + (bishops & light).count_ones().saturating_sub(1)
        + (bishops & !light).count_ones().saturating_sub(1);
    count(Role::Pawn) + promoted <= 8
}

/// The squares holding `piece`.
fn of(board: &[u8; 64], piece: Piece) -> u64 {
    let code = piece.code();
    (0..64)
        .filter(|i| board[*i] == code)
        .fold(0, |bits, i| bits | 1 << i)
}

/// The square of `color`'s one king (checked before this is asked).
fn king(board: &[u8; 64], color: Color) -> Square {
    first(of(board, Role::King.of(color))).unwrap_or(Square::A1)
}

/// The squares of a rank.
fn rank(rank: Rank) -> u64 {
    0xff << (rank as u8 * 8)
}

fn bit(square: Square) -> u64 {
    1 << square.index()
}

fn index(i: u8) -> Square {
    Square::new(i).unwrap_or(Square::A1)
}

fn first(bits: u64) -> Option<Square> {
    (bits != 0).then(|| index(bits.trailing_zeros() as u8))
}

fn last(bits: u64) -> Option<Square> {
    (bits != 0).then(|| index(63 - bits.leading_zeros() as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_squares_are_the_ones_h1_is_on() {
        let light = 0x55aa_55aa_55aa_55aa_u64;
        assert_eq!(light & bit(Square::H1), bit(Square::H1));
        assert_eq!(light & bit(Square::A1), 0);
        assert_eq!(light & bit(Square::A8), bit(Square::A8));
    }

    #[test]
    fn aligned_is_one_line_through_two_squares() {
        assert!(aligned(Square::A1, Square::C3, Square::H8));
        assert!(aligned(Square::A1, Square::H8, Square::D4));
        assert!(aligned(Square::E1, Square::E4, Square::E8));
        assert!(aligned(Square::A5, Square::C5, Square::H5));
        assert!(!aligned(Square::A1, Square::B3, Square::C5));
        assert!(!aligned(Square::A1, Square::C3, Square::H7));
        assert!(!aligned(Square::E1, Square::E4, Square::F8));
    }
}
