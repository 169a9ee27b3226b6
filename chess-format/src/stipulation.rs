//! A problem's stipulation, as problem databases write it (YACPDB,
//! Popeye): `#2` (White mates in 2), `h#3` (helpmate in 3: Black moves
//! first, both sides help White mate Black), `s#2` (selfmate in 2: White
//! forces Black to mate White). Spaces and case are free (`H# 3`). The one
//! reader of a stipulation: the macros' proof of a problem and the
//! `Puzzle` it becomes both read it here.

use core::fmt;
use core::str::FromStr;

/// What a chess problem asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// `#n`: the side to move mates in `n` moves against any defence.
    Mate,
    /// `h#n`: the side to move and the other cooperate; the side to move
    /// is mated on the other side's `n`th move.
    HelpMate,
    /// `s#n`: the side to move forces the other side to mate it on the
    /// other side's `n`th move.
    SelfMate,
}

impl ProblemKind {
    /// What is written before `#`: ``, `h`, `s`.
    pub fn prefix(self) -> &'static str {
        match self {
            ProblemKind::Mate => "",
            ProblemKind::HelpMate => "h",
            ProblemKind::SelfMate => "s",
        }
    }
}

/// A chess problem's stipulation: `#2`, `h#3`, `s#2`.
///
/// ```
/// use chess_format::{ProblemKind, Stipulation, StipulationError};
///
/// let s = Stipulation::parse("H# 3").unwrap();
/// assert_eq!((s.kind, s.moves), (ProblemKind::HelpMate, 3));
/// assert_eq!(s.to_string(), "h#3");
/// assert_eq!("s#2".parse(), Ok(Stipulation { kind: ProblemKind::SelfMate, moves: 2 }));
/// assert_eq!(Stipulation::parse("=2"), Err(StipulationError::Unknown));
/// assert_eq!(Stipulation::parse("#2.5"), Err(StipulationError::HalfMove));
/// assert_eq!(Stipulation::parse("#40"), Err(StipulationError::OutOfRange { moves: 40 }));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    /// What is to be done.
    pub kind: ProblemKind,
    /// In how many moves (of the side that mates, or for a selfmate of the
    /// side that forces it): 1 to [`Stipulation::MAX_MOVES`].
    pub moves: u8,
}

/// Why a text is not a stipulation. Its `Display` is the predicate of a
/// sentence whose subject is that text: "`=2` is not a stipulation that
/// can be proven".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StipulationError {
    /// Not a goal (`#`, `h#`, `s#`) followed by a number.
    Unknown,
    /// A number of moves with a half (`h#2.5`): a problem that starts
    /// with the other side's move.
    HalfMove,
    /// A number of moves outside 1 to [`Stipulation::MAX_MOVES`].
    OutOfRange {
        /// The number written.
        moves: u64,
    },
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StipulationError::Unknown => f.write_str("is not a stipulation that can be proven"),
            StipulationError::HalfMove => f.write_str(
                "has half a move: problems that start with the other side's move are not checked",
            ),
            StipulationError::OutOfRange { moves } => write!(
                f,
                "asks for {moves} moves; a stipulation takes 1 to {}",
                Stipulation::MAX_MOVES
            ),
        }
    }
}

impl core::error::Error for StipulationError {}

impl Stipulation {
    /// The most moves a stipulation may ask for: beyond it no search
    /// finishes.
    pub const MAX_MOVES: u8 = 30;

    /// Reads a stipulation as problem databases write it (`#2`, `h#3`,
    /// `s#2`; spaces and case are free).
    pub fn parse(text: &str) -> Result<Stipulation, StipulationError> {
        let mut chars = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| c.to_ascii_lowercase());
        let kind = match chars.next() {
            Some('#') => ProblemKind::Mate,
            Some('h') if chars.next() == Some('#') => ProblemKind::HelpMate,
            Some('s') if chars.next() == Some('#') => ProblemKind::SelfMate,
            _ => return Err(StipulationError::Unknown),
        };
        let (mut moves, mut digits, mut half, mut overflow) = (0u64, 0usize, false, false);
        for c in chars {
            match c.to_digit(10) {
                Some(d) => {
                    digits += 1;
                    let next = moves.checked_mul(10).and_then(|m| m.checked_add(d.into()));
                    overflow |= next.is_none();
                    moves = next.unwrap_or(u64::MAX);
                }
                None if c == '.' => half = true,
                None => return Err(StipulationError::Unknown),
            }
        }
        if half {
            return Err(StipulationError::HalfMove);
        }
        if digits == 0 || overflow {
            return Err(StipulationError::Unknown);
        }
        match u8::try_from(moves) {
            Ok(moves) if (1..=Stipulation::MAX_MOVES).contains(&moves) => {
                Ok(Stipulation { kind, moves })
            }
            _ => Err(StipulationError::OutOfRange { moves }),
        }
    }
}

impl FromStr for Stipulation {
    type Err = StipulationError;

    /// As [`Stipulation::parse`].
    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        Stipulation::parse(text)
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.kind.prefix(), self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn spellings_read_and_write() {
        for (text, kind, moves) in [
            ("#2", ProblemKind::Mate, 2),
            ("# 12", ProblemKind::Mate, 12),
            ("h#3", ProblemKind::HelpMate, 3),
            ("H#1", ProblemKind::HelpMate, 1),
            ("s#2", ProblemKind::SelfMate, 2),
            (" S # 4 ", ProblemKind::SelfMate, 4),
            ("#030", ProblemKind::Mate, 30),
        ] {
            let s = Stipulation::parse(text).unwrap();
            assert_eq!((s.kind, s.moves), (kind, moves), "{text}");
            assert_eq!(Stipulation::parse(&s.to_string()), Ok(s), "{text}");
        }
        for (bad, why) in [
            ("", StipulationError::Unknown),
            ("#", StipulationError::Unknown),
            ("h2", StipulationError::Unknown),
            ("x#2", StipulationError::Unknown),
            ("=2", StipulationError::Unknown),
            ("ser-h#3", StipulationError::Unknown),
            ("#two", StipulationError::Unknown),
            ("hs#2", StipulationError::Unknown),
            ("#+3", StipulationError::Unknown),
            ("#99999999999999999999999", StipulationError::Unknown),
            ("h#2.5", StipulationError::HalfMove),
            ("#2.", StipulationError::HalfMove),
            ("#0", StipulationError::OutOfRange { moves: 0 }),
            ("#31", StipulationError::OutOfRange { moves: 31 }),
            ("#999", StipulationError::OutOfRange { moves: 999 }),
        ] {
            assert_eq!(Stipulation::parse(bad), Err(why), "{bad}");
        }
        assert_eq!(
            StipulationError::OutOfRange { moves: 31 }.to_string(),
            "asks for 31 moves; a stipulation takes 1 to 30"
        );
    }
}
