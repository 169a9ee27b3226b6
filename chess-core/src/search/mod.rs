//! The mate search: proving that a side forces checkmate, on top of
//! shakmaty's move generation. What puzzles and problems are checked with.
//!
//! A proof is exhaustive: "White forces mate in 2" is true only if some
//! White move answers every Black defence with a mate in 1. The search
//! orders moves so that proofs and refutations come early (for the side
//! that mates: checks, then captures; for the defence: king moves, then
//! captures), remembers what it proved about each position (a
//! transposition table keyed by Zobrist hash, with the lengths proved and
//! refuted), and counts the positions it visits: past its node budget it
//! stops with [`OutOfBudget`], never with a wrong answer.
//!
//! Besides direct mates ([`Goal::Mate`]) it proves selfmates
//! ([`Goal::SelfMate`]: the attacker forces the defence to mate it) and
//! finds every solution of a helpmate ([`Search::helpmates`]: both sides
//! cooperate).
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`Search`]: mates and selfmates, keys, cooks, defences, proof lines; the transposition table and move ordering |
//! | `help.rs` | every solution of a helpmate |
//! | `tests.rs` | the search's unit tests |
//!
//! ```
//! use chess_core::search::Search;
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! // White to play: the back rank.
//! let pos: Chess = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"
//!     .parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let mut search = Search::new(1_000_000);
//! assert_eq!(search.mate_length(&pos, 3), Ok(Some(1))); // 1. Re8#
//! assert_eq!(search.keys(&pos, 1).unwrap().len(), 1);
//! ```

mod help;

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, Move, MoveList, Piece, Position, Rank, Role, Square,
    attacks,
};

/// The search stopped before it settled the question: after visiting its
/// budget of positions, after its time, or cancelled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OutOfBudget {
    /// The positions visited.
    pub nodes: u64,
    /// Why it stopped.
    pub why: Spent,
}

/// Why a search stopped before it settled its question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Spent {
    /// It visited its budget of positions.
    Nodes,
    /// Its time ran out ([`Deadline::time`]).
    Time(Duration),
    /// It was cancelled ([`Deadline::cancel`]).
    Cancelled,
}

/// What ends a search besides its budget of positions: a time budget, and
/// a counter another thread moves on to cancel it (an editor's next
/// edit), with the value the search started at. Looked at every 1,024
/// positions.
#[derive(Copy, Clone, Debug, Default)]
pub struct Deadline {
    /// The longest the search may take.
    pub time: Option<Duration>,
    /// The search is cancelled once the counter is no longer the value.
    pub cancel: Option<(&'static AtomicU64, u64)>,
}

impl PartialEq for Deadline {
    fn eq(&self, other: &Deadline) -> bool {
        let same =
            |(a, x): (&AtomicU64, u64), (b, y): (&AtomicU64, u64)| std::ptr::eq(a, b) && x == y;
        self.time == other.time
            && match (self.cancel, other.cancel) {
                (Some(a), Some(b)) => same(a, b),
                (a, b) => a.is_none() && b.is_none(),
            }
    }
}

impl Eq for Deadline {}

/// What the side to move (the attacker) forces, whatever the other side
/// (the defence) plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// It checkmates the defence (a direct mate, `#n`).
    Mate,
    /// The defence has to checkmate it (a selfmate, `s#n`): the defence
    /// avoids mating as long as it can.
    SelfMate,
}

impl Goal {
    /// Mixed into a position's hash so that what is known about one goal
    /// is never taken for the other.
    fn salt(self) -> u64 {
        match self {
            Goal::Mate => 0,
            Goal::SelfMate => 0x9e37_79b9_7f4a_7c15,
        }
    }
}

/// Keys that are Zobrist hashes already (uniformly random bits) need no
/// hashing again: the table uses them as they are.
#[derive(Default)]
struct ZobristKey(u64);

