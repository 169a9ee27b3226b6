//! Move generation: one walk along a piece's moves ([`walk`]) — its
//! leaps, then its slides, then its other moves, each group in the order
//! its rule set gives them — whose destinations go to a [`Sink`] —
//! listed as moves ([`List`]) or counted ([`Count`], perft's last ply) —
//! so that a movement rule is written once for both. Castling and en
//! passant, and every move of the side to move that follows its pieces'
//! moves (pseudo-legal: legality is `legality`'s).

use crate::betza::Hop;
use crate::geometry::Square;
use crate::mailbox::{
    CAPTURE, EMPTY, OFF, QUIET, WORDS, cell_of, is, kind_of, offers, path_clear, step,
};
use crate::position::{EnPassant, State, at_limit};
use crate::promote::Change;
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Effect, Move};
use crate::walks::{Shape, Walk};

/// Where the destinations of a piece's walk go: a list of moves, or a
/// count.
pub(crate) trait Sink {
    /// Whether en passant captures and castling are asked for (counting
    /// leaves them to be tried on their own, and counts no royal piece).
    const EN_PASSANT: bool;

    /// A square the walk reached: a move goes there if `offer` is not 0
    /// (what the square [`offers`], masked by what the walk may do).
    fn reach(&mut self, to: usize, offer: u8);

    /// An en passant capture on `to` of the pawn on `captured`.
    fn en_passant(&mut self, _to: usize, _captured: Square) {}

    /// A castling move.
    fn castle(&mut self, _m: Move) {}
}

/// The moves of one piece, listed (a pawn's into the promotion zone once
/// per promotion; a piece that may promote shogi-style promoted and, where
/// it need not, not).
pub(crate) struct List<'a> {
    t: &'a Tables,
    s: &'a State,
    out: &'a mut Vec<Move>,
    from: Square,
    pawn: bool,
    color: Color,
    /// What its moves may turn it into, shogi-style.
    change: Option<Change>,
}

impl<'a> List<'a> {
    /// The moves of the piece on `from` in `s`, into `out`.
    pub(crate) fn new(
        t: &'a Tables,
        s: &'a State,
        out: &'a mut Vec<Move>,
        from: usize,
    ) -> List<'a> {
        let cell = s.cells[from];
        let mut pawn = t.is_pawn(cell);
        let change = t.promoting.as_ref().and_then(|p| {
            // (A piece moving as a pawn with nothing to promote to as a
            // pawn promotes as a piece: `Promoting::like_pawns`.)
            if p.like_pawns & (1 << kind_of(cell)) != 0 && t.promotions[s.turn.index()].is_empty() {
                pawn = false;
            }
            let was = crate::promote::was(&s.promoted, &s.unpromoted, from);
            let change = Change::of(p, kind_of(cell), was, t.in_zone(s.turn, from))?;
            // (A piece does not promote to a kind its side has as many of
            // as the limit; a pawn's promotion of its own is not limited,
            // as Fairy-Stockfish has it.)
            let up = change.up.filter(|&up| pawn || !at_limit(t, s, s.turn, up));
            (up.is_some() || change.down.is_some()).then_some(Change { up, ..change })
        });
        List {
            t,
            s,
            out,
            from: t.square_of[from],
            pawn,
            color: s.turn,
            change,
        }
    }

    /// The move of the piece to `to` (its kind `kind`).
    #[inline]
    fn to(&self, to: usize, kind: Effect) -> Move {
        Move {
            from: self.from,
            to: self.t.square_of[to],
            promotion: None,
            kind,
            wall: None,
            gate: None,
        }
    }

    /// A move or capture to `to`: a pawn's promotions, a piece's
    /// shogi-style promotion or demotion where it may, or the move.
    #[inline]
    fn add(&mut self, to: usize, capture: bool) {
        let m = self.to(to, Effect::Normal);
        if self.pawn {
            self.pawn_move(m, to, capture);
            return;
        }
        match self.change {
            Some(change) => change.moves(m, self.t.in_zone(self.color, to), capture, self.out),
            None => self.out.push(m),
        }
    }

    /// A pawn's move `m` to `to`: into its zone, once per promotion (its
    /// shogi-style one among them) its side has not reached the limit of,
    /// and as itself where it may stay a pawn; with nothing to promote to,
    /// as itself (Fairy-Stockfish's `promotionPieceTypes = -`).
    #[inline]
    fn pawn_move(&mut self, m: Move, to: usize, capture: bool) {
        if self.t.in_zone(self.color, to) {
            let promotions = &self.t.promotions[self.color.index()];
            // (A capture en passant is no shogi-style promotion.)
            let piece = (self.change)
                .filter(|_| m.kind == Effect::Normal)
                .and_then(|c| c.pawn(m, capture));
            if !promotions.is_empty() || piece.is_some() {
                for &promotion in promotions {
                    if !at_limit(self.t, self.s, self.color, promotion) {
                        self.out.push(Move {
                            promotion: Some(promotion),
                            ..m
                        });
                    }
                }
                self.out.extend(piece);
                if !self.t.pawns_may_stay {
                    return;
                }
            }
        }
        self.out.push(m);
    }
}

