//! Cambodian chess's first leaps ([`Rules::cambodian_moves`]: Ouk
//! Chaktrang, Kar Ouk), as Fairy-Stockfish plays them: gates are kept as
//! [`crate::gating`] keeps them, and from its gate a king out of check
//! may leap like a knight to an empty square one rank forward (`Kb2`,
//! `Kf2`), a fers (`m`, the met) may step two squares straight forward to
//! an empty square (`Me3`; the square between may be taken). A gate
//! closes when its piece moves or is taken; a king's closes too when a
//! rook of the other side moves to a square of its rank or file.
//! Here: those leaps where the side may make them (`legality.rs` tries
//! them against its royal pieces), why one may not be, and the king's
//! gate a rook closes.

use crate::geometry::Square;
use crate::mailbox::{EMPTY, cell_of, is, kind_of};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Effect, Move, Piece};

/// Why a first leap of Cambodian chess may not be made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LeapRefused {
    /// The piece is not on its gate: it has moved (or, a king, a rook of
    /// the other side has come to its rank or file).
    NoGate,
    /// The king is in check.
    InCheck,
    /// The square is taken: a first leap goes only to an empty square.
    Capture,
}

/// Whether the cell `c` is a gate of `color` in `s`.
fn open(t: &Tables, s: &State, c: usize, color: Color) -> bool {
    s.gates & t.castling_on[c] & (0xFFFF << (16 * color.index())) != 0
}

/// The side to move's direction forward, in ranks.
fn forward(color: Color) -> i16 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Whether a piece of `cell` leaping from `from` to `to` has the shape of
/// a first leap, and which: `Some(true)` a king's, `Some(false)` a
/// fers's (whether it is on its gate or not).
fn shape(
    rules: &Rules,
    t: &Tables,
    cell: u8,
    from: Square,
    to: Square,
    color: Color,
) -> Option<bool> {
    let leapers = t.cambodian.as_ref()?;
    let files = i16::from(to.file) - i16::from(from.file);
    let ranks = i16::from(to.rank) - i16::from(from.rank);
    if from.rank != crate::tables::castling_rank(rules, color) {
        return None;
    }
    if t.is_royal(cell) && files.abs() == 2 && ranks == forward(color) {
        Some(true)
    } else if leapers.fers == Some(kind_of(cell) as u8) && files == 0 && ranks == 2 * forward(color)
    {
        Some(false)
    } else {
        None
    }
}

/// Adds to `out` the first leaps of the side to move as moves go before
/// the royal pieces are looked at: a king's from its gate when it is not
/// in check, a fers's from its gate, each to an empty square.
pub(crate) fn candidates(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    if t.cambodian.is_none() {
        return;
    }
    let us = s.turn;
    let rank = crate::tables::castling_rank(rules, us);
    let in_check = crate::position::in_check(t, s, us);
    let to = |from: Square, files: i16, ranks: i16| {
        let (file, rank) = (i16::from(from.file) + files, i16::from(from.rank) + ranks);
        let sq = Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?);
        (rules.geometry.contains(sq) && s.cells[cell_of(sq)] == EMPTY).then_some(sq)
    };
    for file in 0..rules.geometry.files() {
        let from = Square::new(file, rank);
        let cell = s.cells[cell_of(from)];
        if !is(cell, us) || !open(t, s, cell_of(from), us) {
            continue;
        }
        let ahead = forward(us);
        let targets = [
            to(from, -2, ahead),
            to(from, 2, ahead),
            to(from, 0, 2 * ahead),
        ];
        for to in targets.into_iter().flatten() {
            let king = shape(rules, t, cell, from, to, us);
            if king == Some(false) || (king == Some(true) && !in_check) {
                out.push(Move {
                    from,
                    to,
                    promotion: None,
                    kind: Effect::Normal,
                    wall: None,
                    gate: None,
                });
            }
        }
    }
}

/// Why `piece` may not go from `from` to `to` in `pos` where that is a
/// first leap's shape and the leap is not listed; `None` otherwise.
pub(crate) fn refused(
    pos: &Position<'_>,
    piece: Piece,
    from: Square,
    to: Square,
) -> Option<LeapRefused> {
    let (t, s) = (&*pos.tables, &pos.s);
    let king = shape(
        pos.rules,
        t,
        crate::mailbox::encode(piece),
        from,
        to,
        piece.color,
    )?;
    Some(if s.cells[cell_of(to)] != EMPTY {
        LeapRefused::Capture
    } else if !open(t, s, cell_of(from), piece.color) {
        LeapRefused::NoGate
    } else if king && crate::position::in_check(t, s, piece.color) {
        LeapRefused::InCheck
    } else {
        return None;
    })
}

/// After `m` (a move of the side to move in `s`; `next` the state after
/// it): a rook that comes to the rank or file of the other side's king on
/// its gate closes that gate (along the lines of an empty board, as
/// Fairy-Stockfish has it).
pub(crate) fn close(t: &Tables, s: &State, m: Move, next: &mut State) {
    let Some(rook) = t.cambodian.as_ref().and_then(|l| l.rook) else {
        return;
    };
    if matches!(m.kind, Effect::Drop { .. } | Effect::Pass)
        || kind_of(s.cells[cell_of(m.from)]) != usize::from(rook)
    {
        return;
    }
    let them = !s.turn;
    for c in crate::mailbox::cells(&next.royal[them.index()]) {
        let king = t.square_of[c];
        let lined = king != m.to && (king.file == m.to.file || king.rank == m.to.rank);
        if lined && open(t, next, c, them) {
            next.gates &= !(t.castling_on[c] & (0xFFFF << (16 * them.index())));
        }
    }
}
