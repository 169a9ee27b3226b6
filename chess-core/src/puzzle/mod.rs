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
//! | `mod.rs` | options, and what both share: moves and lines in words, the budget's message |
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

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};
use crate::replay::{self, Options, VerifiedGame};
use crate::search::OutOfBudget;
use crate::syntax::GameSyntax;
use crate::{explain, start};

pub use lichess::{CheckedPuzzle, check_lichess};
pub use problem::{CheckedProblem, check_problem};

/// How puzzles are checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleOptions {
    /// The positions the search may visit for one puzzle.
    pub budget: u64,
    /// Report another mate on the last move as an error, not a warning.
    pub unique_last_move: bool,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            budget: 2_000_000,
            unique_last_move: false,
        }
    }
}

/// `12. Qd7` or `12... Qd7` for `m` in `pos`.
fn numbered(pos: &Chess, m: Move) -> String {
    let san = SanPlus::from_move(pos.clone(), m);
    match pos.turn() {
        Color::White => format!("{}. {san}", pos.fullmoves()),
        Color::Black => format!("{}... {san}", pos.fullmoves()),
    }
}

/// A line of moves from `pos`, numbered.
fn line_text(pos: &Chess, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        out.push(match (pos.turn(), i) {
            (Color::White, _) => format!("{}. {san}", pos.fullmoves()),
            (Color::Black, 0) => format!("{}... {san}", pos.fullmoves()),
            (Color::Black, _) => san,
        });
        pos.play_unchecked(m);
    }
    out.join(" ")
}

fn budget_error(range: Range, spent: OutOfBudget, what: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::SearchBudget,
        range,
        format!(
            "could not prove {what} within the search's budget ({} positions visited)",
            spent.nodes
        ),
    )
    .with_note(
        "raise the budget: `#![search_budget(N)]` at the start of the macro's input, `--search-budget N` for `chess-verify`",
    )
}

/// The position and every written move (variations included), verified
/// like a game's.
fn verify_game(game: &GameSyntax, source: &Source) -> Result<VerifiedGame, Diagnostic> {
    let (start, mode) = start::position(game).map_err(explain::start_failure)?;
    replay::replay(game, start, mode, Options::default())
        .map_err(|failure| explain::replay_failure(&failure, source))
}
