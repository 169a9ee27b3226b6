//! Gates in words: why a piece written on a gate after a move may not go
//! there (S-chess's `Nf3/H`, `O-O/He1`: `bad-gate`; the move itself is
//! legal, what is wrong is the piece put on the square it leaves), and
//! why a first leap from a gate may not be made (Cambodian chess's `Kb2`,
//! `Me3`).

use chess_rules::{Effect, LeapRefused, Move, MoveText, Position, Square};

use crate::diagnostic::{ErrorKind, Help};

use super::rejection::Rejection;

/// Why the gate of `text` may not be, where the move without it is one
/// legal move; `None` otherwise (what is wrong is the move).
pub(super) fn refused(pos: &Position<'_>, text: &MoveText) -> Option<Rejection> {
    let (plain, gate) = text.with_gate(None)?;
    let gate = gate?;
    let [m] = pos.matching(&plain)[..] else {
        return None;
    };
    let rules = pos.rules();
    let side = pos.turn().name();
    let kind = rules.index(gate.piece);
    let squares = gates_of(m);
    let reason = match kind {
        _ if !rules.gating => format!(
            "{} has no gating: no piece is put on the square a move leaves",
            rules.name
        ),
        None => format!("{} has no piece written `{}`", rules.name, gate.piece),
        Some(kind) if pos.in_hand(pos.turn(), kind as u8) == 0 => format!(
            "{side} has no {} in hand to put on a gate",
            rules.pieces[kind].name
        ),
        Some(_) => match gate.square.filter(|sq| !squares.contains(sq)) {
            Some(sq) => format!("{sq} is not a square this move leaves"),
            None => not_open(pos, m, &squares, gate.square),
        },
    };
    let gated: Vec<String> = (pos.legal_moves().into_iter())
        .filter(|o| o.gate.is_some() && Move { gate: None, ..*o } == m)
        .map(|o| pos.san(o))
        .collect();
    let help = if gated.is_empty() {
        Help::Note(format!(
            "the move itself, {}, is legal, without a piece put on a gate",
            pos.san(m)
        ))
    } else {
        Help::Write {
            lead: "put a piece there as the move may: ",
            choices: gated.into_iter().take(3).collect(),
        }
    };
    Some(
        Rejection::new(
            ErrorKind::BadGate,
            format!("the piece after {}: {reason}", pos.san(m)),
        )
        .help(help),
    )
}

/// The squares a move leaves that may be gates: its piece's, and for a
/// castling the rook's.
fn gates_of(m: Move) -> Vec<Square> {
    match m.kind {
        Effect::Castle { rook_from, .. } => vec![m.from, rook_from],
        _ => vec![m.from],
    }
}

/// Why none of `squares` (or `written`) takes a piece after `m`.
fn not_open(pos: &Position<'_>, m: Move, squares: &[Square], written: Option<Square>) -> String {
    let sq = written.unwrap_or(squares[0]);
    let filled = match m.kind {
        Effect::Castle { rook_to, .. } => sq == m.to || sq == rook_to,
        _ => false,
    };
    if filled {
        format!("{sq} is not empty after the castling")
    } else if !pos.is_gate(sq) {
        format!(
            "{sq} is no gate: a piece is put only on a square of the back rank whose piece had not moved before"
        )
    } else {
        format!("that piece may not stand on {sq}")
    }
}

/// Whether the moves `matches` differ only in the gate their piece goes
/// on (a castling's `O-O/H`: the king's square or the rook's).
pub(super) fn gates_only(matches: &[Move]) -> bool {
    let ungated = |m: &Move| Move { gate: None, ..*m };
    matches.len() > 1
        && matches
            .iter()
            .all(|m| m.gate.is_some() && ungated(m) == ungated(&matches[0]))
}

/// A move written without the square of its gate, `gated` the legal moves
/// it may mean.
pub(super) fn gate_unsaid(pos: &Position<'_>, gated: &[Move]) -> Rejection {
    let squares: Vec<String> = (gated.iter())
        .filter_map(|m| Some(m.gate?.square.to_string()))
        .collect();
    Rejection::new(
        ErrorKind::Ambiguous,
        format!(
            "it does not say which square the piece goes on: {}",
            squares.join(" or ")
        ),
    )
    .help(Help::Write {
        lead: "say which: ",
        choices: gated.iter().map(|&m| pos.san(m)).collect(),
    })
}

/// Why `piece` (its words: "the king on d1") may not make the first leap
/// from `from` to `to` ([`chess_rules::Rules::cambodian_moves`]).
pub(super) fn first_leap(
    pos: &Position<'_>,
    piece: &str,
    from: Square,
    to: Square,
    why: LeapRefused,
) -> Rejection {
    let king = pos
        .piece_at(from)
        .is_some_and(|p| pos.rules().pieces[usize::from(p.kind)].royal);
    let leap = if king {
        "a king's first leap (like a knight, one rank forward)"
    } else {
        "a first step of two squares forward"
    };
    let (kind, reason) = match why {
        LeapRefused::Capture => (
            ErrorKind::NothingToCapture,
            format!("{from} to {to} is {leap}, which goes only to an empty square"),
        ),
        LeapRefused::InCheck => (
            ErrorKind::InCheck,
            format!("{piece} may not leap from its gate while in check"),
        ),
        LeapRefused::NoGate if king => (
            ErrorKind::CannotReach,
            format!(
                "{from} to {to} is {leap}, which the king makes only from its gate: \
                 once it has moved, or a rook of the other side has come to its rank \
                 or file, {from} is no gate"
            ),
        ),
        LeapRefused::NoGate => (
            ErrorKind::CannotReach,
            format!(
                "{from} to {to} is {leap}, which {piece} makes only from its gate: \
                 once it has moved, {from} is no gate"
            ),
        ),
    };
    Rejection::new(kind, reason)
}
