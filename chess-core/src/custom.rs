//! Games under rules a user defines: the rules file read with
//! `chess-rules` (a CustomChessKell YAML file, or a section of a
//! Fairy-Stockfish `variants.ini`), the moves replayed through its engine,
//! and what is not legal worded here, in the style of chess's messages.
//!
//! The text is PGN as for chess, read by a small reader of its own
//! (squares beyond `h8` and the rule set's letters are not chess SAN):
//! tags (`[FEN]` sets the start, `[Variant]` picks a section of a
//! `variants.ini`), comments, NAGs, move numbers, variations (each checked
//! from the position before the move it replaces; a game's value keeps
//! its main line) and results (checked against a checkmate or stalemate).
//! Moves are read as CustomChessKell's CLI takes them (`a2 a3`, `a2a3`,
//! `a2-a3`) or as SAN with the rule set's letters (`Nc3`, `Ad3`, `j10`);
//! `+`, `#`, `!` and `?` are skipped.

use chess_rules::{Color, Move, Outcome, Position, Rejection, Rules, Square, Stalemate};

use crate::diagnostic::{Diagnostic, ErrorKind, Help};
use crate::input::{Range, Source};

/// A game verified under custom rules.
#[derive(Clone, Debug)]
pub struct CustomGame {
    /// The rule set.
    pub rules: Rules,
    /// The tags, as written (unescaped).
    pub tags: Vec<(String, String)>,
    /// The start position when the game sets one up (`[FEN]`).
    pub start: Option<String>,
    /// Each move of the main line, in coordinates (`a2a3`, `e7e8q`).
    pub moves: Vec<String>,
    /// How the game ended, if it did.
    pub end: Option<Outcome>,
    /// The result written, if any.
    pub result: Option<String>,
    /// Where the game is in the source.
    pub range: Range,
}

/// The error kinds a game under custom rules can fail with (the error
/// catalogue shows each under custom rules too).
pub const KINDS: &[ErrorKind] = &[
    ErrorKind::RulesFile,
    ErrorKind::ExpectedMove,
    ErrorKind::CannotReach,
    ErrorKind::Blocked,
    ErrorKind::Pinned,
    ErrorKind::InCheck,
    ErrorKind::IntoCheck,
    ErrorKind::OwnPiece,
    ErrorKind::NothingToCapture,
    ErrorKind::WrongPiece,
    ErrorKind::PromotionMissing,
    ErrorKind::Ambiguous,
    ErrorKind::GameOver,
    ErrorKind::WrongResult,
    ErrorKind::BadSetup,
    ErrorKind::BadTag,
    ErrorKind::Variation,
    ErrorKind::Lexical,
    ErrorKind::SecondGame,
];

/// Reads every rule set of `source` (a file: `.ini` for Fairy-Stockfish,
/// one per section; else a CustomChessKell YAML file, one rule set; see
/// [`chess_rules::read`]). Errors are at the key or value concerned.
pub fn rule_sets(source: &Source) -> Result<Vec<Rules>, Diagnostic> {
    chess_rules::read(source.name().unwrap_or_default(), source.as_str()).map_err(|e| {
        Diagnostic::new(
            ErrorKind::RulesFile,
            Range::new(e.span.start as u32, e.span.end as u32),
            e.message,
        )
    })
}

/// Reads the rules of `source` (see [`rule_sets`]), where `variant` names
/// the section of a `variants.ini` when there are several.
pub fn rules(source: &Source, variant: Option<&str>) -> Result<Rules, Diagnostic> {
    let sets = rule_sets(source)?;
    pick(&sets, variant).cloned().ok_or_else(|| {
        Diagnostic::new(
            ErrorKind::RulesFile,
            Range::new(0, 0),
            unnamed(&sets, variant),
        )
        .with_note("write `#![rules(\"variants.ini\", capablanca)]`")
    })
}

