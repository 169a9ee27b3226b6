//! Games under rules a user defines: the rules file read with
//! `chess-rules` (a CustomChessKell YAML file, or a section of a
//! Fairy-Stockfish `variants.ini`), the moves replayed through its engine,
//! and what is not legal worded here, in the style of chess's messages.
//!
//! Moves are read as CustomChessKell's CLI takes them (`a2 a3`, `a2a3`,
//! `a2-a3`) or as SAN with the rule set's letters (`Nc3`, `Ad3`, `j10`);
//! move numbers, results, `+`, `#`, `!` and `?` are skipped.

use chess_rules::{Color, Move, Outcome, Position, Rejection, Rules, Square, Stalemate, ini, yaml};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};

/// A game verified under custom rules.
#[derive(Clone, Debug)]
pub struct CustomGame {
    /// The rule set.
    pub rules: Rules,
    /// Each move, in coordinates (`a2a3`, `e7e8q`).
    pub moves: Vec<String>,
    /// How the game ended, if it did.
    pub end: Option<Outcome>,
}

/// Reads the rules of `source` (a file: `.yaml` or `.yml` for
/// CustomChessKell, `.ini` for Fairy-Stockfish, where `variant` names the
/// section when there are several). Errors are at the key or value
/// concerned.
pub fn rules(source: &Source, variant: Option<&str>) -> Result<Rules, Diagnostic> {
    let text = source.as_str();
    let name = source.name().unwrap_or_default().to_ascii_lowercase();
    let at = |line: usize, column: usize| offset(text, line, column);
    if name.ends_with(".ini") {
        let variants = ini::variants(text).map_err(|e| {
            Diagnostic::new(
                ErrorKind::RulesFile,
                word_at(text, at(e.line, e.column)),
                e.message,
            )
        })?;
        let pick = match variant {
            Some(v) => variants.iter().find(|r| r.name == v),
            None if variants.len() == 1 => variants.first(),
            None => None,
        };
        return pick.cloned().ok_or_else(|| {
            let names: Vec<String> = variants.iter().map(|r| format!("`{}`", r.name)).collect();
            Diagnostic::new(
                ErrorKind::RulesFile,
                Range::new(0, 0),
                match variant {
                    Some(v) => format!("no section `[{v}]`; the file defines {}", names.join(", ")),
                    None => format!("the file defines {}: say which", names.join(", ")),
                },
            )
            .with_note("write `#![rules(\"variants.ini\", capablanca)]`")
        });
    }
    yaml::rules(text).map_err(|e| {
        Diagnostic::new(
            ErrorKind::RulesFile,
            word_at(text, at(e.line, e.column)),
            e.message,
        )
    })
}

/// The word starting at `start`: to the next space, `,`, `:`, `]` or `}`
/// (a list or mapping written inline is taken whole).
fn word_at(text: &str, start: u32) -> Range {
    let rest = &text[start as usize..];
    let len = match rest.chars().next() {
        Some('[') => rest.find(']').map_or(1, |i| i + 1),
        Some('{') => rest.find('}').map_or(1, |i| i + 1),
        Some(_) => rest
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | ']' | '}'))
            .unwrap_or(rest.len())
            .max(1),
        None => 0,
    };
    Range::new(start, start + len as u32)
}

/// The byte offset of a 1-based line and column (in characters).
fn offset(text: &str, line: usize, column: usize) -> u32 {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    let in_line = text[line_start.min(text.len())..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    (line_start + in_line).min(text.len()) as u32
}

/// The words of the moves, each with its range: move numbers, results,
/// markers and annotations left out.
fn words(text: &str) -> Vec<(String, Range)> {
    let mut raw: Vec<(&str, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, c.is_whitespace()) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                raw.push((&text[s..i], s));
                start = None;
            }
            _ => {}
        }
    }
    let skip = |w: &str| {
        let number = w.trim_end_matches('.');
        (w.ends_with('.') && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
            || matches!(
                w,
                "1-0" | "0-1" | "1/2-1/2" | "*" | "+" | "#" | "!" | "?" | "!!" | "??" | "!?" | "?!"
            )
    };
    raw.into_iter()
        .filter(|(w, _)| !skip(w))
        .map(|(w, s)| (w.to_string(), Range::new(s as u32, (s + w.len()) as u32)))
        .collect()
}

