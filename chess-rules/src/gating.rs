//! Gating ([`Rules::gating`](crate::Rules::gating): Seirawan chess, S-house): a side's gates are
//! the squares of its back rank whose pieces have not moved, a bit each in
//! the position's `gates` (laid out as its castling rights). A move from a
//! gate, or a castling whose king or rook leaves one, may put a piece from
//! the side's hand on the square it leaves; the move with its gated piece
//! is legal where the move is (the piece does not block a check to its own
//! side, as Fairy-Stockfish has it).
//! Here: the gates a FEN's castling field names and writes, the gated moves
//! listed, and the gates a move closes.

use crate::geometry::Square;
use crate::mailbox::cell_of;
use crate::position::{Position, State};
use crate::tables::Tables;
use crate::types::{Color, Effect, Gate, Move};

/// The bit of `color`'s gate on `file` (of its castling rank).
fn bit(color: Color, file: u8) -> u32 {
    1 << (16 * color.index() + usize::from(file))
}

/// Whether `color` still has pieces to put on its gates (or may get some:
/// where captures go to hand), as Fairy-Stockfish keeps gates open; gates
/// no piece is put on (Cambodian chess's) stay open.
fn may_gate(t: &Tables, s: &State, color: Color) -> bool {
    !t.gating
        || s.hands[color.index()].iter().any(|&n| n > 0)
        || t.drops.as_ref().is_some_and(|d| d.captures_to_hand)
}

