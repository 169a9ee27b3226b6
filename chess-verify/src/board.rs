//! The board where it went wrong: the position a problem is in, drawn
//! under its report in the human format (`--board`), by the facade's
//! board drawing (`verified_chess::Position::board`).

use chess_core::Before;
use shakmaty::CastlingMode;
use shakmaty::variant::VariantPosition;
use verified_chess::{BoardStyle, Position};

/// The position `before` as a board, under a note that says whose move it
/// is and gives the FEN, as the last lines of a report whose gutter (the
/// line number's width) is `gutter` wide; `None` if the position cannot be
/// set up again (it always can: it was played).
pub fn draw(before: &Before, style: BoardStyle, gutter: usize) -> Option<String> {
    let pos =
        VariantPosition::from_setup(before.variant, before.setup.clone(), CastlingMode::Chess960)
            .ok()?;
    let pos = Position::from(&pos);
    let pad = " ".repeat(gutter);
    let mut out = format!(
        "{pad}= note: the position, {} to move: {}\n",
        pos.turn().name(),
        pos.fen()
    );
    for line in pos.board().style(style).to_string().lines() {
        out.push_str(&pad);
        out.push_str("  ");
        out.push_str(line);
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_position_with_the_side_to_move() {
        let pos = shakmaty::Chess::default();
        let before = Before::of(&pos, shakmaty::variant::Variant::Chess);
        let text = draw(&before, BoardStyle::Ascii, 2).unwrap();
        assert!(text.starts_with(
            "  = note: the position, White to move: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    "
        ));
        assert!(text.contains("\n    8 | r n b q k b n r |\n"));
        assert!(text.ends_with("\n        a b c d e f g h\n"));
    }
}
