//! Why the piece on one square cannot go to another, looked up in
//! shakmaty's attack tables: the geometry of the piece, a blocker, the pawn
//! rules, a pin, a check.

use shakmaty::{Bitboard, Color, Piece, Role, Square, attacks};

use crate::diagnostic::ErrorKind;
use crate::diagnostic::words::{own_piece_on, piece_on, pieces_on, role_name};
use crate::replay::Rules;

use super::reasons;
use super::rejection::Rejection;
use super::suggest::check_answers;

pub(super) fn forward(color: Color) -> i32 {
    match color {
        Color::White => 8,
        Color::Black => -8,
    }
}

fn start_rank_of_pawns(color: Color) -> shakmaty::Rank {
    match color {
        Color::White => shakmaty::Rank::Second,
        Color::Black => shakmaty::Rank::Seventh,
    }
}

/// The slider or stepper squares that attack `sq` for `attacker`.
pub(super) fn attackers<P: Rules>(
    pos: &P,
    sq: Square,
    attacker: Color,
    occupied: Bitboard,
) -> Bitboard {
    pos.board().attacks_to(sq, attacker, occupied)
}

/// The first occupied square on the way from `from` to `to`.
fn first_blocker<P: Rules>(pos: &P, from: Square, to: Square) -> Option<Square> {
    let between = attacks::between(from, to) & pos.board().occupied();
    if between.is_empty() {
        return None;
    }
    // The blocker nearest to `from`.
    between.into_iter().min_by_key(|sq| sq.distance(from))
}

/// Why the piece on `from` cannot go to `to`, ordered by how much it tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// It does not move like that (a piece of this kind).
    Geometry(Role),
    /// The way is blocked.
    Blocked(Square),
    /// Pawn rules.
    Pawn(ErrorKind, String),
    /// Nothing on the target for a written capture.
    NothingToCapture,
    /// The king is in check and this does not answer it.
    InCheck(Bitboard),
    /// Pinned to the king by that piece.
    Pinned(Square),
    /// The king would be attacked (king moves, en passant exposures).
    IntoCheck(Bitboard),
    /// Nothing wrong found (the failure lies elsewhere).
    Unknown,
}

impl Verdict {
    pub(super) fn priority(&self) -> u8 {
        match self {
            Verdict::Unknown => 0,
            Verdict::Geometry(_) => 1,
            Verdict::Pawn(..) => 2,
            Verdict::Blocked(_) => 3,
            Verdict::NothingToCapture => 4,
            Verdict::InCheck(_) | Verdict::Pinned(_) | Verdict::IntoCheck(_) => 5,
        }
    }
}

/// How a piece of `role` moves, in words.
fn how_it_moves(role: Role) -> &'static str {
    match role {
        Role::Knight => "a knight jumps two squares one way and one the other",
        Role::Bishop => "a bishop moves diagonally",
        Role::Rook => "a rook moves along ranks and files",
        Role::Queen => "a queen moves along ranks, files and diagonals",
        Role::King => "a king moves one square (or castles with `O-O`/`O-O-O`)",
        Role::Pawn => "a pawn moves straight ahead and captures diagonally forward",
    }
}

/// The verdict for the (existing, own) piece on `from` going to `to`.
pub(super) fn verdict<P: Rules>(
    pos: &P,
    from: Square,
    to: Square,
    capture_written: bool,
) -> Verdict {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Verdict::Unknown;
    };
    let role = piece.role;
    let us = pos.turn();
    let occupied = board.occupied();

    if role == Role::Pawn {
        if let Some(v) = pawn_verdict(pos, from, to) {
            return v;
        }
    } else {
        let empty_board = attacks::attacks(from, piece, Bitboard::EMPTY);
        if !empty_board.contains(to) {
            return Verdict::Geometry(role);
        }
        if !attacks::attacks(from, piece, occupied).contains(to)
            && let Some(b) = first_blocker(pos, from, to)
        {
            return Verdict::Blocked(b);
        }
    }
    let target_empty = !occupied.contains(to);
    let is_ep = role == Role::Pawn && from.file() != to.file() && target_empty;
    if capture_written && target_empty && !is_ep {
        return Verdict::NothingToCapture;
    }

    // Pseudo-legal: the king's safety decides.
    let Some(king) = board.king_of(us) else {
        return Verdict::Unknown;
    };
    let them = !us;
    if role == Role::King {
        let attacked = attackers(pos, to, them, occupied.without(from));
        if attacked.any() {
            return Verdict::IntoCheck(attacked);
        }
        return Verdict::Unknown;
    }
    let checkers = pos.checkers();
    // Occupancy after the move.
    let mut after = occupied.without(from).with(to);
    let mut captured = Bitboard::from_square(to);
    if is_ep {
        let victim = Square::from_coords(to.file(), from.rank());
        after = after.without(victim);
        captured = captured.with(victim);
    }
    let exposed = attackers(pos, king, them, after) & !captured;
    if checkers.any() {
        let resolves = checkers.count() == 1
            && checkers.first().is_some_and(|c| {
                c == to || attacks::between(king, c).contains(to) || (is_ep && captured.contains(c))
            });
        if !resolves {
            return Verdict::InCheck(checkers);
        }
    }
    if exposed.any() {
        if is_ep {
            return Verdict::IntoCheck(exposed);
        }
        if let Some(pinner) = exposed
            .into_iter()
            .find(|s| attacks::aligned(*s, king, from))
        {
            return Verdict::Pinned(pinner);
        }
        return Verdict::IntoCheck(exposed);
    }
    Verdict::Unknown
}

