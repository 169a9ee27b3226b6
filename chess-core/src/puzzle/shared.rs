//! What lichess puzzles and problems share: the options, verifying the
//! game, moves and lines in words, the budget's message.

use chess_format::MoveLabel;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};
use crate::replay::{self, Options, VerifiedGame};
use crate::search::{Deadline, OutOfBudget, Spent};
use crate::syntax::GameSyntax;
use crate::{explain, start};

/// How puzzles are checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleOptions {
    /// The positions the search may visit for one puzzle.
    pub budget: u64,
    /// Report another mate on the last move as an error, not a warning.
    pub unique_last_move: bool,
    /// What else ends a proof: a time budget, a cancellation (the language
    /// server's, whose proofs run beside the editor's requests).
    pub deadline: Deadline,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            budget: 2_000_000,
            unique_last_move: false,
            deadline: Deadline::default(),
        }
    }
}

/// `12. Qd7` or `12... Qd7` for `m` in `pos`.
pub(super) fn numbered(pos: &Chess, m: Move) -> String {
    let san = SanPlus::from_move(pos.clone(), m);
    label(pos).before(san).to_string()
}

/// The label of the move of `pos`'s side to move: `12.` or `12...`.
fn label(pos: &Chess) -> MoveLabel {
    MoveLabel::new(pos.fullmoves().get(), pos.turn() == Color::Black)
}

/// A line of moves from `pos`, numbered.
pub(super) fn line_text(pos: &Chess, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        out.push(match (pos.turn(), i) {
            (Color::Black, 1..) => san,
            _ => label(&pos).before(san).to_string(),
        });
        pos.play_unchecked(m);
    }
    out.join(" ")
}

pub(super) fn budget_error(range: Range, spent: OutOfBudget, what: &str) -> Diagnostic {
    let nodes = spent.nodes;
    let (within, raise) = match spent.why {
        Spent::Nodes => (
            format!("the search's budget ({nodes} positions visited)"),
            "raise the budget: `#![search_budget(N)]` at the start of the macro's input, `--search-budget N` for `chess-verify`",
        ),
        Spent::Time(time) => (
            format!(
                "the time the editor gives a proof ({} s, {nodes} positions visited)",
                time.as_secs_f64()
            ),
            "`chess-verify --puzzles` proves it without a time budget",
        ),
        Spent::Cancelled => (
            format!("the proof's time: an edit came first ({nodes} positions visited)"),
            "the proof runs again on the text as it is now",
        ),
    };
    Diagnostic::new(
        ErrorKind::SearchBudget,
        range,
        format!("could not prove {what} within {within}"),
    )
    .with_note(raise)
}

/// The position and every written move (variations included), verified
/// like a game's.
pub(super) fn verify_game(game: &GameSyntax, source: &Source) -> Result<VerifiedGame, Diagnostic> {
    let (start, mode) = start::position(game).map_err(explain::start_failure)?;
    replay::replay(game, start, mode, Options::default())
        .map_err(|failure| explain::replay_failure(&failure, source))
}
