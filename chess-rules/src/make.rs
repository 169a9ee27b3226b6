//! Making a move and taking it back: the cells it changes, the bit sets of
//! pieces kept with them, castling rights, en passant and the clocks.
//! Perft makes and takes back each move on one copy of the state.

use crate::geometry::Square;
use crate::mailbox::{BLACK_BIT, EMPTY, WORDS, apply, cell_of, kind_of};
use std::sync::Arc;

use crate::position::{EnPassant, Position, State};
use crate::tables::Tables;
use crate::types::{Color, Effect, Move};

impl<'r> Position<'r> {
    /// The position after `m` (which must be one of [`Position::legal_moves`]).
    pub fn play(&self, m: Move) -> Position<'r> {
        Position {
            rules: self.rules,
            tables: Arc::clone(&self.tables),
            s: play(&self.tables, &self.s, m),
        }
    }

    /// The piece `m` takes (a legal move here), as it goes to a hand: a
    /// promoted piece as what it was, unless the rule set keeps it
    /// promoted. On one board of two ([`Drops::partner`](crate::Drops::partner))
    /// it goes to the partner's hand on the other board.
    ///
    /// ```
    /// use chess_rules::{Color, MoveText, Position, ini};
    ///
    /// let bughouse = ini::builtin("bughouse").unwrap().unwrap();
    /// let pos = Position::from_fen(&bughouse, "4k3/8/8/8/8/8/8/q3K3[] w - - 0 1").unwrap();
    /// let [steps] = pos.matching(&MoveText::read("Kf2").unwrap())[..] else { panic!() };
    /// assert_eq!(pos.taken(steps), None);
    /// let pos = Position::from_fen(&bughouse, "4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1").unwrap();
    /// let [takes] = pos.matching(&MoveText::read("Kxd1").unwrap())[..] else { panic!() };
    /// let pawn = bughouse.index('P').unwrap() as u8;
    /// assert_eq!(pos.taken(takes), Some(chess_rules::Piece { color: Color::Black, kind: pawn }));
    /// ```
    pub fn taken(&self, m: Move) -> Option<crate::Piece> {
        let sq = taken_square(&self.s, m)?;
        let color = self.piece_at(sq)?.color;
        let keep = self.rules.drops.as_ref().is_some_and(|d| d.keep_promoted);
        let kind = to_hand(&self.tables, &self.s, sq, keep);
        Some(crate::Piece {
            color,
            kind: kind as u8,
        })
    }

    /// Puts `piece` in its side's hand (a partner's capture on the other
    /// board, [`Drops::partner`](crate::Drops::partner)), up to 255 of a
    /// kind.
    pub fn give(&mut self, piece: crate::Piece) {
        if let Some(held) = self.s.hands[piece.color.index()].get_mut(usize::from(piece.kind)) {
            *held = held.saturating_add(1);
        }
    }
}

/// The state after `m`.
fn play(t: &Tables, s: &State, m: Move) -> State {
    let mut next = s.clone();
    play_into(t, s, m, &mut next);
    next
}

