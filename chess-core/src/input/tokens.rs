//! The token front end: renders Rust tokens as chess text, keeping a span for
//! every rendered token.
//!
//! The Rust lexer splits chess notation differently from how people read it
//! (`O-O` is three tokens, `1.e4` is `1` `.` `e4`, `e8=Q` is three). Tokens
//! written next to each other are joined back into one word; tokens with
//! white space between them stay apart. Two identifiers or literals never
//! touch, and two punctuation marks say so themselves (`Spacing::Joint`).
//! Between a word and punctuation the grammar reads both spellings the same
//! way (`e8=Q` and `e8 = Q`, `Qh5+` and `Qh5 +`), except for `-` and `.`:
//! `O-O` and `1-0` are words while FEN's `b - - 0 1` is five fields, and a
//! diagram's `. . r` must not join a square of the line above. Asking the
//! compiler for a token's line and column costs a source-map lookup per
//! question, so the renderer asks only where the answer can matter: before
//! a `-` that follows a word FEN's side or castling field could be (`w`,
//! `b`, `KQkq`, `HAha`) and before `--` (a null move), before a `.` that follows a word (a diagram's line
//! may end with it), except `e` of `e.p.` and a move number's `12.`, and
//! after a `-` or `.` unless it joined `O`, a number or `e` (FEN's `- 0 1`,
//! a diagram's `. r`). Castling and results never ask: `O-O-O`, `1-0`,
//! `e2-e4`, `12...Nc6` join. A crazyhouse drop's `@` joins a capital
//! letter that is a token of its own before it, unless a `-`, `=` or `/`
//! comes right before that letter (`N@f3`, `N @f3`, a promoted piece's
//! `+S@a1`), and nothing else, so that a drop written after a move reads
//! as a move of its own (`Kxd2 @e3`, `O-O @e3`, `exd8=Q @f6`). Pockets
//! written against a FEN board (`…/4K3[Np]`) stay part of its word, and a `+`
//! after a number, or before one at the start of a word, joins only where
//! written so (Three-check's `1+3` and `+2+0`). When the
//! compiler gives no positions (some IDE servers), `-` and `.` join their
//! neighbours.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Group, Literal, Spacing, Span, TokenStream, TokenTree, token_stream};

use super::source::{Mark, Source};

/// The tokens of an open group, and the closing delimiter to render at its
/// end.
type OpenGroup = (token_stream::IntoIter, Option<(char, Span)>);

/// The input and the groups open in it, innermost last. (No iterator
/// adapters: this runs for every token, in a proc macro that dev builds
/// compile without optimization.)
struct Levels {
    /// Tokens already taken from `top` (by a caller's lookahead), which
    /// come first.
    front: Option<std::vec::IntoIter<TokenTree>>,
    top: token_stream::IntoIter,
    groups: Vec<OpenGroup>,
    /// One token of lookahead.
    peeked: Option<TokenTree>,
}

/// What comes next in [`Levels`].
enum Next {
    Tree(TokenTree),
    /// The end of a group, with its closing delimiter if it has one.
    Close(Option<(char, Span)>),
    End,
}

impl Levels {
    fn pull(&mut self) -> Option<TokenTree> {
        if let Some(front) = &mut self.front {
            if let Some(tree) = front.next() {
                return Some(tree);
            }
            self.front = None;
        }
        self.top.next()
    }

    fn next(&mut self) -> Next {
        // A pattern rather than `take()` alone, which moves the whole
        // (empty) slot through a call even when nothing was peeked.
        if let Some(_) = &self.peeked
            && let Some(tree) = self.peeked.take()
        {
            return Next::Tree(tree);
        }
        let tree = match self.groups.last_mut() {
            Some((tokens, _)) => tokens.next(),
            None => self.pull(),
        };
        match tree {
            Some(tree) => Next::Tree(tree),
            None => match self.groups.pop() {
                Some((_, close)) => Next::Close(close),
                None => Next::End,
            },
        }
    }

