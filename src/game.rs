//! Verified games.

use core::fmt;
use core::iter::FusedIterator;

use crate::{Color, Move, Position};

/// How a game ended, if it did.
///
/// The macros derive this from the final position (checkmate, stalemate, a
/// dead position, fivefold repetition, the 75-move rule) and, when the rules
/// did not end the game, from the result written after the moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game has no result: no rule ended it and no result (or `*`) was
    /// written.
    Ongoing,
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: DecisiveReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecisiveReason {
    /// The loser is checkmated.
    Checkmate,
    /// The position is not decided by the rules; the recorded result says who
    /// won (resignation, time forfeit, adjudication, …).
    Declared,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate: the game is drawn by dead position.
    /// Detected by material alone (e.g. king and bishop against king), which
    /// is the standard approximation; locked pawn structures are not
    /// recognised.
    DeadPosition,
    /// The same position occurred for the fifth time.
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move.
    SeventyFiveMoveRule,
    /// The position is not drawn by the rules; the recorded result says the
    /// game was drawn (agreement, a claim under the 50-move or threefold
    /// rule, …).
    Declared,
}

impl Outcome {
    #[doc(hidden)]
    pub const fn __from_code(code: u8) -> Outcome {
        use Color::{Black, White};
        match code {
            1 => Outcome::Decisive {
                winner: White,
                reason: DecisiveReason::Checkmate,
            },
            2 => Outcome::Decisive {
                winner: Black,
                reason: DecisiveReason::Checkmate,
            },
            3 => Outcome::Draw {
                reason: DrawReason::Stalemate,
            },
            4 => Outcome::Draw {
                reason: DrawReason::DeadPosition,
            },
            5 => Outcome::Draw {
                reason: DrawReason::FivefoldRepetition,
            },
            6 => Outcome::Draw {
                reason: DrawReason::SeventyFiveMoveRule,
            },
            7 => Outcome::Decisive {
                winner: White,
                reason: DecisiveReason::Declared,
            },
            8 => Outcome::Decisive {
                winner: Black,
                reason: DecisiveReason::Declared,
            },
            9 => Outcome::Draw {
                reason: DrawReason::Declared,
            },
            _ => Outcome::Ongoing,
        }
    }

    /// The winner, if one side won.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// `true` unless the outcome is [`Outcome::Ongoing`].
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// `true` if the rules themselves ended the game (as opposed to a
    /// recorded result).
    pub const fn is_automatic(self) -> bool {
        matches!(
            self,
            Outcome::Decisive {
                reason: DecisiveReason::Checkmate,
                ..
            } | Outcome::Draw {
                reason: DrawReason::Stalemate
                    | DrawReason::DeadPosition
                    | DrawReason::FivefoldRepetition
                    | DrawReason::SeventyFiveMoveRule
            }
        )
    }

    /// The PGN result this outcome implies.
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Ongoing => GameResult::Unknown,
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Draw { .. } => GameResult::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Decisive {
                winner,
                reason: DecisiveReason::Checkmate,
            } => write!(f, "{winner} wins by checkmate"),
            Outcome::Decisive {
                winner,
                reason: DecisiveReason::Declared,
            } => write!(f, "{winner} wins"),
            Outcome::Draw { reason } => f.write_str(match reason {
                DrawReason::Stalemate => "draw by stalemate",
                DrawReason::DeadPosition => "draw by dead position",
                DrawReason::FivefoldRepetition => "draw by fivefold repetition",
                DrawReason::SeventyFiveMoveRule => "draw by the 75-move rule",
                DrawReason::Declared => "draw",
            }),
        }
    }
}

/// A PGN game result token.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, in progress or abandoned.
    Unknown,
}

