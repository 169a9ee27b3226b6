//! The start of a game under rules a user defines: the rule set it is
//! played under (the one its `[Variant]` tag names, else the default,
//! else the only one) and its start position, the rule set's own or its
//! `[FEN]` tag (as `syntax` found it: [`GameSyntax::rules_fen`]) read under
//! the rule set. What does not fit goes on as data
//! ([`CustomStart`]) for `explain` to word.

use chess_rules::{Error, Position};

use crate::input::{Range, Source};
use crate::rule_sets::{RuleSets, Unnamed};
use crate::syntax::GameSyntax;

/// Why a game under rules a user defines has no start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CustomStart {
    /// It names no rule set of the file: `at` is its `[Variant]` tag's
    /// value for a name no set has, else the game.
    Unnamed {
        /// Why.
        why: Unnamed,
        /// Where.
        at: Range,
    },
    /// Its `[FEN]` tag cannot be read under the rule set.
    Fen {
        /// The rule set's index.
        set: usize,
        /// What chess-rules found.
        error: Error,
        /// Where, in the source.
        at: Range,
    },
    /// The rule set's own start position cannot be read.
    Start {
        /// The rule set's index.
        set: usize,
        /// What chess-rules found.
        error: Error,
        /// The game.
        at: Range,
    },
}

/// The rule set `game` is played under (an index into `sets.sets`), its
/// start position, and whether the game sets it up.
pub fn custom_position<'r>(
    game: &GameSyntax,
    source: &Source,
    sets: &'r RuleSets,
) -> Result<(usize, Position<'r>, bool), CustomStart> {
    let named = crate::syntax::variant_name(&game.tags, source);
    let (name, tag) = named.unzip();
    let set = sets
        .pick(name.as_deref())
        .map_err(|why| CustomStart::Unnamed {
            at: match (&why, tag) {
                (Unnamed::Tag(_), Some(tag)) => tag.value_range,
                (Unnamed::Refused(i), Some(tag))
                    if name
                        .as_deref()
                        .is_some_and(|n| chess_format::same_name(n, &sets.refused[*i].name)) =>
                {
                    tag.value_range
                }
                _ => game.range,
            },
            why,
        })?;
    let rules = &sets.sets[set];
    match &game.rules_fen {
        Some(fen) => Position::from_fen(rules, &fen.text)
            .map(|pos| (set, pos, true))
            .map_err(|error| CustomStart::Fen {
                set,
                at: fen.range_of(error.span.clone()),
                error,
            }),
        None => Position::start(rules)
            .map(|pos| (set, pos, false))
            .map_err(|error| CustomStart::Start {
                set,
                error,
                at: game.range,
            }),
    }
}
