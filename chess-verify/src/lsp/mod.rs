//! `chess-verify lsp`: a language server on standard input and output.
//! An editor opens a PGN file (or a lichess puzzle file, a file of chess
//! problems, a rules file); each version of its text is checked as
//! `chess-verify` checks a file, and the problems are published as
//! diagnostics at the exact range of the bad token.
//!
//! | file | what |
//! |---|---|
//! | `wire.rs` | bytes to messages and back, every message bounded |
//! | `session.rs` | the protocol's order: initialize, shutdown, exit; what cannot be read answered, never fatal |
//! | `server.rs` | the server: the documents' lifecycle, requests to their answers |
//! | `documents.rs` | what a document is (games, puzzles, a rules file, Rust) by its name and settings |
//! | `worker.rs` | documents checked off the request loop, proofs with a time budget, cancelled by the next edit |
//! | `text.rs` | a document's text, edits, positions in the client's columns |
//! | `diagnostics.rs` | a document's problems as diagnostics |
//! | `actions.rs` | quick fixes, proven before they are offered, and "fix all" |
//! | `hover.rs` | the position after a move, on hover |
//! | `outline.rs` | games and variations as symbols, and folding ranges |
//! | `rust.rs` | inside the chess macros of Rust files: hover and quick fixes |
//! | `settings.rs` | `chess-verify.toml`: the rules file a directory's games are under |

pub mod actions;
pub mod diagnostics;
pub mod documents;
pub mod hover;
pub mod outline;
pub mod rust;
pub mod server;
pub mod session;
pub mod settings;
pub mod text;
pub mod wire;
pub mod worker;

pub use session::{Ended, serve, stdio};