    /// The next token of the current level.
    fn peek(&mut self) -> Option<&TokenTree> {
        if self.peeked.is_none() {
            self.peeked = match self.groups.last_mut() {
                Some((tokens, _)) => tokens.next(),
                None => self.pull(),
            };
        }
        self.peeked.as_ref()
    }

    fn open(&mut self, group: &Group, close: Option<(char, Span)>) {
        self.groups.push((group.stream().into_iter(), close));
    }
}

#[derive(Copy, Clone)]
enum Prev {
    Start,
    /// A word's last token, and where its text starts.
    Word(Span, usize),
    /// A punctuation mark, and whether a word after it joins without asking
    /// where it starts (a `-` or `.` that joined `O`, `1`, `e`: `O-O`,
    /// `1.e4`, `e.p`).
    Punct(char, Spacing, Span, bool),
    Bracket,
}

struct Renderer {
    text: String,
    marks: Vec<Mark>,
    prev: Prev,
}

/// The tokens of `group` (a call's input) as the compiler prints them, if
/// that text is what [`render`] makes of them ([`plain`]). The compiler
/// prints a stream in one call, where `render` asks it for each token's
/// text and span; the text has no spans, so it serves a call that is read
/// and verified without a word to say.
pub fn printed(group: &Group) -> Option<Source> {
    let stream = group.stream();
    let text = stream.to_string();
    printed_as(&stream, text, group.span())
}

/// `text`, the compiler's printing of `tokens`, as [`printed`] takes it:
/// [`plain`], and where a move number stands before a word from a `@`,
/// `$` or `*` (`12. @f3`), a literal `12.` in the tokens, not `12 .`
/// (which prints alike, and `render` writes apart).
pub fn printed_as(tokens: &TokenStream, text: String, anchor: Span) -> Option<Source> {
    let (source, ambiguous) = plain(text, anchor)?;
    if ambiguous && lone_dot_after_literal(tokens) {
        return None;
    }
    Some(source)
}

/// Whether a lone `.` follows a literal among `tokens` (`12 .`).
fn lone_dot_after_literal(tokens: &TokenStream) -> bool {
    let mut after_literal = false;
    for tree in tokens.clone() {
        if after_literal && matches!(&tree, TokenTree::Punct(p) if p.as_char() == '.') {
            return true;
        }
        after_literal = matches!(tree, TokenTree::Literal(_));
    }
    false
}

