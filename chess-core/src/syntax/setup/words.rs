//! The words a setup is read from: the lexemes after its keyword, or the
//! fields of a FEN string.

use crate::input::{Range, Source};

use crate::syntax::lexer::{Lex, Lexeme};

/// Words of the raw lexemes, with their text.
pub(super) struct Words<'a> {
    pub(super) source: &'a Source,
    pub(super) lexemes: &'a [Lexeme],
    pub(super) next: usize,
}

impl<'a> Words<'a> {
    pub(super) fn peek(&self) -> Option<(&'a str, Range)> {
        let l = self.lexemes.get(self.next)?;
        (l.kind == Lex::Word).then(|| (self.source.slice(l.range), l.range))
    }

    pub(super) fn peek_lexeme(&self) -> Option<Lexeme> {
        self.lexemes.get(self.next).copied()
    }

    pub(super) fn bump(&mut self) {
        self.next += 1;
        self.skip_comments();
    }

    pub(super) fn skip_comments(&mut self) {
        while self
            .lexemes
            .get(self.next)
            .is_some_and(|l| l.kind == Lex::Comment)
        {
            self.next += 1;
        }
    }
}

/// Where the fields after the board come from.
pub(super) trait Fields<'t> {
    fn peek(&self) -> Option<(&'t str, Range)>;
    fn bump(&mut self);
}

/// The fields of a FEN string.
pub(super) struct Listed<'a, 't> {
    pub(super) fields: &'a [(&'t str, Range)],
    pub(super) next: usize,
}

impl<'t> Fields<'t> for Listed<'_, 't> {
    fn peek(&self) -> Option<(&'t str, Range)> {
        self.fields.get(self.next).copied()
    }
    fn bump(&mut self) {
        self.next += 1;
    }
}

impl<'t> Fields<'t> for Words<'t> {
    fn peek(&self) -> Option<(&'t str, Range)> {
        Words::peek(self)
    }
    fn bump(&mut self) {
        Words::bump(self);
    }
}
