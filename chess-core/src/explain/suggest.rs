//! What would be legal instead: the legal moves of a piece, of a kind of
//! piece, to a square, out of check, and the moves one edit away from what
//! was written.

use shakmaty::san::San;
use shakmaty::{Move, Role, Square};

use crate::diagnostic::Help;
use crate::diagnostic::words::{color_name, own_piece_on, role_name};
use crate::replay::Rules;
use crate::syntax::MoveSyntax;

use super::reasons;

/// SAN of a legal move in `pos` (with `+`/`#`).
pub(super) fn san_of<P: Rules>(pos: &P, m: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
}

/// Whether `mv` is one legal move for the other side
/// ([`reasons::with_the_other_sides`]).
pub(super) fn is_the_other_sides<P: Rules>(pos: &P, mv: &MoveSyntax) -> bool {
    pos.swapped()
        .is_some_and(|other| crate::replay::legal_move(&other, mv).is_some())
}

/// The moves in SAN after `lead`, at most `limit` of them.
fn listing<P: Rules>(
    pos: &P,
    lead: String,
    moves: impl Iterator<Item = Move>,
    limit: usize,
) -> Help {
    reasons::listing(lead, moves.map(|m| san_of(pos, m)).collect(), limit)
}

/// "the knight on g1 can play `Nf3`, `Nh3`" or "… has no legal move".
pub(super) fn moves_of_piece<P: Rules>(pos: &P, from: Square) -> Help {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from() == Some(from))
        .collect();
    let moves = moves.into_iter().map(|m| san_of(pos, m)).collect();
    reasons::piece_can_play(&own_piece_on(pos.board(), from), moves)
}

/// "legal knight moves: `Nf3`, `Nh3`" or "White has no legal knight move".
pub(super) fn moves_of_role<P: Rules>(pos: &P, role: Role) -> Help {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.role() == role && !m.is_castle())
        .collect();
    if moves.is_empty() {
        Help::Note(format!(
            "{} has no legal {} move",
            color_name(pos.turn()),
            role_name(role)
        ))
    } else {
        listing(
            pos,
            format!("legal {} moves: ", role_name(role)),
            moves.into_iter(),
            10,
        )
    }
}

/// In check: every legal move answers it. "moves that answer the check:
/// `g6`" (or, with none, that it is checkmate).
pub(super) fn check_answers<P: Rules>(pos: &P) -> Help {
    let legal = pos.legal_moves();
    reasons::check_answers(legal.iter().map(|&m| san_of(pos, m)).collect())
}

/// "moves that reach e4: `Nxe4`, `d3`" (but castling and moves of
/// `except_role`), if there are any.
pub(super) fn moves_to<P: Rules>(pos: &P, to: Square, except_role: Option<Role>) -> Option<Help> {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to() == to && !m.is_castle() && Some(m.role()) != except_role)
        .collect();
    (!moves.is_empty()).then(|| {
        listing(
            pos,
            format!("moves that reach {to}: "),
            moves.into_iter(),
            10,
        )
    })
}

/// How a from-to move was written, to suggest moves the same way.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Style {
    San,
    /// `e2e4`, `e7e8q`.
    Uci,
    /// `e2-e4`, `Ng1-f3`, `e4xd5`.
    Lan,
}

/// The legal moves one edit (a wrong, missing or extra character: a file, a
/// rank, a piece letter) away from `text`, in the notation it was written
/// in, if there are one to three of them.
pub(super) fn did_you_mean<P: Rules>(pos: &P, text: &str, mv: &MoveSyntax) -> Option<Vec<String>> {
    let style = match mv {
        MoveSyntax::San { .. } => Style::San,
        // The long form (`knight g1 to f3`) is too far from any suggestion.
        MoveSyntax::FromTo { .. } if text.contains(char::is_whitespace) => return None,
        MoveSyntax::FromTo { .. } if text.contains(['-', 'x']) => Style::Lan,
        MoveSyntax::FromTo { .. } => Style::Uci,
        _ => return None,
    };
    let mode = pos.castles().mode();
    let letter = text.starts_with(|c: char| c.is_ascii_uppercase());
    let spelled = pos.legal_moves().into_iter().filter_map(|m| match style {
        Style::San => Some(San::from_move(pos, m).to_string()),
        Style::Uci => Some(m.to_uci(mode).to_string()),
        Style::Lan if m.is_castle() => None,
        Style::Lan => Some(lan(m, letter)),
    });
    reasons::one_edit_away(text, spelled)
}

/// Long algebraic notation: `e2-e4`, `e4xd5`, `Ng1-f3` (the piece letter
/// only if `letter`), `e7-e8=Q`.
fn lan(m: Move, letter: bool) -> String {
    let mut out = String::new();
    if letter && m.role() != Role::Pawn {
        out.push(m.role().upper_char());
    }
    if let Some(from) = m.from() {
        out.push_str(&from.to_string());
    }
    out.push(if m.is_capture() { 'x' } else { '-' });
    out.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        out.push('=');
        out.push(p.upper_char());
    }
    out
}
