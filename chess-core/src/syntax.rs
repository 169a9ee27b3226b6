//! The grammar: lexemes → games (tags, setup, plies with variations,
//! result), each with source ranges. No chess knowledge.
//!
//! Parsing is iterative: variations nest to any depth without recursion.

use std::num::NonZeroU32;

use crate::diag::{Diagnostic, ErrorKind};
use crate::lexer::{self, BadLex, Delim, Lex, Lexeme};
use crate::notation::{self, Invalid, Marker, MoveSyntax, Part, ResultToken, Spanned};
use crate::setup::{self, SetupSyntax};
use crate::source::{Range, Source};

/// A tag pair `[Name "value"]`, as ranges into the source (values are
/// unescaped only when asked for).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The whole tag pair.
    pub range: Range,
    /// The name.
    pub name_range: Range,
    /// The value (with its quotes).
    pub value_range: Range,
}

impl Tag {
    /// The tag's name.
    pub fn name<'a>(&self, source: &'a Source) -> &'a str {
        source.slice(self.name_range)
    }

    /// The tag's value, unescaped.
    pub fn value<'a>(&self, source: &'a Source) -> std::borrow::Cow<'a, str> {
        lexer::string_value(source, self.value_range)
    }
}

/// A move number as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number; `None` if it does not fit in 32 bits (as a position's
    /// move number must).
    pub value: Option<u32>,
    /// Written with three dots (a Black move).
    pub black: bool,
    /// Where.
    pub range: Range,
}

/// One ply as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlySyntax {
    /// The move number in front of it, if any.
    pub number: Option<MoveNumber>,
    /// The move.
    pub mv: MoveSyntax,
    /// The move's text (without number, markers and annotations).
    pub range: Range,
    /// A check or mate marker.
    pub marker: Option<(Marker, Range)>,
    /// An `e.p.` marker.
    pub ep: Option<Range>,
    /// The first alternative to this ply (an index into
    /// [`GameSyntax::lines`], never 0, the main line); further ones follow
    /// [`Line::next_sibling`].
    pub first_variation: Option<NonZeroU32>,
}

/// A sequence of plies: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Indices into [`GameSyntax::plies`].
    pub plies: Vec<u32>,
    /// The opening `(` of a variation.
    pub open: Option<Range>,
    /// The next alternative to the same ply.
    pub next_sibling: Option<u32>,
    /// On a ply's first alternative: its last one, for appending.
    last_sibling: Option<u32>,
}

/// One game as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSyntax {
    /// Tag pairs, in order.
    pub tags: Vec<Tag>,
    /// A setup (FEN, board diagram, piece list) written before the moves.
    pub setup: Option<SetupSyntax>,
    /// `lines[0]` is the main line; the others are variations.
    pub lines: Vec<Line>,
    /// Every ply of every line.
    pub plies: Vec<PlySyntax>,
    /// The result token.
    pub result: Option<(ResultToken, Range)>,
    /// From the game's first to its last lexeme.
    pub range: Range,
}

impl GameSyntax {
    /// The variations that replace `ply`, in order.
    pub fn variations(&self, ply: &PlySyntax) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(ply.first_variation.map(NonZeroU32::get), |&line| {
            self.lines[line as usize].next_sibling
        })
    }

    /// The plies of the main line.
    pub fn main_line(&self) -> impl Iterator<Item = &PlySyntax> {
        self.lines
            .first()
            .into_iter()
            .flat_map(|l| l.plies.iter().map(|&i| &self.plies[i as usize]))
    }

    /// The value of tag `name`.
    pub fn tag<'a>(&self, source: &'a Source, name: &str) -> Option<std::borrow::Cow<'a, str>> {
        self.find_tag(source, name).map(|t| t.value(source))
    }

    /// The first tag named `name` (names of another length are passed over
    /// without looking at their text: this runs for every game of a file).
    pub fn find_tag(&self, source: &Source, name: &str) -> Option<&Tag> {
        self.tags
            .iter()
            .find(|t| t.name_range.len() == name.len() && t.name(source) == name)
    }
}

/// An item of the grammar's input: a part of a word, or another lexeme.
#[derive(Copy, Clone, Debug)]
enum Item {
    Part(Spanned),
    Open(Delim, Range),
    Close(Delim, Range),
    Str(Range),
    Bad(BadLex, Range),
}

