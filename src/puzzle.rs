//! Puzzles: a position and its solution, proven at compile time. Two
//! kinds: lichess puzzles (the opponent's move sets the position, then the
//! solution) and chess problems (a position, a stipulation such as `#2`,
//! `h#3`, `s#2`, and the solution with its variations).

use core::fmt;

use crate::{Game, Node, Plies, Ply, Position};

/// A puzzle, verified by `puzzle!` or `include_puzzles!` (feature
/// `macros`).
///
/// **A lichess puzzle** (a row of a lichess puzzle file): its position is
/// legal, its moves are legal, and for a mate theme (`mateIn1` …
/// `mateIn5`) the solution is proven: it mates after exactly that many
/// moves of the solver, each the only move that keeps the forced mate
/// (any mate is accepted on the last move, as lichess does, unless the
/// macro input starts with `#![deny(other_mates)]`). For other themes
/// only legality can be proven.
///
/// ```
/// use verified_chess::{include_puzzles, Puzzle};
///
/// static PUZZLES: &[Puzzle] = include_puzzles!("tests/puzzles/mates.csv");
/// let p = &PUZZLES[0];
/// assert_eq!(p.id(), "m0001");
/// assert_eq!(p.mate_in(), Some(2));
/// assert_eq!(p.opponent_move().unwrap().san.as_str(), "Kf8");
/// let solution: Vec<String> = p.solution().map(|ply| ply.san.to_string()).collect();
/// assert_eq!(solution, ["Qf6+", "Ke8", "Qe7#"]);
/// ```
///
/// **A chess problem**: a setup, a [`Stipulation`] and the solution,
/// the key first, other defences, tries and other solutions as
/// variations; what is proven is listed under `puzzle!`.
///
/// ```
/// use verified_chess::{puzzle, ProblemKind, Puzzle};
///
/// // William A. Shinkman, The Theory of Pawn Promotion, 1912.
/// const SHINKMAN: Puzzle = puzzle! {
///     [FEN "4kB2/6P1/8/3Q4/8/8/8/7K w - - 0 1"]
///     [Stipulation "#2"]
///     1. g8=B! Kxf8 2. Qf7 #
/// };
/// let stipulation = SHINKMAN.stipulation().unwrap();
/// assert_eq!((stipulation.kind, stipulation.moves), (ProblemKind::Mate, 2));
/// assert_eq!(stipulation.to_string(), "#2");
/// assert_eq!(SHINKMAN.key().unwrap().san.as_str(), "g8=B");
/// assert_eq!(SHINKMAN.position(), SHINKMAN.game().start());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Puzzle {
    /// The whole line as a game (see [`Puzzle::game`]). Not a public API:
    /// the macros write `Puzzle { __game: Game { __data: "…" } }`.
    #[doc(hidden)]
    pub __game: Game,
}

/// A chess problem's stipulation (`#2`, `h#3`, `s#2`) and what it asks
/// for, read by the one reader that proves problems (defined in
/// `chess-format`).
///
/// ```
/// use verified_chess::{ProblemKind, Stipulation};
///
/// let s = Stipulation::parse("H# 3").unwrap();
/// assert_eq!((s.kind, s.moves), (ProblemKind::HelpMate, 3));
/// assert!(Stipulation::parse("=2").is_err());
/// ```
pub use chess_format::{ProblemKind, Stipulation, StipulationError};

impl Puzzle {
    /// The whole line as a game: for a lichess puzzle, from the position
    /// of the FEN cell, the opponent's move, then the solution; for a
    /// problem, from its position, the solution with its variations.
    pub const fn game(&self) -> Game {
        self.__game
    }

