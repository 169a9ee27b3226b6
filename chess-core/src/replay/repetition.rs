//! Fivefold repetition, at the cost of a few comparisons per ply: only the
//! positions since the last irreversible move (a segment) can repeat, five
//! occurrences need 17 positions, and only segments that long are hashed,
//! from the moves recorded.

use shakmaty::zobrist::{Zobrist64, ZobristValue as _};
use shakmaty::{Color, EnPassantMode, Move, Position};

/// The hash of the first position of a segment (the start, or the position
/// after an irreversible move) in the segment's history. Later positions of
/// the segment are hashed relative to it: zero XOR the keys of the pieces
/// that moved, so equal placements of a segment have equal hashes (the
/// placement's Zobrist hash XOR the segment start's) without the cost of
/// hashing a whole board. The side to move needs no key: [`occurrences`]
/// compares only positions an even number of plies apart. The first
/// position differs from the same placement later in the segment only if
/// an en passant capture is legal in it; its hash then is that file's key.
pub(super) fn segment_start<P: Position>(pos: &P) -> Zobrist64 {
    match pos.ep_square(EnPassantMode::Legal) {
        Some(sq) => Zobrist64::zobrist_for_en_passant_file(sq.file()),
        None => Zobrist64::default(),
    }
}

/// The positions of the current segment, hashed only once the segment is
/// long enough to hold a fifth occurrence, and a filter that spares most
/// looks for one.
#[derive(Clone)]
pub(super) struct History {
    /// The hash of the first position of the segment starting at move
    /// `first_at` ([`segment_start`]); a segment starting elsewhere begins
    /// where no en passant capture is legal, and its first hash is zero.
    first: Zobrist64,
    first_at: usize,
    /// Hashes of the positions of the segment starting at move `hashed`,
    /// first included, made from its moves when first needed and extended
    /// from then on.
    hashes: Vec<Zobrist64>,
    hashed: usize,
    /// One bit per value of a hash's top byte, set for the first
    /// `filtered` hashes: a hash whose bit is clear is a first occurrence.
    seen: [u64; 4],
    filtered: usize,
}

impl History {
    /// A history whose segment starts at move 0 with a position hashed
    /// `first`.
    pub(super) fn new(first: Zobrist64) -> History {
        History::in_room(first, Vec::new())
    }

    /// [`History::new`], its hashes kept in `room` (emptied): the room of
    /// a game replayed before.
    pub(super) fn in_room(first: Zobrist64, mut room: Vec<Zobrist64>) -> History {
        room.clear();
        History {
            first,
            first_at: 0,
            hashes: room,
            hashed: 0,
            seen: [0; 4],
            filtered: 0,
        }
    }

    /// The room its hashes took, for the next game's (the history is
    /// done with).
    pub(super) fn take_room(&mut self) -> Vec<Zobrist64> {
        std::mem::take(&mut self.hashes)
    }

    /// Notes that the segment starting at move `at` begins with `pos`, in
    /// which an en passant capture may be legal (after a double step: the
    /// one move after which it can be).
    #[inline(always)]
    pub(super) fn starts_after_double_step<P: Position>(&mut self, pos: &P, at: usize) {
        self.first = segment_start(pos);
        self.first_at = at;
    }

    /// The hash of the first position of the segment starting at `segment`.
    pub(super) fn first(&self, segment: usize) -> Zobrist64 {
        if self.first_at == segment {
            self.first
        } else {
            Zobrist64::default()
        }
    }

    /// Whether the position after `moves`, whose segment starts after
    /// `moves[..segment]` (the last move by `mover`), is the fifth
    /// occurrence of its position. Five occurrences need 17 positions:
    /// shorter segments are never looked at.
    #[inline(always)]
    pub(super) fn fivefold(&mut self, moves: &[Move], segment: usize, mover: Color) -> bool {
        moves.len() >= segment + 16 && self.repeated_fivefold(moves, segment, mover)
    }

    #[inline(never)]
    fn repeated_fivefold(&mut self, moves: &[Move], segment: usize, mover: Color) -> bool {
        let first = self.first(segment);
        let moves = moves.get(segment..).unwrap_or_default();
        if self.hashed != segment || self.hashes.is_empty() {
            self.hashes.clear();
            self.hashes.push(first);
            self.hashed = segment;
            self.filtered = 0;
        }
        // Hash the positions not hashed yet. Within a segment every move
        // is a piece moving from one square to another; the movers
        // alternate, `mover` having made the last move.
        let mut h = self.hashes.last().copied().unwrap_or_default();
        let done = self.hashes.len() - 1;
        for (i, m) in moves.iter().enumerate().skip(done) {
            let color = if (moves.len() - 1 - i).is_multiple_of(2) {
                mover
            } else {
                !mover
            };
            if let Move::Normal { role, from, to, .. } = *m {
                h ^= Zobrist64::zobrist_for_piece(from, role.of(color));
                h ^= Zobrist64::zobrist_for_piece(to, role.of(color));
            }
            // The first position's hash is its own: the others start from
            // zero.
            if i == 0 {
                h ^= first;
            }
            self.hashes.push(h);
        }
        let bit = |h: Zobrist64| (h.0 >> 62) as usize;
        let mask = |h: Zobrist64| 1u64 << ((h.0 >> 56) & 63);
        if self.filtered == 0 {
            self.seen = [0; 4];
        }
        let Some((&h, before)) = self.hashes.split_last() else {
            return false;
        };
        for &old in before.get(self.filtered..).unwrap_or_default() {
            self.seen[bit(old)] |= mask(old);
        }
        self.filtered = self.hashes.len();
        let new = self.seen[bit(h)] & mask(h) == 0;
        self.seen[bit(h)] |= mask(h);
        !new && occurrences(&self.hashes, h) >= 5
    }
}

/// How often `h`, the last entry of `history`, occurs in it. A position
/// recurs only with the same side to move and at least two moves later,
/// so only every other entry from four plies back is looked at.
fn occurrences(history: &[Zobrist64], h: Zobrist64) -> usize {
    let mut n = 1;
    let mut i = history.len().wrapping_sub(5);
    while let Some(x) = history.get(i) {
        if *x == h {
            n += 1;
        }
        i = i.wrapping_sub(2);
    }
    n
}
