//! The grammar: lexemes → games (tags, setup, plies with variations,
//! result), each with source ranges. No chess knowledge.
//!
//! Parsing is iterative: variations nest to any depth without recursion.

use crate::diagnostic::Diagnostic;
use crate::input::{Mode, Range, Source};

use super::build::{Room, Tree};
use super::errors;
use super::events::Events;
use super::express::{self, End};
use super::game::GameParser;
use super::letters::PieceLetters;
use super::lexer::{self, Delim, Lex, Lexeme};
use super::limits::Limits;
use super::notation::{self, Invalid, MoveSyntax, Part, RulesRead, Spanned};
use chess_format::Named;

use super::setup;
use super::split::Splitter;
use super::tag::Tag;
use super::tree::GameSyntax;
use crate::rule_sets::RuleSets;

/// An item of the grammar's input: a part of a word, or another lexeme.
#[derive(Copy, Clone, Debug)]
enum Item {
    Part(Spanned),
    Open(Delim, Range),
    Close(Delim, Range),
    Str(Range),
    Bad(lexer::BadLex, Range),
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

/// The stream of items: words are split into parts lazily. The text is
/// lexed one stretch between game starts at a time (see
/// [`split`](super::split)); items stop at the stretch's end, and
/// [`Items::next_stretch`] moves on.
struct Items<'a> {
    source: &'a Source,
    /// The lexemes of the current stretch.
    lexemes: Vec<Lexeme>,
    next: usize,
    /// Where the current stretch starts in the text.
    start: usize,
    /// Whether the current stretch was lexed (it is lexed when an item is
    /// first asked for, unless the express lane read it whole).
    lexed: bool,
    /// Where the next stretch starts in the text (while `open`, where the
    /// current one starts).
    stretch: usize,
    /// The current stretch's end is not found yet: the express lane finds
    /// it after a plain game, the splitter otherwise ([`Items::end`]).
    open: bool,
    /// Stretches begun (the current one's index plus one).
    begun: u64,
    /// How far the splitter has scanned the text.
    scanned: usize,
    splitter: Splitter,
    /// Game starts found before (by a reader that cut a stream), in
    /// order, instead of scanning; and how many were used.
    known: Option<(Vec<u32>, usize)>,
    parts: Vec<Spanned>,
    part: usize,
    /// The moves of the word split last under rules a user defines, as
    /// the rule set's notation read them (`Part::RulesMove`).
    rules_reads: Vec<RulesRead>,
    /// The piece letters moves are read in (English unless opted in).
    letters: PieceLetters,
    /// A word in English letters, when `letters` is another language.
    english: Vec<u8>,
    /// The comments passed over since the game parser last took them.
    comments: Vec<Range>,
    /// Moves are read as a rule set's notation (rules a user defines).
    rules: bool,
}

