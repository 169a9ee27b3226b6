//! The stages, one after the other, behind one entry point: [`verify`].

use std::cell::RefCell;

use crate::diagnostic::Diagnostic;
use crate::input::Source;
pub use crate::record::Checked;
use crate::record::{self, Board, GameRecord};
use crate::replay::custom::CustomGame;
use crate::replay::{self, Options, Room, VerifiedGame};
use crate::rule_sets::RuleSets;
use crate::syntax::{GameResult, GameRules, GameSyntax, Parser};
use crate::{explain, start};

/// Reads and verifies the games of `source`, one at a time, in order.
///
/// Each item is a verified game or the first problem in it (a syntax
/// error, an illegal setup, an illegal move …). After a problem, reading
/// resumes at the next game, so every game of a collection is checked.
///
/// ```
/// use chess_core::{Options, Source, verify};
///
/// let source = Source::text("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n1. d4 d5 2. Bc4 *", None, None);
/// let mut games = verify(&source, Options::default());
/// assert_eq!(games.next().unwrap().unwrap().san(), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
/// let error = games.next().unwrap().unwrap_err();
/// assert_eq!(
///     error.message,
///     "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2",
/// );
/// assert!(games.next().is_none());
/// ```
pub fn verify(source: &Source, options: Options) -> Games<'_> {
    Games {
        source,
        parser: notes_as(
            Parser::new(source)
                .with_letters(options.piece_letters)
                .with_limits(options.limits)
                .with_variant(options.variant),
            options,
        ),
        options,
        rules: None,
        room: RefCell::default(),
    }
}

/// [`verify`] for text whose game starts are known already: `cuts` are
/// their offsets in `source`, in order, as a [`Splitter`](crate::Splitter)
/// found them in the stream the text was cut from. The text is then not
/// scanned for them again.
///
/// ```
/// use chess_core::{Options, Source, Splitter, verify_with_cuts};
///
/// let text = "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 d5 2. Bc4 *\n";
/// let mut splitter = Splitter::new();
/// let cut = splitter.next_cut(text.as_bytes(), 0).unwrap();
/// let source = Source::text(text, None, None);
/// let games: Vec<_> = verify_with_cuts(&source, Options::default(), vec![cut as u32]).collect();
/// assert!(games[0].is_ok() && games[1].is_err());
/// ```
pub fn verify_with_cuts(source: &Source, options: Options, cuts: Vec<u32>) -> Games<'_> {
    Games {
        source,
        parser: notes_as(
            Parser::with_cuts(source, cuts)
                .with_letters(options.piece_letters)
                .with_limits(options.limits)
                .with_variant(options.variant),
            options,
        ),
        options,
        rules: None,
        room: RefCell::default(),
    }
}

/// A parser that keeps comments and NAGs only if the replay will.
fn notes_as(parser: Parser<'_>, options: Options) -> Parser<'_> {
    match options.drop_annotations {
        true => parser.without_notes(),
        false => parser,
    }
}

/// The games of a source, read and verified one at a time; see [`verify`].
pub struct Games<'s> {
    source: &'s Source,
    parser: Parser<'s>,
    options: Options,
    /// The rule sets of games under rules a user defines.
    rules: Option<&'s RuleSets>,
    /// The room of the verified games given back, for the next one's
    /// record ([`Games::recycle_checked`]).
    room: RefCell<Room>,
}

impl<'s> Games<'s> {
    /// The next game as written, not yet verified (or its first syntax
    /// error), for callers that look at the syntax first.
    pub fn next_syntax(&mut self) -> Option<Result<GameSyntax, Diagnostic>> {
        self.parser.next()
    }

    /// Gives back a game read by [`Games::next_syntax`] once the caller is
    /// done with it: the next one is read into its room
    /// ([`Parser::recycle`]).
    pub fn recycle(&mut self, game: GameSyntax) {
        self.parser.recycle(game);
    }

