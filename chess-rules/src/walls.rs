//! Walls: squares no piece stands on, passes or takes (FEN's `*`), though
//! a hopper hops over one — a [`WALL`] cell, with a bit in the position's
//! walls. Where a rule set puts a wall on the board after every move
//! ([`Rules::walling`]: duck chess, the game of the amazons, snailtrail),
//! the squares a move's wall may go to, each move listed once per square
//! and counted so; and the walls a move puts down: its own (the duck
//! moving there), and a piece turned into one where it captures
//! ([`Rules::petrify`]). (A rule set's walls worked out once are
//! `tables::WallKinds`; pieces royal while few guarded with the walls a
//! move leaves are `legality`'s.)

use crate::geometry::Square;
use crate::mailbox::{QUIET, WALL, WORDS, cell_of, cells, delta, kind_of, step};
use crate::movegen::{Sink, walk};
use crate::position::State;
use crate::rules::{Rules, WallRule};
use crate::tables::Tables;
use crate::types::{Effect, Move};

/// The squares where the wall of `m` (a move of the side to move in `s`,
/// not yet walled) may go, a bit per cell: squares empty after the move
/// (what it leaves, as Fairy-Stockfish has it: a capture's blast frees
/// none), in the side's region, where the rule set's [`WallRule`] says.
/// None for a drop, which puts down no wall.
pub(crate) fn targets(
    rules: &Rules,
    t: &Tables,
    s: &State,
    m: Move,
    scratch: &mut State,
) -> [u64; WORDS] {
    let (Some(walls), Some(rule)) = (&t.walls, t.walls.as_ref().and_then(|w| w.rule)) else {
        return [0; WORDS];
    };
    // (A drop puts no wall down, nor a pass, but the one that puts it
    // down instead of a move.)
    if matches!(m.kind, Effect::Drop { .. }) || (m.kind == Effect::Pass && !walls.or_move) {
        return [0; WORDS];
    }
    let region = &walls.regions[s.turn.index()];
    let mut free: [u64; WORDS] =
        std::array::from_fn(|w| region[w] & !(s.occupied[0][w] | s.occupied[1][w] | s.walls[w]));
    let mut set = |sq: Square, on: bool| {
        let c = cell_of(sq);
        let bit = 1u64 << (c % 64);
        if on {
            free[c / 64] |= bit & region[c / 64];
        } else {
            free[c / 64] &= !bit;
        }
    };
    set(m.from, true);
    match m.kind {
        Effect::Castle { rook_from, rook_to } => {
            set(rook_from, true);
            set(rook_to, false);
        }
        Effect::EnPassant { captured } => set(captured, true),
        _ => {}
    }
    set(m.to, false);
    match rule {
        WallRule::Duck | WallRule::Static => {}
        WallRule::Past => {
            let c = cell_of(m.from);
            for (w, bits) in free.iter_mut().enumerate() {
                *bits &= if w == c / 64 { 1 << (c % 64) } else { 0 };
            }
        }
        WallRule::Edge => {
            // The edge, and the squares next to a wall along a file or
            // rank.
            let mut near = walls.edge;
            for c in cells(&s.walls) {
                for d in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let n = step(c, delta(d));
                    near[n / 64] |= 1 << (n % 64);
                }
            }
            for (bits, near) in free.iter_mut().zip(near) {
                *bits &= near;
            }
        }
        WallRule::Arrow => {
            let reach = arrow(rules, t, s, m, scratch);
            for (bits, reach) in free.iter_mut().zip(reach) {
                *bits &= reach;
            }
        }
    }
    free
}

/// The squares the piece `m` moves could move to next from where it
/// went, on the board after the move: `scratch`, a copy of `s`, is
/// changed and put back.
fn arrow(rules: &Rules, t: &Tables, s: &State, m: Move, scratch: &mut State) -> [u64; WORDS] {
    crate::mailbox::apply(&mut scratch.cells, s.turn, m);
    let mut reach = Reach([0; WORDS]);
    walk(rules, t, scratch, cell_of(m.to), None, &mut reach);
    m.touched(|sq| scratch.cells[cell_of(sq)] = s.cells[cell_of(sq)]);
    reach.0
}

/// The empty squares a walk reaches.
struct Reach([u64; WORDS]);

impl Sink for Reach {
    const EN_PASSANT: bool = false;

    #[inline]
    fn reach(&mut self, to: usize, offer: u8) {
        if offer & QUIET != 0 {
            self.0[to / 64] |= 1 << (to % 64);
        }
    }
}

