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
/// is skipped; so are empty lines.
pub fn lichess_rows(
    source: &Source,
) -> impl Iterator<Item = Result<PuzzleSyntax, Diagnostic>> + '_ {
    let text = source.as_str();
    let mut at = 0usize;
    let mut first = true;
    std::iter::from_fn(move || {
        loop {
            if at >= text.len() {
                return None;
            }
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
            let line_end = if text[at..end].ends_with('\r') {
                end - 1
            } else {
                end
            };
            let start = at;
            at = end + 1;
            let line = &text[start..line_end];
            let header = first && line.starts_with("PuzzleId");
            first = false;
            if line.trim().is_empty() || header {
                continue;
            }
            return Some(row(source, start, line));
        }
    })
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
    // `mateIn2` among the themes.
    let mate_in = cells.get(7).and_then(|&themes| {
        let text = source.slice(themes);
        text.split(' ').find_map(|theme| {
            let n: u32 = theme.strip_prefix("mateIn")?.parse().ok()?;
            let offset = theme.as_ptr() as usize - text.as_ptr() as usize;
            let start = themes.start + offset as u32;
            Some((n, Range::new(start, start + theme.len() as u32)))
        })
    });
    Ok(PuzzleSyntax {
        cells,
        game,
        mate_in,
        range: whole,
    })
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