    /// Gives back a game checked by [`Games::check_syntax`] once the
    /// caller is done with it: the next game checked is recorded in its
    /// vectors (its moves, SAN and tags), emptied.
    ///
    /// ```
    /// use chess_core::{Options, Source, verify};
    ///
    /// let source = Source::text("1. e4 e5 2. Nf3 *\n\n1. d4 *\n", None, None);
    /// let mut games = verify(&source, Options::default());
    /// let first = games.next_syntax().unwrap().unwrap();
    /// let checked = games.check_syntax(&first).unwrap();
    /// assert_eq!(checked.san(), "e4 e5 Nf3");
    /// games.recycle_checked(checked);
    /// let second = games.next_syntax().unwrap().unwrap();
    /// assert_eq!(games.check_syntax(&second).unwrap().san(), "d4");
    /// ```
    pub fn recycle_checked(&mut self, checked: Checked) {
        match checked {
            Checked::Chess(game) => self.room.get_mut().give_back(game),
            Checked::Variant(game) => self.room.get_mut().give_back(game),
            Checked::Custom(_) => {}
        }
    }

    /// Verifies a game read by [`Games::next_syntax`]: its start position,
    /// then every move.
    pub fn verify_syntax(&self, game: &GameSyntax) -> Result<VerifiedGame, Diagnostic> {
        let (start, mode) = start::position(game).map_err(explain::start_failure)?;
        replay::replay(game, start, mode, self.options)
            .map_err(|failure| explain::replay_failure(&failure, self.source))
    }

    /// Verifies a game read by [`Games::next_syntax`] under the rules its
    /// `[Variant]` tag names: standard chess and Chess960 as
    /// [`Games::verify_syntax`] does, every other variant shakmaty plays
    /// (Crazyhouse, Atomic, Antichess, King of the Hill, Three-check,
    /// Horde, Racing Kings) through shakmaty's `VariantPosition`.
    ///
    /// ```
    /// use chess_core::{Checked, Options, Source, verify};
    ///
    /// let text = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n";
    /// let source = Source::text(text, None, None);
    /// let mut games = verify(&source, Options::default());
    /// let game = games.next_syntax().unwrap().unwrap();
    /// let checked = games.check_syntax(&game).unwrap();
    /// assert!(matches!(checked, Checked::Variant(_)));
    /// // Canonical SAN writes a pawn drop without its letter, as shakmaty does.
    /// assert_eq!(checked.san(), "e4 d5 exd5 Qxd5 Nc3 Qd8 @d5");
    /// ```
    pub fn check_syntax(&self, game: &GameSyntax) -> Result<Checked, Diagnostic> {
        self.run::<false>(game).verdict
    }

