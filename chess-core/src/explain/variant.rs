//! Why a move is not legal by a variant's own rules: a drop (Crazyhouse),
//! a capture that was compulsory (Antichess), a king capturing or an
//! explosion that takes the mover's king (Atomic), a check (Racing
//! Kings). Asked before the standard explanations, which the rules shared
//! with standard chess keep.

use shakmaty::variant::Variant;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role, attacks};

use crate::diagnostic::ErrorKind;
use crate::diagnostic::words::{color_adj, piece_on, role_name};
use crate::replay::Rules;
use crate::syntax::MoveSyntax;

use super::rejection::{Context, Rejection};
use super::suggest::san_of;

/// The variant's own reason `mv` is not legal in `ctx.pos`, if it has one.
pub(super) fn rejection<P: Rules>(ctx: &Context<'_, P>, mv: &MoveSyntax) -> Option<Rejection> {
    let pos = ctx.pos;
    if let MoveSyntax::Drop { role, to } = *mv {
        return Some(drop(pos, role, to));
    }
    if matches!(pos.variant(), Variant::Atomic | Variant::RacingKings)
        && let Some(rejection) = standard_move_forbidden(pos, mv)
    {
        return Some(rejection);
    }
    if pos.variant() == Variant::Antichess {
        let captures: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.is_capture())
            .collect();
        let writes_capture = match *mv {
            MoveSyntax::San { capture, .. } | MoveSyntax::FromTo { capture, .. } => capture,
            _ => false,
        };
        if !captures.is_empty() && !writes_capture {
            let sans: Vec<String> = captures.iter().map(|&m| san_of(pos, m)).collect();
            return Some(super::reasons::compulsory_capture("antichess", &sans));
        }
    }
    None
}

/// A move standard chess allows on this board that the variant forbids:
/// in Atomic a king capturing, or a capture whose explosion takes the
/// mover's own king; in Racing Kings a check.
fn standard_move_forbidden<P: Rules>(pos: &P, mv: &MoveSyntax) -> Option<Rejection> {
    let chess: Chess = pos
        .to_setup(EnPassantMode::Legal)
        .position(CastlingMode::Chess960)
        .ok()?;
    let m = match *mv {
        MoveSyntax::San { .. } => mv.to_san()?.to_move(&chess).ok()?,
        MoveSyntax::FromTo { from, to, .. } => *chess
            .legal_moves()
            .iter()
            .find(|m| m.from() == Some(from) && m.to() == to)?,
        _ => return None,
    };
    let us = pos.turn();
    let san = san_of(&chess, m);
    match pos.variant() {
        Variant::Atomic if m.is_capture() && m.role() == Role::King => {
            Some(super::reasons::royal_captures("atomic", "king", &san, us))
        }
        Variant::Atomic if m.is_capture() => {
            let king = pos.board().king_of(us)?;
            let blast = attacks::king_attacks(m.to()).with(m.to());
            blast.contains(king).then(|| {
                super::reasons::blows_up(
                    &m.to().to_string(),
                    &format!("{} king on {king}", color_adj(us)),
                )
            })
        }
        Variant::RacingKings => {
            let mut after = chess.clone();
            after.play_unchecked(m);
            after
                .is_check()
                .then(|| super::reasons::gives_check("Racing Kings", &format!("`{san}`"), !us))
        }
        _ => None,
    }
}

/// Why dropping a `role` on `to` is not legal.
fn drop<P: Rules>(pos: &P, role: Role, to: shakmaty::Square) -> Rejection {
    let us = pos.turn();
    if pos.board().occupied().contains(to) {
        return super::reasons::drop_onto(&piece_on(pos.board(), to));
    }
    if role == Role::Pawn && matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth) {
        return super::reasons::pawn_drop("on the first or last rank");
    }
    let count = |r: Role| pos.pockets().map_or(0, |p| *p.get(us).get(r));
    if count(role) == 0 {
        let held: Vec<String> = Role::ALL
            .iter()
            .flat_map(|&r| std::iter::repeat_n(r.upper_char().to_string(), usize::from(count(r))))
            .collect();
        return super::reasons::not_in_hand(role_name(role), us, &held);
    }
    if pos.is_check() {
        return super::reasons::drop_in_check(us, role_name(role), &to.to_string());
    }
    Rejection::new(
        ErrorKind::BadDrop,
        format!("a {} cannot be dropped on {to} here", role_name(role)),
    )
}

/// Atomic: a king move that takes the king away from the other one into
/// an attack. Touching kings keep both out of check there (neither can
/// capture the other without exploding itself); the explanation says so.
pub(super) fn atomic_kings<P: Rules>(ctx: &Context<'_, P>, rejection: Rejection) -> Rejection {
    let pos = ctx.pos;
    let board = pos.board();
    let touching = pos.variant() == Variant::Atomic
        && rejection.kind == ErrorKind::IntoCheck
        && match (board.king_of(pos.turn()), board.king_of(!pos.turn())) {
            (Some(ours), Some(theirs)) => attacks::king_attacks(ours).contains(theirs),
            _ => false,
        };
    if !touching {
        return rejection;
    }
    rejection.help(super::reasons::touching_royals("atomic", "king"))
}