impl Hasher for ZobristKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys (and helpmates' `(u64, u32)`) are hashed.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }

    fn write_u32(&mut self, n: u32) {
        self.0 ^= u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Table<K, V> = HashMap<K, V, BuildHasherDefault<ZobristKey>>;

/// What is known about one position, the side to move attacking.
#[derive(Copy, Clone, Debug)]
struct Known {
    /// It forces its goal in this many moves (`u8::MAX`: not proved).
    mates_in: u8,
    /// It cannot force its goal in this many moves or fewer (0: nothing
    /// refuted).
    no_mate_in: u8,
}

/// A mate search with its transposition table and node budget; see the
/// [module](self). One `Search` may answer many questions about one
/// problem (what it learns carries over).
pub struct Search {
    table: Table<u64, Known>,
    /// Helpmates: positions (hash, plies left) with no solution.
    dead: HashSet<(u64, u32), BuildHasherDefault<ZobristKey>>,
    /// The defence's last escape found in a position (by hash), tried
    /// first when the position comes again.
    escapes: Table<u64, Move>,
    nodes: u64,
    budget: u64,
    /// What else ends it, and when it began.
    deadline: Deadline,
    began: Instant,
    /// The last escape found for each number of moves left.
    killers: [Option<Move>; KILLERS],
}

/// Escapes remembered: one per number of moves left, up to this many.
const KILLERS: usize = 16;

/// Room made in the tables at the start: a mate in 3 visits a few
/// thousand positions, and growing a table rehashes it.
const RESERVED: usize = 2048;

impl Search {
    /// A search that visits at most `budget` positions.
    pub fn new(budget: u64) -> Search {
        Search {
            table: Table::with_capacity_and_hasher(RESERVED, Default::default()),
            dead: HashSet::default(),
            escapes: Table::with_capacity_and_hasher(RESERVED, Default::default()),
            nodes: 0,
            budget,
            deadline: Deadline::default(),
            began: Instant::now(),
            killers: [None; KILLERS],
        }
    }

    /// The search, ended also by `deadline` (its time counted from now).
    #[must_use]
    pub fn with_deadline(mut self, deadline: Deadline) -> Search {
        self.deadline = deadline;
        self.began = Instant::now();
        self
    }

    /// The positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        let spent = |why| {
            Err(OutOfBudget {
                nodes: self.nodes,
                why,
            })
        };
        if self.nodes > self.budget {
            return spent(Spent::Nodes);
        }
        if self.nodes.is_multiple_of(1024) {
            if let Some(time) = self.deadline.time
                && self.began.elapsed() > time
            {
                return spent(Spent::Time(time));
            }
            if let Some((counter, value)) = self.deadline.cancel
                && counter.load(Ordering::Relaxed) != value
            {
                return spent(Spent::Cancelled);
            }
        }
        Ok(())
    }

    /// Whether the side to move forces checkmate in at most `n` of its
    /// moves, whatever the other side plays.
    pub fn forces_mate(&mut self, pos: &Chess, n: u32) -> Result<bool, OutOfBudget> {
        self.forces(pos, Goal::Mate, n)
    }

    /// Whether the side to move forces `goal` in at most `n` of its moves,
    /// whatever the other side plays.
    pub fn forces(&mut self, pos: &Chess, goal: Goal, n: u32) -> Result<bool, OutOfBudget> {
        self.forces_hashed(pos, hash(pos), goal, n)
    }

    /// [`Search::forces`] in `pos`, whose Zobrist hash is `hash`.
    fn forces_hashed(
        &mut self,
        pos: &Chess,
        hash: u64,
        goal: Goal,
        n: u32,
    ) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let n8 = n.min(u32::from(u8::MAX - 1)) as u8;
        let key = hash ^ goal.salt();
        if let Some(known) = self.table.get(&key) {
            if known.mates_in <= n8 {
                return Ok(true);
            }
            if known.no_mate_in >= n8 {
                return Ok(false);
            }
        }
        self.tick()?;
        let result = match goal {
            Goal::Mate => self.mate_node(pos, hash, n)?,
            Goal::SelfMate => {
                let mut result = false;
                for m in ordered_moves(pos) {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    if self.defence(&after, goal, n)?.is_none() {
                        result = true;
                        break;
                    }
                }
                result
            }
        };
        let known = self.table.entry(key).or_insert(Known {
            mates_in: u8::MAX,
            no_mate_in: 0,
        });
        if result {
            known.mates_in = known.mates_in.min(n8);
        } else {
            known.no_mate_in = known.no_mate_in.max(n8);
        }
        Ok(result)
    }

    /// [`Search::forces`] for a mate, past the table: a mate in one first
    /// (it answers every question of length `n`; only checks can mate, and
    /// only the moves that may give check are played for it), then the
    /// checks found on the way, then captures, then the rest. The moves
    /// are generated once.
    fn mate_node(&mut self, pos: &Chess, hash: u64, n: u32) -> Result<bool, OutOfBudget> {
        let us = pos.turn();
        let board = pos.board();
        let Some(king) = board.king_of(!us) else {
            return Ok(false);
        };
        let occupied = board.occupied();
        // A mate in one: only a check mates, and where no discovered
        // check, promotion, castling or en passant can be among the checks,
        // they are found without generating every move.
        if n == 1
            && let Some(mated) = direct_checks(pos, king, |_, after| checkmated(after))
        {
            return Ok(mated);
        }
        let mut checks: Vec<(Move, Chess)> = Vec::new();
        let mut rest: [MoveList; 2] = Default::default();
        for m in pos.legal_moves() {
            if may_check(m, us, king, occupied) {
                let mut after = pos.clone();
                after.play_unchecked(m);
                if after.is_check() {
                    if checkmated(&after) {
                        return Ok(true);
                    }
                    checks.push((m, after));
                    continue;
                }
            }
            rest[usize::from(!m.is_capture())].push(m);
        }
        if n == 1 {
            return Ok(false);
        }
        for (m, after) in &checks {
            if !self.escapes_hashed(after, child_hash(pos, hash, *m, after), n - 1)? {
                return Ok(true);
            }
        }
        for &m in rest.iter().flatten() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if !self.escapes_hashed(&after, child_hash(pos, hash, m, &after), n - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the side to move (the defence) has a move after which the
    /// other side cannot force mate in `n`: a stalemate, or a reply that
    /// escapes. A checkmated side does not escape.
    pub fn escapes(&mut self, pos: &Chess, n: u32) -> Result<bool, OutOfBudget> {
        self.escapes_hashed(pos, hash(pos), n)
    }

    /// [`Search::escapes`] in `pos`, whose Zobrist hash is `hash`.
    fn escapes_hashed(&mut self, pos: &Chess, hash: u64, n: u32) -> Result<bool, OutOfBudget> {
        Ok(self.first_escape(pos, hash, Goal::Mate, n)?.is_some() || self.stalemate(pos))
    }

    fn stalemate(&self, pos: &Chess) -> bool {
        !pos.is_check() && pos.legal_moves().is_empty()
    }

    /// A defence that escapes a mate in `n` (the first found, in the
    /// search's order), if there is one.
    pub fn escape(&mut self, pos: &Chess, n: u32) -> Result<Option<Move>, OutOfBudget> {
        self.first_escape(pos, hash(pos), Goal::Mate, n)
    }

    /// The defence's first move (in the search's order) after which the
    /// attacker no longer forces `goal` in its `n` moves left; for a
    /// selfmate, a move that does not mate either.
    fn first_escape(
        &mut self,
        pos: &Chess,
        hash: u64,
        goal: Goal,
        n: u32,
    ) -> Result<Option<Move>, OutOfBudget> {
        // Played one at a time: an early escape saves playing the rest.
        // The escape last found in this position, then the last found at
        // this depth (it often refutes the next try too), are tried before
        // the moves are generated: one of them often holds, and testing a
        // move's legality costs less than generating every move.
        let depth = (n as usize).min(KILLERS - 1);
        let key = hash ^ goal.salt();
        let known = self.escapes.get(&key).copied();
        let killer = self.killers[depth].filter(|&k| Some(k) != known);
        let first = [known, killer];
        for m in first.into_iter().flatten() {
            if let Some(after) = played_if_legal(pos, m)
                && self.holds_after(&after, child_hash(pos, hash, m, &after), goal, n)?
            {
                return Ok(Some(self.escaped(key, depth, m)));
            }
        }
        // For a mate, king moves and captures first; a selfmate's defence
        // is usually any move that does not mate: no order pays.
        let moves = match goal {
            Goal::Mate => defending_moves(pos),
            Goal::SelfMate => pos.legal_moves().into_iter().collect(),
        };
        for m in moves {
            if !first.contains(&Some(m)) && self.holds(pos, hash, m, goal, n)? {
                return Ok(Some(self.escaped(key, depth, m)));
            }
        }
        Ok(None)
    }

    /// Whether the defence's move `m` in `pos` escapes `goal` in `n`.
    fn holds(
        &mut self,
        pos: &Chess,
        hash: u64,
        m: Move,
        goal: Goal,
        n: u32,
    ) -> Result<bool, OutOfBudget> {
        let mut after = pos.clone();
        after.play_unchecked(m);
        self.holds_after(&after, child_hash(pos, hash, m, &after), goal, n)
    }

    /// Whether the position `after` the defence's move (its Zobrist hash
    /// `hash`) escapes `goal` in `n`.
    fn holds_after(
        &mut self,
        after: &Chess,
        hash: u64,
        goal: Goal,
        n: u32,
    ) -> Result<bool, OutOfBudget> {
        Ok(match goal {
            Goal::Mate => !self.forces_hashed(after, hash, goal, n)?,
            Goal::SelfMate => !checkmated(after) && !self.forces_hashed(after, hash, goal, n)?,
        })
    }

    /// Remembers `m`, an escape in the position `key` with `depth` moves
    /// left.
    fn escaped(&mut self, key: u64, depth: usize, m: Move) -> Move {
        self.killers[depth] = Some(m);
        self.escapes.insert(key, m);
        m
    }

    /// After the attacker's move (`after`, the defence to move, the move
    /// counted in `n`): why it does not force `goal` in `n`, if it does
    /// not. `Some(Some(m))`: the defence `m` escapes; `Some(None)`: the
    /// defence has no move and the goal is not reached (a stalemate; for a
    /// selfmate, a mate of the defence); `None`: the move works.
    pub fn defence(
        &mut self,
        after: &Chess,
        goal: Goal,
        n: u32,
    ) -> Result<Option<Option<Move>>, OutOfBudget> {
        if n == 0 {
            return Ok(Some(None));
        }
        match goal {
            Goal::Mate => {
                if checkmated(after) {
                    return Ok(None);
                }
                if n == 1 {
                    return Ok(Some(after.legal_moves().first().copied()));
                }
                // The moves are generated once, by the escape; a stalemate
                // is asked only when none escapes.
                match self.escape(after, n - 1)? {
                    Some(escape) => Ok(Some(Some(escape))),
                    None if self.stalemate(after) => Ok(Some(None)),
                    None => Ok(None),
                }
            }
            Goal::SelfMate => {
                if after.legal_moves().is_empty() {
                    return Ok(Some(None));
                }
                Ok(self
                    .first_escape(after, hash(after), goal, n - 1)?
                    .map(Some))
            }
        }
    }

    /// The length of the shortest forced mate for the side to move, if it
    /// has one in at most `max` moves.
    pub fn mate_length(&mut self, pos: &Chess, max: u32) -> Result<Option<u32>, OutOfBudget> {
        self.length(pos, Goal::Mate, max)
    }

    /// The number of moves the side to move needs to force `goal`, if it
    /// forces it in at most `max`.
    pub fn length(
        &mut self,
        pos: &Chess,
        goal: Goal,
        max: u32,
    ) -> Result<Option<u32>, OutOfBudget> {
        for n in 1..=max {
            if self.forces(pos, goal, n)? {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    /// Every move of the side to move that forces mate in at most `n`
    /// moves (itself included): the key, and any cook.
    pub fn keys(&mut self, pos: &Chess, n: u32) -> Result<Vec<Move>, OutOfBudget> {
        self.keys_for(pos, Goal::Mate, n)
    }

    /// Every move of the side to move that forces `goal` in at most `n`
    /// moves (itself included).
    pub fn keys_for(&mut self, pos: &Chess, goal: Goal, n: u32) -> Result<Vec<Move>, OutOfBudget> {
        let mut keys = Vec::new();
        for (m, after, check) in attacking_moves(pos) {
            let works = if goal == Goal::Mate && n == 1 {
                check && checkmated(&after)
            } else {
                self.defence(&after, goal, n)?.is_none()
            };
            if works {
                keys.push(m);
            }
        }
        Ok(keys)
    }

    /// A line that proves a forced mate in at most `n` moves: the side to
    /// move's first mating move, the longest defence against it, and so
    /// on to the mate. `None` if there is no such mate.
    pub fn mating_line(&mut self, pos: &Chess, n: u32) -> Result<Option<Vec<Move>>, OutOfBudget> {
        self.proof(pos, Goal::Mate, None, n)
    }

    /// [`Search::mating_line`] starting with `first`: the line that proves
    /// that `first` forces mate in at most `n` moves, if it does.
    pub fn mating_line_from(
        &mut self,
        pos: &Chess,
        first: Move,
        n: u32,
    ) -> Result<Option<Vec<Move>>, OutOfBudget> {
        self.proof(pos, Goal::Mate, Some(first), n)
    }

    /// A line that proves that the side to move forces `goal` in at most
    /// `n` moves, starting with `first` if given: each attacker move one
    /// that works, each defence the one that holds out longest, to the
    /// mate. `None` if it does not.
    pub fn proof(
        &mut self,
        pos: &Chess,
        goal: Goal,
        mut first: Option<Move>,
        n: u32,
    ) -> Result<Option<Vec<Move>>, OutOfBudget> {
        let Some(length) = self.length(pos, goal, n)? else {
            return Ok(None);
        };
        // A given first move may take longer than the shortest mate.
        let length = if first.is_some() { n } else { length };
        let mut line = Vec::new();
        let mut pos = pos.clone();
        for left in (1..=length).rev() {
            // The attacker's move: one that works in what is left.
            let mut found = None;
            for (m, after, _) in attacking_moves(&pos) {
                if first.is_some_and(|f| f != m) {
                    continue;
                }
                if self.defence(&after, goal, left)?.is_none() {
                    found = Some((m, after));
                    break;
                }
            }
            first = None;
            let Some((m, after)) = found else {
                return Ok(None);
            };
            line.push(m);
            pos = after;
            if pos.is_checkmate() {
                return Ok(Some(line));
            }
            // The defence that holds out longest (for a selfmate, a mate
            // ends the line at once: it is the shortest).
            let mut best: Option<(u32, Move, Chess)> = None;
            for reply in defending_moves(&pos) {
                let mut after = pos.clone();
                after.play_unchecked(reply);
                let length = if goal == Goal::SelfMate && after.is_checkmate() {
                    0
                } else {
                    self.length(&after, goal, left - 1)?.unwrap_or(u32::MAX)
                };
                if best.as_ref().is_none_or(|(l, ..)| length > *l) {
                    best = Some((length, reply, after));
                }
            }
            let Some((_, reply, after)) = best else {
                return Ok(Some(line));
            };
            line.push(reply);
            pos = after;
            if pos.is_checkmate() {
                return Ok(Some(line));
            }
        }
        Ok(Some(line))
    }
}

/// The Zobrist hash of `pos` (en passant squares always counted), from
/// scratch.
fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Always).0
}

/// The Zobrist hash of `after`, the position after `m` in `pos` (whose
/// hash is `hash`): updated for the move where shakmaty can, else from
/// scratch.
fn child_hash(pos: &Chess, hash_before: u64, m: Move, after: &Chess) -> u64 {
    pos.update_zobrist_hash(Zobrist64(hash_before), m, EnPassantMode::Always)
        .map_or_else(|| hash(after), |z| z.0)
}

/// The moves of the side that mates, each with the position after it and
/// whether it gives check, in [`ordered_moves`]' order.
fn attacking_moves(pos: &Chess) -> impl Iterator<Item = (Move, Chess, bool)> + '_ {
    ordered_moves(pos).into_iter().map(move |m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let check = after.is_check();
        (m, after, check)
    })
}

