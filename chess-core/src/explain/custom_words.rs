//! A position under rules a user defines, in words: its pieces and
//! squares (`the white knight on e4`), the side to move, regions and
//! ordinals, the drops and promotions a piece has. `custom.rs` and
//! `refusal.rs` word their reasons with them.

use chess_rules::{Effect, Position, Square};
use shakmaty::Color;

use crate::diagnostic::Help;
use crate::diagnostic::words::{color_adj, join_and};

use super::reasons::piece_can_play;

/// The squares of `region` on the board, in words: whole ranks by their
/// number ("the 2nd rank", "the 2nd and 3rd ranks"), else the squares.
pub(super) fn region_words(region: chess_rules::Region, geometry: chess_rules::Geometry) -> String {
    let on_board = |sq: &Square| geometry.contains(*sq);
    let squares: Vec<Square> = region.squares().filter(on_board).collect();
    let whole: Vec<u8> = (0..geometry.ranks())
        .filter(|&rank| {
            let on_rank = |sq: &&Square| sq.rank == rank;
            squares.iter().filter(on_rank).count() == usize::from(geometry.files())
        })
        .collect();
    let count = whole.len() * usize::from(geometry.files());
    if !whole.is_empty() && count == squares.len() {
        let ranks: Vec<String> = whole.iter().map(|&r| ordinal(u32::from(r) + 1)).collect();
        let plural = if ranks.len() == 1 { "rank" } else { "ranks" };
        return format!("the {} {plural}", join_and(ranks));
    }
    match squares.len() {
        0 => "no square".to_string(),
        1..=8 => join_and(squares.iter().map(|s| s.to_string()).collect()),
        n => format!("{n} squares"),
    }
}

/// `1st`, `2nd`, `3rd`, `4th` … `11th`, `12th`, `13th`, `21st`.
pub(super) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// shakmaty's color for a side, for the shared vocabulary.
pub(super) fn side(color: chess_rules::Color) -> Color {
    match color {
        chess_rules::Color::White => Color::White,
        chess_rules::Color::Black => Color::Black,
    }
}

/// The side to move.
pub(super) fn color(pos: &Position<'_>) -> Color {
    side(pos.turn())
}

/// The name of the piece on `sq` (of a legal position).
pub(super) fn name<'p>(pos: &'p Position<'_>, sq: Square) -> &'p str {
    pos.piece_at(sq).map_or("piece", |p| {
        pos.rules().pieces[usize::from(p.kind)].name.as_str()
    })
}

/// "the Rook on a1": a piece of the side the message is about.
pub(super) fn own_piece_on(pos: &Position<'_>, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(_) => format!("the {} on {sq}", name(pos, sq)),
        None => format!("the empty square {sq}"),
    }
}

/// "the black Pawn on a3" (or "the empty square a3").
pub(super) fn piece_on(pos: &Position<'_>, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => format!("the {} {} on {sq}", color_adj(side(p.color)), name(pos, sq)),
        None => format!("the empty square {sq}"),
    }
}

/// The legal drops of a piece of `kind`, as help.
pub(super) fn drops_of(pos: &Position<'_>, kind: u8) -> Help {
    let name = &pos.rules().pieces[usize::from(kind)].name;
    let drops = pos
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m.kind, Effect::Drop { kind: k } if k == kind))
        .map(|m| pos.san(m))
        .collect();
    piece_can_play(
        &format!("{} in hand", crate::diagnostic::words::a(name)),
        drops,
    )
}

/// The legal promotions of the piece on `from` to `to`, in SAN.
pub(super) fn promotions(pos: &Position<'_>, from: Square, to: Square) -> Vec<String> {
    (pos.legal_moves().into_iter())
        .filter(|m| m.from == from && m.to == to && m.promotion.is_some())
        .map(|m| pos.san(m))
        .collect()
}
