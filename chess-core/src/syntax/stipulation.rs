//! A problem's stipulation, as problem databases write it (YACPDB,
//! Popeye): `#2` (White mates in 2), `h#3` (helpmate in 3: Black moves
//! first, both sides help White mate Black), `s#2` (selfmate in 2: White
//! forces Black to mate White). Spaces and case are free (`H# 3`). The
//! type and its one reader are `chess-format`'s (the facade's `Puzzle`
//! reads the tag with it too); here a reading that fails becomes a
//! diagnostic at the tag, with its help.

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::Range;
use chess_format::StipulationError;

pub use chess_format::{ProblemKind, Stipulation};

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
    Stipulation::parse(text).map_err(|why| {
        let d = Diagnostic::new(
            ErrorKind::Stipulation,
            range,
            format!("`{}` {why}", text.trim()),
        );
        match why {
            StipulationError::Unknown => d.with_note("write `#2` (mate in 2), `h#3` (helpmate in 3: the side to move is mated, both sides cooperate) or `s#2` (selfmate in 2: the side to move forces the other to mate it)"),
            StipulationError::HalfMove => d.with_note("write a whole number of moves, from a position with the side that starts to move"),
            StipulationError::OutOfRange { .. } => d,
        }
    })
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