/// Whether `m` may give check (a necessary condition, cheap: no move is
/// played): its piece (or promotion) attacks the enemy `king` from its
/// destination, or it leaves a line to the king (a discovered check), or
/// it castles or takes en passant.
fn may_check(m: Move, us: Color, king: Square, occupied: Bitboard) -> bool {
    match m {
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => {
            let piece = Piece {
                color: us,
                role: promotion.unwrap_or(role),
            };
            let occupied = occupied.without(from).with(to);
            attacks::attacks(to, piece, occupied).contains(king)
                || !attacks::ray(from, king).is_empty()
        }
        Move::EnPassant { .. } | Move::Castle { .. } | Move::Put { .. } => true,
    }
}

/// Hands `each` the legal moves of the side to move that give check, with
/// the position after each, until `each` returns `true`; found from the
/// squares its pieces would check the enemy `king` from (with shakmaty's
/// attack tables, without generating every move or asking shakmaty for
/// candidates, whose move lists are large to copy). `None` (nothing
/// handed) when some check could be of another kind (a discovered check,
/// a promotion, castling, en passant) or the side to move is in check
/// itself: then every move must be generated. `Some(true)`: `each`
/// stopped the walk.
fn direct_checks(
    pos: &Chess,
    king: Square,
    mut each: impl FnMut(Move, &Chess) -> bool,
) -> Option<bool> {
    let board = pos.board();
    let (us, them) = (pos.turn(), !pos.turn());
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let our_king = board.king_of(us)?;
    let seventh = Bitboard::from_rank(us.relative_rank(Rank::Seventh));
    if pos.is_check()
        || pos.castles().has_color(us)
        || pos.maybe_ep_square().is_some()
        || (board.pawns() & ours & seventh).any()
    {
        return None;
    }
    // A piece of ours alone between one of our sliders and the king may
    // uncover a check by moving.
    let sliders = ours
        & ((board.bishops_and_queens() & attacks::bishop_attacks(king, Bitboard(0)))
            | (board.rooks_and_queens() & attacks::rook_attacks(king, Bitboard(0))));
    for slider in sliders {
        let between = attacks::between(slider, king) & occupied;
        if between.count() == 1 && (between & ours).any() {
            return None;
        }
    }
    // Not in check, and no king move checks directly: a move is legal
    // unless it uncovers our king (a pinned piece leaving its line).
    let mut legal = |role: Role, from: Square, to: Square| -> bool {
        let m = Move::Normal {
            role,
            from,
            capture: board.role_at(to),
            to,
            promotion: None,
        };
        let mut after = pos.clone();
        after.play_unchecked(m);
        let b = after.board();
        b.attacks_to(our_king, them, b.occupied()).is_empty() && each(m, &after)
    };
    for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        // The squares a piece of this kind checks from.
        let targets = attacks::attacks(king, Piece { color: them, role }, occupied) & !ours;
        let piece = Piece { color: us, role };
        for from in board.by_piece(piece) {
            for to in attacks::attacks(from, piece, occupied) & targets {
                if legal(role, from, to) {
                    return Some(true);
                }
            }
        }
    }
    let pawns = board.pawns() & ours;
    let back = if us == Color::White { -8 } else { 8 };
    for to in attacks::pawn_attacks(them, king) & !ours {
        if occupied.contains(to) {
            // Captures: from where a pawn of ours attacks `to`.
            for from in attacks::pawn_attacks(them, to) & pawns {
                if legal(Role::Pawn, from, to) {
                    return Some(true);
                }
            }
            continue;
        }
        let Some(one) = to.offset(back) else {
            continue;
        };
        let from = if pawns.contains(one) {
            one
        } else {
            match one.offset(back) {
                Some(two)
                    if !occupied.contains(one)
                        && pawns.contains(two)
                        && two.rank() == us.relative_rank(Rank::Second) =>
                {
                    two
                }
                _ => continue,
            }
        };
        if legal(Role::Pawn, from, to) {
            return Some(true);
        }
    }
    Some(false)
}

