//! The express lane: a stretch of text that is one plain game — tag
//! pairs, then move numbers, moves, markers, NAGs and `{…}` comments,
//! then a result or the stretch's end — read straight from its bytes,
//! without the lexer's list of lexemes or the parser's items.
//!
//! Almost every game of a real collection is such a game, and reading it
//! is most of the time `chess-verify` spends outside the rules engine; so
//! is almost every `game!` call, whose tokens are rendered as such text
//! (there `;` and `%` are ordinary characters, and the lane, which stops
//! at them, gives up). In the proc macro it runs unoptimized in dev
//! builds, and is written for that too (see `Lane`).
//! The lane reads words exactly as the lexer cuts them, splits them with
//! the same [`notation::split_word`] and hands every part to the same
//! grammar ([`GameParser`]), so the game's consumer is handed the very
//! events, and the tree built the very tree, the parser's would. The
//! usual words — a move number, a move in one of the usual SAN shapes and
//! its marker — are read as they are scanned ([`notation::usual_word`]),
//! each byte looked at once, into the parts the split would give. Anything
//! else — a variation, a `;` comment, a setup, a word with non-ASCII
//! bytes, a long-form move, other piece letters, a game of one of
//! Fairy-Stockfish's built-in variants, text after the result, any error
//! — and it gives up: the stretch is lexed and parsed as
//! before, from its start, with a fresh consumer. Tests and a fuzz target
//! hold the two readings to the same events and trees.

use chess_format::Named;

use crate::input::{Range, Source, scan};

use super::build::Tree;
use super::errors;
use super::events::Events;
use super::game::GameParser;
use super::lexer;
use super::limits::Limits;
use super::notation::{self, Spanned, Usual};
use super::tag::Tag;
use super::tree::GameSyntax;

/// What a byte is to the lane.
#[derive(Copy, Clone, PartialEq, Eq)]
#[repr(u8)]
enum Byte {
    /// White space (as `u8::is_ascii_whitespace`).
    Space,
    /// Printable ASCII inside a word.
    Word,
    /// A byte that ends a word: a bracket, a quote, a comment starter.
    Special,
    /// Anything else (control characters, non-ASCII): the lexer reads
    /// it inside words; the lane does not.
    Other,
}

const fn bytes() -> [Byte; 256] {
    let mut table = [Byte::Other; 256];
    let mut b = 0x21;
    while b < 0x7F {
        table[b] = Byte::Word;
        b += 1;
    }
    let specials = b"{}()[]\";";
    let mut i = 0;
    while i < specials.len() {
        table[specials[i] as usize] = Byte::Special;
        i += 1;
    }
    let spaces = b" \t\n\r\x0c";
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = Byte::Space;
        i += 1;
    }
    table
}

static BYTES: [Byte; 256] = bytes();

/// The bytes of a tag name the lane reads: ASCII letters, digits, `_`.
static NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// Whether `gap` (the space inside a tag) holds a line break.
#[inline(always)]
fn breaks_line(gap: &[u8]) -> bool {
    gap.iter().any(|&b| b == b'\n' || b == b'\r')
}

/// The text of one stretch and where the lane is in it.
struct Lane<'a> {
    text: &'a [u8],
    at: usize,
}

