//! Stage 2, syntax: text → games as written. One lexer splits the text into
//! words, strings, comments and brackets; the notation reader splits words
//! into move numbers, moves, markers, annotations and results; the grammar
//! reads each game's tags and setup and hands its movetext on as events,
//! in the order written, to a consumer: the syntax tree (tags, setup,
//! plies with their variations, result, every part with its range in the
//! source) is one.
//!
//! No chess rules: `Nf3` is read without asking whether a knight can get
//! there, and a setup is read without asking whether it is a legal
//! position. What cannot be read is worded here (`errors`, and the setup
//! grammar's own messages in `setup`). Games under rules a user defines
//! are read by the same reader ([`Parser::under_rules`]): only a move is
//! read differently, as the rule set's notation (`chess_rules::MoveText`:
//! squares beyond `h8`, any piece letter, coordinates, drops).
//!
//! | file | what |
//! |---|---|
//! | `split.rs` | [`Splitter`]: where games begin (a tag line after movetext, outside comments and strings), found without parsing; `chess-verify` cuts streams there too |
//! | `lexer.rs` | words, strings, comments, brackets; one stretch between game starts at a time |
//! | `notation/` | a word → move number, move, markers, annotations, NAGs, result; a word that fails as written read again as other producers mean it (`$` ending a move, figurines, Unicode dashes, evaluation glyphs); under a rules file, the move read by `MoveText` |
//! | `letters.rs` | [`PieceLetters`]: other languages' piece letters |
//! | `parser.rs` | the grammar: [`Parser`] yields games one at a time and resumes after an error; text that is not PGN skipped for `chess-verify` |
//! | `game.rs` | the grammar of one game's movetext, shared by the parser and the express lane: what each part of a word does, comments, variations, two bare squares in a row under a rules file, each handed on as an event |
//! | `events.rs` | `Events`: what the grammar hands on, in source order, to a consumer of the game |
//! | `build.rs` | the syntax tree built from the events (one consumer) |
//! | `counts.rs` | a consumer that counts the events, which tests hold the tree to |
//! | `express.rs` | the express lane: a plain game read straight from its bytes into the same grammar, or left to the lexer and parser |
//! | `tree.rs` | [`GameSyntax`]: tags, setup, lines of plies with variations, notes, result, every part with its range |
//! | `tag.rs` | tag pairs |
//! | `setup/` | the setup grammar: FEN words and strings, `[FEN]` tags, diagrams, piece lists, what the variants add |
//! | `variant.rs` | the rules a `[Variant]` tag names |
//! | `puzzles.rs`, `stipulation.rs` | lichess puzzle rows; a problem's stipulation |
//! | `limits.rs` | [`Limits`]: the bounds on one game's size, which the grammar counts |
//! | `errors.rs` | the grammar's messages |

mod build;
#[cfg(any(test, feature = "testing"))]
mod counts;
pub(crate) mod errors;
mod events;
mod express;
mod game;
mod letters;
mod lexer;
mod limits;
pub(crate) mod notation;
mod parser;
pub mod puzzles;
mod setup;
mod split;
mod stipulation;
mod tag;
mod tree;
mod variant;

/// The rule sets of a rules file, which live in a place of their own
/// ([`crate::rule_sets`]); also here, where they were first.
pub use crate::rule_sets::{Refused, RuleSets, Unnamed};
/// Why a name names no verified rules (the error of [`UnknownVariant`]).
pub use chess_format::NameError;
#[cfg(feature = "testing")]
pub(crate) use counts::assert_tree_holds_the_events;
pub(crate) use express::whole_game as plain_game;
pub use letters::PieceLetters;
pub use limits::{Bound, Limits};
pub use notation::{Board, GameResult, Marker, MoveSyntax};
pub use parser::{Parser, Skipped, Stop};
pub use puzzles::RowSplitter;
pub(crate) use setup::fen_string;
pub use setup::{RulesFen, SetupForm, SetupSyntax, fullmove_zero};
pub use split::Splitter;
pub(crate) use stipulation::missing as missing_stipulation;
pub use stipulation::{ProblemKind, Stipulation, stipulation};
pub use tag::{Tag, misspelt_tags};
pub use tree::{
    GameRules, GameSyntax, Join, Line, MoveNumber, Note, NoteKind, PlySyntax, RulesMove,
};
pub use variant::{
    UnknownVariant, game_rules, names_builtin, nearest_names, variant_name, variant_named,
};
