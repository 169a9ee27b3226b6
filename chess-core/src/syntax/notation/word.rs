//! A word split into parts: a result, a NAG, a move number, the move and
//! its suffixes (`e.p.`, a check or mate marker, an annotation).

use super::moves::{body_part, fast_san, rules_body_part, san_prefix};
use super::parts::{Board, GameResult, Invalid, Marker, MoveSyntax, Part, RulesRead, Spanned};
use super::spellings::{MAX_REWRITTEN, glyph_nag, rewrite};
use crate::input::Range;

/// Splits `word` (found at `offset` in the source) into parts, appended to
/// `out` in order.
///
/// Works on bytes (every byte that matters is ASCII) and with plain loops
/// and comparisons: this runs for every word of every game, inside a proc
/// macro that dev builds compile without optimization.
pub fn split_word(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    match shortcut(word, offset) {
        Some((first, second)) => {
            out.push(first);
            if let Some(second) = second {
                out.push(second);
            }
        }
        None => split_any(word, offset, out),
    }
}

/// The common words, split by value without a list: a bare move (`e4`,
/// `Nf3`, `exd5`), one with its check or mate marker (`Nf3+`, `Qxf7#`), a
/// move number (`12.`, `12...`), a number and a bare move (`12.Nf3`).
/// `None` for any other word ([`split_word`] reads those).
#[inline(always)]
pub(crate) fn shortcut(word: &[u8], offset: u32) -> Option<(Spanned, Option<Spanned>)> {
    let (&first, &last) = (word.first()?, word.last()?);
    let at = |part, start: usize, end: usize| Spanned {
        part,
        range: Range::new(offset + start as u32, offset + end as u32),
    };
    if first.is_ascii_digit() {
        return numbered(word)
            .map(|(number, end, body)| (at(number, 0, end), body.map(|b| at(b, end, word.len()))));
    }
    if matches!(first, b'*' | b'$' | b'.' | 0xC2 | 0xE2) {
        return None;
    }
    match usual_word(word) {
        Some((usual, n)) if n == word.len() => return Some(usual.parts(offset, n)),
        _ => {}
    }
    if last.is_ascii_alphanumeric() {
        return match body_part(word) {
            Part::Invalid(_) => None,
            part => Some((at(part, 0, word.len()), None)),
        };
    }
    // A bare move and its check or mate marker.
    let [.., before, marker @ (b'+' | b'#')] = word else {
        return None;
    };
    if !before.is_ascii_alphanumeric() {
        return None;
    }
    let end = word.len() - 1;
    match body_part(&word[..end]) {
        Part::Invalid(_) => None,
        part => Some((
            at(part, 0, end),
            Some(at(Part::Marker(marker_of(*marker)), end, word.len())),
        )),
    }
}

/// The check or mate marker `b` (`+` or `#`) is.
#[inline(always)]
fn marker_of(b: u8) -> Marker {
    match b {
        b'+' => Marker::Check,
        _ => Marker::Mate,
    }
}

/// A usual word, read as its bytes come ([`usual_word`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Usual {
    /// A move number alone (`12.`, `12...`): its value, where it fits in
    /// a `u32`, and whether it numbers Black's move.
    Number { value: Option<u32>, black: bool },
    /// A bare move and the check or mate marker after it.
    Move {
        mv: MoveSyntax,
        marker: Option<Marker>,
    },
}

impl Usual {
    /// The parts [`shortcut`] splits the word into (`len` bytes at
    /// `offset`).
    #[inline(always)]
    pub(crate) fn parts(self, offset: u32, len: usize) -> (Spanned, Option<Spanned>) {
        let at = |part, start: usize, end: usize| Spanned {
            part,
            range: Range::new(offset + start as u32, offset + end as u32),
        };
        match self {
            Usual::Number { value, black } => {
                let number = Part::Number {
                    value,
                    black,
                    board: None,
                };
                (at(number, 0, len), None)
            }
            Usual::Move { mv, marker: None } => (at(Part::Move(mv), 0, len), None),
            Usual::Move {
                mv,
                marker: Some(marker),
            } => (
                at(Part::Move(mv), 0, len - 1),
                Some(at(Part::Marker(marker), len - 1, len)),
            ),
        }
    }
}

