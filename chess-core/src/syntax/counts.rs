//! A consumer of the grammar's events that counts them, for tests and
//! fuzz targets, which hold the syntax tree to them: the tree holds every
//! event, whichever reader read the game.

use crate::input::{Range, Source};

use super::events::Events;
use super::notation::{GameResult, Marker, MoveSyntax};
use super::tree::{GameSyntax, Join, MoveNumber, NoteKind, RulesMove};
use super::{Parser, RuleSets};

/// What a game's events add up to.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    plies: usize,
    rules_moves: usize,
    joins: usize,
    markers: usize,
    en_passant: usize,
    notes: usize,
    variations: usize,
    result: Option<GameResult>,
}

impl Counts {
    /// What `game`'s tree holds.
    fn of(game: &GameSyntax) -> Counts {
        Counts {
            plies: game.plies.len(),
            rules_moves: game.rules_moves.len(),
            joins: game
                .rules_moves
                .iter()
                .filter(|m| m.joins_next != Join::No)
                .count(),
            markers: game.plies.iter().filter(|p| p.marker.is_some()).count(),
            en_passant: game.plies.iter().filter(|p| p.ep.is_some()).count(),
            notes: game.notes.len(),
            variations: game.lines.len() - 1,
            result: game.result.map(|(r, _)| r),
        }
    }
}

impl Events for Counts {
    fn ply(&mut self, _: MoveSyntax, _: Range, _: Option<MoveNumber>) {
        self.plies += 1;
    }
    fn rules_ply(&mut self, _: RulesMove, _: Range, _: Option<MoveNumber>) {
        self.plies += 1;
        self.rules_moves += 1;
    }
    fn join(&mut self, _: Join) {
        self.joins += 1;
    }
    fn marker(&mut self, _: Marker, _: Range) {
        self.markers += 1;
    }
    fn en_passant(&mut self, _: Range) {
        self.en_passant += 1;
    }
    fn note(&mut self, _: NoteKind, _: Range) {
        self.notes += 1;
    }
    fn open_variation(&mut self, _: Range) {
        self.variations += 1;
    }
    fn close_variation(&mut self) {}
    fn result(&mut self, result: GameResult, _: Range) {
        self.result = Some(result);
    }
}

/// Holds the syntax tree of every game of `source` (read under `rules`,
/// if any) to the events the grammar handed on, whichever reader read it
/// (the express lane, or the lexer alone): the tree holds every one.
/// Panics, saying where, if not.
pub(crate) fn assert_tree_holds_the_events(source: &Source, rules: Option<&RuleSets>) {
    let parser = || {
        let parser = Parser::new(source);
        match rules {
            Some(rules) => parser.under_rules(rules),
            None => parser,
        }
    };
    let trees: Vec<_> = parser().collect();
    for lane in [true, false] {
        let mut parser = match lane {
            true => parser(),
            false => parser().without_express_lane(),
        };
        let counts: Vec<_> = std::iter::from_fn(|| parser.next_events(Counts::default))
            .map(|read| read.ok().map(|game| game.events))
            .collect();
        assert_eq!(counts.len(), trees.len(), "games read, lane {lane}");
        for (counts, tree) in counts.iter().zip(&trees) {
            match (counts, tree) {
                (Some(counts), Ok(tree)) => {
                    assert_eq!(
                        counts,
                        &Counts::of(tree),
                        "at {:?}, lane {lane}",
                        tree.range
                    )
                }
                (None, Err(_)) => {}
                (_, tree) => panic!("one reading failed, the other not: {tree:?}, lane {lane}"),
            }
        }
    }
}