// (The lane runs for every word of every game a crate embeds, in proc
// macros that dev builds compile without optimization: it indexes rather
// than calls `get`, compares classes with `matches!` rather than `==`, and
// its per-word path avoids `?`, each a call there.)
impl Lane<'_> {
    /// Skips white space. (A `%` escape line, which the lane leaves to the
    /// lexer, is found where a word is read: no other byte the lane looks
    /// for after space is a `%`.)
    #[inline(always)]
    fn skip_space(&mut self) {
        let text = self.text;
        let mut at = self.at;
        while at < text.len() && matches!(BYTES[text[at] as usize], Byte::Space) {
            at += 1;
        }
        self.at = at;
    }

    /// Whether a `%` escape line starts here.
    fn at_escape(&self) -> bool {
        self.at < self.text.len()
            && self.text[self.at] == b'%'
            && scan::at_line_start(self.text, self.at)
    }

    /// The word that starts here, as the lexer cuts it; `None` if it has
    /// a byte the lane does not read.
    #[inline(always)]
    fn word(&mut self) -> Option<Range> {
        let text = self.text;
        let start = self.at;
        let mut at = start;
        while at < text.len() && matches!(BYTES[text[at] as usize], Byte::Word) {
            at += 1;
        }
        self.at = at;
        // A word goes on through control characters and non-ASCII bytes:
        // not the lane's.
        if at == start || (at < text.len() && matches!(BYTES[text[at] as usize], Byte::Other)) {
            return None;
        }
        Some(Range::new(start as u32, at as u32))
    }

    /// The usual word that starts here — a move number alone, or a move in
    /// one of the usual SAN shapes with its check or mate marker — read as
    /// it is scanned ([`notation::usual_word`]): what it is (its
    /// [`Usual::parts`] are those [`notation::shortcut`] splits it into)
    /// and where it is written. `None` (and nothing read) for any other
    /// word.
    #[inline(always)]
    fn usual_word(&mut self) -> Option<(Usual, Range)> {
        let text = self.text;
        let start = self.at;
        // Not `?`: in unoptimized builds `?` is two calls.
        #[allow(clippy::question_mark)]
        let Some((usual, n)) = notation::usual_word(&text[start..]) else {
            return None;
        };
        let end = start + n;
        // The word ends here, as the lexer cuts it (not at a byte the
        // lexer reads on in a word, nor one the lane does not read); a
        // space after it is passed over with it, as `skip_space` would.
        self.at = match text.get(end) {
            None => end,
            Some(&b) => match BYTES[b as usize] {
                Byte::Space => end + 1,
                Byte::Special => end,
                Byte::Word | Byte::Other => return None,
            },
        };
        Some((usual, Range::new(start as u32, end as u32)))
    }

    /// The tag name that starts here: letters, digits and `_`; `None` if
    /// there are none. One pass: the bytes are checked as they are
    /// scanned. (A word the lexer would cut longer, with a `-`, a `.`, a
    /// control character or a non-ASCII letter after those, is no name
    /// the lane reads: such a byte is neither space nor the value's
    /// quote, which the lane asks for next, and it gives up there.)
    #[inline(always)]
    fn name(&mut self) -> Option<Range> {
        let text = self.text;
        let start = self.at;
        let mut at = start;
        while at < text.len() && NAME[text[at] as usize] {
            at += 1;
        }
        self.at = at;
        (at > start).then(|| Range::new(start as u32, at as u32))
    }

    /// The `{…}` comment that starts here.
    fn comment(&mut self) -> Option<Range> {
        let start = self.at;
        let n = scan::find(&self.text[start + 1..], b'}')?;
        self.at = start + n + 2;
        Some(Range::new(start as u32, self.at as u32))
    }

    /// The byte here and the range of it.
    fn byte(&mut self, want: u8) -> Option<Range> {
        (self.text.get(self.at) == Some(&want)).then(|| {
            self.at += 1;
            Range::new(self.at as u32 - 1, self.at as u32)
        })
    }
}

/// Where the stretch the lane reads ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// Here: the next game start, found by the splitter (or the text's end).
    At(usize),
    /// Not found yet: the lane finds it where the splitter would cut, at
    /// the text's end or at a `[` in the first column after the result.
    Open,
}

/// The whole of `source` read by the lane as one plain game, comments
/// and NAGs kept, played under `variant` unless a `[Variant]` tag says
/// otherwise (`None`: standard chess); `None` where the lane gives up (the
/// parser reads such text).
pub(crate) fn whole_game(
    source: &Source,
    variant: Option<Named>,
    limits: Limits,
) -> Option<GameSyntax> {
    game(
        Tree::new(),
        source,
        0,
        End::At(source.as_str().len()),
        true,
        variant,
        limits,
    )
    .map(|(game, _)| game.finish(source))
}

