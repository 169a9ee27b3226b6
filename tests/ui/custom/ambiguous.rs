// Two knights that can both go to d2.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        [FEN "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"] 1. Nd2
    };
}
