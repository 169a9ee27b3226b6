//! Legality: a move is legal when it leaves no royal piece of the side to
//! move attacked. A move of a non-royal piece, when the side to move is
//! not in check, can only be illegal by uncovering a line onto a royal
//! piece, so only the pieces standing on such a line (and royal moves,
//! en passant and castling, and every move when in check) are tried on a
//! scratch board ([`Guard`]); the others are listed, or counted, as they
//! are generated.

use crate::mailbox::apply;
use crate::mailbox::{
    BLACK_BIT, CELLS, EMPTY, OFF, WALL, WORDS, captures, cell_of, is_theirs, kind_of, offers,
    path_clear, step,
};
use crate::movegen::{
    castles, count_piece, drop_targets, dropped, en_passant_capture, piece_moves,
};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Effect, EndRule, Move};

impl Position<'_> {
    /// Every move of the side to move that follows its pieces' moves,
    /// whether or not it leaves a royal piece attacked.
    pub(crate) fn pseudo_legal(&self) -> Vec<Move> {
        let (t, s) = (&*self.tables, &self.s);
        let mut out = Vec::new();
        crate::movegen::pseudo_legal(self.rules, t, s, movable(self.rules, t, s), &mut out);
        out
    }

    /// The legal moves: those that leave no royal piece of the side to
    /// move attacked.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves(self.rules, &self.tables, &self.s, &mut out);
        out
    }

    /// How the game has ended: by a goal of the rule set
    /// ([`Goals`](crate::Goals)), or by checkmate or stalemate if the side
    /// to move has no move.
    pub fn outcome(&self) -> Option<EndRule> {
        let end = match ended(self.rules, &self.tables, &self.s) {
            Some(end) => end,
            None if !self.legal_moves().is_empty() => return None,
            // (A checkmate by a drop of the piece whose drop mate loses
            // is a win for the side checkmated.)
            None if self.is_check() && self.s.drop_mated => EndRule::DropMate,
            None if self.is_check() => EndRule::Checkmate(match &self.tables.shatar {
                Some(shaks) => crate::shatar::mate(self.rules, &self.tables, shaks, &self.s),
                None => self.rules.checkmate,
            }),
            None => EndRule::Stalemate(crate::ends::stalemate(self.rules, &self.s)),
        };
        Some(crate::ends::counted(self.rules, &self.s, end))
    }
}

/// The royal pieces of the side to move, as cells.
#[derive(Default)]
pub(crate) struct Royals {
    /// (Cells fit in 16 bits: a small value to build and move.)
    few: [u16; 8],
    n: usize,
    more: Vec<usize>,
}

