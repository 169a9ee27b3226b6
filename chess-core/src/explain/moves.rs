//! Why a written move is not a legal move: no such piece, a piece that
//! cannot get there (and what stops it), a capture of nothing, a missing or
//! impossible promotion, an ambiguous move; with the legal alternatives and
//! the moves one edit away.

use shakmaty::san::San;
use shakmaty::{Color, File, Move, MoveList, Role, Square};

use crate::diagnostic::words::{
    color_name, join_and, own_piece_on, piece_on, plural, role_name, side_name,
};
use crate::diagnostic::{ErrorKind, Help};
use crate::replay::Rules;
use crate::replay::Unresolved;
use crate::syntax::MoveSyntax;

use super::castling::{castling_intent, explain_castle, side_san};
use super::reasons::{self, write};
use super::rejection::{Context, Rejection};
use super::suggest::{
    did_you_mean, is_the_other_sides, moves_of_piece, moves_of_role, moves_to, san_of,
};
use super::verdict::{Verdict, forward, verdict, verdict_rejection};

/// Why `mv`, as resolving it found (`why`), is not one legal move in
/// `ctx.pos`.
pub(super) fn rejection<P: Rules>(
    ctx: &Context<'_, P>,
    mv: &MoveSyntax,
    why: &Unresolved,
) -> Rejection {
    let pos = ctx.pos;
    let list = |moves: &[Move]| moves.iter().copied().collect::<MoveList>();
    match why {
        Unresolved::NoMatch => explain(ctx, mv),
        Unresolved::NothingToCapture(m) => nothing_to_capture(pos, *m),
        Unresolved::Ambiguous {
            matches,
            candidates,
        } => ambiguous(pos, matches, &list(candidates)),
        Unresolved::PromotionMissing {
            matches,
            candidates,
        } => promotion_missing(matches, &list(candidates)),
        Unresolved::BadPromotion {
            wanted,
            matches,
            candidates,
        } => bad_promotion(pos, *wanted, matches, &list(candidates)),
    }
}

/// Explains why `mv` matches no legal move in `ctx.pos`; a legal move one
/// edit away from what was written comes first among the help.
fn explain<P: Rules>(ctx: &Context<'_, P>, mv: &MoveSyntax) -> Rejection {
    let rejection = match super::variant::rejection(ctx, mv) {
        Some(rejection) => rejection,
        None => {
            let rejection = super::variant::atomic_kings(ctx, explain_move(ctx, mv));
            reasons::with_guess(rejection, did_you_mean(ctx.pos, ctx.text, mv))
        }
    };
    reasons::with_the_other_sides(rejection, ctx.pos.turn(), ctx.text, || {
        is_the_other_sides(ctx.pos, mv)
    })
}

fn explain_move<P: Rules>(ctx: &Context<'_, P>, mv: &MoveSyntax) -> Rejection {
    let pos = ctx.pos;
    match *mv {
        MoveSyntax::Castle(side) => explain_castle(ctx, side),
        MoveSyntax::San {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } => explain_san(ctx, role, file, rank, capture, to),
        MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            ..
        } => {
            let us = pos.turn();
            let Some(piece) = pos.board().piece_at(from) else {
                return reasons::no_piece(&from.to_string()).help_opt(moves_to(pos, to, None));
            };
            if piece.color != us {
                return reasons::not_yours(&piece_on(pos.board(), from), us)
                    .help_opt(moves_to(pos, to, None));
            }
            if let Some(role) = role.filter(|r| *r != piece.role) {
                return Rejection::new(
                    ErrorKind::WrongPiece,
                    format!(
                        "the piece on {from} is a {}, not a {}",
                        role_name(piece.role),
                        role_name(role)
                    ),
                )
                .help(moves_of_piece(pos, from));
            }
            if piece.role == Role::King
                && let Some(side) = castling_intent(pos, from, to)
            {
                return explain_castle(ctx, side);
            }
            if let Some(own) = own_target(pos, to) {
                return own.help(moves_of_piece(pos, from));
            }
            let v = verdict(pos, from, to, capture);
            verdict_rejection(pos, from, to, v).help(moves_of_piece(pos, from))
        }
        // Drops are explained by the variant's rules.
        MoveSyntax::Drop { .. } => Rejection::new(ErrorKind::Drop, "a drop is not legal here"),
        // A move under a rules file never reaches chess's explanations.
        MoveSyntax::Rules(_) => Rejection::new(ErrorKind::ExpectedMove, "it is not a chess move"),
    }
}