/// The rule set called `variant` (any case), or the only one.
fn pick<'a>(sets: &'a [Rules], variant: Option<&str>) -> Option<&'a Rules> {
    match variant {
        Some(v) => sets.iter().find(|r| r.name.eq_ignore_ascii_case(v.trim())),
        None if sets.len() == 1 => sets.first(),
        None => None,
    }
}

/// Why no rule set was picked.
fn unnamed(sets: &[Rules], variant: Option<&str>) -> String {
    let names: Vec<String> = sets.iter().map(|r| format!("`{}`", r.name)).collect();
    match variant {
        Some(v) => format!(
            "no rule set `{v}`: the rules file defines {}",
            names.join(", ")
        ),
        None => format!("the rules file defines {}: say which", names.join(", ")),
    }
}

/// A piece of movetext or a tag.
#[derive(Clone, Debug)]
enum Tok {
    /// `[Key "value"]`: the key, the value unescaped, the whole tag's
    /// range and the value's (inside the quotes).
    Tag(String, String, Range, Range),
    /// A word that may be a move.
    Word(String, Range),
    /// `(`.
    Open(Range),
    /// `)`.
    Close(Range),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String, Range),
}

impl Tok {
    fn range(&self) -> Range {
        match self {
            Tok::Tag(_, _, r, _) | Tok::Word(_, r) | Tok::Open(r) | Tok::Close(r) => *r,
            Tok::Result(_, r) => *r,
        }
    }
}

fn range(start: usize, end: usize) -> Range {
    Range::new(start as u32, end as u32)
}

/// The tags and movetext of `text`: comments (`{…}`, `;` to the end of the
/// line, `%` lines), NAGs, move numbers and lone markers left out.
fn lex(text: &str) -> Result<Vec<Tok>, Diagnostic> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    let to_line_end = |i: usize| {
        b[i..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |n| i + n)
    };
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let first = line_start;
        line_start = false;
        match c {
            b'%' if first => i = to_line_end(i),
            b';' => i = to_line_end(i),
            b'{' => match b[i..].iter().position(|&c| c == b'}') {
                Some(n) => i += n + 1,
                None => {
                    return Err(Diagnostic::new(
                        ErrorKind::Lexical,
                        range(i, i + 1),
                        "a comment `{` that is never closed",
                    )
                    .with_note("close it with `}`"));
                }
            },
            b'(' => {
                out.push(Tok::Open(range(i, i + 1)));
                i += 1;
            }
            b')' => {
                out.push(Tok::Close(range(i, i + 1)));
                i += 1;
            }
            b'[' => {
                let (tag, end) = tag(text, i)?;
                out.push(tag);
                i = end;
            }
            b'$' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i += 1;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"{}();[".contains(&b[i]) {
                    i += 1;
                }
                let word = &text[start..i];
                if matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    out.push(Tok::Result(word.to_string(), range(start, i)));
                    continue;
                }
                // A move number, alone or joined to its move (`12.e4`,
                // `12...Nf6`).
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                let dots = word[digits..].bytes().take_while(|&c| c == b'.').count();
                let skip = if digits > 0 && dots > 0 {
                    digits + dots
                } else {
                    0
                };
                let rest = &word[skip..];
                let marker = matches!(rest, "+" | "#" | "!" | "?" | "!!" | "??" | "!?" | "?!");
                if !rest.is_empty() && !marker {
                    out.push(Tok::Word(rest.to_string(), range(start + skip, i)));
                }
            }
        }
    }
    Ok(out)
}

