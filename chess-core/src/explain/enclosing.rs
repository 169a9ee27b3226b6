//! Why a drop of reversi, ataxx or connect four may not go where it was
//! written ([`chess_rules::Drops::enclosing`]): it must enclose pieces,
//! stand beside its own, rest on a piece, …; or, while the start's
//! squares are open, go to one of them. `bad-drop`, in words.

use chess_rules::{Enclosing, Piece, Position, Square};

use crate::diagnostic::ErrorKind;

use super::custom_words::{drops_of, region_words};
use super::rejection::Rejection;

/// Why `piece` may not be dropped on `to` under its rule set's enclosing
/// rule (`start`: the start's squares are still open).
pub(super) fn not_enclosing(
    pos: &Position<'_>,
    piece: Piece,
    to: Square,
    start: bool,
) -> Rejection {
    let rules = pos.rules();
    let drops = rules.drops.as_ref();
    let (us, them) = (piece.color.name(), (!piece.color).name());
    let under = &rules.name;
    let reason = match drops.and_then(|d| d.enclosing_start).filter(|_| start) {
        Some(first) => format!(
            "under {under} the first pieces go on {}, and {to} is not one of them",
            region_words(first, rules.geometry)
        ),
        None => match drops.and_then(|d| d.enclosing) {
            Some(Enclosing::Reversi) => format!(
                "a piece dropped under {under} must enclose pieces of {them} in a line with one \
                 of {us}'s own, and on {to} it encloses none"
            ),
            Some(Enclosing::Ataxx) => format!(
                "a piece dropped under {under} goes beside one of {us}'s own, and {to} is beside none"
            ),
            Some(Enclosing::Snort) => format!(
                "a piece dropped under {under} may not stand beside one of {them}'s along a file \
                 or a rank, and {to} does"
            ),
            Some(Enclosing::Top) => format!(
                "a piece dropped under {under} goes on the first rank or on top of a piece, and {to} \
                 is neither"
            ),
            Some(Enclosing::Anyside) | None => format!(
                "a piece dropped under {under} is pushed in from an edge of the board until it \
                 meets a piece or the other edge, and none comes to rest on {to}"
            ),
        },
    };
    Rejection::new(ErrorKind::BadDrop, reason).help(drops_of(pos, piece.kind))
}
