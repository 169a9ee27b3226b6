//! Duple check (Fairy-Stockfish's `dupleCheck`): where pieces are royal
//! while few ([`RoyalWhileFew::duple`](crate::RoyalWhileFew::duple)) and
//! a side has more of them than that (so none is royal), all of them
//! attacked at once is check. No move may leave its side so, and a side
//! so attacked with no move is mated: spartan chess's two kings,
//! xiangfu's two commoners.

use crate::mailbox::{CELLS, WORDS, cell_of, cells, is, kind_of};
use crate::tables::Tables;
use crate::types::{Color, Move};

/// Whether `color`'s pieces of the kinds royal while few that stand on
/// `board` at one of the cells `at` are all attacked, and there is one,
/// where the rule set has duple check.
fn all_attacked(
    t: &Tables,
    board: &[u8; CELLS],
    color: Color,
    at: impl Iterator<Item = usize>,
) -> bool {
    let Some(few) = t.few_royal.as_ref().filter(|f| f.duple) else {
        return false;
    };
    let mut any = false;
    for c in at {
        let cell = board[c];
        // (An empty cell, a wall or one off the board has no kind.)
        if !is(cell, color) {
            continue;
        }
        let kind = kind_of(cell);
        if kind >= 64 || few.kinds & (1 << kind) == 0 {
            continue;
        }
        if !(t.attacked(board, c, !color) || t.faced(board, c, !color)) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether `color`, whose pieces stand on `mine`'s cells of `board`, is
/// in duple check.
pub(crate) fn in_check(t: &Tables, board: &[u8; CELLS], mine: &[u64; WORDS], color: Color) -> bool {
    all_attacked(t, board, color, cells(mine))
}

/// Whether the move `m` of `us`, whose pieces stood on `mine`'s cells
/// before it, played on `after` (the cells once it is made), leaves
/// `us` in duple check.
pub(crate) fn left(
    t: &Tables,
    mine: &[u64; WORDS],
    us: Color,
    after: &[u8; CELLS],
    m: Move,
) -> bool {
    if t.few_royal.as_ref().is_none_or(|f| !f.duple) {
        return false;
    }
    // (The side's pieces before the move, and the cells the move
    // touched: where its pieces may stand after it.)
    let mut touched = [0usize; 4];
    let mut n = 0;
    m.touched(|sq| {
        if n < touched.len() {
            touched[n] = cell_of(sq);
            n += 1;
        }
    });
    all_attacked(t, after, us, cells(mine).chain(touched.into_iter().take(n)))
}