    /// A game read by [`Games::next_syntax`] verified as
    /// [`Games::check_syntax`] verifies it, with its record: each ply's
    /// position, and where it went wrong ([`GameRecord`]).
    pub fn record(&self, game: &GameSyntax) -> GameRecord<'s> {
        self.run::<true>(game)
    }

    /// The one way a game is checked under the rules it names: its start,
    /// its replay, and what went wrong in words; each ply kept where
    /// `KEEPS`.
    #[inline(always)]
    fn run<const KEEPS: bool>(&self, game: &GameSyntax) -> GameRecord<'s> {
        let failed = |error| GameRecord {
            plies: Vec::new(),
            verdict: Err(error),
            wrong: None,
        };
        let sets = match game.rules {
            GameRules::Verified => None,
            GameRules::File => self.rules,
            GameRules::Builtin => Some(RuleSets::builtins()),
        };
        if let Some(sets) = sets {
            let (set, start, set_up) = match start::custom_position(game, self.source, sets) {
                Ok(start) => start,
                Err(failure) => return failed(explain::custom_start_failure(failure, sets)),
            };
            let (kept, replayed) =
                replay::replay_rules::<KEEPS>(game, set, start, set_up, self.options);
            let wrong = replayed.as_ref().err().filter(|_| KEEPS);
            return GameRecord {
                plies: record::boards(kept, |p| Board::Rules(Box::new(p))),
                wrong: wrong
                    .and_then(|f| record::wrong_under_rules(f))
                    .map(|(range, before)| (range, Board::Rules(Box::new(before)))),
                verdict: replayed
                    .map(Checked::Custom)
                    .map_err(|failure| explain::custom_failure(&failure, self.source)),
            };
        }
        match &game.variant {
            Ok(named) if named.variant != chess_format::Variant::Standard => {
                match start::variant_position(game) {
                    Ok((start, mode)) => self.replayed::<_, KEEPS>(
                        game,
                        start,
                        mode,
                        Board::Variant,
                        Checked::Variant,
                    ),
                    Err(failure) => failed(explain::start_failure(failure)),
                }
            }
            _ => match start::position(game) {
                Ok((start, mode)) => {
                    self.replayed::<_, KEEPS>(game, start, mode, Board::Chess, Checked::Chess)
                }
                Err(failure) => failed(explain::start_failure(failure)),
            },
        }
    }

    /// A game replayed through shakmaty from `start`, its positions made
    /// [`Board`]s by `board` and the verified game [`Checked`] by
    /// `checked`.
    #[inline(always)]
    fn replayed<P: replay::Rules, const KEEPS: bool>(
        &self,
        game: &GameSyntax,
        start: P,
        mode: shakmaty::CastlingMode,
        board: fn(P) -> Board<'s>,
        checked: fn(VerifiedGame<P>) -> Checked,
    ) -> GameRecord<'s> {
        let (kept, replayed) = replay::replay_keeping::<P, KEEPS>(
            game,
            start,
            mode,
            self.options,
            &mut self.room.borrow_mut(),
        );
        let wrong = replayed.as_ref().err().filter(|_| KEEPS);
        GameRecord {
            plies: record::boards(kept, board),
            wrong: wrong
                .and_then(|f| record::wrong(f))
                .map(|(range, before)| (range, board(before))),
            verdict: replayed
                .map(checked)
                .map_err(|failure| explain::replay_failure(&failure, self.source)),
        }
    }

    /// What a game checked by [`Games::check_syntax`] was accepted
    /// despite, as warnings: a setup's fullmove number `0` (read as 1, as
    /// python-chess and lichess read it), and, with
    /// [`Options::unfinished_result`], the result `*` after the rules
    /// ended the game (worded as the `wrong-result` error it would be).
    /// `chess-verify` reports them; the macros accept both silently (the
    /// second only behind `#![allow(unfinished_result)]`).
    ///
    /// ```
    /// use chess_core::{Options, Source, verify};
    ///
    /// let text = "[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0\"]\n\n1. Re8# *";
    /// let source = Source::text(text, None, None);
    /// let options = Options { unfinished_result: true, ..Options::default() };
    /// let mut games = verify(&source, options);
    /// let game = games.next_syntax().unwrap().unwrap();
    /// let checked = games.check_syntax(&game).unwrap();
    /// let warnings = games.warnings(&game, &checked);
    /// assert_eq!(warnings[0].message, "the fullmove number `0` is read as 1: moves are numbered from 1");
    /// assert_eq!(source.slice(warnings[1].range), "*");
    /// assert_eq!(warnings[1].message, "the result `*` contradicts the final position: White checkmated Black");
    /// ```
    pub fn warnings(&self, game: &GameSyntax, checked: &Checked) -> Vec<Diagnostic> {
        let mut warnings = Vec::new();
        if let Ok(Some(setup)) = &game.setup
            && setup.fullmove_zero
            && let Some(range) = setup.fullmoves
        {
            warnings.push(crate::syntax::fullmove_zero(range));
        }
        let numbering = match checked {
            Checked::Chess(g) => g.numbering,
            Checked::Variant(g) => g.numbering,
            Checked::Custom(g) => g.numbering,
        };
        if numbering.counts_from_first_move()
            && let Some(first) = replay::first_number(game)
        {
            warnings.push(explain::numbered_from_first_move(first.range));
        }
        let Some((GameResult::Unknown, range)) = game.result else {
            return warnings;
        };
        // What ended the game in words, and the result it gives.
        let end = match checked {
            Checked::Chess(VerifiedGame {
                end: Some((end, _)),
                ..
            })
            | Checked::Variant(VerifiedGame {
                end: Some((end, _)),
                ..
            }) => (explain::describe_end(*end).to_string(), end.result()),
            Checked::Custom(g) => match g.end.zip(self.rule_set(g)) {
                Some((end, rules)) => (
                    explain::describe_rules_end(end, rules),
                    replay::custom::result_of(end),
                ),
                None => return warnings,
            },
            _ => return warnings,
        };
        warnings.push(explain::unfinished_result(
            range,
            game.result_tag,
            end,
            self.source,
        ));
        warnings
    }

    /// The rule set a game checked by [`Games::check_syntax`] under rules
    /// a user defines was played under: its rules file's, or one of
    /// Fairy-Stockfish's built-in variants ([`RuleSets::builtins`]) its
    /// `[Variant]` tag named.
    pub fn rule_set(&self, game: &CustomGame) -> Option<&'s chess_rules::Rules> {
        let sets = if game.builtin {
            Some(RuleSets::builtins())
        } else {
            self.rules
        };
        sets?.sets.get(game.set)
    }

    /// The next game, checked under its own rules ([`Games::check_syntax`]),
    /// or its first problem: what `chess-verify` reports for each game.
    pub fn next_checked(&mut self) -> Option<Result<Checked, Diagnostic>> {
        let game = self.next_syntax()?;
        Some(game.and_then(|game| {
            let checked = self.check_syntax(&game);
            self.recycle(game);
            checked
        }))
    }

    /// Reads and verifies the games under the rules of a rules file (a
    /// CustomChessKell YAML file, or a Fairy-Stockfish `variants.ini`):
    /// each under the rule set its `[Variant]` tag names, else the
    /// default, else the only one ([`RuleSets::pick`]), from its `[FEN]`
    /// tag read under it or the rule set's start. The games are read by
    /// the same lexer, grammar and game ends as chess's, their moves in
    /// the rule set's notation; [`Games::check_syntax`] and
    /// [`Games::next_checked`] give [`Checked::Custom`].
    ///
    /// ```
    /// use chess_core::RuleSets;
    /// use chess_core::{Checked, Options, Source, verify};
    ///
    /// let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    /// let rules = RuleSets::read(&ini).unwrap();
    /// let source = Source::text("1. f3 e5 2. g4 Qh4# 0-1", None, None);
    /// let mut games = verify(&source, Options::default()).under_rules(&rules);
    /// let game = games.next_checked().unwrap().unwrap();
    /// assert_eq!(game.san(), "f2f3 e7e5 g2g4 d8h4");
    ///
    /// let source = Source::text("1. e4 e5 2. Ke3", None, None);
    /// let mut games = verify(&source, Options::default()).under_rules(&rules);
    /// let error = games.next_checked().unwrap().unwrap_err();
    /// assert_eq!(error.message, "White cannot play `2. Ke3`: e1 to e3 is not a king move: a king steps orthogonally; or steps diagonally");
    /// ```
    pub fn under_rules(mut self, rules: &'s RuleSets) -> Games<'s> {
        self.parser = self.parser.under_rules(rules);
        self.rules = Some(rules);
        self
    }

    /// Skips text that is not PGN where a game would begin (a forum
    /// post's `[pgn]` wrapper, prose before a tag section) instead of
    /// reporting it; [`Games::take_skipped`] says what was skipped.
    /// `more` says that more text follows the source, from a game start
    /// on (a reader that cut a stream), so that prose at its end is prose
    /// before a tag section.
    ///
    /// ```
    /// use chess_core::syntax::Skipped;
    /// use chess_core::{Options, Source, verify};
    ///
    /// let text = "Here is my game, what do you think?\n[pgn]\n[Event \"Club\"]\n1. e4 e5 *\n[/pgn]\n";
    /// let source = Source::text(text, None, None);
    /// let mut games = verify(&source, Options::default()).skipping_text(false);
    /// assert_eq!(games.next().unwrap().unwrap().san(), "e4 e5");
    /// assert!(games.next().is_none());
    /// let skipped = games.take_skipped();
    /// assert_eq!(skipped.len(), 3);
    /// assert!(matches!(skipped[0], Skipped::Prose(r) if source.slice(r) == "Here is my game, what do you think?"));
    /// ```
    pub fn skipping_text(mut self, more: bool) -> Games<'s> {
        self.parser = self.parser.skipping_text(more);
        self
    }

    /// What was skipped since the last call (see [`Games::skipping_text`]).
    pub fn take_skipped(&mut self) -> Vec<crate::syntax::Skipped> {
        self.parser.take_skipped()
    }

    /// Reads only the games of a piece of a stream that ends at the first
    /// game start at or after byte `limit` (see [`Parser::up_to`]).
    pub fn up_to(mut self, limit: usize, last: bool) -> Games<'s> {
        self.parser = self.parser.up_to(limit, last);
        self
    }

    /// Where a bound ([`Games::up_to`]) stopped the reading, once it did.
    pub fn stopped(&self) -> Option<crate::syntax::Stop> {
        self.parser.stopped()
    }

    /// The index in the source of the stretch between game starts that
    /// the last game came from; once stopped, of the one it stopped at.
    pub fn stretch(&self) -> u64 {
        self.parser.stretch()
    }

    /// The source being read.
    pub fn source(&self) -> &'s Source {
        self.source
    }

    /// The options games are verified with.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The rule sets of the rules file games are read under, if any
    /// ([`Games::under_rules`]).
    pub fn rule_sets(&self) -> Option<&'s RuleSets> {
        self.rules
    }
}

