//! Explosions on capture ([`Blast`](crate::Blast): atomic chess): which
//! pieces a capture blows up, a royal piece that stands next to one of the
//! other side's (taking it would blow up the taker's own: it is in no
//! check), and the captures two pieces of one kind may not make of each
//! other (`mutually_immune`).

use crate::mailbox::{CELLS, EMPTY, OFF, WALL, WORDS, captures, cell_of, delta, kind_of, step};
use crate::tables::{BlastKinds, Tables};
use crate::types::Move;

/// The eight squares around a square, as mailbox steps.
pub(crate) const AROUND: [isize; 8] = [
    delta((-1, -1)),
    delta((0, -1)),
    delta((1, -1)),
    delta((-1, 0)),
    delta((1, 0)),
    delta((-1, 1)),
    delta((0, 1)),
    delta((1, 1)),
];

/// Blows up the capture on `at` (the capturer stands there) on `cells`:
/// each piece removed is handed to `gone` with its cell and what stood
/// there.
pub(crate) fn explode(
    blast: &BlastKinds,
    cells: &mut [u8; CELLS],
    at: usize,
    mut gone: impl FnMut(usize, u8),
) {
    let centre = cells[at];
    if centre != EMPTY && !blast.stays(centre, true) {
        cells[at] = EMPTY;
        gone(at, centre);
    }
    for d in AROUND {
        let c = step(at, d);
        let cell = cells[c];
        // (Walls stay.)
        if cell != EMPTY && cell != OFF && cell != WALL && !blast.stays(cell, false) {
            cells[c] = EMPTY;
            gone(c, cell);
        }
    }
}

/// The cells a blast on `at` may change: the square and those around it.
pub(crate) fn reach(at: usize) -> impl Iterator<Item = usize> {
    std::iter::once(at).chain(AROUND.iter().map(move |&d| step(at, d)))
}

/// Whether `m` captures on `cells` and the rule set explodes captures:
/// where its blast is.
#[inline]
pub(crate) fn blast_at(t: &Tables, cells: &[u8; CELLS], m: Move) -> Option<usize> {
    t.blast.as_ref()?;
    captures(cells, m).then(|| cell_of(m.to))
}

/// Whether the royal piece on `r` is shielded from check by a blast: a
/// royal piece of the other side (`theirs`: its royal pieces' cells)
/// that a blast would remove stands next to it on `cells`.
#[inline]
pub(crate) fn shielded(t: &Tables, cells: &[u8; CELLS], theirs: &[u64; WORDS], r: usize) -> bool {
    let Some(blast) = &t.blast else {
        return false;
    };
    AROUND.iter().any(|&d| {
        let c = step(r, d);
        let cell = cells[c];
        cell != EMPTY
            && cell != OFF
            && theirs[c / 64] & (1 << (c % 64)) != 0
            && !blast.stays(cell, false)
    })
}

/// Whether `m` is a capture of a piece by one of its own kind where the
/// rule set makes that kind mutually immune. (A capture en passant takes
/// on an empty square: it is not one, as Fairy-Stockfish has it; nor is
/// a drop, or a castling, whose king never lands on one of the other
/// side's pieces.)
#[inline]
pub(crate) fn immune_capture(t: &Tables, cells: &[u8; CELLS], m: Move) -> bool {
    if t.mutually_immune == 0 {
        return false;
    }
    let (moving, taken) = (cells[cell_of(m.from)], cells[cell_of(m.to)]);
    taken != EMPTY
        && kind_of(taken) == kind_of(moving)
        && t.mutually_immune & (1 << kind_of(moving)) != 0
}
