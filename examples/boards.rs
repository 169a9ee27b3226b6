//! Every position of the Immortal Game (Anderssen–Kieseritzky, London 1851)
//! as a board.
//!
//! ```text
//! cargo run --example boards              # Unicode figurines
//! cargo run --example boards -- --ascii   # plain ASCII
//! cargo run --example boards -- --black   # from Black's side
//! ```

use verified_chess::{BoardStyle, Color, Game, game};

const IMMORTAL_GAME: Game = game! {
    [Event "London, casual game"]
    [White "Adolf Anderssen"]
    [Black "Lionel Kieseritzky"]
    1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5
    8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8
    15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6
    21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7 # 1-0
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let style = if args.iter().any(|a| a == "--ascii") {
        BoardStyle::Ascii
    } else {
        BoardStyle::Unicode
    };
    let side = if args.iter().any(|a| a == "--black") {
        Color::Black
    } else {
        Color::White
    };

    let game = IMMORTAL_GAME;
    println!(
        "{} – {}, {}\n",
        game.tag("White").unwrap_or("?"),
        game.tag("Black").unwrap_or("?"),
        game.tag("Event").unwrap_or("?")
    );
    let mut positions = game.positions();
    if let Some(start) = positions.next() {
        println!("Start\n{}", start.board().style(style).perspective(side));
    }
    for (ply, position) in game.plies().zip(positions) {
        let dots = if ply.color == Color::White {
            "."
        } else {
            "..."
        };
        println!(
            "{}{dots} {}\n{}",
            ply.number,
            ply.san,
            position.board().style(style).perspective(side)
        );
    }
    println!("{} ({})", game.outcome(), game.result());
}
