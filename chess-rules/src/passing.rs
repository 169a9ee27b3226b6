//! Passing: a side that may pass instead of moving (janggi: its royal
//! piece "moves" to its own square, `e2e2`), one that passes where it has
//! no move (andersantichess), bikjang (the generals facing: a pass is
//! legal even in check, and no move may leave them so), and the ends
//! they make — two passes in a row, or a pass under bikjang, end the game
//! (drawn, or decided by material counting where the rule set has it).

use crate::position::State;
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Effect, EndRule, Move};

/// The side to move's pass, where the rule set allows one
/// ([`Rules::pass`](crate::Rules::pass)).
pub(crate) fn pass(rules: &Rules, t: &Tables, s: &State) -> Option<Move> {
    rules.pass[s.turn.index()].then(|| passing(t, s)).flatten()
}

/// A pass of the side to move: its royal piece, or where it has not
/// exactly one its first piece (a1 first, by ranks), "moves" to its own
/// square, as Fairy-Stockfish writes it.
pub(crate) fn passing(t: &Tables, s: &State) -> Option<Move> {
    let side = s.turn.index();
    let royal = &s.royal[side];
    if royal.iter().map(|w| w.count_ones()).sum::<u32>() == 1 {
        pass_of(t, royal)
    } else {
        first_piece(t, s)
    }
}

/// A pass of the side to move by its first piece (a1 first, by ranks),
/// royal or not: where a wall is put down instead of a move, as
/// Fairy-Stockfish writes it (`Ra1,a3`).
fn first_piece(t: &Tables, s: &State) -> Option<Move> {
    pass_of(t, &s.occupied[s.turn.index()])
}

/// The pass that puts a wall down instead of a move, where the rule set
/// has one ([`Walling::or_move`](crate::Walling::or_move)) and the side
/// to move is not in check: its first piece's (Fairy-Stockfish's), not
/// yet walled. (The caller knows the game goes on.)
pub(crate) fn instead(t: &Tables, s: &State) -> Option<Move> {
    if !t.walls.as_ref().is_some_and(|w| w.or_move) || crate::position::in_check(t, s, s.turn) {
        return None;
    }
    first_piece(t, s)
}

/// A pass by the first piece of `bits` (a bit per cell).
fn pass_of(t: &Tables, bits: &[u64; crate::mailbox::WORDS]) -> Option<Move> {
    let (word, bits) = bits.iter().enumerate().find(|(_, w)| **w != 0)?;
    let sq = t.square_of[word * 64 + bits.trailing_zeros() as usize];
    Some(Move {
        from: sq,
        to: sq,
        promotion: None,
        kind: Effect::Pass,
        wall: None,
        gate: None,
    })
}

/// The pass of a side with no move, out of check, where it passes then
/// ([`Rules::pass_on_stalemate`](crate::Rules::pass_on_stalemate)); the
/// caller knows it has no other move and the game goes on.
pub(crate) fn stalemate_pass(rules: &Rules, t: &Tables, s: &State) -> Option<Move> {
    if !rules.pass_on_stalemate[s.turn.index()] || crate::position::in_check(t, s, s.turn) {
        return None;
    }
    passing(t, s)
}

/// Whether a royal piece of `color` faces one of the other side along a
/// file with nothing between.
fn facing(t: &Tables, s: &State, color: Color) -> bool {
    crate::mailbox::cells(&s.royal[color.index()]).any(|c| t.facing(&s.cells, c, !color).is_some())
}

/// Whether the position is one of bikjang: the rule set has it
/// ([`Rules::bikjang`](crate::Rules::bikjang)) and the royal pieces face
/// each other.
pub(crate) fn bikjang(rules: &Rules, t: &Tables, s: &State) -> bool {
    rules.bikjang && facing(t, s, s.turn)
}

/// The legal moves `out[from..]` of a game that goes on made what
/// passing makes them: the pass of a side left with no move, where it
/// passes then; under bikjang no move that leaves the royal pieces
/// facing, and a pass where the side may pass at all — even in check, and
/// where it passes only when stalemated, in check or with no other move
/// left once those are gone (as Fairy-Stockfish's `legal` decides it).
pub(crate) fn adjust(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>, from: usize) {
    if !bikjang(rules, t, s) {
        if out.len() == from
            && let Some(pass) = stalemate_pass(rules, t, s)
        {
            out.push(pass);
        }
        return;
    }
    let mut after = s.clone();
    let mut kept = from;
    for i in from..out.len() {
        let m = out[i];
        let keep = m.kind == Effect::Pass || {
            crate::make::play_into(t, s, m, &mut after);
            let faces = facing(t, &after, s.turn);
            crate::make::take_back(t, s, m, &mut after);
            !faces
        };
        if keep {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
    let side = s.turn.index();
    let passes = rules.pass[side]
        || rules.pass_on_stalemate[side]
            && (out.len() == from || crate::position::in_check(t, s, s.turn));
    if passes
        && let Some(pass) = passing(t, s)
        && !out[from..].contains(&pass)
    {
        out.push(pass);
    }
}

/// How passing ended the game, if it did: a pass under bikjang
/// ([`EndRule::Bikjang`]), or two in a row ([`EndRule::Passed`]).
#[inline]
pub(crate) fn ended(rules: &Rules, t: &Tables, s: &State) -> Option<EndRule> {
    if s.passes >= 1 && bikjang(rules, t, s) {
        Some(EndRule::Bikjang)
    } else if s.passes >= 2 {
        Some(EndRule::Passed)
    } else {
        None
    }
}
