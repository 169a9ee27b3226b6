//! The one lexer: splits a [`Source`]'s text into words, strings, comments
//! and brackets. Both the token form (rendered to text first) and PGN text go
//! through it.

use crate::input::{Mode, Range, Source, scan};

/// A bracket kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Delim {
    /// `( … )`: a variation.
    Paren,
    /// `[ … ]`: a tag pair.
    Bracket,
}

/// What a lexeme is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lex {
    /// A maximal run of characters that are not white space, brackets,
    /// quotes or comment starters: `12.Nf3+!?`, `O-O`, `1-0`, `$3`.
    Word,
    /// A string `"…"` (the range includes the quotes).
    Str,
    /// An opening bracket.
    Open(Delim),
    /// A closing bracket.
    Close(Delim),
    /// A comment (`{…}`, and in PGN text `; …` and `%` lines).
    Comment,
    /// Something that cannot start anything (`}`, an unterminated comment or
    /// string); the grammar reports it.
    Bad(BadLex),
}

/// Why a lexeme is [`Lex::Bad`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BadLex {
    /// A `{` comment that is never closed.
    UnclosedComment,
    /// A string that is never closed.
    UnclosedString,
    /// A `}` without `{`.
    StrayBrace,
}

/// One lexeme.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lexeme {
    /// Its kind.
    pub kind: Lex,
    /// Where it is.
    pub range: Range,
}

/// Byte classes: what a byte does outside of strings and comments.
const WORD: u8 = 0;
const SPACE: u8 = 1;
const SPECIAL: u8 = 2;
/// The first byte of a UTF-8 sequence that may be a space (`U+00A0`
/// no-break space, `U+2000`…`U+200A`, `U+202F`: see [`unicode_space`]) or
/// a byte-order mark.
const UNI: u8 = 3;

const fn classes(semicolon_special: bool) -> [u8; 256] {
    let mut table = [WORD; 256];
    // Exactly the bytes `u8::is_ascii_whitespace` accepts.
    let spaces = b" \t\n\r\x0c";
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = SPACE;
        i += 1;
    }
    let specials = b"{}()[]\"";
    let mut i = 0;
    while i < specials.len() {
        table[specials[i] as usize] = SPECIAL;
        i += 1;
    }
    if semicolon_special {
        table[b';' as usize] = SPECIAL;
    }
    table[0xC2] = UNI;
    table[0xE2] = UNI;
    table[0xEF] = UNI;
    table
}

static CLASSES_PGN: [u8; 256] = classes(true);
static CLASSES_TOKENS: [u8; 256] = classes(false);

/// Splits the whole source into lexemes. Linear time, never fails.
#[cfg(test)]
pub fn lex(source: &Source) -> Vec<Lexeme> {
    let mut out = Vec::new();
    lex_range(source, 0, source.as_str().len(), &mut out);
    out
}

/// Splits `start..end` of the source's text into lexemes, appended to
/// `out`. `start` must begin a line (or the text) and `end` end one, or
/// be the text's end: the parser lexes one stretch between game starts at
/// a time, so that the lexemes it reads are still in the cache.
pub fn lex_range(source: &Source, start: usize, end: usize, out: &mut Vec<Lexeme>) {
    let text = &source.as_str().as_bytes()[..end];
    let mode = source.mode();
    let class = match mode {
        Mode::Pgn => &CLASSES_PGN,
        Mode::Tokens => &CLASSES_TOKENS,
    };
    out.reserve((end - start) / 4 + 1);
    let mut i = start;
    while i < text.len() {
        let b = text[i];
        let start = i;
        match class[b as usize] {
            SPACE => i += 1,
            WORD if b == b'%' && mode == Mode::Pgn && line_start(text, start) => {
                // An escape line: `%` in the first column.
                i = line_end(text, i);
                push(out, Lex::Comment, start, i);
            }
            WORD => {
                // Always consume at least one byte, so the loop ends on any input.
                i += 1;
                while i < text.len() && class[text[i] as usize] == WORD {
                    i += 1;
                }
                if i < text.len() && class[text[i] as usize] == UNI {
                    i = word_end(text, i, class);
                }
                push(out, Lex::Word, start, i);
            }
            UNI => match unicode_space(&text[i..]) {
                // A UTF-8 byte-order mark at a line's start is not text
                // (the splitter's rule: two files joined by `cat`).
                0 if text[i..].starts_with(&BOM) && line_start(text, i) => i += 3,
                0 => {
                    i = word_end(text, i + 1, class);
                    push(out, Lex::Word, start, i);
                }
                n => i += n,
            },
            _ => i = special(text, i, out),
        }
    }
}

