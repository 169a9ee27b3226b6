//! What a replay accepts beyond the strict rules.

use chess_format::Outcome;

use super::ends;
use crate::syntax::{Limits, PieceLetters};

/// How games are read and what a replay accepts beyond the strict rules.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Accept moves played after the game ended in a dead position, by
    /// fivefold repetition or by the 75-move rule (as in some real game
    /// records); the game then records where it legally ended. Moves after
    /// checkmate or stalemate are always rejected.
    pub moves_after_draw: bool,
    /// The piece letters of games without a `[PieceLetters]` tag (English
    /// unless opted in).
    pub piece_letters: PieceLetters,
    /// Keep only the main line: variations are verified, but the verified
    /// game carries no variations, comments or NAGs (the macros'
    /// `#![annotations(drop)]`; `chess-verify`, which needs none of them).
    pub drop_annotations: bool,
    /// The rules of games without a `[Variant]` tag (standard chess unless
    /// set: the macros' `#![variant(crazyhouse)]`).
    pub variant: Option<chess_format::Named>,
    /// Accept the result `*` (unknown) after the rules ended the game (a
    /// checkmate, a stalemate …): the record is incomplete, not wrong.
    /// `chess-verify` accepts it with a warning
    /// ([`Games::warnings`](crate::Games::warnings)); the macros only behind
    /// `#![allow(unfinished_result)]`.
    pub unfinished_result: bool,
    /// Accept a game set up from a position that numbers its moves from
    /// its own first move (`1.`, or `1...` when Black moves first) rather
    /// than from the position's move number, as pychess.org's export
    /// does ([`Numbering`](crate::Numbering)). `chess-verify`
    /// accepts it with a warning; the macros only behind
    /// `#![allow(numbers_from_first_move)]`.
    pub numbers_from_first_move: bool,
    /// The bounds on one game's size ([`Limits`]): a game past one is a
    /// `too-large` error where it passes it (the macros'
    /// `#![limits(variations = 500_000)]`, `chess-verify --limit
    /// variations=500000`).
    pub limits: Limits,
}

impl Options {
    /// Whether a game may go on after `end`.
    #[inline(always)]
    pub fn continues_after(self, end: Outcome) -> bool {
        self.moves_after_draw && ends::is_continuable(end)
    }
}