/// The move starting at word `i`: two squares in a row (`a2 a3`,
/// `a2 - a3`) are one move in coordinates when a piece stands on the
/// first (`e4 e5` with e4 empty are two pawn moves in SAN); how many words
/// it takes.
fn next_move(pos: &Position<'_>, words: &[(String, Range)], i: usize) -> (String, Range, usize) {
    let (w, range) = &words[i];
    let square = |w: &str| Square::parse(w.trim_end_matches(['+', '#']));
    let occupied = square(w).is_some_and(|s| pos.piece_at(s).is_some());
    if occupied {
        match (words.get(i + 1), words.get(i + 2)) {
            (Some((dash, _)), Some((b, r))) if dash == "-" && square(b).is_some() => {
                return (format!("{w}{b}"), Range::new(range.start, r.end), 3);
            }
            (Some((b, r)), _) if square(b).is_some() => {
                return (format!("{w}{b}"), Range::new(range.start, r.end), 2);
            }
            _ => {}
        }
    }
    (w.clone(), *range, 1)
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Replays the moves of `source` under `rules`.
pub fn replay(rules: Rules, source: &Source) -> Result<CustomGame, Diagnostic> {
    let mut moves = Vec::new();
    let mut end = None;
    {
        let mut pos = Position::start(&rules).map_err(|e| {
            Diagnostic::new(
                ErrorKind::RulesFile,
                Range::new(0, 0),
                format!("the start position cannot be read: {e}"),
            )
        })?;
        let words = words(source.as_str());
        let mut i = 0;
        while i < words.len() {
            let (word, range, taken) = next_move(&pos, &words, i);
            i += taken;
            if let Some(outcome) = end {
                return Err(over(range, source.slice(range), outcome, pos.turn()));
            }
            let m = match pos.parse_move(&word) {
                Some(m) => m,
                None => return Err(why(&pos, &word, source.slice(range), range)),
            };
            moves.push(pos.uci(m));
            pos = pos.play(m);
            end = pos.outcome();
        }
    }
    Ok(CustomGame { rules, moves, end })
}

fn over(range: Range, word: &str, outcome: Outcome, turn: Color) -> Diagnostic {
    let how = match outcome {
        Outcome::Checkmate => format!("{} is checkmated", side(turn)),
        Outcome::Stalemate(Stalemate::Draw) => format!("{} is stalemated (a draw)", side(turn)),
        Outcome::Stalemate(Stalemate::Loss) => {
            format!("{} is stalemated (a loss for {})", side(turn), side(turn))
        }
    };
    Diagnostic::new(
        ErrorKind::GameOver,
        range,
        format!("`{word}` comes after the end of the game: {how}"),
    )
    .with_note("remove the moves after the end")
}

/// Why `word` (as `written`) is no legal move in `pos`.
fn why(pos: &Position<'_>, word: &str, written: &str, range: Range) -> Diagnostic {
    let rules = pos.rules();
    let named = |sq: Square| {
        pos.piece_at(sq).map_or_else(
            || format!("the empty square {sq}"),
            |p| {
                format!(
                    "{}'s {} on {sq}",
                    side(p.color),
                    rules.pieces[p.kind as usize].name
                )
            },
        )
    };
    // Coordinates name the squares; SAN names a piece and a square: ask
    // each piece of that kind.
    let compact: String = word.chars().filter(|c| *c != '-').collect();
    let squares = split_squares(&compact);
    let tries: Vec<(Square, Square)> = match squares {
        Some(pair) => vec![pair],
        None => san_tries(pos, word),
    };
    let Some(&(from, to)) = tries.first() else {
        return Diagnostic::new(
            ErrorKind::ExpectedMove,
            range,
            format!(
                "`{written}` is not a move of {}: write it as `a2 a3`, `a2a3` or in SAN with the rule set's letters",
                rules.name
            ),
        );
    };
    // The most telling reason among the pieces tried.
    let reasons: Vec<(Square, Rejection)> = tries
        .iter()
        .filter_map(|&(f, t)| Some((f, pos.why_not(f, t, None)?)))
        .collect();
    let Some((from, reason)) = reasons
        .iter()
        .find(|(_, r)| !matches!(r, Rejection::NotAMove { .. }))
        .or(reasons.first())
        .cloned()
    else {
        return Diagnostic::new(
            ErrorKind::Ambiguous,
            range,
            format!("`{written}` could be several moves: write the squares, `{from}{to}`"),
        );
    };
    let who = named(from);
    let mover = side(pos.turn());
    // Several pieces of the kind, none of which moves that way.
    if tries.len() > 1
        && let Rejection::NotAMove { piece, moves } = &reason
        && reasons
            .iter()
            .all(|(_, r)| matches!(r, Rejection::NotAMove { .. }))
    {
        let name = &rules.pieces[piece.kind as usize].name;
        return Diagnostic::new(
            ErrorKind::CannotReach,
            range,
            format!(
                "{mover} cannot play `{written}`: no {name} of {mover}'s can go to {to}: {moves}"
            ),
        );
    }
    let (kind, message) = match reason {
        Rejection::GameOver(outcome) => return over(range, written, outcome, pos.turn()),
        Rejection::NoPiece => (
            ErrorKind::WrongPiece,
            format!("{mover} cannot play `{written}`: there is no piece on {from}"),
        ),
        Rejection::NotYours(_) => (
            ErrorKind::WrongPiece,
            format!(
                "{mover} cannot play `{written}`: the piece on {from} is {}'s",
                side(!pos.turn())
            ),
        ),
        Rejection::OwnPiece(_) => (
            ErrorKind::OwnPiece,
            format!("{mover} cannot play `{written}`: {to} holds {}", named(to)),
        ),
        Rejection::NotAMove { moves, .. } => (
            ErrorKind::CannotReach,
            format!("{mover} cannot play `{written}`: {who} cannot go to {to}: {moves}"),
        ),
        Rejection::CannotCapture(_) => (
            ErrorKind::CannotReach,
            format!("{mover} cannot play `{written}`: {who} goes to {to} only when it is empty"),
        ),
        Rejection::OnlyCaptures(_) => (
            ErrorKind::NothingToCapture,
            format!(
                "{mover} cannot play `{written}`: {who} goes to {to} only to capture, and it is empty"
            ),
        ),
        Rejection::NotFromStart(_) => (
            ErrorKind::CannotReach,
            format!(
                "{mover} cannot play `{written}`: {who} makes that move only from its start square"
            ),
        ),
        Rejection::Blocked { at, .. } => (
            ErrorKind::Blocked,
            format!(
                "{mover} cannot play `{written}`: {who} is blocked by {}",
                named(at)
            ),
        ),
        Rejection::Promotion => (
            ErrorKind::PromotionMissing,
            format!(
                "{mover} cannot play `{written}`: say what the piece becomes ({})",
                rules.promotion_pieces.iter().collect::<String>()
            ),
        ),
        Rejection::LeavesRoyalAttacked { royal, by } => (
            ErrorKind::IntoCheck,
            format!(
                "{mover} cannot play `{written}`: it leaves the {} on {royal} attacked by {}",
                rules
                    .pieces
                    .iter()
                    .find(|p| p.royal)
                    .map_or("king", |p| p.name.as_str()),
                named(by)
            ),
        ),
    };
    let mut d = Diagnostic::new(kind, range, message);
    // The legal moves of that piece, if it has any.
    let legal: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m: &Move| m.from == from)
        .map(|m| pos.san(m))
        .collect();
    if !legal.is_empty() {
        d = d.with_note(format!("its legal moves: {}", legal.join(", ")));
    }
    d
}

