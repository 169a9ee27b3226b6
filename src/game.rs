//! Verified games.

use core::fmt;
use core::iter::FusedIterator;

use chess_format::{GameData, GameResult, Header, Outcome};

use chess_format::Variant;

use crate::{Color, Move, Position, San};

/// A chess game whose every move was verified when your crate compiled.
///
/// Create one with the `game!` macro (feature `macros`). A `Game` is plain
/// `const` data — one string the macro wrote — holding the tags, the start
/// position, the moves (five characters per ply, decoded on demand, SAN
/// included) and the outcome. Positions are recomputed on demand by applying
/// the stored moves; no rules engine is involved at run time.
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
/// assert_eq!(SCHOLARS_MATE.sans().last().unwrap(), "Qxf7#");
/// assert_eq!(
///     SCHOLARS_MATE.final_position().fen().to_string(),
///     "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
/// );
/// # }
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    /// The data a macro wrote, in the format of the `chess-format` crate:
    /// the header (result, outcome, Chess960, number of plies, where the
    /// rules ended the game), the start position, five base-64 digits per
    /// ply (the move and what its SAN adds to it), the tags.
    ///
    /// Not a public API: the data is only meaningful when a macro verified
    /// the game. The macros write `Game { __data: "…" }`, a struct
    /// expression: a `const` whose value is a call costs the compiler more
    /// (1,106 games written `Game::__new("…")` took a rebuild 6 MB more
    /// memory).
    #[doc(hidden)]
    pub __data: &'static str,
}

/// A game with no moves from the standard position, for data no macro wrote.
const EMPTY: GameData<'static> = match GameData::read("0000,,S") {
    Some(data) => data,
    None => panic!("the empty game's data is valid"),
};

impl Game {
    const fn header(&self) -> Option<Header> {
        match Header::read(self.__data.as_bytes()) {
            Some((header, _)) => Some(header),
            None => None,
        }
    }

    pub(crate) fn read(&self) -> GameData<'static> {
        GameData::read(self.__data).unwrap_or(EMPTY)
    }

    /// The tag pairs written before the moves (`[Event "…"]`), in order, as
    /// `(name, value)`.
    pub fn tags(&self) -> Tags {
        Tags(self.read().tags())
    }

    /// The value of the tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&'static str> {
        self.tags().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// The position the game starts from.
    pub fn start(&self) -> Position {
        let data = self.read();
        Position::from_data(&data.start(), data.header().variant)
    }

    /// The rules the game was verified under.
    pub const fn variant(&self) -> Variant {
        match self.header() {
            Some(header) => header.variant,
            None => Variant::Standard,
        }
    }

    /// `true` if the game is Chess960 (castling moves are then written
    /// king-takes-rook in UCI).
    pub const fn is_chess960(&self) -> bool {
        match self.header() {
            Some(header) => header.chess960,
            None => false,
        }
    }

    /// The number of plies (half-moves).
    pub const fn len(&self) -> usize {
        Header::plies(self.__data.as_bytes())
    }

    /// `true` if the game has no moves.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The move of ply `index` (0 is the first move), if the game is that long.
    pub fn move_at(&self, index: usize) -> Option<Move> {
        Move::from_ply(self.read().ply(index)?)
    }

    /// The moves in order.
    pub fn moves(&self) -> Moves {
        Moves {
            plies: self.plies(),
        }
    }

    /// The SAN of every move in order, with `+`/`#` (e.g. `Nf3`, `Qxf7#`).
    pub fn sans(&self) -> Sans {
        Sans {
            plies: self.plies(),
        }
    }

    /// The SAN of ply `index`.
    pub fn san(&self, index: usize) -> Option<San> {
        decode_ply(self.read().ply(index)?).map(|(_, san)| san)
    }

    /// Every ply with its number, side, move, SAN and UCI.
    pub fn plies(&self) -> Plies {
        let data = self.read();
        Plies {
            chess960: data.header().chess960,
            start: Position::from_data(&data.start(), data.header().variant),
            end: data.header().plies,
            data,
            index: 0,
        }
    }

    /// The result: the one written after the moves, or the one the rules
    /// decided, or `*`.
    pub const fn result(&self) -> GameResult {
        match self.header() {
            Some(header) => header.result,
            None => GameResult::Unknown,
        }
    }

    /// How the game ended, if it did: derived from the final position
    /// (checkmate, stalemate, a dead position, fivefold repetition, the
    /// 75-move rule, a variant's own end) and, when the rules did not end
    /// the game, from the result written after the moves.
    ///
    /// ```
    /// use verified_chess::{game, Color, DecisiveReason, DrawReason, GameResult, Outcome};
    ///
    /// let mate = game! { 1. f3 e5 2. g4 Qh4 # }.outcome();
    /// assert_eq!(mate, Outcome::Decisive { winner: Color::Black, reason: DecisiveReason::Checkmate });
    /// assert!(mate.is_automatic());
    /// assert_eq!(mate.result(), GameResult::BlackWins);
    /// assert_eq!(mate.to_string(), "Black wins by checkmate");
    ///
    /// let agreed = game! { 1. e4 e5 1/2-1/2 }.outcome();
    /// assert_eq!(agreed, Outcome::Draw { reason: DrawReason::Declared });
    /// assert!(agreed.is_over() && !agreed.is_automatic());
    /// assert_eq!(game! { 1. e4 }.outcome(), Outcome::Ongoing);
    ///
    /// let resigned = game! { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0 }.outcome();
    /// assert!(matches!(resigned, Outcome::Decisive { reason: DecisiveReason::Declared, .. }));
    ///
    /// // King and bishop against king: no mate is possible.
    /// let dead = game! { fen 4k3/8/8/8/8/8/3q4/3BK3 w - - 0 1  1. Kxd2 };
    /// assert_eq!(dead.outcome(), Outcome::Draw { reason: DrawReason::DeadPosition });
    /// ```
    pub const fn outcome(&self) -> Outcome {
        match self.header() {
            Some(header) => header.outcome,
            None => Outcome::Ongoing,
        }
    }

    /// After how many plies the rules ended the game (checkmate, stalemate,
    /// dead position, fivefold repetition or the 75-move rule), if they did.
    ///
    /// This is [`Game::len`] for every game the rules ended, except when the
    /// macro input started with `#![allow(moves_after_draw)]` and the record
    /// goes on after a draw the rules impose: then the moves after this ply
    /// were played, but the game had legally ended.
    pub fn legal_end(&self) -> Option<usize> {
        self.header()?.ended
    }

    /// The start position followed by the position after every ply
    /// (`len() + 1` positions).
    pub fn positions(&self) -> Positions {
        Positions {
            next: Some(self.start()),
            moves: self.moves(),
        }
    }

    /// The position after `plies` plies (`0` is the start position).
    pub fn position_after(&self, plies: usize) -> Option<Position> {
        if plies > self.len() {
            return None;
        }
        let mut pos = self.start();
        for m in self.moves().take(plies) {
            pos.play(&m);
        }
        Some(pos)
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start();
        for m in self.moves() {
            pos.play(&m);
        }
        pos
    }
}