impl Item {
    #[inline(always)]
    fn range(&self) -> Range {
        match *self {
            Item::Part(s) => s.range,
            Item::Open(_, r) | Item::Close(_, r) | Item::Str(r) | Item::Bad(_, r) => r,
        }
    }
}

/// The stream of items: words are split into parts lazily.
pub(crate) struct Items<'a> {
    source: &'a Source,
    lexemes: Vec<Lexeme>,
    next: usize,
    parts: Vec<Spanned>,
    part: usize,
}

impl<'a> Items<'a> {
    fn new(source: &'a Source) -> Items<'a> {
        Items {
            source,
            lexemes: lexer::lex(source),
            next: 0,
            parts: Vec::new(),
            part: 0,
        }
    }

    fn peek(&mut self) -> Option<Item> {
        loop {
            if let Some(p) = self.parts.get(self.part) {
                return Some(Item::Part(*p));
            }
            let lexeme = *self.lexemes.get(self.next)?;
            match lexeme.kind {
                Lex::Comment => self.next += 1,
                Lex::Word => {
                    self.next += 1;
                    self.parts.clear();
                    self.part = 0;
                    let bytes = self.source.as_str().as_bytes();
                    let word = bytes.get(lexeme.range.as_usize()).unwrap_or_default();
                    notation::split_word(word, lexeme.range.start, &mut self.parts);
                }
                Lex::Str => return Some(Item::Str(lexeme.range)),
                Lex::Open(d) => return Some(Item::Open(d, lexeme.range)),
                Lex::Close(d) => return Some(Item::Close(d, lexeme.range)),
                Lex::Bad(b) => return Some(Item::Bad(b, lexeme.range)),
            }
        }
    }

    #[inline(always)]
    fn bump(&mut self) {
        if self.part < self.parts.len() {
            self.part += 1;
        } else {
            self.next += 1;
        }
    }

    fn next(&mut self) -> Option<Item> {
        let item = self.peek()?;
        self.bump();
        Some(item)
    }

    /// The raw lexemes from the current position on, for grammars that read
    /// words whole (tags, setups). A word that was split into parts but not
    /// yet consumed is given back whole.
    pub(crate) fn remaining_lexemes(&mut self) -> &[Lexeme] {
        if self.part < self.parts.len() {
            if self.part > 0 {
                return &[];
            }
            self.parts.clear();
            self.next -= 1;
        }
        &self.lexemes[self.next..]
    }

    /// Skips `n` lexemes (after a setup grammar consumed them).
    pub(crate) fn skip_lexemes(&mut self, n: usize) {
        self.next += n;
        self.parts.clear();
        self.part = 0;
    }

    pub(crate) fn source(&self) -> &'a Source {
        self.source
    }
}

/// What a parse produced for each game: the syntax or the first syntax error.
pub type Parsed = Vec<Result<GameSyntax, Diagnostic>>;

/// Parses every game in the source. A syntax error ends its game; parsing
/// resumes at the next game (after a result, or at the next tag section).
pub fn parse(source: &Source) -> Parsed {
    let mut items = Items::new(source);
    let mut games = Vec::new();
    while items.peek().is_some() {
        let mut parser = Parser::new();
        match parser.game(&mut items) {
            Ok(()) => games.push(Ok(parser.finish())),
            Err(d) => {
                games.push(Err(d));
                recover(&mut items);
            }
        }
    }
    games
}

/// Skips to the start of the next game after an error.
fn recover(items: &mut Items<'_>) {
    let mut previous_was_part = false;
    while let Some(item) = items.peek() {
        match item {
            Item::Part(Spanned {
                part: Part::Result(_),
                ..
            }) => {
                items.bump();
                return;
            }
            Item::Open(Delim::Bracket, _) if previous_was_part => return,
            _ => {}
        }
        previous_was_part = matches!(item, Item::Part(_) | Item::Close(Delim::Paren, _));
        items.bump();
    }
}

struct Parser {
    game: GameSyntax,
    /// Stack of open lines; the top is where plies go.
    open: Vec<u32>,
    pending_number: Option<MoveNumber>,
    /// The last ply, while markers may still attach to it.
    attach: Option<u32>,
    started_moves: bool,
    first: Option<Range>,
    last: Range,
}

