//! Puzzles: a position, the opponent's move that sets it, and the
//! solution, proven at compile time.

use core::fmt;

use crate::{Game, Plies, Ply, Position};

/// A puzzle from a lichess puzzle file, verified by
/// `include_puzzles!` (feature `macros`): its position is legal,
/// its moves are legal, and for a mate theme (`mateIn1` … `mateIn5`) the
/// solution is proven: it mates after exactly that many moves of the
/// solver, each the only move that keeps the forced mate (any mate is
/// accepted on the last move, as lichess does, unless the macro input
/// starts with `#![deny(other_mates)]`). For other themes only legality
/// can be proven.
///
/// ```
/// use verified_chess::{include_puzzles, Puzzle};
///
/// static PUZZLES: &[Puzzle] = include_puzzles!("tests/puzzles/mates.csv");
/// let p = &PUZZLES[0];
/// assert_eq!(p.id(), "m0001");
/// assert_eq!(p.mate_in(), Some(2));
/// assert_eq!(p.opponent_move().san.as_str(), "Kf8");
/// let solution: Vec<String> = p.solution().map(|ply| ply.san.to_string()).collect();
/// assert_eq!(solution, ["Qf6+", "Ke8", "Qe7#"]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    game: Game,
}

impl Puzzle {
    /// A puzzle from the data a macro wrote (a game's, with the row's
    /// cells as tags). Not a public API.
    #[doc(hidden)]
    pub const fn __new(data: &'static str) -> Puzzle {
        Puzzle {
            game: Game::__new(data),
        }
    }

    /// The whole line as a game: from the position of the FEN cell, the
    /// opponent's move, then the solution.
    pub const fn game(&self) -> Game {
        self.game
    }

    /// The value of a cell by its column's name (`PuzzleId`, `FEN`,
    /// `Moves`, `Rating`, `RatingDeviation`, `Popularity`, `NbPlays`,
    /// `Themes`, `GameUrl`, `OpeningTags`), if the row has it.
    pub fn cell(&self, column: &str) -> Option<&'static str> {
        self.game.tag(column)
    }

    /// The puzzle's id.
    pub fn id(&self) -> &'static str {
        self.cell("PuzzleId").unwrap_or("")
    }

    /// Its rating, if the row has one.
    pub fn rating(&self) -> Option<u32> {
        self.cell("Rating")?.parse().ok()
    }

    /// Its themes (`mateIn2`, `short`, `endgame` …).
    pub fn themes(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.cell("Themes").unwrap_or("").split_whitespace()
    }

    /// The number of moves of its `mateInN` theme, if it has one.
    pub fn mate_in(&self) -> Option<u32> {
        self.themes()
            .find_map(|t| t.strip_prefix("mateIn")?.parse().ok())
    }

    /// The opponent's move that sets the puzzle (the first of the row).
    pub fn opponent_move(&self) -> Ply {
        // A verified puzzle has it.
        self.game
            .plies()
            .next()
            .expect("a verified puzzle has its moves")
    }

    /// The position the solver sees: after the opponent's move.
    pub fn position(&self) -> Position {
        self.game
            .position_after(1)
            .unwrap_or_else(|| self.game.start())
    }

    /// The solution: the solver's moves and the opponent's answers.
    pub fn solution(&self) -> core::iter::Skip<Plies> {
        self.game.plies().skip(1)
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzle")
            .field("id", &self.id())
            .field("game", &self.game)
            .finish()
    }
}
