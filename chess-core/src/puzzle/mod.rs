//! Stage 7, puzzles proven. Two kinds of claims are checked with the
//! [`search`](crate::search), after the position and every written move
//! were verified like a game's (`start`, `replay`, `explain`):
//!
//! * a lichess puzzle row ([`check_lichess`]): for a mate theme (`mateIn1`
//!   … `mateIn5`), the line ends in checkmate after exactly that many
//!   moves of the solver, and each of them is the only move that keeps a
//!   forced mate in what is left. On the last move any mate wins (lichess
//!   accepts any), so other mates there are only reported as warnings.
//! * a chess problem ([`check_problem`]): a setup, a `[Stipulation]`
//!   (`#n`, `h#n`, `s#n`) and the solution as movetext, the key first,
//!   variations as PGN variations.
//!
//! | file | what |
//! |---|---|
//! | `shared.rs` | what both share: options, verifying the game, moves and lines in words, the budget's message |
//! | `lichess.rs` | a lichess puzzle row |
//! | `problem.rs` | a chess problem and its stipulation |
//!
//! Every message about a claim (`not-mate`, `second-solution`,
//! `short-solution`, `not-refuted`, `missing-solution`, `search-budget`)
//! is worded here.
//!
//! ```
//! use chess_core::puzzle::{PuzzleOptions, check_lichess};
//! use chess_core::syntax::puzzles::lichess_rows;
//! use chess_core::{ErrorKind, Source};
//!
//! let csv = "p1,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,mateIn1 short,,\n";
//! let source = Source::text(csv, Some("puzzles.csv".into()), None);
//! let row = lichess_rows(&source).next().unwrap().unwrap();
//! let checked = check_lichess(&row, &source, PuzzleOptions::default()).unwrap();
//! assert_eq!(checked.game.san(), "Rb3 Re8#");
//!
//! // Another defence: now 2. Re8 is no mate.
//! let csv = "p2,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,h7h6 e1e8,600,80,90,10,mateIn1 short,,\n";
//! let source = Source::text(csv, None, None);
//! let row = lichess_rows(&source).next().unwrap().unwrap();
//! let error = check_lichess(&row, &source, PuzzleOptions::default()).unwrap_err();
//! assert_eq!(error.kind, ErrorKind::NotMate);
//! ```

mod lichess;
mod problem;
mod shared;

pub use lichess::{CheckedPuzzle, check_lichess};
pub use problem::{CheckedProblem, check_problem};
pub use shared::PuzzleOptions;
