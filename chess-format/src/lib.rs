//! The data format of a verified chess game.
//!
//! The `verified-chess` macros replay a game while a crate compiles and
//! write what they verified into one string literal; the `Game` type of
//! `verified-chess` reads it back at run time, with no rules engine. This
//! crate is that string's format, defined once: each part's encoder next to
//! its decoder. It has no dependencies and needs no allocator.
//!
//! A game's data is four parts, one after the other (five for a game with
//! comments, NAGs or variations):
//!
//! | part | written by | read by |
//! |---|---|---|
//! | the [`Header`]: result, outcome, Chess960 and the [`Variant`], number of plies, the ply after which the rules ended the game | [`Header::write`] | [`Header::read`] |
//! | the [`Start`] position: `S` for the standard one, else `P` and its fields (pockets, promoted pieces and checks given where a variant has them) | [`Start::write`] | [`Start::read`] |
//! | five base-64 [`DIGITS`] per [`Ply`]: the move and what its SAN adds to it | [`Ply::encode`] | [`Ply::decode`] |
//! | only if the game has any: `&`, a length, `:`, the [`notes`]: comments, NAGs and variations | [`NotesWriter`] | [`Notes`] |
//! | the tags, each name and value prefixed by its length in bytes | [`write_tag`] | [`Tags`] |
//!
//! [`write_game`] writes them all; [`GameData::read`] finds them again. Only
//! tag values can hold other characters than printable ASCII, so the string
//! literal holding a game needs no escapes.
//!
//! A game under rules a user defines (a `CustomGame`, on boards up to
//! 16 × 16) has a format of its own beside it, with the same header and
//! tags: [`write_custom_game`], [`CustomGameData`]. And the rules a game is
//! played under, [`Variant`], are defined here once, with the table of
//! their names ([`NAMES`]) that the `[Variant]` tag, the macros'
//! attribute and every list of names are read from.
//!
//! It is also the vocabulary every crate of `verified-chess` speaks, defined
//! once: [`Color`], [`Role`], [`Piece`], [`File`], [`Rank`], [`Square`],
//! [`CastlingSide`], a game's [`GameResult`] and its [`Outcome`], read from text with one
//! [`ParseError`]; the rule a
//! position breaks ([`Illegal`]); the [`BoardStyle`]; a move's number
//! ([`MoveLabel`]); a problem's [`Stipulation`]. (Features `shakmaty` and
//! `serde` convert and serialize them.)
//!
//! ```
//! use chess_format::{
//!     GameData, Header, MoveKind, Outcome, Ply, GameResult, Start, Suffix, Variant,
//!     write_game,
//! };
//!
//! // 1. e4: the pawn on e2 (square 12) to e4 (28).
//! let e4 = Ply {
//!     from: 12,
//!     target: 28,
//!     kind: MoveKind::DoublePush,
//!     role: chess_format::role::PAWN,
//!     capture: 0,
//!     promotion: 0,
//!     san_file: false,
//!     san_rank: false,
//!     suffix: Suffix::None,
//! };
//! let header = Header {
//!     result: GameResult::Unknown,
//!     outcome: Outcome::Ongoing,
//!     chess960: false,
//!     variant: Variant::Standard,
//!     plies: 1,
//!     ended: None,
//! };
//! let mut data = String::new();
//! write_game(&mut data, &header, &Start::STANDARD, |_| e4, "", [("Event", "Test")]).unwrap();
//! assert_eq!(data, "0001,,SMcFAA5:Event4:Test");
//!
//! let game = GameData::read(&data).unwrap();
//! assert_eq!(game.header(), header);
//! assert_eq!(game.start(), Start::STANDARD);
//! assert_eq!(game.ply(0), Some(e4));
//! assert_eq!(game.tags().collect::<Vec<_>>(), [("Event", "Test")]);
//! ```
#![no_std]
#![warn(missing_docs)]
// On docs.rs, each item says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(test)]
extern crate std;

mod board_style;
#[cfg(feature = "shakmaty")]
mod convert;
mod custom;
mod digits;
mod game;
mod header;
mod illegal;
mod move_label;
pub mod notes;
mod outcome;
pub mod parse;
mod ply;
mod result;
#[cfg(feature = "serde")]
mod serde_impls;
mod start;
mod stipulation;
pub mod text;
mod types;
mod variant;

pub use board_style::BoardStyle;
pub use custom::{CustomGameData, CustomPly, write_custom_game};
pub use digits::{DIGITS, digit, digit_value};
pub use game::{GameData, Tags, write_game, write_tag};
pub use header::Header;
pub use illegal::{CastlingFault, Illegal, Seen};
pub use move_label::{Labelled, MoveLabel};
pub use notes::{Note, Notes, NotesWriter};
pub use outcome::{DecisiveReason, DrawReason, Outcome};
pub use parse::{ParseError, Problem};
pub use ply::{MoveKind, Ply, Suffix};
pub use result::GameResult;
#[cfg(feature = "serde")]
pub use serde_impls::FromStrVisitor;
pub use start::Start;
pub use stipulation::{ProblemKind, Stipulation, StipulationError};
pub use types::{CastlingSide, Color, File, Piece, Rank, Role, Square};
pub use variant::{NAMES, NameError, Named, Names, Variant, same_name};

/// The codes of the kinds of piece, as [`Ply`] stores them (`0` is "none"
/// where a piece is optional).
pub mod role {
    /// A pawn.
    pub const PAWN: u8 = 1;
    /// A knight.
    pub const KNIGHT: u8 = 2;
    /// A bishop.
    pub const BISHOP: u8 = 3;
    /// A rook.
    pub const ROOK: u8 = 4;
    /// A queen.
    pub const QUEEN: u8 = 5;
    /// A king.
    pub const KING: u8 = 6;
}
