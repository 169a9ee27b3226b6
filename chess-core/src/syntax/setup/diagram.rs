//! The setups written square by square: a board diagram (`board`, then
//! eight ranks, a pocket), and piece lists (`white: Ke1 Qd1 …; black: …`).

use shakmaty::{ByColor, Color, Piece, Rank, Role, Square};

use crate::diagnostic::Diagnostic;
use crate::diagnostic::words::{color_adj, color_name, role_name};
use crate::input::Range;

use super::board::{read_pocket, read_rank};
use super::fields::read_fields;
use super::words::Words;
use super::written::{SetupForm, SetupSyntax, malformed};
use crate::syntax::lexer::Lex;

/// `board` followed by 8 ranks, one per line, then the fields.
pub(super) fn diagram(words: &mut Words<'_>, keyword: Range) -> Result<SetupSyntax, Diagnostic> {
    let mut setup = SetupSyntax::new(SetupForm::Diagram, keyword);
    let lines = diagram_lines(words, keyword);
    let board_range = lines
        .iter()
        .flatten()
        .map(|(_, r)| *r)
        .reduce(Range::to)
        .unwrap_or(keyword);
    setup.board = board_range;
    setup.range = keyword.to(board_range);
    if lines.len() != 8 {
        return Err(malformed(
            board_range,
            format!(
                "the diagram has {} rank{}: write 8 ranks, rank 8 first, one per line",
                lines.len(),
                if lines.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    for (i, line) in lines.iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let rank_range = line
            .iter()
            .map(|(_, r)| *r)
            .reduce(Range::to)
            .unwrap_or(board_range);
        setup.ranks[rank as usize] = Some(rank_range);
        let text: String = line.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(" ");
        let chars = line.iter().flat_map(|(w, r)| {
            w.char_indices().map(move |(i, c)| {
                (
                    c,
                    Range::new(r.start + i as u32, r.start + (i + c.len_utf8()) as u32),
                )
            })
        });
        read_rank(
            &mut setup.setup.board,
            &mut setup.setup.promoted,
            rank,
            chars,
            rank_range,
            &text,
        )
        .map_err(|d| {
            if text.starts_with("b ") || text == "b" {
                d.with_note("if this line is the side to move, the diagram is short of ranks")
            } else {
                d
            }
        })?;
    }
    pocket_words(&mut setup, words)?;
    let Some(turn) = words.peek() else {
        return Err(malformed(
            board_range,
            "expected the side to move (`w` or `b`) after the diagram",
        ));
    };
    words.bump();
    read_fields(&mut setup, turn, words, false)?;
    Ok(setup)
}

/// The words after `board`, grouped into the diagram's lines: by the lines
/// they stand on, or where the source has no lines (all words on one),
/// every eight squares.
fn diagram_lines<'t>(words: &mut Words<'t>, keyword: Range) -> Vec<Vec<(&'t str, Range)>> {
    let source = words.source;
    let mut lines: Vec<Vec<(&str, Range)>> = Vec::new();
    let mut last_line = None;
    let mut squares_seen = 0usize;
    let keyword_line = source.line_of(keyword.start);
    let by_lines = {
        // Positions are usable if the diagram's words are not all on one line.
        let probe: Vec<u32> = words.lexemes[words.next..]
            .iter()
            .take(16)
            .filter(|l| l.kind == Lex::Word)
            .map(|l| source.line_of(l.range.start))
            .collect();
        probe.iter().any(|&l| l != keyword_line) || probe.len() < 2
    };
    let squares_in = |w: &str| {
        w.chars()
            .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
            .sum::<usize>()
    };
    while let Some((word, range)) = words.peek() {
        let line = source.line_of(range.start);
        // `b` is also a black bishop: only unambiguous words end a diagram
        // that is short of ranks.
        let is_side = matches!(word, "w" | "white" | "black" | "White" | "Black");
        if by_lines {
            if last_line != Some(line) {
                if lines.len() == 8 || (is_side && line != keyword_line) {
                    break;
                }
                lines.push(Vec::new());
                last_line = Some(line);
                squares_seen = 0;
            } else if lines.len() == 8 && squares_seen >= 8 {
                // The fields may follow rank 1 on its line.
                break;
            }
        } else if squares_seen.is_multiple_of(8) {
            if squares_seen == 64 || is_side {
                break;
            }
            lines.push(Vec::new());
        }
        squares_seen += squares_in(word);
        if let Some(current) = lines.last_mut() {
            current.push((word, range));
        }
        words.bump();
    }
    lines
}

/// Whether `word` starts the pockets of a diagram or piece lists.
fn is_pocket_word(word: &str) -> bool {
    matches!(word, "pocket" | "pockets" | "pocket:" | "pockets:")
}

/// Crazyhouse pockets after a diagram or piece lists, before the side to
/// move: `pocket Qp` (`pocket:`, `pockets`; White's pieces in upper case,
/// Black's in lower case, as FEN writes them), `pocket -` for none.
fn pocket_words(setup: &mut SetupSyntax, words: &mut Words<'_>) -> Result<(), Diagnostic> {
    let Some((word, mut range)) = words.peek() else {
        return Ok(());
    };
    if !is_pocket_word(word) {
        return Ok(());
    }
    words.bump();
    if !word.ends_with(':')
        && let Some((":", colon)) = words.peek()
    {
        words.bump();
        range = range.to(colon);
    }
    let Some((letters, at)) = words.peek() else {
        return Err(malformed(
            range,
            "expected the pieces in the pockets after `pocket`: `pocket Qp` (White's in upper case), or `pocket -` for none",
        ));
    };
    words.bump();
    if letters == "-" {
        setup.setup.pockets = Some(ByColor::default());
    } else {
        read_pocket(setup, letters, at.start)?;
    }
    setup.pockets = Some(range.to(at));
    setup.range = setup.range.to(at);
    Ok(())
}

/// `white:` or `black:` (also split as `white` `:`), with how many words it
/// takes.
pub(super) fn list_header(word: &str, words: &Words<'_>) -> Option<(Color, usize)> {
    let color = |w: &str| match w {
        "white" | "White" => Some(Color::White),
        "black" | "Black" => Some(Color::Black),
        _ => None,
    };
    if let Some(name) = word.strip_suffix(':') {
        return color(name).map(|c| (c, 1));
    }
    let c = color(word)?;
    let next = words.lexemes.get(words.next + 1)?;
    (next.kind == Lex::Word && words.source.slice(next.range) == ":").then_some((c, 2))
}

/// `white: Ke1 Qd1 e2; black: Ke8 …` then the fields.
pub(super) fn piece_lists(
    words: &mut Words<'_>,
    keyword: Range,
) -> Result<SetupSyntax, Diagnostic> {
    let mut setup = SetupSyntax::new(SetupForm::PieceList, keyword);
    let mut seen = ByColor::new_with(|_| false);
    let mut board_range = keyword;
    while let Some((word, range)) = words.peek() {
        let Some((color, taken)) = list_header(word, words) else {
            break;
        };
        if std::mem::replace(seen.get_mut(color), true) {
            return Err(malformed(
                range,
                format!("the list of {} pieces is given twice", color_name(color)),
            ));
        }
        for _ in 0..taken {
            words.bump();
        }
        board_range = board_range.to(range);
        while let Some((entry, range)) = words.peek() {
            if list_header(entry, words).is_some() {
                break;
            }
            let trimmed = entry.trim_end_matches([';', ',']);
            if trimmed.is_empty() {
                words.bump();
                if entry.contains(';') {
                    break;
                }
                continue;
            }
            if is_pocket_word(trimmed) {
                break;
            }
            let Some((role, sq)) = parse_entry(trimmed) else {
                if setup.entries.is_empty() || matches!(trimmed, "w" | "b" | "white" | "black") {
                    break;
                }
                return Err(malformed(
                    range,
                    format!(
                        "`{trimmed}` is not a piece: write a piece letter and a square (`Ke1`, `Nf3`; pawns as `e2` or `Pe2`)"
                    ),
                ));
            };
            let entry_range = Range::new(range.start, range.start + trimmed.len() as u32);
            if let Some(previous) = setup.setup.board.piece_at(sq) {
                return Err(malformed(
                    entry_range,
                    format!(
                        "{sq} is given twice: it already holds the {} {}",
                        color_adj(previous.color),
                        role_name(previous.role)
                    ),
                ));
            }
            setup.setup.board.set_piece_at(sq, Piece { color, role });
            setup.entries.push((sq, entry_range));
            board_range = board_range.to(range);
            words.bump();
            if entry.ends_with(';') {
                break;
            }
        }
    }
    setup.board = board_range;
    setup.range = board_range;
    pocket_words(&mut setup, words)?;
    let Some(turn) = words.peek() else {
        return Err(malformed(
            board_range,
            "expected the side to move (`w` or `b`) after the piece lists",
        ));
    };
    words.bump();
    read_fields(&mut setup, turn, words, false)?;
    Ok(setup)
}

fn parse_entry(entry: &str) -> Option<(Role, Square)> {
    let b = entry.as_bytes();
    let (role, square) = match b.len() {
        2 => (Role::Pawn, b),
        3 => (
            match b[0] {
                b'K' => Role::King,
                b'Q' => Role::Queen,
                b'R' => Role::Rook,
                b'B' => Role::Bishop,
                b'N' => Role::Knight,
                b'P' => Role::Pawn,
                _ => return None,
            },
            &b[1..],
        ),
        _ => return None,
    };
    Some((role, Square::from_ascii(square).ok()?))
}
