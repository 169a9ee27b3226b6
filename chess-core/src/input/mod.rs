//! Stage 1, input: where the text comes from. Every front end turns its
//! input into one [`Source`]: PGN text as it is (a string literal, a file),
//! Rust tokens rendered as chess text (`tokens::render`), with the way
//! back from a byte range of that text to what the user wrote (token spans,
//! `line:col`).
//!
//! Knows nothing of chess.

pub mod files;
mod source;
pub(crate) mod tokens;

pub use source::{LineCol, Mode, Range, Source};
