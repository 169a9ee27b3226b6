//! lichess puzzle files: the public CSV format
//! (`PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`),
//! each row read as a game from its FEN with its moves in UCI (the first
//! the opponent's), every cell keeping its range in the file.
//!
//! The cells are found by hand rather than with a CSV library: a
//! diagnostic needs the exact range of a cell and of each move in it,
//! which CSV readers do not give. Quoted cells (`"…"`, with `""` for a
//! quote) are read as RFC 4180 has them.

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};

use super::notation::{self, Part};
use super::setup;
use super::tree::{GameSyntax, Line, PlySyntax};

/// The columns of the lichess puzzle file, in order.
pub const COLUMNS: [&str; 10] = [
    "PuzzleId",
    "FEN",
    "Moves",
    "Rating",
    "RatingDeviation",
    "Popularity",
    "NbPlays",
    "Themes",
    "GameUrl",
    "OpeningTags",
];

/// One row of a lichess puzzle file, as written.
#[derive(Clone, Debug)]
pub struct PuzzleSyntax {
    /// The row's cells, by column (as many as the row has).
    pub cells: Vec<Range>,
    /// The game: the FEN's position and the moves (the opponent's first).
    pub game: GameSyntax,
    /// The number of moves of a `mateInN` theme, and the theme's range.
    pub mate_in: Option<(u32, Range)>,
    /// The whole row.
    pub range: Range,
}

impl PuzzleSyntax {
    /// The text of cell `column` (by its name in [`COLUMNS`]), if the row
    /// has it.
    pub fn cell<'s>(&self, source: &'s Source, column: &str) -> Option<&'s str> {
        let i = COLUMNS.iter().position(|c| *c == column)?;
        self.cells.get(i).map(|&r| source.slice(r))
    }
}

/// Reads the rows of a lichess puzzle file, one at a time: each row's
/// syntax, or what is wrong with it. A first line that names the columns
/// is skipped; so are empty lines. A row ends at a line break outside a
/// quoted cell ([`RowSplitter`]).
pub fn lichess_rows(
    source: &Source,
) -> impl Iterator<Item = Result<PuzzleSyntax, Diagnostic>> + '_ {
    lichess_rows_in(source, true)
}

/// [`lichess_rows`] of a text that begins a file, or (`at_start` false) a
/// piece of one after its start, whose first line is a row whatever it
/// holds (`chess-verify` reads a file in pieces).
pub fn lichess_rows_in(
    source: &Source,
    at_start: bool,
) -> impl Iterator<Item = Result<PuzzleSyntax, Diagnostic>> + '_ {
    let text = source.as_str();
    let mut rows = RowSplitter::new();
    // Where the next row starts, and where the scan goes on.
    let (mut at, mut from) = (0usize, 0usize);
    let mut first = at_start;
    std::iter::from_fn(move || {
        loop {
            if at >= text.len() {
                return None;
            }
            let start = at;
            at = rows.next_cut(text.as_bytes(), from).unwrap_or(text.len());
            from = at + 1;
            let end = text[..at].strip_suffix('\n').map_or(at, str::len);
            let line = &text[start..end];
            let line = line.strip_suffix('\r').unwrap_or(line);
            let header = first && line.starts_with("PuzzleId");
            first = false;
            if line.trim().is_empty() || header {
                continue;
            }
            return Some(row(source, start, line));
        }
    })
}

/// Where a CSV scan is: which bytes end a cell or a row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Csv {
    /// At the start of a cell: a `"` opens a quoted cell.
    CellStart,
    /// In a cell without quotes: up to a `,` or a line break.
    Plain,
    /// In a quoted cell: up to its closing `"` (line breaks included).
    Quoted,
    /// Just after a `"` in a quoted cell: another `"` is a quote in the
    /// text; anything else ends the quoting.
    QuoteInQuoted,
}

/// An incremental scan for where rows begin in a CSV file (a lichess
/// puzzle file), as Python's `csv` module reads one: a row ends at a
/// line break outside a quoted cell; a cell is quoted when it begins with
/// `"`, and `""` is a quote inside it. The scan keeps its state between
/// blocks of bytes, so where it cuts does not depend on how the text
/// arrives; `chess-verify` cuts puzzle files here.
///
/// ```
/// use chess_core::syntax::RowSplitter;
///
/// let text = b"a,\"one\ntwo\",x\nb,c\n";
/// let mut rows = RowSplitter::new();
/// assert_eq!(rows.next_cut(text, 0), Some(14));
/// assert_eq!(&text[14..], b"b,c\n");
/// assert_eq!(rows.next_cut(text, 15), None);
/// ```
#[derive(Clone, Debug)]
pub struct RowSplitter {
    state: Csv,
    /// The last byte read ended a row: the next one begins a new one.
    row_ended: bool,
}

