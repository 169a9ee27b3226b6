//! Why a drop of placement chess's setup may not go where it was written
//! ([`chess_rules::Drops::opposite_bishops`]): a side's bishops are
//! dropped on squares of both colours. `bad-drop`, in words.

use chess_rules::{Effect, Piece, Position, Square};

use crate::diagnostic::{ErrorKind, Help};

use super::rejection::Rejection;

/// The colour of `sq`'s square, in words (a1 is dark).
fn colour(sq: Square) -> &'static str {
    if (sq.file + sq.rank).is_multiple_of(2) {
        "dark"
    } else {
        "light"
    }
}

/// Why `piece` may not be dropped on `to`: a bishop to a colour that has
/// its share of its side's bishops, another piece to the last square of a
/// colour a bishop in hand needs.
pub(super) fn bishop_colours(pos: &Position<'_>, piece: Piece, to: Square) -> Rejection {
    let rules = pos.rules();
    let side = piece.color.name();
    let name = &rules.pieces[usize::from(piece.kind)].name;
    let colour = colour(to);
    let reason = if name == "bishop" {
        format!(
            "{side}'s bishops stand on squares of both colours under {}, and its {colour} \
             squares have their share of them already: {to} is {colour}",
            rules.name
        )
    } else {
        format!(
            "{to} is the last {colour} square left for {side}'s bishop still in hand: \
             under {} a side's bishops stand on squares of both colours",
            rules.name
        )
    };
    let choices: Vec<String> = (pos.legal_moves().into_iter())
        .filter(|m| m.kind == Effect::Drop { kind: piece.kind })
        .map(|m| pos.san(m))
        .collect();
    Rejection::new(ErrorKind::BadDrop, reason).help(Help::Write {
        lead: "where it may go: ",
        choices,
    })
}
