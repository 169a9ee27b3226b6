//! Chess notation inside one word: move numbers, moves in SAN, long
//! algebraic, UCI or the long form, check and mate markers, annotations,
//! NAGs and results. No chess knowledge: `Nf3` is parsed without knowing
//! whether a knight can get there.

use chess_rules::MoveText;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use crate::input::Range;

/// How a move was written.
///
/// Aligned to 8 bytes: copied as one word, not as two overlapping halves
/// (a copy of 7 bytes stalls when it is read back right after it was
/// written, which the reader does for every move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(align(8))]
pub enum MoveSyntax {
    /// Standard algebraic notation: `e4`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`.
    San {
        /// The piece (pawn when no letter is written).
        role: Role,
        /// Disambiguating (or, for pawns, capturing) file.
        file: Option<File>,
        /// Disambiguating rank.
        rank: Option<Rank>,
        /// `x` was written.
        capture: bool,
        /// Destination.
        to: Square,
        /// Promotion piece as written (may be invalid, e.g. a king).
        promotion: Option<Role>,
    },
    /// Origin and destination: long algebraic `Ng1-f3`, `e4xd5`, SAN with a
    /// full-square disambiguation `Qh4e1`, UCI `g1f3`, or the long form
    /// `knight g1 to f3`.
    FromTo {
        /// The piece, when named.
        role: Option<Role>,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// `x` was written.
        capture: bool,
        /// Promotion piece as written.
        promotion: Option<Role>,
    },
    /// `O-O`, `O-O-O`, `0-0`, `0-0-0`.
    Castle(CastlingSide),
    /// A crazyhouse drop: `N@f3`, `@e6` or `P@e6` (a pawn).
    Drop {
        /// The piece dropped.
        role: Role,
        /// Where.
        to: Square,
    },
    /// A move of a game under rules a user defines: the index of its
    /// [`RulesMove`](super::RulesMove) in
    /// [`GameSyntax::rules_moves`](super::GameSyntax::rules_moves).
    Rules(u32),
}

impl MoveSyntax {
    /// A move written in SAN as shakmaty's `San` (`None` for the other
    /// forms).
    pub fn to_san(&self) -> Option<shakmaty::san::San> {
        let MoveSyntax::San {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = *self
        else {
            return None;
        };
        Some(shakmaty::san::San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// A check or mate marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// `+`
    Check,
    /// `#`
    Mate,
    /// `++` (mate, in older notation)
    DoublePlus,
}

impl Marker {
    /// As written.
    pub fn as_str(self) -> &'static str {
        match self {
            Marker::Check => "+",
            Marker::Mate => "#",
            Marker::DoublePlus => "++",
        }
    }
}

/// A result token.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultToken {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
    Unknown,
}

impl ResultToken {
    /// The PGN spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            ResultToken::WhiteWins => "1-0",
            ResultToken::BlackWins => "0-1",
            ResultToken::Draw => "1/2-1/2",
            ResultToken::Unknown => "*",
        }
    }
}

/// Why a word is not notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Nothing recognisable.
    NotNotation,
    /// A move number without its dot (`12`).
    NumberWithoutDot,
    /// An annotation other than `! ? !! ?? !? ?!`.
    BadAnnotation,
    /// A NAG other than `$0` … `$255`.
    BadNag,
    /// Upper-case file letter in a square (`E4`).
    UpperCaseSquare,
}

/// One part of a word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// `12.` (White) or `12...` (Black). `None` when it does not fit in 64 bits.
    Number {
        /// The number.
        value: Option<u64>,
        /// Written with three dots.
        black: bool,
    },
    /// `...` on its own (as in `12. ... Nc6`).
    Ellipsis,
    /// A move.
    Move(MoveSyntax),
    /// A null move (`--`, `Z0`, `0000`): not a chess move.
    Null,
    /// A crazyhouse drop (`N@f3`, `@f3`): not a standard chess move.
    Drop(Role, Square),
    /// A move under rules a user defines, as the rule set's notation reads
    /// it ([`split_word_under_rules`]).
    RulesMove(MoveText),
    /// A lone `-` (between the two squares of a move in coordinates, under
    /// rules a user defines: `a2 - a3`).
    Dash,
    /// `pawn`, `knight`, … of the long form.
    PieceName(Role),
    /// `to` of the long form.
    To,
    /// `becomes` of the long form.
    Becomes,
    /// `+`, `#`, `++`.
    Marker(Marker),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Annotation,
    /// `e.p.`
    EnPassant,
    /// `$12`.
    Nag,
    /// A result.
    Result(ResultToken),
    /// Not notation.
    Invalid(Invalid),
}

