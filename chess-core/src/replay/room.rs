//! The room a replay keeps its record in, handed from one game to the
//! next: a game verified and done with is given back
//! ([`Games::recycle_checked`](crate::Games::recycle_checked)), and the
//! next game's main line, SAN, repetition hashes and tags are recorded in
//! its vectors, emptied, so that checking a run of games allocates
//! nothing per game.

use shakmaty::Move;
use shakmaty::zobrist::Zobrist64;

use crate::syntax::Tag;

use super::record::VerifiedGame;
use super::san::SanBits;

/// Empty vectors with room in them (see the module's docs).
#[derive(Default)]
pub(crate) struct Room {
    pub(super) moves: Vec<Move>,
    pub(super) sans: Vec<SanBits>,
    pub(super) hashes: Vec<Zobrist64>,
    pub(super) tags: Vec<Tag>,
}

impl Room {
    /// Takes the vectors of a verified game done with.
    pub(crate) fn give_back<P>(&mut self, game: VerifiedGame<P>) {
        self.moves = game.moves;
        self.sans = game.sans;
        self.tags = game.tags;
    }

    /// The game's tags, copied into the room's vector.
    pub(super) fn tags(&mut self, tags: &[Tag]) -> Vec<Tag> {
        let mut room = std::mem::take(&mut self.tags);
        room.clear();
        room.extend_from_slice(tags);
        room
    }
}
