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
//! diagram's `. . r` must not join a square of the line above. Only there
//! does the renderer ask for line and column, which costs a source-map lookup
//! in the compiler per question (ordinary move numbers like `12.` are single
//! tokens and never ask). When the compiler gives no positions (some IDE
//! servers), `-` and `.` join their neighbours.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Group, Literal, Spacing, Span, TokenTree};

use crate::source::{Mark, Source};

/// Tokens to render.
type Tokens<'a> = std::iter::Peekable<Box<dyn Iterator<Item = TokenTree> + 'a>>;

/// An open group: its tokens, and the closing delimiter to render at its end.
type Frame<'a> = (Tokens<'a>, Option<(char, Span)>);

#[derive(Copy, Clone)]
enum Prev {
    Start,
    Word(Span),
    Punct(char, Spacing, Span),
    Bracket,
}

struct Renderer {
    text: String,
    marks: Vec<Mark>,
    prev: Prev,
}

fn tokens<'a>(iter: impl Iterator<Item = TokenTree> + 'a) -> Tokens<'a> {
    let boxed: Box<dyn Iterator<Item = TokenTree> + 'a> = Box::new(iter);
    boxed.peekable()
}

/// Renders tokens (the macro input) as chess text.
///
/// `call_site` is where diagnostics go when no token is involved (e.g. an
/// empty game).
pub fn render<'a>(input: impl Iterator<Item = TokenTree> + 'a, call_site: Span) -> Source {
    let mut r = Renderer {
        text: String::new(),
        marks: Vec::new(),
        prev: Prev::Start,
    };
    let mut stack: Vec<Frame<'a>> = vec![(tokens(input), None)];
    while let Some((iter, _)) = stack.last_mut() {
        let Some(tree) = iter.next() else {
            if let Some((_, Some((close, span)))) = stack.pop() {
                r.bracket(close, span);
            }
            continue;
        };
        match tree {
            TokenTree::Group(group) => match group.delimiter() {
                Delimiter::Brace => {
                    // A `{ … }` comment: its content is never looked at.
                    r.bracket('{', group.span_open());
                    r.bracket('}', group.span_close());
                }
                Delimiter::Parenthesis | Delimiter::Bracket => {
                    let (open, close) = if group.delimiter() == Delimiter::Parenthesis {
                        ('(', ')')
                    } else {
                        ('[', ']')
                    };
                    r.bracket(open, group.span_open());
                    stack.push((
                        tokens(group.stream().into_iter()),
                        Some((close, group.span_close())),
                    ));
                }
                Delimiter::None => stack.push((tokens(group.stream().into_iter()), None)),
            },
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                // `/// doc` comments arrive as `#[doc = "…"]` (or `#![…]`).
                if c == '#' {
                    if matches!(iter.peek(), Some(TokenTree::Group(g)) if is_doc(g)) {
                        iter.next();
                        continue;
                    }
                    if matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '!') {
                        let bang = iter.next();
                        if matches!(iter.peek(), Some(TokenTree::Group(g)) if is_doc(g)) {
                            iter.next();
                            continue;
                        }
                        r.punct(c, punct.spacing(), punct.span());
                        if let Some(TokenTree::Punct(bang)) = bang {
                            r.punct('!', bang.spacing(), bang.span());
                        }
                        continue;
                    }
                }
                r.punct(c, punct.spacing(), punct.span());
            }
            TokenTree::Ident(ident) => {
                r.separate_word(ident.span());
                r.mark(ident.span());
                let _ = write!(r.text, "{ident}");
                r.prev = Prev::Word(ident.span());
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
            Prev::Punct('-' | '.', _, prev) => touching(prev, span).unwrap_or(true),
            // Markers and annotations end a move; the rest reads the same
            // either way and is joined (`e8=Q`, `1.e4`, `$1`, `1/2`).
            Prev::Punct('+' | '#' | '!' | '?' | '*' | ',' | ';' | ':', _, _) => false,
            Prev::Punct(..) => true,
            Prev::Start | Prev::Word(_) | Prev::Bracket => false,
        };
        if !join {
            self.space();
        }
    }

    fn punct(&mut self, c: char, spacing: Spacing, span: Span) {
        let join = match self.prev {
            Prev::Punct(_, Spacing::Joint, _) => true,
            Prev::Punct(_, Spacing::Alone, _) | Prev::Start | Prev::Bracket => false,
            Prev::Word(prev) if matches!(c, '-' | '.') => touching(prev, span).unwrap_or(true),
            // `*` (a result) and `$` (a NAG) start words of their own.
            Prev::Word(_) => !matches!(c, '*' | '$'),
        };
        if !join {
            self.space();
        }
        self.mark(span);
        self.text.push(c);
        self.prev = Prev::Punct(c, spacing, span);
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
        if rendered.starts_with('"') || rendered.starts_with("r\"") || rendered.starts_with("r#") {
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
        self.prev = Prev::Word(span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::TokenStream;

    fn rendered(input: &str) -> String {
        let ts: TokenStream = input.parse().unwrap();
        render(ts.into_iter(), Span::call_site())
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
        // `-` and `.` follow the spacing as written.
        assert_eq!(rendered("e2-e4 e2 - e4 1 - 0"), "e2-e4 e2 - e4 1 - 0");
        assert_eq!(rendered("r . b\n. q ."), "r . b . q .");
        assert_eq!(rendered("r.b"), "r.b");
    }

    #[test]
    fn groups_comments_and_strings() {
        assert_eq!(
            rendered(r#"[Event "A \"B\""] 1. e4 { "a } b" } (1. d4) e5"#),
            r#"[ Event "A \"B\"" ] 1. e4 { } ( 1. d4 ) e5"#
        );
        assert_eq!(rendered(r##"[Site r#"x\y"#]"##), r#"[ Site "x\\y" ]"#);
    }

    #[test]
    fn doc_comments_are_comments() {
        assert_eq!(rendered("/// hello\n1. e4 //! inner\n e5"), "1. e4 e5");
    }

    #[test]
    fn marks_map_back_to_tokens() {
        let ts: TokenStream = "1. O-O".parse().unwrap();
        let src = render(ts.into_iter(), Span::call_site());
        let (first, last) = src
            .spans(crate::source::Range::new(3, 6))
            .expect("token spans");
        assert_eq!(first.start().column, 3);
        assert_eq!(last.end().column, 6);
    }
}
