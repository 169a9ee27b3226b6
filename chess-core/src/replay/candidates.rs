//! The moves of one kind of piece to one square (SAN candidates) in the
//! variants whose shakmaty positions find them by generating every legal
//! move first: Atomic (each pseudo-legal move played on a copy to see the
//! explosion), Racing Kings (each move played on a copy to see whether it
//! checks), Antichess and Horde. Here only the moves to that square are
//! made, from attack tables, and only they are tried against the
//! variant's rules; the replay asks this once per ply, a proc macro runs
//! it unoptimized in dev builds. Crazyhouse, King of the Hill and
//! Three-check keep shakmaty's own (already a lookup). The variant's own
//! end is found the same way: Antichess asks for a stalemate by legal
//! moves, here by whether any piece can move at all.
//!
//! `tests/candidates.rs` holds these to shakmaty's `san_candidates` and
//! `variant_outcome` for every kind of piece and square of thousands of
//! positions of random games.

use shakmaty::variant::VariantPosition;
use shakmaty::{Bitboard, Color, Move, MoveList, Position, Rank, Role, Square, attacks};

/// The legal moves of a `role` to `to` in `pos` (castling aside), as
/// shakmaty's `san_candidates` gives them.
pub fn candidates(pos: &VariantPosition, role: Role, to: Square) -> MoveList {
    let mut moves = match pos {
        VariantPosition::Atomic(_) => pseudo_legal(pos, role, to, false, false),
        VariantPosition::Antichess(_) => pseudo_legal(pos, role, to, true, true),
        VariantPosition::Horde(_) | VariantPosition::RacingKings(_) => {
            pseudo_legal(pos, role, to, true, false)
        }
        _ => return pos.san_candidates(role, to),
    };
    let us = pos.turn();
    match pos {
        VariantPosition::Atomic(_) => moves.retain(|m| {
            // shakmaty's rule: the mover's king survives the explosion,
            // and is not attacked unless the other king is gone (or the
            // two touch, which `king_attackers` knows).
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let board = after.board();
            board.king_of(us).is_some_and(|king| {
                (board.kings() & board.by_color(!us)).is_empty()
                    || after.king_attackers(king, !us, board.occupied()).is_empty()
            })
        }),
        // Captures are compulsory.
        VariantPosition::Antichess(_)
            if moves.iter().any(|m| !m.is_capture()) && any_capture(pos) =>
        {
            moves.retain(|m| m.is_capture());
        }
        VariantPosition::Horde(_) => moves.retain(|m| king_safe(pos, *m)),
        VariantPosition::RacingKings(_) => {
            if pos.is_variant_end() {
                moves.clear();
            }
            // The mover's king safe, the other king not checked.
            moves.retain(|m| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                !after.is_check() && king_safe_after(&after, us)
            });
        }
        _ => {}
    }
    moves
}

/// Whether the side to move in an Antichess position has a move at all
/// (its legal moves are its pseudo-legal ones, captures first).
pub fn antichess_can_move(pos: &VariantPosition) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    let occupied = board.occupied();
    let pawns = board.pawns() & ours;
    for from in ours & !pawns {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        if (attacks::attacks(from, piece, occupied) & !ours).any() {
            return true;
        }
    }
    let forward = |b: Bitboard| b.shift(us.fold_wb(8, -8));
    (forward(pawns) & !occupied).any() || any_pawn_capture(pos)
}

/// Whether any piece of the side to move can capture (Antichess).
fn any_capture(pos: &VariantPosition) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let theirs = board.by_color(!us);
    let occupied = board.occupied();
    for from in board.by_color(us) & !board.pawns() {
        if let Some(piece) = board.piece_at(from)
            && (attacks::attacks(from, piece, occupied) & theirs).any()
        {
            return true;
        }
    }
    any_pawn_capture(pos)
}

/// Whether a pawn of the side to move can capture, en passant included.
fn any_pawn_capture(pos: &VariantPosition) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let pawns = board.pawns() & board.by_color(us);
    let mut targets = board.by_color(!us);
    if let Some(ep) = pos.maybe_ep_square() {
        targets.add(ep);
    }
    targets
        .into_iter()
        .any(|to| (attacks::pawn_attacks(!us, to) & pawns).any())
}