/// Reads the stretch of `source` from `start` (a game start) as one plain
/// game, its events handed to `events`, or gives up (`None`): the game's
/// parse, read to its end, and where the stretch ends.
/// `notes`: keep comments and NAGs (see [`Parser::without_notes`]);
/// `variant`: the rules of a game without a `[Variant]` tag (see
/// [`Parser::with_variant`]); `limits`: the bounds on its size (a game past
/// one is left to the grammar, which says where).
///
/// With [`End::Open`] the lane finds the stretch's end itself, so a text
/// of plain games is never scanned by the splitter. It ends where the
/// splitter would cut: between the game start and the result the lane
/// reads no `[` but those of its tags, and a tag is taken only on one line
/// (a line break in it ends the tag for the splitter, and what follows is
/// movetext to it); after the result, a `[` in the first column is the
/// next game start, as the result is movetext. A game without a result
/// ends with the text.
///
/// [`Parser::without_notes`]: super::Parser::without_notes
/// [`Parser::with_variant`]: super::Parser::with_variant
pub(super) fn game<E: Events>(
    events: E,
    source: &Source,
    start: usize,
    end: End,
    notes: bool,
    variant: Option<Named>,
    limits: Limits,
) -> Option<(GameParser<E>, usize)> {
    let open_end = end == End::Open;
    let text = source.as_str().as_bytes();
    let text = match end {
        End::At(end) => text.get(..end)?,
        End::Open => text,
    };
    // A byte-order mark is the lexer's to skip.
    if start == 0 && text.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return None;
    }
    let mut lane = Lane { text, at: start };
    let mut parser = GameParser::with_events(events, super::PieceLetters::English, notes, limits);
    parser.variant = variant;
    let mut comments: Vec<Range> = Vec::new();

    // Tag pairs: `[`, a name, a string, `]`; comments may come between.
    loop {
        lane.skip_space();
        match lane.text.get(lane.at)? {
            b'{' => comments.push(lane.comment()?),
            b'[' => {
                let open = lane.byte(b'[')?;
                parser.touch(open);
                lane.skip_space();
                let name = lane.name()?;
                let name_text = &text[name.as_usize()];
                if name_text == b"PieceLetters" {
                    return None;
                }
                lane.skip_space();
                if lane.text.get(lane.at) != Some(&b'"') {
                    return None;
                }
                let string = lexer::string_end(text, lane.at);
                if !string.closed {
                    return None;
                }
                let value = Range::new(lane.at as u32, string.end as u32);
                lane.at = string.end;
                lane.skip_space();
                let close = lane.byte(b']')?;
                // Finding the stretch's end, a tag is taken on one line
                // only: no line break in the space around its name and
                // value, nor an escape in its value (which may hold one).
                if open_end
                    && (string.escapes
                        || breaks_line(&text[open.end as usize..name.start as usize])
                        || breaks_line(&text[name.end as usize..value.start as usize])
                        || breaks_line(&text[value.end as usize..close.start as usize]))
                {
                    return None;
                }
                parser.touch(close);
                parser
                    .push_tag(Tag {
                        range: open.to(close),
                        name_range: name,
                        value_range: value,
                    })
                    .ok()?;
                // A game of one of Fairy-Stockfish's built-in variants is
                // read as under a rules file: the parser's.
                if (name_text == b"Variant" || super::variant::is_board_tag(name_text))
                    && parser.names_builtin(source)
                {
                    return None;
                }
            }
            // The moves begin with a move number: no setup before them.
            b'0'..=b'9' => break,
            _ => return None,
        }
    }

    // The moves, up to the result or the stretch's end.
    // Room for the parts of a word the shortcuts do not split (a result,
    // a NAG), made when first needed. (Made up front, it cost the loop
    // below 1.2 % of `chess-verify`'s instructions in the registers the
    // compiler gave it.)
    let mut parts: Vec<Spanned> = Vec::new();
    loop {
        lane.skip_space();
        if lane.at == text.len() {
            return unfinished(parser, &mut comments, source, lane.at);
        }
        if text[lane.at] == b'{' {
            let comment = lane.comment()?;
            if notes {
                comments.push(comment);
            }
            continue;
        }
        // The usual words (`12.`, `Nf3`, `exd5+`) are read as they are
        // scanned; any other word is scanned, then split.
        if let Some((usual, range)) = lane.usual_word() {
            if !take_usual(&mut parser, &mut comments, source, usual, range) {
                return None;
            }
            continue;
        }
        if lane.at_escape() {
            return None;
        }
        // Not `?`: in unoptimized builds `?` is two calls.
        #[allow(clippy::question_mark)]
        let Some(word) = lane.word() else {
            return None;
        };
        let bytes = &text[word.start as usize..word.end as usize];
        #[allow(clippy::question_mark)]
        let Some(ended) = take_word(&mut parser, &mut comments, source, bytes, word, &mut parts)
        else {
            return None;
        };
        if ended {
            // Only space may follow, up to the stretch's end.
            lane.skip_space();
            let at = lane.at;
            let next_game = match end {
                End::At(end) => at == end,
                End::Open => {
                    at == text.len() || (text[at] == b'[' && scan::at_line_start(text, at))
                }
            };
            return next_game.then_some((parser, at));
        }
    }
}