/// `text`, tokens as the compiler prints them, as their source if it is
/// plain movetext written as [`render`] writes it; `anchor` is where a
/// diagnostic would go. The compiler keeps the source's spacing between
/// tokens (a space where there was white space, none where there was
/// none), but for a `.` (`13 . Nf3` prints as `13.Nf3`) and a `!` after
/// a name; `render` joins some tokens written apart (`Qh5 +`, `e8 = Q`)
/// and parts some written together (`Nf3+Nc6`). So only words that read
/// the same both ways are taken, each one of:
///
/// * a move, from a letter or digit (or a drop's `@`, below), with `=`,
///   `-` or `/` only between two of those (`exd8=Q`, `O-O-O`,
///   `1/2-1/2`), then only marks (`+ # ! ?`);
/// * a move number, digits then `.` and white space (a literal such as
///   `12.`, which no `.` after it joins; before a `@`, `$` or `*`, which
///   `12 .` before them prints alike, [`printed_as`] asks the tokens),
///   or `...` and the move;
/// * `$` and digits (a NAG), or `*`;
/// * `#` after a move: the mate mark a move's name cannot touch in Rust
///   (`Qh5#` is a reserved prefix), which `render` joins to the move;
/// * a crazyhouse drop, `@` then a letter at a word's start or after its
///   one capital letter (`@f3`, `N@f3`), where the word before it does
///   not end in a capital letter of its own (`render` joins the `@` of
///   `N @f3` and `12...N @f3` to it, not that of `O-O @e3`).
///
/// Anything else (strings, comments, brackets, options, `e.p.`,
/// `1.e4`, a mark on its own) is for `render`.
///
/// With the source, whether a move number stands before a word from a
/// `@`, `$` or `*`, which the printing of `12 .` gives too
/// ([`printed_as`]).
fn plain(text: String, anchor: Span) -> Option<(Source, bool)> {
    let mut ambiguous = false;
    // (A table and indexing: this runs for every byte, in a proc macro
    // that dev builds compile without optimization.)
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut i = 0;
    // Whether the last word was a move without a `#`, and whether it
    // ended in a capital letter of its own (which a drop's `@` after it
    // would join: `N @f3` renders as `N@f3`, `12...N @f3` as
    // `12...N@f3`).
    let (mut after_move, mut after_capital) = (false, false);
    while i < n {
        let first = CLASS[bytes[i] as usize];
        if first == SPACE {
            i += 1;
            continue;
        }
        // A word.
        let start = i;
        let mut is_move = false;
        if first == STAR || (first == MARK && bytes[i] == b'#' && after_move) {
            i += 1;
        } else if first == DOLLAR {
            i += 1;
            if class_at(bytes, i) != DIGIT {
                return None;
            }
            while class_at(bytes, i) == DIGIT {
                i += 1;
            }
        } else if first == DIGIT || first == LETTER || (first == DROP && !after_capital) {
            let (mut digits, mut dash, mut mate) = (true, false, false);
            loop {
                let c = class_at(bytes, i);
                if c == DIGIT {
                    i += 1;
                } else if c == LETTER {
                    digits = false;
                    i += 1;
                } else if c == SPACE {
                    break;
                } else if c == JOIN {
                    // Between two letters or digits.
                    let next = class_at(bytes, i + 1);
                    if next != DIGIT && next != LETTER {
                        return None;
                    }
                    dash |= bytes[i] != b'=';
                    digits = false;
                    i += 1;
                } else if c == DROP {
                    // A drop: `@` first (a pawn's, `@f3`) or after one
                    // capital letter (`N@f3`), then a square's letter.
                    let capital = i == start + 1 && bytes[start].is_ascii_uppercase();
                    if !(i == start || capital) || class_at(bytes, i + 1) != LETTER {
                        return None;
                    }
                    digits = false;
                    i += 1;
                } else if c == DOT {
                    // A move number: `12.` then white space, or `12...`
                    // and the move.
                    if !digits {
                        return None;
                    }
                    if class_at(bytes, i + 1) == SPACE {
                        // (`12 . @f3` prints as `12. @f3` too: a lone `.`
                        // joins the word before it, not a `@`, `$` or `*`
                        // after it. Which it was, the tokens say.)
                        let mut next = i + 1;
                        while next < n && CLASS[bytes[next] as usize] == SPACE {
                            next += 1;
                        }
                        ambiguous |= matches!(class_at(bytes, next), DROP | DOLLAR | STAR);
                        i += 1;
                    } else if class_at(bytes, i + 1) == DOT
                        && class_at(bytes, i + 2) == DOT
                        && matches!(class_at(bytes, i + 3), DIGIT | LETTER)
                    {
                        digits = false;
                        i += 3;
                    } else {
                        return None;
                    }
                } else {
                    // Marks, to the end of the word.
                    while class_at(bytes, i) == MARK {
                        mate |= bytes[i] == b'#';
                        i += 1;
                    }
                    break;
                }
            }
            // Not a move: a move number, a result (from a digit, with a
            // `-`; `0-0` is taken for one too), a move with `#` already.
            is_move = bytes[i - 1] != b'.' && !(first == DIGIT && dash) && !mate;
        } else {
            return None;
        }
        if class_at(bytes, i) != SPACE {
            return None;
        }
        after_move = is_move;
        // (A capital letter that ends a longer word after `=`, `-` or
        // `/` is a move's: `exd8=Q`, `O-O`.)
        after_capital = bytes[i - 1].is_ascii_uppercase()
            && (i == start + 1 || !matches!(class_at(bytes, i - 2), LETTER | DIGIT | JOIN));
    }
    Some((
        Source::from_rendered_tokens(text, Vec::new(), anchor),
        ambiguous,
    ))
}

