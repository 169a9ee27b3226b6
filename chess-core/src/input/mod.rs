//! Stage 1, input: where the text comes from. Every front end turns its
//! input into one [`Source`]: PGN text as it is (a string literal, a file),
//! Rust tokens rendered as chess text (`tokens::render`), with the way
//! back from a byte range of that text to what the user wrote (token spans,
//! `line:col`).
//!
//! Knows nothing of chess.
//!
//! | file | what |
//! |---|---|
//! | `source.rs` | [`Source`]: the text, its mode and the map back (token spans, `line:col`) |
//! | `tokens.rs` | Rust tokens rendered as chess text, joined where the compiler says they touch (`O-O`, pockets, Three-check's counters) |
//! | `files.rs` | files read as UTF-8, inside the crate for `include_pgn!` |
//! | `scan.rs` | the next of a few bytes, sixteen bytes at a step (movetext and comments skipped) |

pub mod files;
pub(crate) mod scan;
mod source;
pub(crate) mod tokens;

pub use scan::{count_line_breaks, line_breaks};
pub use source::{LineCol, Mode, Range, Source};