/// A UTF-8 byte-order mark.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// Whether byte `i` of `text` begins a line: it is the first, or follows a
/// line break, or a byte-order mark that does.
fn line_start(text: &[u8], i: usize) -> bool {
    let after_bom = i >= 3 && text[i - 3..i] == BOM;
    let i = if after_bom { i - 3 } else { i };
    scan::at_line_start(text, i)
}

#[inline(always)]
fn push(out: &mut Vec<Lexeme>, kind: Lex, start: usize, end: usize) {
    out.push(Lexeme {
        kind,
        range: Range::new(start as u32, end as u32),
    });
}

/// The length of the Unicode space `text` starts with, or 0: the no-break
/// spaces word processors put into PGN (`U+00A0`, `U+202F`) and the other
/// fixed-width spaces (`U+2000`…`U+200A`) separate words like a space.
#[inline]
fn unicode_space(text: &[u8]) -> usize {
    match text {
        [0xC2, 0xA0, ..] => 2,
        [0xE2, 0x80, 0x80..=0x8A | 0xAF, ..] => 3,
        _ => 0,
    }
}

/// Where a word that goes on at `i` ends, through any UTF-8 in it that
/// is not a space (a figurine, `½`, `–`). Off the common path.
#[cold]
#[inline(never)]
fn word_end(text: &[u8], mut i: usize, class: &[u8; 256]) -> usize {
    while i < text.len() {
        match class[text[i] as usize] {
            WORD => i += 1,
            UNI if unicode_space(&text[i..]) == 0 => i += 1,
            _ => break,
        }
    }
    i
}

/// Where the line that `i` is on ends.
fn line_end(text: &[u8], i: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &text[i..]).map_or(text.len(), |n| i + n)
}

/// The lexeme a special byte (`;`, a brace, a bracket, a quote) at `i`
/// starts; returns where the next one starts.
fn special(text: &[u8], mut i: usize, out: &mut Vec<Lexeme>) -> usize {
    let start = i;
    match text[i] {
        b';' => {
            i = line_end(text, i);
            push(out, Lex::Comment, start, i);
        }
        b'{' => match memchr::memchr(b'}', &text[i + 1..]) {
            Some(n) => {
                i += n + 2;
                push(out, Lex::Comment, start, i);
            }
            None => {
                i = text.len();
                push(out, Lex::Bad(BadLex::UnclosedComment), start, start + 1);
            }
        },
        b'}' => {
            i += 1;
            push(out, Lex::Bad(BadLex::StrayBrace), start, i);
        }
        b'"' => {
            let string = string_end(text, i);
            i = string.end;
            let kind = if string.closed {
                Lex::Str
            } else {
                Lex::Bad(BadLex::UnclosedString)
            };
            push(out, kind, start, i);
        }
        b => {
            i += 1;
            let kind = match b {
                b'(' => Lex::Open(Delim::Paren),
                b')' => Lex::Close(Delim::Paren),
                b'[' => Lex::Open(Delim::Bracket),
                _ => Lex::Close(Delim::Bracket),
            };
            push(out, kind, start, i);
        }
    }
    i
}

/// Where a string ends ([`string_end`]).
pub(super) struct StrEnd {
    /// Just past its closing quote, or where it stops unclosed.
    pub end: usize,
    /// Closed by a quote (a line break or the text's end leaves it open).
    pub closed: bool,
    /// It has a `\` escape (which may take a line break into it).
    pub escapes: bool,
}

/// Where the string that starts with the quote at `start` ends. `\`
/// escapes the next byte.
pub(super) fn string_end(text: &[u8], start: usize) -> StrEnd {
    let mut i = start + 1;
    let mut escapes = false;
    let end = |end, closed, escapes| StrEnd {
        end,
        closed,
        escapes,
    };
    while i < text.len() {
        // Straight to the next quote, escape or line break.
        match scan::find_any(&text[i..], [b'"', b'\\', b'\n', b'\r']) {
            n if i + n < text.len() => i += n,
            _ => return end(text.len(), false, escapes),
        }
        match text[i] {
            b'\\' => {
                escapes = true;
                i += 2;
            }
            b'"' => return end(i + 1, true, escapes),
            _ => return end(i, false, escapes),
        }
    }
    end(i.min(text.len()), false, escapes)
}