impl<'a> Items<'a> {
    fn new(source: &'a Source, known: Option<Vec<u32>>, rules: bool) -> Items<'a> {
        let splitter = match source.mode() {
            Mode::Pgn => Splitter::new(),
            Mode::Tokens => Splitter::without_line_comments(),
        };
        let mut items = Items {
            source,
            lexemes: Vec::new(),
            next: 0,
            start: 0,
            lexed: true,
            stretch: 0,
            open: false,
            begun: 0,
            scanned: 0,
            splitter,
            known: known.map(|cuts| (cuts, 0)),
            parts: Vec::new(),
            part: 0,
            rules_reads: Vec::new(),
            letters: PieceLetters::English,
            english: Vec::new(),
            comments: Vec::new(),
            rules,
        };
        items.next_stretch();
        items
    }

    /// Moves on to the next stretch between game starts; `false` at the
    /// end of the text.
    fn next_stretch(&mut self) -> bool {
        let text = self.source.as_str().as_bytes();
        let start = self.end();
        if start >= text.len() {
            return false;
        }
        self.lexemes.clear();
        self.next = 0;
        self.parts.clear();
        self.part = 0;
        self.start = start;
        self.lexed = false;
        self.begun += 1;
        match &mut self.known {
            Some((cuts, used)) => {
                let cut = cuts.get(*used).map_or(text.len(), |&c| c as usize);
                *used += 1;
                self.stretch = cut.clamp(start, text.len());
            }
            // Found when first needed: a plain game finds it itself.
            None => self.open = true,
        }
        true
    }

    /// Where the current stretch ends: the next game start (or the text's
    /// end), found by the splitter if it was not known yet.
    fn end(&mut self) -> usize {
        if self.open {
            self.open = false;
            let text = self.source.as_str().as_bytes();
            let cut = match self.splitter.next_cut(text, self.scanned) {
                Some(cut) => {
                    // The scan goes on after the `[` it stopped at.
                    self.scanned = cut + 1;
                    cut
                }
                None => {
                    self.scanned = text.len();
                    text.len()
                }
            };
            self.stretch = cut.clamp(self.start, text.len());
        }
        self.stretch
    }

    /// Lexes the current stretch, if that was not done yet.
    #[inline(always)]
    fn lex(&mut self) {
        if !self.lexed {
            self.lexed = true;
            let end = self.end();
            lexer::lex_range(self.source, self.start, end, &mut self.lexemes);
        }
    }

    /// Reads the current stretch through the express lane, if it was not
    /// lexed yet and is one plain game, its events handed to `events`: the
    /// game's parse, and the stretch is done.
    fn express<E: Events>(
        &mut self,
        (letters, notes, limits): (PieceLetters, bool, Limits),
        events: impl FnOnce() -> E,
    ) -> Option<GameParser<E>> {
        if self.lexed || !self.comments.is_empty() || letters != PieceLetters::English {
            return None;
        }
        let end = if self.open {
            End::Open
        } else {
            End::At(self.stretch)
        };
        // (Games under `Parser::with_variant` are not read here.)
        let (game, end) =
            express::game(events(), self.source, self.start, end, notes, None, limits)?;
        // Nothing of the stretch is left to read.
        self.lexed = true;
        if self.open {
            // The lane found the next game start where the splitter would
            // have: the scan goes on after it.
            self.open = false;
            self.stretch = end;
            self.splitter.resume_after_cut();
            self.scanned = (end + 1).min(self.source.as_str().len());
        }
        Some(game)
    }

    /// At the start of a stretch: the game the express lane reads whole
    /// (`lane`: in these letters, keeping notes or not, within these
    /// bounds), its events handed to `events`, if any; or where
    /// `bound` ([`Parser::up_to`]) stops the reading.
    #[inline(always)]
    fn enter<E: Events>(
        &mut self,
        bound: Option<(usize, bool)>,
        lane: Option<(PieceLetters, bool, Limits)>,
        events: impl FnOnce() -> E,
    ) -> Result<Option<GameParser<E>>, Stop> {
        if let Some((limit, _)) = bound
            && self.start >= limit
        {
            return Err(Stop::At(self.start));
        }
        let game = lane.and_then(|lane| self.express(lane, events));
        if let Some((_, false)) = bound
            && self.end() >= self.source.as_str().len()
        {
            return Err(Stop::Unfinished(self.start));
        }
        Ok(game)
    }

    fn peek(&mut self) -> Option<Item> {
        self.lex();
        loop {
            if let Some(p) = self.parts.get(self.part) {
                return Some(Item::Part(*p));
            }
            let lexeme = *self.lexemes.get(self.next)?;
            match lexeme.kind {
                Lex::Comment => {
                    self.next += 1;
                    self.comments.push(lexeme.range);
                }
                Lex::Word => {
                    self.next += 1;
                    self.parts.clear();
                    self.part = 0;
                    let bytes = self.source.as_str().as_bytes();
                    let word = bytes.get(lexeme.range.as_usize()).unwrap_or_default();
                    if self.rules {
                        self.rules_reads.clear();
                        notation::split_word_under_rules(
                            word,
                            lexeme.range.start,
                            &mut self.parts,
                            &mut self.rules_reads,
                        );
                    } else if self.letters == PieceLetters::English {
                        notation::split_word(word, lexeme.range.start, &mut self.parts);
                    } else {
                        // One byte for one: every part keeps its range.
                        self.english.clear();
                        let letters = self.letters;
                        self.english
                            .extend(word.iter().map(|&b| letters.to_english(b)));
                        notation::split_word(&self.english, lexeme.range.start, &mut self.parts);
                    }
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
    fn remaining_lexemes(&mut self) -> &[Lexeme] {
        self.lex();
        if self.part < self.parts.len() {
            if self.part > 0 {
                return &[];
            }
            self.parts.clear();
            self.next -= 1;
        }
        &self.lexemes[self.next.min(self.lexemes.len())..]
    }

    /// Reads moves from here on in `letters`, as chess's notation or
    /// (`rules`) a rule set's; a word already split into parts but not yet
    /// consumed is read again.
    fn set_reading(&mut self, letters: PieceLetters, rules: bool) {
        if letters == self.letters && rules == self.rules {
            return;
        }
        self.letters = letters;
        self.rules = rules;
        if self.part == 0 && !self.parts.is_empty() {
            self.parts.clear();
            self.next -= 1;
        }
    }

    /// Skips `n` lexemes (after a setup grammar consumed them).
    fn skip_lexemes(&mut self, n: usize) {
        self.next += n;
        self.parts.clear();
        self.part = 0;
    }

    fn source(&self) -> &'a Source {
        self.source
    }
}

/// The games of a source, parsed one at a time: each game's syntax, or
/// the first syntax error in it. After an error, parsing resumes at the
/// next game (after a result, or at the next tag section). The source is
/// lexed when the first game is asked for.
pub struct Parser<'s> {
    source: &'s Source,
    items: Option<Items<'s>>,
    known: Option<Vec<u32>>,
    /// The piece letters of games without a `[PieceLetters]` tag.
    letters: PieceLetters,
    /// The rules of games without a `[Variant]` tag, if not standard chess.
    variant: Option<Named>,
    /// Keep comments and NAGs as notes.
    notes: bool,
    /// The bounds on a game's size.
    limits: Limits,
    /// Read plain games through the express lane.
    express: bool,
    /// The rule sets of a rules file games are read under, if any.
    rules: Option<&'s RuleSets>,
    /// Skip text that is not PGN where a game would begin (see
    /// [`Parser::skipping_text`]).
    skip_text: bool,
    /// What was skipped since the caller last asked.
    skipped: Vec<Skipped>,
    /// A `[pgn]` wrapper line was skipped: prose after it is skipped too.
    wrapper_seen: bool,
    /// More text follows the source from a game start on.
    more: bool,
    /// Read only the stretches that begin before this offset (see
    /// [`Parser::up_to`]); and whether the source ends its input.
    bound: Option<(usize, bool)>,
    /// Where a bound stopped the reading.
    stop: Option<Stop>,
    /// A game read before, given back ([`Parser::recycle`]): the next
    /// game's tree is built in its room.
    spare: Room,
}

/// Where a parser bounded by [`Parser::up_to`] stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// At this game start, the first at or after the bound: the text from
    /// here on was not read.
    At(usize),
    /// At the start of a stretch that runs to the source's end while more
    /// text follows: where it ends is not known yet, so it was not read.
    Unfinished(usize),
}

/// Text that is not PGN, skipped where a game would begin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Skipped {
    /// A forum post's `[pgn]` or `[/pgn]` wrapper.
    Wrapper(Range),
    /// Prose: words that are not notation, up to the next tag section or
    /// move number.
    Prose(Range),
}

impl<'s> Parser<'s> {
    /// A parser for the games of `source`.
    pub fn new(source: &'s Source) -> Parser<'s> {
        Parser {
            source,
            items: None,
            known: None,
            letters: PieceLetters::English,
            variant: None,
            notes: true,
            limits: Limits::default(),
            express: true,
            rules: None,
            skip_text: false,
            skipped: Vec::new(),
            wrapper_seen: false,
            more: false,
            bound: None,
            stop: None,
            spare: Room::default(),
        }
    }

    /// Gives back a game this parser read, once its reader is done with
    /// it: the next game is built in its room (emptied: nothing of it is
    /// kept), so that reading a run of plain games allocates nothing per
    /// game.
    ///
    /// ```
    /// use chess_core::Source;
    /// use chess_core::syntax::Parser;
    ///
    /// let source = Source::text("1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 *\n", None, None);
    /// let mut parser = Parser::new(&source);
    /// let first = parser.next().unwrap().unwrap();
    /// assert_eq!(first.plies.len(), 2);
    /// parser.recycle(first);
    /// let second = parser.next().unwrap().unwrap();
    /// assert_eq!((second.plies.len(), second.tags.len()), (1, 1));
    /// ```
    pub fn recycle(&mut self, game: GameSyntax) {
        self.spare = Room::of(game);
    }

    /// A parser for text whose game starts were found already (by a
    /// [`Splitter`] run over a stream it was cut from): `cuts` are their
    /// offsets in `source`, in order, after its first byte.
    pub fn with_cuts(source: &'s Source, cuts: Vec<u32>) -> Parser<'s> {
        Parser {
            known: Some(cuts),
            ..Parser::new(source)
        }
    }

    /// Reads the moves of games without a `[PieceLetters]` tag in
    /// `letters` (the macros' `#![piece_letters(de)]`, `chess-verify
    /// --piece-letters de`).
    pub fn with_letters(mut self, letters: PieceLetters) -> Parser<'s> {
        self.letters = letters;
        self
    }

    /// Holds each game to `limits` ([`Limits`]): a game past one of them
    /// is an error at the part that passes it.
    pub fn with_limits(mut self, limits: Limits) -> Parser<'s> {
        self.limits = limits;
        self
    }

