//! One ply: the checks before the move (is the game over, is the move
//! number right), the move resolved and played, its markers held against
//! the position, and the record and the game-ending rules brought up to
//! date.
//!
//! This runs for every ply of every game a crate embeds, inside a proc
//! macro that dev builds compile without optimization: the success path
//! makes as few calls as it can (the small steps are inlined), and
//! everything a message needs is gathered only on the way to a [`Failure`].

use chess_format::Outcome;
use shakmaty::san::Suffix;
use shakmaty::{CastlingMode, Color, Move, Position};

use crate::syntax::{Marker, MoveNumber, PlySyntax};

use super::ends::{self, EndInfo, by_rule};
use super::failure::{Failure, Unresolved};
use super::line::{Frame, Unsure, played_number};
use super::numbering::Numbering;
use super::options::Options;
use super::played::PlyRef;
use super::resolve;
use super::rules::Rules;

/// Whether a move gives check and mates (or wins by a variant's own
/// rule), whether mate is still to be decided (by the next move of the
/// line), and the variant's own end it reached, if any.
#[derive(Copy, Clone)]
struct Status {
    check: bool,
    mate: bool,
    unsure: bool,
    variant: Option<Outcome>,
}

/// Replays one ply of `frame`'s line.
#[inline(always)]
pub(super) fn step<P: Rules>(
    frame: &mut Frame<P>,
    ply: &PlySyntax,
    options: Options,
    mode: CastlingMode,
) -> Result<(), Box<Failure<P>>> {
    if let Some(end) = &frame.end
        && !options.continues_after(end.end)
    {
        return Err(game_over(frame, ply, *end));
    }
    if let Some(number) = ply.number
        && !number_fits(&frame.pos, frame.numbering, number)
    {
        return Err(wrong_number(frame, ply, number, options));
    }
    let resolved = match resolve::resolve(&frame.pos, &ply.mv, mode) {
        Ok(resolved) => resolved,
        Err(why) => return Err(illegal(frame, ply, why)),
    };
    // A legal move: the check before it, if any, was not mate.
    frame.unsure = None;
    let m = resolved.m;
    if ply.ep.is_some() && !m.is_en_passant() {
        return Err(Box::new(Failure::NotEnPassant {
            ply: *ply,
            before: frame.pos.clone(),
            numbering: frame.numbering,
        }));
    }
    // The castling rights before the move, if it may take some away (the
    // one thing the bookkeeping needs from the position before the move).
    let castles_before = may_take_rights(&frame.pos, m).then(|| frame.pos.castles().clone());
    frame.pos.play_unchecked(m);
    frame.plies += 1;
    let status = status(&frame.pos, ply);
    let san = resolved.san.with_suffix(suffix(status));
    if let Some((marker, range)) = ply.marker
        && !marker_fits(marker, status)
    {
        return Err(Box::new(Failure::WrongMarker {
            marker,
            range,
            check: status.check,
            mate: status.mate,
            won: status.variant,
            played: PlyRef {
                number: played_number(&frame.pos),
                color: !frame.pos.turn(),
                m,
                san,
                range: Some(ply.range),
            },
            text: ply.range,
        }));
    }
    frame.moves.push(m);
    frame.sans.push(san);
    frame.last_range = Some(ply.range);
    let rights_changed = match castles_before {
        Some(before) => record_lost_rights(frame, &before),
        None => false,
    };
    // In a variant a check may change what repeats (Three-check's count).
    track_segment(frame, m, rights_changed || (!P::STANDARD && status.check));
    if frame.end.is_none() {
        match end_after(frame, ply, m, status) {
            Ok(false) => {}
            Ok(true) => return Ok(()),
            Err(failure) => return Err(failure),
        }
    }
    if status.unsure {
        frame.unsure = Some(unsure(ply));
    }
    Ok(())
}

