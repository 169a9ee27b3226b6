//! Sittuyin in words ([`chess_rules::Rules::sittuyin_promotion`],
//! [`chess_rules::Drops::rooks_on_first_rank`]): why a pawn may not
//! promote where it was written to (`bad-promotion`), and why a rook may
//! not be dropped off the first rank (`bad-drop`).

use chess_rules::{Effect, Piece, Position, PromotionRefused, Square};

use crate::diagnostic::{ErrorKind, Help};

use super::rejection::Rejection;

/// The legal promotions of the pawn on `from`, as help.
fn promotions(pos: &Position<'_>, from: Square) -> Help {
    let choices: Vec<String> = (pos.legal_moves().into_iter())
        .filter(|m| m.from == from && m.promotion.is_some())
        .map(|m| pos.san(m))
        .collect();
    Help::Write {
        lead: "its promotions here: ",
        choices,
    }
}

/// Why `piece` (its words: "the pawn on d5") may not become a piece of
/// `kind` on `to`.
pub(super) fn promotion(
    pos: &Position<'_>,
    piece: &str,
    from: Square,
    to: Square,
    kind: u8,
    why: PromotionRefused,
) -> Rejection {
    let rules = pos.rules();
    let name = &rules.pieces[usize::from(kind)].name;
    let side = pos.turn().name();
    let reason = match why {
        PromotionRefused::OutOfZone => format!(
            "under {} a pawn promotes only in its zone while {side} has another pawn, and {from} \
             is not in it",
            rules.name
        ),
        PromotionRefused::NotBeside => format!(
            "{piece} becomes a {name} where it stands or on an empty square a {name} there \
             attacks, and {to} is neither"
        ),
        PromotionRefused::Attacks(sq) => format!(
            "a {name} on {to} would attack the {} on {sq}, and a promoted piece may attack none",
            pos.piece_at(sq)
                .map_or("piece", |p| rules.pieces[usize::from(p.kind)].name.as_str())
        ),
        PromotionRefused::GivesCheck => {
            format!("under {} a promotion may not give check", rules.name)
        }
    };
    Rejection::new(ErrorKind::BadPromotion, reason).help(promotions(pos, from))
}

/// Why the rook `piece` may not be dropped on `to`.
pub(super) fn rook_drop(pos: &Position<'_>, piece: Piece, to: Square) -> Rejection {
    let rules = pos.rules();
    let choices: Vec<String> = (pos.legal_moves().into_iter())
        .filter(|m| m.kind == Effect::Drop { kind: piece.kind })
        .map(|m| pos.san(m))
        .collect();
    Rejection::new(
        ErrorKind::BadDrop,
        format!(
            "under {} a rook is dropped only on its side's first rank, and {to} is not on it",
            rules.name
        ),
    )
    .help(Help::Write {
        lead: "where it may go: ",
        choices,
    })
}