/// The usual word at the start of `text`, read as its bytes come: a move
/// number alone (`12.`, `12...`), or a bare move in one of the usual SAN
/// shapes with its check or mate marker (`Nf3`, `exd5+`); and its length.
/// `None` where `text` starts otherwise. Whether the word ends there is
/// the caller's to say: the express lane reads a game's moves with it,
/// asking whether the next byte ends a word, so that the word is read as
/// it is scanned; [`shortcut`] asks whether it is the whole word.
#[inline(always)]
pub(crate) fn usual_word(text: &[u8]) -> Option<(Usual, usize)> {
    if let [b'0'..=b'9', ..] = text {
        let (value, black, n) = number_prefix(text)?;
        return Some((Usual::Number { value, black }, n));
    }
    let (mv, n) = san_prefix(text)?;
    Some(match text.get(n) {
        Some(&b @ (b'+' | b'#')) => (
            Usual::Move {
                mv,
                marker: Some(marker_of(b)),
            },
            n + 1,
        ),
        _ => (Usual::Move { mv, marker: None }, n),
    })
}

/// [`split_word`] for any word, without its shortcuts.
pub(super) fn split_any(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    let before = out.len();
    split_ascii(word, offset, out);
    // Rarely, a word is not notation as it stands: read it again as other
    // producers mean it (see [`other_spellings`]).
    if out[before..]
        .iter()
        .any(|p| matches!(p.part, Part::Invalid(_)))
        && !glued_result(word, offset, out, before, split_any)
    {
        other_spellings(word, offset, out, before);
    }
}

/// Reads a word that is not notation as written again as a move whose
/// check or mate marker or annotation has the game's result glued to it
/// (`Qh4#0-1`, `Qh4#!?0-1`, `Rd8+*`, as pgn-reader's test files and some
/// editors write them; python-chess reads them so). The word without the
/// result is split by `split`, and the result follows it. Whether the word
/// was such; the parts after `before` in `out` are replaced if it was.
///
/// A result glued straight to a square (`Qh40-1`) is not read so: under
/// rules a user defines, `h10` is a square.
#[cold]
#[inline(never)]
fn glued_result(
    word: &[u8],
    offset: u32,
    out: &mut Vec<Spanned>,
    before: usize,
    mut split: impl FnMut(&[u8], u32, &mut Vec<Spanned>),
) -> bool {
    const RESULTS: [(&[u8], GameResult); 5] = [
        (b"1-0", GameResult::WhiteWins),
        (b"0-1", GameResult::BlackWins),
        (b"1/2-1/2", GameResult::Draw),
        ("\u{BD}-\u{BD}".as_bytes(), GameResult::Draw),
        (b"*", GameResult::Unknown),
    ];
    for (written, result) in RESULTS {
        if let Some(rest) = word.strip_suffix(written)
            && matches!(rest.last(), Some(b'+' | b'#' | b'!' | b'?'))
        {
            out.truncate(before);
            split(rest, offset, out);
            push(out, offset, Part::Result(result), rest.len(), word.len());
            return true;
        }
    }
    false
}