impl Sink for List<'_> {
    const EN_PASSANT: bool = true;

    #[inline]
    fn reach(&mut self, to: usize, offer: u8) {
        if offer != 0 {
            self.add(to, offer & CAPTURE != 0);
        }
    }

    fn en_passant(&mut self, to: usize, captured: Square) {
        // (A capture en passant is no shogi-style promotion.)
        let m = self.to(to, Effect::EnPassant { captured });
        if self.pawn {
            self.pawn_move(m, to, true);
        } else {
            self.out.push(m);
        }
    }

    fn castle(&mut self, m: Move) {
        self.out.push(m);
    }
}

/// The moves of one piece, counted with few branches: a destination adds
/// by arithmetic, not by branching on what stands there. `PAWN`: a pawn
/// whose moves into its promotion zone count once per promotion (once
/// when there is nothing to promote to: it moves there as itself).
pub(crate) struct Count<'a, const PAWN: bool> {
    pub(crate) n: u64,
    zone: &'a [u64; WORDS],
    promotions: u64,
}

impl<'a, const PAWN: bool> Count<'a, PAWN> {
    fn new(t: &'a Tables, color: Color) -> Self {
        Count {
            n: 0,
            zone: &t.zone[color.index()],
            promotions: (t.promotions[color.index()].len() as u64).max(1),
        }
    }

    #[inline(always)]
    fn times(&self, to: usize) -> u64 {
        if PAWN && self.zone[to / 64] >> (to % 64) & 1 != 0 {
            self.promotions
        } else {
            1
        }
    }
}

impl<const PAWN: bool> Sink for Count<'_, PAWN> {
    const EN_PASSANT: bool = false;

    #[inline(always)]
    fn reach(&mut self, to: usize, offer: u8) {
        self.n += self.times(to) * u64::from(offer != 0);
    }
}