/// A part with its place in the source.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spanned {
    /// What it is.
    pub part: Part,
    /// Where.
    pub range: Range,
}

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
    if last.is_ascii_alphanumeric() {
        if let Some(m) = fast_san(word) {
            return Some((at(Part::Move(m), 0, word.len()), None));
        }
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
    let marker = match marker {
        b'+' => Marker::Check,
        _ => Marker::Mate,
    };
    if let Some(m) = fast_san(&word[..end]) {
        return Some((
            at(Part::Move(m), 0, end),
            Some(at(Part::Marker(marker), end, word.len())),
        ));
    }
    match body_part(&word[..end]) {
        Part::Invalid(_) => None,
        part => Some((
            at(part, 0, end),
            Some(at(Part::Marker(marker), end, word.len())),
        )),
    }
}

/// [`split_word`] for any word, without its shortcuts.
fn split_any(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    let before = out.len();
    split_ascii(word, offset, out);
    // Rarely, a word is not notation as it stands: read it again as other
    // producers mean it (see [`other_spellings`]).
    if out[before..]
        .iter()
        .any(|p| matches!(p.part, Part::Invalid(_)))
    {
        other_spellings(word, offset, out, before);
    }
}

/// A move number in ASCII dots, alone or followed by a bare move in the
/// same word (`12.`, `12...`, `12.Nf3`), as [`split_ascii`] reads it: the
/// number, where it ends, and the move. `None` for any other word.
#[inline(always)]
fn numbered(word: &[u8]) -> Option<(Part, usize, Option<Part>)> {
    let mut digits = 0;
    let mut value = 0u64;
    while digits < word.len() && word[digits].is_ascii_digit() {
        value = value
            .wrapping_mul(10)
            .wrapping_add(u64::from(word[digits] - b'0'));
        digits += 1;
    }
    let mut end = digits;
    while end < word.len() && word[end] == b'.' {
        end += 1;
    }
    let dots = end - digits;
    // Longer numbers may not fit; `…` and the rest are split_ascii's.
    if dots == 0 || digits > 18 {
        return None;
    }
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
    let number = Part::Number {
        value: Some(value),
        black: dots >= 2,
    };
    Some((number, end, body))
}

/// The longest word [`other_spellings`] rewrites.
const MAX_REWRITTEN: usize = 48;

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

/// Evaluation glyphs written in ASCII and their NAGs, longest first.
const ASCII_GLYPHS: &[(&str, &str)] = &[
    ("+/-", "$16"),
    ("-/+", "$17"),
    ("+=", "$14"),
    ("=+", "$15"),
    ("+-", "$18"),
    ("-+", "$19"),
    ("=", "$10"),
];

/// The number of the NAG a part read as [`Part::Nag`] or
/// [`Part::Annotation`] stands for: `$14` is 14, `!` is 1 … `?!` is 6, and
/// an evaluation glyph (`±`, `+=`, `∞`) its NAG.
pub fn nag_value(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    let annotation = [&b"!"[..], b"?", b"!!", b"??", b"!?", b"?!"]
        .iter()
        .position(|a| *a == bytes);
    if let Some(i) = annotation {
        return Some(i as u8 + 1);
    }
    let dollar = |digits: &[u8]| -> Option<u8> {
        std::str::from_utf8(digits.strip_prefix(b"$")?)
            .ok()?
            .parse()
            .ok()
    };
    if bytes.first() == Some(&b'$') {
        return dollar(bytes);
    }
    let mut ascii = [0u8; MAX_REWRITTEN];
    let mut from = [0u8; MAX_REWRITTEN + 1];
    let glyph = match rewrite(bytes, &mut ascii, &mut from) {
        Some(len) => &ascii[..len],
        None => bytes,
    };
    if glyph.first() == Some(&b'$') {
        return dollar(glyph);
    }
    dollar(glyph_nag(glyph)?.as_bytes())
}

/// Whether `word` is an evaluation glyph written in ASCII (`+-`, `=`).
fn glyph_nag(word: &[u8]) -> Option<&'static str> {
    ASCII_GLYPHS
        .iter()
        .find(|(glyph, _)| glyph.as_bytes() == word)
        .map(|(_, nag)| *nag)
}