/// Ply `index` of a game from `start` (in a variation too), from its data.
pub(crate) fn make_ply(
    start: &Position,
    chess960: bool,
    index: usize,
    raw: chess_format::Ply,
) -> Option<Ply> {
    let (mv, san) = decode_ply(raw)?;
    // Plies counted from White's move of the start's move number.
    let offset = index + usize::from(start.turn() == Color::Black);
    let color = if offset.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let number = start
        .fullmove_number()
        .saturating_add(u32::try_from(offset / 2).unwrap_or(u32::MAX));
    Some(Ply {
        index,
        number,
        color,
        mv,
        san,
        uci: mv.uci(chess960),
    })
}

/// A ply's move and SAN.
fn decode_ply(ply: chess_format::Ply) -> Option<(Move, San)> {
    let m = Move::from_ply(ply)?;
    Some((m, San::new(&m, ply.san_file, ply.san_rank, ply.suffix)))
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("tags", &DebugTags(self.tags()))
            .field("start", &self.start())
            .field("sans", &DebugList(self.sans()))
            .field("result", &self.result())
            .field("outcome", &self.outcome())
            .finish()
    }
}

struct DebugTags(Tags);

impl fmt::Debug for DebugTags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

struct DebugList(Sans);

impl fmt::Debug for DebugList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

/// Iterator over a game's tag pairs; see [`Game::tags`].
///
/// ```
/// use verified_chess::game;
///
/// let g = game! { [White "Morphy"] [Black "Duke of Brunswick"] 1. e4 e5 };
/// assert_eq!(g.tags().collect::<Vec<_>>(), [("White", "Morphy"), ("Black", "Duke of Brunswick")]);
/// ```
#[derive(Clone, Debug)]
pub struct Tags(pub(crate) chess_format::Tags<'static>);

impl Iterator for Tags {
    type Item = (&'static str, &'static str);
    fn next(&mut self) -> Option<(&'static str, &'static str)> {
        self.0.next()
    }
}

impl FusedIterator for Tags {}

/// Iterator over a game's moves; see [`Game::moves`].
///
/// ```
/// use verified_chess::{game, Square};
///
/// let g = game! { 1. e4 e5 2. Nf3 };
/// let targets: Vec<Square> = g.moves().map(|m| m.to).collect();
/// assert_eq!(targets, [Square::E4, Square::E5, Square::F3]);
/// assert_eq!(g.moves().rev().next().map(|m| m.from), Some(Square::G1));
/// ```
#[derive(Clone, Debug)]
pub struct Moves {
    plies: Plies,
}

impl Iterator for Moves {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        self.plies.next().map(|p| p.mv)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.plies.size_hint()
    }
}