    /// Reads games without a `[Variant]` tag as games of `variant` (the
    /// macros' `#![variant(crazyhouse)]`); `None` is standard chess. (Such
    /// games are read by the lexer and grammar: the express lane is for
    /// plain games.)
    pub fn with_variant(mut self, variant: Option<Named>) -> Parser<'s> {
        self.variant = variant;
        if variant.is_some() {
            self.express = false;
        }
        self
    }

    /// Reads games under the rule sets of a rules file (`file`): tags,
    /// comments, NAGs, variations, move numbers, markers and results as in
    /// chess, and each move as the rule set's notation reads it
    /// ([`RulesMove`](super::RulesMove): squares beyond `h8` such as `j10`,
    /// any piece letter, coordinates, drops). A game's `[Variant]` tag names
    /// a rule set and its `[FEN]` tag is read under it, by the start stage;
    /// no setup is read before the moves. A tag that names no section of
    /// the file but the verified rules or one of Fairy-Stockfish's
    /// built-in variants reads the game under those
    /// ([`game_rules`](super::game_rules)). (Such games are read by the
    /// lexer and grammar: the express lane is for plain chess games.)
    ///
    /// ```
    /// use chess_core::Source;
    /// use chess_core::RuleSets;
    /// use chess_core::syntax::{GameRules, Join, MoveSyntax, Parser};
    ///
    /// let file = Source::text("[janus]\n", Some("janus.ini".into()), None);
    /// let sets = RuleSets::read(&file).unwrap();
    /// let source = Source::text("1. a2 a3 a4 a3 2. Jc3 j10 *", None, None);
    /// let game = Parser::new(&source).under_rules(&sets).next().unwrap().unwrap();
    /// assert_eq!(game.rules, GameRules::File);
    /// assert_eq!(game.plies.len(), 6);
    /// assert!(matches!(game.plies[4].mv, MoveSyntax::Rules(4)));
    /// assert_eq!(game.rules_moves[0].joins_next, Join::Spaced);
    /// assert_eq!(game.rules_moves[4].joins_next, Join::No);
    /// ```
    pub fn under_rules(mut self, file: &'s RuleSets) -> Parser<'s> {
        self.rules = Some(file);
        self.express = false;
        self
    }

    /// Keeps no comments or NAGs ([`GameSyntax::notes`] stays empty), for
    /// a caller that would drop them (`chess-verify`, and the macros under
    /// `#![annotations(drop)]`): they are still read, and a NAG or an
    /// annotation glyph must still follow a move.
    pub fn without_notes(mut self) -> Parser<'s> {
        self.notes = false;
        self
    }

