//! `serde` support for the vocabulary (feature `serde`): squares as
//! `"e4"`, colors and roles as lower-case words, results as PGN tokens,
//! each read through its `FromStr`.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::outcome::{DecisiveReason, DrawReason, Outcome};
use crate::result::GameResult;
use crate::types::{Color, Role, Square};

/// Deserializes a value from a string through its `FromStr` (the
/// readable form is what `Display` and `FromStr` agree on); an error says
/// what is wrong ([`ParseError`](crate::parse::ParseError)).
pub struct FromStrVisitor<T> {
    expecting: &'static str,
    value: core::marker::PhantomData<T>,
}

impl<T> FromStrVisitor<T> {
    /// A visitor that expects `expecting` (said in its errors).
    pub const fn new(expecting: &'static str) -> FromStrVisitor<T> {
        FromStrVisitor {
            expecting,
            value: core::marker::PhantomData,
        }
    }
}

impl<T: core::str::FromStr<Err = crate::parse::ParseError>> Visitor<'_> for FromStrVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        let expecting = self.expecting;
        v.parse()
            .map_err(|e| E::custom(format_args!("{e}; expected {expecting}")))
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        d.deserialize_str(FromStrVisitor::new("a square such as \"e4\""))
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        d.deserialize_str(FromStrVisitor::new("\"white\" or \"black\""))
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        d.deserialize_str(FromStrVisitor::new("a piece kind such as \"knight\""))
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        d.deserialize_str(FromStrVisitor::new(
            "a PGN result: \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\"",
        ))
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (winner, reason) = match *self {
            Outcome::Ongoing => (None, "ongoing"),
            Outcome::Decisive { winner, reason } => (
                Some(winner),
                match reason {
                    DecisiveReason::Checkmate => "checkmate",
                    DecisiveReason::Declared => "declared",
                    DecisiveReason::Hill => "king-of-the-hill",
                    DecisiveReason::ThirdCheck => "third-check",
                    DecisiveReason::KingExploded => "king-exploded",
                    DecisiveReason::NoPiecesLeft => "no-pieces-left",
                    DecisiveReason::NoMoves => "no-moves",
                    DecisiveReason::HordeCaptured => "horde-captured",
                    DecisiveReason::EighthRank => "eighth-rank",
                    DecisiveReason::Stalemate => "stalemate",
                    DecisiveReason::Region => "region",
                    DecisiveReason::Extinction => "extinction",
                    DecisiveReason::Checks => "checks",
                    DecisiveReason::Checkmated => "checkmated",
                    DecisiveReason::Counted => "counted",
                    DecisiveReason::DropMate => "drop-mate",
                    DecisiveReason::Connection => "connection",
                    DecisiveReason::Castling => "castling",
                },
            ),
            Outcome::Draw { reason } => (
                None,
                match reason {
                    DrawReason::Stalemate => "stalemate",
                    DrawReason::DeadPosition => "dead-position",
                    DrawReason::FivefoldRepetition => "fivefold-repetition",
                    DrawReason::SeventyFiveMoveRule => "seventy-five-move-rule",
                    DrawReason::Declared => "declared-draw",
                    DrawReason::BothKingsOnEighthRank => "both-kings-on-eighth-rank",
                    DrawReason::BothReachRegion => "both-reach-region",
                    DrawReason::Extinction => "extinction",
                    DrawReason::Checkmate => "checkmate",
                    DrawReason::Counted => "counted",
                    DrawReason::Connection => "connection",
                    DrawReason::Passes => "passes",
                    DrawReason::Bikjang => "bikjang",
                    DrawReason::FullBoard => "full board",
                },
            ),
        };
        let mut o = s.serialize_struct("Outcome", 2)?;
        o.serialize_field("winner", &winner)?;
        o.serialize_field("reason", reason)?;
        o.end()
    }
}
