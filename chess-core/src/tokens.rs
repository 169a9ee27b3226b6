//! The token front end: renders Rust tokens as chess text, keeping a span for
//! every rendered token.
//!
//! The Rust lexer splits chess notation differently from how people read it
//! (`O-O` is three tokens, `1.e4` is `1` `.` `e4`, `e8=Q` is three). Tokens
//! written next to each other are joined back into one word; tokens with
//! white space between them stay apart. Adjacency is read from the spans'
//! line and column, so only pairs involving punctuation need asking (two
//! identifiers or literals can never touch). When the compiler gives no
//! positions (some IDE servers), punctuation rules decide instead.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Group, Literal, Spacing, Span, TokenStream, TokenTree, token_stream};

use crate::source::{Mark, Source};

/// An open group: its tokens, and the closing delimiter to render at its end.
type Frame = (
    std::iter::Peekable<token_stream::IntoIter>,
    Option<(char, Span)>,
);

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

/// Renders a token stream (the macro input) as chess text.
///
/// `call_site` is where diagnostics go when no token is involved (e.g. an
/// empty game).
pub fn render(tokens: TokenStream, call_site: Span) -> Source {
    let mut r = Renderer {
        text: String::new(),
        marks: Vec::new(),
        prev: Prev::Start,
    };
    let mut stack: Vec<Frame> = vec![(tokens.into_iter().peekable(), None)];
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
                        group.stream().into_iter().peekable(),
                        Some((close, group.span_close())),
                    ));
                }
                Delimiter::None => stack.push((group.stream().into_iter().peekable(), None)),
            },
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                // `/// doc` comments arrive as `#[doc = "…"]` (or `#![…]`).
                if c == '#' && skip_doc_attribute(iter) {
                    continue;
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

/// Consumes `[doc …]` or `![doc …]` after a `#` if present.
fn skip_doc_attribute(iter: &mut std::iter::Peekable<token_stream::IntoIter>) -> bool {
    let is_doc = |g: &Group| {
        g.delimiter() == Delimiter::Bracket
            && matches!(g.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc")
    };
    let mut lookahead = iter.clone();
    match lookahead.next() {
        Some(TokenTree::Group(g)) if is_doc(&g) => {
            iter.next();
            true
        }
        Some(TokenTree::Punct(p)) if p.as_char() == '!' => match lookahead.next() {
            Some(TokenTree::Group(g)) if is_doc(&g) => {
                iter.next();
                iter.next();
                true
            }
            _ => false,
        },
        _ => false,
    }
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
            Prev::Punct(c, _, prev) => {
                touching(prev, span).unwrap_or(matches!(c, '-' | '=' | '/' | '.' | '$' | '@'))
            }
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
            Prev::Word(prev) => touching(prev, span).unwrap_or(matches!(
                c,
                '-' | '=' | '/' | '.' | '+' | '#' | '!' | '?' | ':' | ';' | ','
            )),
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

    fn rendered(input: &str) -> String {
        let ts: TokenStream = input.parse().unwrap();
        render(ts, Span::call_site()).as_str().to_string()
    }

    #[test]
    fn joins_adjacent_tokens_only() {
        assert_eq!(rendered("1. e4 e5 2.Nf3"), "1. e4 e5 2.Nf3");
        assert_eq!(rendered("O-O-O 0-0 e8=Q e8 = Q"), "O-O-O 0-0 e8=Q e8 = Q");
        assert_eq!(rendered("Qh5 # 1-0"), "Qh5 # 1-0");
        assert_eq!(rendered("Qh5++ 10...Nc6"), "Qh5++ 10...Nc6");
        assert_eq!(rendered("1/2-1/2"), "1/2-1/2");
        assert_eq!(rendered("exd6 e.p. $12 !?"), "exd6 e.p. $12 !?");
        assert_eq!(
            rendered("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
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
        let src = render(ts, Span::call_site());
        let (first, last) = src
            .spans(crate::source::Range::new(3, 6))
            .expect("token spans");
        assert_eq!(first.start().column, 3);
        assert_eq!(last.end().column, 6);
    }
}