    /// Reads every game through the lexer and the grammar, none through
    /// the express lane (which reads plain PGN games straight from their
    /// bytes, to the same trees). For tests that hold the two to the same
    /// results, and for measuring what the lane saves.
    pub fn without_express_lane(mut self) -> Parser<'s> {
        self.express = false;
        self
    }

    /// Skips text that is not PGN where a game would begin, instead of
    /// reporting it: a forum post's `[pgn]` and `[/pgn]` lines, and prose
    /// (a first word that is not notation, and no control characters) up
    /// to the next tag section or move number, where a tag section
    /// follows or a wrapper line came before. [`Parser::take_skipped`] says what was skipped, so
    /// that a caller can note it.
    ///
    /// `more` says that more text follows the source, from a game start
    /// on (a reader cut a stream there), so that prose at its end is
    /// prose before a tag section.
    pub fn skipping_text(mut self, more: bool) -> Parser<'s> {
        self.skip_text = true;
        self.more = more;
        self
    }

    /// What was skipped since the last call (see [`Parser::skipping_text`]).
    pub fn take_skipped(&mut self) -> Vec<Skipped> {
        std::mem::take(&mut self.skipped)
    }

    /// Reads only the stretches between game starts that begin before
    /// byte `limit`: the games of a piece of a stream that ends at the
    /// first game start at or after `limit`, found as the games are read.
    /// Unless `last` (the source is the end of its input), a stretch that
    /// runs to the source's end is not read either, as where it ends is
    /// not known yet. [`Parser::stopped`] tells where the reading stopped.
    ///
    /// ```
    /// use chess_core::Source;
    /// use chess_core::syntax::{Parser, Stop};
    ///
    /// let text = "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4";
    /// let source = Source::text(text, None, None);
    /// let mut games = Parser::new(&source).up_to(1, false);
    /// assert!(games.next().is_some());
    /// assert!(games.next().is_none());
    /// assert_eq!(games.stopped(), Some(Stop::At(text.find("[Event \"b\"]").unwrap())));
    /// let mut games = Parser::new(&source).up_to(text.len(), false);
    /// assert_eq!(games.by_ref().count(), 2);
    /// assert_eq!(games.stopped(), Some(Stop::Unfinished(text.find("[Event \"c\"]").unwrap())));
    /// assert_eq!(games.stretch(), 2);
    /// ```
    pub fn up_to(mut self, limit: usize, last: bool) -> Parser<'s> {
        self.bound = Some((limit, last));
        self
    }

    /// Where a bound ([`Parser::up_to`]) stopped the reading, once it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stop
    }

    /// The index, in the source, of the stretch between game starts that
    /// the last game came from (the first is 0); once stopped, of the
    /// stretch it stopped at.
    pub fn stretch(&self) -> u64 {
        self.items
            .as_ref()
            .map_or(0, |items| items.begun.saturating_sub(1))
    }
}

