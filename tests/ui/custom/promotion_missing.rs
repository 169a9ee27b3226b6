// A pawn reaching the last rank without saying what it becomes.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        [FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"] 1. e8
    };
}
