//! The board as a mailbox: the squares of a 16 × 16 board with a border
//! of three off-board cells on every side (no atom leaps further than
//! three), so a step off the board lands on a border cell and every move
//! is an index plus a constant (taken modulo the mailbox's 512 cells, the
//! rows and off-board cells after them: an index never out of bounds).
//! A cell is a byte: empty, off the board, or a piece (its kind plus one,
//! and a bit for Black).

use crate::geometry::{MAX_SIDE, Square};
use crate::types::{Color, Piece};

/// Off-board cells on each side of the mailbox: no atom leaps further.
pub(crate) const PAD: usize = 3;
/// Cells per row of the mailbox.
pub(crate) const STRIDE: usize = MAX_SIDE as usize + 2 * PAD;
/// Cells in the mailbox: its rows, and beyond them cells off the board up
/// to a power of two, so that a step is taken modulo it and always lands
/// in the mailbox ([`step`]).
pub(crate) const CELLS: usize = (STRIDE * STRIDE).next_power_of_two();

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// Words of a bit set of cells.
pub(crate) const WORDS: usize = CELLS.div_ceil(64);

/// A cell off the board (a kind no rule set has: at most 64).
pub(crate) const OFF: u8 = 0x7F;
/// A wall on the board ([`Rules::walling`](crate::Rules::walling), FEN's
/// `*`): no piece stands on it, passes it or takes it, though a hopper
/// hops over it; neither side's (a kind no rule set has, without the bit
/// for Black: it [`offers`] nothing).
pub(crate) const WALL: u8 = 0x7E;
/// The bit of a black piece's cell.
pub(crate) const BLACK_BIT: u8 = 0x80;

/// The mailbox cell of a square.
#[inline]
pub(crate) fn cell_of(sq: Square) -> usize {
    (usize::from(sq.rank) + PAD) * STRIDE + usize::from(sq.file) + PAD
}

/// A vector as a difference of cells.
#[inline]
pub(crate) const fn delta((dx, dy): (i8, i8)) -> isize {
    dy as isize * STRIDE as isize + dx as isize
}

/// The cell `d` away from `cell` (on the mailbox for every step of at most
/// three files and ranks from a cell on the board or its border walk).
#[inline]
pub(crate) fn step(cell: usize, d: isize) -> usize {
    cell.wrapping_add_signed(d) & (CELLS - 1)
}

/// The cell of a piece.
#[inline]
pub(crate) fn encode(piece: Piece) -> u8 {
    (piece.kind + 1)
        | if piece.color == Color::Black {
            BLACK_BIT
        } else {
            0
        }
}

/// The piece of a cell, if it holds one.
#[inline]
pub(crate) fn decode(cell: u8) -> Option<Piece> {
    (cell != EMPTY && cell != OFF && cell != WALL).then(|| Piece {
        color: if cell & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        },
        kind: (cell & !BLACK_BIT) - 1,
    })
}

/// The kind of a piece's cell.
#[inline]
pub(crate) fn kind_of(cell: u8) -> usize {
    usize::from((cell & !BLACK_BIT) - 1)
}

/// Whether a cell holds a piece of `color`.
#[inline]
pub(crate) fn is(cell: u8, color: Color) -> bool {
    // One the other side may capture.
    is_theirs(cell, side_bit(!color))
}

/// The bit the cells of `color`'s pieces have: `0` for White,
/// [`BLACK_BIT`] for Black.
#[inline(always)]
pub(crate) fn side_bit(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_BIT,
    }
}

/// A move to an empty cell, one of [`offers`]'s answers and a bit of what
/// a walk may do ([`crate::walks::Walk::may`]).
pub(crate) const QUIET: u8 = 1;
/// A capture.
pub(crate) const CAPTURE: u8 = 2;

/// What a cell offers the side `mine` stands for (`0` for White,
/// [`BLACK_BIT`] for Black): [`QUIET`] if it is empty, [`CAPTURE`] if it
/// holds a piece of the other side, 0 if it holds one of its own or is
/// off the board — one load, not three tests. (A piece's
/// cell is its kind plus one, 1 to 64, with the bit for Black: turned for
/// the side, the other side's pieces are `0x81..=0xC0`.)
#[inline(always)]
pub(crate) fn offers(cell: u8, mine: u8) -> u8 {
    OFFERS[usize::from(cell ^ mine)]
}

const OFFERS: [u8; 256] = {
    let mut offers = [0; 256];
    // Empty, seen by White and by Black.
    offers[EMPTY as usize] = QUIET;
    offers[(EMPTY ^ BLACK_BIT) as usize] = QUIET;
    let mut theirs = BLACK_BIT as usize + 1;
    while theirs <= BLACK_BIT as usize + 64 {
        offers[theirs] = CAPTURE;
        theirs += 1;
    }
    offers
};

