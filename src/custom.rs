//! Games under rules you define, verified by `game! { #![rules("…")] … }`.

use core::fmt;

use chess_format::{CustomGameData, CustomPly, MoveLabel};

use crate::{GameResult, Outcome, Tags};

/// A game verified at compile time under the rules of a file in the crate
/// (`game! { #![rules("rules/mini.yaml")] … }`, feature `macros`): a
/// CustomChessKell YAML rules file, or a section of a Fairy-Stockfish
/// `variants.ini` (`#![rules("variants.ini", capablanca)]`). It is data,
/// as a [`Game`](crate::Game) is: its moves in coordinates (boards up to
/// 16 × 16), its tags, result and end; and its rule set, read once at
/// compile time, which the feature `custom-rules` turns back into the
/// permissively licensed `chess-rules` engine's [`Rules`] to give the
/// positions after every ply and draw them.
///
/// ```
/// use verified_chess::{game, CustomGame};
///
/// const MINI: CustomGame = game! {
///     #![rules("chess-rules/tests/customchesskell/mini.yaml")]
///     1. a2 a3 a4 a3 2. b1 c3
/// };
/// assert_eq!(MINI.len(), 3);
/// // Black's pawn on a4 (the mirror of White's on a2) takes on a3.
/// let moves: Vec<String> = MINI.moves().map(|m| m.to_string()).collect();
/// assert_eq!(moves, ["a2a3", "a4a3", "b1c3"]);
/// assert_eq!(MINI.rules_name(), "mini");
/// ```
///
#[cfg_attr(feature = "custom-rules", doc = "[`Rules`]: chess_rules::Rules")]
#[cfg_attr(
    not(feature = "custom-rules"),
    doc = "[`Rules`]: https://docs.rs/chess-rules/latest/chess_rules/struct.Rules.html"
)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct CustomGame {
    /// The game's data (`chess-format`'s custom game format). Not a
    /// public API, nor are the two fields after it: the macros write
    /// `CustomGame { __data: "…", __rules: …, __path: "…" }`.
    #[doc(hidden)]
    pub __data: &'static str,
    /// The rule set, as `chess_rules::data` writes it.
    #[doc(hidden)]
    pub __rules: &'static str,
    /// The rules file's path, as the game names it.
    #[doc(hidden)]
    pub __path: &'static str,
}

/// A square of a board of rules you define (up to 16 × 16).
///
/// ```
/// use verified_chess::CustomSquare;
///
/// assert_eq!(CustomSquare { file: 9, rank: 9 }.to_string(), "j10");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CustomSquare {
    /// From 0 (`a`).
    pub file: u8,
    /// From 0 (`1`).
    pub rank: u8,
}

impl fmt::Display for CustomSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file.min(25)),
            u32::from(self.rank) + 1
        )
    }
}

/// A move of a [`CustomGame`], as its coordinates say it: written as
/// Fairy-Stockfish's UCI writes moves (`a2a3`, `j9j10`, `e7e8q`, `N@f3`,
/// shogi's `b3d5+`, `a1a2-` and `+L@b1`, duck chess's `e2e4,e4e5`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomMove {
    /// The moving piece's square (the king's, for castling).
    pub from: CustomSquare,
    /// Where it goes (for a castling whose king's square a step could also
    /// reach, the rook's square).
    pub to: CustomSquare,
    /// What a pawn becomes, or a piece promoting or demoting shogi-style
    /// (`shogi` says which), or a drop put down promoted: the piece's
    /// letter (upper case).
    pub promotion: Option<char>,
    /// The piece a drop puts on `to` (`from` is `to`): its letter (upper
    /// case), the piece taken from hand.
    pub drop: Option<char>,
    /// `+` for a piece promoting shogi-style, `-` for one demoting.
    pub shogi: Option<char>,
    /// Where the side put a wall after the move, under rules that put one
    /// down after every move (duck chess's duck, the amazons' arrow).
    pub wall: Option<CustomSquare>,
    /// The piece put from hand on the gate the move leaves, under rules
    /// that gate (S-chess): its letter (upper case). A castling that gates
    /// on its rook's square goes from that square to the king's, as
    /// Fairy-Stockfish's coordinates write it (`h1e1h`).
    pub gate: Option<char>,
}

impl CustomMove {
    fn from_ply(ply: CustomPly) -> CustomMove {
        let square = |(file, rank)| CustomSquare { file, rank };
        CustomMove {
            from: square(ply.from),
            to: square(ply.to),
            promotion: ply.promotion,
            drop: ply.drop,
            shogi: ply.shogi,
            wall: ply.wall.map(square),
            gate: ply.gate,
        }
    }

