//! The replay state of one line (the main line or a variation): its
//! position, the moves recorded so far, and the rules' bookkeeping.

use shakmaty::{Color, Move, Position};

use crate::input::Range;

use super::ends::{self, EndInfo};
use super::numbering::Numbering;
use super::played::{LostRights, PlyRef};
use super::repetition::{History, segment_start};
use super::room::Room;
use super::rules::Rules;
use super::san::SanBits;
use super::walk::Cursor;

/// The replay state of one line.
#[derive(Clone)]
pub(super) struct Frame<P> {
    /// The line and its next ply.
    pub(super) cursor: Cursor,
    pub(super) pos: P,
    /// Plies from the start of the game.
    pub(super) plies: usize,
    /// The moves recorded in this frame, and their SAN: the main line's
    /// become the verified game's; a variation's start with the moves of
    /// the segment it branched in.
    pub(super) moves: Vec<Move>,
    pub(super) sans: Vec<SanBits>,
    /// Where this line's own moves start in `moves` (a variation's record
    /// starts with the moves of the segment it branched in).
    pub(super) own: usize,
    /// The ply before the first recorded one, if any (for messages).
    pub(super) before: Option<PlyRef>,
    /// The current segment: its positions follow `moves[segment..]`.
    pub(super) segment: usize,
    pub(super) history: History,
    pub(super) end: Option<EndInfo>,
    pub(super) lost: LostRights,
    /// The last ply gave check, and whether it mates is not known yet.
    pub(super) unsure: Option<Unsure>,
    /// Where the last ply played is written.
    pub(super) last_range: Option<Range>,
    /// How the game numbers its moves.
    pub(super) numbering: Numbering,
}

/// A check whose mate status is decided later.
///
/// A move that gives check mates exactly when no legal move answers it. The
/// next move of the line answering it proves it is not mate, so the full
/// legal-move generation runs only where the line ends or its next move
/// fails (`ply::settle`).
#[derive(Copy, Clone)]
pub(super) struct Unsure {
    /// The range of a `+` written on the move (wrong if it mates).
    pub(super) marker: Option<Range>,
    /// The move as written, for messages.
    pub(super) ply: Range,
}

impl<P: Rules> Frame<P> {
    /// The main line's frame, at the start position; `plies` is the main
    /// line's length, to reserve its record.
    pub(super) fn root(start: &P, plies: usize, numbering: Numbering, room: &mut Room) -> Frame<P> {
        let mut moves = std::mem::take(&mut room.moves);
        let mut sans = std::mem::take(&mut room.sans);
        moves.clear();
        sans.clear();
        moves.reserve(plies);
        sans.reserve(plies);
        Frame {
            cursor: Cursor::default(),
            pos: start.clone(),
            plies: 0,
            moves,
            sans,
            own: 0,
            before: None,
            segment: 0,
            history: History::in_room(segment_start(start), std::mem::take(&mut room.hashes)),
            end: ends::at_start(start),
            lost: LostRights::default(),
            unsure: None,
            last_range: None,
            numbering,
        }
    }

    /// The last ply played in this line.
    pub(super) fn last(&self) -> Option<PlyRef> {
        let (Some(&m), Some(&san)) = (self.moves.last(), self.sans.last()) else {
            return self.before;
        };
        Some(PlyRef {
            number: played_number(&self.pos),
            color: !self.pos.turn(),
            m,
            san,
            range: self.last_range,
        })
    }

    /// A frame for the variations of the next ply: this position, the
    /// rules' state and the current segment's moves, without the rest of
    /// the line's record.
    pub(super) fn branch(&self) -> Frame<P> {
        Frame {
            cursor: Cursor {
                line: self.cursor.line,
                next: 0,
            },
            pos: self.pos.clone(),
            plies: self.plies,
            moves: self.moves.get(self.segment..).unwrap_or_default().to_vec(),
            sans: self.sans.get(self.segment..).unwrap_or_default().to_vec(),
            own: self.moves.len().saturating_sub(self.segment),
            before: self.last(),
            segment: 0,
            history: History::new(self.history.first(self.segment)),
            end: self.end,
            lost: self.lost,
            unsure: self.unsure,
            last_range: self.last_range,
            numbering: self.numbering,
        }
    }
}

/// The move number of the ply that led to `pos`.
pub(super) fn played_number<P: Position>(pos: &P) -> u32 {
    let fullmoves = pos.fullmoves().get();
    match pos.turn() {
        Color::White => fullmoves.saturating_sub(1).max(1),
        Color::Black => fullmoves,
    }
}
