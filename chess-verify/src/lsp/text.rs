//! An open document's text and the client's way of counting columns:
//! positions converted to byte offsets and back, in UTF-16 code units
//! (the protocol's default) or in bytes (UTF-8, when the client offers
//! it), and edits applied as the client sends them.

use lsp_types::{Position, PositionEncodingKind, Range, TextDocumentContentChangeEvent};

/// How the client counts a position's `character`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Columns {
    /// UTF-16 code units (the protocol's default).
    Utf16,
    /// Bytes of UTF-8.
    Utf8,
}

impl Columns {
    /// The encoding to use among those the client offers: UTF-8 if it
    /// offers it (no conversion then), else UTF-16, which every client
    /// understands.
    pub fn choose(offered: Option<&[PositionEncodingKind]>) -> Columns {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Columns::Utf8,
            _ => Columns::Utf16,
        }
    }

    /// Its name in the protocol.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Columns::Utf16 => PositionEncodingKind::UTF16,
            Columns::Utf8 => PositionEncodingKind::UTF8,
        }
    }

    /// The width of `c` in these units.
    fn width(self, c: char) -> u32 {
        match self {
            Columns::Utf16 => c.len_utf16() as u32,
            Columns::Utf8 => c.len_utf8() as u32,
        }
    }
}

/// The text of an open document, and where its lines start.
#[derive(Clone, Debug)]
pub struct Document {
    text: String,
    /// The byte offset of each line's start (a line ends at `\n`).
    lines: Vec<usize>,
    /// The client's version of it.
    pub version: i32,
}

impl Document {
    /// A document of `text` at `version`.
    pub fn new(text: String, version: i32) -> Document {
        let lines = line_starts(&text);
        Document {
            text,
            lines,
            version,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The byte offset of `position`, counted in `columns`: a line past
    /// the end is the end of the text, a character past the end of its
    /// line is the line's end (as the protocol asks), and a position
    /// inside a character is that character's start.
    pub fn offset(&self, position: Position, columns: Columns) -> usize {
        let Some(&start) = self.lines.get(position.line as usize) else {
            return self.text.len();
        };
        let end = self
            .lines
            .get(position.line as usize + 1)
            .map_or(self.text.len(), |&next| next);
        // The line without its end (`\n`, `\r\n` or `\r`).
        let line = &self.text[start..end];
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0;
        for (at, c) in line.char_indices() {
            if units >= position.character {
                return start + at;
            }
            units += columns.width(c);
            if units > position.character {
                return start + at;
            }
        }
        start + line.len()
    }

    /// The position of byte offset `offset` (at a character boundary),
    /// counted in `columns`.
    pub fn position(&self, offset: usize, columns: Columns) -> Position {
        let offset = offset.min(self.text.len());
        let line = self.lines.partition_point(|&start| start <= offset) - 1;
        let start = self.lines[line];
        let character = self.text[start..offset]
            .chars()
            .map(|c| columns.width(c))
            .sum();
        Position {
            line: line as u32,
            character,
        }
    }

    /// The range of bytes `start..end`, counted in `columns`.
    pub fn range(&self, start: usize, end: usize, columns: Columns) -> Range {
        Range {
            start: self.position(start, columns),
            end: self.position(end, columns),
        }
    }

    /// Applies the client's edits in order (each a range replaced, or the
    /// whole text when it has no range), then takes `version`.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        columns: Columns,
    ) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let start = self.offset(range.start, columns);
                    let end = self.offset(range.end, columns).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
                None => self.text = change.text,
            }
            self.lines = line_starts(&self.text);
        }
        self.version = version;
    }
}

/// Where each line of `text` starts: after each line end, `\n`, `\r\n`
/// or `\r` (the protocol's three).
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(chess_core::input::line_breaks(text.as_bytes()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn utf8_only_when_the_client_offers_it() {
        use PositionEncodingKind as Kind;
        assert_eq!(Columns::choose(None), Columns::Utf16);
        assert_eq!(Columns::choose(Some(&[Kind::UTF16])), Columns::Utf16);
        assert_eq!(
            Columns::choose(Some(&[Kind::UTF16, Kind::UTF8])),
            Columns::Utf8
        );
        assert_eq!(Columns::choose(Some(&[Kind::UTF32])), Columns::Utf16);
    }

    #[test]
    fn columns_count_utf16_units_or_bytes() {
        // `♘` is one UTF-16 unit and three bytes; `𝄞` two units, four bytes.
        let doc = Document::new("a\n♘f3 𝄞 e4\n".to_string(), 0);
        let e4 = doc.text().find("e4").unwrap();
        assert_eq!(doc.position(e4, Columns::Utf16), at(1, 7));
        assert_eq!(doc.position(e4, Columns::Utf8), at(1, 11));
        assert_eq!(doc.offset(at(1, 7), Columns::Utf16), e4);
        assert_eq!(doc.offset(at(1, 11), Columns::Utf8), e4);
        // Inside a surrogate pair: the character's start.
        let clef = doc.text().find('𝄞').unwrap();
        assert_eq!(doc.offset(at(1, 5), Columns::Utf16), clef);
        // Past the end of a line, of the text.
        assert_eq!(doc.offset(at(0, 9), Columns::Utf16), 1);
        assert_eq!(doc.offset(at(9, 0), Columns::Utf16), doc.text().len());
    }

    #[test]
    fn a_line_ends_at_a_line_feed_a_carriage_return_or_both() {
        let doc = Document::new("1. e4\r\n1... e5\r2. Nf3\n*".to_string(), 0);
        assert_eq!(doc.offset(at(0, 99), Columns::Utf16), 5);
        assert_eq!(doc.position(7, Columns::Utf16), at(1, 0));
        assert_eq!(doc.offset(at(1, 99), Columns::Utf16), 14);
        assert_eq!(doc.position(15, Columns::Utf16), at(2, 0));
        assert_eq!(doc.offset(at(3, 1), Columns::Utf16), 23);
    }

    #[test]
    fn edits_apply_in_order() {
        let mut doc = Document::new("1. e4 e5 2. Ke3 *\n".to_string(), 1);
        let edit = |line, from, to, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range {
                start: at(line, from),
                end: at(line, to),
            }),
            range_length: None,
            text: text.to_string(),
        };
        doc.apply(
            vec![edit(0, 12, 15, "Ke2"), edit(0, 0, 0, "[Event \"é\"]\n")],
            2,
            Columns::Utf16,
        );
        assert_eq!(doc.text(), "[Event \"é\"]\n1. e4 e5 2. Ke2 *\n");
        assert_eq!(doc.version, 2);
        assert_eq!(
            doc.position(doc.text().find("Ke2").unwrap(), Columns::Utf16),
            at(1, 12)
        );
        doc.apply(
            vec![TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "*".into(),
            }],
            3,
            Columns::Utf16,
        );
        assert_eq!(doc.text(), "*");
    }
}
