//! The Opera Game, verified at compile time and printed at run time.
//!
//! ```text
//! cargo run --example opera
//! ```
//!
//! Change any move below to an illegal one (say `4. dxe5` to `4. dxe6`) and
//! the example stops compiling, with the error under that move.

use verified_chess::{Color, Game, game};

/// Paul Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
const OPERA_GAME: Game = game! {
    [Event "Opera Game"]
    [Site "Paris"]
    [Date "1858.??.??"]
    [White "Paul Morphy"]
    [Black "Duke Karl / Count Isouard"]
    [Result "1-0"]
    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
    8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8 # 1-0
};

fn main() {
    let game = OPERA_GAME;
    println!(
        "{} vs {} ({})",
        game.tag("White").unwrap_or("?"),
        game.tag("Black").unwrap_or("?"),
        game.tag("Event").unwrap_or("?")
    );
    println!();

    let mut line = String::new();
    for ply in game.plies() {
        if ply.color == Color::White {
            if !line.is_empty() {
                println!("{line}");
            }
            line = format!("{:>3}. {:<8}", ply.number, ply.san);
        } else {
            line.push_str(&format!("{:<8}", ply.san));
        }
        line.push_str(&format!("({})  ", ply.uci));
    }
    println!("{line}");
    println!();

    let last = game.final_position();
    println!("final position: {}", last.fen());
    println!("outcome:        {}", game.outcome());
    println!("result:         {}", game.result());
    println!(
        "stored as:      {} plies in {} bytes of move data",
        game.len(),
        game.len() * 3
    );
}
