// A threat that would not mate after a pass of the defence.
use verified_chess::{puzzle, Puzzle};

fn main() {
    const DENKOVSKI: Puzzle = puzzle! {
        [FEN "4K3/B6Q/1R5N/p3p1n1/rP3p2/5k2/2R2P2/1N2nB2 w - - 0 1"]
        [Stipulation "#2"]
        1. Rg6! { "threat: 2. Qb7+" } 1... Ke4 2. Qb7 #
    };
}