fn expected_move(range: Range, found: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::ExpectedMove,
        range,
        format!("expected a move, found {found}"),
    )
    .with_help(
        "moves are written like `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, `g1f3` or `knight g1 to f3`",
    )
}

impl Parser {
    fn new() -> Parser {
        Parser {
            game: GameSyntax {
                lines: vec![Line {
                    plies: Vec::with_capacity(128),
                    ..Line::default()
                }],
                plies: Vec::with_capacity(128),
                tags: Vec::with_capacity(16),
                ..GameSyntax::default()
            },
            open: vec![0],
            pending_number: None,
            attach: None,
            started_moves: false,
            first: None,
            last: Range::default(),
        }
    }

    fn finish(mut self) -> GameSyntax {
        self.game.range = self.first.unwrap_or_default().to(self.last);
        self.game
    }

    #[inline(always)]
    fn touch(&mut self, range: Range) {
        if self.first.is_none() {
            self.first = Some(range);
        }
        self.last = range;
    }

    /// Parses one game; stops after its result or before the next game's tags.
    fn game(&mut self, items: &mut Items<'_>) -> Result<(), Diagnostic> {
        // Tags and setup come first.
        loop {
            match items.peek() {
                Some(Item::Open(Delim::Bracket, open)) => {
                    items.bump();
                    self.touch(open);
                    self.tag(items, open)?;
                }
                Some(Item::Part(_)) if self.game.setup.is_none() => {
                    if let Some(setup) = setup::parse(items)? {
                        self.touch(setup.range);
                        self.game.setup = Some(setup);
                    }
                    break;
                }
                _ => break,
            }
        }

        while let Some(item) = items.peek() {
            let range = item.range();
            if let Item::Open(Delim::Bracket, _) = item {
                if self.started_moves && self.open.len() == 1 {
                    // The next game's tags: this game had no result.
                    break;
                }
                return Err(Diagnostic::new(
                    ErrorKind::BadTag,
                    range,
                    "a tag pair cannot stand among the moves",
                )
                .with_help("write tag pairs like `[Event \"…\"]` before the first move"));
            }
            items.bump();
            self.touch(range);
            match item {
                Item::Part(spanned) => {
                    if self.part(items, spanned)? {
                        return Ok(());
                    }
                }
                Item::Open(Delim::Paren, open) => self.open_variation(open)?,
                Item::Close(Delim::Paren, close) => self.close_variation(close)?,
                Item::Close(Delim::Bracket, _) => {
                    return Err(Diagnostic::new(
                        ErrorKind::BadTag,
                        range,
                        "`]` without a matching `[`",
                    ));
                }
                Item::Open(Delim::Bracket, _) => unreachable!("handled above"),
                Item::Str(_) => {
                    return Err(expected_move(range, "a string")
                        .with_help("comments go in braces: `{ \"…\" }` (or `{ … }` in PGN text)"));
                }
                Item::Bad(bad, _) => return Err(bad_lexeme(bad, range)),
            }
        }
        self.end_of_input()
    }

    fn end_of_input(&mut self) -> Result<(), Diagnostic> {
        if let Some(n) = self.pending_number {
            return Err(number_without_move(n));
        }
        if self.open.len() > 1 {
            let line = &self.game.lines[*self.open.last().unwrap_or(&0) as usize];
            return Err(Diagnostic::new(
                ErrorKind::Variation,
                line.open.unwrap_or_default(),
                "this variation is never closed",
            )
            .with_help("close it with `)` after its last move"));
        }
        Ok(())
    }