impl Position<'_> {
    /// Whether `sq` is a gate of the side to move, where the rule set
    /// keeps gates ([`Rules::has_gates`](crate::Rules::has_gates)): a
    /// square of its back rank whose piece has not moved (under
    /// [`Rules::gating`](crate::Rules::gating), while the side has pieces
    /// to put on it).
    ///
    /// ```
    /// use chess_rules::{Position, Square, ini};
    ///
    /// let seirawan = ini::builtin("seirawan").unwrap().unwrap();
    /// let start = Position::start(&seirawan).unwrap();
    /// assert!(start.is_gate(Square::new(6, 0)));
    /// let after = start.play(start.parse_move("Nf3/H").unwrap());
    /// // Black to move: its gates are all still open.
    /// assert!(after.is_gate(Square::new(6, 7)) && after.is_gate(Square::new(1, 7)));
    /// let after = after.play(after.parse_move("e5").unwrap());
    /// // White's g1 closed when its knight left with the hawk put behind it.
    /// assert!(!after.is_gate(Square::new(6, 0)) && after.is_gate(Square::new(1, 0)));
    /// ```
    pub fn is_gate(&self, sq: Square) -> bool {
        let c = cell_of(sq);
        self.rules.has_gates()
            && self.geometry().contains(sq)
            && self.s.gates & self.tables.castling_on[c] & (0xFFFF << (16 * self.s.turn.index()))
                != 0
    }

    /// Reads a letter of a FEN's castling field as a gate of `color`, where
    /// the rule set gates and the side has pieces to put on it: a file
    /// letter (`B`) is a gate if `color` has a piece there (then it is no
    /// castling right, as Fairy-Stockfish reads it). Whether it was one.
    pub(crate) fn gate_letter(&mut self, color: Color, letter: char) -> bool {
        if !self.rules.has_gates() || !letter.is_ascii_uppercase() || matches!(letter, 'K' | 'Q') {
            return false;
        }
        let file = letter as u8 - b'A';
        let rank = crate::tables::castling_rank(self.rules, color);
        if file >= self.geometry().files() || !may_gate(&self.tables, &self.s, color) {
            return false;
        }
        if self
            .piece_at(Square::new(file, rank))
            .is_some_and(|p| p.color == color)
        {
            self.s.gates |= bit(color, file);
        }
        true
    }

    /// Where the rule set gates, the king's and the rook's squares of a
    /// castling right of `color` read from a FEN (`K`, `Q`, a rook's file)
    /// are gates too.
    pub(crate) fn gate_castling(&mut self, color: Color, rook: Square) {
        if !self.rules.has_gates() {
            return;
        }
        self.s.gates |= bit(color, rook.file);
        if let Some(king) = self.castling_king(color) {
            self.s.gates |= bit(color, king);
        }
    }

    /// The file of the piece of `color` that castles on its castling rank.
    fn castling_king(&self, color: Color) -> Option<u8> {
        let rank = crate::tables::castling_rank(self.rules, color);
        (0..self.geometry().files()).find(|&f| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && self.tables.castles(crate::mailbox::encode(p)))
        })
    }

    /// After a FEN's castling field: a side with gates only (its king's
    /// square among them) and no castling right castles with the rooks on
    /// its gates, as Fairy-Stockfish reads Seirawan chess's Chess960
    /// starts (`ABCDEFGH`).
    pub(crate) fn gated_castling(&mut self) {
        if !self.rules.has_gates() || self.rules.castling.is_none() {
            return;
        }
        let rooks = self.tables.castling_rooks;
        for color in [Color::White, Color::Black] {
            let side = 0xFFFF << (16 * color.index());
            let king = self.castling_king(color);
            if self.s.castling & side != 0
                || king.is_none_or(|k| self.s.gates & bit(color, k) == 0)
                || !may_gate(&self.tables, &self.s, color)
            {
                continue;
            }
            let rank = crate::tables::castling_rank(self.rules, color);
            for file in 0..self.geometry().files() {
                let on_gate = self.s.gates & bit(color, file) != 0;
                if on_gate
                    && self
                        .piece_at(Square::new(file, rank))
                        .is_some_and(|p| p.color == color && rooks & (1 << p.kind) != 0)
                {
                    self.s.castling |= bit(color, file);
                }
            }
        }
    }

    /// Writes the gates of `color` a FEN's castling field names after its
    /// castling rights: the files of its gates (while it has pieces to put
    /// on them), but those its castling rights already say (the rooks',
    /// and the king's unless under Chess960), as Fairy-Stockfish writes
    /// them.
    pub(crate) fn write_gates(&self, color: Color, out: &mut String) {
        if !self.rules.has_gates() || !may_gate(&self.tables, &self.s, color) {
            return;
        }
        let rights = (self.s.castling >> (16 * color.index())) & 0xFFFF;
        let king = self.castling_king(color);
        for file in 0..self.geometry().files() {
            let said = rights & (1 << file) != 0
                || (rights != 0 && !self.rules.chess960 && king == Some(file));
            if self.s.gates & bit(color, file) != 0 && !said {
                let letter = char::from(b'A' + file);
                out.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
    }
}

/// The gates `m` (a move of the side to move in `s`, not gated) may put a
/// piece on, each with each kind the side holds that may stand there: a
/// move from a gate; a castling whose king or rook leaves one, the square
/// empty after it.
fn gated(t: &Tables, s: &State, m: Move, mut each: impl FnMut(Gate)) {
    let us = s.turn;
    let open =
        |sq: Square| s.gates & t.castling_on[cell_of(sq)] & (0xFFFF << (16 * us.index())) != 0;
    let mut squares = [None, None];
    match m.kind {
        Effect::Normal => squares[0] = Some(m.from),
        Effect::Castle { rook_from, rook_to } => {
            let free = |sq: Square| sq != m.to && sq != rook_to;
            squares = [m.from, rook_from].map(|sq| Some(sq).filter(|&sq| free(sq)));
        }
        _ => return,
    }
    for square in squares.into_iter().flatten().filter(|&sq| open(sq)) {
        let c = cell_of(square);
        let kinds = t.drop_cells[us.index()].len();
        for (kind, &held) in s.hands[us.index()].iter().enumerate().take(kinds) {
            let stands = match &t.drops {
                Some(_) => t.drop_cells[us.index()][kind][c / 64] & (1 << (c % 64)) != 0,
                None => t.pawn_kind[us.index()] != Some(kind),
            };
            if held > 0 && stands {
                each(Gate {
                    kind: kind as u8,
                    square,
                });
            }
        }
    }
}

/// Adds to `out` each legal move of `out[start..]` with each piece it may
/// put on a gate. A gated move is legal where the move is, as
/// Fairy-Stockfish has it: the piece put down is not counted as blocking
/// a check to the side that puts it.
pub(crate) fn expand(t: &Tables, s: &State, out: &mut Vec<Move>, start: usize) {
    for i in start..out.len() {
        let m = out[i];
        gated(t, s, m, |gate| {
            out.push(Move {
                gate: Some(gate),
                ..m
            });
        });
    }
}

/// The gates after `m` in `next` (the state after it): the gated piece
/// taken from hand, the gates the move leaves or takes on closed, and all
/// of the side's once it has nothing left to put on them.
pub(crate) fn close(t: &Tables, s: &State, m: Move, next: &mut State) {
    let us = s.turn.index();
    if let Some(gate) = m.gate {
        let held = &mut next.hands[us][usize::from(gate.kind)];
        *held = held.saturating_sub(1);
    }
    if matches!(m.kind, Effect::Drop { .. } | Effect::Pass) {
        return;
    }
    next.gates &= !(t.castling_on[cell_of(m.from)] | t.castling_on[cell_of(m.to)]);
    if let Effect::Castle { rook_from, .. } = m.kind {
        next.gates &= !t.castling_on[cell_of(rook_from)];
    }
    if !may_gate(t, next, s.turn) {
        next.gates &= !(0xFFFF << (16 * us));
    }
}