impl Royals {
    /// The royal pieces of the side to move in `s` (of a royal kind, or
    /// royal while few).
    #[inline]
    pub(crate) fn of(t: &Tables, s: &State) -> Royals {
        let mut royals = Royals::default();
        let royal = &s.royal[s.turn.index()];
        for word in t.words.clone() {
            let mut bits = royal[word];
            while bits != 0 {
                royals.push(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        royals
    }

    fn push(&mut self, cell: usize) {
        if self.n < self.few.len() {
            self.few[self.n] = cell as u16;
            self.n += 1;
        } else {
            self.more.push(cell);
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.few[..self.n]
            .iter()
            .map(|&c| usize::from(c))
            .chain(self.more.iter().copied())
    }
}

/// What the legality test needs to know of a position: the royal pieces
/// of the side to move, which of its pieces are pinned, and whether every
/// move must be tried (in check, or the other side has captures a move
/// may uncover off any line).
pub(crate) struct Guard {
    royals: Royals,
    pinned: [u64; WORDS],
    every: bool,
}

impl Guard {
    #[inline]
    fn new(t: &Tables, s: &State) -> Guard {
        let us = s.turn;
        let them = !us;
        let royals = Royals::of(t, s);
        let mine = s.mine();
        // One walk back from each royal piece along each line the other side
        // captures along finds both a check (the first piece met is theirs
        // and captures along it) and a pin (the first is ours, the next
        // theirs): moving a pinned piece may uncover the line.
        let mut in_check = false;
        let mut pinned = [0u64; WORDS];
        for r in royals.iter() {
            // Leaps: one square to look at each, nothing to pin.
            for leap in &t.leap_rays[them.index()] {
                let at = step(r, -leap.delta);
                let cell = s.cells[at];
                if is_theirs(cell, mine) {
                    let bit = 1u64 << kind_of(cell);
                    in_check |=
                        leap.kinds & bit != 0 && (leap.free & bit != 0 || t.initial(at, cell));
                }
            }
            for ray in &t.line_rays[them.index()] {
                let mut at = r;
                let mut k = 0u8;
                let mut ours = None;
                loop {
                    at = step(at, -ray.delta);
                    k += 1;
                    let cell = s.cells[at];
                    // (A ray's range is at least 1, so a piece is met
                    // within it: the test of the range is the empty
                    // square's.)
                    if cell == EMPTY {
                        if k >= ray.range {
                            break;
                        }
                        continue;
                    }
                    if cell == OFF || cell == WALL {
                        break;
                    }
                    // (A piece: ours or theirs.)
                    if cell & BLACK_BIT == mine {
                        if ours.is_some() || ray.range == 1 || ray.lame {
                            break;
                        }
                        ours = Some(at);
                        continue;
                    }
                    if ray.hits(t, cell, at, k) {
                        match ours {
                            Some(p) => pinned[p / 64] |= 1 << (p % 64),
                            None => in_check |= !ray.lame || path_clear(&s.cells, at, &ray.path),
                        }
                    }
                    break;
                }
            }
        }
        if t.has_far {
            in_check |= royals.iter().any(|r| t.far_attacked(&s.cells, r, them));
        }
        // (Where pieces are royal while few, which are may change with a
        // promotion: every move is tried; so too where a capture explodes
        // or may not be made.)
        Guard {
            every: in_check
                || t.lame_captures[them.index()]
                || t.few_royal.is_some()
                || t.blast.is_some()
                || t.mutually_immune != 0
                || t.flying_general,
            royals,
            pinned,
        }
    }

    /// Whether the piece on `from` is pinned.
    #[inline(always)]
    fn pinned(&self, from: usize) -> bool {
        self.pinned[from / 64] & (1 << (from % 64)) != 0
    }

    /// Whether the moves of the piece on `from` must be tried one by one
    /// (en passant and castling aside).
    /// (`bit`: the bit of its kind.)
    #[inline(always)]
    fn all(&self, t: &Tables, from: usize, bit: u64) -> bool {
        self.every || self.pinned(from) || t.royal & bit != 0
    }
}

/// The legal moves, added to `out`.
pub(crate) fn legal_moves(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    let from = out.len();
    if ended(rules, t, s).is_some() {
        return;
    }
    if t.walling() && t.few_royal.is_some() {
        // (Pieces royal while few are guarded with the walls as the move
        // leaves them: [`guarded`].)
        guarded(rules, t, s, out);
        if sifted(rules) {
            sift(rules, t, s, out, from);
        }
    } else {
        unwalled(rules, t, s, out);
        if t.walling() {
            let instead = crate::passing::instead(t, s);
            crate::walls::expand(rules, t, s, out, from, instead);
        }
    }
    crate::passing::adjust(rules, t, s, out, from);
}

/// The legal moves, added to `out`, before their walls
/// ([`Rules::walling`](crate::Rules::walling)): a move is legal or not
/// as if its wall were not there.
fn unwalled(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    if ended(rules, t, s).is_none() {
        let from = out.len();
        safe_moves(rules, t, s, out);
        if sifted(rules) {
            sift(rules, t, s, out, from);
        }
    }
}

/// The legal moves where pieces are royal while few (Fairy-Stockfish's
/// pseudo-royal pieces), each with its wall, added to `out`: such a piece
/// is guarded with the walls as the move leaves them — the duck gone from
/// where it stood, the new wall put down (which may block a check) — as
/// Fairy-Stockfish guards them (a royal king is guarded as if the walls
/// stayed: [`crate::walls::expand`]).
pub(crate) fn guarded(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal(rules, t, s, movable(rules, t, s), &mut moves);
    let royals = Royals::of(t, s);
    let duck = t
        .walls
        .as_ref()
        .is_some_and(|w| w.rule == Some(crate::rules::WallRule::Duck));
    let mut scratch = s.clone();
    // (A pass that puts a wall down instead of a move: out of check, it
    // uncovers nothing.)
    if let Some(pass) = crate::passing::instead(t, s) {
        crate::walls::walled(rules, t, s, pass, &mut scratch, out);
    }
    for m in moves {
        // (A drop's square is empty: where it may go is the drop's own
        // rule, `drop_targets`.)
        let drop = matches!(m.kind, Effect::Drop { .. });
        if !drop && !permitted(t, s, m) {
            continue;
        }
        // (Nor does a move put a wall down where a pass puts it instead.)
        if drop || crate::walls::unwalled(t, m) {
            let mut cells = s.cells;
            if safe_after(t, s, &mut cells, &royals, m) {
                out.push(m);
            }
            continue;
        }
        for c in crate::mailbox::cells(&crate::walls::targets(rules, t, s, m, &mut scratch)) {
            let mut walled = s.cells;
            if duck {
                for old in crate::mailbox::cells(&s.walls) {
                    walled[old] = crate::mailbox::EMPTY;
                }
            }
            if safe_after_walled(t, s, &mut walled, &royals, m, Some(c)) {
                out.push(Move {
                    wall: Some(t.square_of[c]),
                    ..m
                });
            }
        }
    }
}

/// How many legal moves there are.
pub(crate) fn count_legal(rules: &Rules, t: &Tables, s: &State, scratch: &mut Vec<Move>) -> u64 {
    let n = count_moves(rules, t, s, scratch);
    if n == 0
        && ended(rules, t, s).is_none()
        && crate::passing::stalemate_pass(rules, t, s).is_some()
    {
        return 1;
    }
    n
}

/// How many legal moves there are, a pass where none is left aside.
fn count_moves(rules: &Rules, t: &Tables, s: &State, scratch: &mut Vec<Move>) -> u64 {
    if ended(rules, t, s).is_some() {
        return 0;
    }
    // (Under bikjang the moves are listed and sifted, walls or none.)
    if t.walling() && !crate::passing::bikjang(rules, t, s) {
        scratch.clear();
        if t.few_royal.is_some() {
            legal_moves(rules, t, s, scratch);
            return scratch.len() as u64;
        }
        unwalled(rules, t, s, scratch);
        return crate::walls::count(rules, t, s, scratch, crate::passing::instead(t, s));
    }
    // (Where pieces are gated, each move is tried with each piece; where
    // they leap from gates or promote sittuyin's way, those moves are
    // listed.)
    if sifted(rules) || rules.moves_of_its_own() || crate::passing::bikjang(rules, t, s) {
        scratch.clear();
        legal_moves(rules, t, s, scratch);
        return scratch.len() as u64;
    }
    legal::<true>(rules, t, s, scratch)
}

/// The moves that leave no royal piece attacked, before the rules that
/// forbid some of them (no checks, compulsory captures): what a refusal
/// of one of those rules starts from.
pub(crate) fn safe_moves(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    let start = out.len();
    legal::<false>(rules, t, s, out);
    if rules.gating {
        crate::gating::expand(t, s, out, start);
    }
    if t.cambodian.is_some() || t.sittuyin_zone.is_some() {
        // Cambodian chess's first leaps and sittuyin's promotions, each
        // tried (a promotion that gives check is none).
        let own = out.len();
        crate::cambodian::candidates(rules, t, s, out);
        crate::sittuyin::candidates(rules, t, s, out);
        let (royals, mut scratch) = (Royals::of(t, s), s.cells);
        let mut after = s.clone();
        retain_from(out, own, |m| {
            // (A leap promotes nothing; a promotion is tried for check.)
            allowed(t, s, &mut scratch, &royals, m)
                && (m.promotion.is_none() || {
                    crate::make::play_into(t, s, m, &mut after);
                    let check = crate::position::king_in_check(t, &after, !s.turn);
                    crate::make::take_back(t, s, m, &mut after);
                    !check
                })
        });
    }
}

/// Whether the rule set forbids some moves for the others' sake (no
/// checks, compulsory captures) or for a check's (makpong): then its legal
/// moves are listed and sifted ([`sift`]), never counted as generated.
#[inline]
pub(crate) fn sifted(rules: &Rules) -> bool {
    rules.must_capture
        || !rules.checks
        || rules.makpong
        || rules.drops.as_ref().is_some_and(|d| d.no_checks)
}

/// Of the moves in `out[from..]`, those the rule set allows: none that
/// gives check where checks are not allowed, only captures where a side
/// that can capture must, and none of a royal piece in check that does
/// not capture under makpong, as Fairy-Stockfish has them.
fn sift(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>, from: usize) {
    if rules.makpong && crate::position::in_check(t, s, s.turn) {
        let royal = |m: Move| {
            let c = cell_of(m.from);
            s.royal[s.turn.index()][c / 64] & (1 << (c % 64)) != 0
        };
        retain_from(out, from, |m| !royal(m) || captures(&s.cells, m));
    }
    // No move that gives check where none may, no drop that does where
    // drops may not (a check to a piece of a royal kind: Fairy-Stockfish
    // sees none given to pieces royal while few).
    let drop_checks = !rules.drops.as_ref().is_some_and(|d| d.no_checks);
    if !rules.checks || !drop_checks {
        let mut after = s.clone();
        retain_from(out, from, |m| {
            (rules.checks && (drop_checks || !matches!(m.kind, Effect::Drop { .. }))) || {
                crate::make::play_into(t, s, m, &mut after);
                let check = crate::position::king_in_check(t, &after, !s.turn);
                crate::make::take_back(t, s, m, &mut after);
                !check
            }
        });
    }
    if rules.must_capture && out[from..].iter().any(|&m| captures(&s.cells, m)) {
        retain_from(out, from, |m| captures(&s.cells, m));
    }
}

/// Keeps of `out[start..]` the moves `keep` accepts, in order.
#[inline]
fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(Move) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        if keep(m) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The outcome a goal gives the position, if the rule set has goals and
/// one ends it (then there is no legal move).
#[inline]
pub(crate) fn ended(rules: &Rules, t: &Tables, s: &State) -> Option<EndRule> {
    if let Some(end) = crate::passing::ended(rules, t, s) {
        return Some(end);
    }
    if rules.goals.any() {
        crate::ends::ended(rules, t, s)
    } else {
        None
    }
}

/// Whether the side to move may only drop: it holds a piece in hand
/// where pieces in hand must be dropped ([`Rules::must_drop`]) — of the
/// kind that must, where one kind must ([`crate::Drops::must_drop_kind`])
/// —, and one of its drops is legal. As in Fairy-Stockfish, a side whose pieces in
/// hand have nowhere to go moves its pieces on the board.
#[inline]
pub(crate) fn must_drop(rules: &Rules, t: &Tables, s: &State) -> bool {
    let hand = &s.hands[s.turn.index()];
    rules.must_drop
        && match t.must_drop_kind {
            Some(k) => hand.get(k).is_some_and(|&n| n > 0),
            None => hand.iter().any(|&n| n > 0),
        }
        && any_legal_drop(rules, t, s)
}

/// The cells of the pieces of the side to move that may move: none where
/// it may only drop ([`must_drop`]).
#[inline(always)]
pub(crate) fn movable(rules: &Rules, t: &Tables, s: &State) -> [u64; WORDS] {
    if must_drop(rules, t, s) {
        [0; WORDS]
    } else {
        s.occupied[s.turn.index()]
    }
}

/// Whether a drop of the side to move is legal (where pieces in hand
/// must be dropped while one is: [`must_drop`]): it
/// leaves no royal piece attacked, and gives no check where drops (or
/// moves) may not.
pub(crate) fn any_legal_drop(rules: &Rules, t: &Tables, s: &State) -> bool {
    let mut drops: Vec<Move> = crate::movegen::drop_targets(t, s)
        .flat_map(|(drop, cells)| crate::movegen::dropped(t, drop, &cells).collect::<Vec<_>>())
        .collect();
    // (Where a drop may go is its targets' to say, as for the legal
    // moves: each is tried for the royal pieces only.)
    let (royals, mut scratch) = (Royals::of(t, s), s.cells);
    drops.retain(|&m| safe_after(t, s, &mut scratch, &royals, m));
    if sifted(rules) {
        sift(rules, t, s, &mut drops, 0);
    }
    !drops.is_empty()
}

/// The legal moves added to `out`, or (`COUNT`) counted: then `out` is
/// scratch space, and only the moves that must be tried are listed.
fn legal<const COUNT: bool>(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) -> u64 {
    let mut count = 0u64;
    let us = s.turn;
    let them = !us;
    let side = us.index();
    let guard = Guard::new(t, s);
    let (royals, every) = (&guard.royals, guard.every);
    let ep = s.en_passant;
    // The kinds whose moves are counted as generated when the piece is
    // not pinned (none when every move is tried).
    let plain = if every {
        0
    } else {
        !(t.royal | t.listed | if ep.is_some() { t.en_passant } else { 0 })
    };
    let mut scratch = None;
    // (Where pieces in hand must be dropped, only drops.)
    let board = movable(rules, t, s);
    for word in t.words.clone() {
        let mut bits = board[word];
        while bits != 0 {
            let from = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Only moves that may uncover or leave an attack are tried:
            // every move when in check, a pinned or royal piece's moves,
            // en passant (two pieces leave the line) and castling.
            let cell = s.cells[from];
            let kind = kind_of(cell);
            let bit = 1u64 << kind;
            // (Most pieces are neither royal nor listed, nor able to take
            // en passant here, nor pinned: their moves are counted as
            // generated.)
            let (all, en_passant, tried) = if COUNT && plain & bit != 0 && !guard.pinned(from) {
                (false, None, false)
            } else {
                let all = guard.all(t, from, bit);
                let en_passant = ep.filter(|_| t.en_passant & bit != 0);
                // (A capture en passant into the promotion zone is listed,
                // with its promotions; a king that castles but is not
                // royal is listed too: counting leaves castling out.)
                let into_zone =
                    en_passant.is_some_and(|ep| ep.squares().any(|sq| t.in_zone(us, cell_of(sq))));
                (all, en_passant, all || t.listed & bit != 0 || into_zone)
            };
            if COUNT && !tried {
                // Counted, and an en passant capture (two pieces leave
                // their squares) tried on its own.
                count += count_piece(rules, t, s, from);
                for (ep, passed) in en_passant
                    .iter()
                    .flat_map(|&ep| ep.squares().map(move |sq| (ep, sq)))
                {
                    if let Some(m) = en_passant_capture(t, s, from, ep, passed) {
                        let scratch = scratch.get_or_insert(s.cells);
                        count += u64::from(safe_after(t, s, scratch, royals, m));
                    }
                }
                continue;
            }
            let tried = tried || en_passant.is_some();
            if COUNT
                && !every
                && royals.n == 1
                && t.is_royal(cell)
                && (t.overlapping | t.confined | t.changing) & (1 << kind) == 0
                && t.leaper[side] & (1 << kind) != 0
                && !(ep.is_some() && t.en_passant & (1 << kind) != 0)
            {
                // The only royal piece, out of check, with plain leaps:
                // each destination counted if it is not attacked once the
                // piece has left its square (no lame or far captures, so
                // only lines pass it); castling tried in full.
                for leap in &t.atoms[side][kind].all {
                    let to = step(from, leap.delta);
                    let goes = offers(s.cells[to], s.mine()) & leap.may != 0;
                    if goes && !t.attacked_past(&s.cells, to, them, from) {
                        count += 1;
                    }
                }
                if s.castling != 0 {
                    out.clear();
                    // (Out of check: `every` is not set.)
                    castles(rules, t, s, t.square_of[from], Some(false), |m| out.push(m));
                    if out.is_empty() {
                        continue;
                    }
                    let scratch = scratch.get_or_insert(s.cells);
                    let safe = out
                        .iter()
                        .filter(|&&m| safe_after(t, s, scratch, royals, m));
                    count += safe.count() as u64;
                }
                continue;
            }
            if COUNT {
                out.clear();
            }
            let start = out.len();
            piece_moves(rules, t, s, out, from, ep);
            if !tried {
                continue;
            }
            let scratch = scratch.get_or_insert(s.cells);
            retain_from(out, start, |m| {
                // (A plain move of a piece neither pinned nor royal is safe.)
                permitted(t, s, m)
                    && ((!all && matches!(m.kind, Effect::Normal))
                        || safe_after(t, s, scratch, royals, m))
            });
            if COUNT {
                count += out.len() as u64;
            }
        }
    }
    // A pass, out of check.
    if let Some(m) = crate::passing::pass(rules, t, s)
        && !crate::position::in_check(t, s, us)
    {
        count += 1;
        if !COUNT {
            out.push(m);
        }
    }
    // Drops: each legal out of check (a piece put on the board uncovers
    // nothing) but a royal piece's, else tried.
    if t.drops.is_none() {
        return count;
    }
    for (drop, cells) in drop_targets(t, s) {
        // (A royal piece dropped may be dropped into attack: tried.)
        let royal = t.royal & (1 << drop.0) != 0;
        if COUNT && !every && !royal {
            count += cells.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
            continue;
        }
        if COUNT {
            out.clear();
        }
        let start = out.len();
        out.extend(dropped(t, drop, &cells));
        if every || royal {
            let scratch = scratch.get_or_insert(s.cells);
            retain_from(out, start, |m| safe_after(t, s, scratch, royals, m));
        }
        if COUNT {
            count += out.len() as u64;
        }
    }
    count
}

/// Whether the pseudo-legal move `m` is legal, before the rules that
/// forbid some moves for others' sake (no checks, compulsory captures):
/// it is [`permitted`] and leaves no royal piece attacked
/// ([`safe_after`], tried on `scratch`).
#[inline]
pub(crate) fn allowed(
    t: &Tables,
    s: &State,
    scratch: &mut [u8; CELLS],
    royals: &Royals,
    m: Move,
) -> bool {
    permitted(t, s, m) && safe_after(t, s, scratch, royals, m)
}

/// Whether the pseudo-legal move `m` goes where its piece may go (its
/// region, [`PieceDef::mobility`](crate::PieceDef::mobility)) and takes
/// no piece of its own kind where the kind is immune to itself.
#[inline]
pub(crate) fn permitted(t: &Tables, s: &State, m: Move) -> bool {
    (t.confined == 0 || t.may_go(s.cells[cell_of(m.from)], cell_of(m.to)))
        && !crate::blast::immune_capture(t, &s.cells, m)
        && !strands(t, s, m)
        && !crate::walls::petrifies_royal(t, s, m)
}

/// Whether `m` (a move, not a promotion) leaves its piece where it could
/// never move again, where that is illegal (drops there are never listed:
/// [`crate::movegen::drop_targets`]).
#[inline]
pub(crate) fn strands(t: &Tables, s: &State, m: Move) -> bool {
    t.stuck.is_some()
        && m.kind == Effect::Normal
        && m.promotion.is_none()
        && t.stuck_on(s.turn, kind_of(s.cells[cell_of(m.from)]) as u8, m.to)
}

/// Whether no royal piece of the side to move is attacked after `m`,
/// tried on `scratch` (a copy of the board, left as it was).
#[inline]
pub(crate) fn safe_after(
    t: &Tables,
    s: &State,
    scratch: &mut [u8; CELLS],
    royals: &Royals,
    m: Move,
) -> bool {
    safe_after_walled(t, s, scratch, royals, m, None)
}

/// [`safe_after`], with a wall put down on the cell `wall` after the move
/// (where the rule set guards its royal pieces with the walls a move
/// leaves: [`guarded`]).
#[inline(always)]
fn safe_after_walled(
    t: &Tables,
    s: &State,
    scratch: &mut [u8; CELLS],
    royals: &Royals,
    m: Move,
    wall: Option<usize>,
) -> bool {
    let us = s.turn;
    let mut promoted = None;
    if let Some(few) = &t.few_royal {
        // A promotion to a kind royal while few: the new piece is royal
        // if its side had fewer than the count, else (now more) none of
        // its kind is.
        if let Some(kind) = m.promotion.filter(|&k| few.kinds & (1 << k) != 0) {
            promoted = Some((kind, crate::position::count_kind(s, us, kind) < few.count));
        }
    }
    apply(scratch, us, m);
    if let Some(w) = wall {
        scratch[w] = WALL;
    }
    let (from, to) = (cell_of(m.from), cell_of(m.to));
    let blast = crate::blast::blast_at(t, &s.cells, m);
    if let (Some(at), Some(kinds)) = (blast, &t.blast) {
        crate::blast::explode(kinds, scratch, at, |_, _| {});
    }
    let theirs = &s.royal[(!us).index()];
    let gone = |c: usize| scratch[c] == EMPTY;
    let safe = if blast.is_some() && royals.iter().any(|r| gone(if r == from { to } else { r })) {
        // A royal piece of the side to move blown up by its own capture.
        false
    } else if blast.is_some() && crate::mailbox::cells(theirs).any(gone) {
        // One of the other side's blown up: nothing left attacked matters.
        true
    } else {
        let kept = |r: usize| {
            (matches!(promoted, Some((kind, false)) if kind_of(scratch[r]) == usize::from(kind))
                || !t.attacked(scratch, r, !us)
                || crate::blast::shielded(t, scratch, theirs, r))
                && !t.faced(scratch, r, !us)
        };
        // (A royal piece dropped is one more to keep out of attack: asked
        // only where pieces are dropped.)
        let dropped = t.drops.is_some()
            && matches!(m.kind, Effect::Drop { kind } if t.royal & (1 << kind) != 0);
        royals.iter().all(|r| kept(if r == from { to } else { r }))
            && (!dropped || kept(to))
            && !(matches!(promoted, Some((_, true))) && t.attacked(scratch, to, !us))
            && !crate::duple::left(t, &s.occupied[us.index()], us, scratch, m)
    };
    m.touched(|sq| scratch[cell_of(sq)] = s.cells[cell_of(sq)]);
    if let Some(w) = wall {
        scratch[w] = s.cells[w];
    }
    if let Some(at) = blast {
        for c in crate::blast::reach(at) {
            scratch[c] = s.cells[c];
        }
    }
    safe
}

#[cfg(test)]
mod tests {
    use crate::geometry::{Geometry, Square};
    use crate::position::Position;
    use crate::rules::{PieceDef, Rules};
    use crate::types::{Effect, Move};

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// The legal moves the slow way: every pseudo-legal move played, and
    /// kept if no move of the other side then captures a royal piece of
    /// the mover (attacks found by generating moves, not by the walk back
    /// along rays the engine uses).
    fn naive(pos: &Position<'_>) -> Vec<Move> {
        pos.pseudo_legal()
            .into_iter()
            .filter(|&m| {
                let after = pos.play(m);
                !after.pseudo_legal().iter().any(|reply| {
                    after.piece_at(reply.to).is_some_and(|p| {
                        p.color == pos.turn() && pos.rules.pieces[p.kind as usize].royal
                    })
                })
            })
            .collect()
    }

    /// Rule sets that exercise every shortcut of the legality test: lame
    /// leapers (which moving any piece may uncover), riders of leaps,
    /// moves from the start square only, a non-pawn that captures en
    /// passant, several royal pieces, a royal rider, boards of other sizes.
    fn rule_sets() -> Vec<Rules> {
        let piece = |l, n, b| PieceDef::new(l, n, b).unwrap();
        let mut out = Vec::new();
        let mut xiangqi_ish = Rules::chess();
        xiangqi_ish.pieces[1] = piece('N', "horse", "nN");
        xiangqi_ish.pieces.push(piece('E', "elephant", "nA"));
        xiangqi_ish.start = "rnbqkbnr/pppppppp/8/2E2e2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into();
        out.push(xiangqi_ish);
        let mut riders = Rules::chess();
        riders.geometry = Geometry::new(10, 10).unwrap();
        riders.pieces.push(piece('X', "nightrider", "NN"));
        riders.pieces.push(piece('Y', "pusher", "ifmW3cF"));
        riders.pieces.push(piece('Z', "sneak", "fmWfceF"));
        // A rider and a leaper along the same lines (found by the fuzz
        // target: each move was listed twice).
        riders.pieces.push(piece('O', "double", "NNN"));
        // Moves along one line with different steps that meet: a rider of
        // threes and a lame stepper of up to three.
        riders.pieces.push(piece('S', "meeting", "HHnW3"));
        riders.castling = None;
        riders.start =
            "rnbxqkyznr/pppppppppp/10/10/10/10/4s5/5S4/PPPPPPPPPP/RNBXQKYZNO w - - 0 1".into();
        out.push(riders);
        // Pieces that capture en passant otherwise than a pawn's step: along
        // a diagonal ride of two, and by a knight's leap from the start
        // square only (beside plain diagonal captures), tried on their own
        // when perft counts.
        let mut en_passant = Rules::chess();
        en_passant.pieces.push(piece('E', "lancer", "fmWfceF2"));
        en_passant
            .pieces
            .push(piece('V', "vanguard", "fmWfcFifceN"));
        en_passant.start =
            "rnbqkbnr/pppppppp/8/8/2E2v2/2e2V2/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into();
        out.push(en_passant);
        // Far leaps, as CustomChessKell's Jumps may be (up to 15 squares,
        // beyond the mailbox's border), by a piece and by a royal piece.
        let far = |leap: (u8, u8)| {
            let (a, b) = (leap.0 as i8, leap.1 as i8);
            let mut vectors = Vec::new();
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if !vectors.contains(&(x * sx, y * sy)) {
                        vectors.push((x * sx, y * sy));
                    }
                }
            }
            crate::betza::Atom {
                leap,
                vectors,
                range: 1,
                moves: true,
                captures: true,
                initial: false,
                lame: false,
                en_passant: false,
                hop: crate::betza::Hop::No,
                lines: false,
            }
        };
        let mut far_leaps = Rules::chess();
        far_leaps.geometry = Geometry::new(16, 16).unwrap();
        far_leaps.castling = None;
        let mut giraffe = piece('G', "giraffe", "W");
        giraffe.atoms = vec![far((4, 1)), far((15, 1))];
        far_leaps.pieces.push(giraffe);
        far_leaps.pieces[5].atoms.push(far((6, 0)));
        far_leaps.start = "rnbqkbnrgg6/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNRGG6 w - - 0 1".into();
        out.push(far_leaps);
        let mut two_kings = Rules::chess();
        two_kings.pieces[5] = piece('K', "king", "K").royal();
        two_kings
            .pieces
            .push(piece('G', "royal queen", "Q").royal());
        two_kings.castling = None;
        two_kings.start = "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w - - 0 1".into();
        out.push(two_kings);
        // A king that promotes shogi-style (to a royal amazon) on its last
        // three ranks, where it may stay a king: its moves there are
        // listed twice over, never counted by destination.
        let mut promoting = Rules::chess();
        promoting.pieces.push(piece('A', "amazon", "QN").royal());
        promoting.pieces[5].promotes_to = Some('A');
        promoting.promotion_region = promoting.last_ranks(3);
        promoting.promotion_pieces.clear();
        promoting.castling = None;
        promoting.start = "4k3/8/8/3K4/8/8/8/8 w - - 0 1".into();
        out.push(promoting);
        out
    }

    #[test]
    fn fast_legality_and_counting_agree_with_the_naive_way() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for rules in rule_sets() {
            for _ in 0..20 {
                let mut pos = Position::start(&rules).unwrap();
                for _ in 0..80 {
                    let mut fast: Vec<String> =
                        pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
                    let mut slow: Vec<String> =
                        naive(&pos).into_iter().map(|m| pos.uci(m)).collect();
                    fast.sort();
                    slow.sort();
                    let mut once = fast.clone();
                    once.dedup();
                    assert_eq!(once, fast, "a move listed twice in {}", pos.fen());
                    assert_eq!(fast, slow, "{} in {}", rules.name, pos.fen());
                    assert_eq!(pos.perft(1), slow.len() as u64, "{}", pos.fen());
                    if checked % 100 == 0 {
                        // Three plies: each move made and taken back on one
                        // copy of the state (a royal piece that moved at
                        // the first ply counts at the third), against a new
                        // position each.
                        let by_play: u64 =
                            naive(&pos).into_iter().map(|m| pos.play(m).perft(2)).sum();
                        assert_eq!(pos.perft(3), by_play, "{}", pos.fen());
                        // The state kept along the way (pieces, royal
                        // pieces) is the one a FEN gives.
                        let again = Position::from_fen(&rules, &pos.fen()).unwrap();
                        assert_eq!(again.perft(3), by_play, "{}", pos.fen());
                    }
                    checked += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn pawns_with_nothing_to_promote_to_move_into_the_zone_as_themselves() {
        // Found by the `rules` fuzz target: counting multiplied by the
        // number of promotions less one, which underflowed at none. With
        // nothing to promote to, the pawn moves there as a pawn, as
        // Fairy-Stockfish has it (`promotionPieceTypes = -`).
        let mut rules = Rules::chess();
        rules.promotion_pieces.clear();
        rules.start = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
        let b8 = pos.parse_move("b7b8").unwrap();
        assert_eq!(b8.promotion, None);
        assert_eq!(pos.san(b8), "b8");
    }

    #[test]
    fn a_king_that_is_not_royal_castles_when_counted_too() {
        // Found by the `rules` fuzz target: counting left out the
        // castling of a king that is not royal (extinction chess).
        let text = "[captureall:extinction]\nextinctionPieceTypes = *\n";
        let rules = crate::ini::variants(text).unwrap().remove(0);
        let fen = "rnbqk2r/pppp1ppp/7n/4p3/1b1P4/P3B3/1PPKPPPP/RN1Q1BNR b kq - 3 4";
        let pos = Position::from_fen(&rules, fen).unwrap();
        assert!(pos.parse_move("e8g8").is_some());
        assert_eq!(pos.legal_moves().len(), 36);
        assert_eq!(pos.perft(1), 36);
    }

    #[test]
    fn a_king_that_is_not_royal_taken_takes_its_sides_castling_with_it() {
        // Found by the `rules` fuzz target: White's rights outlived its
        // king, and the FEN written named rooks no king could castle with.
        let text = "[captureall:extinction]\nextinctionPieceTypes = *\n";
        let rules = crate::ini::variants(text).unwrap().remove(0);
        let fen = "rnbqk2r/p2p1ppp/2p5/1p1Pp1N1/1b4n1/P3B1P1/1PP1PP1P/RN1QKB1R b KQq - 0 9";
        let pos = Position::from_fen(&rules, fen).unwrap();
        let after = pos.play(pos.parse_move("b4e1").unwrap());
        assert_eq!(
            after.fen(),
            "rnbqk2r/p2p1ppp/2p5/1p1Pp1N1/6n1/P3B1P1/1PP1PP1P/RN1QbB1R w q - 0 10"
        );
        assert!(Position::from_fen(&rules, &after.fen()).is_ok());
        // And Black's, taken by White.
        let pos = Position::from_fen(&rules, "r3k2r/8/8/8/8/8/4Q3/4K3 w kq - 0 1").unwrap();
        let after = pos.play(pos.parse_move("Qxe8").unwrap());
        assert_eq!(after.fen(), "r3Q2r/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn a_pawns_double_step_backward_allows_no_en_passant() {
        // Found by the `rules` fuzz target: a pawn that may step two
        // squares any way (`nD`) went back from f3 to f5 and left f4 as
        // an en passant square; read from the FEN, that square said the
        // pawn stood on f3, and White's h2 pawn took an empty square "en
        // passant". Fairy-Stockfish leaves no en passant square there.
        let text = "[awns:chess]\ncustomPiece1 = p:mW7ceBifsAnD\npawnTypes = p\n";
        let rules = crate::ini::variants(text).unwrap().remove(0);
        let fen = "rnbqkbnr/1ppp3p/8/1P6/8/p4p1N/1pPQPPPP/RnB1KB1R b KQkq - 0 9";
        let pos = Position::from_fen(&rules, fen).unwrap();
        let after = pos.play(pos.parse_move("f3f5").unwrap());
        assert!(after.fen().contains(" w KQkq - "), "{}", after.fen());
        let h2f4 = after.parse_move("h2f4").unwrap();
        assert_eq!(h2f4.kind, Effect::Normal);
        // And a FEN that names a square no pawn passed is refused.
        let e = Position::from_fen(&rules, &after.fen().replace(" - ", " f4 ")).unwrap_err();
        assert!(
            e.message
                .contains("`f4` cannot be an en passant square: no black pawn on f3"),
            "{}",
            e.message
        );
        // A double step that promotes allows none: what stands there is
        // no pawn (found by the `rules` fuzz target: its FEN was refused).
        let two = crate::ini::variants("[two:chess]\ncustomPiece1 = p:fmW2fcF\npawnTypes = p\n")
            .unwrap()
            .remove(0);
        let pos = Position::from_fen(&two, "4k3/8/8/8/8/p7/8/4K3 b - - 0 1").unwrap();
        let a1 = pos.parse_move("a3a1q").unwrap();
        let after = pos.play(a1);
        assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/q3K3 w - - 0 2");
        assert!(Position::from_fen(&two, &after.fen()).is_ok());
        // Nor one that leaps over a piece (`ifmD`, not lame): the square
        // it passed is taken (found by the fuzz target too).
        let leap =
            crate::ini::variants("[leap:chess]\ncustomPiece1 = p:fmWfcFifmD\npawnTypes = p\n")
                .unwrap()
                .remove(0);
        let pos = Position::from_fen(&leap, "4k3/2p5/2P5/8/8/8/8/4K3 b - - 0 1").unwrap();
        let after = pos.play(pos.parse_move("c7c5").unwrap());
        assert_eq!(after.fen(), "4k3/8/2P5/2p5/8/8/8/4K3 w - - 0 2");
        // A forward double step still allows it.
        let pos = Position::from_fen(&rules, "4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1").unwrap();
        let after = pos.play(pos.parse_move("f7f5").unwrap());
        assert!(after.fen().contains(" w - f6 "), "{}", after.fen());
    }

    #[test]
    fn a_piece_named_twice_among_the_promotions_promotes_once() {
        // Found by the `rules` fuzz target: `promotionPieceTypes = qrrn`
        // listed the rook promotion twice, so its coordinates read back
        // as ambiguous.
        let mut rules = Rules::chess();
        rules.promotion_pieces = vec!['Q', 'R', 'R', 'N', 'R'];
        rules.start = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        let moves = pos.legal_moves();
        let a7 = |m: &&Move| m.from == Square::new(0, 6);
        // a8 and b8, each as a queen, a rook and a knight.
        assert_eq!(moves.iter().filter(a7).count(), 6);
        assert_eq!(pos.perft(1), moves.len() as u64);
        for m in moves.iter().filter(a7) {
            assert_eq!(pos.parse_move(&pos.uci(*m)), Some(*m));
        }
        let ini = crate::ini::variants("[twice:chess]\npromotionPieceTypes = qrrn\n").unwrap();
        assert_eq!(ini[0].promotion_pieces, ['Q', 'R', 'N']);
    }

    #[test]
    fn a_royal_piece_of_the_side_not_to_move_may_not_be_attacked() {
        // Found by the `rules` fuzz target: a start position with Black's
        // king attacked and White to move let White take the king.
        let mut rules = Rules::chess();
        rules.start = "rnbqkbnr/pppppPpp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1".into();
        let error = Position::start(&rules).unwrap_err();
        assert_eq!(
            error.message,
            "Black's king on e8 is attacked with White to move: no move can lead to this position"
        );
        // With Black to move it is a check, as any.
        rules.start = rules.start.replace(" w ", " b ");
        assert!(Position::start(&rules).unwrap().is_check());
    }

    #[test]
    fn a_capture_that_blows_up_a_royal_piece_leaves_a_position_that_reads_back() {
        // Found by the `rules` fuzz target: where captures explode, a
        // capture that blows up one of the other side's royal pieces is
        // legal whatever it leaves attacked (Fairy-Stockfish's rule), so
        // its position, White's king on a1 gone and Black's on e5 still
        // attacked, is read from its FEN too, a second white king left.
        // (Kings royal however many, as a rules file may have them:
        // Fairy-Stockfish's atomic makes a king royal only while it is
        // the last.)
        let mut rules = Rules::chess();
        rules.blast = Some(crate::rules::Blast {
            spared: vec!['P'],
            immune: vec![],
        });
        let before = "k7/8/8/4k2R/2n5/8/1P6/K5K1 b - - 0 1";
        let pos = Position::from_fen(&rules, before).unwrap();
        assert!(pos.is_check());
        let m = pos.parse_move("c4b2").unwrap();
        assert!(pos.legal_moves().contains(&m));
        // (Out of check otherwise: only the king on e5 moves.)
        assert!(pos.parse_move("a8a7").is_none());
        let after = pos.play(m);
        assert_eq!(after.fen(), "k7/8/8/4k2R/8/8/8/6K1 w - - 0 2");
        let again = Position::from_fen(&rules, &after.fen()).unwrap();
        assert_eq!(again.perft(1), 15);
    }

    #[test]
    fn a_castling_the_king_could_also_step_is_written_king_takes_rook() {
        // Found by the `rules` fuzz target: the king castles from h8 to i8
        // with the rook on j8, and h8i8 is also a step of the king.
        let mut rules = Rules::chess();
        rules.geometry = Geometry::new(10, 8).unwrap();
        let castling = rules.castling.as_mut().unwrap();
        castling.king_side_file = 8;
        rules.start = "7k1r/10/10/10/10/10/10/4K5 b k - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        let moves = pos.legal_moves();
        let castle = *moves
            .iter()
            .find(|m| matches!(m.kind, Effect::Castle { .. }))
            .unwrap();
        assert_eq!(pos.uci(castle), "h8j8");
        assert_eq!(pos.parse_move("h8j8"), Some(castle));
        let step = pos.parse_move("h8i8").unwrap();
        assert_eq!(
            (step.kind, pos.uci(step).as_str()),
            (Effect::Normal, "h8i8")
        );
        // Where the king goes two squares, its castling is written as usual.
        let chess = Rules::chess();
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let castle = pos.parse_move("O-O").unwrap();
        assert_eq!(pos.uci(castle), "e1g1");
        assert_eq!(pos.parse_move("e1h1"), Some(castle));
    }

    #[test]
    fn many_royal_pieces() {
        // More royal pieces than the shortcut's list holds inline.
        let mut rules = Rules::chess();
        rules.castling = None;
        rules.start = "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        assert_eq!(pos.legal_moves().len(), naive(&pos).len());
        assert_eq!(pos.perft(2), {
            pos.legal_moves()
                .into_iter()
                .map(|m| naive(&pos.play(m)).len() as u64)
                .sum::<u64>()
        });
    }
}