fn own_target<P: Rules>(pos: &P, to: Square) -> Option<Rejection> {
    let p = pos.board().piece_at(to)?;
    (p.color == pos.turn()).then(|| reasons::own_piece(&to.to_string(), p.color, role_name(p.role)))
}

fn explain_san<P: Rules>(
    ctx: &Context<'_, P>,
    role: Role,
    file: Option<File>,
    rank: Option<shakmaty::Rank>,
    capture: bool,
    to: Square,
) -> Rejection {
    let pos = ctx.pos;
    let us = pos.turn();
    let ours = pos.our(role);
    if ours.is_empty() {
        return Rejection::new(
            ErrorKind::NoSuchPiece,
            format!("{} has no {} left", color_name(us), role_name(role)),
        )
        .help_opt(moves_to(pos, to, None));
    }
    if role == Role::King
        && let Some(king) = ours.first()
        && let Some(side) = castling_intent(pos, king, to).filter(|_| king.file() == File::E)
        && king.file().distance(to.file()) == 2
    {
        if !pos.castling_moves(side).is_empty() {
            // Castling is legal; the king's two-square step is not how it
            // is written.
            return Rejection::new(
                ErrorKind::CannotReach,
                format!(
                    "a king steps one square; castling {} is written `{}`, which is legal here",
                    side_name(side),
                    side_san(side)
                ),
            )
            .help(Help::DidYouMean(vec![side_san(side).to_string()]));
        }
        return explain_castle(ctx, side).help(Help::Write {
            lead: "to castle, write ",
            choices: vec![side_san(side).to_string()],
        });
    }
    if let Some(own) = own_target(pos, to) {
        return own.help(moves_of_role(pos, role));
    }

    // The pieces the move can mean.
    let origins: Vec<Square> = if role == Role::Pawn {
        pawn_origins(pos, file, to)
    } else {
        ours.into_iter()
            .filter(|sq| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r))
            .collect()
    };
    if origins.is_empty() {
        return no_origin(pos, role, file, rank, to);
    }
    judge(pos, role, &origins, to, capture).unwrap_or_else(|| no_origin(pos, role, file, rank, to))
}

/// The most telling reason why none of the pieces on `origins` can go to
/// `to`.
fn judge<P: Rules>(
    pos: &P,
    role: Role,
    origins: &[Square],
    to: Square,
    capture: bool,
) -> Option<Rejection> {
    let verdicts: Vec<(Square, Verdict)> = origins
        .iter()
        .map(|&from| (from, verdict(pos, from, to, capture)))
        .collect();
    let top = verdicts
        .iter()
        .map(|(_, v)| v.priority())
        .max()
        .unwrap_or(0);
    let (from, v) = verdicts
        .iter()
        .find(|(_, v)| v.priority() == top)
        .cloned()?;
    // Several pieces blocked: name every one of them.
    let blocked: Vec<String> = verdicts
        .iter()
        .filter_map(|(from, v)| match v {
            Verdict::Blocked(b) => Some(format!(
                "{} by {}",
                own_piece_on(pos.board(), *from),
                piece_on(pos.board(), *b)
            )),
            _ => None,
        })
        .collect();
    if blocked.len() > 1 {
        return Some(
            Rejection::new(
                ErrorKind::Blocked,
                format!(
                    "{} {} are blocked: {}",
                    if blocked.len() == 2 { "both" } else { "all" },
                    plural(role),
                    join_and(blocked)
                ),
            )
            .help(moves_of_role(pos, role))
            .help_opt(moves_to(pos, to, Some(role))),
        );
    }
    if origins.len() > 1 && matches!(v, Verdict::Geometry(_)) {
        let squares: Vec<String> = origins.iter().map(ToString::to_string).collect();
        return Some(
            reasons::none_reaches(pos.turn(), role_name(role), &to.to_string(), squares)
                .help(moves_of_role(pos, role))
                .help_opt(moves_to(pos, to, Some(role))),
        );
    }
    let help = if origins.len() == 1 {
        moves_of_piece(pos, from)
    } else {
        moves_of_role(pos, role)
    };
    Some(
        verdict_rejection(pos, from, to, v)
            .help(help)
            .help_opt(moves_to(pos, to, Some(role))),
    )
}

