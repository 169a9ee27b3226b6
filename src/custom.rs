//! Games under rules you define, verified by `game! { #![rules("…")] … }`.

use core::fmt;

/// A game verified at compile time under the rules of a file in the crate
/// (`game! { #![rules("rules/mini.yaml")] … }`, feature `macros`): a
/// CustomChessKell YAML rules file, or a section of a Fairy-Stockfish
/// `variants.ini` (`#![rules("variants.ini", capablanca)]`). It holds the
/// rules file's text and the moves; with the feature `custom-rules` the
/// rules engine (the permissive `chess-rules` crate) gives the positions
/// after every ply and draws them.
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
/// assert_eq!(MINI.moves().collect::<Vec<_>>(), ["a2a3", "a4a3", "b1c3"]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct CustomGame {
    rules: &'static str,
    path: &'static str,
    variant: &'static str,
    start: &'static str,
    tags: &'static [(&'static str, &'static str)],
    moves: &'static str,
    result: &'static str,
}

impl CustomGame {
    /// A game from the data the macro wrote. Not a public API.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn __new(
        rules: &'static str,
        path: &'static str,
        variant: &'static str,
        start: &'static str,
        tags: &'static [(&'static str, &'static str)],
        moves: &'static str,
        result: &'static str,
    ) -> CustomGame {
        CustomGame {
            rules,
            path,
            variant,
            start,
            tags,
            moves,
            result,
        }
    }

    /// The start position in FEN when the game sets one up (a `[FEN]`
    /// tag); `None` for the rule set's start.
    pub const fn start_fen(&self) -> Option<&'static str> {
        if self.start.is_empty() {
            None
        } else {
            Some(self.start)
        }
    }

    /// The tags, as written (`[Event "…"]` → `("Event", "…")`).
    pub const fn tags(&self) -> &'static [(&'static str, &'static str)] {
        self.tags
    }

    /// The value of the tag `name` (any case), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&'static str> {
        self.tags
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|&(_, value)| value)
    }

    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`),
    /// if any; checked against a checkmate or stalemate.
    pub const fn result(&self) -> Option<&'static str> {
        if self.result.is_empty() {
            None
        } else {
            Some(self.result)
        }
    }

    /// The game as PGN (a value to print or `to_string()`): its tags, the
    /// moves in coordinates, the result.
    ///
    /// ```
    /// use verified_chess::{games, CustomGame};
    ///
    /// const GAMES: &[CustomGame] = games! {
    ///     #![rules("chess-rules/tests/fairy/variants.ini")]
    ///     [Variant "janus"]
    ///     1. e4 e5 2. Jc3 *
    /// };
    /// assert_eq!(GAMES[0].pgn().to_string(), "[Variant \"janus\"]\n\n1. e2e4 e7e5 2. b1c3 *\n");
    /// ```
    pub fn pgn(&self) -> impl fmt::Display + '_ {
        CustomPgn(self)
    }

    /// The rules file's text, as it was when the game was verified.
    pub const fn rules_text(&self) -> &'static str {
        self.rules
    }

    /// The rules file's path, relative to the crate.
    pub const fn rules_path(&self) -> &'static str {
        self.path
    }

    /// The section of a `variants.ini` the game is played under (empty for
    /// a YAML file).
    pub const fn variant(&self) -> &'static str {
        self.variant
    }

    /// The moves, in coordinates (`a2a3`; a promotion's letter after).
    pub fn moves(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.moves.split_whitespace()
    }

    /// The number of plies.
    pub fn len(&self) -> usize {
        self.moves().count()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The rule set (feature `custom-rules`).
    #[cfg(feature = "custom-rules")]
    pub fn rules(&self) -> chess_rules::Rules {
        let rules = chess_rules::read(self.path, self.rules)
            .ok()
            .and_then(|all| {
                all.into_iter()
                    .find(|r| self.variant.is_empty() || r.name == self.variant)
            });
        // The macro read the same text.
        rules.expect("rules verified at compile time")
    }

    /// The positions from the start to after the last move, under `rules`
    /// (this game's [`CustomGame::rules`]; feature `custom-rules`).
    ///
    /// ```
    /// use verified_chess::{game, CustomGame};
    /// use chess_rules::BoardStyle;
    ///
    /// const MINI: CustomGame = game! {
    ///     #![rules("chess-rules/tests/customchesskell/mini.yaml")]
    ///     1. a2 a3
    /// };
    /// let rules = MINI.rules();
    /// let positions = MINI.positions(&rules);
    /// assert_eq!(positions.len(), 2);
    /// // Figurines for the pieces named as chess pieces, symbols for the rest.
    /// let board = positions[1].board(BoardStyle::Symbols);
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
            let next = pos.parse_move(m).map(|m| pos.play(m));
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
            .field("rules", &self.path)
            .field("variant", &self.variant)
            .field("start", &self.start)
            .field("tags", &self.tags)
            .field("moves", &self.moves)
            .field("result", &self.result)
            .finish()
    }
}

/// [`CustomGame::pgn`]'s value.
struct CustomPgn<'a>(&'a CustomGame);

impl fmt::Display for CustomPgn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.0;
        for (key, value) in game.tags {
            f.write_str("[")?;
            f.write_str(key)?;
            f.write_str(" \"")?;
            for c in value.chars() {
                if c == '"' || c == '\\' {
                    f.write_str("\\")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\"]\n")?;
        }
        if !game.tags.is_empty() {
            f.write_str("\n")?;
        }
        // A set-up position may have Black to move.
        let mut fields = game.start.split_whitespace();
        let black_first = fields.nth(1) == Some("b");
        let mut number: u32 = fields.nth(3).and_then(|n| n.parse().ok()).unwrap_or(1);
        for (i, m) in game.moves().enumerate() {
            let white = (i % 2 == 0) != black_first;
            if white {
                write!(f, "{number}. {m} ")?;
            } else if i == 0 {
                write!(f, "{number}... {m} ")?;
            } else {
                write!(f, "{m} ")?;
            }
            if !white {
                number += 1;
            }
        }
        f.write_str(if game.result.is_empty() {
            "*"
        } else {
            game.result
        })?;
        f.write_str("\n")
    }
}
