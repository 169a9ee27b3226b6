// A move that leaves the king in check.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e4 d6 2. Bb5 + a6
    };
}
