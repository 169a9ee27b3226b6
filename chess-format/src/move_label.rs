//! A move's number as PGN writes it before the move: `12.` before White's
//! twelfth move, `12...` before Black's. Every place that writes a move
//! with its number (the facade's PGN, explanations, the language server's
//! hover, puzzle lines, custom games' PGN) writes it with this type.

use core::fmt;

/// A move's number and whose move it numbers, written `12.` or `12...`.
///
/// ```
/// use chess_format::MoveLabel;
///
/// assert_eq!(MoveLabel::new(12, false).to_string(), "12.");
/// assert_eq!(MoveLabel::new(12, true).to_string(), "12...");
/// assert_eq!(MoveLabel::new(3, true).before("Qd7").to_string(), "3... Qd7");
/// assert_eq!(MoveLabel::new(100, false).len(), 4);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveLabel {
    /// The move's number (FEN's full-move number of the position it is
    /// played from).
    pub number: u32,
    /// Whether it numbers Black's move.
    pub black: bool,
}

impl MoveLabel {
    /// The label of move `number` of Black (`black`) or White.
    #[must_use]
    pub const fn new(number: u32, black: bool) -> MoveLabel {
        MoveLabel { number, black }
    }

    /// The dots after the number: `.` for White, `...` for Black.
    #[must_use]
    pub const fn dots(self) -> &'static str {
        if self.black { "..." } else { "." }
    }

    /// How many bytes the label takes written.
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // (A label is never empty.)
    pub const fn len(self) -> usize {
        let digits = match self.number.checked_ilog10() {
            Some(log) => log as usize + 1,
            None => 1,
        };
        digits + self.dots().len()
    }

    /// The label, a space and `text` (a move as written): `12... Qd7`.
    pub const fn before<T: fmt::Display>(self, text: T) -> Labelled<T> {
        Labelled { label: self, text }
    }
}

impl fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, self.dots())
    }
}

/// A move written after its label ([`MoveLabel::before`]): `12... Qd7`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Labelled<T> {
    /// The label.
    pub label: MoveLabel,
    /// The move as written.
    pub text: T,
}

impl<T: fmt::Display> fmt::Display for Labelled<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.label, self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::MoveLabel;
    use std::string::ToString;

    #[test]
    fn a_label_is_as_long_as_written() {
        for number in [0, 1, 9, 10, 99, 100, 12345, u32::MAX] {
            for black in [false, true] {
                let label = MoveLabel::new(number, black);
                assert_eq!(label.len(), label.to_string().len(), "{label}");
            }
        }
    }
}
