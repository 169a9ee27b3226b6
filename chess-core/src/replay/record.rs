//! What a replay hands on: the verified game.

use std::fmt::Write as _;

use chess_format::Outcome;
use shakmaty::{CastlingMode, Chess, Move};

use crate::input::{Range, Source};
use crate::syntax::{GameResult, Note, Tag};

use super::numbering::Numbering;
use super::san::SanBits;

/// A verified game: its main line, how it ended, and its tags.
#[derive(Clone, Debug)]
pub struct VerifiedGame<P = Chess> {
    /// The start position.
    pub start: P,
    /// Standard or Chess960 castling.
    pub mode: CastlingMode,
    /// The main line.
    pub moves: Vec<Move>,
    /// The main line's canonical SAN with `+`/`#`, as the bits it adds to
    /// each move ([`VerifiedGame::san_plus`] spells one out).
    pub sans: Vec<SanBits>,
    /// How the rules ended the game, and after how many plies.
    pub end: Option<(Outcome, usize)>,
    /// The result: as written, else as the rules decided, else `*`.
    pub result: GameResult,
    /// The final position.
    pub last: P,
    /// The tag pairs, as ranges of the source the game was read from.
    pub tags: Vec<Tag>,
    /// Where the game is in that source.
    pub range: Range,
    /// Its variations, comments and NAGs, if it has any.
    pub annotations: Option<Box<Annotations>>,
    /// How its text numbers its moves.
    pub numbering: Numbering,
}

/// What a game has besides its main line: variations (verified), comments
/// and NAGs.
#[derive(Clone, Debug, Default)]
pub struct Annotations {
    /// By the index of the game's lines as written
    /// ([`GameSyntax::lines`](crate::syntax::GameSyntax::lines)): each
    /// variation's moves (the main line's are the game's own), and for
    /// every line the variations that replace its plies.
    pub lines: Vec<VerifiedLine>,
    /// The comments and NAGs, in the order written.
    pub notes: Vec<Note>,
}

/// One line of a game: a variation's verified moves, and the variations
/// that replace its plies.
#[derive(Clone, Debug, Default)]
pub struct VerifiedLine {
    /// The moves (empty for the main line, whose moves are the game's).
    pub moves: Vec<Move>,
    /// Their canonical SAN bits.
    pub sans: Vec<SanBits>,
    /// The game's ply index (from 0) of the first move.
    pub first_ply: usize,
    /// `(k, line)`: the line replaces this line's ply `k` (from 0), in
    /// the order written.
    pub branches: Vec<(u32, u32)>,
}

impl<P> VerifiedGame<P> {
    /// The main line's SAN, separated by spaces.
    pub fn san(&self) -> String {
        let mut out = String::with_capacity(self.sans.len() * 6);
        for (i, (&m, bits)) in self.moves.iter().zip(&self.sans).enumerate() {
            let space = if i == 0 { "" } else { " " };
            let _ = write!(out, "{space}{}", bits.san_plus(m));
        }
        out
    }

    /// The canonical SAN of main-line ply `i` (from 0).
    pub fn san_plus(&self, i: usize) -> Option<shakmaty::san::SanPlus> {
        Some(self.sans.get(i)?.san_plus(*self.moves.get(i)?))
    }

    /// The value of tag `name`, read from `source`, the text the game came
    /// from.
    pub fn tag<'a>(&self, source: &'a Source, name: &str) -> Option<std::borrow::Cow<'a, str>> {
        crate::syntax::Tag::find(&self.tags, source, name).map(|t| t.value(source))
    }
}