/// What the byte at `i` is to [`plain`] (white space past the end).
#[inline(always)]
fn class_at(bytes: &[u8], i: usize) -> u8 {
    if i < bytes.len() {
        CLASS[bytes[i] as usize]
    } else {
        SPACE
    }
}

// What a byte is to [`plain`].
const SPACE: u8 = 0;
const DIGIT: u8 = 1;
const LETTER: u8 = 2;
/// `=`, `-`, `/`: between two letters or digits.
const JOIN: u8 = 3;
const DOT: u8 = 4;
/// `+`, `#`, `!`, `?`.
const MARK: u8 = 5;
const STAR: u8 = 6;
const DOLLAR: u8 = 7;
/// `@`: a crazyhouse drop's.
const DROP: u8 = 8;
const OTHER: u8 = 9;

static CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        class[b] = if byte.is_ascii_digit() {
            DIGIT
        } else if byte.is_ascii_alphabetic() {
            LETTER
        } else {
            match byte {
                b' ' | b'\n' => SPACE,
                b'=' | b'-' | b'/' => JOIN,
                b'.' => DOT,
                b'+' | b'#' | b'!' | b'?' => MARK,
                b'*' => STAR,
                b'$' => DOLLAR,
                b'@' => DROP,
                _ => OTHER,
            }
        };
        b += 1;
    }
    class
};

/// Renders tokens (the macro input: `ahead`, then `rest`) as chess text.
///
/// `call_site` is where diagnostics go when no token is involved (e.g. an
/// empty game).
pub fn render(ahead: Vec<TokenTree>, rest: token_stream::IntoIter, call_site: Span) -> Source {
    let mut r = Renderer {
        text: String::new(),
        marks: Vec::new(),
        prev: Prev::Start,
    };
    let mut levels = Levels {
        front: (!ahead.is_empty()).then(|| ahead.into_iter()),
        top: rest,
        groups: Vec::new(),
        peeked: None,
    };
    loop {
        let tree = match levels.next() {
            Next::Tree(tree) => tree,
            Next::Close(close) => {
                if let Some((close, span)) = close {
                    r.bracket(close, span);
                }
                continue;
            }
            Next::End => break,
        };
        match tree {
            TokenTree::Group(group) => match group.delimiter() {
                Delimiter::Brace => {
                    // A `{ … }` comment: a string in it is its text, kept
                    // with the game; anything else is not looked at.
                    r.bracket('{', group.span_open());
                    match comment_text(&group) {
                        Some((text, span)) => {
                            // The text maps back to its string literal.
                            r.mark(span);
                            r.text.push_str(&text);
                            r.mark(group.span_close());
                            r.text.push('}');
                            r.prev = Prev::Bracket;
                        }
                        None => r.bracket('}', group.span_close()),
                    }
                }
                Delimiter::Bracket if r.pockets(&group) => {}
                Delimiter::Parenthesis | Delimiter::Bracket => {
                    let (open, close) = if group.delimiter() == Delimiter::Parenthesis {
                        ('(', ')')
                    } else {
                        ('[', ']')
                    };
                    r.bracket(open, group.span_open());
                    levels.open(&group, Some((close, group.span_close())));
                }
                Delimiter::None => levels.open(&group, None),
            },
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                // `/// doc` comments arrive as `#[doc = "…"]` (or `#![…]`).
                if c == '#' {
                    if matches!(levels.peek(), Some(TokenTree::Group(g)) if is_doc(g)) {
                        levels.next();
                        continue;
                    }
                    if matches!(levels.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!') {
                        let bang = levels.next();
                        if matches!(levels.peek(), Some(TokenTree::Group(g)) if is_doc(g)) {
                            levels.next();
                            continue;
                        }
                        r.punct(c, punct.spacing(), punct.span());
                        if let Next::Tree(TokenTree::Punct(bang)) = bang {
                            r.punct('!', bang.spacing(), bang.span());
                        }
                        continue;
                    }
                }
                r.punct(c, punct.spacing(), punct.span());
            }
            TokenTree::Ident(ident) => {
                let span = ident.span();
                r.separate_word(span);
                r.mark(span);
                let start = r.text.len();
                let _ = write!(r.text, "{ident}");
                r.prev = Prev::Word(span, start);
            }
            TokenTree::Literal(lit) => r.literal(&lit),
        }
    }
    Source::from_rendered_tokens(r.text, r.marks, call_site)
}

