//! The events of one game's movetext, as the grammar reads them: what the
//! grammar ([`GameParser`](super::game::GameParser)) hands on, in source
//! order, to whoever consumes the game. Both readers — the parser with its
//! lexer and the express lane — drive the one grammar, and the grammar
//! emits these; the syntax tree ([`Tree`](super::build::Tree)) is one
//! consumer of them, as pgn-reader's `Visitor` is of its reader.
//!
//! The grammar has checked each event before it is emitted: a marker
//! follows a move, a variation replaces a move of its line, the bounds
//! on the game's size hold. A consumer only records what it is told, or
//! acts on it (a replay plays each move as it arrives). The tags and a
//! setup before the moves are the grammar's: it reads them to know how
//! to read the moves, and hands them to the consumer when the game ends.

use crate::input::Range;

use super::notation::{GameResult, Marker, MoveSyntax};
use super::tag::Tag;
use super::tree::{Join, MoveNumber, NoteKind, RulesMove};

/// A consumer of the grammar's events (see the module's docs).
pub(crate) trait Events {
    /// Room for the game's tags, which the grammar reads before the moves
    /// and hands on with the game: an empty vector, with room in it where
    /// the consumer has some (the tree's, `Tree::reusing`).
    fn tag_room(&mut self) -> Vec<Tag> {
        Vec::new()
    }

    /// A move (`mv`, written at `range`), with the number written before
    /// it.
    fn ply(&mut self, mv: MoveSyntax, range: Range, number: Option<MoveNumber>);

    /// A move under rules a user defines (its word read as the rule set's
    /// notation), with the number written before it.
    fn rules_ply(&mut self, mv: RulesMove, range: Range, number: Option<MoveNumber>);

    /// The last move under rules a user defines, a bare square, and the
    /// next one, another, may be one move in coordinates (`a2 a3`,
    /// `a2 - a3`).
    fn join(&mut self, join: Join);

    /// A check or mate marker on the last move.
    fn marker(&mut self, marker: Marker, range: Range);

    /// An `e.p.` marker on the last move.
    fn en_passant(&mut self, range: Range);

    /// A comment (its text's range) or a NAG where the game is now, after
    /// the last move of the current line (or before its first).
    fn note(&mut self, kind: NoteKind, range: Range);

    /// A variation opens at `open` (its `(`): it replaces the last move of
    /// the current line, and the moves that follow are its own.
    fn open_variation(&mut self, open: Range);

    /// The innermost variation closes: the moves that follow are the
    /// line's around it.
    fn close_variation(&mut self);

    /// The game's result, written at `range`: the game ends.
    fn result(&mut self, result: GameResult, range: Range);
}
