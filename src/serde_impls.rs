//! `serde` support (feature `serde`).
//!
//! Readable forms (squares, colors and roles are `chess-format`'s):
//! positions as FEN, results as PGN tokens, moves with their squares, piece
//! and kind, games with tags, start FEN, moves (SAN and UCI), result and
//! outcome. Plain value types also deserialize; `Game` and `Position` only
//! serialize, since only the macros create verified ones.

use core::fmt;

use chess_format::FromStrVisitor;
use serde::de::{Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

use crate::{Game, Move, MoveKind, Node, Position};

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("Move", 6)?;
        m.serialize_field("from", &self.from)?;
        m.serialize_field("to", &self.to)?;
        m.serialize_field("role", &self.role)?;
        m.serialize_field("capture", &self.capture)?;
        m.serialize_field("promotion", &self.promotion)?;
        m.serialize_field(
            "kind",
            match self.kind {
                MoveKind::Normal => "normal",
                MoveKind::DoublePush => "double-push",
                MoveKind::EnPassant => "en-passant",
                MoveKind::Castle {
                    side: crate::CastlingSide::KingSide,
                    ..
                } => "castle-kingside",
                MoveKind::Castle {
                    side: crate::CastlingSide::QueenSide,
                    ..
                } => "castle-queenside",
                MoveKind::Drop => "drop",
            },
        )?;
        m.end()
    }
}

impl Serialize for Position {
    /// As FEN.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    /// From FEN, as `FromStr` reads it: a legal position of standard chess
    /// or Chess960 (a variant's FEN, with pockets or checks, is refused).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        d.deserialize_str(FromStrVisitor::new("a position in FEN"))
    }
}

/// A game's tags as a sequence of `[name, value]` pairs.
struct Tags(crate::Tags);

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for (name, value) in self.0.clone() {
            seq.serialize_element(&[name, value])?;
        }
        seq.end()
    }
}

/// A line of a game's tree as its plies, each
/// `{ "san": …, "uci": …, "move": … }`, with `"nags"`, `"comments"`,
/// `"starting_comments"` and `"variations"` (each a line) where it has
/// them: `first` and the moves after it, each a child of the one before,
/// `first` a child of `parent`.
struct Line {
    first: Option<Node>,
    parent: Node,
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        let mut parent = self.parent;
        let mut node = self.first;
        while let Some(here) = node {
            seq.serialize_element(&NodePly { node: here, parent })?;
            parent = here;
            node = here.next();
        }
        seq.end()
    }
}

/// One ply of a line; see [`Line`].
struct NodePly {
    node: Node,
    parent: Node,
}

/// Serializes an iterator's items as a sequence.
struct Seq<I>(I);

impl<I: Iterator<Item = T> + Clone, T: Serialize> Serialize for Seq<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

impl Serialize for NodePly {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Some(ply) = self.node.ply() else {
            return s.serialize_none();
        };
        let mut p = s.serialize_struct("Ply", 7)?;
        p.serialize_field("san", ply.san.as_str())?;
        p.serialize_field("uci", &Display(&ply.uci))?;
        p.serialize_field("move", &ply.mv)?;
        let node = self.node;
        if node.nags().next().is_some() {
            p.serialize_field("nags", &Seq(node.nags()))?;
        } else {
            p.skip_field("nags")?;
        }
        if node.starting_comments().next().is_some() {
            p.serialize_field(
                "starting_comments",
                &Seq(node.starting_comments().map(|c| c.text())),
            )?;
        } else {
            p.skip_field("starting_comments")?;
        }
        if node.comments().next().is_some() {
            p.serialize_field("comments", &Seq(node.comments().map(|c| c.text())))?;
        } else {
            p.skip_field("comments")?;
        }
        let parent = self.parent;
        // The alternatives to a move are written with the main one only.
        let main = parent.next() == Some(node);
        if main && parent.variations().next().is_some() {
            p.serialize_field(
                "variations",
                &Seq(parent.variations().map(move |alternative| Line {
                    first: Some(alternative),
                    parent,
                })),
            )?;
        } else {
            p.skip_field("variations")?;
        }
        p.end()
    }
}

/// Serializes any `Display` value as a string.
struct Display<'a, T>(&'a T);

impl<T: fmt::Display> Serialize for Display<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self.0)
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut g = s.serialize_struct("Game", 8)?;
        g.serialize_field("tags", &Tags(self.tags()))?;
        g.serialize_field("start", &self.start())?;
        let root = self.root();
        if root.comments().next().is_some() {
            g.serialize_field("comments", &Seq(root.comments().map(|c| c.text())))?;
        } else {
            g.skip_field("comments")?;
        }
        g.serialize_field(
            "plies",
            &Line {
                first: root.next(),
                parent: root,
            },
        )?;
        g.serialize_field("result", &self.result())?;
        g.serialize_field("outcome", &self.outcome())?;
        g.serialize_field("chess960", &self.is_chess960())?;
        g.serialize_field("variant", self.variant().name())?;
        g.end()
    }
}