    fn tag(&mut self, items: &mut Items<'_>, open: Range) -> Result<(), Diagnostic> {
        if self.started_moves {
            return Err(Diagnostic::new(
                ErrorKind::BadTag,
                open,
                "a tag pair cannot stand among the moves",
            ));
        }
        let source = items.source();
        let bad = |range: Range, what: &str| {
            Diagnostic::new(
                ErrorKind::BadTag,
                range,
                format!("malformed tag pair: {what}"),
            )
            .with_help("tag pairs look like `[Event \"World Championship\"]`")
        };
        // The name is one word; read it whole, not as notation.
        let name = match items.remaining_lexemes().first() {
            Some(l) if l.kind == Lex::Word => *l,
            Some(l) => return Err(bad(l.range, "expected the tag's name")),
            None => return Err(bad(open, "expected the tag's name")),
        };
        items.skip_lexemes(1);
        let name_text = source.slice(name.range);
        if !name_text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return Err(bad(
                name.range,
                "a tag name has only letters, digits and `_`",
            ));
        }
        let value = match items.next() {
            Some(Item::Str(r)) => r,
            Some(other) => return Err(bad(other.range(), "expected the value in double quotes")),
            None => return Err(bad(name.range, "expected the value in double quotes")),
        };
        let close = match items.next() {
            Some(Item::Close(Delim::Bracket, r)) => r,
            Some(other) => return Err(bad(other.range(), "expected `]`")),
            None => return Err(bad(value, "expected `]`")),
        };
        self.touch(close);
        self.game.tags.push(Tag {
            range: open.to(close),
            name_range: name.range,
            value_range: value,
        });
        Ok(())
    }

    #[inline(always)]
    fn current_line(&self) -> u32 {
        *self.open.last().unwrap_or(&0)
    }

    fn push_ply(&mut self, mv: MoveSyntax, range: Range) {
        let index = self.game.plies.len() as u32;
        self.game.plies.push(PlySyntax {
            number: self.pending_number.take(),
            mv,
            range,
            marker: None,
            ep: None,
            first_variation: None,
        });
        let line = self.current_line() as usize;
        self.game.lines[line].plies.push(index);
        self.attach = Some(index);
        self.started_moves = true;
    }

    /// Handles one part; returns `true` when the game's result ends it.
    fn part(&mut self, items: &mut Items<'_>, spanned: Spanned) -> Result<bool, Diagnostic> {
        let range = spanned.range;
        let keep_attach = matches!(
            spanned.part,
            Part::Marker(_) | Part::Annotation | Part::EnPassant | Part::Nag
        );
        if !keep_attach {
            self.attach = None;
        }
        match spanned.part {
            Part::Number { value, black } => {
                if let Some(previous) = self.pending_number {
                    return Err(number_without_move(previous));
                }
                self.pending_number = Some(MoveNumber {
                    value: value.and_then(|v| u32::try_from(v).ok()),
                    black,
                    range,
                });
            }
            Part::Ellipsis => {
                if let Some(n) = &mut self.pending_number {
                    n.black = true;
                    n.range = n.range.to(range);
                }
            }
            Part::Move(MoveSyntax::Null) => {
                return Err(Diagnostic::new(
                    ErrorKind::NullMove,
                    range,
                    format!(
                        "`{}` is a null move (passing the turn), which is not a legal chess move",
                        items.source().slice(range)
                    ),
                )
                .with_help("remove it; analysis null moves cannot be verified"));
            }
            Part::Move(MoveSyntax::Drop(_)) => {
                return Err(Diagnostic::new(
                    ErrorKind::Drop,
                    range,
                    format!(
                        "`{}` drops a piece, which only crazyhouse allows; this is standard chess",
                        items.source().slice(range)
                    ),
                ));
            }
            Part::Move(mv) => self.push_ply(mv, range),
            Part::PieceName(role) => {
                let (mv, full) = long_form(items, role, range)?;
                self.touch(full);
                self.push_ply(mv, full);
            }
            Part::To | Part::Becomes => {
                return Err(Diagnostic::new(
                    ErrorKind::LongForm,
                    range,
                    format!(
                        "`{}` belongs to a long-form move, which starts with a piece name",
                        items.source().slice(range)
                    ),
                )
                .with_help(
                    "write long-form moves like `knight g1 to f3` or `pawn e7 to e8 becomes queen`",
                ));
            }
            Part::Marker(marker) => {
                let ply = self.attached(range, items.source())?;
                if ply.marker.is_some() {
                    return Err(Diagnostic::new(
                        ErrorKind::MarkerWithoutMove,
                        range,
                        "this move already has a check or mate marker",
                    ));
                }
                ply.marker = Some((marker, range));
            }
            Part::EnPassant => {
                let ply = self.attached(range, items.source())?;
                ply.ep = Some(range);
            }
            Part::Annotation | Part::Nag => {
                if spanned.part == Part::Annotation {
                    self.attached(range, items.source())?;
                }
            }
            Part::Result(result) => {
                if let Some(n) = self.pending_number {
                    return Err(number_without_move(n));
                }
                if self.open.len() > 1 {
                    return Err(Diagnostic::new(
                        ErrorKind::MisplacedResult,
                        range,
                        format!(
                            "the result `{}` cannot stand inside a variation",
                            result.as_str()
                        ),
                    )
                    .with_help("close the variation with `)` first"));
                }
                self.game.result = Some((result, range));
                return Ok(true);
            }
            Part::Invalid(invalid) => return Err(invalid_word(invalid, range, items.source())),
        }
        Ok(false)
    }

    /// The ply a marker attaches to.
    fn attached(&mut self, range: Range, source: &Source) -> Result<&mut PlySyntax, Diagnostic> {
        match self.attach {
            Some(i) => Ok(&mut self.game.plies[i as usize]),
            None => Err(Diagnostic::new(
                ErrorKind::MarkerWithoutMove,
                range,
                format!("`{}` must follow a move", source.slice(range)),
            )),
        }
    }

    fn open_variation(&mut self, open: Range) -> Result<(), Diagnostic> {
        if let Some(n) = self.pending_number {
            return Err(number_without_move(n));
        }
        let line = self.current_line() as usize;
        let Some(&replaced) = self.game.lines[line].plies.last() else {
            return Err(Diagnostic::new(
                ErrorKind::Variation,
                open,
                "a variation must follow the move it replaces",
            ));
        };
        let id = self.game.lines.len() as u32;
        self.game.lines.push(Line {
            open: Some(open),
            ..Line::default()
        });
        let ply = &mut self.game.plies[replaced as usize];
        match ply.first_variation {
            None => ply.first_variation = NonZeroU32::new(id),
            Some(first) => {
                // The first alternative's line knows the last one.
                let first = first.get() as usize;
                let last = self.game.lines[first].last_sibling.unwrap_or(first as u32);
                self.game.lines[last as usize].next_sibling = Some(id);
                self.game.lines[first].last_sibling = Some(id);
            }
        }
        self.open.push(id);
        self.attach = None;
        Ok(())
    }

    fn close_variation(&mut self, close: Range) -> Result<(), Diagnostic> {
        if let Some(n) = self.pending_number {
            return Err(number_without_move(n));
        }
        if self.open.len() == 1 {
            return Err(Diagnostic::new(
                ErrorKind::Variation,
                close,
                "`)` without a matching `(`",
            ));
        }
        self.open.pop();
        self.attach = None;
        Ok(())
    }
}