/// Skips a `[pgn]` or `[/pgn]` line or prose at the start of a game.
/// Prose is skipped only before a tag section (or at the end of a source
/// that more text follows: `more`), or after a wrapper line, and only if
/// it is text (no control characters): anything else stays an error.
fn skip_text(items: &mut Items<'_>, more: bool) -> Option<Skipped> {
    match items.peek()? {
        Item::Open(Delim::Bracket, open) => {
            let source = items.source();
            let rest = items.remaining_lexemes();
            let wrapper = match rest {
                [_, word, close, ..]
                    if word.kind == Lex::Word && close.kind == Lex::Close(Delim::Bracket) =>
                {
                    let name = source.slice(word.range);
                    (name.eq_ignore_ascii_case("pgn") || name.eq_ignore_ascii_case("/pgn"))
                        .then(|| open.to(close.range))
                }
                _ => None,
            }?;
            items.skip_lexemes(3);
            Some(Skipped::Wrapper(wrapper))
        }
        Item::Part(Spanned {
            part: Part::Invalid(Invalid::NotNotation),
            range,
        })
        | Item::Str(range) => {
            let text = items.source().as_str();
            let end = items.end().min(text.len());
            let before_tags = end < text.len();
            let rest = text.get(range.start as usize..end).unwrap_or_default();
            if !(before_tags || more) || rest.chars().any(|c| c.is_control() && !c.is_whitespace())
            {
                return None;
            }
            let mut last = range;
            items.bump();
            // Up to the stretch's end (the next tag section) or a move
            // number followed by a move.
            while let Some(item) = items.peek() {
                if let Item::Part(Spanned {
                    part: Part::Number { .. },
                    ..
                }) = item
                {
                    break;
                }
                last = item.range();
                items.bump();
            }
            Some(Skipped::Prose(range.to(last)))
        }
        _ => None,
    }
}

impl Iterator for Parser<'_> {
    type Item = Result<GameSyntax, Diagnostic>;

    fn next(&mut self) -> Option<Result<GameSyntax, Diagnostic>> {
        let source = self.source;
        // The room of a game given back goes to the first tree made (the
        // lane's, or the lexer's if the lane does not read the game).
        let mut spare = std::mem::take(&mut self.spare);
        let read = self.next_events(|| Tree::reusing(std::mem::take(&mut spare)))?;
        Some(read.map(|game| game.finish(source)))
    }
}