/// Decides a pending check ([`Unsure`]): if nothing answers it, it was
/// checkmate, and the SAN, the end of the game and a `+` written on the move
/// are put right.
pub(super) fn settle<P: Rules>(frame: &mut Frame<P>) -> Result<(), Box<Failure<P>>> {
    let Some(unsure) = frame.unsure.take() else {
        return Ok(());
    };
    if frame.pos.has_moves() {
        return Ok(());
    }
    let mate = Some(Suffix::Checkmate);
    match (frame.sans.last_mut(), frame.before.as_mut()) {
        (Some(san), _) => *san = san.with_suffix(mate),
        (None, Some(before)) => before.san = before.san.with_suffix(mate),
        (None, None) => {}
    }
    let Some(last) = frame.last() else {
        return Ok(());
    };
    if frame.end.is_none() {
        frame.end = Some(EndInfo {
            end: by_rule::checkmate(last.color),
            by: Some(last),
            plies: frame.plies,
        });
    }
    match unsure.marker {
        Some(range) => Err(Box::new(Failure::WrongMarker {
            marker: Marker::Check,
            range,
            check: true,
            mate: true,
            won: None,
            played: last,
            text: unsure.ply,
        })),
        None => Ok(()),
    }
}

/// A move after the end of the game.
#[cold]
fn game_over<P: Rules>(frame: &Frame<P>, ply: &PlySyntax, end: EndInfo) -> Box<Failure<P>> {
    Box::new(Failure::GameOver {
        ply: *ply,
        before: frame.pos.clone(),
        end,
        numbering: frame.numbering,
    })
}

/// A wrong move number, unless a checkmate just played (not yet known as
/// one) ended the game: that comes first.
#[cold]
fn wrong_number<P: Rules>(
    frame: &mut Frame<P>,
    ply: &PlySyntax,
    number: MoveNumber,
    options: Options,
) -> Box<Failure<P>> {
    if let Err(failure) = settle(frame) {
        return failure;
    }
    match frame.end {
        Some(end) if !options.continues_after(end.end) => game_over(frame, ply, end),
        _ => Box::new(Failure::WrongNumber {
            number,
            expected: frame.numbering.expected(
                frame.pos.fullmoves().get(),
                frame.pos.turn() == Color::Black,
            ),
            before: frame.pos.clone(),
        }),
    }
}

/// A move that resolves to no single legal move; or, when the side to move
/// has none, a move after checkmate or stalemate.
#[cold]
fn illegal<P: Rules>(frame: &mut Frame<P>, ply: &PlySyntax, why: Unresolved) -> Box<Failure<P>> {
    if let Err(failure) = settle(frame) {
        return failure;
    }
    if !frame.pos.has_moves() {
        let end = ends::no_moves_left(&frame.pos, frame.last(), frame.plies);
        return game_over(frame, ply, end);
    }
    Box::new(Failure::Illegal {
        ply: *ply,
        before: frame.pos.clone(),
        lost: frame.lost,
        why,
        numbering: frame.numbering,
    })
}

/// Whether a written move number is the position's, as the game numbers
/// its moves.
#[inline(always)]
fn number_fits<P: Position>(pos: &P, numbering: Numbering, n: MoveNumber) -> bool {
    numbering.fits(pos.fullmoves().get(), pos.turn() == Color::Black, n)
}

/// Check and mate after a move. Mate is decided now only where the move
/// claims it; otherwise by the next move ([`settle`]).
#[inline(always)]
fn status<P: Rules>(after: &P, ply: &PlySyntax) -> Status {
    let check = after.is_check();
    let claims_mate = matches!(ply.marker, Some((Marker::Mate | Marker::DoublePlus, _)));
    // A variant's decisive end is written `#`, like a mate.
    let variant = if P::STANDARD {
        None
    } else {
        after.variant_end()
    };
    let won = matches!(variant, Some(Outcome::Decisive { .. }));
    Status {
        check,
        mate: won || (check && claims_mate && !after.has_moves()),
        unsure: check && !claims_mate && variant.is_none(),
        variant,
    }
}