fn number_without_move(n: MoveNumber) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::NumberWithoutMove,
        n.range,
        "this move number is not followed by a move",
    )
}

fn bad_lexeme(bad: BadLex, range: Range) -> Diagnostic {
    let message = match bad {
        BadLex::UnclosedComment => "this comment is never closed with `}`",
        BadLex::UnclosedString => "this string is never closed with `\"`",
        BadLex::StrayBrace => "`}` without a matching `{`",
    };
    Diagnostic::new(ErrorKind::Lexical, range, message)
}

fn invalid_word(invalid: Invalid, range: Range, source: &Source) -> Diagnostic {
    let text = source.slice(range);
    match invalid {
        Invalid::NotNotation => expected_move(range, &format!("`{text}`")),
        Invalid::UpperCaseSquare => {
            expected_move(range, &format!("`{text}`")).with_help("files are lower-case letters: `e4`, not `E4`")
        }
        Invalid::NumberWithoutDot => Diagnostic::new(
            ErrorKind::NumberWithoutDot,
            range,
            format!("`{text}` is not a move; a move number needs a dot"),
        )
        .with_help(format!("write `{text}.` before White's move or `{text}...` before Black's")),
        Invalid::BadAnnotation => Diagnostic::new(
            ErrorKind::BadAnnotation,
            range,
            format!("`{text}` is not an annotation"),
        )
        .with_help("annotations are `!`, `?`, `!!`, `??`, `!?` and `?!`; other symbols are written as NAGs like `$14`"),
        Invalid::BadNag => Diagnostic::new(
            ErrorKind::BadNag,
            range,
            format!("`{text}` is not a NAG"),
        )
        .with_help("NAGs are `$0` to `$255`"),
    }
}