    /// The move as the data format keeps it.
    fn ply(self) -> CustomPly {
        let square = |s: CustomSquare| (s.file, s.rank);
        CustomPly {
            from: square(self.from),
            to: square(self.to),
            promotion: self.promotion,
            drop: self.drop,
            shogi: self.shogi,
            wall: self.wall.map(square),
            gate: self.gate,
        }
    }
}

/// As Fairy-Stockfish's UCI writes moves: `a2a3`, `e7e8q`, `N@f3` for a
/// drop, `+L@b1` for one put down promoted, `b3d5+` and `a1a2-` for a
/// piece promoting and demoting shogi-style.
impl fmt::Display for CustomMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ply().fmt(f)
    }
}

impl CustomGame {
    /// The game's data (written by the macro, so it reads).
    fn read(&self) -> Option<CustomGameData<'static>> {
        CustomGameData::read(self.__data)
    }

    /// The start position in FEN when the game sets one up (a `[FEN]`
    /// tag); `None` for the rule set's start.
    pub fn start_fen(&self) -> Option<&'static str> {
        self.read()?.start_fen()
    }

    /// The tags, as written (`[Event "…"]` → `("Event", "…")`).
    pub fn tags(&self) -> Tags {
        Tags(self.read().map(|g| g.tags()).unwrap_or_default())
    }

    /// The value of the tag `name` (any case), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&'static str> {
        self.tags()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value)
    }

    /// The result: as written after the moves, else as the rules decided
    /// (a checkmate, a stalemate as the rule set scores it), else `*`.
    pub fn result(&self) -> GameResult {
        self.read()
            .map_or(GameResult::Unknown, |g| g.header().result)
    }

    /// How the game ended: by checkmate or stalemate, by the recorded
    /// result, or not at all.
    pub fn outcome(&self) -> Outcome {
        self.read().map_or(Outcome::Ongoing, |g| g.header().outcome)
    }

    /// The game as PGN (a value to print or `to_string()`), as
    /// `chess-verify` reads it back: its tags, with `[Variant]` naming its
    /// rule set and `[SetUp "1"]`, `[FEN]` for a start it sets up where
    /// the tags do not say them; the moves in Fairy-Stockfish's SAN with
    /// the `custom-rules` feature (the rules engine writes it), in
    /// coordinates without it; the result.
    ///
    /// ```
    /// use verified_chess::{games, CustomGame};
    ///
    /// const GAMES: &[CustomGame] = games! {
    ///     #![rules("chess-rules/tests/fairy/variants.ini", janus)]
    ///     1. e4 e5 2. Jc3 *
    /// };
    /// assert_eq!(GAMES[0].pgn().to_string(), "[Variant \"janus\"]\n\n1. e4 e5 2. Jc3 *\n");
    /// ```
    pub fn pgn(&self) -> impl fmt::Display + '_ {
        CustomPgn(self)
    }

    /// The rules file's path, relative to the crate.
    pub const fn rules_path(&self) -> &'static str {
        self.__path
    }

    /// The name of the rule set the game is played under: the section of a
    /// `variants.ini`, the file's name (without its extension) for a
    /// CustomChessKell file.
    pub fn rules_name(&self) -> &'static str {
        self.read().map_or("", |g| g.rules_name())
    }

    /// The moves of the main line.
    pub fn moves(&self) -> impl Iterator<Item = CustomMove> + use<> {
        let game = self.read();
        (0..self.len()).map_while(move |i| Some(CustomMove::from_ply(game?.ply(i)?)))
    }

    /// The number of plies.
    pub fn len(&self) -> usize {
        self.read().map_or(0, |g| g.header().plies)
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The rule set (feature `custom-rules`), as the macro read it from
    /// the rules file.
    #[cfg(feature = "custom-rules")]
    pub fn rules(&self) -> chess_rules::Rules {
        // The macro wrote the rule set's data.
        chess_rules::data::read(self.__rules).expect("a rule set written at compile time")
    }

    /// The positions from the start to after the last move, under `rules`
    /// (this game's [`CustomGame::rules`]; feature `custom-rules`).
    ///
    /// ```
    /// use verified_chess::{game, CustomGame};
    /// use verified_chess::custom_rules::{BoardStyle, Position, Rules};
    ///
    /// const MINI: CustomGame = game! {
    ///     #![rules("chess-rules/tests/customchesskell/mini.yaml")]
    ///     1. a2 a3
    /// };
    /// let rules: Rules = MINI.rules();
    /// let positions: Vec<Position<'_>> = MINI.positions(&rules);
    /// assert_eq!(positions.len(), 2);
    /// // Figurines for the pieces named as chess pieces, symbols for the rest.
    /// let board = positions[1].board(BoardStyle::Unicode);
    /// assert!(board.contains(" 3 | P . . . .") && board.contains(" 1 | ♖ ♘ . . ♔"), "{board}");
    /// ```
    #[cfg(feature = "custom-rules")]
    pub fn positions<'r>(
        &self,
        rules: &'r chess_rules::Rules,
    ) -> std::vec::Vec<chess_rules::Position<'r>> {
        let mut out = std::vec::Vec::new();
        let start = match self.start_fen() {
            Some(fen) => chess_rules::Position::from_fen(rules, fen),
            None => chess_rules::Position::start(rules),
        };
        let Ok(mut pos) = start else {
            return out;
        };
        for m in self.moves() {
            // The legal move the coordinates name: written alike
            // (chess-rules' `Position::uci`, the data format's
            // coordinates).
            let written = std::string::ToString::to_string(&m);
            let next = pos
                .legal_moves()
                .into_iter()
                .find(|&legal| pos.uci(legal) == written)
                .map(|legal| pos.play(legal));
            out.push(pos);
            match next {
                Some(next) => pos = next,
                None => return out,
            }
        }
        out.push(pos);
        out
    }
}

