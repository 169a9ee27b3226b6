//! What would be legal instead: the legal moves of a piece, of a kind of
//! piece, to a square, out of check, and the moves one edit away from what
//! was written.

use shakmaty::san::San;
use shakmaty::{Move, Role, Square};

use crate::diagnostic::Help;
use crate::diagnostic::words::{color_name, own_piece_on, role_name};
use crate::replay::Rules;
use crate::syntax::MoveSyntax;

/// SAN of a legal move in `pos` (with `+`/`#`).
pub(super) fn san_of<P: Rules>(pos: &P, m: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
}

/// The moves in SAN after `lead`, at most `limit` of them.
fn listing<P: Rules>(
    pos: &P,
    lead: String,
    moves: impl Iterator<Item = Move>,
    limit: usize,
) -> Help {
    let mut moves: Vec<String> = moves.map(|m| san_of(pos, m)).collect();
    let more = moves.len().saturating_sub(limit);
    moves.truncate(limit);
    Help::Moves { lead, moves, more }
}

/// "the knight on g1 can play `Nf3`, `Nh3`" or "… has no legal move".
pub(super) fn moves_of_piece<P: Rules>(pos: &P, from: Square) -> Help {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from() == Some(from))
        .collect();
    let piece = own_piece_on(pos.board(), from);
    if moves.is_empty() {
        Help::Note(format!("{piece} has no legal move"))
    } else {
        listing(pos, format!("{piece} can play "), moves.into_iter(), 10)
    }
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
    match legal.len() {
        0 => Help::Note("it is checkmate: no move answers the check".to_string()),
        1 => listing(
            pos,
            "the only move that answers the check is ".to_string(),
            legal.iter().copied(),
            1,
        ),
        _ => listing(
            pos,
            "moves that answer the check: ".to_string(),
            legal.iter().copied(),
            10,
        ),
    }
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
    let written: Vec<char> = text.chars().filter(|c| !matches!(c, '+' | '#')).collect();
    if written.len() > 12 {
        return None;
    }
    let mode = pos.castles().mode();
    let mut found: Vec<String> = Vec::new();
    for &m in &pos.legal_moves() {
        let spelled = match style {
            Style::San => San::from_move(pos, m).to_string(),
            Style::Uci => m.to_uci(mode).to_string(),
            Style::Lan if m.is_castle() => continue,
            Style::Lan => lan(m, written.first().is_some_and(char::is_ascii_uppercase)),
        };
        // A piece letter added or dropped turns a piece move into a pawn
        // move or back: too far to guess.
        let piece_letter = |w: Option<&char>| w.is_some_and(char::is_ascii_uppercase);
        if piece_letter(written.first()) != piece_letter(spelled.chars().next().as_ref()) {
            continue;
        }
        if one_edit(&written, &spelled) && !found.contains(&spelled) {
            found.push(spelled);
        }
    }
    (1..=3).contains(&found.len()).then_some(found)
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

/// `true` if `b` differs from `a` by exactly one replaced, inserted or
/// removed character.
fn one_edit(a: &[char], b: &str) -> bool {
    let b: Vec<char> = b.chars().collect();
    let (short, long) = if a.len() <= b.len() {
        (a, b.as_slice())
    } else {
        (b.as_slice(), a)
    };
    let prefix = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    match long.len() - short.len() {
        0 => prefix < short.len() && short[prefix + 1..] == long[prefix + 1..],
        1 => short[prefix..] == long[prefix + 1..],
        _ => false,
    }
}