/// The position after `m`, if `m` is legal in `pos`: a normal move is
/// checked against the board (its piece, its reach, its capture, a
/// pawn's promotion) and played, and legal if it leaves no attack on the
/// mover's king; other kinds are asked of shakmaty. Costs less than
/// [`Position::is_legal`], which generates the moves to the square.
fn played_if_legal(pos: &Chess, m: Move) -> Option<Chess> {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return pos.is_legal(m).then(|| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after
        });
    };
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    if board.piece_at(from) != Some(Piece { color: us, role })
        || board.role_at(to) != capture
        || board.by_color(us).contains(to)
        || capture == Some(Role::King)
    {
        return None;
    }
    let last = Bitboard::from_rank(us.relative_rank(Rank::Eighth));
    let reaches = if role == Role::Pawn {
        let promotes = last.contains(to);
        let fits = match promotion {
            None => !promotes,
            Some(p) => promotes && !matches!(p, Role::Pawn | Role::King),
        };
        let forward = if us == Color::White { 8 } else { -8 };
        let push = capture.is_none()
            && (from.offset(forward) == Some(to)
                || (from.rank() == us.relative_rank(Rank::Second)
                    && from
                        .offset(forward)
                        .is_some_and(|one| !occupied.contains(one))
                    && from.offset(2 * forward) == Some(to)));
        fits && (push || (capture.is_some() && attacks::pawn_attacks(us, from).contains(to)))
    } else {
        promotion.is_none()
            && attacks::attacks(from, Piece { color: us, role }, occupied).contains(to)
    };
    if !reaches {
        return None;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let b = after.board();
    let king = b.king_of(us)?;
    b.attacks_to(king, !us, b.occupied())
        .is_empty()
        .then_some(after)
}