impl Parser<'_> {
    /// The next game read to its end by the one grammar, its events handed
    /// to a consumer `events` makes (a fresh one for each reading: the
    /// express lane's, and the lexer's where the lane gives up), or its
    /// first syntax error.
    pub(super) fn next_events<E: Events>(
        &mut self,
        mut events: impl FnMut() -> E,
    ) -> Option<Result<GameParser<E>, Diagnostic>> {
        let source = self.source;
        let known = &mut self.known;
        if self.stop.is_some() {
            return None;
        }
        let items = self
            .items
            .get_or_insert_with(|| Items::new(source, known.take(), self.rules.is_some()));
        loop {
            // A stretch not read yet.
            if !items.lexed {
                let lane = self
                    .express
                    .then_some((self.letters, self.notes, self.limits));
                match items.enter(self.bound, lane, &mut events) {
                    Ok(Some(game)) => return Some(Ok(game)),
                    Ok(None) => {}
                    Err(stop) => {
                        self.stop = Some(stop);
                        return None;
                    }
                }
            }
            if items.peek().is_none() {
                if !items.next_stretch() {
                    return None;
                }
                continue;
            }
            let after = self.wrapper_seen || self.more;
            match self.skip_text.then(|| skip_text(items, after)).flatten() {
                Some(skipped) => {
                    self.wrapper_seen |= matches!(skipped, Skipped::Wrapper(_));
                    self.skipped.push(skipped);
                }
                None => break,
            }
        }
        let mut parser = GameParser::with_events(events(), self.letters, self.notes, self.limits);
        parser.variant = self.variant;
        parser.rules = self.rules.is_some();
        // (The game before may have been read under other rules.)
        let letters = items.letters;
        items.set_reading(letters, parser.rules);
        Some(match parser.game(items, self.rules) {
            Ok(()) => Ok(parser),
            Err(d) => {
                recover(items);
                Err(d)
            }
        })
    }
}