impl Default for RowSplitter {
    fn default() -> RowSplitter {
        RowSplitter::new()
    }
}

impl RowSplitter {
    /// A scan at the start of a file.
    pub fn new() -> RowSplitter {
        RowSplitter {
            state: Csv::CellStart,
            row_ended: false,
        }
    }

    /// Forgets an open quoted cell: the next line break ends the row
    /// (used after skipping text that has no row start in it).
    pub fn resync(&mut self) {
        self.state = Csv::Plain;
    }

    /// Scans `text[from..]`, which continues the text scanned before, and
    /// returns the offset in `text` of the first byte of the first row
    /// that begins in it, once that byte is there. The scan stops just
    /// after that byte: call again from the returned offset plus one to go
    /// on. Every byte must be scanned exactly once.
    pub fn next_cut(&mut self, text: &[u8], from: usize) -> Option<usize> {
        let mut i = from;
        while i < text.len() {
            let b = text[i];
            let begins = std::mem::take(&mut self.row_ended);
            self.state = match (self.state, b) {
                (Csv::Quoted, b'"') => Csv::QuoteInQuoted,
                (Csv::Quoted, _) => Csv::Quoted,
                (Csv::QuoteInQuoted | Csv::CellStart, b'"') => Csv::Quoted,
                (_, b'\n') => {
                    self.row_ended = true;
                    Csv::CellStart
                }
                (_, b',') => Csv::CellStart,
                _ => Csv::Plain,
            };
            if begins {
                return Some(i);
            }
            i += 1;
            // The bytes that cannot change the state are skipped.
            let rest = &text[i..];
            i += match self.state {
                Csv::Plain => memchr::memchr2(b',', b'\n', rest),
                Csv::Quoted => memchr::memchr(b'"', rest),
                Csv::CellStart | Csv::QuoteInQuoted => Some(0),
            }
            .unwrap_or(rest.len());
        }
        None
    }
}

fn bad_row(range: Range, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(ErrorKind::PuzzleRow, range, message)
}

/// The ranges of a row's cells: split at commas outside quotes; a quoted
/// cell's range is inside its quotes.
fn cells(line: &str, base: u32) -> Vec<Range> {
    let bytes = line.as_bytes();
    let mut out = Vec::with_capacity(COLUMNS.len());
    let mut i = 0;
    loop {
        if bytes.get(i) == Some(&b'"') {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() {
                if bytes[j] == b'"' {
                    if bytes.get(j + 1) == Some(&b'"') {
                        j += 2;
                        continue;
                    }
                    break;
                }
                j += 1;
            }
            out.push(Range::new(base + start as u32, base + j as u32));
            // Past the closing quote to the next comma.
            i = line[j.min(line.len())..]
                .find(',')
                .map_or(line.len(), |n| j + n);
        } else {
            let end = line[i..].find(',').map_or(line.len(), |n| i + n);
            out.push(Range::new(base + i as u32, base + end as u32));
            i = end;
        }
        if i >= line.len() {
            return out;
        }
        i += 1;
    }
}