/// Pawns that a pawn move in SAN can mean.
fn pawn_origins<P: Rules>(pos: &P, file: Option<File>, to: Square) -> Vec<Square> {
    let us = pos.turn();
    let pawns = pos.our(Role::Pawn);
    match file {
        // A push: the nearest pawn behind `to` on its file, else any on it.
        None => {
            let on_file: Vec<Square> = pawns
                .into_iter()
                .filter(|sq| sq.file() == to.file())
                .collect();
            let behind = on_file
                .iter()
                .copied()
                .filter(|sq| match us {
                    Color::White => sq.rank() < to.rank(),
                    Color::Black => sq.rank() > to.rank(),
                })
                .min_by_key(|sq| sq.distance(to));
            match behind {
                Some(sq) => vec![sq],
                None => on_file,
            }
        }
        // A capture: the pawn one rank behind on that file, else any on it.
        Some(f) => {
            let on_file: Vec<Square> = pawns.into_iter().filter(|sq| sq.file() == f).collect();
            let behind = to
                .offset(-forward(us))
                .map(|sq| Square::from_coords(f, sq.rank()))
                .filter(|sq| on_file.contains(sq));
            match behind {
                Some(sq) => vec![sq],
                None => on_file,
            }
        }
    }
}

fn no_origin<P: Rules>(
    pos: &P,
    role: Role,
    file: Option<File>,
    rank: Option<shakmaty::Rank>,
    to: Square,
) -> Rejection {
    let us = pos.turn();
    let place = match (file, rank) {
        (Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (Some(f), None) => format!(" on the {}-file", f.char()),
        (None, Some(r)) => format!(" on rank {}", r.char()),
        (None, None) => String::new(),
    };
    let all: Vec<String> = pos.our(role).into_iter().map(|s| s.to_string()).collect();
    reasons::no_such_piece(
        us,
        (role_name(role), &plural(role)),
        &place,
        &to.to_string(),
        all,
    )
    .help(moves_of_role(pos, role))
    .help_opt(moves_to(pos, to, Some(role)))
}

/// Explains a move that matched several legal moves.
fn ambiguous<P: Rules>(pos: &P, matches: &[Move], candidates: &MoveList) -> Rejection {
    let mut sorted: Vec<Move> = matches.to_vec();
    sorted.sort_by_key(|m| m.from().map(|sq| (sq.file(), sq.rank())));
    let pieces: Vec<String> = sorted
        .iter()
        .filter_map(|m| m.from())
        .map(|sq| own_piece_on(pos.board(), sq))
        .collect();
    let alternatives: Vec<String> = sorted
        .iter()
        .map(|m| San::disambiguate(*m, candidates).to_string())
        .collect();
    let to = sorted
        .first()
        .map(|m| m.to().to_string())
        .unwrap_or_default();
    reasons::ambiguous(pieces, &to, alternatives)
}

/// Explains a pawn move that reaches the last rank without a promotion piece.
fn promotion_missing(matches: &[Move], candidates: &MoveList) -> Rejection {
    let alternatives: Vec<String> = matches
        .iter()
        .map(|m| San::disambiguate(*m, candidates).to_string())
        .collect();
    let to = matches
        .first()
        .map(|m| m.to().to_string())
        .unwrap_or_default();
    reasons::must_promote("the pawn", "the last rank", &to).help(write(alternatives))
}

/// Explains a promotion to a piece a pawn cannot become, or a promotion
/// written for a move that does not promote.
fn bad_promotion<P: Rules>(
    pos: &P,
    wanted: Role,
    matches: &[Move],
    candidates: &MoveList,
) -> Rejection {
    let promotes = matches.iter().any(|m| m.promotion().is_some());
    if promotes {
        let alternatives: Vec<String> = matches
            .iter()
            .map(|m| San::disambiguate(*m, candidates).to_string())
            .collect();
        Rejection::new(
            ErrorKind::BadPromotion,
            format!(
                "a pawn cannot promote to a {}; it becomes a queen, rook, bishop or knight",
                role_name(wanted)
            ),
        )
        .help(write(alternatives))
    } else {
        let plain: Vec<String> = matches.iter().map(|m| san_of(pos, *m)).collect();
        Rejection::new(
            ErrorKind::BadPromotion,
            "only a pawn reaching the last rank promotes, and this move does not",
        )
        .help(write(plain))
    }
}

/// Explains a capture sign on a move that captures nothing.
fn nothing_to_capture<P: Rules>(pos: &P, m: Move) -> Rejection {
    reasons::nothing_to_capture(&m.to().to_string()).help(write(vec![san_of(pos, m)]))
}
