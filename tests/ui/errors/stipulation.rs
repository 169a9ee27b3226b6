// A problem whose stipulation cannot be read.
use verified_chess::{puzzle, Puzzle};

fn main() {
    const SHINKMAN: Puzzle = puzzle! {
        [FEN "4kB2/6P1/8/3Q4/8/8/8/7K w - - 0 1"]
        [Stipulation "=2"]
        1. g8=B! Kxf8 2. Qf7 #
    };
}