/// The moves of the piece on `from` into `sink`: one walk along each of
/// its moves, by group ([`Tables::atoms`]): its leaps (one square to look
/// at each), its slides (to the first piece), then its other walks (each
/// minds its range, lame path, start square, en passant or hop); then
/// its moves beyond the mailbox's
/// border, then castling for a royal piece. `ep`: the square a pawn just
/// passed and where it stands.
#[inline(always)]
pub(crate) fn walk<S: Sink>(
    rules: &Rules,
    t: &Tables,
    s: &State,
    from: usize,
    ep: Option<EnPassant>,
    sink: &mut S,
) {
    let us = s.turn;
    let side = us.index();
    let cell = s.cells[from];
    let kind = kind_of(cell);
    let mine = s.mine();
    // Whether the piece may make its `i` moves here, asked only of those.
    let initial = |walk: &Walk| {
        !walk.initial
            || if walk.triple {
                t.triple(from, cell)
            } else {
                t.initial(from, cell)
            }
    };
    let walks = &t.atoms[side][kind];
    for walk in walks.leaps() {
        let to = step(from, walk.delta);
        let target = s.cells[to];
        sink.reach(to, offers(target, mine) & walk.may);
        if S::EN_PASSANT && target == EMPTY {
            en_passant(walk, to, ep, sink);
        }
    }
    // The empty squares, and the first piece if it is the other side's.
    for walk in walks.slides() {
        let mut to = step(from, walk.delta);
        while s.cells[to] == EMPTY {
            sink.reach(to, QUIET);
            to = step(to, walk.delta);
        }
        sink.reach(to, offers(s.cells[to], mine) & CAPTURE);
    }
    for walk in walks.rest() {
        match walk.shape {
            Shape::Hop(how) => hop(t, s, from, walk, how, sink),
            Shape::Lines => lines(t, s, from, walk, sink),
            _ => {
                if initial(walk) {
                    ride(s, from, walk, ep, sink);
                }
            }
        }
    }
    for walk in t.far_walks(side, kind) {
        if walk.initial && !t.initial(from, cell) {
            continue;
        }
        let mut k = 1;
        while let Some(to) = t.far_step(from, walk.vector, k) {
            let target = s.cells[to];
            sink.reach(to, offers(target, mine) & walk.may);
            if walk.range == k || target != EMPTY {
                break;
            }
            k += 1;
        }
    }
    if S::EN_PASSANT && t.castles(cell) && s.castling != 0 {
        castles(rules, t, s, t.square_of[from], None, |m| sink.castle(m));
    }
}

/// A walk with conditions (its `i` condition met by the caller): along a
/// lame path that must be empty, up to its range, capturing en passant.
#[inline]
fn ride<S: Sink>(s: &State, from: usize, walk: &Walk, ep: Option<EnPassant>, sink: &mut S) {
    if let Some(path) = &walk.path
        && !path_clear(&s.cells, from, path)
    {
        return;
    }
    let mine = s.mine();
    let mut to = from;
    let mut k = 0u8;
    loop {
        to = step(to, walk.delta);
        k += 1;
        let target = s.cells[to];
        let empty = target == EMPTY;
        sink.reach(to, offers(target, mine) & walk.may);
        if S::EN_PASSANT && empty {
            en_passant(walk, to, ep, sink);
        }
        if walk.range == k || !empty {
            break;
        }
    }
}

/// A step or slide along the diagonal lines: from a cell on them, to the
/// cells on them along the walk, up to its range or the first piece.
#[inline]
fn lines<S: Sink>(t: &Tables, s: &State, from: usize, walk: &Walk, sink: &mut S) {
    if !t.on_lines(from) {
        return;
    }
    let mine = s.mine();
    let mut to = from;
    let mut k = 0u8;
    loop {
        to = step(to, walk.delta);
        k += 1;
        if !t.on_lines(to) {
            break;
        }
        let target = s.cells[to];
        sink.reach(to, offers(target, mine) & walk.may);
        if walk.range == k || target != EMPTY {
            break;
        }
    }
}

/// A hop along a line: over its first piece (either side's), then, for
/// [`Hop::Over`], on to every empty square and the next piece if it is
/// the other side's; for [`Hop::Beyond`], to the square just beyond; for
/// [`Hop::Unlike`], as `Over` where neither piece is of its own kind.
#[inline]
fn hop<S: Sink>(t: &Tables, s: &State, from: usize, walk: &Walk, how: Hop, sink: &mut S) {
    if walk.lines && !t.on_lines(from) {
        return;
    }
    let mine = s.mine();
    // (Steps from `from`: a hop with a range lands within it.)
    let mut k = 1;
    let mut to = step(from, walk.delta);
    while s.cells[to] == EMPTY {
        to = step(to, walk.delta);
        k += 1;
    }
    // (A piece of its kind, either side's: no wall, no edge.)
    let own = |cell: u8| {
        how == Hop::Unlike
            && (is(cell, Color::White) || is(cell, Color::Black))
            && kind_of(cell) == kind_of(s.cells[from])
    };
    if s.cells[to] == OFF || own(s.cells[to]) {
        return;
    }
    loop {
        to = step(to, walk.delta);
        k += 1;
        if (walk.lines && !t.on_lines(to)) || (walk.range != 0 && k > usize::from(walk.range)) {
            break;
        }
        let target = s.cells[to];
        if own(target) {
            break;
        }
        sink.reach(to, offers(target, mine) & walk.may);
        if how == Hop::Beyond || target != EMPTY {
            break;
        }
    }
}

