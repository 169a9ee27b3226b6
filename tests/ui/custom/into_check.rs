// The king stepping onto a square the queen attacks.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e4 e5 2. Ke2 Qh4 3. Kf3 d6 4. Kg4
    };
}
