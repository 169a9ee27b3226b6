//! Placement chess's drops ([`Drops::opposite_bishops`](crate::Drops),
//! [`Drops::castling`](crate::Drops)), as Fairy-Stockfish plays them: a
//! side's bishops are dropped on squares of both colours, so a drop that
//! would leave too few squares of a colour for the bishops still in hand
//! is not legal; a king dropped on its castling square, and a rook on a
//! corner of the castling rank beside it, castle.
//! Here: the squares those drops may go to, and the castling rights a
//! drop gives.

use crate::geometry::Square;
use crate::mailbox::{WORDS, cell_of, cells, kind_of};
use crate::position::State;
use crate::tables::Tables;

/// Whether `sq` is a dark square (a1's colour).
fn dark(sq: Square) -> bool {
    (sq.file + sq.rank).is_multiple_of(2)
}

/// Takes from `cells` (where the side to move may drop `kind`) the
/// squares a drop of it may not go to where bishops are dropped on both
/// colours: a bishop on a colour that already has half of the side's
/// bishops (on the board and in hand); another piece on a square a bishop
/// still in hand needs.
pub(crate) fn restrict(t: &Tables, s: &State, kind: usize, cells_to: &mut [u64; WORDS]) {
    let Some(bishop) = t.placement.as_ref().and_then(|p| p.bishop) else {
        return;
    };
    let bishop = usize::from(bishop);
    let side = s.turn.index();
    let mut on = [0u32; 2];
    for c in cells(&s.occupied[side]) {
        if kind_of(s.cells[c]) == bishop {
            on[usize::from(dark(t.square_of[c]))] += 1;
        }
    }
    let all = on[0] + on[1] + u32::from(s.hands[side][bishop]);
    if all == 0 {
        return;
    }
    // The empty squares a bishop may still be dropped on, by colour.
    let free: [u64; WORDS] = std::array::from_fn(|w| {
        t.drop_cells[side][bishop][w] & !(s.occupied[0][w] | s.occupied[1][w] | s.walls[w])
    });
    let mut room = on;
    for c in cells(&free) {
        room[usize::from(dark(t.square_of[c]))] += 1;
    }
    let targets: Vec<usize> = cells(cells_to).collect();
    for c in targets {
        let colour = usize::from(dark(t.square_of[c]));
        let refused = if kind == bishop {
            on[colour] + 1 > all.div_ceil(2)
        } else {
            let taken = u32::from(free[c / 64] & (1 << (c % 64)) != 0);
            let mut left = room;
            left[colour] -= taken;
            left[0] < all / 2 || left[1] < all / 2
        };
        if refused {
            cells_to[c / 64] &= !(1 << (c % 64));
        }
    }
}

/// After the drop of `kind` on `to` by the side to move in `s` (`next`
/// the state after it), where dropped pieces castle: a king dropped on
/// its castling square castles with the rooks on the corners of its rank,
/// a rook dropped on a corner with the king already on that square.
pub(crate) fn castle_dropped(t: &Tables, s: &State, kind: u8, to: Square, next: &mut State) {
    let Some(king_file) = t.placement.as_ref().and_then(|p| p.castling) else {
        return;
    };
    let us = s.turn;
    let side = 0xFFFF << (16 * us.index());
    if t.castling_on[cell_of(to)] & side == 0 {
        return;
    }
    let corners = [0, t.geometry.files() - 1];
    let rook = |sq: Square| {
        let cell = next.cells[cell_of(sq)];
        crate::mailbox::is(cell, us) && t.castling_rooks & (1 << kind_of(cell)) != 0
    };
    let right = |file: u8| t.castling_on[cell_of(Square::new(file, to.rank))] & side;
    if t.castler & (1 << kind) != 0 && to.file == king_file {
        for file in corners {
            if rook(Square::new(file, to.rank)) {
                next.castling |= right(file);
            }
        }
    } else if t.castling_rooks & (1 << kind) != 0 && corners.contains(&to.file) {
        let king = next.cells[cell_of(Square::new(king_file, to.rank))];
        if crate::mailbox::is(king, us) && t.castles(king) {
            next.castling |= right(to.file);
        }
    }
}