/// The tag at `start` (a `[`) and where it ends.
fn tag(text: &str, start: usize) -> Result<(Tok, usize), Diagnostic> {
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let bad = || {
        Diagnostic::new(
            ErrorKind::BadTag,
            range(start, line_end.max(start + 1)),
            "a tag pair is written `[Key \"value\"]`",
        )
    };
    let b = text.as_bytes();
    let mut i = start + 1;
    let skip_spaces = |mut i: usize| {
        while b.get(i).is_some_and(|c| *c == b' ' || *c == b'\t') {
            i += 1;
        }
        i
    };
    i = skip_spaces(i);
    let key_start = i;
    while b
        .get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        i += 1;
    }
    let key = &text[key_start..i];
    i = skip_spaces(i);
    if key.is_empty() || b.get(i) != Some(&b'"') {
        return Err(bad());
    }
    i += 1;
    let value_start = i;
    let mut value = String::new();
    loop {
        match b.get(i) {
            Some(b'\\') if matches!(b.get(i + 1), Some(b'"' | b'\\')) => {
                value.push(b[i + 1] as char);
                i += 2;
            }
            Some(b'"') => break,
            Some(b'\n') | None => return Err(bad()),
            Some(_) => {
                let c = text[i..].chars().next().expect("a char");
                value.push(c);
                i += c.len_utf8();
            }
        }
    }
    let value_range = range(value_start, i);
    i = skip_spaces(i + 1);
    if b.get(i) != Some(&b']') {
        return Err(bad());
    }
    Ok((
        Tok::Tag(key.to_string(), value, range(start, i + 1), value_range),
        i + 1,
    ))
}