/// A game without a result at the stretch's end (`at`): it ends there, as
/// a `game!` call's moves do, if nothing is left open.
fn unfinished<E: Events>(
    mut parser: GameParser<E>,
    comments: &mut Vec<Range>,
    source: &Source,
    at: usize,
) -> Option<(GameParser<E>, usize)> {
    if !comments.is_empty() {
        parser.take_comments(source, comments).ok()?;
    }
    if parser.end_of_input().is_err() {
        return None;
    }
    Some((parser, at))
}

/// Hands a word of the moves (`bytes`, at `word`) to the parser, part by
/// part (`parts` is room for them): whether the result ended the game,
/// with nothing after it in its word; `None` where the lane gives up.
#[inline(always)]
fn take_word<E: Events>(
    parser: &mut GameParser<E>,
    comments: &mut Vec<Range>,
    source: &Source,
    bytes: &[u8],
    word: Range,
    parts: &mut Vec<Spanned>,
) -> Option<bool> {
    Some(match notation::shortcut(bytes, word.start) {
        Some((first, second)) => match part(parser, comments, source, first) {
            Taken::Ended if second.is_some() => return None,
            Taken::Ended => true,
            Taken::Read => match second {
                None => false,
                Some(second) => match part(parser, comments, source, second) {
                    Taken::Ended => true,
                    Taken::Read => false,
                    Taken::Refused => return None,
                },
            },
            Taken::Refused => return None,
        },
        None => {
            parts.clear();
            notation::split_word(bytes, word.start, parts);
            let mut ended = false;
            for &spanned in parts.iter() {
                if ended {
                    return None;
                }
                ended = match part(parser, comments, source, spanned) {
                    Taken::Ended => true,
                    Taken::Read => false,
                    Taken::Refused => return None,
                };
            }
            ended
        }
    })
}

/// Hands a usual word (see [`Lane::usual_word`]; written at `range`) to
/// the parser, each of its parts to the grammar's entry for what it is, as
/// [`part`] hands it: `false` where the lane gives up. (No usual word ends
/// the game.)
#[inline(always)]
fn take_usual<E: Events>(
    parser: &mut GameParser<E>,
    comments: &mut Vec<Range>,
    source: &Source,
    usual: Usual,
    range: Range,
) -> bool {
    match usual {
        // A number is no event: the comments before it go to the game's
        // consumer with the move it numbers, as they would before it.
        Usual::Number { value, black } => {
            parser.touch(range);
            parser.usual_number(value, black, range).is_ok()
        }
        Usual::Move { mv, marker } => {
            let (mv_range, marker_range) = match marker {
                None => (range, range),
                Some(_) => (
                    Range::new(range.start, range.end - 1),
                    Range::new(range.end - 1, range.end),
                ),
            };
            parser.touch(mv_range);
            if !comments.is_empty() && parser.take_comments(source, comments).is_err() {
                return false;
            }
            if parser.usual_move(mv, mv_range).is_err() {
                return false;
            }
            let Some(marker) = marker else {
                return true;
            };
            // (No comment comes between a move and its marker.)
            parser.touch(marker_range);
            parser.usual_marker(marker, marker_range, source).is_ok()
        }
    }
}

