// A move after checkmate.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. f3 e5 2. g4 Qh4 # 3. Kf2
    };
}