/// Makes `next`, a copy of `s`, the state after `m`.
pub(crate) fn play_into(t: &Tables, s: &State, m: Move, next: &mut State) {
    if m.kind == Effect::Pass {
        return pass_into(t, s, m, next);
    }
    // (A drop's square, its `from` and `to`, is empty.)
    let moving = s.cells[cell_of(m.from)];
    let target = s.cells[cell_of(m.to)];
    let captured = target != EMPTY || matches!(m.kind, Effect::EnPassant { .. });
    if t.drops.is_some() || t.promoting.is_some() {
        hand_and_promoted(t, s, m, next);
    }
    apply(&mut next.cells, s.turn, m);
    m.touched(|sq| mark(t, next, cell_of(sq)));
    if let Some(blast) = &t.blast
        && captured
    {
        explode_into(t, blast, next, cell_of(m.to));
    }
    if t.walls.is_some() {
        crate::walls::put(t, s, m, captured, next);
    }
    if t.gates {
        crate::gating::close(t, s, m, next);
        crate::cambodian::close(t, s, m, next);
    }
    if t.flip.is_some() {
        crate::enclosing::flip(t, s, m, next, |next, c| mark(t, next, c));
    }
    let (from, to) = (cell_of(m.from), cell_of(m.to));
    let pawn = moving != EMPTY && t.is_pawn(moving);
    let king = moving != EMPTY && t.castles(moving);
    // A pawn's straight two- or three-square step forward allows en
    // passant (one backward, as a custom pawn may make, does not: a FEN's
    // en passant square says the pawn stands one step beyond it, forward).
    next.en_passant = None;
    let forward = match s.turn {
        Color::White => m.to.rank > m.from.rank,
        Color::Black => m.to.rank < m.from.rank,
    };
    // (A pawn that promotes with it is no pawn to take en passant; one
    // that leapt over a piece passed no square a pawn could take on.)
    if pawn
        && forward
        && m.promotion.is_none()
        && m.from.file == m.to.file
        && matches!(m.from.rank.abs_diff(m.to.rank), 2 | 3)
    {
        // (Where the other side may take en passant there: each square
        // passed, the lowest first, as Fairy-Stockfish writes them.)
        let region = t.en_passant_regions[(!s.turn).index()];
        let (low, high) = (m.from.rank.min(m.to.rank), m.from.rank.max(m.to.rank));
        let mut passed = (low + 1..high)
            .map(|rank| Square::new(m.from.file, rank))
            .filter(|&sq| next.cells[cell_of(sq)] == EMPTY)
            .filter(|&sq| region.is_none_or(|r| r.contains(sq)));
        if let Some(first) = passed.next() {
            let second = passed.next().unwrap_or(first);
            next.en_passant = Some(EnPassant {
                passed: [first, second],
                pawn: m.to,
            });
        }
    }
    // Castling rights: a king (the piece that castles) that moves loses
    // its side's, and so does one taken (a king that is not royal); a rook
    // that moves or is taken loses its own.
    if king {
        next.castling &= !(0xFFFF << (16 * s.turn.index()));
    }
    if target != EMPTY && !matches!(m.kind, Effect::Castle { .. }) && t.castles(target) {
        next.castling &= !(0xFFFF << (16 * (!s.turn).index()));
    }
    next.castling &= !(t.castling_on[from] | t.castling_on[to]);
    if let Effect::Drop { kind } = m.kind {
        crate::placement::castle_dropped(t, s, kind, m.to, next);
    }
    // (Where castling may win: whether this move castled, and on which
    // wing.)
    if t.castling_wins {
        next.castled = match m.kind {
            Effect::Castle { rook_from, .. } => Some(rook_from.file > m.from.file),
            _ => None,
        };
    }
    if let (Effect::Castle { rook_from, .. }, Some(ranks)) = (m.kind, t.opposite_castling) {
        opposite_wing(t, s, next, ranks, rook_from.file > m.from.file);
    }
    // (A drop cannot be taken back either, nor a shogi-style promotion,
    // as Fairy-Stockfish counts; a demotion can.)
    next.halfmoves = if pawn || captured || matches!(m.kind, Effect::Drop { .. } | Effect::Promote)
    {
        0
    } else {
        s.halfmoves + 1
    };
    if s.turn == Color::Black {
        next.fullmoves += 1;
    }
    next.turn = !s.turn;
    next.passes = 0;
    next.drop_mated = t
        .mate_loses
        .is_some_and(|kind| m.kind == (Effect::Drop { kind }) && m.promotion.is_none());
    if t.few_royal.is_some() {
        mark_royal_while_few(t, next);
    }
    // A check given counts down its side's checks still to give.
    if t.check_counting && crate::position::in_check(t, next, next.turn) {
        let left = &mut next.checks[s.turn.index()];
        *left = left.saturating_sub(1);
    }
    if let Some(shaks) = &t.shatar {
        crate::shatar::series(t, shaks, next);
    }
}

/// Takes the other side's castling on the wing the side to move castled
/// to away ([`Rules::opposite_castling`](crate::Rules::opposite_castling)):
/// its rights with a rook beyond its king on that wing.
fn opposite_wing(t: &Tables, s: &State, next: &mut State, ranks: [u8; 2], king_side: bool) {
    let them = !s.turn;
    let rank = ranks[them.index()];
    let king = (0..t.geometry.files()).find(|&f| {
        let cell = s.cells[cell_of(Square::new(f, rank))];
        crate::mailbox::is(cell, them) && t.castles(cell)
    });
    let Some(king) = king else {
        return;
    };
    for file in 0..t.geometry.files() {
        if (file > king) == king_side {
            next.castling &= !(1 << (16 * them.index() + usize::from(file)));
        }
    }
}

/// Makes `next`, a copy of `s`, the state after the side to move passes
/// (`m`): the board stays, but for the wall it puts down where it passes
/// to put one ([`Walling::or_move`](crate::Walling::or_move)), and the
/// other side moves (a pass takes away en passant and counts toward the
/// clock, as any move that captures nothing; one that puts a wall down is
/// no pass toward two in a row).
fn pass_into(t: &Tables, s: &State, m: Move, next: &mut State) {
    next.en_passant = None;
    next.halfmoves = s.halfmoves + 1;
    if s.turn == Color::Black {
        next.fullmoves += 1;
    }
    next.turn = !s.turn;
    next.drop_mated = false;
    next.passes = s.passes.saturating_add(1);
    if m.wall.is_some() {
        crate::walls::put(t, s, m, false, next);
        next.passes = 0;
    }
    next.castled = None;
    if t.check_counting && crate::position::in_check(t, next, next.turn) {
        let left = &mut next.checks[s.turn.index()];
        *left = left.saturating_sub(1);
    }
}

