//! The text every front end produces, and the way back from a byte range of
//! that text to what the user wrote: token spans for the token form,
//! `line:col` for PGN text.

use std::cell::OnceCell;

use proc_macro2::Span;

/// A byte range in a [`Source`]'s text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Range {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Range {
    /// The range `start..end`.
    #[inline(always)]
    pub const fn new(start: u32, end: u32) -> Range {
        Range { start, end }
    }

    /// The smallest range covering both.
    #[must_use]
    pub fn to(self, other: Range) -> Range {
        Range {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Its length in bytes.
    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start) as usize
    }

    /// `true` for an empty range.
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// As a `usize` range for slicing.
    #[inline(always)]
    pub fn as_usize(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// How the text was produced, which decides a few lexical rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Rendered from Rust tokens: `;` and `%` are ordinary characters and
    /// comments were dropped by the Rust lexer.
    Tokens,
    /// PGN text (string literals, files): `;` starts a comment to the end of
    /// the line and a line starting with `%` is skipped.
    Pgn,
}

/// Where a rendered token came from.
#[derive(Clone, Debug)]
pub(crate) struct Mark {
    pub offset: u32,
    pub span: Span,
}

/// A 1-based line and column (in characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub col: u32,
}

/// The text the grammar reads, with the map back to the user's input.
#[derive(Debug)]
pub struct Source {
    text: String,
    mode: Mode,
    marks: Vec<Mark>,
    anchor: Option<Span>,
    name: Option<String>,
    line_starts: OnceCell<Vec<u32>>,
}

impl Source {
    /// PGN text, e.g. a file's contents or the value of a string literal.
    ///
    /// `name` is how diagnostics refer to the text (a path), `anchor` the
    /// span diagnostics attach to when the text came from a string literal.
    pub fn text(text: impl Into<String>, name: Option<String>, anchor: Option<Span>) -> Source {
        Source {
            text: text.into(),
            mode: Mode::Pgn,
            marks: Vec::new(),
            anchor,
            name,
            line_starts: OnceCell::new(),
        }
    }

    pub(crate) fn from_rendered_tokens(text: String, marks: Vec<Mark>, anchor: Span) -> Source {
        Source {
            text,
            mode: Mode::Tokens,
            marks,
            anchor: Some(anchor),
            name: None,
            line_starts: OnceCell::new(),
        }
    }

    /// The text the grammar reads.
    #[inline(always)]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given back.
    pub fn into_text(self) -> String {
        self.text
    }

    /// The lexical mode.
    #[inline(always)]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The text of `range`.
    pub fn slice(&self, range: Range) -> &str {
        self.text.get(range.as_usize()).unwrap_or("")
    }

    /// The name given to a text source (a path), if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn mark_index(&self, offset: u32) -> Option<usize> {
        match self.marks.binary_search_by_key(&offset, |m| m.offset) {
            Ok(i) => Some(i),
            Err(0) => None,
            Err(i) => Some(i - 1),
        }
    }

    /// The spans of the first and last Rust token of `range` (token form), or
    /// the anchor span twice (text inside a string literal), or `None` (plain
    /// text without a span, e.g. a file read by the CLI).
    pub fn spans(&self, range: Range) -> Option<(Span, Span)> {
        if self.mode == Mode::Tokens {
            let first = self.mark_index(range.start);
            let last = self.mark_index(range.end.saturating_sub(1).max(range.start));
            if let (Some(first), Some(last)) = (first, last) {
                return Some((self.marks[first].span, self.marks[last].span));
            }
        }
        self.anchor.map(|span| (span, span))
    }

    /// The line of the token or character at `offset`, for grammar rules that
    /// depend on line structure (board diagrams). Token form: the line the
    /// token starts on in the Rust file (0 if the compiler does not say).
    pub fn line_of(&self, offset: u32) -> u32 {
        match self.mode {
            Mode::Tokens => self
                .mark_index(offset)
                .map_or(0, |i| self.marks[i].span.start().line as u32),
            Mode::Pgn => self.line_col(offset).line,
        }
    }

    /// The 1-based line and column of `offset` in the text.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(super::scan::line_breaks(self.text.as_bytes()).map(|i| i as u32))
                .collect()
        });
        let line = match starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let mut line_start = starts[line] as usize;
        let end = (offset as usize).min(self.text.len());
        // A byte-order mark at a line's start is not text: columns count
        // from after it (as the reader, which may cut a text there, does).
        if end > line_start && self.text[line_start..].starts_with('\u{feff}') {
            line_start += '\u{feff}'.len_utf8();
        }
        let col = self
            .text
            .get(line_start..end)
            .map_or(end.saturating_sub(line_start), |s| s.chars().count());
        LineCol {
            line: line as u32 + 1,
            col: col as u32 + 1,
        }
    }

    /// The full line of text containing `offset` (without its line break).
    pub fn line_text(&self, offset: u32) -> &str {
        let mut offset = (offset as usize).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i);
        self.text[start..end].trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let src = Source::text("1. e4 e5\r\n2. Nf3 Nc6\n\n3. Bb5", None, None);
        assert_eq!(src.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(src.line_col(3), LineCol { line: 1, col: 4 });
        assert_eq!(src.line_col(13), LineCol { line: 2, col: 4 });
        assert_eq!(src.line_col(22), LineCol { line: 4, col: 1 });
        assert_eq!(src.line_col(25), LineCol { line: 4, col: 4 });
        assert_eq!(src.line_text(13), "2. Nf3 Nc6");
        assert_eq!(src.line_text(0), "1. e4 e5");
    }

    #[test]
    fn the_text_comes_back_whole() {
        let text = String::from("[Event \"a\"]\n1. e4 *\n");
        let capacity = text.capacity();
        let back = Source::text(text.clone(), None, None).into_text();
        assert_eq!(back, text);
        assert!(back.capacity() >= capacity);
    }

    #[test]
    fn columns_count_characters() {
        let src = Source::text("{ é } e4", None, None);
        assert_eq!(src.line_col(7), LineCol { line: 1, col: 7 });
    }
}