/// The games of a token list: tags, then movetext up to a result or the
/// next tag.
fn split(toks: Vec<Tok>) -> Vec<Vec<Tok>> {
    let mut games: Vec<Vec<Tok>> = Vec::new();
    let mut current: Vec<Tok> = Vec::new();
    let mut movetext = false;
    for tok in toks {
        if matches!(tok, Tok::Tag(..)) && movetext {
            games.push(std::mem::take(&mut current));
            movetext = false;
        }
        let result = matches!(tok, Tok::Result(..));
        movetext |= !matches!(tok, Tok::Tag(..));
        current.push(tok);
        if result {
            games.push(std::mem::take(&mut current));
            movetext = false;
        }
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

/// The move starting at word `i`: two squares in a row (`a2 a3`,
/// `a2 - a3`) are one move in coordinates when a piece stands on the
/// first (`e4 e5` with e4 empty are two pawn moves in SAN); how many
/// tokens it takes.
fn next_move(pos: &Position<'_>, toks: &[Tok], i: usize) -> (String, Range, usize) {
    let Tok::Word(w, range) = &toks[i] else {
        unreachable!("called on a word")
    };
    let square = |w: &str| Square::parse(w.trim_end_matches(['+', '#']));
    let word = |j: usize| match toks.get(j) {
        Some(Tok::Word(w, r)) => Some((w.as_str(), *r)),
        _ => None,
    };
    let occupied = square(w).is_some_and(|s| pos.piece_at(s).is_some());
    if occupied {
        match (word(i + 1), word(i + 2)) {
            (Some(("-", _)), Some((b, r))) if square(b).is_some() => {
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

/// Replays the one game of `source` (a second is an error) under a rule
/// set of `sets`, chosen as [`replay_games`] chooses.
pub fn replay(
    sets: &[Rules],
    default: Option<&str>,
    source: &Source,
) -> Result<CustomGame, Diagnostic> {
    let mut games = replay_games(sets, default, source).into_iter();
    let first = match games.next() {
        Some(first) => first?,
        // No moves: the start position of the rule set named.
        None => CustomGame {
            rules: pick(sets, default).cloned().ok_or_else(|| {
                Diagnostic::new(
                    ErrorKind::RulesFile,
                    Range::new(0, 0),
                    unnamed(sets, default),
                )
            })?,
            tags: Vec::new(),
            start: None,
            moves: Vec::new(),
            end: None,
            result: None,
            range: Range::new(0, 0),
        },
    };
    if let Some(second) = games.next() {
        let at = match &second {
            Ok(g) => g.range,
            Err(d) => d.range,
        };
        return Err(Diagnostic::new(
            ErrorKind::SecondGame,
            Range::new(at.start, at.start),
            "a second game: this macro takes one",
        )
        .with_note("for several games, use `games!` or `include_pgn!`"));
    }
    Ok(first)
}

/// Replays every game of `source` (PGN) under a rule set of `sets`: the one
/// its `[Variant]` tag names, else `default`, else the only one.
pub fn replay_games(
    sets: &[Rules],
    default: Option<&str>,
    source: &Source,
) -> Vec<Result<CustomGame, Diagnostic>> {
    match split_games(source) {
        Ok(games) => games
            .iter()
            .map(|game| replay_game(sets, default, game, source))
            .collect(),
        Err(d) => vec![Err(d)],
    }
}

/// One game's tags and movetext, read but not replayed.
#[derive(Clone, Debug)]
pub struct GameText(Vec<Tok>);

impl GameText {
    /// Where the game starts in its source (its first tag or move).
    pub fn start(&self) -> u32 {
        self.0.first().map_or(0, |tok| tok.range().start)
    }
}

/// The games of `source`, read (for a caller that replays them on several
/// threads with [`replay_game`]).
pub fn split_games(source: &Source) -> Result<Vec<GameText>, Diagnostic> {
    Ok(split(lex(source.as_str())?)
        .into_iter()
        .map(GameText)
        .collect())
}

/// Replays one game of `source` (see [`replay_games`]).
pub fn replay_game(
    sets: &[Rules],
    default: Option<&str>,
    game: &GameText,
    source: &Source,
) -> Result<CustomGame, Diagnostic> {
    replay_one(sets, default, &game.0, source)
}

/// A line being replayed: its position and the one before its last move
/// (where a variation of that move starts). Whether it ended is asked
/// only when a move does not read or the line is over (a legal move
/// proves the game went on).
struct Line<'r> {
    pos: Position<'r>,
    before: Option<Position<'r>>,
}

fn replay_one(
    sets: &[Rules],
    default: Option<&str>,
    toks: &[Tok],
    source: &Source,
) -> Result<CustomGame, Diagnostic> {
    let whole = match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => a.range().to(b.range()),
        _ => Range::new(0, 0),
    };
    let mut tags = Vec::new();
    let mut variant_tag = None;
    let mut fen_tag = None;
    for tok in toks {
        if let Tok::Tag(key, value, _, value_range) = tok {
            tags.push((key.clone(), value.clone()));
            if key.eq_ignore_ascii_case("Variant") {
                variant_tag = Some((value.clone(), *value_range));
            }
            if key.eq_ignore_ascii_case("FEN") {
                fen_tag = Some((value.clone(), *value_range));
            }
        }
    }
    // The rule set: the one the tag names, else the default, else the only
    // one.
    let named = variant_tag.as_ref().and_then(|(v, _)| pick(sets, Some(v)));
    let rules = match named.or_else(|| pick(sets, default)) {
        Some(r) => r.clone(),
        None => {
            return Err(match &variant_tag {
                Some((v, at)) if default.is_none() && sets.len() > 1 => {
                    Diagnostic::new(ErrorKind::BadTag, *at, unnamed(sets, Some(v)))
                }
                _ => Diagnostic::new(ErrorKind::RulesFile, whole, unnamed(sets, default)),
            });
        }
    };
    let mut moves = Vec::new();
    let mut result = None;
    let end;
    {
        let start = match &fen_tag {
            Some((fen, at)) => Position::from_fen(&rules, fen).map_err(|e| {
                let bad = (at.start as usize + e.span.start).min(at.end as usize);
                Diagnostic::new(
                    ErrorKind::BadSetup,
                    range(bad, (bad + 1).min(at.end as usize).max(bad)),
                    format!("the FEN cannot be read under {}: {}", rules.name, e.message),
                )
            })?,
            None => Position::start(&rules).map_err(|e| {
                Diagnostic::new(
                    ErrorKind::RulesFile,
                    whole,
                    format!("the start position cannot be read: {e}"),
                )
            })?,
        };
        let mut lines = vec![Line {
            pos: start,
            before: None,
        }];
        let mut opened: Vec<Range> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            match &toks[i] {
                // Tags lead a game (a tag after moves starts the next).
                Tok::Tag(..) => i += 1,
                Tok::Result(r, at) => {
                    if let Some(open) = opened.last() {
                        return Err(unclosed(*open));
                    }
                    result = Some((r.clone(), *at));
                    i += 1;
                }
                Tok::Open(at) => {
                    let line = lines.last().expect("the main line");
                    let Some(before) = line.before.clone() else {
                        return Err(Diagnostic::new(
                            ErrorKind::Variation,
                            *at,
                            "a variation that follows no move",
                        )
                        .with_note("a variation replaces the move before it"));
                    };
                    lines.push(Line {
                        pos: before,
                        before: None,
                    });
                    opened.push(*at);
                    i += 1;
                }
                Tok::Close(at) => {
                    if opened.pop().is_none() {
                        return Err(Diagnostic::new(
                            ErrorKind::Variation,
                            *at,
                            "a `)` that closes no variation",
                        )
                        .with_note("remove it, or open the variation with `(`"));
                    }
                    lines.pop();
                    i += 1;
                }
                Tok::Word(..) => {
                    let main = lines.len() == 1;
                    let line = lines.last_mut().expect("a line");
                    let (word, at, taken) = next_move(&line.pos, toks, i);
                    i += taken;
                    let m = match line.pos.parse_move(&word) {
                        Some(m) => m,
                        None => {
                            return Err(match line.pos.outcome() {
                                Some(outcome) => {
                                    over(at, source.slice(at), outcome, line.pos.turn())
                                }
                                None => why(&line.pos, &word, source.slice(at), at),
                            });
                        }
                    };
                    if main {
                        moves.push(line.pos.uci(m));
                    }
                    let next = line.pos.play(m);
                    line.before = Some(std::mem::replace(&mut line.pos, next));
                }
            }
        }
        if let Some(open) = opened.last() {
            return Err(unclosed(*open));
        }
        let main = &lines[0];
        end = main.pos.outcome();
        if let (Some(outcome), Some((written, at))) = (end, &result) {
            let expected = match outcome {
                Outcome::Checkmate | Outcome::Stalemate(Stalemate::Loss) => match main.pos.turn() {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                },
                Outcome::Stalemate(Stalemate::Draw) => "1/2-1/2",
            };
            if written != "*" && written != expected {
                return Err(Diagnostic::new(
                    ErrorKind::WrongResult,
                    *at,
                    format!(
                        "the result is `{expected}`, not `{written}`: {}",
                        how(outcome, main.pos.turn())
                    ),
                )
                .with(Help::Write {
                    lead: "write ",
                    choices: vec![expected.to_string()],
                }));
            }
        }
    }
    Ok(CustomGame {
        rules,
        tags,
        start: fen_tag.map(|(fen, _)| fen),
        moves,
        end,
        result: result.map(|(r, _)| r),
        range: whole,
    })
}

fn unclosed(at: Range) -> Diagnostic {
    Diagnostic::new(ErrorKind::Variation, at, "a `(` that is never closed")
        .with_note("close the variation with `)`")
}

/// How a game ended, in words.
fn how(outcome: Outcome, turn: Color) -> String {
    match outcome {
        Outcome::Checkmate => format!("{} is checkmated", side(turn)),
        Outcome::Stalemate(Stalemate::Draw) => format!("{} is stalemated (a draw)", side(turn)),
        Outcome::Stalemate(Stalemate::Loss) => {
            format!("{} is stalemated (a loss for {})", side(turn), side(turn))
        }
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn over(range: Range, word: &str, outcome: Outcome, turn: Color) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::GameOver,
        range,
        format!(
            "`{word}` comes after the end of the game: {}",
            how(outcome, turn)
        ),
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
    let Some(&(_, to)) = tries.first() else {
        let d = Diagnostic::new(
            ErrorKind::ExpectedMove,
            range,
            format!(
                "`{written}` is not a move of {}: write it as `a2 a3`, `a2a3` or in SAN with the rule set's letters",
                rules.name
            ),
        );
        return with_did_you_mean(d, pos, word, written);
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
        // Every piece tried can go there: name each move apart.
        let choices: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| tries.contains(&(m.from, m.to)))
            .map(|m| pos.san(m))
            .collect();
        return Diagnostic::new(
            ErrorKind::Ambiguous,
            range,
            format!("`{written}` could be any of {} moves", choices.len()),
        )
        .with(Help::Write {
            lead: "say which: ",
            choices,
        });
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
        let d = Diagnostic::new(
            ErrorKind::CannotReach,
            range,
            format!(
                "{mover} cannot play `{written}`: no {name} of {mover}'s can go to {to}: {moves}"
            ),
        );
        return with_did_you_mean(d, pos, word, written);
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
        Rejection::LeavesRoyalAttacked { royal, by } => {
            let moving_royal = pos
                .piece_at(from)
                .is_some_and(|p| rules.pieces[p.kind as usize].royal);
            let royal_name = pos
                .piece_at(if moving_royal { from } else { royal })
                .map_or("king", |p| rules.pieces[p.kind as usize].name.as_str());
            if moving_royal {
                (
                    ErrorKind::IntoCheck,
                    format!(
                        "{mover} cannot play `{written}`: the {royal_name} would stand on {royal} attacked by {}",
                        named(by)
                    ),
                )
            } else if pos.is_check() {
                (
                    ErrorKind::InCheck,
                    format!(
                        "{mover} cannot play `{written}`: the {royal_name} on {royal} is in check from {}, and the move does not meet it",
                        named(by)
                    ),
                )
            } else {
                (
                    ErrorKind::Pinned,
                    format!(
                        "{mover} cannot play `{written}`: {who} is pinned: moving it leaves the {royal_name} on {royal} attacked by {}",
                        named(by)
                    ),
                )
            }
        }
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
    if matches!(
        kind,
        ErrorKind::CannotReach | ErrorKind::WrongPiece | ErrorKind::NothingToCapture
    ) {
        d = with_did_you_mean(d, pos, word, written);
    }
    d
}

/// The legal moves one edit (a letter, a digit, a square's file or rank)
/// away from `word`, written the way it was (SAN or coordinates), as a
/// "did you mean" if there are one to three.
fn with_did_you_mean(d: Diagnostic, pos: &Position<'_>, word: &str, written: &str) -> Diagnostic {
    let clean: String = word
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | '-' | ' '))
        .collect();
    let coordinates = split_squares(&clean).is_some();
    // Coordinates suggested as they were written: `b1 c4`, `b1-c4`, `b1c4`.
    let separator = if written.contains('-') {
        "-"
    } else if written.trim().contains(char::is_whitespace) {
        " "
    } else {
        ""
    };
    let mut found: Vec<String> = Vec::new();
    for m in pos.legal_moves() {
        let spelled = if coordinates {
            pos.uci(m)
        } else {
            pos.san(m).trim_end_matches(['+', '#']).to_string()
        };
        // A piece letter added or dropped turns a piece move into a pawn
        // move or back: too far to guess.
        let letter = |t: &str| t.starts_with(|c: char| c.is_ascii_uppercase());
        if letter(&clean) == letter(&spelled)
            && one_edit(&clean, &spelled)
            && !found.contains(&spelled)
        {
            found.push(spelled);
        }
    }
    if coordinates {
        for m in &mut found {
            let second = 1 + m[1..].find(|c: char| c.is_ascii_lowercase()).unwrap_or(0);
            m.insert_str(second, separator);
        }
    }
    if (1..=3).contains(&found.len()) {
        d.with(Help::DidYouMean(found))
    } else {
        d
    }
}

/// Whether `b` differs from `a` by exactly one replaced, inserted or
/// removed character.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    let prefix = short
        .iter()
        .zip(long.iter())
        .take_while(|(x, y)| x == y)
        .count();
    match long.len() - short.len() {
        0 => prefix < short.len() && short[prefix + 1..] == long[prefix + 1..],
        1 => short[prefix..] == long[prefix + 1..],
        _ => false,
    }
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