/// The cells of a bit set.
pub(crate) fn cells(bits: &[u64; WORDS]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(word, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                c
            })
        })
    })
}

/// Whether `m` captures on `cells` (en passant does; castling and a
/// drop do not).
#[inline]
pub(crate) fn captures(cells: &[u8; CELLS], m: crate::types::Move) -> bool {
    use crate::types::Effect;
    match m.kind {
        Effect::EnPassant { .. } => true,
        Effect::Castle { .. } | Effect::Drop { .. } | Effect::Pass => false,
        Effect::Normal | Effect::Promote | Effect::Demote => cells[cell_of(m.to)] != EMPTY,
    }
}

/// Whether a cell holds a piece of the side other than the one `mine`
/// stands for ([`offers`]).
#[inline(always)]
pub(crate) fn is_theirs(cell: u8, mine: u8) -> bool {
    offers(cell, mine) == CAPTURE
}

/// The squares a lame leap by `(dx, dy)` passes, relative to its start:
/// straight and diagonal leaps every square on the line, oblique ones
/// their orthogonal steps first, then diagonal ones.
pub(crate) fn lame_path((dx, dy): (i8, i8)) -> Vec<(i8, i8)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut steps = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        for k in 1..ax.max(ay) {
            steps.push((sx * k, sy * k));
        }
    } else {
        let (major, minor) = (ax.max(ay), ax.min(ay));
        let (ox, oy) = if ax > ay { (sx, 0) } else { (0, sy) };
        let mut pos = (0, 0);
        for _ in 0..major - minor {
            pos = (pos.0 + ox, pos.1 + oy);
            steps.push(pos);
        }
        for _ in 1..minor {
            pos = (pos.0 + sx, pos.1 + sy);
            steps.push(pos);
        }
    }
    steps
}

/// Whether every cell of a lame path from `from` is empty.
#[inline]
pub(crate) fn path_clear(cells: &[u8; CELLS], from: usize, path: &[isize]) -> bool {
    path.iter().all(|&d| cells[step(from, d)] == EMPTY)
}

/// The walls on `cells`, a bit per cell.
pub(crate) fn walls_of(cells: &[u8; CELLS]) -> [u64; WORDS] {
    let mut walls = [0u64; WORDS];
    for (c, &cell) in cells.iter().enumerate() {
        if cell == WALL {
            walls[c / 64] |= 1 << (c % 64);
        }
    }
    walls
}

/// The cells a move changes, with what they hold after it.
pub(crate) fn apply(cells: &mut [u8; CELLS], color: Color, m: crate::types::Move) {
    use crate::types::Effect;
    if m.kind == Effect::Pass {
        return;
    }
    if let Effect::Drop { kind } = m.kind {
        // (Put down promoted, it is its promoted piece.)
        let kind = m.promotion.unwrap_or(kind);
        cells[cell_of(m.to)] = encode(Piece { color, kind });
        return;
    }
    let from = cell_of(m.from);
    let moving = cells[from];
    cells[from] = EMPTY;
    match m.kind {
        Effect::Castle { rook_from, rook_to } => {
            let rook = cells[cell_of(rook_from)];
            cells[cell_of(rook_from)] = EMPTY;
            cells[cell_of(rook_to)] = rook;
        }
        Effect::EnPassant { captured } => cells[cell_of(captured)] = EMPTY,
        Effect::Normal | Effect::Promote | Effect::Demote | Effect::Drop { .. } | Effect::Pass => {}
    }
    cells[cell_of(m.to)] = match m.promotion {
        Some(kind) => encode(Piece { color, kind }),
        None => moving,
    };
    // (A piece from hand on the gate the move leaves: Seirawan chess.)
    if let Some(gate) = m.gate {
        cells[cell_of(gate.square)] = encode(Piece {
            color,
            kind: gate.kind,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_offers_a_move_if_empty_and_a_capture_if_theirs() {
        let pieces = (0..64u8).flat_map(|kind| {
            [Color::White, Color::Black].map(|color| encode(Piece { color, kind }))
        });
        for cell in pieces.chain([EMPTY, OFF, WALL]) {
            for (color, mine) in [(Color::White, 0), (Color::Black, BLACK_BIT)] {
                let theirs = decode(cell).is_some_and(|p| p.color != color);
                let offer = if cell == EMPTY {
                    QUIET
                } else if theirs {
                    CAPTURE
                } else {
                    0
                };
                assert_eq!(offers(cell, mine), offer, "{cell:#x}");
                assert_eq!(is_theirs(cell, mine), theirs, "{cell:#x}");
                assert_eq!(is(cell, !color), theirs, "{cell:#x}");
                assert_eq!(side_bit(color), mine);
            }
        }
    }
}
