//! The header: how the game ended and how long it is.

use core::fmt;

use crate::digits::{expect, read_decimal};
use crate::result::GameResult;
use crate::variant::Variant;

/// How the game ended: by a rule, by the recorded result, or not at all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeCode {
    /// No rule ended the game and no result was recorded.
    Ongoing = 0,
    /// White checkmated Black.
    WhiteCheckmates = 1,
    /// Black checkmated White.
    BlackCheckmates = 2,
    /// Stalemate.
    Stalemate = 3,
    /// Neither side can checkmate.
    DeadPosition = 4,
    /// The same position for the fifth time.
    FivefoldRepetition = 5,
    /// 75 moves each without capture or pawn move.
    SeventyFiveMoveRule = 6,
    /// No rule ended the game; the recorded result is `1-0`.
    WhiteWinsDeclared = 7,
    /// No rule ended the game; the recorded result is `0-1`.
    BlackWinsDeclared = 8,
    /// No rule ended the game; the recorded result is `1/2-1/2`.
    DrawDeclared = 9,
    /// King of the Hill: White's king reached the centre.
    WhiteReachesHill = 10,
    /// King of the Hill: Black's king reached the centre.
    BlackReachesHill = 11,
    /// Three-check: White gave the third check.
    WhiteGivesThirdCheck = 12,
    /// Three-check: Black gave the third check.
    BlackGivesThirdCheck = 13,
    /// Atomic: White exploded Black's king.
    WhiteExplodesKing = 14,
    /// Atomic: Black exploded White's king.
    BlackExplodesKing = 15,
    /// Antichess: White has no piece left and wins.
    WhiteLosesAllPieces = 16,
    /// Antichess: Black has no piece left and wins.
    BlackLosesAllPieces = 17,
    /// Antichess: White, to move, has no legal move and wins.
    WhiteHasNoMoves = 18,
    /// Antichess: Black, to move, has no legal move and wins.
    BlackHasNoMoves = 19,
    /// Horde: Black captured every white piece.
    HordeCaptured = 20,
    /// Racing Kings: White's king reached the eighth rank first.
    WhiteReachesEighthRank = 21,
    /// Racing Kings: Black's king reached the eighth rank first.
    BlackReachesEighthRank = 22,
    /// Racing Kings: both kings reached the eighth rank (a draw).
    BothReachEighthRank = 23,
    /// Under rules a user defines where a stalemate decides the game:
    /// White wins by it (Black, to move, had no move where a stalemate
    /// loses; White where it wins).
    WhiteWinsByStalemate = 24,
    /// The same, and Black wins.
    BlackWinsByStalemate = 25,
    /// Under rules a user defines with a flag region: White's flag piece
    /// reached it, and White wins.
    WhiteReachesRegion = 26,
    /// The same for Black.
    BlackReachesRegion = 27,
    /// Both sides reached their regions (a draw).
    BothReachRegion = 28,
    /// Under rules a user defines with an extinction goal: a kind of piece
    /// is gone, and White wins.
    WhiteWinsByExtinction = 29,
    /// The same, and Black wins.
    BlackWinsByExtinction = 30,
    /// The same, and the game is drawn.
    DrawByExtinction = 31,
    /// Under rules a user defines with check counting: White gave the
    /// checks it had to give, and wins.
    WhiteGivesLastCheck = 32,
    /// The same for Black.
    BlackGivesLastCheck = 33,
    /// Under rules a user defines where a checkmate wins (misère chess):
    /// White was checkmated, and wins.
    WhiteWinsCheckmated = 34,
    /// The same for Black.
    BlackWinsCheckmated = 35,
    /// Under rules a user defines where a checkmate draws: the side to
    /// move is checkmated, and the game is drawn.
    DrawByCheckmate = 36,
    /// Under rules a user defines with material counting (armageddon's
    /// draw odds): the game ended drawn, and White wins it.
    WhiteWinsByCounting = 37,
    /// The same, and Black wins it.
    BlackWinsByCounting = 38,
    /// The same, and counting left it drawn (as many pieces each).
    DrawByCounting = 39,
    /// Under rules a user defines where a drop that checkmates loses
    /// (shogi's pawn): White was checkmated so, and wins.
    WhiteWinsByDropMate = 40,
    /// The same for Black.
    BlackWinsByDropMate = 41,
    /// Under rules a user defines with pieces in a row as a goal: White
    /// wins by it (its own row, or Black's where a row loses).
    WhiteWinsByConnection = 42,
    /// The same, and Black wins.
    BlackWinsByConnection = 43,
    /// The same, and the game is drawn.
    DrawByConnection = 44,
    /// Under rules a user defines where a side may pass (janggi): both
    /// sides passed one after the other, and the game is drawn.
    DrawByPasses = 45,
    /// Under rules a user defines with bikjang (janggi): the royal pieces
    /// faced each other and the side to move passed, and the game is
    /// drawn.
    DrawByBikjang = 46,
    /// Under rules a user defines where castling wins (castle chess):
    /// White castled on a wing where that wins, or Black lost the right
    /// to castle there.
    WhiteWinsByCastling = 47,
    /// The same, and Black wins.
    BlackWinsByCastling = 48,
    /// Under rules a user defines where a full board ends the game
    /// (reversi, ataxx, without material counting): the board is full,
    /// and the game is drawn.
    DrawByFullBoard = 49,
}