/// Unicode spellings and what they stand for in ASCII notation.
const SPELLINGS: &[(&str, &str)] = &[
    // Figurines, white and black.
    ("♔", "K"),
    ("♕", "Q"),
    ("♖", "R"),
    ("♗", "B"),
    ("♘", "N"),
    ("♙", "P"),
    ("♚", "K"),
    ("♛", "Q"),
    ("♜", "R"),
    ("♝", "B"),
    ("♞", "N"),
    ("♟", "P"),
    // Two-sign glyphs before the dashes they contain.
    ("+−", "$18"),
    ("−+", "$19"),
    ("+–", "$18"),
    ("–+", "$19"),
    ("=∞", "$44"),
    ("=/∞", "$44"),
    // Punctuation.
    ("×", "x"),
    ("‐", "-"),
    ("‑", "-"),
    ("‒", "-"),
    ("–", "-"),
    ("—", "-"),
    ("−", "-"),
    ("…", "..."),
    // Evaluation and commentary glyphs (Informant), as NAGs.
    ("□", "$7"),
    ("∞", "$13"),
    ("⩲", "$14"),
    ("⩱", "$15"),
    ("±", "$16"),
    ("∓", "$17"),
    ("⨀", "$22"),
    ("⟳", "$32"),
    ("→", "$36"),
    ("↑", "$40"),
    ("⇆", "$132"),
    ("⊕", "$138"),
    ("∆", "$140"),
    ("⌓", "$142"),
];

/// `word` with every Unicode spelling replaced by its ASCII one, into
/// `out`; `from` gets where each output byte came from. `None` if nothing
/// changed or the result does not fit.
fn rewrite(
    word: &[u8],
    out: &mut [u8; MAX_REWRITTEN],
    from: &mut [u8; MAX_REWRITTEN + 1],
) -> Option<usize> {
    if word.len() > usize::from(u8::MAX) {
        return None;
    }
    let (mut i, mut n, mut changed) = (0, 0, false);
    while i < word.len() {
        let rest = &word[i..];
        // A check sign before `−+` stays a check sign.
        let check_then_glyph =
            rest.starts_with("+−+".as_bytes()) || rest.starts_with("+–+".as_bytes());
        let (replacement, used): (&[u8], usize) = match SPELLINGS
            .iter()
            .find(|(unicode, _)| !check_then_glyph && rest.starts_with(unicode.as_bytes()))
        {
            Some((unicode, ascii)) => {
                changed = true;
                (ascii.as_bytes(), unicode.len())
            }
            None => (&rest[..1], 1),
        };
        if n + replacement.len() > MAX_REWRITTEN {
            return None;
        }
        for &b in replacement {
            out[n] = b;
            from[n] = i as u8;
            n += 1;
        }
        i += used;
    }
    // An ASCII glyph written against a move (`Nf3+/-`, `Nf3=`: a level
    // position, not a promotion without its piece).
    if glyph_nag(&out[..n]).is_none()
        && let Some((glyph, nag)) = ASCII_GLYPHS
            .iter()
            .find(|(glyph, _)| n > glyph.len() && out[..n].ends_with(glyph.as_bytes()))
        && n - glyph.len() + nag.len() <= MAX_REWRITTEN
    {
        let start = n - glyph.len();
        let at = from[start];
        out[start..start + nag.len()].copy_from_slice(nag.as_bytes());
        n = start + nag.len();
        from[start..n].fill(at);
        changed = true;
    }
    from[n] = word.len() as u8;
    let dollar_inside = out[1..n].contains(&b'$');
    (changed || dollar_inside || glyph_nag(&out[..n]).is_some()).then_some(n)
}

/// [`split_word`] for words as written.
fn split_ascii(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    split_with(word, offset, out, body_part);
}

/// Splits a word of a game under rules a user defines (a rules file):
/// move numbers, markers, annotations, NAGs and results as in chess, and
/// the move read as the rule set's notation is ([`MoveText`]: squares
/// beyond `h8` such as `j10`, any piece letter, coordinates, drops); a
/// lone `-` between two squares is [`Part::Dash`]. Only the move itself is
/// read differently from chess.
pub fn split_word_under_rules(word: &[u8], offset: u32, out: &mut Vec<Spanned>) {
    split_with(word, offset, out, rules_body_part);
}

/// A move body under rules a user defines.
fn rules_body_part(body: &[u8]) -> Part {
    match body {
        b"-" => return Part::Dash,
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Part::Null,
        _ => {}
    }
    match std::str::from_utf8(body).ok().and_then(MoveText::read) {
        Some(text) => Part::RulesMove(text),
        None => Part::Invalid(Invalid::NotNotation),
    }
}

/// [`split_word`] for words as written, with `body` reading the move.
fn split_with(word: &[u8], offset: u32, out: &mut Vec<Spanned>, body: fn(&[u8]) -> Part) {
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
    with_suffixes(word, start, offset, out, body);
}