/// Each move in `out[from..]` once per square its wall may go to, in the
/// order of the squares; a move whose wall may go nowhere is not one.
/// Where the wall is put down instead of a move, the moves stay as they
/// are, and `instead`, the pass that puts it down
/// ([`crate::passing::instead`]), follows with each wall.
pub(crate) fn expand(
    rules: &Rules,
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    from: usize,
    instead: Option<Move>,
) {
    let moves: Vec<Move> = out.drain(from..).collect();
    let mut scratch = s.clone();
    for m in moves {
        if unwalled(t, m) {
            out.push(m);
            continue;
        }
        walled(rules, t, s, m, &mut scratch, out);
    }
    if let Some(pass) = instead {
        walled(rules, t, s, pass, &mut scratch, out);
    }
}

/// `m` once per square its wall may go to.
pub(crate) fn walled(
    rules: &Rules,
    t: &Tables,
    s: &State,
    m: Move,
    scratch: &mut State,
    out: &mut Vec<Move>,
) {
    for c in cells(&targets(rules, t, s, m, scratch)) {
        out.push(Move {
            wall: Some(t.square_of[c]),
            ..m
        });
    }
}

/// Whether `m` (a move listed, not the pass that puts a wall down
/// instead of one) puts no wall down: a drop, a pass, and any move where
/// the wall is put down instead of one.
pub(crate) fn unwalled(t: &Tables, m: Move) -> bool {
    matches!(m.kind, Effect::Drop { .. } | Effect::Pass)
        || t.walls.as_ref().is_some_and(|w| w.or_move)
}

/// How many moves `moves` are once each is walled, `instead` with them
/// ([`expand`]).
pub(crate) fn count(
    rules: &Rules,
    t: &Tables,
    s: &State,
    moves: &[Move],
    instead: Option<Move>,
) -> u64 {
    let mut scratch = s.clone();
    let mut walls = |m: Move| {
        let free = targets(rules, t, s, m, &mut scratch);
        free.iter().map(|w| u64::from(w.count_ones())).sum::<u64>()
    };
    let moves: u64 = (moves.iter())
        .map(|&m| if unwalled(t, m) { 1 } else { walls(m) })
        .sum();
    moves + instead.map_or(0, walls)
}

/// Puts down in `next` (the board after `m`, played in `s`) the walls the
/// move makes: the moving piece turned into one where it captured and
/// its kind does so; its wall (the duck moves: the walls that stood before
/// the move go).
pub(crate) fn put(t: &Tables, s: &State, m: Move, captured: bool, next: &mut State) {
    let Some(walls) = &t.walls else {
        return;
    };
    // (The duck: the walls that stood before the move go.)
    if m.wall.is_some() && walls.rule == Some(WallRule::Duck) {
        for c in cells(&s.walls) {
            next.cells[c] = crate::mailbox::EMPTY;
            next.walls[c / 64] &= !(1 << (c % 64));
        }
    }
    let moving = s.cells[cell_of(m.from)];
    if captured
        && !matches!(m.kind, Effect::Drop { .. })
        && walls.petrify & (1 << kind_of(moving)) != 0
    {
        raise(next, cell_of(m.to));
    }
    if let Some(wall) = m.wall {
        raise(next, cell_of(wall));
    }
}

/// Whether `m` is a capture by a royal piece of a kind turned into a wall
/// where it captures ([`Rules::petrify`]): the royal piece would be gone,
/// and the move is illegal.
#[inline]
pub(crate) fn petrifies_royal(t: &Tables, s: &State, m: Move) -> bool {
    let Some(walls) = &t.walls else {
        return false;
    };
    let from = cell_of(m.from);
    walls.petrify != 0
        && s.royal[s.turn.index()][from / 64] & (1 << (from % 64)) != 0
        && walls.petrify & (1 << kind_of(s.cells[from])) != 0
        && crate::mailbox::captures(&s.cells, m)
}

/// A wall on the cell `c` of `next`, whatever stood there gone.
fn raise(next: &mut State, c: usize) {
    let (word, bit) = (c / 64, 1u64 << (c % 64));
    next.cells[c] = WALL;
    next.walls[word] |= bit;
    for side in 0..2 {
        next.occupied[side][word] &= !bit;
        next.royal[side][word] &= !bit;
    }
    next.promoted[word] &= !bit;
}
