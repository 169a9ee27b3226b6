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

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, Chess};

    use super::*;
    use crate::replay::{Options, replay_keeping};
    use crate::syntax::Parser;
    use crate::{Source, testing};

    /// A replay records the game in the room's vectors and leaves the
    /// room of its repetition hashes there; a verified game given back
    /// leaves its own.
    #[test]
    fn a_replay_records_in_the_room_and_leaves_it_there() {
        let moves = testing::long_game(200, 3);
        let text = testing::token_text(&Chess::default(), &moves);
        let source = Source::text(text, None, None);
        let game = Parser::new(&source).next().unwrap().unwrap();
        let mut room = Room::default();
        let (_, verified) = replay_keeping::<Chess, false>(
            &game,
            Chess::default(),
            CastlingMode::Standard,
            Options::default(),
            &mut room,
        );
        let verified = verified.unwrap();
        assert_eq!(verified.moves, moves);
        // Its reversible stretches are long enough to be hashed.
        assert!(room.hashes.capacity() >= 17);
        assert!(room.moves.capacity() == 0 && room.sans.capacity() == 0);
        room.give_back(verified);
        assert!(room.moves.capacity() >= 200 && room.sans.capacity() >= 200);
        let hashes = room.hashes.as_ptr();
        let (_, again) = replay_keeping::<Chess, false>(
            &game,
            Chess::default(),
            CastlingMode::Standard,
            Options::default(),
            &mut room,
        );
        assert_eq!(again.unwrap().moves, moves);
        // The same room, given back again.
        assert_eq!(room.hashes.as_ptr(), hashes);
    }
}