fn row(source: &Source, start: usize, line: &str) -> Result<PuzzleSyntax, Diagnostic> {
    let base = start as u32;
    let whole = Range::new(base, base + line.len() as u32);
    let cells = cells(line, base);
    if cells.len() < 3 {
        return Err(bad_row(
            whole,
            format!(
                "a lichess puzzle row has at least the cells `PuzzleId,FEN,Moves`; this one has {}",
                cells.len()
            ),
        ));
    }
    let (fen, moves) = (cells[1], cells[2]);
    let setup = setup::fen_string(source.slice(fen), fen.start, fen);
    let mut game = GameSyntax {
        setup: setup.map(|s| Some(Box::new(s))),
        range: whole,
        ..GameSyntax::default()
    };
    // The moves: UCI words separated by spaces.
    let text = source.as_str().as_bytes();
    let mut parts = Vec::new();
    let mut i = moves.start as usize;
    let end = moves.end as usize;
    let mut plies = Vec::new();
    while i < end {
        if text[i] == b' ' {
            i += 1;
            continue;
        }
        let word_end = text[i..end]
            .iter()
            .position(|&b| b == b' ')
            .map_or(end, |n| i + n);
        let range = Range::new(i as u32, word_end as u32);
        parts.clear();
        notation::split_word(&text[i..word_end], i as u32, &mut parts);
        let word = &text[i..word_end];
        let uci_like = matches!(word.len(), 4 | 5) && word.iter().all(u8::is_ascii_alphanumeric);
        match parts.as_slice() {
            [
                notation::Spanned {
                    part:
                        Part::Move(
                            mv @ notation::MoveSyntax::FromTo {
                                role: None,
                                capture: false,
                                ..
                            },
                        ),
                    ..
                },
            ] if uci_like => {
                let mv = *mv;
                plies.push(PlySyntax::bare(mv, range));
            }
            _ => {
                return Err(bad_row(
                    range,
                    format!(
                        "`{}` is not a move in UCI: the Moves cell lists moves such as `e2e4` and `e7e8q`, separated by spaces",
                        source.slice(range)
                    ),
                ));
            }
        }
        i = word_end;
    }
    if plies.len() < 2 {
        return Err(bad_row(
            if moves.is_empty() { whole } else { moves },
            "a puzzle's Moves cell has the opponent's move and at least one move of the solution",
        ));
    }
    game.lines = vec![Line {
        plies: (0..plies.len() as u32).collect(),
        ..Line::default()
    }];
    game.plies = plies;
    let mate_in = match cells.get(7) {
        Some(&themes) => mate_theme(source, themes)?,
        None => None,
    };
    Ok(PuzzleSyntax {
        cells,
        game,
        mate_in,
        range: whole,
    })
}

