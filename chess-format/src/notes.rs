//! Annotations: the comments, NAGs and variations of a game, in movetext
//! order.
//!
//! A game without them writes nothing (its data is as it always was). A
//! game with them writes, after its plies, `&`, the length of the
//! annotation text in bytes, `:`, and the text: a sequence of items, each
//! starting with a character no other item starts with.
//!
//! | item | written | means |
//! |---|---|---|
//! | [`Note::Main`] | `@12,` | what follows is about the main line's position after 12 plies (`@0,`: before the first move) |
//! | [`Note::Nag`] | `$14,` | a numeric annotation glyph on the move that led here |
//! | [`Note::Comment`] | `{5:hello` | a comment: its length in bytes, `:`, the text as written |
//! | [`Note::Open`] | `(12,` | a variation opens: an alternative to the last move, whose first ply is ply 12 of the game (from 0) |
//! | [`Note::Ply`] | five [`DIGITS`](crate::DIGITS) | a move of a variation, as [`Ply::encode`] writes it |
//! | [`Note::Close`] | `)13,` | the variation closes; the line it left goes on with ply 13 |
//!
//! NAGs and comments after a move belong to it; those at the start of a
//! variation, before its first move, come before that move. A move's
//! NAGs, comments and variations follow it in that order.
//!
//! ```
//! use chess_format::{Note, Notes, NotesWriter};
//!
//! // 1. e4 $1 {best} (1. d4 d5) 1... e5
//! let d4 = chess_format::Ply { from: 11, target: 27, kind: chess_format::MoveKind::DoublePush,
//!     role: 1, capture: 0, promotion: 0, san_file: false, san_rank: false,
//!     suffix: chess_format::Suffix::None };
//! let d5 = chess_format::Ply { from: 51, target: 35, ..d4 };
//! let mut text = String::new();
//! let mut w = NotesWriter::new(&mut text);
//! w.main(1).unwrap();
//! w.nag(1).unwrap();
//! w.comment("best").unwrap();
//! w.open(0).unwrap();
//! w.ply(d4).unwrap();
//! w.ply(d5).unwrap();
//! w.close(1).unwrap();
//! assert_eq!(text, "@1,$1,{4:best(0,LbFAAzjFAA)1,");
//! let read: Vec<Note> = Notes::new(&text).collect();
//! assert_eq!(read, [Note::Main(1), Note::Nag(1), Note::Comment("best"), Note::Open(0),
//!     Note::Ply(d4), Note::Ply(d5), Note::Close(1)]);
//! ```

use core::fmt;

use crate::digits::{digit_value, expect, read_decimal};
use crate::ply::Ply;

/// One item of a game's annotations; see the [module](self).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Note<'a> {
    /// What follows is about the main line's position after this many
    /// plies.
    Main(usize),
    /// A numeric annotation glyph (`$1` is `!`).
    Nag(u8),
    /// A comment's text, as written between `{` and `}` (or after `;`).
    Comment(&'a str),
    /// A variation opens; its first ply is this ply of the game (from 0).
    Open(usize),
    /// A move of a variation.
    Ply(Ply),
    /// The variation closes; the line it left goes on with this ply.
    Close(usize),
}

/// Writes annotation items; see the [module](self).
pub struct NotesWriter<'w, W: fmt::Write + ?Sized> {
    out: &'w mut W,
}

