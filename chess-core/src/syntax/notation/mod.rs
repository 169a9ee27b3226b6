//! Chess notation inside one word: move numbers, moves in SAN, long
//! algebraic, UCI or the long form, check and mate markers, annotations,
//! NAGs and results. No chess knowledge: `Nf3` is parsed without knowing
//! whether a knight can get there.
//!
//! | file | what |
//! |---|---|
//! | `parts.rs` | what a word is made of: [`Part`], [`MoveSyntax`], markers, results |
//! | `word.rs` | a word split into parts: numbers, the move, its suffixes; the shortcuts for common words |
//! | `moves.rs` | one move's text: SAN, long algebraic, UCI, castling, drops, the long form's words; under a rules file, chess-rules' `MoveText` |
//! | `spellings.rs` | other producers' spellings read as ASCII: figurines, Unicode dashes, evaluation glyphs as NAGs |

mod moves;
mod parts;
mod spellings;
#[cfg(test)]
mod tests;
mod word;

#[cfg(test)]
pub(crate) use moves::parse_move;
pub use parts::{Board, GameResult, Invalid, Marker, MoveSyntax, Part, RulesRead, Spanned};
pub use spellings::nag_value;
pub(crate) use word::{Usual, result_token, shortcut, usual_word};
pub use word::{split_word, split_word_under_rules};