    /// The value of a tag: a problem's (`FEN`, `Stipulation`, …), or a
    /// lichess cell by its column's name (`PuzzleId`, `FEN`, `Moves`,
    /// `Rating`, `RatingDeviation`, `Popularity`, `NbPlays`, `Themes`,
    /// `GameUrl`, `OpeningTags`), if it has one.
    pub fn cell(&self, column: &str) -> Option<&'static str> {
        self.__game.tag(column)
    }

    /// A problem's stipulation (`None` for a lichess puzzle).
    pub fn stipulation(&self) -> Option<Stipulation> {
        Stipulation::parse(self.cell("Stipulation")?).ok()
    }

    /// Whether it is a chess problem (it has a stipulation) rather than a
    /// lichess puzzle.
    pub fn is_problem(&self) -> bool {
        self.stipulation().is_some()
    }

    /// A lichess puzzle's id (empty for a problem).
    pub fn id(&self) -> &'static str {
        self.cell("PuzzleId").unwrap_or("")
    }

    /// A lichess puzzle's rating, if the row has one.
    pub fn rating(&self) -> Option<u32> {
        self.cell("Rating")?.parse().ok()
    }

    /// A lichess puzzle's themes (`mateIn2`, `short`, `endgame` …).
    pub fn themes(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.cell("Themes").unwrap_or("").split_whitespace()
    }

    /// The number of moves of a lichess puzzle's `mateInN` theme, or of a
    /// direct-mate problem's stipulation.
    pub fn mate_in(&self) -> Option<u32> {
        match self.stipulation() {
            Some(Stipulation {
                kind: ProblemKind::Mate,
                moves,
            }) => Some(u32::from(moves)),
            Some(_) => None,
            None => self
                .themes()
                .find_map(|t| t.strip_prefix("mateIn")?.parse().ok()),
        }
    }

    /// The plies before the solver's position: 1 for a lichess puzzle
    /// (the opponent's move), 0 for a problem.
    fn setting(&self) -> usize {
        usize::from(!self.is_problem())
    }

    /// The opponent's move that sets a lichess puzzle (the first of the
    /// row); `None` for a problem.
    pub fn opponent_move(&self) -> Option<Ply> {
        if self.is_problem() {
            return None;
        }
        self.__game.plies().next()
    }

    /// The position the solver sees: a problem's, or a lichess puzzle's
    /// after the opponent's move.
    pub fn position(&self) -> Position {
        self.__game
            .position_after(self.setting())
            .unwrap_or_else(|| self.__game.start())
    }

    /// The solver's first move: a problem's key.
    pub fn key(&self) -> Option<Ply> {
        self.solution().next()
    }

    /// The solution's main line: the solver's moves and the answers.
    pub fn solution(&self) -> core::iter::Skip<Plies> {
        self.__game.plies().skip(self.setting())
    }

    /// The solution as a tree, at the solver's position: its
    /// [`children`](Node::children) are the key and any tries (a problem's
    /// variations of the key), or for a helpmate every first move of a
    /// solution; below them, the defences and the answers.
    ///
    /// ```
    /// use verified_chess::{puzzle, Puzzle};
    ///
    /// // T. Garai, Probleemblad 1989, 2nd prize: helpmate in 2, two solutions.
    /// const GARAI: Puzzle = puzzle! {
    ///     [FEN "4R3/8/Q7/1B1p4/2bpR3/P2kr3/6K1/6b1 b - - 0 1"]
    ///     [Stipulation "h#2"]
    ///     1... Bxb5 (1... Rxe4 2. Bxc4+ Ke3 3. Qh6 #) 2. Rxe3+ Kc4 3. Rc8 #
    /// };
    /// let firsts: Vec<String> = GARAI.tree().children().map(|n| n.ply().unwrap().san.to_string()).collect();
    /// assert_eq!(firsts, ["Bxb5", "Rxe4"]);
    /// ```
    pub fn tree(&self) -> Node {
        let mut node = self.__game.root();
        for _ in 0..self.setting() {
            match node.next() {
                Some(next) => node = next,
                None => break,
            }
        }
        node
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("Puzzle");
        match self.stipulation() {
            Some(stipulation) => s.field("stipulation", &stipulation),
            None => s.field("id", &self.id()),
        };
        s.field("game", &self.__game).finish()
    }
}