/// Skips to the start of the next game after an error.
fn recover(items: &mut Items<'_>) {
    let mut previous_was_part = false;
    loop {
        // Comments before where the next game starts are that game's.
        items.comments.clear();
        let Some(item) = items.peek() else { break };
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

impl<E: Events> GameParser<E> {
    /// Parses one game (under the rule sets of `file`, if any); stops
    /// after its result or before the next game's tags.
    fn game(&mut self, items: &mut Items<'_>, file: Option<&RuleSets>) -> Result<(), Diagnostic> {
        // Tags come first.
        while let Some(Item::Open(Delim::Bracket, open)) = items.peek() {
            items.bump();
            self.touch(open);
            self.tag(items, open)?;
        }
        // They say which rules the game is read under (the next game is
        // read afresh); a game of chess may set up its start before the
        // moves.
        let source = items.source();
        let name = super::variant_name(&self.tags, source).map(|(name, _)| name);
        self.game_rules = super::game_rules(name.as_deref(), file);
        self.rules = self.game_rules.read_as_rules();
        let letters = items.letters;
        items.set_reading(letters, self.rules);
        if !self.rules
            && let Some(Item::Part(_)) = items.peek()
            && let Some((setup, consumed)) = setup::parse(source, items.remaining_lexemes())?
        {
            items.skip_lexemes(consumed);
            self.touch(setup.range);
            self.setup = Some(Box::new(setup));
        }
        let letters = if self.rules {
            items.letters
        } else {
            self.piece_letters(items.source())?
        };
        items.set_reading(letters, self.rules);

        while let Some(item) = items.peek() {
            let range = item.range();
            if let Item::Open(Delim::Bracket, _) = item {
                if self.started_moves && self.open.is_empty() {
                    // The next game's tags: this game had no result.
                    break;
                }
                return Err(errors::tag_among_moves(range, true));
            }
            items.bump();
            self.touch(range);
            if !items.comments.is_empty() {
                self.take_comments(items.source, &mut items.comments)?;
            }
            match item {
                Item::Part(spanned) => {
                    if self.part(items, spanned)? {
                        return Ok(());
                    }
                }
                Item::Open(Delim::Paren, open) => self.open_variation(open)?,
                Item::Close(Delim::Paren, close) => self.close_variation(close)?,
                Item::Close(Delim::Bracket, _) => return Err(errors::unopened_tag(range)),
                Item::Open(Delim::Bracket, _) => unreachable!("handled above"),
                Item::Str(_) => return Err(errors::string_among_moves(range)),
                Item::Bad(bad, _) => return Err(errors::bad_lexeme(bad, range)),
            }
        }
        if !items.comments.is_empty() {
            self.take_comments(items.source, &mut items.comments)?;
        }
        self.end_of_input()
    }

    fn tag(&mut self, items: &mut Items<'_>, open: Range) -> Result<(), Diagnostic> {
        if self.started_moves {
            return Err(errors::tag_among_moves(open, false));
        }
        let source = items.source();
        let bad = errors::malformed_tag;
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
        self.push_tag(Tag {
            range: open.to(close),
            name_range: name.range,
            value_range: value,
        })
    }

    /// Handles one part; returns `true` when the game's result ends it.
    fn part(&mut self, items: &mut Items<'_>, spanned: Spanned) -> Result<bool, Diagnostic> {
        let source = items.source();
        let read = match spanned.part {
            Part::RulesMove(i) => items.rules_reads.get(i as usize).copied(),
            _ => None,
        };
        self.word_part(
            source,
            spanned,
            |_| read,
            |role, range| long_form(items, role, range),
        )
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
    let piece = source.slice(name);
    let fail = |range: Range, what: &str| errors::incomplete_long_form(range, piece, what);
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
    use crate::diagnostic::ErrorKind;
    use crate::syntax::notation::{GameResult, Marker};
    use crate::syntax::tree::MoveNumber;
    use shakmaty::Square;

    fn parse_text(text: &str) -> (Source, Vec<Result<GameSyntax, Diagnostic>>) {
        let src = Source::text(text, None, None);
        let parsed = Parser::new(&src).collect();
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
                board: None,
                range: Range::new(9, 11)
            })
        );
        assert_eq!(plies[4].marker.map(|m| m.0), Some(Marker::Check));
        assert_eq!(g.result.map(|r| r.0), Some(GameResult::Draw));
    }

    #[test]
    fn standalone_markers_attach() {
        let g = one("1. e4 f5 2. Qh5 # 1-0");
        let last = g.main_line().last().unwrap();
        assert_eq!(last.marker.map(|m| m.0), Some(Marker::Mate));
        let g = one("1. e4 d5 2. exd5 c5 3. dxc6 e.p.");
        assert!(g.main_line().last().unwrap().ep.is_some());
    }

    /// A second `e.p.` after a move is refused where it stands, by the
    /// express lane and the lexer alike (the tree keeps one a move).
    #[test]
    fn a_second_en_passant_is_refused() {
        for (text, lane) in [
            ("1. e4 d5 2. e5 f5 3. exf6 e.p. e.p. *", true),
            ("1. e4 d5 2. e5 f5 3. exf6 e.p.\ne.p. *", true),
            ("1. e4 d5 2. e5 f5 3. exf6 e.p. e.p. *", false),
        ] {
            let src = Source::text(text, None, None);
            let parser = match lane {
                true => Parser::new(&src),
                false => Parser::new(&src).without_express_lane(),
            };
            let d = parser.into_iter().find_map(Result::err).expect("an error");
            assert_eq!((d.kind, d.range.start), (ErrorKind::MarkerWithoutMove, 31));
            assert_eq!(d.message, "this move already has an `e.p.`");
        }
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
        // Twice as deep as a game may nest variations by default.
        let src = Source::text(text, None, None);
        let limits = super::Limits::default()
            .with(super::super::Bound::Depth, 20_000)
            .with(super::super::Bound::Variations, 20_000);
        let g = Parser::new(&src)
            .with_limits(limits)
            .next()
            .unwrap()
            .unwrap();
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
            Some(GameResult::BlackWins)
        );
    }

    /// The games' first moves a bounded parser reads, where it stops and
    /// the index of the stretch it ends in.
    fn bounded(text: &str, limit: usize, last: bool) -> (Vec<String>, Option<Stop>, u64) {
        let source = Source::text(text, None, None);
        let mut parser = Parser::new(&source).up_to(limit, last);
        let firsts = parser
            .by_ref()
            .map(|game| match game {
                Ok(game) => game
                    .plies
                    .first()
                    .map_or("-".into(), |p| source.slice(p.range).to_string()),
                Err(d) => format!("error: {}", source.slice(d.range)),
            })
            .collect();
        let stretch = parser.stretch();
        (firsts, parser.stopped(), stretch)
    }

    #[test]
    fn a_bound_stops_at_the_first_game_start_past_it() {
        // Plain games (the lane finds their ends), a game with a
        // variation (the splitter does), then a game cut off.
        let text = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 (1. c4) *\n[Event \"c\"]\n1. c4 *\n[Event \"d\"]\n1. Nf3";
        let b = text.find("[Event \"b\"]").unwrap();
        let c = text.find("[Event \"c\"]").unwrap();
        let d = text.find("[Event \"d\"]").unwrap();
        let v = |firsts: &[&str]| firsts.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // Up to the first game start at or after the bound.
        assert_eq!(bounded(text, 1, false), (v(&["e4"]), Some(Stop::At(b)), 1));
        assert_eq!(bounded(text, b, false), (v(&["e4"]), Some(Stop::At(b)), 1));
        assert_eq!(
            bounded(text, b + 1, false),
            (v(&["e4", "d4"]), Some(Stop::At(c)), 2)
        );
        // A stretch that runs to the end is not read while more follows.
        assert_eq!(
            bounded(text, text.len(), false),
            (v(&["e4", "d4", "c4"]), Some(Stop::Unfinished(d)), 3)
        );
        // At the input's end it is.
        assert_eq!(
            bounded(text, text.len(), true),
            (v(&["e4", "d4", "c4", "Nf3"]), None, 3)
        );
        // A plain game that ends the text is unfinished too while more
        // follows.
        let plain = "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n";
        let b = plain.find("[Event \"b\"]").unwrap();
        assert_eq!(
            bounded(plain, plain.len(), false),
            (v(&["e4"]), Some(Stop::Unfinished(b)), 1)
        );
        assert_eq!(
            bounded(plain, plain.len(), true),
            (v(&["e4", "d4"]), None, 1)
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
        assert_eq!(err("1. e4 + +"), (ErrorKind::MarkerWithoutMove, "+".into()));
        assert_eq!(err("1. e4 ) e5"), (ErrorKind::Variation, ")".into()));
        assert_eq!(err("1. e4 (1. d4"), (ErrorKind::Variation, "(".into()));
        assert_eq!(err("(1. d4)"), (ErrorKind::Variation, "(".into()));
        assert_eq!(
            err("1. e4 (1. d4 1-0)"),
            (ErrorKind::MisplacedResult, "1-0".into())
        );
        assert_eq!(err("1. e4 --"), (ErrorKind::NullMove, "--".into()));
        assert_eq!(err("1. e4 e5 2. N@f3"), (ErrorKind::Drop, "N@f3".into()));
        // A drop is read in a crazyhouse game only; under a tag that
        // cannot be read, the tag is the error.
        assert_eq!(
            err("[Variant \"Atomic\"]\n\n1. e4 e5 2. N@f3"),
            (ErrorKind::Drop, "N@f3".into())
        );
        assert_eq!(
            err("[Variant \"Kriegspiel\"]\n\n1. e4 e5 2. N@f3"),
            (ErrorKind::BadSetup, "\"Kriegspiel\"".into())
        );
        // (A tag naming one of Fairy-Stockfish's built-in variants reads
        // the moves as a rules file's: a drop is a move.)
        let game = one("[Variant \"Bughouse\"]\n\n1. e4 e5 2. N@f3 *");
        assert_eq!(game.rules, crate::syntax::GameRules::Builtin);
        assert_eq!(game.rules_moves.len(), 3);
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

    #[test]
    fn a_malformed_game_never_swallows_the_next() {
        // An unclosed variation, a number without a move, a stray `}`: the
        // next tag section in the first column still begins a game.
        for broken in ["1. e4 (1. d4 d5", "1. e4 2.", "1. e4 } e5"] {
            let text = format!("[Event \"1\"]\n{broken}\n[Event \"2\"]\n1. d4 1-0");
            let (src, games) = parse_text(&text);
            assert_eq!(games.len(), 2, "{text}");
            assert!(games[0].is_err(), "{text}");
            let second = games[1].as_ref().expect(&text);
            assert_eq!(second.tag(&src, "Event").as_deref(), Some("2"));
        }
        let (_, games) = parse_text("[Event \"1\"]\n1. e4 (1. d4\n[Event \"2\"]\n1. d4 1-0");
        let error = games[0].as_ref().unwrap_err();
        assert_eq!(error.message, "this variation is never closed");
    }
}
