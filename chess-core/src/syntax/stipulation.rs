//! A problem's stipulation, as problem databases write it (YACPDB,
//! Popeye): `#2` (White mates in 2), `h#3` (helpmate in 3: Black moves
//! first, both sides help White mate Black), `s#2` (selfmate in 2: White
//! forces Black to mate White). Spaces and case are free (`H# 3`). Every
//! message about a stipulation is worded here.

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::Range;

/// The most moves a stipulation may ask for: beyond it no search
/// finishes.
pub const MAX_MOVES: u32 = 30;

/// What kind of problem.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// `#n`: the side to move mates in `n` against any defence.
    Mate,
    /// `h#n`: the side to move and the other cooperate; the side to move
    /// is mated on the other side's `n`th move.
    HelpMate,
    /// `s#n`: the side to move forces the other side to mate it on the
    /// other side's `n`th move.
    SelfMate,
}

impl ProblemKind {
    /// The prefix before `#`: ``, `h`, `s`.
    pub fn prefix(self) -> &'static str {
        match self {
            ProblemKind::Mate => "",
            ProblemKind::HelpMate => "h",
            ProblemKind::SelfMate => "s",
        }
    }
}

/// A stipulation: the kind and the number of moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    /// What is to be done.
    pub kind: ProblemKind,
    /// In how many moves (of the side that mates, or for a selfmate of the
    /// side that forces it).
    pub moves: u32,
}

impl std::fmt::Display for Stipulation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}", self.kind.prefix(), self.moves)
    }
}

/// Reads `text` (a tag's value, at `range`) as a stipulation.
///
/// ```
/// use chess_core::syntax::{ProblemKind, stipulation};
/// use chess_core::{ErrorKind, Range};
///
/// let r = Range::new(0, 3);
/// assert_eq!(stipulation("h#3", r).unwrap().kind, ProblemKind::HelpMate);
/// assert_eq!(stipulation("S# 2", r).unwrap().moves, 2);
/// assert_eq!(stipulation("=2", r).unwrap_err().kind, ErrorKind::Stipulation);
/// ```
pub fn stipulation(text: &str, range: Range) -> Result<Stipulation, Diagnostic> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    let (kind, rest) = if let Some(rest) = compact.strip_prefix("h#") {
        (ProblemKind::HelpMate, rest)
    } else if let Some(rest) = compact.strip_prefix("s#") {
        (ProblemKind::SelfMate, rest)
    } else if let Some(rest) = compact.strip_prefix('#') {
        (ProblemKind::Mate, rest)
    } else {
        return Err(unknown(text, range));
    };
    if rest.contains('.')
        && rest
            .split('.')
            .all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(Diagnostic::new(
            ErrorKind::Stipulation,
            range,
            format!("`{}` has half a move: problems that start with the other side's move are not checked", text.trim()),
        )
        .with_note("write a whole number of moves, from a position with the side that starts to move"));
    }
    match rest.parse::<u32>() {
        Ok(moves) if (1..=MAX_MOVES).contains(&moves) => Ok(Stipulation { kind, moves }),
        Ok(_) => Err(Diagnostic::new(
            ErrorKind::Stipulation,
            range,
            format!(
                "`{}` asks for {rest} moves; a stipulation takes 1 to {MAX_MOVES}",
                text.trim()
            ),
        )),
        Err(_) => Err(unknown(text, range)),
    }
}

fn unknown(text: &str, range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Stipulation,
        range,
        format!("`{}` is not a stipulation that can be proven", text.trim()),
    )
    .with_note("write `#2` (mate in 2), `h#3` (helpmate in 3: the side to move is mated, both sides cooperate) or `s#2` (selfmate in 2: the side to move forces the other to mate it)")
}

/// A problem without a `[Stipulation]` tag: the error covers `range`
/// (where the game starts).
pub fn missing(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Stipulation,
        range,
        "a problem needs its stipulation",
    )
    .with_note("add a tag such as `[Stipulation \"#2\"]` (also `h#3`, `s#2`) before the moves")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        let r = Range::new(0, 1);
        for (text, kind, moves) in [
            ("#2", ProblemKind::Mate, 2),
            ("# 12", ProblemKind::Mate, 12),
            ("h#3", ProblemKind::HelpMate, 3),
            ("H#1", ProblemKind::HelpMate, 1),
            ("s#2", ProblemKind::SelfMate, 2),
            (" S # 4 ", ProblemKind::SelfMate, 4),
        ] {
            assert_eq!(
                stipulation(text, r),
                Ok(Stipulation { kind, moves }),
                "{text}"
            );
        }
        for bad in [
            "", "#", "#0", "#31", "h#2.5", "=2", "ser-h#3", "#two", "hs#2",
        ] {
            let d = stipulation(bad, r).unwrap_err();
            assert_eq!(d.kind, ErrorKind::Stipulation, "{bad}");
        }
        assert!(
            stipulation("h#2.5", r)
                .unwrap_err()
                .message
                .contains("half a move")
        );
        assert_eq!(
            Stipulation {
                kind: ProblemKind::HelpMate,
                moves: 3
            }
            .to_string(),
            "h#3"
        );
    }
}
