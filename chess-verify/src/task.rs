//! What a run proves of its inputs, and how each input is cut for it.

use std::sync::Arc;

use chess_core::RuleSets;
use chess_core::puzzle::PuzzleOptions;

use crate::check::{Checked, Context, check};
use crate::read::{Cut, Piece};

/// What a run proves of its inputs.
#[derive(Clone, Debug, Default)]
pub enum Task {
    /// Chess games (PGN): every move legal.
    #[default]
    Games,
    /// Puzzles (`--puzzles`): lichess puzzle files (CSV, cut where a row
    /// begins) and files of chess problems (PGN), proven by
    /// [`crate::puzzles::check_piece`].
    Puzzles(PuzzleOptions),
    /// Games under rules a user defines (`--rules`): read and checked as
    /// chess games are, under the rule sets of a rules file.
    Rules(Arc<RuleSets>),
}

impl Task {
    /// Where an input called `name` may be cut.
    pub fn cut(&self, name: &str) -> Cut {
        match self {
            Task::Puzzles(_) if !crate::puzzles::is_pgn(name) => Cut::Lines,
            _ => Cut::Games,
        }
    }

    /// Checks one piece of an input called `name`.
    pub fn check(&self, piece: Piece, name: &str, context: &Context) -> Checked {
        match self {
            Task::Games => check(piece, name, context, None),
            Task::Puzzles(options) => crate::puzzles::check_piece(piece, name, context, *options),
            Task::Rules(rules) => check(piece, name, context, Some(rules)),
        }
    }
}