fn is_doc(g: &Group) -> bool {
    g.delimiter() == Delimiter::Bracket
        && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc")
}

/// `Some(true)` if `b` starts right where `a` ends, `None` if the compiler
/// gives no usable positions.
fn touching(a: Span, b: Span) -> Option<bool> {
    let a_end = a.end();
    let b_start = b.start();
    if a_end.line == 0 || b_start.line == 0 {
        return None;
    }
    if a_end == b_start && a.start() == a_end {
        // Zero-width token: the positions are placeholders.
        return None;
    }
    Some(a_end == b_start)
}

impl Renderer {
    fn mark(&mut self, span: Span) {
        self.marks.push(Mark {
            offset: self.text.len() as u32,
            span,
        });
    }

    fn space(&mut self) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
    }

    /// Before an identifier or literal.
    fn separate_word(&mut self, span: Span) {
        let join = match self.prev {
            // `O-O`, `1-0`, `1.e4`, `e.p`.
            Prev::Punct('-' | '.', _, _, true) => true,
            // FEN's `- 0 1`, a diagram's `. r`, `e.p. 5.`.
            Prev::Punct('-' | '.', _, prev, false) => touching(prev, span).unwrap_or(true),
            // Three-check's counters: `1+3`, lichess's `+2+0`.
            Prev::Punct('+', _, prev, true) => touching(prev, span).unwrap_or(true),
            // A wall's square right after a move's comma (duck chess's
            // `e4,e5`).
            Prev::Punct(',', _, prev, _) => touching(prev, span).unwrap_or(false),
            // Markers and annotations end a move; the rest reads the same
            // either way and is joined (`e8=Q`, `1.e4`, `$1`, `1/2`).
            Prev::Punct('+' | '#' | '!' | '?' | '*' | ';' | ':', ..) => false,
            Prev::Punct(..) => true,
            Prev::Start | Prev::Word(..) | Prev::Bracket => false,
        };
        if !join {
            self.space();
        }
    }

    fn punct(&mut self, c: char, spacing: Spacing, span: Span) {
        let join = match self.prev {
            Prev::Punct(_, Spacing::Joint, ..) => true,
            Prev::Punct(_, Spacing::Alone, ..) | Prev::Start | Prev::Bracket => false,
            Prev::Word(prev, start) if matches!(c, '-' | '.') => {
                let word = &self.text[start..];
                let may_be_field = if c == '-' {
                    // `--` (a null move) or a `-` after FEN's side to move
                    // or castling field.
                    spacing == Spacing::Joint
                        || word.bytes().all(|b| {
                            matches!(b, b'K' | b'Q' | b'k' | b'q' | b'w' | b'A'..=b'H' | b'a'..=b'h')
                        })
                } else {
                    // Any word may end a diagram's line, except `e` of
                    // `e.p.` and a move number's dots (`12...`).
                    word != "e" && !word.ends_with('.')
                };
                !may_be_field || touching(prev, span).unwrap_or(true)
            }
            // A drop's `@` joins the letter of the piece dropped (`N@f3`,
            // a promoted one's `+S@a1`); after a move it starts the next
            // one (`Kxd2 @e3`), after a move that ends in a capital letter
            // too (`O-O @e3`, `exd8=Q @f6`).
            Prev::Word(_, start) if c == '@' => {
                let text = self.text.as_bytes();
                let ends_move = start > 0 && matches!(text[start - 1], b'-' | b'=' | b'/');
                matches!(text[start..], [letter] if letter.is_ascii_uppercase()) && !ends_move
            }
            // After a number, a `+` is one of Three-check's counters
            // (`1+3`, `+2+0`), joined only where written so (a check
            // marker never follows a number).
            Prev::Word(prev, start)
                if c == '+' && self.text[start..].bytes().all(|b| b.is_ascii_digit()) =>
            {
                touching(prev, span).unwrap_or(true)
            }
            // `*` (a result) and `$` (a NAG) start words of their own.
            Prev::Word(..) => !matches!(c, '*' | '$'),
        };
        if !join {
            self.space();
        }
        self.mark(span);
        let free = join
            && match self.prev {
                Prev::Word(_, start) => {
                    let word = &self.text[start..];
                    c == '-'
                        || word == "e"
                        || word.ends_with('.')
                        || word.bytes().all(|b| b.is_ascii_digit())
                }
                Prev::Punct(_, _, _, free) => free && c == '.',
                _ => false,
            }
            // A `+` that starts a word may start lichess's `+2+0`.
            || (!join && c == '+');
        self.text.push(c);
        self.prev = Prev::Punct(c, spacing, span, free);
    }

    /// Crazyhouse pockets written against a FEN board (`…/4K3[Np]`,
    /// `…/RNBQKBNR[]`): rendered as part of the board's word. `false`, and
    /// nothing rendered, for any other bracket.
    fn pockets(&mut self, group: &Group) -> bool {
        let Prev::Word(prev, _) = self.prev else {
            return false;
        };
        let word_start = self.text.rfind(' ').map_or(0, |i| i + 1);
        let mut inner = group.stream().into_iter();
        let letters = match (inner.next(), inner.next()) {
            (None, _) => None,
            (Some(TokenTree::Ident(ident)), None) => Some(ident),
            _ => return false,
        };
        if !self.text[word_start..].contains('/') || touching(prev, group.span_open()) != Some(true)
        {
            return false;
        }
        self.mark(group.span_open());
        self.text.push('[');
        if let Some(ident) = letters {
            self.mark(ident.span());
            let _ = write!(self.text, "{ident}");
        }
        self.mark(group.span_close());
        self.text.push(']');
        self.prev = Prev::Word(group.span_close(), word_start);
        true
    }

    fn bracket(&mut self, c: char, span: Span) {
        self.space();
        self.mark(span);
        self.text.push(c);
        self.prev = Prev::Bracket;
    }

    fn literal(&mut self, lit: &Literal) {
        let span = lit.span();
        self.separate_word(span);
        self.mark(span);
        let start = self.text.len();
        let _ = write!(self.text, "{lit}");
        let rendered = &self.text[start..];
        let is_string = matches!(rendered.as_bytes(), [b'"', ..] | [b'r', b'"' | b'#', ..]);
        if is_string {
            // A Rust string: re-render its value with PGN escapes.
            let value = match syn::Lit::new(lit.clone()) {
                syn::Lit::Str(s) => Some(s.value()),
                _ => None,
            };
            if let Some(value) = value {
                self.text.truncate(start);
                self.text.push('"');
                for ch in value.chars() {
                    if matches!(ch, '"' | '\\') {
                        self.text.push('\\');
                    }
                    self.text.push(ch);
                }
                self.text.push('"');
            }
        }
        self.prev = Prev::Word(span, start);
    }
}