/// Pawn rules for the pawn on `from` going to `to`; `None` if the move obeys
/// them (the king's safety is checked afterwards).
fn pawn_verdict<P: Rules>(pos: &P, from: Square, to: Square) -> Option<Verdict> {
    let us = pos.turn();
    let board = pos.board();
    let dir = forward(us);
    let df = i32::from(to.file() as u8) - i32::from(from.file() as u8);
    let dr = (i32::from(to.rank() as u8) - i32::from(from.rank() as u8)) * dir.signum();
    let pawn = own_piece_on(pos.board(), from);
    if dr <= 0 {
        return Some(Verdict::Pawn(
            ErrorKind::PawnMove,
            format!("pawns only move forward; {pawn} cannot go to {to}"),
        ));
    }
    if df == 0 {
        if dr > 2 || (dr == 2 && from.rank() != start_rank_of_pawns(us)) {
            return Some(Verdict::Pawn(
                ErrorKind::PawnMove,
                if from.rank() == start_rank_of_pawns(us) {
                    format!("{pawn} can advance one or two squares, not {dr}")
                } else {
                    format!(
                        "{pawn} can only advance one square; a pawn steps two squares only from its starting square"
                    )
                },
            ));
        }
        if dr == 2 {
            let mid = from.offset(dir)?;
            if board.occupied().contains(mid) {
                return Some(Verdict::Blocked(mid));
            }
        }
        if let Some(p) = board.piece_at(to)
            && p.color != us
        {
            return Some(Verdict::Pawn(
                ErrorKind::PawnMove,
                format!(
                    "{pawn} is blocked by {}: a pawn cannot capture straight ahead",
                    piece_on(pos.board(), to)
                ),
            ));
        }
        return None;
    }
    if df.abs() != 1 || dr != 1 {
        return Some(Verdict::Pawn(
            ErrorKind::PawnMove,
            format!("{pawn} cannot reach {to}: a pawn captures one square diagonally forward"),
        ));
    }
    if board.occupied().contains(to) {
        return None;
    }
    // Diagonal onto an empty square: only en passant.
    let victim = Square::from_coords(to.file(), from.rank());
    let enemy_pawn = board.piece_at(victim)
        == Some(Piece {
            color: !us,
            role: Role::Pawn,
        });
    if pos.maybe_ep_square() == Some(to) {
        return None;
    }
    if enemy_pawn {
        return Some(Verdict::Pawn(
            ErrorKind::EnPassant,
            format!(
                "en passant is only possible on the move right after the enemy pawn's two-square advance, and {} did not just make one",
                piece_on(pos.board(), victim)
            ),
        ));
    }
    Some(Verdict::Pawn(
        ErrorKind::NothingToCapture,
        format!("a pawn moves diagonally only to capture, and there is nothing to capture on {to}"),
    ))
}

pub(super) fn verdict_rejection<P: Rules>(
    pos: &P,
    from: Square,
    to: Square,
    v: Verdict,
) -> Rejection {
    let piece = own_piece_on(pos.board(), from);
    let us = pos.turn();
    let king = || {
        pos.board()
            .king_of(us)
            .map_or("king".to_string(), |k| format!("king on {k}"))
    };
    match v {
        Verdict::Geometry(role) => reasons::not_a_move(
            &from.to_string(),
            &to.to_string(),
            role_name(role),
            how_it_moves(role),
        ),
        Verdict::Blocked(b) => reasons::blocked(&piece, &piece_on(pos.board(), b)),
        Verdict::Pawn(kind, reason) => Rejection::new(kind, reason),
        Verdict::NothingToCapture => reasons::nothing_to_capture(&to.to_string()),
        Verdict::InCheck(checkers) => reasons::in_check(
            &king(),
            &pieces_on(pos.board(), checkers),
            checkers.count() > 1,
        )
        .help(check_answers(pos)),
        Verdict::Pinned(pinner) => reasons::pinned(&piece, &king(), &piece_on(pos.board(), pinner)),
        Verdict::IntoCheck(by) => {
            if pos.board().role_at(from) == Some(Role::King) {
                reasons::into_check("king", &to.to_string(), &pieces_on(pos.board(), by))
            } else {
                reasons::exposes("king", &pieces_on(pos.board(), by))
            }
        }
        Verdict::Unknown => Rejection::new(
            ErrorKind::CannotReach,
            format!("{piece} cannot move to {to}"),
        ),
    }
}