/// Reads a word that is not notation as written again, the way other
/// producers mean it: `$` ends a move (`e5$71`, PGN's import format);
/// figurines (`♘f3`, `e8=♕`), `×` for captures and Unicode dashes
/// (`O–O`, `1–0`, `½–½`) stand for their ASCII spelling; the evaluation
/// glyphs of annotated games (`±`, `∓`, `⩲`, `+−`, `∞`, `□` …, and the
/// ASCII `+=`, `+/-`, `+-` …) are their NAGs. The parts replace those
/// after `before` in `out` if they read further before an invalid part
/// (if any); each keeps the exact range of the bytes it was read from.
#[cold]
#[inline(never)]
fn other_spellings(word: &[u8], offset: u32, out: &mut Vec<Spanned>, before: usize) {
    let mut ascii = [0u8; MAX_REWRITTEN];
    // Where each byte of `ascii` came from in `word` (one more at the end).
    let mut from = [0u8; MAX_REWRITTEN + 1];
    let Some(len) = rewrite(word, &mut ascii, &mut from) else {
        return;
    };
    let ascii = &ascii[..len];
    let mut parts = Vec::new();
    match glyph_nag(ascii) {
        Some(_) => push(&mut parts, 0, Part::Nag, 0, len),
        None => {
            // `$` ends a move: each `$` after the first byte starts a NAG.
            let mut start = 0;
            for i in 1..=len {
                if i == len || ascii[i] == b'$' {
                    split_ascii(&ascii[start..i], start as u32, &mut parts);
                    start = i;
                }
            }
        }
    }
    let first_invalid = |parts: &[Spanned]| {
        parts
            .iter()
            .find(|p| matches!(p.part, Part::Invalid(_)))
            .map_or(u32::MAX, |p| p.range.start)
    };
    let parts: Vec<Spanned> = parts
        .into_iter()
        .map(|p| {
            let (s, e) = (p.range.start as usize, p.range.end as usize);
            Spanned {
                part: p.part,
                range: Range::new(offset + u32::from(from[s]), offset + u32::from(from[e])),
            }
        })
        .collect();
    // Taken if it reads further than the word as written did.
    if first_invalid(&parts) > first_invalid(&out[before..]) {
        out.truncate(before);
        out.extend(parts);
    }
}

/// A move number in ASCII dots, alone or followed by a bare move in the
/// same word (`12.`, `12...`, `12.Nf3`), as [`split_ascii`] reads it: the
/// number, where it ends, and the move. `None` for any other word.
#[inline(always)]
fn numbered(word: &[u8]) -> Option<(Part, usize, Option<Part>)> {
    // Not `?`: in unoptimized builds `?` is two calls.
    #[allow(clippy::question_mark)]
    let Some((value, black, end)) = number_prefix(word) else {
        return None;
    };
    let number = Part::Number {
        value,
        black,
        board: None,
    };
    let rest = &word[end..];
    let body = match rest.last() {
        None => None,
        Some(last) if last.is_ascii_alphanumeric() && rest[0] < 0x80 => match fast_san(rest) {
            Some(m) => Some(Part::Move(m)),
            None => match body_part(rest) {
                Part::Invalid(_) => return None,
                part => Some(part),
            },
        },
        Some(_) => return None,
    };
    Some((number, end, body))
}

/// A move number in ASCII dots at the start of `b` (`12.`, `12...`; `b`
/// starts with a digit), as [`numbered`] reads it: its value where it
/// fits, whether it numbers Black's move, and where it ends. `None` where
/// `b` goes on otherwise, or with a number too long to read so.
#[inline(always)]
fn number_prefix(b: &[u8]) -> Option<(Option<u32>, bool, usize)> {
    let mut digits = 0;
    let mut value = 0u64;
    while digits < b.len() && b[digits].is_ascii_digit() {
        value = value
            .wrapping_mul(10)
            .wrapping_add(u64::from(b[digits] - b'0'));
        digits += 1;
    }
    let mut end = digits;
    while end < b.len() && b[end] == b'.' {
        end += 1;
    }
    let dots = end - digits;
    // Longer numbers may not fit; `…` and the rest are split_ascii's.
    if dots == 0 || digits > 18 {
        return None;
    }
    Some((u32::try_from(value).ok(), dots >= 2, end))
}

/// [`split_word`] for words as written.
pub(super) fn split_ascii(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    split_with(word, offset, out, body_part);
}

/// Splits a word of a game under rules a user defines (a rules file):
/// move numbers, markers, annotations, NAGs and results as in chess, and
/// the move read as the rule set's notation is ([`MoveText`]: squares
/// beyond `h8` such as `j10`, any piece letter, coordinates, drops); a
/// lone `-` between two squares is [`Part::Dash`]. Only the move itself is
/// read differently from chess: its reading is pushed onto `reads`, where
/// its [`Part::RulesMove`] points.
pub fn split_word_under_rules(
    word: &[u8],
    offset: u32,
    out: &mut Vec<Spanned>,
    reads: &mut Vec<RulesRead>,
) {
    let before = out.len();
    split_with(word, offset, out, |body| rules_body_part(body, reads));
    if out[before..]
        .iter()
        .any(|p| matches!(p.part, Part::Invalid(_)))
    {
        glued_result(word, offset, out, before, |word, offset, out| {
            split_word_under_rules(word, offset, out, reads)
        });
    }
}

