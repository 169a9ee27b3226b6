//! Stage 5, explain: why a move or a position is not legal, in chess terms,
//! and what would be legal instead. The stages before it hand over what
//! they found as data (a replay's [`Failure`](crate::replay::Failure), an
//! [`IllegalPosition`](crate::start::IllegalPosition)); this stage turns it
//! into a [`Diagnostic`](crate::Diagnostic) with a message and structured
//! help. Runs only on the error path.
//!
//! The rules are shakmaty's; this stage looks at its attack tables only to
//! name the pieces involved: the blocker, the pinner, the checker, the
//! lost castling right.
//!
//! | file | what |
//! |---|---|
//! | `game.rs` | a replay's failure as a diagnostic: game over, move numbers, markers, the result, illegal moves |
//! | `moves.rs` | why a written move is no single legal move |
//! | `verdict.rs` | why one piece cannot go to one square |
//! | `castling.rs` | why castling is not legal |
//! | `suggest.rs` | legal alternatives, the moves one edit away, and whether a move is the other side's |
//! | `position.rs` | why a setup is not a legal position |
//! | `custom.rs` | games under rules a user defines: chess-rules' refusals in the same sentences, and what only they have |
//! | `custom_words.rs` | a position under rules a user defines in words: pieces, squares, regions, its drops and promotions |
//! | `refusal.rs` | chess-rules' reasons a move is refused under rules a user defines, in chess's sentences: drops, moves, promotions, what the rules demand |
//! | `enclosing.rs` | reversi's, ataxx's and connect four's drops: one where its rule set's drops may not go (`bad-drop`) |
//! | `walls.rs` | walls under rules a user defines: one where it may not go, a move without its wall (`bad-wall`) |
//! | `variant.rs` | a variant's own reasons: drops, compulsory captures, atomic explosions, racing kings' checks |
//! | `rejection.rs` | a rejected move before it becomes a diagnostic |
//! | `reasons.rs` | the reasons a move is refused and the moves suggested, worded once for every rules |

mod castling;
mod custom;
mod custom_words;
mod enclosing;
mod game;
mod gates;
mod moves;
mod placement;
mod position;
mod reasons;
mod refusal;
mod rejection;
mod sittuyin;
mod suggest;
mod variant;
mod verdict;
mod walls;

pub use custom::{
    custom_failure, custom_start_failure, describe_end as describe_rules_end, unnamed,
};
pub use game::{
    describe as describe_end, numbered_from_first_move, replay_failure, unfinished_result,
};
pub use position::{illegal_position, start_failure};