/// `a2a3`, `j9j10` (and a promotion letter after) as two squares.
fn split_squares(text: &str) -> Option<(Square, Square)> {
    let square_len = |t: &str| {
        Some(
            1 + t
                .as_bytes()
                .get(1..)?
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count(),
        )
    };
    let first_len = square_len(text)?;
    let from = Square::parse(text.get(..first_len)?)?;
    let rest = &text[first_len..];
    let to = Square::parse(rest.get(..square_len(rest)?)?)?;
    Some((from, to))
}

/// The (from, to) pairs a SAN word could mean: every piece of the kind it
/// names (a pawn without a letter), to the square it names.
fn san_tries(pos: &Position<'_>, word: &str) -> Vec<(Square, Square)> {
    let rules = pos.rules();
    let text = word.trim_end_matches(['+', '#', '!', '?']);
    let Some(square_at) = text.rfind(|c: char| c.is_ascii_lowercase()) else {
        return Vec::new();
    };
    let Some(to) = Square::parse(
        text[square_at..].trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '='),
    ) else {
        return Vec::new();
    };
    let first = text.chars().next();
    let kind = match first {
        Some(c) if c.is_ascii_uppercase() => rules.index(c),
        _ => rules.pieces.iter().position(|p| p.pawn),
    };
    let Some(kind) = kind else {
        return Vec::new();
    };
    rules
        .geometry
        .squares()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.color == pos.turn() && usize::from(p.kind) == kind)
        })
        .map(|s| (s, to))
        .collect()
}
