//! Stage 2, syntax: text → games as written. One lexer splits the text into
//! words, strings, comments and brackets; the notation reader splits words
//! into move numbers, moves, markers, annotations and results; the grammar
//! builds each game's tree (tags, setup, plies with their variations,
//! result), every part with its range in the source.
//!
//! No chess rules: `Nf3` is read without asking whether a knight can get
//! there, and a setup is read without asking whether it is a legal
//! position. What cannot be read is worded here (`errors`, and the setup
//! grammar's own messages in `setup`).

pub(crate) mod errors;
mod express;
mod game;
mod letters;
mod lexer;
pub(crate) mod notation;
mod parser;
pub mod puzzles;
mod rules_file;
mod setup;
mod split;
mod stipulation;
mod tag;
mod tree;
mod variant;

pub use letters::PieceLetters;
pub use notation::{Marker, MoveSyntax, ResultToken};
pub use parser::{Parser, Skipped};
pub use rules_file::{RuleSets, Unnamed};
pub(crate) use setup::fen_string;
pub use setup::{SetupForm, SetupSyntax};
pub use split::Splitter;
pub(crate) use stipulation::missing as missing_stipulation;
pub use stipulation::{MAX_MOVES, ProblemKind, Stipulation, stipulation};
pub use tag::Tag;
pub use tree::{GameSyntax, Join, Line, MoveNumber, Note, NoteKind, PlySyntax, RulesMove};
pub use variant::variant_named;