/// The value of a string lexeme: quotes removed, `\"` and `\\` unescaped.
/// Borrowed from the source unless it contains escapes.
pub fn string_value(source: &Source, range: Range) -> std::borrow::Cow<'_, str> {
    let raw = source.slice(range);
    let inner = raw
        .strip_prefix('"')
        .map(|s| s.strip_suffix('"').unwrap_or(s))
        .unwrap_or(raw);
    if !inner.contains('\\') {
        return std::borrow::Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(next) => out.push(next),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Lex, String)> {
        let src = Source::text(text, None, None);
        lex(&src)
            .into_iter()
            .map(|l| (l.kind, src.slice(l.range).to_string()))
            .collect()
    }

    #[test]
    fn words_comments_and_brackets() {
        use Lex::*;
        let got =
            kinds("[Event \"a \\\"b\\\"\"]\n1.e4 {comment} e5 ; rest\n% escape\n(2. Nf3) 1-0");
        let want: Vec<(Lex, &str)> = vec![
            (Open(Delim::Bracket), "["),
            (Word, "Event"),
            (Str, "\"a \\\"b\\\"\""),
            (Close(Delim::Bracket), "]"),
            (Word, "1.e4"),
            (Comment, "{comment}"),
            (Word, "e5"),
            (Comment, "; rest"),
            (Comment, "% escape"),
            (Open(Delim::Paren), "("),
            (Word, "2."),
            (Word, "Nf3"),
            (Close(Delim::Paren), ")"),
            (Word, "1-0"),
        ];
        assert_eq!(
            got,
            want.into_iter()
                .map(|(k, s)| (k, s.to_string()))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn string_values_unescape() {
        let src = Source::text(r#""a \"b\" \\ c""#, None, None);
        let l = lex(&src);
        assert_eq!(string_value(&src, l[0].range), r#"a "b" \ c"#);
    }

    #[test]
    fn bad_input_is_reported_not_panicking() {
        assert_eq!(
            kinds("e4 { never closed")[1].0,
            Lex::Bad(BadLex::UnclosedComment)
        );
        assert_eq!(kinds("\"open")[0].0, Lex::Bad(BadLex::UnclosedString));
        assert_eq!(kinds("}")[0].0, Lex::Bad(BadLex::StrayBrace));
        assert_eq!(kinds("\"a\\")[0].0, Lex::Bad(BadLex::UnclosedString));
    }

    #[test]
    fn every_byte_is_consumed() {
        for b in 0u8..128 {
            let text = format!("e4{}e5", b as char);
            let src = Source::text(text.as_str(), None, None);
            let lexemes = lex(&src);
            assert!(!lexemes.is_empty());
            assert!(lexemes.iter().all(|l| l.range.end > l.range.start), "{b}");
        }
    }

    #[test]
    fn no_break_spaces_separate_words() {
        // U+00A0, U+202F and U+2009 between words; figurines and `½` stay
        // inside theirs.
        let got = kinds("1.\u{a0}e4\u{202f}♘f6\u{2009}½–½");
        let words: Vec<&str> = got.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(words, ["1.", "e4", "♘f6", "½–½"]);
        assert!(got.iter().all(|(k, _)| *k == Lex::Word));
    }

    #[test]
    fn bom_and_percent_only_at_line_start() {
        let got = kinds("\u{feff}e4 %x\n%skip\ne5");
        assert_eq!(got.len(), 4);
        assert_eq!(got[0].1, "e4");
        assert_eq!(got[1].1, "%x");
        assert_eq!(got[2].0, Lex::Comment);
    }

    #[test]
    fn a_bom_at_any_line_start_is_not_text() {
        // Two files joined by `cat`: the second's mark begins a line.
        let got = kinds("e4\n\u{feff}[Event \"x\"]\n\u{feff}%skip\ne5 \u{feff}x");
        let words: Vec<&str> = got.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(
            words,
            ["e4", "[", "Event", "\"x\"", "]", "%skip", "e5", "\u{feff}x"]
        );
        assert_eq!(got[5].0, Lex::Comment);
    }
}
