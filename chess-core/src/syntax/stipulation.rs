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

    /// chess-format reads the spellings (its tests hold them); here,
    /// that each reading and each refusal becomes what a diagnostic says.
    #[test]
    fn a_stipulation_read_or_refused_at_its_range() {
        let r = Range::new(3, 7);
        assert_eq!(
            stipulation(" S # 4 ", r),
            Ok(Stipulation {
                kind: ProblemKind::SelfMate,
                moves: 4
            })
        );
        for (bad, words) in [
            ("", "is not a stipulation that can be proven"),
            ("h#2.5", "half a move"),
            ("#31", "a stipulation takes 1 to 30"),
        ] {
            let d = stipulation(bad, r).unwrap_err();
            assert_eq!((d.kind, d.range), (ErrorKind::Stipulation, r), "{bad}");
            assert!(d.message.contains(words), "{bad}: {}", d.message);
        }
    }
}