/// An en passant capture on `to` (empty, reached by `walk`) if the walk
/// captures en passant only and `to` is the square a pawn just passed.
#[inline]
fn en_passant<S: Sink>(walk: &Walk, to: usize, ep: Option<EnPassant>, sink: &mut S) {
    if walk.may & QUIET == 0
        && walk.en_passant
        && let Some(ep) = ep
        && ep.on(to)
    {
        sink.en_passant(to, ep.pawn);
    }
}

/// Every move of the side to move that follows its pieces' moves, added to
/// `out`: those of the pieces on `board`'s cells
/// ([`crate::legality::movable`]), and its drops.
pub(crate) fn pseudo_legal(
    rules: &Rules,
    t: &Tables,
    s: &State,
    board: [u64; WORDS],
    out: &mut Vec<Move>,
) {
    let ep = s.en_passant;
    for (word, &bits) in board.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let from = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            piece_moves(rules, t, s, out, from, ep);
        }
    }
    for (drop, cells) in drop_targets(t, s) {
        out.extend(dropped(t, drop, &cells));
    }
    crate::cambodian::candidates(rules, t, s, out);
    crate::sittuyin::candidates(rules, t, s, out);
}

/// A drop: the kind taken from hand, and the promoted kind it is put
/// down as, if it is ([`Drops::promoted`](crate::Drops::promoted)).
pub(crate) type Drop = (u8, Option<u8>);

/// Where the side to move may drop each kind of piece it holds
/// ([`Rules::drops`](crate::Rules::drops)): the drop, and the empty cells
/// it may go to (none where the rule set has no drops; none where the
/// piece could never move again, where that is illegal).
pub(crate) fn drop_targets(t: &Tables, s: &State) -> impl Iterator<Item = (Drop, [u64; WORDS])> {
    let side = s.turn.index();
    let kinds = if t.drops.is_some() {
        t.drop_cells[side].len()
    } else {
        0
    };
    let promoted = |kind: usize| {
        (t.promoting.as_ref())
            .filter(|p| p.drops)
            .and_then(|p| p.to[kind])
    };
    // (Where one kind must be dropped first and its side holds one, only
    // that kind.)
    let only = t
        .must_drop_kind
        .filter(|&k| s.hands[side].get(k).is_some_and(|&n| n > 0));
    // (Where hands hold every kind without end, any kind.)
    let free = t.drops.as_ref().is_some_and(|d| d.free);
    (0..kinds)
        .filter(move |&kind| (free || s.hands[side][kind] > 0) && only.is_none_or(|k| k == kind))
        .flat_map(move |kind| {
            let up = promoted(kind).map(|up| (kind, Some(up)));
            std::iter::once((kind, None)).chain(up)
        })
        .map(move |(kind, up)| {
            let mut cells: [u64; WORDS] = std::array::from_fn(|w| {
                t.drop_cells[side][kind][w] & !(s.occupied[0][w] | s.occupied[1][w] | s.walls[w])
            });
            for full in doubled_files(t, s, kind) {
                for (w, cells) in cells.iter_mut().enumerate() {
                    *cells &= !t.file_cells[full][w];
                }
            }
            crate::placement::restrict(t, s, kind, &mut cells);
            crate::enclosing::restrict(t, s, &mut cells);
            if let Some(stuck) = &t.stuck {
                let placed = usize::from(up.unwrap_or(kind as u8));
                for (w, cells) in cells.iter_mut().enumerate() {
                    *cells &= !stuck[side][placed][w];
                }
            }
            ((kind as u8, up), cells)
        })
}

