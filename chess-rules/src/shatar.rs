//! Shatar's mating rules ([`Rules::shatar_mate`]): which checks are a
//! shak, whether the series of checks a side is in held one, and what a
//! checkmate is worth by them.

use crate::goals::Ending;
use crate::mailbox::{WALL, cells, kind_of};
use crate::position::{State, in_check};
use crate::rules::Rules;
use crate::tables::{Shaks, Tables};
use crate::types::Color;

/// Whether a royal piece of `side` is attacked by a piece of the other
/// side of a kind in `kinds` (the other side's other pieces standing as
/// walls: they block and attack nothing).
fn checked_by(t: &Tables, s: &State, side: Color, kinds: u64) -> bool {
    let mut board = s.cells;
    for c in cells(&s.occupied[(!side).index()]) {
        if kinds & (1 << kind_of(board[c])) == 0 {
            board[c] = WALL;
        }
    }
    cells(&s.royal[side.index()]).any(|r| t.attacked(&board, r, !side))
}

/// Keeps, in `s`, whether the series of checks the side to move is in
/// holds a shak: none if it is not in check; else its series so far (two
/// plies back) or this check.
pub(crate) fn series(t: &Tables, shaks: &Shaks, s: &mut State) {
    let side = s.turn;
    let i = side.index();
    s.shak_series[i] =
        in_check(t, s, side) && (s.shak_series[i] || checked_by(t, s, side, shaks.shak));
}

/// What a checkmate of the side to move in `s` is worth to it: a win
/// where knights alone give it, a draw where its series of checks held
/// no shak, else the rule set's checkmate.
pub(crate) fn mate(rules: &Rules, t: &Tables, shaks: &Shaks, s: &State) -> Ending {
    let side = s.turn;
    if !checked_by(t, s, side, !shaks.knights) {
        Ending::Win
    } else if s.shak_series[side.index()] {
        rules.checkmate
    } else {
        Ending::Draw
    }
}