impl fmt::Debug for CustomGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CustomGame")
            .field("rules", &self.__path)
            .field("rules_name", &self.rules_name())
            .field("start", &self.start_fen())
            .field("moves", &self.len())
            .field("result", &self.result())
            .finish()
    }
}

/// [`CustomGame::pgn`]'s value.
struct CustomPgn<'a>(&'a CustomGame);

impl fmt::Display for CustomPgn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.0;
        let tag = |f: &mut fmt::Formatter<'_>, key: &str, value: &str| {
            f.write_str("[")?;
            f.write_str(key)?;
            f.write_str(" \"")?;
            for c in value.chars() {
                if c == '"' || c == '\\' {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\"]\n")
        };
        let mut any = false;
        for (key, value) in game.tags() {
            tag(f, key, value)?;
            any = true;
        }
        // What reading it back needs: the rule set's name, the start.
        if game.tag("Variant").is_none() && !game.rules_name().is_empty() {
            tag(f, "Variant", game.rules_name())?;
            any = true;
        }
        if let Some(fen) = game.start_fen()
            && game.tag("FEN").is_none()
        {
            if game.tag("SetUp").is_none() {
                tag(f, "SetUp", "1")?;
            }
            tag(f, "FEN", fen)?;
            any = true;
        }
        if any {
            f.write_str("\n")?;
        }
        // A set-up position may have Black to move.
        // (The move number is FEN's last field: check-counting FENs hold
        // one field more before the clocks.)
        let mut fields = game.start_fen().unwrap_or_default().split_whitespace();
        let black_first = fields.nth(1) == Some("b");
        let mut number: u32 = fields
            .nth(2)
            .and(fields.last())
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let sans = sans(game);
        for (i, m) in game.moves().enumerate() {
            let white = (i % 2 == 0) != black_first;
            if white || i == 0 {
                write!(f, "{} ", MoveLabel::new(number, !white))?;
            }
            match sans.as_ref().and_then(|s| s.get(i)) {
                Some(san) => write!(f, "{san} ")?,
                None => write!(f, "{m} ")?,
            }
            if !white {
                number += 1;
            }
        }
        writeln!(f, "{}", game.result())
    }
}

/// The moves of `game` in Fairy-Stockfish's SAN, as the rules engine
/// writes them (feature `custom-rules`).
#[cfg(feature = "custom-rules")]
fn sans(game: &CustomGame) -> Option<std::vec::Vec<std::string::String>> {
    let rules = game.rules();
    let positions = game.positions(&rules);
    let mut out = std::vec::Vec::new();
    for (pos, m) in positions.iter().zip(game.moves()) {
        let written = std::string::ToString::to_string(&m);
        let legal = pos
            .legal_moves()
            .into_iter()
            .find(|&l| pos.uci(l) == written)?;
        out.push(pos.san(legal));
    }
    Some(out)
}

/// Without the rules engine, no SAN: the moves go out in coordinates.
#[cfg(not(feature = "custom-rules"))]
fn sans(_: &CustomGame) -> Option<[&'static str; 0]> {
    None
}
