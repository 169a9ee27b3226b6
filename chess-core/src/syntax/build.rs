//! The syntax tree, built from the grammar's events: one consumer of
//! them ([`Events`]), the one that keeps every part of a game with its
//! range ([`GameSyntax`]) for the stages that need a game as written.

use std::num::NonZeroU32;

use crate::input::{Range, Source};

use super::errors;
use super::events::Events;
use super::game::GameParser;
use super::notation::{self, GameResult, Marker, MoveSyntax};
use super::setup;
use super::tag::Tag;
use super::tree::RulesMove;
use super::tree::{GameRules, GameSyntax, Join, Line, MoveNumber, Note, NoteKind, PlySyntax};

/// The vectors of a game read before and given back
/// ([`Parser::recycle`](super::Parser::recycle)): the room the next
/// game's tree is built in. Only they are kept, so that what moves from
/// game to game is five vectors, not a whole tree.
#[derive(Default)]
pub(super) struct Room {
    lines: Vec<Line>,
    plies: Vec<PlySyntax>,
    tags: Vec<Tag>,
    notes: Vec<Note>,
    rules_moves: Vec<RulesMove>,
}

impl Room {
    /// The room of `game`; the rest of it is let go.
    pub(super) fn of(game: GameSyntax) -> Room {
        let GameSyntax {
            lines,
            plies,
            tags,
            notes,
            rules_moves,
            ..
        } = game;
        Room {
            lines,
            plies,
            tags,
            notes,
            rules_moves,
        }
    }
}

/// A game's tree as its events arrive.
pub(super) struct Tree {
    game: GameSyntax,
    /// The line plies go to (0, the main line, or a variation).
    line: u32,
    /// The lines around it: those of the variations it is inside of.
    outer: Vec<u32>,
}

impl Tree {
    pub(super) fn new() -> Tree {
        Tree::reusing(Room::default())
    }

    /// A tree for the next game in the room a game read before, given
    /// back ([`Parser::recycle`](super::Parser::recycle)), holds: its
    /// vectors, emptied, so that a run of plain games allocates nothing
    /// per game.
    pub(super) fn reusing(room: Room) -> Tree {
        let Room {
            mut lines,
            mut plies,
            mut tags,
            mut notes,
            mut rules_moves,
        } = room;
        // The main line's room (a variation's is let go).
        let mut main = match lines.is_empty() {
            true => Vec::new(),
            false => lines.swap_remove(0).plies,
        };
        lines.clear();
        main.clear();
        plies.clear();
        tags.clear();
        notes.clear();
        rules_moves.clear();
        // Room for most games, where a fresh tree has none.
        main.reserve(128);
        plies.reserve(128);
        tags.reserve(16);
        lines.push(Line {
            plies: main,
            ..Line::default()
        });
        let game = GameSyntax {
            lines,
            plies,
            tags,
            notes,
            rules_moves,
            ..GameSyntax::default()
        };
        Tree {
            game,
            line: 0,
            outer: Vec::new(),
        }
    }

    /// Adds a ply to the current line. Always inlined into the grammar's
    /// reading of each move (see `GameParser::count_ply`).
    #[inline(always)]
    fn push(&mut self, ply: PlySyntax) {
        let index = self.game.plies.len() as u32;
        self.game.plies.push(ply);
        self.game.lines[self.line as usize].plies.push(index);
    }
}

impl Events for Tree {
    fn tag_room(&mut self) -> Vec<Tag> {
        std::mem::take(&mut self.game.tags)
    }

    #[inline(always)]
    fn ply(&mut self, mv: MoveSyntax, range: Range, number: Option<MoveNumber>) {
        let mut ply = PlySyntax::bare(mv, range);
        ply.number = number;
        self.push(ply);
    }

    fn rules_ply(&mut self, mv: RulesMove, range: Range, number: Option<MoveNumber>) {
        let index = self.game.rules_moves.len() as u32;
        self.game.rules_moves.push(mv);
        self.ply(MoveSyntax::Rules(index), range, number);
    }

    fn join(&mut self, join: Join) {
        if let Some(first) = self.game.rules_moves.last_mut() {
            first.joins_next = join;
        }
    }

    fn marker(&mut self, marker: Marker, range: Range) {
        if let Some(ply) = self.game.plies.last_mut() {
            ply.marker = Some((marker, range));
        }
    }

