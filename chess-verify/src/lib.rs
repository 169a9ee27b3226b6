//! `chess-verify`: checks chess games in PGN collections of any size with
//! the verified-chess engine, and reports every problem under the move
//! concerned, with the reason.
//!
//! The stages, in the order data flows:
//!
//! 1. [`input`]: a file or standard input, decompressed on the fly (zstd,
//!    gzip, bzip2, recognized by their first bytes);
//! 2. [`read`]: the bytes cut into pieces of whole games, where games begin
//!    ([`chess_core::Splitter`]), so memory stays bounded (so that the text
//!    is read once: on one thread, open pieces that their check ends where
//!    the splitter would cut; on several, pieces ended where a game most
//!    likely begins, which their check confirms);
//! 3. [`check`]: each piece decoded (UTF-8, or Windows-1252 / Latin-1) and
//!    its games verified by [`chess_core::verify`], in parallel;
//! 4. [`run`]: the pipeline that runs stages 1–3 on every core (each
//!    thread takes the next piece from one source in turn and checks it
//!    where it read it) and hands the results on in input order;
//! 5. [`report`]: human, JSON, GitHub Actions or SARIF output, progress and
//!    summary; [`board`] draws the position a problem is in.
//!
//! With `--puzzles`, [`puzzles`] reads lichess puzzle files instead and
//! proves every row (stages 1, then its own check on every core, then 5).
//! With `--rules`, [`rules`] reads a rules file, and the games are checked
//! under it by the same stages. `chess-verify lsp` ([`lsp`]) serves editors:
//! each open document is checked by stages 2–3 as it changes. Should a
//! check panic (a bug), [`bug`] names the piece it was checking.
//!
//! ```
//! use std::ops::ControlFlow;
//! use chess_verify::check::{Context, Encoding};
//! use chess_verify::read::Limits;
//! use chess_verify::run::{Item, Run};
//!
//! let dir = std::env::temp_dir().join(format!("chess-verify-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("games.pgn");
//! std::fs::write(&path, "[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 d5 2. Bc4 *\n").unwrap();
//! let run = Run {
//!     inputs: vec![chess_verify::input::Input::Path(path)],
//!     context: Context {
//!         options: Default::default(),
//!         encoding: Encoding::Auto,
//!         shard: None,
//!         styled: false,
//!     },
//!     jobs: 2,
//!     limits: Limits::default(),
//!     task: Default::default(),
//! };
//! let mut problems = Vec::new();
//! run.run(&mut |item| {
//!     if let Item::Checked { checked, .. } = item {
//!         problems.extend(checked.problems.into_iter().map(|p| (p.line, p.column, p.text)));
//!     }
//!     ControlFlow::Continue(())
//! });
//! assert_eq!(problems, [(5, 13, "Bc4".to_string())]);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

#![warn(missing_docs)]

pub mod board;
mod buffer;
pub mod bug;
pub mod check;
pub mod fix;
pub mod input;
mod item;
pub mod lsp;
pub mod puzzles;
pub mod read;
pub mod report;
pub mod rules;
pub mod run;
mod source;
mod task;