/// The `mateIn2` among the themes (separated by white space): its
/// number and range. A theme that begins `mateIn` is that and a number
/// as lichess writes it — digits, the first not `0` — or the row cannot
/// be read, and so are two such themes; a number beyond `u32` is
/// `u32::MAX` (no line is that long).
fn mate_theme(source: &Source, themes: Range) -> Result<Option<(u32, Range)>, Diagnostic> {
    let text = source.slice(themes);
    let mut found: Option<(u32, Range)> = None;
    for theme in text.split_ascii_whitespace() {
        let Some(digits) = theme.strip_prefix("mateIn") else {
            continue;
        };
        let offset = theme.as_ptr() as usize - text.as_ptr() as usize;
        let start = themes.start + offset as u32;
        let range = Range::new(start, start + theme.len() as u32);
        let number = !digits.is_empty()
            && !digits.starts_with('0')
            && digits.bytes().all(|b| b.is_ascii_digit());
        if !number {
            return Err(bad_row(
                range,
                format!(
                    "`{theme}` is not a mate theme: lichess writes `mateIn` and the number of the solver's moves, as `mateIn2`"
                ),
            ));
        }
        if let Some((_, first)) = found {
            return Err(bad_row(
                range,
                format!(
                    "a second mate theme, `{theme}`, after `{}`: a puzzle is a mate in one number of moves",
                    source.slice(first)
                ),
            ));
        }
        found = Some((digits.parse().unwrap_or(u32::MAX), range));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_cells_and_moves() {
        let text = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\r\n\
                    00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,Italian_Game\r\n\
                    \n\
                    x,\"8/8/8/8/8/8/8/K6k w - - 0 1\",a1a2 h1h2\n";
        let source = Source::text(text, None, None);
        let rows: Vec<_> = lichess_rows(&source).collect();
        assert_eq!(rows.len(), 2);
        let first = rows[0].as_ref().unwrap();
        assert_eq!(first.cell(&source, "PuzzleId"), Some("00sHx"));
        assert_eq!(first.cell(&source, "OpeningTags"), Some("Italian_Game"));
        assert_eq!(first.game.plies.len(), 4);
        assert_eq!(source.slice(first.game.plies[3].range), "f7f8");
        let (n, theme) = first.mate_in.unwrap();
        assert_eq!((n, source.slice(theme)), (2, "mateIn2"));
        let quoted = rows[1].as_ref().unwrap();
        assert_eq!(
            quoted.cell(&source, "FEN"),
            Some("8/8/8/8/8/8/8/K6k w - - 0 1")
        );
        assert!(quoted.mate_in.is_none());
    }

    /// Every row start of `text`, scanned in blocks of `block` bytes.
    fn row_starts(text: &str, block: usize) -> Vec<usize> {
        let bytes = text.as_bytes();
        let mut rows = RowSplitter::new();
        let (mut out, mut start) = (Vec::new(), 0);
        while start < bytes.len() {
            let end = (start + block).min(bytes.len());
            let mut from = 0;
            while let Some(cut) = rows.next_cut(&bytes[start..end], from) {
                out.push(start + cut);
                from = cut + 1;
            }
            start = end;
        }
        out
    }

    #[test]
    fn rows_end_at_line_breaks_outside_quoted_cells() {
        let text = "a,\"x\ny\",b\n\"\"\"q\n\",c\nd\"e\n\n\"f\"\"\ng\",h\r\ni";
        // As Python's csv reads it: `a,"x⏎y",b` / `"""q⏎",c` / `d"e` (a
        // quote inside a plain cell is text) / `` / `"f""⏎g",h` / `i`.
        let want = vec![
            text.find("\"\"\"q").unwrap(),
            text.find("d\"e").unwrap(),
            text.find("\n\"f").unwrap(),
            text.find("\"f").unwrap(),
            text.find('i').unwrap(),
        ];
        for block in 1..=text.len() {
            assert_eq!(row_starts(text, block), want, "block {block}");
        }
    }

    #[test]
    fn a_quoted_line_break_stays_in_its_row() {
        let text = "p,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,\"short\nmateIn1\",,\n\
                    q,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,mateIn1,,\n";
        let source = Source::text(text, None, None);
        let rows: Vec<_> = lichess_rows(&source).map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        let (n, theme) = rows[0].mate_in.unwrap();
        assert_eq!((n, source.slice(theme)), (1, "mateIn1"));
        assert_eq!(rows[1].cell(&source, "PuzzleId"), Some("q"));
    }

    #[test]
    fn mate_themes_are_numbers_as_lichess_writes_them() {
        let theme = |themes: &str| {
            let text = format!("a,8/8/8/8/8/8/8/K6k w - - 0 1,a1a2 h1h2,1,1,1,1,{themes},,\n");
            let source = Source::text(text, None, None);
            let row = lichess_rows(&source).next().unwrap();
            row.map(|r| r.mate_in.map(|(n, _)| n))
                .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
        };
        assert_eq!(theme("mate mateIn2 short"), Ok(Some(2)));
        assert_eq!(theme("mate short"), Ok(None));
        assert_eq!(theme("mateIn4294967298"), Ok(Some(u32::MAX)));
        for bad in [
            "mateIn02",
            "mateIn+2",
            "mateIn2x",
            "mateIn\u{ff11}",
            "mateIn",
            "mateIn-1",
        ] {
            let (kind, at, message) = theme(&format!("mate {bad}")).unwrap_err();
            assert_eq!((kind, at.as_str()), (ErrorKind::PuzzleRow, bad));
            assert!(message.contains("is not a mate theme"), "{message}");
        }
        let (_, at, message) = theme("mateIn2 mateIn3").unwrap_err();
        assert_eq!(at, "mateIn3");
        assert!(message.starts_with("a second mate theme"), "{message}");
    }

    #[test]
    fn bad_rows_say_what_is_wrong() {
        let err = |text: &str| {
            let source = Source::text(text, None, None);
            let d = lichess_rows(&source).next().unwrap().unwrap_err();
            (d.kind, source.slice(d.range).to_string(), d.message)
        };
        let (kind, at, message) = err("a,8/8/8/8/8/8/8/K6k w - - 0 1,a1a2 Nf3\n");
        assert_eq!((kind, at.as_str()), (ErrorKind::PuzzleRow, "Nf3"));
        assert!(message.contains("not a move in UCI"), "{message}");
        let (_, at, message) = err("a,8/8/8/8/8/8/8/K6k w - - 0 1,a1a2\n");
        assert_eq!(at, "a1a2");
        assert!(
            message.contains("at least one move of the solution"),
            "{message}"
        );
        let (_, at, _) = err("just one cell\n");
        assert_eq!(at, "just one cell");
    }
}