impl GameResult {
    /// The PGN token.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Parses a PGN result token.
    pub fn parse(s: &str) -> Option<GameResult> {
        Some(match s {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A chess game whose every move was verified when your crate compiled.
///
/// Create one with the `game!` macro (feature `macros`). A `Game` is plain
/// `const` data: tags, the start position, the moves packed a few bytes per
/// ply, their SAN and the outcome. Positions are recomputed on demand by
/// applying the stored moves; no rules engine is involved at run time.
///
/// ```
/// # #[cfg(feature = "macros")] {
/// use verified_chess::{game, Color, DecisiveReason, Game, Outcome};
///
/// const SCHOLARS_MATE: Game = game! {
///     1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 # 1-0
/// };
/// assert_eq!(SCHOLARS_MATE.len(), 7);
/// assert_eq!(
///     SCHOLARS_MATE.outcome(),
///     Outcome::Decisive { winner: Color::White, reason: DecisiveReason::Checkmate }
/// );
/// assert_eq!(SCHOLARS_MATE.sans().last(), Some("Qxf7#"));
/// assert_eq!(
///     SCHOLARS_MATE.final_position().fen().to_string(),
///     "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
/// );
/// # }
/// ```
#[derive(Copy, Clone)]
pub struct Game {
    /// `name\0value\0` for every tag, in order.
    tags: &'static str,
    start: Position,
    moves: &'static [u8],
    san: &'static str,
    result: GameResult,
    outcome: Outcome,
    ended_after: u32,
    chess960: bool,
}

impl Game {
    /// Assembles a game from the data the macros emit. Not a public API: the
    /// data is only meaningful when a macro verified it.
    #[doc(hidden)]
    pub const fn __new(
        tags: &'static str,
        start: Position,
        moves: &'static [u8],
        san: &'static str,
        result_and_outcome: u8,
        ended_after: u32,
        chess960: bool,
    ) -> Game {
        let result = match result_and_outcome >> 4 {
            1 => GameResult::WhiteWins,
            2 => GameResult::BlackWins,
            3 => GameResult::Draw,
            _ => GameResult::Unknown,
        };
        Game {
            tags,
            start,
            moves,
            san,
            result,
            outcome: Outcome::__from_code(result_and_outcome & 15),
            ended_after,
            chess960,
        }
    }

    /// The tag pairs written before the moves (`[Event "…"]`), in order, as
    /// `(name, value)`.
    pub fn tags(&self) -> Tags {
        Tags { rest: self.tags }
    }

    /// The value of the tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&'static str> {
        self.tags().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The position the game starts from.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// `true` if the game is Chess960 (castling moves are then written
    /// king-takes-rook in UCI).
    pub const fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The number of plies (half-moves).
    pub const fn len(&self) -> usize {
        self.moves.len() / 3
    }

    /// `true` if the game has no moves.
    pub const fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move of ply `index` (0 is the first move), if the game is that long.
    pub const fn move_at(&self, index: usize) -> Option<Move> {
        if index >= self.len() {
            return None;
        }
        let i = index * 3;
        Move::__unpack([self.moves[i], self.moves[i + 1], self.moves[i + 2]])
    }

    /// The moves in order.
    pub fn moves(&self) -> Moves {
        Moves {
            bytes: self.moves.chunks_exact(3),
        }
    }

    /// The SAN of every move in order, with `+`/`#` (e.g. `"Nf3"`, `"Qxf7#"`).
    pub fn sans(&self) -> Sans {
        Sans {
            rest: self.san,
            remaining: self.len(),
        }
    }

    /// The SAN of ply `index`. This walks the SAN text, so it takes time
    /// proportional to `index`; iterate with [`Game::plies`] to visit all.
    pub fn san(&self, index: usize) -> Option<&'static str> {
        self.sans().nth(index)
    }

    /// Every ply with its number, side, move and SAN.
    pub fn plies(&self) -> Plies {
        Plies {
            moves: self.moves(),
            sans: self.sans(),
            index: 0,
            start_turn: self.start.turn(),
            start_number: self.start.fullmove_number(),
            chess960: self.chess960,
        }
    }

    /// The result: the one written after the moves, or the one the rules
    /// decided, or `*`.
    pub const fn result(&self) -> GameResult {
        self.result
    }

    /// How the game ended, if it did; see [`Outcome`].
    pub const fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// After how many plies the rules ended the game (checkmate, stalemate,
    /// dead position, fivefold repetition or the 75-move rule), if they did.
    ///
    /// This is [`Game::len`] for every game the rules ended, except when the
    /// macro input started with `#![allow(moves_after_draw)]` and the record
    /// goes on after a draw the rules impose: then the moves after this ply
    /// were played, but the game had legally ended.
    pub const fn legal_end(&self) -> Option<usize> {
        if self.ended_after == u32::MAX {
            None
        } else {
            Some(self.ended_after as usize)
        }
    }

    /// The start position followed by the position after every ply
    /// (`len() + 1` positions).
    pub fn positions(&self) -> Positions {
        Positions {
            next: Some(self.start),
            moves: self.moves(),
        }
    }

    /// The position after `plies` plies (`0` is the start position).
    pub fn position_after(&self, plies: usize) -> Option<Position> {
        if plies > self.len() {
            return None;
        }
        let mut pos = self.start;
        for m in self.moves().take(plies) {
            pos.play(&m);
        }
        Some(pos)
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start;
        for m in self.moves() {
            pos.play(&m);
        }
        pos
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("tags", &DebugTags(self.tags()))
            .field("start", &self.start)
            .field("san", &self.san)
            .field("result", &self.result)
            .field("outcome", &self.outcome)
            .finish()
    }
}

struct DebugTags(Tags);

impl fmt::Debug for DebugTags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

/// Iterator over a game's tag pairs; see [`Game::tags`].
#[derive(Clone, Debug)]
pub struct Tags {
    rest: &'static str,
}

impl Iterator for Tags {
    type Item = (&'static str, &'static str);
    fn next(&mut self) -> Option<(&'static str, &'static str)> {
        let (name, rest) = self.rest.split_once('\0')?;
        let (value, rest) = rest.split_once('\0').unwrap_or((rest, ""));
        self.rest = rest;
        Some((name, value))
    }
}

impl FusedIterator for Tags {}

/// Iterator over a game's moves; see [`Game::moves`].
#[derive(Clone, Debug)]
pub struct Moves {
    bytes: core::slice::ChunksExact<'static, u8>,
}

impl Iterator for Moves {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let b = self.bytes.next()?;
        Move::__unpack([b[0], b[1], b[2]])
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.bytes.size_hint()
    }
}

impl DoubleEndedIterator for Moves {
    fn next_back(&mut self) -> Option<Move> {
        let b = self.bytes.next_back()?;
        Move::__unpack([b[0], b[1], b[2]])
    }
}

impl ExactSizeIterator for Moves {}
impl FusedIterator for Moves {}

/// Iterator over a game's SAN; see [`Game::sans`].
#[derive(Clone, Debug)]
pub struct Sans {
    rest: &'static str,
    remaining: usize,
}

impl Iterator for Sans {
    type Item = &'static str;
    fn next(&mut self) -> Option<&'static str> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let (san, rest) = self.rest.split_once(' ').unwrap_or((self.rest, ""));
        self.rest = rest;
        Some(san)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Sans {}
impl FusedIterator for Sans {}

/// One ply of a game; see [`Game::plies`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// 0 for the first ply of the game.
    pub index: usize,
    /// The move number as written in notation (`12` for `12. Nf3` and
    /// `12... Nc6`).
    pub number: u32,
    /// The side that plays this ply.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Its SAN, with `+`/`#`.
    pub san: &'static str,
    /// Its UCI text.
    pub uci: crate::Uci,
}

/// Iterator over a game's plies; see [`Game::plies`].
#[derive(Clone, Debug)]
pub struct Plies {
    moves: Moves,
    sans: Sans,
    index: usize,
    start_turn: Color,
    start_number: u32,
    chess960: bool,
}

impl Iterator for Plies {
    type Item = Ply;
    fn next(&mut self) -> Option<Ply> {
        let mv = self.moves.next()?;
        let san = self.sans.next().unwrap_or("");
        let index = self.index;
        self.index += 1;
        // Ply counted from White's first move of the start move number.
        let offset = index + usize::from(self.start_turn == Color::Black);
        let color = if offset.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let number = self
            .start_number
            .saturating_add(u32::try_from(offset / 2).unwrap_or(u32::MAX));
        Some(Ply {
            index,
            number,
            color,
            mv,
            san,
            uci: mv.uci(self.chess960),
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl ExactSizeIterator for Plies {}
impl FusedIterator for Plies {}

/// Iterator over a game's positions; see [`Game::positions`].
#[derive(Clone, Debug)]
pub struct Positions {
    next: Option<Position>,
    moves: Moves,
}

impl Iterator for Positions {
    type Item = Position;
    fn next(&mut self) -> Option<Position> {
        let current = self.next?;
        self.next = self.moves.next().map(|m| current.after(&m));
        Some(current)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.moves.len() + usize::from(self.next.is_some());
        (n, Some(n))
    }
}

impl ExactSizeIterator for Positions {}
impl FusedIterator for Positions {}
