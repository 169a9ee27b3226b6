//! Reversi, ataxx and connect four: where a drop must go besides an
//! empty square of its region ([`Drops::enclosing`](crate::Drops::enclosing),
//! Fairy-Stockfish's `enclosingDrop`: enclosing pieces of the other
//! side, beside a piece of its own, on top of a piece, …), and the pieces
//! of the other side a move turns to its own ([`Rules::flip`](crate::Rules::flip),
//! `flipEnclosedPieces`), each as Fairy-Stockfish has them.

use crate::geometry::Square;
use crate::mailbox::{BLACK_BIT, EMPTY, OFF, WALL, WORDS, cell_of, delta, is, step};
use crate::position::State;
use crate::rules::{Enclosing, Flip};
use crate::tables::Tables;
use crate::types::{Color, Effect, Move};

/// The eight directions of a king's step.
const AROUND: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The four directions along files and ranks.
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Keeps of `cells`, the empty cells a drop of the side to move may go
/// to, those its enclosing rule allows: while a square of the start
/// (`enclosingDropStart`) holds no piece, only the start's squares.
pub(crate) fn restrict(t: &Tables, s: &State, cells: &mut [u64; WORDS]) {
    let Some(drops) = &t.drops else {
        return;
    };
    let Some(rule) = drops.enclosing else {
        return;
    };
    if let Some(start) = open_start(t, s) {
        keep(cells, |c| start.contains(t.square_of[c]));
        return;
    }
    let us = s.turn;
    match rule {
        Enclosing::Reversi => keep(cells, |c| encloses(s, c, us)),
        Enclosing::Ataxx => keep(cells, |c| beside(s, c, &AROUND, us)),
        Enclosing::Snort => keep(cells, |c| !beside(s, c, &ORTHOGONAL, !us)),
        Enclosing::Top => keep(cells, |c| {
            t.square_of[c].rank == 0 || piece(s.cells[step(c, delta((0, -1)))])
        }),
        Enclosing::Anyside => {
            let pushed = pushed_in(t, s);
            keep(cells, |c| pushed[c / 64] & 1 << (c % 64) != 0);
        }
    }
}

/// The start's squares (`enclosingDropStart`), where the drops go while
/// one of them holds no piece.
pub(crate) fn open_start(t: &Tables, s: &State) -> Option<crate::geometry::Region> {
    let start = t.drops.as_ref()?.enclosing_start?;
    let open = |c: usize| matches!(s.cells[c], EMPTY | WALL);
    (t.squares.iter())
        .any(|&c| start.contains(t.square_of[c]) && open(c))
        .then_some(start)
}

/// Keeps the cells of `cells` that `may` accepts.
fn keep(cells: &mut [u64; WORDS], mut may: impl FnMut(usize) -> bool) {
    for c in crate::mailbox::cells(&cells.clone()) {
        if !may(c) {
            cells[c / 64] &= !(1 << (c % 64));
        }
    }
}

/// Whether a cell holds a piece (not a wall, nor off the board).
fn piece(cell: u8) -> bool {
    !matches!(cell, EMPTY | OFF | WALL)
}

/// Whether a piece of `color` stands a step from `c` in one of `dirs`.
fn beside(s: &State, c: usize, dirs: &[(i8, i8)], color: Color) -> bool {
    dirs.iter().any(|&d| is(s.cells[step(c, delta(d))], color))
}

/// Whether a drop of `us` on `c` encloses: beside a piece of the other
/// side, and with a piece of its own two squares away or further along a
/// line that crosses nothing but the other side's pieces and walls (as
/// Fairy-Stockfish looks, through walls, though no wall is flipped).
fn encloses(s: &State, c: usize, us: Color) -> bool {
    if !beside(s, c, &AROUND, !us) {
        return false;
    }
    AROUND.iter().any(|&d| {
        let mut at = step(c, delta(d));
        let mut crossed = 0;
        loop {
            let cell = s.cells[at];
            if cell == WALL || is(cell, !us) {
                crossed += 1;
                at = step(at, delta(d));
            } else {
                return crossed > 0 && is(cell, us);
            }
        }
    })
}

/// The squares a piece is pushed to from the board's edges
/// ([`Enclosing::Anyside`]), as Fairy-Stockfish finds them: for each
/// line whose first square on that edge is empty, the lowest of its empty
/// squares next to a piece on the side it is pushed toward, or on the
/// line's other end.
fn pushed_in(t: &Tables, s: &State) -> [u64; WORDS] {
    let g = t.geometry;
    let (files, ranks) = (g.files(), g.ranks());
    let empty = |f: u8, r: u8| s.cells[cell_of(Square::new(f, r))] == EMPTY;
    let occupied = |f: u8, r: u8| piece(s.cells[cell_of(Square::new(f, r))]);
    let mut out = [0u64; WORDS];
    let mut mark = |f: u8, r: u8| {
        let c = cell_of(Square::new(f, r));
        out[c / 64] |= 1 << (c % 64);
    };
    for r in 0..ranks {
        // From the first file, toward the last.
        if empty(0, r)
            && let Some(f) =
                (0..files).find(|&f| empty(f, r) && (f + 1 == files || occupied(f + 1, r)))
        {
            mark(f, r);
        }
        // From the last file, toward the first.
        if empty(files - 1, r)
            && let Some(f) = (0..files).find(|&f| empty(f, r) && (f == 0 || occupied(f - 1, r)))
        {
            mark(f, r);
        }
    }
    for f in 0..files {
        // From the first rank, upward.
        if empty(f, 0)
            && let Some(r) =
                (0..ranks).find(|&r| empty(f, r) && (r + 1 == ranks || occupied(f, r + 1)))
        {
            mark(f, r);
        }
        // From the last rank, downward.
        if empty(f, ranks - 1)
            && let Some(r) = (0..ranks).find(|&r| empty(f, r) && (r == 0 || occupied(f, r - 1)))
        {
            mark(f, r);
        }
    }
    out
}

/// Turns in `next` (the state after `m`, made by the side to move of `s`)
/// the pieces `m` flips to that side ([`Rules::flip`](crate::Rules::flip)),
/// calling `flipped` with each cell turned.
pub(crate) fn flip(
    t: &Tables,
    s: &State,
    m: Move,
    next: &mut State,
    mut flipped: impl FnMut(&mut State, usize),
) {
    let Some(rule) = t.flip else {
        return;
    };
    if m.kind == Effect::Pass {
        return;
    }
    let us = s.turn;
    let to = cell_of(m.to);
    // (A royal piece is never turned: the format refuses kings beside
    // flipping, and a rule set built so keeps its sides' kings.)
    let mut turn = |next: &mut State, c: usize| {
        if t.is_royal(next.cells[c]) {
            return;
        }
        next.cells[c] ^= BLACK_BIT;
        flipped(next, c);
    };
    match rule {
        Flip::Reversi => {
            for d in AROUND {
                let mut at = step(to, delta(d));
                let mut line = Vec::new();
                while is(next.cells[at], !us) {
                    line.push(at);
                    at = step(at, delta(d));
                }
                if !line.is_empty() && is(next.cells[at], us) {
                    for c in line {
                        turn(next, c);
                    }
                }
            }
        }
        Flip::Ataxx | Flip::Quadwrangle => {
            let dropped = matches!(m.kind, Effect::Drop { .. });
            if rule == Flip::Quadwrangle && dropped && !beside(next, to, &AROUND, us) {
                return;
            }
            for d in AROUND {
                let at = step(to, delta(d));
                if is(next.cells[at], !us) {
                    turn(next, at);
                }
            }
        }
    }
}