/// The files where the side to move may not drop `kind`: it has as many
/// of it there as the rule set allows
/// ([`Drops::no_doubled`](crate::Drops::no_doubled); a piece marked
/// promoted counts by its kind, as Fairy-Stockfish counts it).
pub(crate) fn doubled_files(t: &Tables, s: &State, kind: usize) -> Vec<usize> {
    let Some((_, count)) = t.no_doubled.filter(|&(k, _)| k == kind) else {
        return Vec::new();
    };
    let mut on_file = vec![0u8; t.file_cells.len()];
    for (word, &bits) in s.occupied[s.turn.index()].iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let c = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if kind_of(s.cells[c]) == kind {
                let file = &mut on_file[usize::from(t.square_of[c].file)];
                *file = file.saturating_add(1);
            }
        }
    }
    (0..on_file.len())
        .filter(|&f| on_file[f] >= count)
        .collect()
}

/// The drops of `drop` on `cells`, as moves.
pub(crate) fn dropped<'a>(
    t: &'a Tables,
    (kind, promotion): Drop,
    cells: &'a [u64; WORDS],
) -> impl Iterator<Item = Move> + 'a {
    cells.iter().enumerate().flat_map(move |(word, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let sq = t.square_of[word * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                Move {
                    from: sq,
                    to: sq,
                    promotion,
                    kind: Effect::Drop { kind },
                    wall: None,
                    gate: None,
                }
            })
        })
    })
}

/// How many pseudo-legal moves the piece on `from` has, castling and en
/// passant aside (it is not royal, and no en passant capture is possible
/// for it).
#[inline]
pub(crate) fn count_piece(rules: &Rules, t: &Tables, s: &State, from: usize) -> u64 {
    // (The zone's test first: most pieces stand outside it.)
    if t.near_zone[s.turn.index()][from / 64] & (1 << (from % 64)) != 0 && t.is_pawn(s.cells[from])
    {
        let mut count = Count::<true>::new(t, s.turn);
        walk(rules, t, s, from, None, &mut count);
        count.n
    } else {
        let mut count = Count::<false>::new(t, s.turn);
        walk(rules, t, s, from, None, &mut count);
        count.n
    }
}

