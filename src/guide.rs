//! The guide: everything the crate does, chapter by chapter, with examples
//! that the test suite compiles and runs (each chapter is a page of this
//! module; the README is the short version).
//!
//! 1. [Games as values](values) — what `game!` gives you: moves, positions,
//!    boards as text and as SVG, PGN export, values read from text (FEN
//!    among them), the crate's features.
//! 2. [Notation](notation) — the forms of moves, numbers, markers,
//!    annotations, comments and results; other languages' piece letters;
//!    how real files' quirks are read.
//! 3. [Setups and `position!`](setups) — a game from any legal position:
//!    FEN, tags, a board diagram, piece lists.
//! 4. [Collections and annotations](collections) — PGN text, `games!`,
//!    `include_pgn!`; variations, comments and NAGs kept as a tree.
//! 5. [Variants](variants) — the seven lichess variants, verified by their
//!    rules, as `Game` values.
//! 6. [Puzzles and problems](puzzles) — lichess puzzle files proven by
//!    `include_puzzles!`; chess problems (`#n`, `h#n`, `s#n`) proven by
//!    `puzzle!`.
//! 7. [Your own rules](custom_rules) — games under a rules file
//!    (Fairy-Stockfish `variants.ini`, CustomChessKell YAML); and
//!    [Fairy-Stockfish's variants](fairy_stockfish): which of its built-in
//!    variants and of its own `variants.ini` play, and why the others do
//!    not yet.
//! 8. [`chess-verify`](cli) — the command line: collections of any size,
//!    CI output, the GitHub Action and the pre-commit hook.
//! 9. [In the editor](editor) — errors as you type.
//! 10. [What is verified](verification) — the rules, how an error reads,
//!     the board where it went wrong, robustness.
//! 11. [Error catalogue](catalogue) — every kind of error, with an input
//!     that causes it and the exact message.
//! 12. [Limits](limits) — the bounds that keep any input to bounded
//!     memory and linear time, and how to raise them.
//! 13. [Performance](performance) — the cost to a build, and
//!     `chess-verify`'s speed, measured.
//! 14. [Crates and licenses](licenses) — what links what, and the license
//!     boundary.

#[doc = include_str!("../guide/values.md")]
pub mod values {}

#[doc = include_str!("../guide/notation.md")]
pub mod notation {}

#[doc = include_str!("../guide/setups.md")]
pub mod setups {}

#[doc = include_str!("../guide/collections.md")]
pub mod collections {}

#[doc = include_str!("../guide/variants.md")]
pub mod variants {}

#[doc = include_str!("../guide/puzzles.md")]
pub mod puzzles {}

#[doc = include_str!("../guide/custom_rules.md")]
pub mod custom_rules {}

#[doc = include_str!("../guide/fairy_stockfish.md")]
pub mod fairy_stockfish {}

#[doc = include_str!("../guide/cli.md")]
pub mod cli {}

#[doc = include_str!("../guide/editor.md")]
pub mod editor {}

#[doc = include_str!("../guide/verification.md")]
pub mod verification {}

#[doc = include_str!("../guide/catalogue.md")]
pub mod catalogue {}

#[doc = include_str!("../guide/limits.md")]
pub mod limits {}

#[doc = include_str!("../guide/performance.md")]
pub mod performance {}

#[doc = include_str!("../guide/licenses.md")]
pub mod licenses {}