impl Iterator for Games<'_> {
    type Item = Result<VerifiedGame, Diagnostic>;

    fn next(&mut self) -> Option<Result<VerifiedGame, Diagnostic>> {
        let game = self.next_syntax()?;
        Some(game.and_then(|game| self.verify_syntax(&game)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A legal game of `plies` plies, with `tags` tag pairs and a comment
    /// after every other word, then a short one: the text of both.
    fn long_then_short(plies: usize, tags: usize) -> String {
        let start = shakmaty::Chess::default();
        let moves = crate::testing::long_game(plies, 7);
        assert_eq!(moves.len(), plies);
        let mut text: String = (0..tags).map(|i| format!("[Tag{i} \"x\"]\n")).collect();
        for (i, word) in crate::testing::token_text(&start, &moves)
            .split(' ')
            .enumerate()
        {
            text.push_str(word);
            text.push_str(if i % 2 == 1 { " {c} " } else { " " });
        }
        text.push_str("*\n\n[Event \"short\"]\n1. d4 *\n");
        text
    }

    /// A fresh tree reserves room for the tags of most games.
    #[test]
    fn a_fresh_tree_has_room_for_sixteen_tags() {
        let source = Source::text("[Event \"x\"]\n1. e4 *\n", None, None);
        let game = Parser::new(&source).next().unwrap().unwrap();
        assert!(game.tags.capacity() >= 16);
    }

    /// Under a rules file, the rule set's moves and the notes go into the
    /// room of the game given back too.
    #[test]
    fn a_game_under_rules_given_back_lends_the_next_its_room() {
        let ini = Source::text(
            include_str!("../../chess-rules/rules/chess.ini"),
            Some("chess.ini".into()),
            None,
        );
        let sets = RuleSets::read(&ini).unwrap();
        let source = Source::text(long_then_short(300, 2), None, None);
        for recycle in [false, true] {
            let mut parser = Parser::new(&source).under_rules(&sets);
            let long = parser.next().unwrap().unwrap();
            // (A comment after every other word: moves and numbers.)
            assert_eq!((long.rules_moves.len(), long.notes.len()), (300, 225));
            if recycle {
                parser.recycle(long);
            }
            let short = parser.next().unwrap().unwrap();
            assert_eq!(short.rules_moves.len(), 1);
            let room = short.rules_moves.capacity() >= 300 && short.notes.capacity() >= 225;
            assert_eq!(room, recycle);
        }
    }

    /// A game given back lends the next one its room: the short game's
    /// vectors have the long one's capacity, where fresh ones would have
    /// only what the short game needs (or the tree's first reserve).
    #[test]
    fn a_game_given_back_lends_the_next_its_room() {
        let source = Source::text(long_then_short(300, 40), None, None);
        for recycle in [false, true] {
            let mut games = verify(&source, Options::default());
            let long = games.next_syntax().unwrap().unwrap();
            assert_eq!(
                (long.plies.len(), long.tags.len(), long.notes.len()),
                (300, 40, 225)
            );
            let checked = games.check_syntax(&long).unwrap();
            assert_eq!(checked.plies(), 300);
            if recycle {
                games.recycle(long);
                games.recycle_checked(checked);
            }
            let short = games.next_syntax().unwrap().unwrap();
            assert_eq!((short.plies.len(), short.tags.len()), (1, 1));
            let room = short.plies.capacity() >= 300
                && short.lines[0].plies.capacity() >= 300
                && short.tags.capacity() >= 40
                && short.notes.capacity() >= 225;
            assert_eq!(room, recycle);
            let Checked::Chess(verified) = games.check_syntax(&short).unwrap() else {
                panic!("a game of chess");
            };
            assert_eq!(verified.san(), "d4");
            assert_eq!(verified.tags.len(), 1);
            let room = verified.moves.capacity() >= 300
                && verified.sans.capacity() >= 300
                && verified.tags.capacity() >= 40;
            assert_eq!(room, recycle);
        }
    }
}