impl<'w, W: fmt::Write + ?Sized> NotesWriter<'w, W> {
    /// A writer appending to `out`.
    pub fn new(out: &'w mut W) -> NotesWriter<'w, W> {
        NotesWriter { out }
    }

    /// [`Note::Main`].
    pub fn main(&mut self, plies: usize) -> fmt::Result {
        write!(self.out, "@{plies},")
    }

    /// [`Note::Nag`].
    pub fn nag(&mut self, nag: u8) -> fmt::Result {
        write!(self.out, "${nag},")
    }

    /// [`Note::Comment`].
    pub fn comment(&mut self, text: &str) -> fmt::Result {
        write!(self.out, "{{{}:{text}", text.len())
    }

    /// [`Note::Open`].
    pub fn open(&mut self, first_ply: usize) -> fmt::Result {
        write!(self.out, "({first_ply},")
    }

    /// [`Note::Ply`].
    pub fn ply(&mut self, ply: Ply) -> fmt::Result {
        let digits = ply.encode();
        self.out
            .write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
    }

    /// [`Note::Close`].
    pub fn close(&mut self, next_ply: usize) -> fmt::Result {
        write!(self.out, "){next_ply},")
    }
}

/// The items of annotation text, in order; see the [module](self). Stops
/// at the first malformed item.
#[derive(Clone, Debug)]
pub struct Notes<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Notes<'a> {
    /// The items of `text`.
    pub const fn new(text: &'a str) -> Notes<'a> {
        Notes { text, at: 0 }
    }

    /// The items of `text` from byte `at` on (an offset [`Notes::offset`]
    /// gave).
    pub const fn at(text: &'a str, at: usize) -> Notes<'a> {
        Notes { text, at }
    }

    /// Where the next item starts in the text.
    pub const fn offset(&self) -> usize {
        self.at
    }

    fn number(&mut self, at: usize, end: u8) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let (value, at) = read_decimal(bytes, at)?;
        self.at = expect(bytes, at, end)?;
        usize::try_from(value).ok()
    }

    fn read(&mut self) -> Option<Note<'a>> {
        let bytes = self.text.as_bytes();
        let first = *bytes.get(self.at)?;
        let next = self.at + 1;
        Some(match first {
            b'@' => Note::Main(self.number(next, b',')?),
            b'$' => Note::Nag(u8::try_from(self.number(next, b',')?).ok()?),
            b'(' => Note::Open(self.number(next, b',')?),
            b')' => Note::Close(self.number(next, b',')?),
            b'{' => {
                let len = self.number(next, b':')?;
                let start = self.at;
                let end = start.checked_add(len)?;
                let text = self.text.get(start..end)?;
                self.at = end;
                Note::Comment(text)
            }
            _ => {
                digit_value(first)?;
                let ply = Ply::decode(bytes.get(self.at..)?)?;
                self.at += Ply::DIGITS;
                Note::Ply(ply)
            }
        })
    }
}

impl<'a> Iterator for Notes<'a> {
    type Item = Note<'a>;

    fn next(&mut self) -> Option<Note<'a>> {
        let note = self.read();
        if note.is_none() {
            self.at = self.text.len();
        }
        note
    }
}

impl core::iter::FusedIterator for Notes<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveKind, Suffix};
    use std::string::String;
    use std::vec::Vec;

    #[test]
    fn every_item_round_trips() {
        let ply = Ply {
            from: 6,
            target: 21,
            kind: MoveKind::Normal,
            role: 2,
            capture: 0,
            promotion: 0,
            san_file: false,
            san_rank: false,
            suffix: Suffix::Check,
        };
        let notes = [
            Note::Main(0),
            Note::Comment("a { comment } with $1, (parens) and @0, Ünïcode"),
            Note::Main(40),
            Note::Nag(255),
            Note::Comment(""),
            Note::Open(39),
            Note::Comment("start"),
            Note::Ply(ply),
            Note::Nag(0),
            Note::Open(40),
            Note::Ply(ply),
            Note::Close(41),
            Note::Close(40),
        ];
        let mut text = String::new();
        let mut w = NotesWriter::new(&mut text);
        for note in notes {
            match note {
                Note::Main(n) => w.main(n),
                Note::Nag(n) => w.nag(n),
                Note::Comment(c) => w.comment(c),
                Note::Open(n) => w.open(n),
                Note::Ply(p) => w.ply(p),
                Note::Close(n) => w.close(n),
            }
            .unwrap();
        }
        assert_eq!(Notes::new(&text).collect::<Vec<_>>(), notes);
    }

    #[test]
    fn malformed_text_ends_the_items() {
        for text in ["@", "@x,", "$256,", "{5:abc", "(1", "AAA", "?"] {
            assert_eq!(Notes::new(text).count(), 0, "{text}");
        }
        let mut notes = Notes::new("$1,{3:ab");
        assert_eq!(notes.next(), Some(Note::Nag(1)));
        assert_eq!(notes.next(), None);
        assert_eq!(notes.next(), None);
    }
}
