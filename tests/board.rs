//! Board rendering, checked against reviewed snapshots in `tests/snapshots/`.
//!
//! To review a change, run with `UPDATE_SNAPSHOTS=1`, then read the diff of
//! the snapshot files before committing them.

use std::path::PathBuf;

use verified_chess::{BoardStyle, Color, Game, Position, game};

const OPERA_GAME: Game = game! {
    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
    8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8 # 1-0
};

fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run with UPDATE_SNAPSHOTS=1 and review",
            path.display()
        )
    });
    assert_eq!(
        actual,
        expected,
        "\n{name} differs from {}:\n--- actual ---\n{actual}--- expected ---\n{expected}",
        path.display()
    );
}

#[test]
fn start_position_in_every_style() {
    let start = Position::START;
    check("start-ascii-white", &start.board().to_string());
    check("start-unicode-white", &start.board().unicode().to_string());
    check(
        "start-ascii-black",
        &start.board().perspective(Color::Black).to_string(),
    );
    check(
        "start-unicode-black-plain",
        &start
            .board()
            .style(BoardStyle::Unicode)
            .perspective(Color::Black)
            .coordinates(false)
            .to_string(),
    );
}

#[test]
fn opera_game_final_position() {
    let last = OPERA_GAME.final_position();
    check("opera-final-ascii", &last.board().to_string());
    check(
        "opera-final-unicode-black",
        &last.board().unicode().perspective(Color::Black).to_string(),
    );
}

#[test]
fn boards_are_square() {
    for pos in OPERA_GAME.positions() {
        for style in [BoardStyle::Ascii, BoardStyle::Unicode] {
            let text = pos.board().style(style).to_string();
            let widths: Vec<usize> = text.lines().take(10).map(|l| l.chars().count()).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}\n{text}");
            assert_eq!(text.lines().count(), 11);
        }
    }
}

/// An image's width and height as shown, and its view box.
fn svg_size(svg: &str) -> (String, String, String) {
    let attribute = |name: &str| {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..at + svg[at..].find('"').unwrap()].to_string()
    };
    (
        attribute("width"),
        attribute("height"),
        attribute("viewBox"),
    )
}

#[test]
fn crazyhouse_pockets_take_a_band_only_when_they_hold_a_piece() {
    use verified_chess::game;
    // No piece in hand: the image is the board, 480 by 480.
    let empty = game! { #![variant(crazyhouse)] 1. e4 e5 }.final_position();
    assert_eq!(
        svg_size(&empty.svg().size(480).to_string()),
        ("480".into(), "480".into(), "0 0 378 378".into())
    );
    // A pawn in hand: a band above and below.
    let held = game! { #![variant(crazyhouse)] 1. e4 d5 2. exd5 }.final_position();
    assert_eq!(
        svg_size(&held.svg().size(480).to_string()),
        ("480".into(), "594".into(), "0 0 378 468".into())
    );
}