/// After `m`, the mover's king (if it has one) is not attacked.
fn king_safe(pos: &VariantPosition, m: Move) -> bool {
    let us = pos.turn();
    if pos.board().king_of(us).is_none() {
        return true;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    king_safe_after(&after, us)
}

/// In `after`, `us`'s king (if it has one) is not attacked.
fn king_safe_after(after: &VariantPosition, us: Color) -> bool {
    let board = after.board();
    board
        .king_of(us)
        .is_none_or(|king| after.king_attackers(king, !us, board.occupied()).is_empty())
}

/// The pseudo-legal moves of a `role` to `to` (no castling): pieces by
/// their attacks, pawns by captures, en passant, single and double steps
/// (from the first rank too, as Horde's pawns may), every promotion (to a
/// king too where `king_promotions`); a king captures only where
/// `king_captures`.
fn pseudo_legal(
    pos: &VariantPosition,
    role: Role,
    to: Square,
    king_captures: bool,
    king_promotions: bool,
) -> MoveList {
    let mut moves = MoveList::new();
    let board = pos.board();
    let us = pos.turn();
    if board.by_color(us).contains(to) {
        return moves;
    }
    let occupied = board.occupied();
    let capture = board.role_at(to);
    let pieces = board.by_piece(role.of(us));
    // A pawn reaching the last rank becomes each piece in turn.
    const PLAIN: [Option<Role>; 1] = [None];
    const PROMOTIONS: [Option<Role>; 5] = [
        Some(Role::Queen),
        Some(Role::Rook),
        Some(Role::Bishop),
        Some(Role::Knight),
        Some(Role::King),
    ];
    let promotions: &[Option<Role>] =
        if role != Role::Pawn || to.rank() != us.fold_wb(Rank::Eighth, Rank::First) {
            &PLAIN
        } else if king_promotions {
            &PROMOTIONS
        } else {
            &PROMOTIONS[..4]
        };
    let mut push = |from: Square, capture: Option<Role>| {
        for &promotion in promotions {
            moves.push(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            });
        }
    };
    if role != Role::Pawn {
        if role == Role::King && capture.is_some() && !king_captures {
            return moves;
        }
        for from in pieces & attacks::attacks(to, role.of(us), occupied) {
            push(from, capture);
        }
        return moves;
    }
    if capture.is_some() {
        for from in pieces & attacks::pawn_attacks(!us, to) {
            push(from, capture);
        }
        return moves;
    }
    let back = us.fold_wb(-8, 8);
    if let Some(one) = to.offset(back) {
        if pieces.contains(one) {
            push(one, None);
        } else if !occupied.contains(one)
            && let Some(two) = one.offset(back)
            && pieces.contains(two)
            && double_step_target(us, to)
        {
            push(two, None);
        }
    }
    if pos.maybe_ep_square() == Some(to) {
        for from in pieces & attacks::pawn_attacks(!us, to) {
            moves.push(Move::EnPassant { from, to });
        }
    }
    moves
}

/// Where a pawn's two steps may end: the third or fourth rank for White
/// (from the second, or in Horde the first), the sixth or fifth for Black.
fn double_step_target(us: Color, to: Square) -> bool {
    match us {
        Color::White => matches!(to.rank(), Rank::Third | Rank::Fourth),
        Color::Black => matches!(to.rank(), Rank::Sixth | Rank::Fifth),
    }
}

/// Whether `m`, a piece move or capture of `us` on `board` (no castling,
/// en passant or promotion), attacks the other king after it.
pub(super) fn checks_after(board: &shakmaty::Board, us: Color, m: Move) -> bool {
    // Anything else is left to the candidates (conservatively: "checks").
    let Move::Normal {
        role,
        from,
        to,
        promotion: None,
        ..
    } = m
    else {
        return true;
    };
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let occupied = (board.occupied() ^ from) | to;
    let ours = |r: Role| {
        let pieces = board.by_piece(r.of(us));
        if r == role {
            (pieces ^ from) | to
        } else {
            pieces
        }
    };
    let queens = ours(Role::Queen);
    (attacks::knight_attacks(king) & ours(Role::Knight)).any()
        || (attacks::bishop_attacks(king, occupied) & (ours(Role::Bishop) | queens)).any()
        || (attacks::rook_attacks(king, occupied) & (ours(Role::Rook) | queens)).any()
        || (attacks::king_attacks(king) & ours(Role::King)).any()
        || (attacks::pawn_attacks(!us, king) & ours(Role::Pawn)).any()
}