/// The pseudo-legal moves of the piece on `from`, added to `out` once
/// each: a kind whose moves overlap (`HHH`: a rider and a leaper along the
/// same line) could give a move twice; and a piece that both moves to the
/// square a pawn passed and captures en passant there makes the move, as
/// Fairy-Stockfish has it (one move, the pawn stays).
pub(crate) fn piece_moves(
    rules: &Rules,
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    from: usize,
    ep: Option<EnPassant>,
) {
    let start = out.len();
    walk(rules, t, s, from, ep, &mut List::new(t, s, out, from));
    for passed in ep.iter().flat_map(|ep| ep.squares()) {
        if out[start..]
            .iter()
            .any(|m| m.kind == Effect::Normal && m.to == passed)
        {
            let mut i = start;
            while i < out.len() {
                if matches!(out[i].kind, Effect::EnPassant { .. }) && out[i].to == passed {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }
    if t.overlapping & (1 << kind_of(s.cells[from])) != 0 {
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if !out[start..kept].contains(&m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

/// Castling moves of the king (the piece that castles) on `king`, each
/// given to `castle`: with each rook that still may, the squares between
/// the two and their destinations empty, the king not in check and not
/// passing an attacked square. (`in_check`: whether the king is in
/// check, where the caller knows.)
#[inline]
pub(crate) fn castles(
    rules: &Rules,
    t: &Tables,
    s: &State,
    king: Square,
    mut in_check: Option<bool>,
    mut castle: impl FnMut(Move),
) {
    let Some(castling) = rules.castling else {
        return;
    };
    let us = s.turn;
    let mut rights = (s.castling >> (16 * us.index())) & 0xFFFF;
    let g = rules.geometry;
    let rank = crate::tables::castling_rank(rules, us);
    if rights == 0 || king.rank != rank {
        return;
    }
    let occupied = |f: u8| s.cells[cell_of(Square::new(f, rank))] != EMPTY;
    // A king that is not royal (extinction chess) may castle out of,
    // through and into attack, as Fairy-Stockfish has it; one royal while
    // few (atomic's) may not, nor one of a royal kind. (Where captures
    // explode, a square next to the other side's royal piece is safe.)
    let k = cell_of(king);
    let royal = s.royal[us.index()][k / 64] & (1 << (k % 64)) != 0;
    let theirs = &s.royal[(!us).index()];
    let attacked = |f: u8| {
        let c = cell_of(Square::new(f, rank));
        royal && t.attacked(&s.cells, c, !us) && !crate::blast::shielded(t, &s.cells, theirs, c)
    };
    // The king's own square is looked at once, when a castling's squares
    // are clear.
    while rights != 0 {
        let file = rights.trailing_zeros() as u8;
        rights &= rights - 1;
        let rook = Square::new(file, rank);
        let king_side = rook.file > king.file;
        // (Most often a piece stands next to the king, between it and the
        // rook.)
        let next = if king_side {
            king.file + 1
        } else {
            king.file.wrapping_sub(1)
        };
        if next != rook.file && occupied(next) {
            continue;
        }
        let king_to = Square::new(
            if king_side {
                castling.king_side_file
            } else {
                castling.queen_side_file
            },
            rank,
        );
        let rook_file = if king_side {
            king_to.file.wrapping_sub(1)
        } else {
            king_to.file + 1
        };
        if rook_file >= g.files() || king_to.file >= g.files() {
            continue;
        }
        let rook_to = Square::new(rook_file, rank);
        let lo = king.file.min(rook.file).min(king_to.file).min(rook_to.file);
        let hi = king.file.max(rook.file).max(king_to.file).max(rook_to.file);
        let clear = (lo..=hi).all(|f| f == king.file || f == rook.file || !occupied(f));
        if !clear || *in_check.get_or_insert_with(|| attacked(king.file)) {
            continue;
        }
        let (a, b) = (king.file.min(king_to.file), king.file.max(king_to.file));
        if (a..=b).any(|f| f != king.file && attacked(f)) {
            continue;
        }
        castle(Move {
            from: king,
            to: king_to,
            promotion: None,
            kind: Effect::Castle {
                rook_from: rook,
                rook_to,
            },
            wall: None,
            gate: None,
        });
    }
}

/// The en passant capture of the piece on `from` (of a kind that captures
/// en passant) on `passed`, one of the squares `ep`'s pawn passed, if it
/// has one. (A piece that also moves to that square has two moves
/// along one line, so its kind is overlapping: its moves are listed, and
/// [`piece_moves`] keeps the plain one, never this.)
#[inline]
pub(crate) fn en_passant_capture(
    t: &Tables,
    s: &State,
    from: usize,
    ep: EnPassant,
    passed: Square,
) -> Option<Move> {
    let (captured, a, b) = (ep.pawn, t.square_of[from], passed);
    let passed = cell_of(passed);
    if a.file.abs_diff(b.file).max(a.rank.abs_diff(b.rank)) > t.en_passant_reach {
        return None;
    }
    let cell = s.cells[from];
    let walks = &t.atoms[s.turn.index()][kind_of(cell)].all;
    let reaches = |walk: &Walk| {
        let mut to = from;
        for k in 1.. {
            to = step(to, walk.delta);
            if to == passed {
                return true;
            }
            if s.cells[to] != EMPTY || (walk.range != 0 && k >= walk.range) {
                return false;
            }
        }
        false
    };
    walks
        .iter()
        .filter(|w| w.en_passant && w.may & QUIET == 0 && (!w.initial || t.initial(from, cell)))
        .filter(|w| {
            w.path
                .as_ref()
                .is_none_or(|path| path_clear(&s.cells, from, path))
        })
        .any(reaches)
        .then(|| Move {
            from: t.square_of[from],
            to: t.square_of[passed],
            promotion: None,
            kind: Effect::EnPassant { captured },
            wall: None,
            gate: None,
        })
}

#[cfg(test)]
mod tests {
    use crate::betza::Atom;
    use crate::geometry::Geometry;
    use crate::position::Position;
    use crate::rules::{PieceDef, Rules};

    /// A move along `vectors` (White's), beyond the mailbox's border.
    fn far(vectors: Vec<(i8, i8)>, range: u8, initial: bool) -> Atom {
        let (a, b) = (vectors[0].0.unsigned_abs(), vectors[0].1.unsigned_abs());
        Atom {
            leap: (a.max(b), a.min(b)),
            vectors,
            range,
            moves: true,
            captures: true,
            initial,
            lame: false,
            en_passant: false,
            hop: crate::betza::Hop::No,
            lines: false,
        }
    }

    /// The destinations of the moves from `from`, in coordinates, sorted.
    fn moves_from(pos: &Position<'_>, from: &str) -> Vec<String> {
        let mut out: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from.to_string() == from)
            .map(|m| m.to.to_string())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn far_walks_reach_what_their_vectors_say() {
        // On 16 × 16: a leaper by (4, 1) (two of its eight vectors), a
        // rider by (0, 4) to the edge or the first piece, and a leap by
        // (0, 5) from its start square only.
        let mut rules = Rules::chess();
        rules.geometry = Geometry::new(16, 16).unwrap();
        rules.castling = None;
        rules.promotion_pieces.clear();
        let mut piece = |letter, name, atom: Atom| {
            let mut p = PieceDef::new(letter, name, "W").unwrap();
            p.atoms = vec![atom];
            rules.pieces.push(p);
        };
        piece('G', "giraffe", far(vec![(4, 1), (-4, 1)], 1, false));
        piece('L', "lancer", far(vec![(0, 4)], 0, false));
        piece('J', "jumper", far(vec![(0, 5)], 1, true));
        rules.start = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1".into();
        let fen = "k15/16/16/16/16/16/16/16/16/16/16/1J14/16/L7p7/2N1G11/K15 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).unwrap();
        // The giraffe on e2 takes on i3; a3 holds its own lancer.
        assert_eq!(moves_from(&pos, "e2"), ["i3"]);
        // The lancer on a3: a7, a11, a15, nothing in the way.
        assert_eq!(moves_from(&pos, "a3"), ["a11", "a15", "a7"]);
        // The jumper on b5 is not on a start square of its kind: no move.
        assert_eq!(moves_from(&pos, "b5"), Vec::<String>::new());
        // From its start square it leaps.
        let mut started = rules.clone();
        started.start = "k15/16/16/16/16/16/16/16/16/16/16/1J14/16/16/16/K15 w - - 0 1".into();
        let pos = Position::from_fen(&started, fen).unwrap();
        assert_eq!(moves_from(&pos, "b5"), ["b10"]);
        // The rider stops before a piece of its own, and takes the other
        // side's.
        let own = "k15/16/16/16/16/16/16/P15/16/16/16/16/16/16/16/L1K13 w - - 0 1";
        let pos = Position::from_fen(&rules, own).unwrap();
        assert_eq!(moves_from(&pos, "a1"), ["a5"]);
        let pos = Position::from_fen(&rules, &own.replace('P', "p")).unwrap();
        assert_eq!(moves_from(&pos, "a1"), ["a5", "a9"]);
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    }

    #[test]
    fn a_castling_whose_king_would_leave_the_board_is_none() {
        // The king would go to the ninth file of eight.
        let mut rules = Rules::chess();
        rules.castling = Some(crate::rules::Castling::new(8, 2));
        let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let castles: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m.kind, crate::types::Effect::Castle { .. }))
            .map(|m| m.to.to_string())
            .collect();
        assert_eq!(castles, ["c1"]);
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    }
}
