//! A game's result: the PGN token written after the moves, or the one the
//! rules decided; one type for the reader, the data and the facade.

use core::fmt;

/// A PGN game result token.
///
/// ```
/// use chess_format::GameResult;
///
/// assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert_eq!("½-½".parse::<GameResult>(), Ok(GameResult::Draw));
/// // Its code in a game's data.
/// assert_eq!(GameResult::from_u8(GameResult::BlackWins as u8), Some(GameResult::BlackWins));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins = 1,
    /// `0-1`
    BlackWins = 2,
    /// `1/2-1/2`
    Draw = 3,
    /// `*`: unknown, in progress or abandoned.
    Unknown = 0,
}

impl GameResult {
    /// Every result, by its code in a game's data.
    pub const ALL: [GameResult; 4] = [
        GameResult::Unknown,
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];

    /// The result with this code.
    pub const fn from_u8(code: u8) -> Option<GameResult> {
        if (code as usize) < GameResult::ALL.len() {
            Some(GameResult::ALL[code as usize])
        } else {
            None
        }
    }

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
