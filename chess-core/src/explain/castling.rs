//! Why castling is not legal: the right was lost (and how, at which
//! move), pieces stand between king and rook, or the king is in check or
//! would pass through or land on an attacked square.

use shakmaty::{CastlingSide, Role, Square, attacks};

use crate::diagnostic::words::{color_name, join_and, pieces_on, side_name};
use crate::diagnostic::{ErrorKind, Help};
use crate::replay::Rules;
use crate::replay::{LostHow, LostRight};

use super::rejection::{Context, Rejection};
use super::suggest::{check_answers, moves_of_role};
use super::verdict::attackers;

/// A king going two files along its back rank (or onto its own rook) means
/// castling.
pub(super) fn castling_intent<P: Rules>(pos: &P, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    if from.rank() != us.backrank() || to.rank() != us.backrank() {
        return None;
    }
    let own_rook = pos.board().piece_at(to) == Some(us.rook());
    let distance = from.file().distance(to.file());
    if distance >= 2 || own_rook {
        Some(if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        })
    } else {
        None
    }
}

/// `"O-O"` or `"O-O-O"`.
pub(super) fn side_san(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    }
}

/// Why castling towards `side` is not legal in `ctx.pos`.
pub(super) fn explain_castle<P: Rules>(ctx: &Context<'_, P>, side: CastlingSide) -> Rejection {
    let pos = ctx.pos;
    let us = pos.turn();
    let alternatives = |rejection: Rejection| {
        rejection
            .help_opt(other_side_legal(pos, side))
            .help(moves_of_role(pos, Role::King))
    };
    let Some(rook) = pos.castles().rook(us, side) else {
        return alternatives(lost_right(ctx, side));
    };
    let Some(king) = pos.board().king_of(us) else {
        return Rejection::new(ErrorKind::CastlingRightLost, "there is no king to castle");
    };
    let checkers = pos.checkers();
    if checkers.any() {
        return Rejection::new(
            ErrorKind::CastlingAttacked,
            format!(
                "castling out of check is not allowed, and the king on {king} is in check from {}",
                pieces_on(pos.board(), checkers)
            ),
        )
        .help(check_answers(pos));
    }
    match blocked(pos, side).or_else(|| attacked_path(pos, side, king, rook)) {
        Some(rejection) => alternatives(rejection),
        // Castling is legal: the move was written in a way that means it
        // without being it.
        None => Rejection::new(
            ErrorKind::CannotReach,
            format!(
                "castling {} is legal here, but it is written `{}`",
                side_name(side),
                side_san(side)
            ),
        )
        .help(Help::DidYouMean(vec![side_san(side).to_string()])),
    }
}

/// "`O-O-O` (castling queenside) is legal", if castling the other way is.
fn other_side_legal<P: Rules>(pos: &P, side: CastlingSide) -> Option<Help> {
    let other = side.other();
    pos.castling_moves(other).first().map(|_| {
        Help::Note(format!(
            "`{}` (castling {}) is legal",
            side_san(other),
            side_name(other)
        ))
    })
}

/// The right to castle towards `side` is gone: how, and at which move.
fn lost_right<P: Rules>(ctx: &Context<'_, P>, side: CastlingSide) -> Rejection {
    let us = ctx.pos.turn();
    let how = match &ctx.lost.get(us, side) {
        Some(LostRight { how, by }) => match how {
            LostHow::KingMoved => format!("the king moved at `{by}`"),
            LostHow::Castled => format!("{} already castled at `{by}`", color_name(us)),
            LostHow::RookMoved(sq) => format!("the rook on {sq} moved at `{by}`"),
            LostHow::RookCaptured(sq) => format!("the rook on {sq} was captured at `{by}`"),
        },
        None => "the starting position gives no such right".to_string(),
    };
    let rejection = Rejection::new(
        ErrorKind::CastlingRightLost,
        format!(
            "{} can no longer castle {}: {how}",
            color_name(us),
            side_name(side)
        ),
    );
    match ctx.lost.get(us, side).and_then(|lost| lost.by.range) {
        Some(range) => Rejection {
            related: vec![(
                range,
                format!("the right to castle {} was lost here", side_name(side)),
            )],
            ..rejection
        },
        None => rejection,
    }
}

/// Pieces between king and rook.
fn blocked<P: Rules>(pos: &P, side: CastlingSide) -> Option<Rejection> {
    let path = pos.castles().path(pos.turn(), side);
    let blockers = path & pos.board().occupied();
    blockers.any().then(|| {
        Rejection::new(
            ErrorKind::CastlingBlocked,
            format!(
                "{} must be empty between king and rook, but {} {} there",
                join_and(path.into_iter().map(|s| s.to_string()).collect()),
                pieces_on(pos.board(), blockers),
                if blockers.count() > 1 {
                    "stand"
                } else {
                    "stands"
                }
            ),
        )
    })
}

/// The first square the king would pass through or land on that the other
/// side attacks.
fn attacked_path<P: Rules>(
    pos: &P,
    side: CastlingSide,
    king: Square,
    rook: Square,
) -> Option<Rejection> {
    let us = pos.turn();
    let king_to = side.king_to(us);
    let occupied = pos.board().occupied().without(king).without(rook);
    let mut path: Vec<Square> = attacks::between(king, king_to).into_iter().collect();
    path.sort_by_key(|sq| sq.distance(king));
    path.push(king_to);
    path.into_iter().find_map(|sq| {
        let by = attackers(pos, sq, !us, occupied);
        by.any().then(|| {
            let verb = if sq == king_to {
                "land on"
            } else {
                "pass through"
            };
            Rejection::new(
                ErrorKind::CastlingAttacked,
                format!(
                    "the king would {verb} {sq}, which {} {}",
                    pieces_on(pos.board(), by),
                    if by.count() > 1 { "attack" } else { "attacks" }
                ),
            )
        })
    })
}