/// The text of a `{ "…" }` comment: its one string literal's value, if it
/// can be written between braces (no `}`), and the literal's span.
fn comment_text(group: &proc_macro2::Group) -> Option<(String, Span)> {
    let mut trees = group.stream().into_iter();
    let (Some(TokenTree::Literal(lit)), None) = (trees.next(), trees.next()) else {
        return None;
    };
    let span = lit.span();
    match syn::Lit::new(lit) {
        syn::Lit::Str(s) => Some(s.value())
            .filter(|v| !v.contains('}'))
            .map(|v| (v, span)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::TokenStream;

    fn rendered(input: &str) -> String {
        let ts: TokenStream = input.parse().unwrap();
        render(Vec::new(), ts.into_iter(), Span::call_site())
            .as_str()
            .to_string()
    }

    #[test]
    fn joins_tokens_into_words() {
        assert_eq!(rendered("1. e4 e5 2.Nf3"), "1. e4 e5 2.Nf3");
        // Spacing around `=`, `+`, `#` does not change the meaning: joined.
        assert_eq!(rendered("O-O-O 0-0 e8=Q e8 = Q"), "O-O-O 0-0 e8=Q e8=Q");
        assert_eq!(rendered("Qh5 # 1-0"), "Qh5# 1-0");
        assert_eq!(
            rendered("Qh5++ 10...Nc6 Nf3 + Nc6"),
            "Qh5++ 10...Nc6 Nf3+ Nc6"
        );
        assert_eq!(rendered("1/2-1/2 *"), "1/2-1/2 *");
        assert_eq!(rendered("exd6 e.p. $12 !?"), "exd6 e.p. $12!?");
        assert_eq!(rendered("Ba4 $14 Nf6"), "Ba4 $14 Nf6");
        assert_eq!(
            rendered("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        // `-` and `.` follow the spacing as written where a FEN field or a
        // diagram could be meant, and join elsewhere.
        assert_eq!(rendered("e2-e4 e2 - e4 1 - 0"), "e2-e4 e2-e4 1-0");
        assert_eq!(
            rendered("w - - 0 1 KQkq - 0 1 HAha -"),
            "w - - 0 1 KQkq - 0 1 HAha -"
        );
        assert_eq!(rendered("b-"), "b-");
        assert_eq!(rendered("e4 -- 2. d4 e4--"), "e4 -- 2. d4 e4--");
        assert_eq!(
            rendered("r . b\n. q .\n4p3\n. 8\n."),
            "r . b . q . 4p3 . 8 ."
        );
        assert_eq!(rendered("r.b e.p. 5.e4"), "r.b e.p. 5.e4");
        // Crazyhouse drops: `@` joins a piece letter, and starts a move of
        // its own after another move, written apart or not.
        assert_eq!(
            rendered("N@f3 Kxd2 @e3 P @ e6 Qxe7+ @f2 @ g3"),
            "N@f3 Kxd2 @e3 P@e6 Qxe7+ @f2 @g3"
        );
        // After a move that ends in a capital letter, a pawn's drop is a
        // move of its own (it was joined to the letter: `O-O@e3`).
        assert_eq!(
            rendered("O-O @e3 exd8=Q @f6 exd8=N@f6 B @c4"),
            "O-O @e3 exd8=Q @f6 exd8=N @f6 B@c4"
        );
        // A promoted piece's drop, after a move number (which the `+`
        // joins, as it joins lichess's `+2+0`).
        assert_eq!(rendered("11. +S@a1 c7c6"), "11.+S@a1 c7c6");
        // Pockets against a FEN board; Three-check's counters as written.
        assert_eq!(
            rendered("4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1 8/8/8/8/8/8/8/8[] b"),
            "4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1 8/8/8/8/8/8/8/8[] b"
        );
        assert_eq!(
            rendered("8/8 [Np] [Event \"x\"]"),
            "8/8 [ Np ] [ Event \"x\" ]"
        );
        assert_eq!(
            rendered("w - - 1+3 0 1 w - - 0 1 +2+0 1 + 3 Qh5+ 2. Nf3 + Nc6"),
            "w - - 1+3 0 1 w - - 0 1 +2+0 1 + 3 Qh5+ 2. Nf3+ Nc6"
        );
        // A wall's square right after a move's comma joins it (duck
        // chess's `e4,e5`); after a comma and a space it stands apart.
        assert_eq!(
            rendered("1. e4,e5 e2e4,e4e5 Nf6, e6 Qh5,e2+"),
            "1. e4,e5 e2e4,e4e5 Nf6, e6 Qh5,e2+"
        );
    }

    #[test]
    fn groups_comments_and_strings() {
        assert_eq!(
            rendered(r#"[Event "A \"B\""] 1. e4 { "a } b" } (1. d4) e5"#),
            r#"[ Event "A \"B\"" ] 1. e4 { } ( 1. d4 ) e5"#
        );
        assert_eq!(
            rendered(r#"1. e4 { "the king's pawn" } e5 { 12 }"#),
            r#"1. e4 {the king's pawn} e5 { }"#
        );
        assert_eq!(rendered(r##"[Site r#"x\y"#]"##), r#"[ Site "x\\y" ]"#);
    }

    #[test]
    fn doc_comments_are_comments() {
        assert_eq!(rendered("/// hello\n1. e4 //! inner\n e5"), "1. e4 e5");
    }

    fn is_plain(text: &str) -> bool {
        plain(text.to_string(), Span::call_site()).is_some()
    }

    #[test]
    fn a_number_before_a_drop_is_taken_where_the_tokens_say_it_is_one() {
        // `17. @a4` and `17 . @a4` print alike; `render` writes the second
        // `17 .`, which is no move number.
        let printed = "17. @a4";
        let taken = |source: &str| {
            let tokens: TokenStream = source.parse().unwrap();
            printed_as(&tokens, printed.to_string(), Span::call_site()).is_some()
        };
        assert!(taken("17. @a4"));
        assert!(!taken("17 . @a4"));
        // Elsewhere the printing alone decides.
        let tokens: TokenStream = "17 . e4".parse().unwrap();
        assert!(printed_as(&tokens, "17. e4".to_string(), Span::call_site()).is_some());
        for (source, printed) in [("3 . $1", "3. $1"), ("3 . *", "3. *")] {
            let tokens: TokenStream = source.parse().unwrap();
            assert!(printed_as(&tokens, printed.to_string(), Span::call_site()).is_none());
        }
    }

    #[test]
    fn plain_text_is_words_the_renderer_writes_alike() {
        for text in [
            "",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qh5 # 1-0",
            "1. d4\nd5 2. c4 12...Nc6 13. O-O-O e8=Q+ exd6 $14 e4!? Nf3!! *",
            "1. f3 e5 2. g4 Qh4# 1/2-1/2 0-0-0 e2-e4 e2e4 Bf1-c4",
            // Crazyhouse drops: a piece's, a pawn's, after a move.
            "12. N@f3 @e3 13. Kxd2 @e3+ P@h7 # X@a1",
        ] {
            assert!(is_plain(text), "{text:?}");
        }
        for text in [
            // Read apart by the renderer, or joined by the compiler's
            // printing where the source had a space.
            "1.e4",
            "13.Nf3",
            "exd6 e.p.",
            "12... Nc6",
            "12 ... Nc6",
            "12...",
            "Nf3 + Nc6",
            "e8 = Q",
            "e8= Q",
            "e8 =Q",
            "Nf3+Nc6",
            "e4$1",
            "e4*",
            "1 - 0",
            "e4 !",
            "--",
            "- 0 1",
            "$",
            "$ 14",
            // A `#` not after a move.
            "# e4",
            "1. #",
            "1-0 #",
            "Qh5# #",
            "e4 # #",
            // Strings, comments, brackets, options, other bytes.
            "{ \"x\" }",
            "\"1. e4\"",
            "[Event \"x\"]",
            "#![allow(moves_after_draw)] 1. e4",
            "(1. d4)",
            // A drop's `@` joins a capital letter before it and the square
            // after it (`N @f3` renders `N@f3`), and nothing else
            // (`Kxd2@e3` renders `Kxd2 @e3`).
            "N @f3",
            "N\n@f3",
            "12...N @f3",
            "N @ f3",
            "N@ f3",
            "Kxd2@e3",
            "n@f3",
            "NB@f3",
            "@@f3",
            "N@@f3",
            "@1",
            "@",
            "e4@",
            "1.@f3",
            "1. e4 ; e5",
            "1. e4\te5",
            "1. é4",
        ] {
            assert!(!is_plain(text), "{text:?}");
        }
    }

    #[test]
    fn marks_map_back_to_tokens() {
        let ts: TokenStream = "1. O-O".parse().unwrap();
        let src = render(Vec::new(), ts.into_iter(), Span::call_site());
        let (first, last) = src
            .spans(crate::input::Range::new(3, 6))
            .expect("token spans");
        assert_eq!(first.start().column, 3);
        assert_eq!(last.end().column, 6);
    }
}