/// Blows up the capture on `at` in `next`: the pieces gone leave the bit
/// sets, take their castling rights with them (a king's, its side's) and
/// their marks of promotion; where captures go to hand, each goes to the
/// hand of the side it was not (as Fairy-Stockfish's atomiczh has it).
fn explode_into(t: &Tables, blast: &crate::tables::BlastKinds, next: &mut State, at: usize) {
    let mut gone = [(0usize, EMPTY); 9];
    let mut n = 0;
    crate::blast::explode(blast, &mut next.cells, at, |c, cell| {
        gone[n] = (c, cell);
        n += 1;
    });
    let keep = (t.drops.as_ref())
        .filter(|d| d.captures_to_hand && !d.free)
        .map(|d| d.keep_promoted);
    for &(c, cell) in &gone[..n] {
        if let Some(keep) = keep {
            let kind = hand_kind(t, next, c, cell, keep);
            let held = &mut next.hands[usize::from(cell & BLACK_BIT == 0)][kind];
            *held = held.saturating_add(1);
        }
        mark(t, next, c);
        next.castling &= !t.castling_on[c];
        if t.castles(cell) {
            let side = usize::from(cell & BLACK_BIT != 0);
            next.castling &= !(0xFFFF << (16 * side));
        }
        next.promoted[c / 64] &= !(1 << (c % 64));
    }
}

/// Where pieces are dropped or promote shogi-style: takes a dropped piece
/// from its side's hand, puts a piece taken into the hand of the side
/// that took it (where captures go to hand; a promoted one as what it
/// was — the pawn, for one promoted as chess's pawns are — unless the rule
/// set keeps it promoted), and moves the mark of a promoted piece with it
/// (`next` is `s` before the move is applied).
fn hand_and_promoted(t: &Tables, s: &State, m: Move, next: &mut State) {
    let us = s.turn.index();
    let bit = |sq: Square| {
        let c = cell_of(sq);
        (c / 64, 1u64 << (c % 64))
    };
    let marked = |sq: Square| {
        let (word, bit) = bit(sq);
        s.promoted[word] & bit != 0
    };
    // (Where hands hold every kind without end, they stay as they are.)
    let free = t.drops.as_ref().is_some_and(|d| d.free);
    if let Effect::Drop { kind } = m.kind {
        if free {
            return;
        }
        let held = &mut next.hands[us][usize::from(kind)];
        *held = held.saturating_sub(1);
        if m.promotion.is_some() {
            let (word, b) = bit(m.to);
            next.promoted[word] |= b;
            next.unpromoted.set(cell_of(m.to), kind + 1);
        }
        return;
    }
    let taken = taken_square(s, m);
    if let Some(drops) = &t.drops
        && let Some(sq) = taken
        && drops.captures_to_hand
        && !free
    {
        let kind = to_hand(t, s, sq, drops.keep_promoted);
        let held = &mut next.hands[us][kind];
        *held = held.saturating_add(1);
    }
    // What the piece is after the move: promoted (and what it was), or
    // not.
    let moving = s.cells[cell_of(m.from)];
    let (promoted, was) = match m.kind {
        Effect::Promote => (true, kind_of(moving) as u8 + 1),
        Effect::Demote => (false, 0),
        _ if m.promotion.is_some() => (true, 0),
        _ => (marked(m.from), s.unpromoted.get(cell_of(m.from))),
    };
    for sq in [Some(m.from), Some(m.to), taken].into_iter().flatten() {
        let (word, bit) = bit(sq);
        next.promoted[word] &= !bit;
    }
    if promoted {
        let (word, bit) = bit(m.to);
        next.promoted[word] |= bit;
        next.unpromoted.set(cell_of(m.to), was);
    }
}

/// The square of the piece `m` takes in `s`, if it takes one.
pub(crate) fn taken_square(s: &State, m: Move) -> Option<Square> {
    match m.kind {
        Effect::EnPassant { captured } => Some(captured),
        Effect::Normal | Effect::Promote | Effect::Demote if s.cells[cell_of(m.to)] != EMPTY => {
            Some(m.to)
        }
        _ => None,
    }
}

/// The kind the piece on `sq` goes to a hand as, taken: a promoted one as
/// what it was (the pawn, for one promoted as chess's pawns are), unless
/// `keep_promoted`.
pub(crate) fn to_hand(t: &Tables, s: &State, sq: Square, keep_promoted: bool) -> usize {
    let c = cell_of(sq);
    hand_kind(t, s, c, s.cells[c], keep_promoted)
}