    fn en_passant(&mut self, range: Range) {
        if let Some(ply) = self.game.plies.last_mut() {
            ply.ep = Some(range);
        }
    }

    fn note(&mut self, kind: NoteKind, range: Range) {
        let line = self.line;
        self.game.notes.push(Note {
            line,
            after: self.game.lines[line as usize].plies.len() as u32,
            kind,
            range,
        });
    }

    fn open_variation(&mut self, open: Range) {
        let lines = &mut self.game.lines;
        let Some(&replaced) = lines[self.line as usize].plies.last() else {
            return;
        };
        let id = lines.len() as u32;
        lines.push(Line {
            open: Some(open),
            ..Line::default()
        });
        let ply = &mut self.game.plies[replaced as usize];
        match ply.first_variation {
            None => ply.first_variation = NonZeroU32::new(id),
            Some(first) => {
                // The first alternative's line knows the last one.
                let first = first.get() as usize;
                let last = lines[first].last_sibling.unwrap_or(first as u32);
                lines[last as usize].next_sibling = Some(id);
                lines[first].last_sibling = Some(id);
            }
        }
        self.outer.push(self.line);
        self.line = id;
    }

    fn close_variation(&mut self) {
        if let Some(outer) = self.outer.pop() {
            self.line = outer;
        }
    }

    fn result(&mut self, result: GameResult, range: Range) {
        self.game.result = Some((result, range));
    }
}

