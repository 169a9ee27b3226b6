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
    moves: &'static str,
}

impl CustomGame {
    /// A game from the data the macro wrote. Not a public API.
    #[doc(hidden)]
    pub const fn __new(
        rules: &'static str,
        path: &'static str,
        variant: &'static str,
        moves: &'static str,
    ) -> CustomGame {
        CustomGame {
            rules,
            path,
            variant,
            moves,
        }
    }

    /// The rules file's text, as it was when the game was verified.
    pub const fn rules_text(&self) -> &'static str {
        self.rules
    }

    /// The rules file's path, relative to the crate.
    pub const fn rules_path(&self) -> &'static str {
        self.path
    }

    /// The section of a `variants.ini` the rules are (empty for a YAML
    /// file).
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
        let lower = self.path.to_ascii_lowercase();
        let rules = if lower.ends_with(".ini") {
            chess_rules::ini::variants(self.rules).ok().and_then(|all| {
                all.into_iter()
                    .find(|r| self.variant.is_empty() || r.name == self.variant)
            })
        } else {
            chess_rules::yaml::rules(self.rules).ok()
        };
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
        let Ok(mut pos) = chess_rules::Position::start(rules) else {
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
            .field("moves", &self.moves)
            .finish()
    }
}