/// The kind `piece`, on the cell `c` of `s` (its marks of promotion there;
/// the cell itself may be emptied already), goes to a hand as.
fn hand_kind(t: &Tables, s: &State, c: usize, piece: u8, keep_promoted: bool) -> usize {
    let marked = s.promoted[c / 64] & (1 << (c % 64)) != 0;
    match s.unpromoted.get(c) {
        _ if !marked || keep_promoted => kind_of(piece),
        0 => t.pawn_kind[usize::from(piece & BLACK_BIT != 0)].unwrap_or(kind_of(piece)),
        was => usize::from(was - 1),
    }
}

/// Brings the bit sets of `next` up to date with its cell `c`, which a
/// move changed (a square on the board: empty or a piece).
#[inline(always)]
fn mark(t: &Tables, next: &mut State, c: usize) {
    let cell = next.cells[c];
    let (word, bit) = (c / 64, 1u64 << (c % 64));
    for side in 0..2 {
        next.occupied[side][word] &= !bit;
        next.royal[side][word] &= !bit;
    }
    if cell != EMPTY {
        let side = usize::from(cell & BLACK_BIT != 0);
        next.occupied[side][word] |= bit;
        if t.is_royal(cell) {
            next.royal[side][word] |= bit;
        }
    }
}

/// Marks which pieces of `s` are royal while few ([`Tables::few_royal`]):
/// those of a kind listed whose side has at most the count of it (or, for
/// `*`, at most that many pieces in all). A piece of a royal kind stays
/// royal.
pub(crate) fn mark_royal_while_few(t: &Tables, s: &mut State) {
    let Some(few) = &t.few_royal else {
        return;
    };
    for side in 0..2 {
        let mut counts = [0u32; 64];
        let mut all = 0u32;
        for c in crate::mailbox::cells(&s.occupied[side]) {
            counts[kind_of(s.cells[c])] += 1;
            all += 1;
        }
        let mut royal = [0u64; WORDS];
        for c in crate::mailbox::cells(&s.occupied[side]) {
            let cell = s.cells[c];
            let kind = kind_of(cell);
            let few_kind = few.kinds & (1 << kind) != 0 && counts[kind] <= few.count;
            if t.is_royal(cell) || few_kind || (few.all && all <= few.count) {
                royal[c / 64] |= 1 << (c % 64);
            }
        }
        s.royal[side] = royal;
    }
}

/// Makes `next`, the state after `m` played in `s` by [`play_into`], a
/// copy of `s` again.
pub(crate) fn take_back(t: &Tables, s: &State, m: Move, next: &mut State) {
    let restore = |next: &mut State, c: usize| {
        next.cells[c] = s.cells[c];
        for side in 0..2 {
            next.occupied[side][c / 64] = s.occupied[side][c / 64];
            next.royal[side][c / 64] = s.royal[side][c / 64];
        }
    };
    m.touched(|sq| restore(next, cell_of(sq)));
    // (The pieces a move flipped, anywhere on the board.)
    if t.flip.is_some() {
        for &c in &t.squares {
            if next.cells[c] != s.cells[c] {
                restore(next, c);
            }
        }
    }
    if t.walls.is_some() {
        for w in 0..WORDS {
            let mut changed = s.walls[w] ^ next.walls[w];
            while changed != 0 {
                restore(next, w * 64 + changed.trailing_zeros() as usize);
                changed &= changed - 1;
            }
        }
        next.walls = s.walls;
        next.promoted = s.promoted;
    }
    if let Some(at) = crate::blast::blast_at(t, &s.cells, m) {
        for c in crate::blast::reach(at) {
            restore(next, c);
        }
    }
    // (Pieces royal while few may have changed anywhere.)
    if t.few_royal.is_some() {
        next.royal = s.royal;
    }
    next.turn = s.turn;
    next.drop_mated = s.drop_mated;
    if t.shatar.is_some() {
        next.shak_series = s.shak_series;
    }
    next.passes = s.passes;
    next.castled = s.castled;
    next.castling = s.castling;
    next.gates = s.gates;
    next.en_passant = s.en_passant;
    next.halfmoves = s.halfmoves;
    next.fullmoves = s.fullmoves;
    next.checks = s.checks;
    if t.drops.is_some() || t.blast.is_some() || t.promoting.is_some() || t.gating {
        next.hands = s.hands;
        next.promoted = s.promoted;
    }
    // (What a promoted piece was, on the squares the move changed.)
    if t.promoting.is_some() {
        m.touched(|sq| {
            next.unpromoted
                .set(cell_of(sq), s.unpromoted.get(cell_of(sq)))
        });
    }
}