/// What became of one part of a word handed to the parser.
enum Taken {
    /// Read; the game goes on.
    Read,
    /// The game's result: the game ends.
    Ended,
    /// An error: the lane gives up.
    Refused,
}

/// Hands one part of a word to the parser, as the parser's own loop does.
#[inline(always)]
fn part<E: Events>(
    parser: &mut GameParser<E>,
    comments: &mut Vec<Range>,
    source: &Source,
    spanned: Spanned,
) -> Taken {
    parser.touch(spanned.range);
    if !comments.is_empty() && parser.take_comments(source, comments).is_err() {
        return Taken::Refused;
    }
    // The long form reads words after its piece name: the lane leaves it
    // to the parser (an error gives up).
    let long_form = |_, range| Err(errors::stray_long_form_word(range, source));
    // Nor does it split words under rules (no part points to a reading).
    match parser.word_part(source, spanned, |_| None, long_form) {
        Ok(true) => Taken::Ended,
        Ok(false) => Taken::Read,
        Err(_) => Taken::Refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Parser;

    /// The lane's reading of `text` as one stretch, checked against the
    /// parser's.
    fn lane(text: &str) -> Option<GameSyntax> {
        let source = Source::text(text, None, None);
        let game = game(
            Tree::new(),
            &source,
            0,
            End::At(text.len()),
            true,
            None,
            Limits::default(),
        )
        .map(|(game, _)| game.finish(&source));
        if let Some(game) = &game {
            let general: Vec<_> = Parser::new(&source).without_express_lane().collect();
            assert_eq!(general, [Ok(game.clone())]);
        }
        game
    }

    /// A `game!` call's moves, rendered as the macro renders tokens, take
    /// the lane, with or without a result; it gives up at what it does not
    /// read (a `;`, a `%`, a variation), and the parser reads those.
    #[test]
    fn macro_calls_take_the_lane() {
        for (tokens, read) in [
            ("1. e4 e5 2. Nf3 Nc6", true),
            ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0", true),
            ("[Event \"x\"] 1. d4 { \"a comment\" } d5 *", true),
            ("1. e4 ; e5", false),
            ("% 1. e4", false),
            ("1. e4 (1. d4) e5", false),
        ] {
            let source = crate::expand::front_end(tokens.parse().unwrap());
            assert_eq!(source.mode(), crate::input::Mode::Tokens);
            let lane = game(
                Tree::new(),
                &source,
                0,
                End::Open,
                true,
                None,
                Limits::default(),
            )
            .map(|(game, end)| (game.finish(&source), end));
            assert_eq!(lane.is_some(), read, "{tokens}");
            let general: Vec<_> = Parser::new(&source).without_express_lane().collect();
            if let Some((game, end)) = lane {
                assert_eq!(end, source.as_str().len(), "{tokens}");
                assert_eq!(general, [Ok(game)], "{tokens}");
            }
        }
    }

    #[test]
    fn plain_games_take_the_lane() {
        // As lichess, TWIC and ChessBase write them.
        let lichess = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/x\"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } 2. Qh5?! $6 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n\n";
        let game = lane(lichess).expect("lichess");
        assert_eq!(
            (game.plies.len(), game.notes.len(), game.tags.len()),
            (7, 5, 2)
        );
        let twic = "[Event \"Open\"]\r\n[White \"A, B\"]\r\n\r\n1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.e3 O-O 5.Bd3 d5 6.Nf3 c5 7.O-O dxc4\r\n8.Bxc4 1/2-1/2\r\n";
        assert_eq!(lane(twic).expect("twic").plies.len(), 15);
    }

    #[test]
    fn an_open_stretch_ends_where_the_splitter_cuts() {
        let game = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 { [x\n[Event] } e5 1-0\n\n";
        for (after, cut) in [
            ("[Event \"c\"]\n1. d4 *", Some(game.len())),
            ("", Some(game.len())),
            // Not in the first column, or not a tag: not a game start
            // here, and the parser takes the stretch on from here.
            (" [Event \"c\"]\n1. d4 *", None),
            ("%escape\n[Event \"c\"]\n1. d4 *", None),
            ("2. Nf3 *", None),
        ] {
            let text = format!("{game}{after}");
            let source = Source::text(text.as_str(), None, None);
            let read = game_at(&source, End::Open);
            assert_eq!(read, cut, "{text:?}");
            if let Some(cut) = cut {
                let mut splitter = crate::syntax::Splitter::new();
                let split = splitter.next_cut(text.as_bytes(), 0).unwrap_or(text.len());
                assert_eq!(split, cut, "{text:?}");
            }
        }
        // A line break in a tag ends it for the splitter: what follows is
        // movetext to it, so the `[Site` line begins a game.
        let text = "[Event\n\"a\"]\n[Site \"b\"]\n1. e4 *\n";
        let source = Source::text(text, None, None);
        assert_eq!(game_at(&source, End::Open), None);
        let mut splitter = crate::syntax::Splitter::new();
        let site = text.find("[Site");
        assert_eq!(splitter.next_cut(text.as_bytes(), 0), site);
        assert_eq!(game_at(&source, End::At(site.unwrap())), None);
        // Up to the text's end, the lane reads it as one game (which is
        // why the open stretch must not).
        assert_eq!(game_at(&source, End::At(text.len())), Some(text.len()));
        // An escape in a value may take a line break into the string: an
        // open stretch is left to the splitter then, and space without a
        // line break around a name and value is read.
        for (text, open) in [
            ("[Event \"a\\\n\"]\n1. e4 *\n", None),
            ("[Event \"a\\\"\"]\n1. e4 *\n", None),
            ("[ Event  \"a\"\t]\n1. e4 *\n", Some(23)),
            ("[Event \"a\"\n]\n1. e4 *\n", None),
        ] {
            let source = Source::text(text, None, None);
            assert_eq!(game_at(&source, End::Open), open, "{text:?}");
        }
    }

    /// Where the lane ends the stretch from 0, if it reads it.
    fn game_at(source: &Source, end: End) -> Option<usize> {
        game(Tree::new(), source, 0, end, true, None, Limits::default()).map(|(_, end)| end)
    }

    /// A game that runs to the end of its stretch without a result (a
    /// `game!` call's moves, a collection cut short) ends there, with the
    /// comments after its last move.
    #[test]
    fn a_game_without_a_result_ends_with_its_stretch() {
        let game = lane("1. e4 e5 2. Nf3").expect("read");
        assert_eq!((game.plies.len(), game.result), (3, None));
        let game = lane("[Event \"x\"]\n1. e4 {a} e5 {b} ").expect("read");
        assert_eq!((game.plies.len(), game.notes.len()), (2, 2));
        let source = Source::text("1. e4 e5\n\n[Event \"y\"]\n1. d4 *", None, None);
        assert_eq!(game_at(&source, End::At(10)), Some(10));
        // A number with no move after it is the parser's error to word.
        assert!(lane("1. e4 e5 2.").is_none());
    }

    #[test]
    fn anything_else_is_left_to_the_parser() {
        let tags = "[Event \"x\"]\n";
        for movetext in [
            "1. e4 (1. d4) e5 *",
            "1. e4 ; comment\ne5 *",
            "1. e4 e5 2.",
            "1. e4 e5 2. 3. Nf3 *",
            "1. e4 e5 * 2. Nf3",
            "1. e4 * {after}",
            "1. knight g1 to f3 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Kg1 *",
            "1. ♘f3 *",
            "1. e4 {unclosed",
            "fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 1. Kb1 *",
            "e4 e5 *",
            "1. e4\n%escape\ne5 *",
        ] {
            let text = format!("{tags}{movetext}\n");
            let source = Source::text(text.as_str(), None, None);
            let read = game(
                Tree::new(),
                &source,
                0,
                End::At(text.len()),
                true,
                None,
                Limits::default(),
            );
            // An illegal move is the replay's business: the lane reads it.
            assert_eq!(read.is_some(), movetext.contains("Kg1"), "{movetext}");
        }
        assert!(lane("\u{feff}[Event \"x\"]\n1. e4 *").is_none());
        assert!(lane("[PieceLetters \"de\"]\n1. e4 *").is_none());
        assert!(lane("[Event \"x\"\n1. e4 *").is_none());
    }

    /// A move or a move number read as its word is scanned is what
    /// scanning the word and splitting it give, and leaves the lane where
    /// the scan does: on every word of up to five bytes from an alphabet of
    /// the bytes that matter, before every kind of byte that may follow.
    /// The usual shapes are read so.
    #[test]
    fn moves_read_as_scanned_are_the_words_split() {
        let alphabet = b"ah18xNP+#=O.";
        let ends: [&[u8]; 9] = [
            b"",
            b" ",
            b"\n",
            b"{",
            b")",
            b"!",
            b"+",
            b"\x01",
            "\u{e9}".as_bytes(),
        ];
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut frontier = words.clone();
        for _ in 0..5 {
            let next: Vec<Vec<u8>> = frontier
                .iter()
                .flat_map(|w| alphabet.iter().map(move |&b| [&w[..], &[b]].concat()))
                .collect();
            words.extend(next.iter().cloned());
            frontier = next;
        }
        let mut read = 0;
        for word in &words {
            for end in ends {
                let text = [&b"1. "[..], word, end].concat();
                let mut fused = Lane { text: &text, at: 3 };
                let Some((usual, range)) = fused.usual_word() else {
                    assert_eq!(fused.at, 3);
                    continue;
                };
                let parts = usual.parts(range.start, range.len());
                read += 1;
                let mut scanned = Lane { text: &text, at: 3 };
                let split = scanned
                    .word()
                    .and_then(|w| notation::shortcut(&text[w.as_usize()], w.start));
                assert_eq!(Some(parts), split, "{:?}", String::from_utf8_lossy(&text));
                // The space after the word may be passed over with it.
                fused.skip_space();
                scanned.skip_space();
                assert_eq!(fused.at, scanned.at, "{:?}", String::from_utf8_lossy(&text));
            }
        }
        assert!(read > 500, "{read}");
        for word in [
            "e4", "exd5", "Nf3", "Nxe5", "Nbd7", "R1e2", "Rbxd7", "Qh4#", "Kxf2+", "12.", "1...",
        ] {
            let text = format!("{word} ");
            let mut lane = Lane {
                text: text.as_bytes(),
                at: 0,
            };
            assert!(lane.usual_word().is_some(), "{word}");
            assert_eq!(lane.at, text.len());
        }
    }

    /// A `%` escape line is found where a word would be read: in a line's
    /// first column only.
    #[test]
    fn an_escape_line_starts_in_the_first_column() {
        let text = b"%a 1. e4\n%b e5 %c";
        let escape = |at| Lane { text, at }.at_escape();
        assert!(escape(0) && escape(9));
        assert!(!escape(3) && !escape(15) && !escape(text.len()));
    }

    /// A tag name is read in one pass over its bytes: letters, digits and
    /// `_`, up to space, a quote or a bracket; a name the lexer would cut
    /// longer (with `-`, `.`, a control character, a non-ASCII letter),
    /// and so any other name, is the parser's.
    #[test]
    fn tag_names_are_read_as_the_lexer_cuts_them() {
        for (tags, read) in [
            ("[White_Elo2 \"x\"]", true),
            ("[Event\"x\"]", true),
            ("[ Event \"x\" ]", true),
            ("[Event-Date \"x\"]", false),
            ("[Event.Date \"x\"]", false),
            ("[Ev\u{1}ent \"x\"]", false),
            ("[Evént \"x\"]", false),
            ("[-Event \"x\"]", false),
            ("[\"x\"]", false),
            ("[Event]", false),
        ] {
            let text = format!("{tags}\n1. e4 *\n");
            assert_eq!(lane(&text).is_some(), read, "{text:?}");
            // Whichever reads it, the reading is the parser's.
            let source = Source::text(text.as_str(), None, None);
            let general: Vec<_> = Parser::new(&source).without_express_lane().collect();
            let either: Vec<_> = Parser::new(&source).collect();
            assert_eq!(either, general, "{text:?}");
        }
        // A text that ends inside a name.
        assert!(lane("[Event").is_none());
        assert!(lane("[Event \"x\"]\n[Site").is_none());
    }
}