impl DoubleEndedIterator for Moves {
    fn next_back(&mut self) -> Option<Move> {
        self.plies.next_back().map(|p| p.mv)
    }
}

impl ExactSizeIterator for Moves {}
impl FusedIterator for Moves {}

/// Iterator over a game's SAN; see [`Game::sans`].
///
/// ```
/// use verified_chess::game;
///
/// let g = game! { 1. e2e4 e7e5 2. g1f3 };
/// assert_eq!(g.sans().map(|s| s.to_string()).collect::<Vec<_>>(), ["e4", "e5", "Nf3"]);
/// ```
#[derive(Clone, Debug)]
pub struct Sans {
    plies: Plies,
}

impl Iterator for Sans {
    type Item = San;
    fn next(&mut self) -> Option<San> {
        self.plies.next().map(|p| p.san)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.plies.size_hint()
    }
}

impl DoubleEndedIterator for Sans {
    fn next_back(&mut self) -> Option<San> {
        self.plies.next_back().map(|p| p.san)
    }
}

impl ExactSizeIterator for Sans {}
impl FusedIterator for Sans {}

/// One ply of a game; see [`Game::plies`].
///
/// ```
/// use verified_chess::{game, Color};
///
/// let g = game! { 1. e4 c5 2. Nf3 };
/// let ply = g.plies().nth(1).unwrap();
/// assert_eq!((ply.index, ply.number, ply.color), (1, 1, Color::Black));
/// assert_eq!((ply.san.as_str(), ply.uci.to_string()), ("c5", "c7c5".to_string()));
/// ```
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
    pub san: San,
    /// Its UCI text.
    pub uci: crate::Uci,
}

impl Ply {
    /// Its number as PGN writes it before the move: `12.` or `12...`.
    ///
    /// ```
    /// use verified_chess::game;
    ///
    /// let g = game! { 1. e4 c5 2. Nf3 };
    /// let ply = g.plies().nth(1).unwrap();
    /// assert_eq!(ply.label().to_string(), "1...");
    /// assert_eq!(ply.label().before(ply.san).to_string(), "1... c5");
    /// ```
    #[must_use]
    pub const fn label(&self) -> chess_format::MoveLabel {
        chess_format::MoveLabel::new(self.number, matches!(self.color, Color::Black))
    }
}

/// Iterator over a game's plies; see [`Game::plies`].
///
/// ```
/// use verified_chess::game;
///
/// let g = game! { 1. d4 d5 2. c4 };
/// let line: Vec<String> = g.plies().map(|p| format!("{} {}", p.number, p.san)).collect();
/// assert_eq!(line, ["1 d4", "1 d5", "2 c4"]);
/// assert_eq!(g.plies().len(), 3);
/// ```
#[derive(Clone)]
pub struct Plies {
    data: GameData<'static>,
    start: Position,
    chess960: bool,
    index: usize,
    end: usize,
}

impl fmt::Debug for Plies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plies")
            .field("index", &self.index)
            .field("end", &self.end)
            .finish()
    }
}

impl Plies {
    fn ply(&self, index: usize) -> Option<Ply> {
        make_ply(&self.start, self.chess960, index, self.data.ply(index)?)
    }
}

impl Iterator for Plies {
    type Item = Ply;
    fn next(&mut self) -> Option<Ply> {
        if self.index >= self.end {
            return None;
        }
        let ply = self.ply(self.index);
        self.index += 1;
        ply
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.index;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Plies {
    fn next_back(&mut self) -> Option<Ply> {
        if self.index >= self.end {
            return None;
        }
        self.end -= 1;
        self.ply(self.end)
    }
}

impl ExactSizeIterator for Plies {}
impl FusedIterator for Plies {}

/// Iterator over a game's positions; see [`Game::positions`].
///
/// ```
/// use verified_chess::{game, Position};
///
/// let g = game! { 1. e4 e5 };
/// let positions: Vec<Position> = g.positions().collect();
/// assert_eq!(positions.len(), 3);
/// assert_eq!(positions[0], Position::START);
/// assert_eq!(positions[2], g.final_position());
/// ```
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