#[inline(always)]
fn suffix(status: Status) -> Option<Suffix> {
    if status.mate {
        Some(Suffix::Checkmate)
    } else if status.check {
        Some(Suffix::Check)
    } else {
        None
    }
}

/// Whether a written `+`, `#` or `++` is true of the move.
#[inline(always)]
fn marker_fits(marker: Marker, status: Status) -> bool {
    match marker {
        Marker::Check => status.check && !status.mate,
        Marker::Mate | Marker::DoublePlus => status.mate,
    }
}

fn unsure(ply: &PlySyntax) -> Unsure {
    Unsure {
        marker: ply.marker.map(|(_, range)| range),
        ply: ply.range,
    }
}

/// Whether `m` may take castling rights away in `pos` (before it): a king
/// or castling move, or a move from or to a square whose rook has a right.
#[inline(always)]
fn may_take_rights<P: Position>(pos: &P, m: Move) -> bool {
    let rights = pos.castles().castling_rights();
    rights.any()
        && match m {
            Move::Normal { role, from, to, .. } => {
                role == shakmaty::Role::King || rights.contains(from) || rights.contains(to)
            }
            Move::Castle { .. } => true,
            Move::EnPassant { .. } | Move::Put { .. } => false,
        }
}

/// Records the castling rights the last move took away (for explaining a
/// later castling attempt); `true` if it took any.
fn record_lost_rights<P: Rules>(frame: &mut Frame<P>, before: &shakmaty::Castles) -> bool {
    if frame.pos.castles().castling_rights() == before.castling_rights() {
        return false;
    }
    if let Some(by) = frame.last() {
        frame.lost.record(before, frame.pos.castles(), by);
    }
    true
}

/// Starts a new segment after an irreversible move: only a piece moving
/// without capture, and without taking castling rights, leaves a position
/// that can recur.
#[inline(always)]
fn track_segment<P: Rules>(frame: &mut Frame<P>, m: Move, rights_changed: bool) {
    let reversible = matches!(
        m,
        Move::Normal {
            role,
            capture: None,
            promotion: None,
            ..
        } if role != shakmaty::Role::Pawn
    ) && !rights_changed;
    // Without a branch on the kind of move, which varies from ply to ply.
    frame.segment = if reversible {
        frame.segment
    } else {
        frame.moves.len()
    };
    // A double step is the one move after which en passant can be legal
    // (the segment's first position then differs from the same placement
    // later in it): a pawn's move two ranks up or down the same file.
    if matches!(m, Move::Normal { role: shakmaty::Role::Pawn, from, to, .. } if u32::from(from).abs_diff(u32::from(to)) == 16)
    {
        frame
            .history
            .starts_after_double_step(&frame.pos, frame.segment);
    }
}

/// Applies the rules that end the game after `m` (the line has not ended
/// yet); `true` if one did.
#[inline(always)]
fn end_after<P: Rules>(
    frame: &mut Frame<P>,
    ply: &PlySyntax,
    m: Move,
    status: Status,
) -> Result<bool, Box<Failure<P>>> {
    let mover = !frame.pos.turn();
    let mut end = if let Some(end) = status.variant {
        end
    } else if status.mate {
        by_rule::checkmate(mover)
    } else if ends::made_dead(&frame.pos, m) {
        by_rule::DEAD_POSITION
    } else if frame.history.fivefold(&frame.moves, frame.segment, mover) {
        by_rule::FIVEFOLD
    } else if frame.pos.halfmoves() >= 150 {
        by_rule::SEVENTY_FIVE_MOVES
    } else {
        return Ok(false);
    };
    // Checkmate and stalemate take precedence over the other draws.
    if status.unsure {
        frame.unsure = Some(unsure(ply));
        settle(frame)?;
        if frame.end.is_some() {
            return Ok(true);
        }
    } else if status.variant.is_none() && !status.mate && !status.check && !frame.pos.has_moves() {
        end = by_rule::STALEMATE;
    }
    frame.end = Some(EndInfo {
        end,
        by: frame.last(),
        plies: frame.plies,
    });
    Ok(true)
}