impl OutcomeCode {
    /// Every code, in order.
    pub const ALL: [OutcomeCode; 50] = [
        OutcomeCode::Ongoing,
        OutcomeCode::WhiteCheckmates,
        OutcomeCode::BlackCheckmates,
        OutcomeCode::Stalemate,
        OutcomeCode::DeadPosition,
        OutcomeCode::FivefoldRepetition,
        OutcomeCode::SeventyFiveMoveRule,
        OutcomeCode::WhiteWinsDeclared,
        OutcomeCode::BlackWinsDeclared,
        OutcomeCode::DrawDeclared,
        OutcomeCode::WhiteReachesHill,
        OutcomeCode::BlackReachesHill,
        OutcomeCode::WhiteGivesThirdCheck,
        OutcomeCode::BlackGivesThirdCheck,
        OutcomeCode::WhiteExplodesKing,
        OutcomeCode::BlackExplodesKing,
        OutcomeCode::WhiteLosesAllPieces,
        OutcomeCode::BlackLosesAllPieces,
        OutcomeCode::WhiteHasNoMoves,
        OutcomeCode::BlackHasNoMoves,
        OutcomeCode::HordeCaptured,
        OutcomeCode::WhiteReachesEighthRank,
        OutcomeCode::BlackReachesEighthRank,
        OutcomeCode::BothReachEighthRank,
        OutcomeCode::WhiteWinsByStalemate,
        OutcomeCode::BlackWinsByStalemate,
        OutcomeCode::WhiteReachesRegion,
        OutcomeCode::BlackReachesRegion,
        OutcomeCode::BothReachRegion,
        OutcomeCode::WhiteWinsByExtinction,
        OutcomeCode::BlackWinsByExtinction,
        OutcomeCode::DrawByExtinction,
        OutcomeCode::WhiteGivesLastCheck,
        OutcomeCode::BlackGivesLastCheck,
        OutcomeCode::WhiteWinsCheckmated,
        OutcomeCode::BlackWinsCheckmated,
        OutcomeCode::DrawByCheckmate,
        OutcomeCode::WhiteWinsByCounting,
        OutcomeCode::BlackWinsByCounting,
        OutcomeCode::DrawByCounting,
        OutcomeCode::WhiteWinsByDropMate,
        OutcomeCode::BlackWinsByDropMate,
        OutcomeCode::WhiteWinsByConnection,
        OutcomeCode::BlackWinsByConnection,
        OutcomeCode::DrawByConnection,
        OutcomeCode::DrawByPasses,
        OutcomeCode::DrawByBikjang,
        OutcomeCode::WhiteWinsByCastling,
        OutcomeCode::BlackWinsByCastling,
        OutcomeCode::DrawByFullBoard,
    ];

    /// The code with this number.
    pub const fn from_u8(code: u8) -> Option<OutcomeCode> {
        if (code as usize) < OutcomeCode::ALL.len() {
            Some(OutcomeCode::ALL[code as usize])
        } else {
            None
        }
    }

    /// The outcome of a game that no rule ended and whose recorded result
    /// is `result`.
    pub const fn declared(result: GameResult) -> OutcomeCode {
        match result {
            GameResult::Unknown => OutcomeCode::Ongoing,
            GameResult::WhiteWins => OutcomeCode::WhiteWinsDeclared,
            GameResult::BlackWins => OutcomeCode::BlackWinsDeclared,
            GameResult::Draw => OutcomeCode::DrawDeclared,
        }
    }
}

/// What a game's data starts with.
///
/// Written as the result's digit, the outcome's character (`'0'` plus its
/// code), a character for the rules (`'0'`, plus 1 for Chess960, plus twice
/// the [`Variant`]'s code), the number of plies, `,`, the ply after which the rules
/// ended the game (nothing if they did not), `,`: `1107,7,` is a game of
/// seven plies that White won by checkmate on the seventh.
///
/// ```
/// use chess_format::{Header, OutcomeCode, GameResult, Variant};
///
/// let header = Header {
///     result: GameResult::WhiteWins,
///     outcome: OutcomeCode::WhiteCheckmates,
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
///     outcome: OutcomeCode::WhiteReachesHill,
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
    /// The outcome.
    pub outcome: OutcomeCode,
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
    /// Writes the header.
    pub fn write<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_char(char::from(b'0' + self.result as u8))?;
        // (Past `[`, the outcome's digit skips `\`, which a string
        // literal would have to escape.)
        let outcome = self.outcome as u8;
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
            OutcomeCode::from_u8(outcome),
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
        for code in OutcomeCode::ALL {
            assert_eq!(OutcomeCode::from_u8(code as u8), Some(code));
        }
        assert_eq!(GameResult::from_u8(4), None);
        assert_eq!(OutcomeCode::from_u8(50), None);
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
    fn every_outcome_is_written_without_a_backslash() {
        for outcome in OutcomeCode::ALL {
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