/// Whether the side to move is checkmated, a king that can step out of
/// check found without generating every move.
fn checkmated(pos: &Chess) -> bool {
    !has_flight(pos) && pos.is_checkmate()
}

/// Whether the king of the side to move can step to a square no enemy
/// piece attacks (so it is not checkmated): asked of the board, before
/// generating every move.
fn has_flight(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    let flights = attacks::king_attacks(king) & !board.by_color(us);
    flights
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}

/// The legal moves of the side that mates, those that may give check
/// first, then captures, then the rest.
fn ordered_moves(pos: &Chess) -> Vec<Move> {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return pos.legal_moves().into_iter().collect();
    };
    let occupied = board.occupied();
    by_rank(pos, |m| {
        u8::from(!may_check(m, us, king, occupied)) * 2 + u8::from(!m.is_capture())
    })
}

/// The moves of the side to move that give check, each with the position
/// after it: only the moves that [may give check](may_check) are played.
fn checking_moves(pos: &Chess) -> Vec<(Move, Chess, bool)> {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return Vec::new();
    };
    let occupied = board.occupied();
    let mut out = Vec::new();
    for m in pos.legal_moves() {
        if may_check(m, us, king, occupied) {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_check() {
                out.push((m, after, true));
            }
        }
    }
    out
}

/// The defence's moves: king moves first, then captures, then the rest.
fn defending_moves(pos: &Chess) -> Vec<Move> {
    by_rank(pos, |m| {
        u8::from(m.role() != Role::King) * 2 + u8::from(!m.is_capture())
    })
}

/// The legal moves of `pos`, lowest `rank` (0 to 3) first, each rank
/// computed once; the order within a rank is shakmaty's, so the search is
/// deterministic.
fn by_rank(pos: &Chess, rank: impl Fn(Move) -> u8) -> Vec<Move> {
    // One pass into four buckets on the stack, then one copy.
    let mut buckets: [MoveList; 4] = Default::default();
    for m in pos.legal_moves() {
        buckets[usize::from(rank(m) & 3)].push(m);
    }
    let mut out = Vec::with_capacity(buckets.iter().map(|b| b.len()).sum());
    for bucket in &buckets {
        out.extend_from_slice(bucket);
    }
    out
}

#[cfg(test)]
mod tests;