impl GameParser<Tree> {
    /// The game's tree, with what its tags say: its rules, setup and the
    /// result they give.
    pub(super) fn finish(self, source: &Source) -> GameSyntax {
        let mut game = self.events.game;
        game.tags = self.tags;
        game.rules = self.game_rules;
        game.range = self.first.unwrap_or_default().to(self.last);
        game.result_tag = Tag::find(&game.tags, source, "Result").and_then(|tag| {
            let value = tag.value(source);
            let result = notation::result_token(value.as_bytes())?;
            let quotes = tag.value_range;
            Some((result, Range::new(quotes.start + 1, quotes.end - 1)))
        });
        let tag = Tag::find(&game.tags, source, "Variant");
        game.variant_tag = tag.map(|t| t.value_range);
        if self.rules {
            // The tag names a rule set, and the start stage reads the
            // `[FEN]` tag under it. (A game of a built-in variant is no
            // game of the verified rules.)
            game.rules_fen = setup::RulesFen::of_game(&game.tags, source);
            if game.rules == GameRules::Builtin
                && let Some((name, tag)) = super::variant_name(&game.tags, source)
            {
                game.variant = Err(errors::builtin_game(tag.value_range, &name));
            }
            return game;
        }
        game.variant = match (tag, self.variant) {
            (None, Some(variant)) => Ok(variant),
            _ => super::variant::variant_of(tag, source),
        };
        game.setup = setup::of_game(&game.tags, self.setup, source)
            .and_then(|s| setup::fits_variant(s, &game.variant));
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::counts::assert_tree_holds_the_events;
    use crate::syntax::{Parser, RuleSets};

    /// A consumer that writes down each event.
    #[derive(Default)]
    struct Log {
        events: Vec<String>,
    }

    impl Events for Log {
        fn ply(&mut self, mv: MoveSyntax, range: Range, number: Option<MoveNumber>) {
            let number = number.map_or(String::new(), |n| format!("{:?} ", n.value));
            self.events.push(format!("ply {number}{mv:?} {range:?}"));
        }
        fn rules_ply(&mut self, mv: RulesMove, range: Range, number: Option<MoveNumber>) {
            let number = number.map_or(String::new(), |n| format!("{:?} ", n.value));
            self.events.push(format!("rules {number}{range:?}"));
            let _ = mv;
        }
        fn join(&mut self, join: Join) {
            self.events.push(format!("join {join:?}"));
        }
        fn marker(&mut self, marker: Marker, _: Range) {
            self.events.push(format!("marker {marker:?}"));
        }
        fn en_passant(&mut self, _: Range) {
            self.events.push("e.p.".into());
        }
        fn note(&mut self, kind: NoteKind, range: Range) {
            self.events.push(format!("note {kind:?} {range:?}"));
        }
        fn open_variation(&mut self, _: Range) {
            self.events.push("(".into());
        }
        fn close_variation(&mut self) {
            self.events.push(")".into());
        }
        fn result(&mut self, result: GameResult, _: Range) {
            self.events.push(format!("result {result:?}"));
        }
    }

    /// The grammar hands on a game's parts in the order written, the
    /// express lane's reading as the lexer's.
    #[test]
    fn events_come_in_source_order() {
        let text = "[Event \"x\"]\n1. e4 $1 {a} e5 (1... c5 2. Nf3 (2. c3)) 2. exd6 e.p.+ 1-0";
        let source = Source::text(text, None, None);
        let log = logs(&source, false).remove(0).expect("read").events;
        let at = |word: &str| {
            let start = text.find(word).unwrap() as u32;
            Range::new(start, start + word.len() as u32)
        };
        let san = |text: &str| notation::parse_move(text).unwrap();
        let ply = |n: Option<u32>, word: &str| {
            let number = n.map_or(String::new(), |n| format!("{:?} ", Some(n)));
            format!("ply {number}{:?} {:?}", san(word), at(word))
        };
        let expected = [
            ply(Some(1), "e4"),
            format!("note Nag(1) {:?}", at("$1")),
            format!("note Comment {:?}", at("a")),
            ply(None, "e5"),
            "(".into(),
            ply(Some(1), "c5"),
            ply(Some(2), "Nf3"),
            "(".into(),
            ply(Some(2), "c3"),
            ")".into(),
            ")".into(),
            ply(Some(2), "exd6"),
            "e.p.".into(),
            "marker Check".into(),
            "result WhiteWins".into(),
        ];
        assert_eq!(log, expected);
        // A plain game: the lane hands on what the lexer's reading does.
        let plain = "[Event \"x\"]\n1. e4 {a} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
        let source = Source::text(plain, None, None);
        let [Some(lane)] = &logs(&source, true)[..] else {
            panic!("one game")
        };
        let [Some(lexer)] = &logs(&source, false)[..] else {
            panic!("one game")
        };
        assert_eq!(lane.events, lexer.events);
        assert_eq!(lane.events.len(), 10);
    }

    /// Each game of `source` read by the parser, its events logged; with
    /// the lane or without.
    fn logs(source: &Source, lane: bool) -> Vec<Option<Log>> {
        let mut parser = Parser::new(source);
        if !lane {
            parser = parser.without_express_lane();
        }
        std::iter::from_fn(|| parser.next_events(Log::default))
            .map(|read| read.ok().map(|game| game.events))
            .collect()
    }

    fn holds(text: &str, rules: Option<&RuleSets>) {
        assert_tree_holds_the_events(&Source::text(text, None, None), rules);
    }

    #[test]
    fn the_tree_holds_every_event() {
        for text in [
            "1. e4 e5 2. Nf3 Nc6 *",
            "1. e4 {a} ; b\n e5 $2 !? (1... c5 {c} (1... e6) 2. c3) (1... d5) 2. Nf3+ 1/2-1/2",
            "1. e4 e5 2. Nf3 (2. f4 (2. d4)) (2. Nc3) 2... Nc6 3. Bb5 a6 *\n\n[Event \"b\"]\n1. d4 *",
            "1. e4 + +",
            "1. e4 (",
            "( 1. e4",
            "1. e4 e5 2.",
            "1. e4 ) e5",
            "1. e4 e5 2. exd6 e.p. ep 1-0",
        ] {
            holds(text, None);
        }
        let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
        let rules = RuleSets::read(&ini).unwrap();
        for text in [
            "1. e2 e4 e7 - e5 2. g1f3 {x} b8 c6 *",
            "1. e2 - - e4 *",
            "1. e4 e5 2. Nf3 (2. f4 f5) Nc6 0-1",
        ] {
            holds(text, Some(&rules));
        }
        // Every test file of the repository.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = 0;
        for dir in ["chess-verify/tests", "tests", "chess-core/tests"] {
            let mut stack = vec![root.join(dir)];
            while let Some(dir) = stack.pop() {
                for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                    let path = entry.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|e| e == "pgn")
                        && let Ok(text) = std::fs::read_to_string(&path)
                    {
                        holds(&text, None);
                        files += 1;
                    }
                }
            }
        }
        assert!(files > 20, "{files} files");
    }
}
