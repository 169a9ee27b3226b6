//! Sittuyin's promotion ([`Rules::sittuyin_promotion`]), as
//! Fairy-Stockfish plays it: a pawn does not promote by moving into its
//! zone; instead, as a move of its own, a pawn in the zone (any pawn, when
//! it is its side's last) becomes one of the promotion pieces where it
//! stands (`d5=F`) or on an empty square that piece would attack from
//! there (`d5c4=F`), under the limit on promotions to the piece
//! ([`PieceDef::promotion_limit`](crate::PieceDef::promotion_limit));
//! the new piece attacks none of the other side's pieces there, and the
//! promotion gives no check.
//! Here: those promotions where the side may make them (`legality.rs`
//! tries them against its royal pieces and for check), and why one may
//! not be made.

use crate::betza::Hop;
use crate::geometry::Square;
use crate::mailbox::{CELLS, EMPTY, cell_of, cells, is};
use crate::position::State;
use crate::rays::turned;
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Move};

/// Why a sittuyin promotion may not be made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromotionRefused {
    /// The pawn is not in its zone, and its side has another pawn.
    OutOfZone,
    /// The square is neither the pawn's own nor an empty one the new
    /// piece attacks from there.
    NotBeside,
    /// The new piece would attack the other side's piece on this square.
    Attacks(Square),
    /// The promotion would give check.
    GivesCheck,
}

/// The squares a piece of `kind` and `color` on `from` attacks on the
/// board `board` (leaps and rides; a hop attacks nothing here), each
/// given to `each` with what stands there.
fn attacks(
    rules: &Rules,
    board: &[u8; CELLS],
    kind: u8,
    color: Color,
    from: Square,
    mut each: impl FnMut(Square, u8),
) {
    let g = rules.geometry;
    for atom in rules.pieces[usize::from(kind)].atoms.iter() {
        if !atom.captures || atom.hop != Hop::No || atom.lines {
            continue;
        }
        for &v in &atom.vectors {
            let (dx, dy) = turned(rules, color, v);
            let steps = if atom.range == 0 {
                i8::MAX
            } else {
                atom.range as i8
            };
            for k in 1..=steps {
                let Some(sq) = (dx.checked_mul(k))
                    .zip(dy.checked_mul(k))
                    .and_then(|(x, y)| g.offset(from, x, y))
                else {
                    break;
                };
                let cell = board[cell_of(sq)];
                each(sq, cell);
                if cell != EMPTY {
                    break;
                }
            }
        }
    }
}

/// Whether the cell `c` is in the zone of the side to move.
fn in_zone(t: &Tables, s: &State, c: usize) -> bool {
    (t.sittuyin_zone.as_ref())
        .is_some_and(|zone| zone[s.turn.index()][c / 64] & (1 << (c % 64)) != 0)
}

/// Adds to `out` the promotions of the side to move as moves go before
/// its royal pieces are looked at, and before the check they may give.
pub(crate) fn candidates(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    if t.sittuyin_zone.is_none() {
        return;
    }
    let us = s.turn;
    let pawns: Vec<usize> = cells(&s.occupied[us.index()])
        .filter(|&c| t.is_pawn(s.cells[c]))
        .collect();
    for &c in pawns
        .iter()
        .filter(|&&c| pawns.len() == 1 || in_zone(t, s, c))
    {
        let from = t.square_of[c];
        let mut board = s.cells;
        board[c] = EMPTY;
        for &letter in &rules.promotion_pieces {
            let Some(kind) = rules.index(letter).map(|k| k as u8) else {
                continue;
            };
            if crate::position::at_limit(t, s, us, kind) {
                continue;
            }
            let mut targets = vec![from];
            attacks(rules, &board, kind, us, from, |sq, cell| {
                if cell == EMPTY {
                    targets.push(sq);
                }
            });
            for to in targets {
                let mut threatens = false;
                attacks(rules, &board, kind, us, to, |_, cell| {
                    threatens |= is(cell, !us);
                });
                if !threatens {
                    out.push(Move::promoting(from, to, kind));
                }
            }
        }
    }
}

/// Why the pawn on `from` may not become a piece of `kind` on `to` (its
/// side's limit on the kind and the check it gives aside: `why_not.rs`
/// plays it for that); `None` if it may, as far as its squares go.
pub(crate) fn refused(
    rules: &Rules,
    t: &Tables,
    s: &State,
    from: Square,
    to: Square,
    kind: u8,
) -> Option<PromotionRefused> {
    let us = s.turn;
    let pawns = cells(&s.occupied[us.index()])
        .filter(|&c| t.is_pawn(s.cells[c]))
        .count();
    if pawns > 1 && !in_zone(t, s, cell_of(from)) {
        return Some(PromotionRefused::OutOfZone);
    }
    let mut board = s.cells;
    board[cell_of(from)] = EMPTY;
    let mut beside = to == from;
    attacks(rules, &board, kind, us, from, |sq, cell| {
        beside |= sq == to && cell == EMPTY
    });
    if !beside {
        return Some(PromotionRefused::NotBeside);
    }
    let mut attacked = None;
    attacks(rules, &board, kind, us, to, |sq, cell| {
        if is(cell, !us) {
            attacked = attacked.or(Some(sq));
        }
    });
    attacked.map(PromotionRefused::Attacks)
}