#[inline(always)]
fn push(out: &mut Vec<Spanned>, offset: u32, part: Part, start: usize, end: usize) {
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
        // Move number: digits followed by dots (`12.`, `12...`, `12.Nf3`).
        b'0'..=b'9' if !word.starts_with(b"0-0") && word != b"0000" => {
            let (value, digits) = decimal(word);
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
            let black = dots >= 2;
            push(out, offset, Part::Number { value, black }, 0, start);
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
    body: fn(&[u8]) -> Part,
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

fn result_token(word: &[u8]) -> Option<ResultToken> {
    Some(match word {
        b"1-0" => ResultToken::WhiteWins,
        b"0-1" => ResultToken::BlackWins,
        // `½-½` in UTF-8.
        b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => ResultToken::Draw,
        b"*" => ResultToken::Unknown,
        _ => return None,
    })
}

fn piece_name(word: &[u8]) -> Option<Role> {
    Some(match word {
        b"pawn" | b"Pawn" => Role::Pawn,
        b"knight" | b"Knight" => Role::Knight,
        b"bishop" | b"Bishop" => Role::Bishop,
        b"rook" | b"Rook" => Role::Rook,
        b"queen" | b"Queen" => Role::Queen,
        b"king" | b"King" => Role::King,
        _ => return None,
    })
}

fn body_part(body: &[u8]) -> Part {
    // Most bodies are moves: try that first.
    if let Some(m) = fast_san(body) {
        return Part::Move(m);
    }
    match body {
        b"O-O" | b"0-0" | b"o-o" => return Part::Move(MoveSyntax::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" | b"o-o-o" => {
            return Part::Move(MoveSyntax::Castle(CastlingSide::QueenSide));
        }
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Part::Null,
        b"to" => return Part::To,
        b"becomes" => return Part::Becomes,
        _ => {}
    }
    if let Some(role) = piece_name(body) {
        return Part::PieceName(role);
    }
    if let Some((role, to)) = drop(body) {
        return Part::Drop(role, to);
    }
    match parse_move_general(body) {
        Ok(m) => Part::Move(m),
        Err(invalid) => Part::Invalid(invalid),
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Elem {
    Square(Square),
    File(File),
    Rank(Rank),
    Capture,
    Dash,
}

// The helpers on the per-move path are written as plain comparisons and
// table lookups: proc macros run unoptimized in dev builds, where every
// closure, range method and iterator adapter is a function call.

#[inline(always)]
fn file_of(b: u8) -> Option<File> {
    if b.wrapping_sub(b'a') < 8 {
        Some(File::ALL[usize::from(b - b'a')])
    } else {
        None
    }
}

#[inline(always)]
fn rank_of(b: u8) -> Option<Rank> {
    if b.wrapping_sub(b'1') < 8 {
        Some(Rank::ALL[usize::from(b - b'1')])
    } else {
        None
    }
}

/// The square `fr` names (`e4`).
#[inline(always)]
fn square_of(f: u8, r: u8) -> Option<Square> {
    if f.wrapping_sub(b'a') < 8 && r.wrapping_sub(b'1') < 8 {
        Some(Square::ALL[usize::from(r - b'1') * 8 + usize::from(f - b'a')])
    } else {
        None
    }
}

#[inline(always)]
fn role_of_upper(b: u8) -> Option<Role> {
    Some(match b {
        b'P' => Role::Pawn,
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => return None,
    })
}

fn role_of_any(b: u8) -> Option<Role> {
    role_of_upper(b.to_ascii_uppercase())
}

/// The piece a crazyhouse drop (`N@f3`, `@f3`) puts down.
fn drop(b: &[u8]) -> Option<(Role, Square)> {
    let (role, rest) = match role_of_upper(*b.first()?) {
        Some(role) => (role, &b[1..]),
        None => (Role::Pawn, b),
    };
    match rest {
        [b'@', f, r] => Some((role, square_of(*f, *r)?)),
        _ => None,
    }
}

/// The usual SAN shapes (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd7`, `R1xe2`),
/// recognised without the general parser. Inlined where it is called for
/// every move, so that the move is built in registers.
#[inline(always)]
fn fast_san(b: &[u8]) -> Option<MoveSyntax> {
    // (piece, disambiguation, capture, destination)
    let (p, d, capture, f, r) = match *b {
        [f, r] => (b'P', None, false, f, r),
        [p, f, r] => (p, None, false, f, r),
        [x, b'x', f, r] => (x, None, true, f, r),
        [p, d, f, r] => (p, Some(d), false, f, r),
        [p, d, b'x', f, r] => (p, Some(d), true, f, r),
        _ => return None,
    };
    let to = square_of(f, r)?;
    let (role, file, rank) = match role_of_upper(p) {
        // `exd5`: a pawn capture names the pawn's file.
        None if capture && d.is_none() => (Role::Pawn, Some(file_of(p)?), None),
        None => return None,
        Some(Role::Pawn) if b.len() > 2 => return None,
        Some(role) => match d.map(|d| (file_of(d), rank_of(d))) {
            None => (role, None, None),
            Some((Some(file), _)) => (role, Some(file), None),
            Some((_, Some(rank))) => (role, None, Some(rank)),
            Some(_) => return None,
        },
    };
    Some(MoveSyntax::San {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    })
}

/// Parses a move body (no number, markers or annotations).
#[cfg(test)]
pub(crate) fn parse_move(body: &str) -> Result<MoveSyntax, Invalid> {
    let b = body.as_bytes();
    match fast_san(b) {
        Some(m) => Ok(m),
        None => parse_move_general(b),
    }
}

/// [`parse_move`] for every form: the word read as squares, files, ranks
/// and signs, then matched against the shapes moves have.
fn parse_move_general(b: &[u8]) -> Result<MoveSyntax, Invalid> {
    let role = role_of_upper(*b.first().ok_or(Invalid::NotNotation)?);
    let elements = elements(b, usize::from(role.is_some()))?;
    shape(role, &elements)
}

/// A move's word as elements, with its promotion piece.
struct Elements {
    elems: [Option<Elem>; 5],
    n: usize,
    promotion: Option<Role>,
}

/// The elements of `b[start..]` (after a piece letter).
fn elements(b: &[u8], start: usize) -> Result<Elements, Invalid> {
    let mut elems: [Option<Elem>; 5] = [None; 5];
    let mut n = 0;
    let mut promotion = None;
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        // A piece letter closing the word after a square is a promotion
        // (`e8Q`, UCI `e7e8q`, `b7a8b`), even where it could be a file.
        if i + 1 == b.len()
            && n > 0
            && matches!(elems[n - 1], Some(Elem::Square(_)))
            && let Some(p) = role_of_any(c)
        {
            promotion = Some(p);
            break;
        }
        let elem = if let Some(f) = file_of(c) {
            if let Some(r) = b.get(i + 1).and_then(|&r| rank_of(r)) {
                i += 2;
                Elem::Square(Square::from_coords(f, r))
            } else {
                i += 1;
                Elem::File(f)
            }
        } else if let Some(r) = rank_of(c) {
            i += 1;
            Elem::Rank(r)
        } else {
            match c {
                b'x' | b':' => {
                    i += 1;
                    Elem::Capture
                }
                b'-' => {
                    i += 1;
                    Elem::Dash
                }
                b'=' | b'/' => {
                    let p = b.get(i + 1).and_then(|&p| role_of_any(p));
                    if p.is_none() || i + 2 != b.len() {
                        return Err(Invalid::NotNotation);
                    }
                    promotion = p;
                    break;
                }
                b'(' => {
                    let p = b.get(i + 1).and_then(|&p| role_of_any(p));
                    if p.is_none() || b.get(i + 2) != Some(&b')') || i + 3 != b.len() {
                        return Err(Invalid::NotNotation);
                    }
                    promotion = p;
                    break;
                }
                b'A'..=b'H' if b.get(i + 1).is_some_and(|r| rank_of(*r).is_some()) => {
                    return Err(Invalid::UpperCaseSquare);
                }
                _ => return Err(Invalid::NotNotation),
            }
        };
        if n == elems.len() {
            return Err(Invalid::NotNotation);
        }
        elems[n] = Some(elem);
        n += 1;
    }
    Ok(Elements {
        elems,
        n,
        promotion,
    })
}

/// The move a piece letter (`role`) and elements make: SAN or from-to.
fn shape(role: Option<Role>, elements: &Elements) -> Result<MoveSyntax, Invalid> {
    let san = |file, rank, capture, to| {
        Ok(MoveSyntax::San {
            role: role.unwrap_or(Role::Pawn),
            file,
            rank,
            capture,
            to,
            promotion: elements.promotion,
        })
    };
    let from_to = |from, capture, to| {
        Ok(MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            promotion: elements.promotion,
        })
    };
    match elements.elems[..elements.n] {
        [Some(Elem::Square(to))] => san(None, None, false, to),
        [Some(Elem::Capture), Some(Elem::Square(to))] => san(None, None, true, to),
        [Some(Elem::File(f)), Some(Elem::Square(to))] => san(Some(f), None, false, to),
        [
            Some(Elem::File(f)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => san(Some(f), None, true, to),
        [Some(Elem::Rank(r)), Some(Elem::Square(to))] => san(None, Some(r), false, to),
        [
            Some(Elem::Rank(r)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => san(None, Some(r), true, to),
        [Some(Elem::Square(from)), Some(Elem::Square(to))]
        | [
            Some(Elem::Square(from)),
            Some(Elem::Dash),
            Some(Elem::Square(to)),
        ] => from_to(from, false, to),
        [
            Some(Elem::Square(from)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => from_to(from, true, to),
        _ => Err(Invalid::NotNotation),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_split_words_as_the_general_reading_does() {
        // Every word of up to four pieces from an alphabet of the bytes
        // that matter, and longer numbers.
        let pieces: &[&[u8]] = &[
            b"1",
            b"12",
            b"0",
            b".",
            b"...",
            "…".as_bytes(),
            b"e4",
            b"Nf3",
            b"exd5",
            b"x",
            b"O-O",
            b"-",
            b"+",
            b"#",
            b"!",
            b"?",
            b"=Q",
            b"$",
            b"*",
            b"/",
            b"K",
            b"@",
            b"Z",
            b"a",
            b"9",
        ];
        let mut words: Vec<Vec<u8>> = vec![
            b"1234567890123456789.e4".to_vec(),
            b"99999999999999999999.".to_vec(),
        ];
        let mut frontier: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for w in &frontier {
                for p in pieces {
                    let mut w = w.clone();
                    w.extend_from_slice(p);
                    next.push(w);
                }
            }
            words.extend(next.iter().cloned());
            frontier = next;
        }
        for word in &words {
            let (mut fast, mut general) = (Vec::new(), Vec::new());
            split_word(word, 7, &mut fast);
            split_any(word, 7, &mut general);
            assert_eq!(fast, general, "{}", String::from_utf8_lossy(word));
        }
    }

    fn parts(word: &str) -> Vec<(Part, &str)> {
        let mut out = Vec::new();
        split_word(word.as_bytes(), 0, &mut out);
        out.into_iter()
            .map(|s| (s.part, &word[s.range.as_usize()]))
            .collect()
    }

    fn san(role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square) -> Part {
        Part::Move(MoveSyntax::San {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        })
    }

    #[test]
    fn fast_path_agrees_with_the_general_parser() {
        fn check(word: &[u8]) {
            if let Some(fast) = fast_san(word) {
                assert_eq!(
                    Ok(fast),
                    parse_move_general(word),
                    "{}",
                    String::from_utf8_lossy(word)
                );
            }
        }
        let all = b"abcdefghi0123456789xNBRQKPn-";
        let mut word = Vec::new();
        for &a in all {
            for &b in all {
                word.clear();
                word.extend([a, b]);
                check(&word);
                for &c in all {
                    word.truncate(2);
                    word.push(c);
                    check(&word);
                    for &d in all {
                        word.truncate(3);
                        word.push(d);
                        check(&word);
                    }
                }
            }
        }
        let some = b"ah18xNPQ";
        for &a in some {
            for &b in some {
                for &c in some {
                    for &d in some {
                        for &e in some {
                            check(&[a, b, c, d, e]);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn san_moves() {
        assert_eq!(
            parts("e4"),
            vec![(san(Role::Pawn, None, None, false, Square::E4), "e4")]
        );
        assert_eq!(
            parts("exd5"),
            vec![(
                san(Role::Pawn, Some(File::E), None, true, Square::D5),
                "exd5"
            )]
        );
        assert_eq!(
            parts("Nbd7"),
            vec![(
                san(Role::Knight, Some(File::B), None, false, Square::D7),
                "Nbd7"
            )]
        );
        assert_eq!(
            parts("R1xe2"),
            vec![(
                san(Role::Rook, None, Some(Rank::First), true, Square::E2),
                "R1xe2"
            )]
        );
        assert_eq!(
            parts("Nxe5"),
            vec![(san(Role::Knight, None, None, true, Square::E5), "Nxe5")]
        );
        for promo in ["e8=Q", "e8Q", "e8(Q)", "e8/Q", "e8=q"] {
            assert_eq!(
                parts(promo)[0].0,
                Part::Move(MoveSyntax::San {
                    role: Role::Pawn,
                    file: None,
                    rank: None,
                    capture: false,
                    to: Square::E8,
                    promotion: Some(Role::Queen)
                }),
                "{promo}"
            );
        }
    }

    #[test]
    fn from_to_moves() {
        let ft = |role, from, to, capture, promotion| {
            Part::Move(MoveSyntax::FromTo {
                role,
                from,
                to,
                capture,
                promotion,
            })
        };
        assert_eq!(
            parts("e2-e4")[0].0,
            ft(None, Square::E2, Square::E4, false, None)
        );
        assert_eq!(
            parts("Ng1-f3")[0].0,
            ft(Some(Role::Knight), Square::G1, Square::F3, false, None)
        );
        assert_eq!(
            parts("e4xd5")[0].0,
            ft(None, Square::E4, Square::D5, true, None)
        );
        assert_eq!(
            parts("Qh4e1")[0].0,
            ft(Some(Role::Queen), Square::H4, Square::E1, false, None)
        );
        assert_eq!(
            parts("e7e8q")[0].0,
            ft(None, Square::E7, Square::E8, false, Some(Role::Queen))
        );
        assert_eq!(
            parts("g1f3")[0].0,
            ft(None, Square::G1, Square::F3, false, None)
        );
        assert_eq!(
            parts("b7a8b")[0].0,
            ft(None, Square::B7, Square::A8, false, Some(Role::Bishop))
        );
        assert_eq!(
            parts("exd8b")[0].0,
            Part::Move(MoveSyntax::San {
                role: Role::Pawn,
                file: Some(File::E),
                rank: None,
                capture: true,
                to: Square::D8,
                promotion: Some(Role::Bishop)
            })
        );
    }

    #[test]
    fn numbers_markers_annotations() {
        use Part::*;
        assert_eq!(
            parts("12.Nf3+!?"),
            vec![
                (
                    Number {
                        value: Some(12),
                        black: false
                    },
                    "12."
                ),
                (san(Role::Knight, None, None, false, Square::F3), "Nf3"),
                (Marker(super::Marker::Check), "+"),
                (Annotation, "!?"),
            ]
        );
        assert_eq!(
            parts("1...")[0].0,
            Number {
                value: Some(1),
                black: true
            }
        );
        assert_eq!(
            parts("1…e5")[0].0,
            Number {
                value: Some(1),
                black: true
            }
        );
        assert_eq!(
            parts("99999999999999999999999.")[0].0,
            Number {
                value: None,
                black: false
            }
        );
        assert_eq!(parts("Qh5++")[1].0, Marker(super::Marker::DoublePlus));
        assert_eq!(parts("#")[0].0, Marker(super::Marker::Mate));
        assert_eq!(
            parts("O-O-O#")[0].0,
            Move(MoveSyntax::Castle(CastlingSide::QueenSide))
        );
        assert_eq!(
            parts("0-0")[0].0,
            Move(MoveSyntax::Castle(CastlingSide::KingSide))
        );
        assert_eq!(parts("exd6e.p.")[1], (EnPassant, "e.p."));
        assert_eq!(parts("e.p.")[0], (EnPassant, "e.p."));
        assert_eq!(parts("$12")[0].0, Nag);
        assert_eq!(parts("$256")[0].0, Invalid(super::Invalid::BadNag));
        assert_eq!(parts("$12!?"), vec![(Nag, "$12"), (Annotation, "!?")]);
        assert_eq!(parts("$1x")[0].0, Invalid(super::Invalid::BadNag));
        assert_eq!(parts("!!!")[0].0, Invalid(super::Invalid::BadAnnotation));
        assert_eq!(parts("...")[0].0, Ellipsis);
        assert_eq!(parts("12")[0].0, Invalid(super::Invalid::NumberWithoutDot));
    }

    #[test]
    fn results_nulls_keywords() {
        use Part::*;
        assert_eq!(parts("1-0")[0].0, Result(ResultToken::WhiteWins));
        assert_eq!(parts("0-1")[0].0, Result(ResultToken::BlackWins));
        assert_eq!(parts("1/2-1/2")[0].0, Result(ResultToken::Draw));
        assert_eq!(parts("*")[0].0, Result(ResultToken::Unknown));
        for null in ["--", "Z0", "0000"] {
            assert_eq!(parts(null)[0].0, Null, "{null}");
        }
        assert_eq!(parts("N@f3")[0].0, Drop(Role::Knight, Square::F3));
        assert_eq!(parts("@e6")[0].0, Drop(Role::Pawn, Square::E6));
        assert_eq!(parts("P@e6")[0].0, Drop(Role::Pawn, Square::E6));
        assert_eq!(parts("knight")[0].0, PieceName(Role::Knight));
        assert_eq!(parts("to")[0].0, To);
        assert_eq!(parts("becomes")[0].0, Becomes);
    }

    #[test]
    fn dollar_ends_a_move() {
        use Part::*;
        let e5 = san(Role::Pawn, None, None, false, Square::E5);
        assert_eq!(parts("e5$71"), vec![(e5, "e5"), (Nag, "$71")]);
        assert_eq!(
            parts("12.e5!$1$36"),
            vec![
                (
                    Number {
                        value: Some(12),
                        black: false
                    },
                    "12."
                ),
                (e5, "e5"),
                (Annotation, "!"),
                (Nag, "$1"),
                (Nag, "$36")
            ]
        );
        assert_eq!(
            parts("e5$256").last().unwrap().0,
            Invalid(super::Invalid::BadNag)
        );
    }

    #[test]
    fn figurines_and_unicode_punctuation() {
        use Part::*;
        let knight = san(Role::Knight, None, None, false, Square::F3);
        assert_eq!(parts("♘f3"), vec![(knight, "♘f3")]);
        assert_eq!(parts("♞f3"), vec![(knight, "♞f3")]);
        assert_eq!(
            parts("♕×d7+"),
            vec![
                (san(Role::Queen, None, None, true, Square::D7), "♕×d7"),
                (Marker(super::Marker::Check), "+")
            ]
        );
        assert_eq!(
            parts("e8=♕")[0].0,
            Move(MoveSyntax::San {
                role: Role::Pawn,
                file: None,
                rank: None,
                capture: false,
                to: Square::E8,
                promotion: Some(Role::Queen)
            })
        );
        for (word, side) in [
            ("O–O", CastlingSide::KingSide),
            ("O—O—O", CastlingSide::QueenSide),
            ("0‑0", CastlingSide::KingSide),
        ] {
            assert_eq!(parts(word), vec![(Move(MoveSyntax::Castle(side)), word)]);
        }
        for (word, result) in [
            ("1–0", ResultToken::WhiteWins),
            ("0‒1", ResultToken::BlackWins),
            ("½–½", ResultToken::Draw),
            ("1/2–1/2", ResultToken::Draw),
            ("1−0", ResultToken::WhiteWins),
        ] {
            assert_eq!(parts(word), vec![(Result(result), word)], "{word}");
        }
        assert_eq!(
            parts("1.e×d5")[1],
            (
                san(Role::Pawn, Some(File::E), None, true, Square::D5),
                "e×d5"
            )
        );
    }

    #[test]
    fn evaluation_glyphs_are_nags() {
        use Part::*;
        for glyph in [
            "±", "∓", "⩲", "⩱", "+−", "−+", "=", "∞", "□", "⨀", "+-", "-+", "+=", "=+", "+/-",
            "-/+", "=∞", "→", "↑", "⇆", "∆",
        ] {
            assert_eq!(parts(glyph), vec![(Nag, glyph)], "{glyph}");
        }
        let knight = san(Role::Knight, None, None, false, Square::F3);
        assert_eq!(parts("Nf3±"), vec![(knight, "Nf3"), (Nag, "±")]);
        for (text, nag) in [
            ("$0", 0),
            ("$255", 255),
            ("!", 1),
            ("?", 2),
            ("!!", 3),
            ("??", 4),
            ("!?", 5),
            ("?!", 6),
            ("±", 16),
            ("+/-", 16),
            ("=", 10),
            ("+−", 18),
            ("∞", 13),
            ("□", 7),
            ("=∞", 44),
        ] {
            assert_eq!(super::nag_value(text), Some(nag), "{text}");
        }
        assert_eq!(super::nag_value("$256"), None);
        assert_eq!(parts("Nf3="), vec![(knight, "Nf3"), (Nag, "=")]);
        assert_eq!(parts("Nf3+/-"), vec![(knight, "Nf3"), (Nag, "+/-")]);
        assert_eq!(parts("Nf3+="), vec![(knight, "Nf3"), (Nag, "+=")]);
        assert_eq!(
            parts("Nf3!?∞"),
            vec![(knight, "Nf3"), (Annotation, "!?"), (Nag, "∞")]
        );
        assert_eq!(parts("♘f3+−"), vec![(knight, "♘f3"), (Nag, "+−")]);
        let check = Marker(super::Marker::Check);
        assert_eq!(
            parts("Nf3+−+"),
            vec![(knight, "Nf3"), (check, "+"), (Nag, "−+")]
        );
        assert_eq!(
            parts("Nf3++−"),
            vec![(knight, "Nf3"), (check, "+"), (Nag, "+−")]
        );
        // Not every Unicode word is notation.
        assert!(matches!(parts("♘f9")[0].0, Invalid(_)));
        assert!(matches!(parts("é4")[0].0, Invalid(_)));
    }

    #[test]
    fn garbage_is_invalid() {
        for word in ["Nf9", "Xe4", "e9", "hello", "N", "e4e5e6", "4P3", "Ke1=Q=Q"] {
            assert!(
                matches!(parts(word).last().unwrap().0, Part::Invalid(_)),
                "{word}: {:?}",
                parts(word)
            );
        }
        assert_eq!(parts("E4")[0].0, Part::Invalid(Invalid::UpperCaseSquare));
    }
}
