//! Each ply's position, kept where a consumer asks for a game's record
//! ([`crate::record`]): the walk tells the replay of each ply played
//! ([`Walk::played`](super::walk::Walk::played)), which keeps it here.
//! The checker's replay keeps nothing (`KEEPS` is false: no call, no
//! copy).

use crate::input::Range;

/// One ply played, as a record keeps it.
#[derive(Clone, Debug)]
pub struct Kept<P> {
    /// The ply (an index into the game's plies; the last word of a move
    /// written as two).
    pub ply: u32,
    /// Where its move is written (both words of a move written as two).
    pub range: Range,
    /// The move in SAN, as the rules write it (a pawn's drop `P@d5`).
    pub san: String,
    /// The move in coordinates (UCI).
    pub uci: String,
    /// The position after it.
    pub after: P,
}
