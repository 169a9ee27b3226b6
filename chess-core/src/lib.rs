//! The verifier behind `verified-chess`: chess text in, verified games or
//! diagnostics out. The macros, `chess-verify`, the tests and the
//! benchmarks all go through [`verify`].
//!
//! ```text
//!  PGN text, a file, Rust tokens
//!        │  input     one Source: the text, and the way back to what the
//!        ▼            user wrote (token spans, line:col)
//!  ┌───────────┐
//!  │  syntax   │  lexer → notation → parser (+ setup grammar)
//!  └───────────┘  → GameSyntax: tags, setup, plies, variations, result
//!        ▼
//!  ┌───────────┐
//!  │  start    │  setup → legal shakmaty position    (or IllegalPosition)
//!  └───────────┘
//!        ▼
//!  ┌───────────┐
//!  │  replay   │  every ply, every variation, the game-ending rules
//!  └───────────┘  → VerifiedGame                    (or Failure)
//!        ▼                                               │
//!  ┌───────────┐                              ┌──────────▼─┐
//!  │  emit     │  VerifiedGame → Game data    │  explain   │ → Diagnostic
//!  └───────────┘  (chess-format), tokens      └────────────┘
//!        ▼
//!  expand: the macros (tokens in, a `Game` or `compile_error!` out)
//! ```
//!
//! Each stage hands the next one data, never calls back up, and words
//! nothing but its own problems: what cannot be read is worded by `syntax`,
//! what is not legal by `explain`. Diagnostics carry structured
//! [`Help`]; each front end spells it ([`Spelling`]).
//!
//! ```
//! use chess_core::{Options, Source, verify};
//!
//! let source = Source::text("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", None, None);
//! let game = verify(&source, Options::default()).next().unwrap().unwrap();
//! assert_eq!(game.san(), "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
//!
//! let source = Source::text("1. d4 d5 2. Bc4", None, None);
//! let error = verify(&source, Options::default()).next().unwrap().unwrap_err();
//! assert_eq!(
//!     error.message,
//!     "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2",
//! );
//! ```

#![warn(missing_docs)]
// On docs.rs, each item says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The stages, in the order data flows through them.
// 1. where the text comes from
pub mod input;
// 1b. the rule sets of a rules file and Fairy-Stockfish's built-ins
pub mod rule_sets;
// 2. text → games as written
pub mod syntax;
// 3. setup → legal start position
mod start;
// 4. every ply through shakmaty
mod replay;
// 4b. proving mates (puzzles and problems)
pub mod search;
// 5. why not, in words (the error path)
mod explain;
pub use explain::{describe_end, describe_rules_end};
// 5b. puzzles proven (search + the stages above)
pub mod puzzle;
// 6. what goes out
pub mod emit;

// Below the stages: what every stage may use.
mod diagnostic;

// 7. what the replay proved, for the consumers that ask (the editor)
pub mod record;

// Above the stages: the entry points.
pub mod expand;
mod pipeline;

#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use diagnostic::{Before, Diagnostic, ErrorKind, Help, OptIn, Spelling, internal_error};
pub use input::{LineCol, Range, Source, files};
pub use pipeline::{Checked, Games, verify, verify_with_cuts};
pub use replay::custom::{CustomGame, coordinates, result_of};
pub use replay::{Expected, Numbering, Options, Rules, SanBits, TableLookup, VerifiedGame};
pub use rule_sets::{Refused, RuleSets, Unnamed};
pub use syntax::Splitter;