/// Reads the rest of a long-form move after its piece name:
/// `<square> to <square> [becomes <piece>]`.
fn long_form(
    items: &mut Items<'_>,
    role: shakmaty::Role,
    name: Range,
) -> Result<(MoveSyntax, Range), Diagnostic> {
    let source = items.source();
    let piece = source.slice(name).to_string();
    let fail = |range: Range, what: &str| {
        Diagnostic::new(
            ErrorKind::LongForm,
            range,
            format!("incomplete long-form move `{piece} …`: expected {what}"),
        )
        .with_help("long-form moves read `knight g1 to f3`; promotions add `becomes queen`")
    };
    let square = |items: &mut Items<'_>, after: Range| match items.peek() {
        Some(Item::Part(Spanned {
            part:
                Part::Move(MoveSyntax::San {
                    role: shakmaty::Role::Pawn,
                    file: None,
                    rank: None,
                    capture: false,
                    to,
                    promotion: None,
                }),
            range,
        })) => {
            items.bump();
            Ok((to, range))
        }
        Some(other) => Err(fail(other.range(), "a square")),
        None => Err(fail(after, "a square")),
    };
    let (from, from_range) = square(items, name)?;
    let to_range = match items.peek() {
        Some(Item::Part(Spanned {
            part: Part::To,
            range,
        })) => {
            items.bump();
            range
        }
        Some(other) => return Err(fail(other.range(), "`to`")),
        None => return Err(fail(from_range, "`to`")),
    };
    let (to, mut end) = square(items, to_range)?;
    let mut promotion = None;
    if let Some(Item::Part(Spanned {
        part: Part::Becomes,
        range,
    })) = items.peek()
    {
        items.bump();
        match items.next() {
            Some(Item::Part(Spanned {
                part: Part::PieceName(p),
                range: r,
            })) => {
                promotion = Some(p);
                end = r;
            }
            Some(other) => return Err(fail(other.range(), "a piece name after `becomes`")),
            None => return Err(fail(range, "a piece name after `becomes`")),
        }
    }
    Ok((
        MoveSyntax::FromTo {
            role: Some(role),
            from,
            to,
            capture: false,
            promotion,
        },
        name.to(end),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn parse_text(text: &str) -> (Source, Parsed) {
        let src = Source::text(text, None, None);
        let parsed = parse(&src);
        (src, parsed)
    }

    fn one(text: &str) -> GameSyntax {
        let (_, mut games) = parse_text(text);
        assert_eq!(games.len(), 1, "{games:?}");
        games.remove(0).unwrap()
    }

    fn err(text: &str) -> (ErrorKind, String) {
        let (src, games) = parse_text(text);
        let d = games.into_iter().find_map(Result::err).expect("an error");
        (d.kind, src.slice(d.range).to_string())
    }

    #[test]
    fn plies_numbers_markers() {
        let g = one("1. e4 e5 2.Nf3 Nc6 3. Bb5+ a6 1/2-1/2");
        assert_eq!(g.main_line().count(), 6);
        let plies: Vec<_> = g.main_line().collect();
        assert_eq!(
            plies[2].number,
            Some(MoveNumber {
                value: Some(2),
                black: false,
                range: Range::new(9, 11)
            })
        );
        assert_eq!(plies[4].marker.map(|m| m.0), Some(Marker::Check));
        assert_eq!(g.result.map(|r| r.0), Some(ResultToken::Draw));
    }

    #[test]
    fn standalone_markers_attach() {
        let g = one("1. e4 f5 2. Qh5 # 1-0");
        let last = g.main_line().last().unwrap();
        assert_eq!(last.marker.map(|m| m.0), Some(Marker::Mate));
        let g = one("1. e4 d5 2. exd5 c5 3. dxc6 e.p.");
        assert!(g.main_line().last().unwrap().ep.is_some());
    }

    #[test]
    fn variations_nest() {
        let g = one("1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5");
        assert_eq!(g.lines.len(), 3);
        assert_eq!(g.main_line().count(), 2);
        assert_eq!(g.variations(&g.plies[0]).collect::<Vec<_>>(), vec![1]);
        assert_eq!(g.lines[1].plies.len(), 2);
        assert_eq!(g.variations(&g.plies[2]).collect::<Vec<_>>(), vec![2]);
        let g = one("1. e4 (1. d4) (1. c4 (1. Nf3)) (1. b3) e5");
        assert_eq!(g.variations(&g.plies[0]).collect::<Vec<_>>(), vec![1, 2, 4]);
    }

    #[test]
    fn deep_nesting_is_iterative() {
        let depth = 20_000;
        let mut text = String::from("1. e4 ");
        for _ in 0..depth {
            text.push_str("( 1. d4 ");
        }
        for _ in 0..depth {
            text.push(')');
        }
        let g = one(&text);
        assert_eq!(g.lines.len(), depth + 1);
    }

    #[test]
    fn long_form() {
        let g = one("pawn e2 to e4 pawn e7 to e5 knight g1 to f3");
        let plies: Vec<_> = g.main_line().collect();
        assert_eq!(
            plies[2].mv,
            MoveSyntax::FromTo {
                role: Some(shakmaty::Role::Knight),
                from: Square::G1,
                to: Square::F3,
                capture: false,
                promotion: None
            }
        );
        let g = one("pawn a7 to a8 becomes queen");
        assert!(matches!(
            g.plies[0].mv,
            MoveSyntax::FromTo {
                promotion: Some(shakmaty::Role::Queen),
                ..
            }
        ));
        assert_eq!(err("knight g1 f3"), (ErrorKind::LongForm, "f3".into()));
        assert_eq!(err("e4 to"), (ErrorKind::LongForm, "to".into()));
    }

    #[test]
    fn tags_and_several_games() {
        let (src, games) = parse_text(
            "[Event \"A\"]\n[Site \"B\"]\n\n1. e4 e5 1-0\n\n[Event \"C\"]\n1. d4 *\n1. c4 0-1",
        );
        assert_eq!(games.len(), 3);
        let g0 = games[0].as_ref().unwrap();
        assert_eq!(g0.tag(&src, "Site").as_deref(), Some("B"));
        assert_eq!(
            games[1].as_ref().unwrap().tag(&src, "Event").as_deref(),
            Some("C")
        );
        assert_eq!(
            games[2].as_ref().unwrap().result.map(|r| r.0),
            Some(ResultToken::BlackWins)
        );
    }

    #[test]
    fn syntax_errors_point_at_the_token() {
        assert_eq!(err("1. e4 Xf9"), (ErrorKind::ExpectedMove, "Xf9".into()));
        assert_eq!(
            err("1. e4 12 e5"),
            (ErrorKind::NumberWithoutDot, "12".into())
        );
        assert_eq!(
            err("1. e4 e5 2. 1-0"),
            (ErrorKind::NumberWithoutMove, "2.".into())
        );
        assert_eq!(err("+ e4"), (ErrorKind::MarkerWithoutMove, "+".into()));
        assert_eq!(err("1. e4 ) e5"), (ErrorKind::Variation, ")".into()));
        assert_eq!(err("1. e4 (1. d4"), (ErrorKind::Variation, "(".into()));
        assert_eq!(err("(1. d4)"), (ErrorKind::Variation, "(".into()));
        assert_eq!(
            err("1. e4 (1. d4 1-0)"),
            (ErrorKind::MisplacedResult, "1-0".into())
        );
        assert_eq!(err("1. e4 --"), (ErrorKind::NullMove, "--".into()));
        assert_eq!(err("1. e4 e5 2. N@f3"), (ErrorKind::Drop, "N@f3".into()));
        assert_eq!(err("[Event A]"), (ErrorKind::BadTag, "A".into()));
        assert_eq!(err("1. e4 e5 { open"), (ErrorKind::Lexical, "{".into()));
        assert_eq!(
            err("1. e4 !!! e5"),
            (ErrorKind::BadAnnotation, "!!!".into())
        );
        assert_eq!(err("1. e4 $300"), (ErrorKind::BadNag, "$300".into()));
    }

    #[test]
    fn recovers_at_the_next_game() {
        let (src, games) =
            parse_text("[Event \"1\"]\n1. e4 Xx 2. Nf3 1-0\n[Event \"2\"]\n1. d4 1-0");
        assert_eq!(games.len(), 2);
        assert!(games[0].is_err());
        assert_eq!(
            games[1].as_ref().unwrap().tag(&src, "Event").as_deref(),
            Some("2")
        );
    }
}