/// [`split_word`] for words as written, with `body` reading the move.
fn split_with(
    word: &[u8],
    offset: u32,
    out: &mut Vec<Spanned>,
    mut body: impl FnMut(&[u8]) -> Part,
) {
    let Some(&first) = word.first() else {
        return;
    };
    // Dispatch on the first byte: most words are moves and skip this.
    let start = match first {
        b'0'..=b'9' | b'*' | b'$' | b'.' | 0xC2 | 0xE2 => match prefix(word, offset, out) {
            Some(start) => start,
            None => return,
        },
        _ => 0,
    };
    // The common case: a bare move.
    if word[word.len() - 1].is_ascii_alphanumeric() {
        push(out, offset, body(&word[start..]), start, word.len());
        return;
    }
    with_suffixes(word, start, offset, out, &mut body);
}

#[inline(always)]
pub(super) fn push(out: &mut Vec<Spanned>, offset: u32, part: Part, start: usize, end: usize) {
    out.push(Spanned {
        part,
        range: Range::new(offset + start as u32, offset + end as u32),
    });
}

/// What a word may start with: a result, a NAG, a move number, an
/// ellipsis. Pushes it; returns where the rest of the word starts, or
/// `None` if nothing is left of it.
fn prefix(word: &[u8], offset: u32, out: &mut Vec<Spanned>) -> Option<usize> {
    let len = word.len();
    match word[0] {
        // Results: `1-0`, `0-1`, `1/2-1/2`, `*`, `½-½` (checked by their
        // first two bytes first, so that move numbers skip the comparison).
        b'0'..=b'9' | b'*' | 0xC2
            if matches!(word.get(1), None | Some(b'-' | b'/' | 0xBD))
                && let Some(result) = result_token(word) =>
        {
            push(out, offset, Part::Result(result), 0, len);
            None
        }
        b'$' => {
            nag(word, offset, out);
            None
        }
        // Move number: digits followed by dots (`12.`, `12...`, `12.Nf3`),
        // or by a board's letter and a dot (BPGN's `12A.`, `12b.`).
        b'0'..=b'9' if !word.starts_with(b"0-0") && word != b"0000" => {
            let (value, mut digits) = decimal(word);
            let board = match word.get(digits..digits + 2) {
                Some([letter @ (b'A' | b'a' | b'B' | b'b'), b'.']) => {
                    digits += 1;
                    let board = if letter.eq_ignore_ascii_case(&b'a') {
                        Board::A
                    } else {
                        Board::B
                    };
                    Some((board, letter.is_ascii_lowercase()))
                }
                _ => None,
            };
            let (dots, dots_len) = dot_count(&word[digits..]);
            if dots == 0 {
                push(
                    out,
                    offset,
                    Part::Invalid(Invalid::NumberWithoutDot),
                    0,
                    len,
                );
                return None;
            }
            let start = digits + dots_len;
            let black = dots >= 2 || board.is_some_and(|(_, small)| small);
            let board = board.map(|(board, _)| board);
            push(
                out,
                offset,
                Part::Number {
                    value: value.and_then(|v| u32::try_from(v).ok()),
                    black,
                    board,
                },
                0,
                start,
            );
            (start < len).then_some(start)
        }
        b'.' | 0xE2 => {
            let (dots, dots_len) = dot_count(word);
            if dots < 2 {
                return Some(0);
            }
            push(out, offset, Part::Ellipsis, 0, dots_len);
            (dots_len < len).then_some(dots_len)
        }
        _ => Some(0),
    }
}

