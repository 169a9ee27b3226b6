//! The header: how the game ended and how long it is.

use core::fmt;

use crate::digits::{expect, read_decimal};
use crate::outcome::Outcome;
use crate::result::GameResult;
use crate::variant::Variant;

/// What a game's data starts with.
///
/// Written as the result's digit, the outcome's character (`'0'` plus its
/// code), a character for the rules (`'0'`, plus 1 for Chess960, plus twice
/// the [`Variant`]'s code), the number of plies, `,`, the ply after which the rules
/// ended the game (nothing if they did not), `,`: `1107,7,` is a game of
/// seven plies that White won by checkmate on the seventh.
///
/// ```
/// use chess_format::{Color, DecisiveReason, GameResult, Header, Outcome, Variant};
///
/// let header = Header {
///     result: GameResult::WhiteWins,
///     outcome: Outcome::win(Color::White, DecisiveReason::Checkmate),
///     chess960: false,
///     variant: Variant::Standard,
///     plies: 7,
///     ended: Some(7),
/// };
/// let mut data = String::new();
/// header.write(&mut data).unwrap();
/// assert_eq!(data, "1107,7,");
/// assert_eq!(Header::read(data.as_bytes()), Some((header, 7)));
///
/// // A Chess960 game of King of the Hill that White won on the hill.
/// let hill = Header {
///     outcome: Outcome::win(Color::White, DecisiveReason::Hill),
///     chess960: true,
///     variant: Variant::KingOfTheHill,
///     ..header
/// };
/// let mut data = String::new();
/// hill.write(&mut data).unwrap();
/// assert_eq!(data, "1:97,7,");
/// assert_eq!(Header::read(data.as_bytes()), Some((hill, 7)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The result.
    pub result: GameResult,
    /// The outcome (one with a [`code`](Outcome::code)).
    pub outcome: Outcome,
    /// Chess960 castling rules.
    pub chess960: bool,
    /// The rules.
    pub variant: Variant,
    /// The number of plies that follow.
    pub plies: usize,
    /// After how many plies the rules ended the game, if they did (fewer
    /// than `plies` when the record goes on after a draw the rules impose).
    pub ended: Option<usize>,
}

impl Header {
    /// Writes the header; an error if the outcome has no
    /// [`code`](Outcome::code).
    pub fn write<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let outcome = self.outcome.code().ok_or(fmt::Error)?;
        out.write_char(char::from(b'0' + self.result as u8))?;
        // (Past `[`, the outcome's digit skips `\`, which a string
        // literal would have to escape.)
        out.write_char(char::from(b'0' + outcome + (outcome >= b'\\' - b'0') as u8))?;
        out.write_char(char::from(
            b'0' + self.chess960 as u8 + 2 * self.variant as u8,
        ))?;
        write!(out, "{},", self.plies)?;
        if let Some(ended) = self.ended {
            write!(out, "{ended}")?;
        }
        out.write_char(',')
    }

    /// Reads the header at the start of `data`: the header and the index
    /// after it, or `None` if `data` does not start with one.
    pub const fn read(data: &[u8]) -> Option<(Header, usize)> {
        if data.len() < 3 {
            return None;
        }
        let outcome = match data[1] {
            b'\\' => u8::MAX,
            digit if digit > b'\\' => digit.wrapping_sub(b'0' + 1),
            digit => digit.wrapping_sub(b'0'),
        };
        let (Some(result), Some(outcome)) = (
            GameResult::from_u8(data[0].wrapping_sub(b'0')),
            Outcome::from_code(outcome),
        ) else {
            return None;
        };
        let rules = data[2].wrapping_sub(b'0');
        let chess960 = rules & 1 != 0;
        let Some(variant) = Variant::from_u8(rules >> 1) else {
            return None;
        };
        let Some((plies, at)) = read_decimal(data, 3) else {
            return None;
        };
        let Some(at) = expect(data, at, b',') else {
            return None;
        };
        let (ended, at) = match read_decimal(data, at) {
            Some((ended, at)) => (Some(ended as usize), at),
            None => (None, at),
        };
        let Some(at) = expect(data, at, b',') else {
            return None;
        };
        Some((
            Header {
                result,
                outcome,
                chess960,
                variant,
                plies: plies as usize,
                ended,
            },
            at,
        ))
    }

    /// The number of plies only, reading no further than it.
    pub const fn plies(data: &[u8]) -> usize {
        match read_decimal(data, 3) {
            Some((plies, _)) => plies as usize,
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in GameResult::ALL {
            assert_eq!(GameResult::from_u8(code as u8), Some(code));
        }
        assert_eq!(GameResult::from_u8(4), None);
        for variant in Variant::ALL {
            assert_eq!(Variant::from_u8(variant as u8), Some(variant));
        }
        assert_eq!(Variant::from_u8(8), None);
    }

    #[test]
    fn malformed_headers_are_none() {
        for data in [
            "", "00", "0000", "000,", "0001,x", "4001,,", "0c01,,", "0\\01,,", "00@1,,", "00/1,,",
        ] {
            assert_eq!(Header::read(data.as_bytes()), None, "{data}");
        }
        assert_eq!(Header::plies(b"00012,,"), 12);
    }

    #[test]
    fn an_outcome_without_a_code_is_not_written() {
        let header = Header {
            result: GameResult::WhiteWins,
            outcome: Outcome::Decisive {
                winner: crate::Color::White,
                reason: crate::DecisiveReason::HordeCaptured,
            },
            chess960: false,
            variant: Variant::Horde,
            plies: 0,
            ended: None,
        };
        let mut data = std::string::String::new();
        assert_eq!(header.write(&mut data), Err(fmt::Error));
        assert_eq!(data, "", "nothing is written");
    }

    #[test]
    fn every_outcome_is_written_without_a_backslash() {
        for outcome in Outcome::ALL {
            let header = Header {
                result: GameResult::Unknown,
                outcome,
                chess960: false,
                variant: Variant::Standard,
                plies: 0,
                ended: None,
            };
            let mut data = std::string::String::new();
            header.write(&mut data).unwrap();
            assert!(!data.contains('\\') && !data.contains('"'), "{data}");
            assert_eq!(Header::read(data.as_bytes()), Some((header, data.len())));
        }
    }
}
