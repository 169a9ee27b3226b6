//! The one error type of the readers (rules files, FEN, Betza notation):
//! what is wrong, and the bytes of the text it points at, with their line
//! and column.

use core::fmt;
use core::ops::Range;

/// Why a text cannot be read: a rules file (`ini`, `yaml`), a FEN under a
/// rule set, a piece in Betza notation.
///
/// ```
/// let error = chess_rules::ini::variants("[x]\nmaxRank = 20\n").unwrap_err();
/// assert_eq!((error.line, error.column), (2, 11));
/// assert_eq!(error.span, 14..16); // `20`
/// assert_eq!(error.to_string(), "2:11: `20`: a board side is 1 to 16");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The bytes of the text the error points at (a key, a value, a
    /// character).
    pub span: Range<usize>,
    /// The line where the span starts, from 1.
    pub line: usize,
    /// The column where the span starts, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Error {
    /// An error at `span` of `text` (for many errors in one text,
    /// [`Lines`]).
    pub(crate) fn new(text: &str, span: Range<usize>, message: impl Into<String>) -> Error {
        Lines::new(text).error(span, message)
    }

    /// An error at the word that starts at byte `start` of `text`: to the
    /// next space, `,`, `:`, `]` or `}`; a list or mapping written inline
    /// (`[2, 0]`, `{ … }`) whole.
    pub(crate) fn at_word(text: &str, start: usize, message: impl Into<String>) -> Error {
        Error::new(text, word(text, start), message)
    }
}

/// A text with where its lines start, for many errors in it: each placed
/// in logarithmic time, not by counting the lines before it (a rules file
/// of many sections, each refused, reads in linear time).
pub(crate) struct Lines<'t> {
    /// The text.
    pub(crate) text: &'t str,
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    pub(crate) fn new(text: &'t str) -> Lines<'t> {
        let mut starts = vec![0];
        starts.extend(line_breaks(text));
        Lines { text, starts }
    }

    /// [`Error::new`] in this text.
    pub(crate) fn error(&self, span: Range<usize>, message: impl Into<String>) -> Error {
        let text = self.text;
        let start = floor_char(text, span.start);
        let end = floor_char(text, span.end.max(start));
        let line = self.starts.partition_point(|&s| s <= start);
        let line_start = self.starts[line - 1];
        Error {
            span: start..end,
            line,
            column: text[line_start..start].chars().count() + 1,
            message: message.into(),
        }
    }

    /// [`Error::at_word`] in this text.
    pub(crate) fn at_word(&self, start: usize, message: impl Into<String>) -> Error {
        let span = word(self.text, start);
        self.error(span, message)
    }

    /// The same error for `inner` read inside this text at byte `offset`
    /// (a piece's Betza text, a FEN in a rules file).
    pub(crate) fn within(&self, inner: Error, offset: usize) -> Error {
        self.error(
            offset + inner.span.start..offset + inner.span.end,
            inner.message,
        )
    }
}

/// The word that starts at byte `start` of `text`: to the next space,
/// `,`, `:`, `]` or `}`; a list or mapping written inline (`[2, 0]`,
/// `{ … }`) whole.
fn word(text: &str, start: usize) -> Range<usize> {
    let start = floor_char(text, start);
    let rest = &text[start..];
    let len = match rest.chars().next() {
        Some('[') => rest.find(']').map_or(1, |i| i + 1),
        Some('{') => rest.find('}').map_or(1, |i| i + 1),
        Some(_) => rest
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ']' | '}'))
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8)),
        None => 0,
    };
    start..start + len
}

/// Where the lines of `text` after its first begin (YAML's line breaks,
/// and the verifier's: [`chess_format::text::line_breaks`]).
fn line_breaks(text: &str) -> impl Iterator<Item = usize> + '_ {
    chess_format::text::line_breaks(text.as_bytes())
}

/// The byte offset of a 1-based line and column (in characters) of
/// `text`, as a YAML parser reports places.
pub(crate) fn offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = match line.checked_sub(2) {
        Some(n) => line_breaks(text).nth(n).unwrap_or(text.len()),
        None => 0,
    };
    let in_line = text[line_start..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len() - line_start, |(i, _)| i);
    line_start + in_line
}

/// `at`, moved back to a character boundary of `text` (and into it).
fn floor_char(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_lines_and_characters() {
        let text = "ab\nçd ef\n";
        let e = Error::new(text, 7..9, "x");
        assert_eq!((e.line, e.column, &text[e.span.clone()]), (2, 4, "ef"));
        assert_eq!(offset(text, 2, 4), 7);
        assert_eq!(offset(text, 9, 1), text.len());
        let word = Error::at_word("k: [2, 0] x", 3, "y");
        assert_eq!(word.span, 3..9);
        let word = Error::at_word("k: { a: 1 }, b", 3, "y");
        assert_eq!(word.span, 3..11);
        let word = Error::at_word("k: 'R'\n", 3, "y");
        assert_eq!(word.span, 3..6);
        assert_eq!(Error::at_word("", 0, "z").span, 0..0);
        // A span that starts inside a character starts at the character.
        assert_eq!(Error::new("ç", 1..2, "w").span, 0..2);
        let lines = Lines::new("a = x:fX\n\nb\n");
        let inner = lines.within(Error::new("fX", 1..2, "v"), 6);
        assert_eq!((inner.span, inner.line, inner.column), (7..8, 1, 8));
        // Placed by the lines' starts as by counting the lines before.
        for at in 0..=lines.text.len() {
            let e = lines.error(at..at, "u");
            let before = &lines.text[..at];
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            assert_eq!(
                (e.line, e.column),
                (before.matches('\n').count() + 1, column)
            );
        }
    }
}