/// `$12`, possibly followed by an annotation (`$12!?`).
fn nag(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    let mut digits = 1;
    let mut value = 0u32;
    while digits < word.len() && word[digits].is_ascii_digit() {
        value = (value * 10 + u32::from(word[digits] - b'0')).min(1000);
        digits += 1;
    }
    let rest = &word[digits..];
    let valid = digits > 1 && value <= 255 && rest.iter().all(|b| matches!(b, b'!' | b'?'));
    if !valid {
        push(out, offset, Part::Invalid(Invalid::BadNag), 0, word.len());
        return;
    }
    push(out, offset, Part::Nag, 0, digits);
    if !rest.is_empty() {
        split_ascii(rest, offset + digits as u32, out);
    }
}

/// The value of the digits `word` starts with (`None` if it does not fit
/// in 64 bits) and how many there are.
fn decimal(word: &[u8]) -> (Option<u64>, usize) {
    let mut digits = 0;
    let mut value = Some(0u64);
    while digits < word.len() && word[digits].wrapping_sub(b'0') < 10 {
        let digit = u64::from(word[digits] - b'0');
        value = match value {
            Some(v) if v <= (u64::MAX - 9) / 10 => Some(v * 10 + digit),
            Some(v) => v.checked_mul(10).and_then(|v| v.checked_add(digit)),
            None => None,
        };
        digits += 1;
    }
    (value, digits)
}

/// A move from `start` on, followed by an `e.p.`, a check or mate marker
/// and an annotation (each optional), collected from the end.
fn with_suffixes(
    word: &[u8],
    start: usize,
    offset: u32,
    out: &mut Vec<Spanned>,
    body: &mut impl FnMut(&[u8]) -> Part,
) {
    let mut end = word.len();
    let mut tail: [Option<(Part, usize, usize)>; 3] = [None; 3];
    let mut tails = 0;
    if matches!(word[end - 1], b'!' | b'?') {
        let mut annotation_len = 0;
        while end - annotation_len > start && matches!(word[end - annotation_len - 1], b'!' | b'?')
        {
            annotation_len += 1;
        }
        let a = &word[end - annotation_len..end];
        let part = if matches!(a, b"!" | b"?" | b"!!" | b"??" | b"!?" | b"?!") {
            Part::Annotation
        } else {
            Part::Invalid(Invalid::BadAnnotation)
        };
        tail[tails] = Some((part, end - annotation_len, end));
        tails += 1;
        end -= annotation_len;
    }
    if end > start && matches!(word[end - 1], b'+' | b'#') {
        let (marker, marker_len) = if word[start..end].ends_with(b"++") {
            (Marker::DoublePlus, 2)
        } else if word[end - 1] == b'+' {
            (Marker::Check, 1)
        } else {
            (Marker::Mate, 1)
        };
        tail[tails] = Some((Part::Marker(marker), end - marker_len, end));
        tails += 1;
        end -= marker_len;
    }
    if end > start && word[end - 1] == b'.' && word[start..end].ends_with(b"e.p.") {
        tail[tails] = Some((Part::EnPassant, end - 4, end));
        tails += 1;
        end -= 4;
    }
    if start < end {
        push(out, offset, body(&word[start..end]), start, end);
    }
    while tails > 0 {
        tails -= 1;
        if let Some((part, s, e)) = tail[tails] {
            push(out, offset, part, s, e);
        }
    }
}

/// (number of dots, byte length) of a leading run of `.` or `…`.
fn dot_count(s: &[u8]) -> (usize, usize) {
    let mut dots = 0;
    let mut len = 0;
    while len < s.len() {
        if s[len] == b'.' {
            dots += 1;
            len += 1;
        } else if s[len..].starts_with("…".as_bytes()) {
            dots += 3;
            len += 3;
        } else {
            break;
        }
    }
    (dots, len)
}

/// The result `word` is, as a result token or a `[Result]` tag's value
/// writes it.
pub(crate) fn result_token(word: &[u8]) -> Option<GameResult> {
    Some(match word {
        b"1-0" => GameResult::WhiteWins,
        b"0-1" => GameResult::BlackWins,
        // `½-½` in UTF-8.
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => GameResult::Draw,
        b"*" => GameResult::Unknown,
        _ => return None,
    })
}
