// A helpmate in 2 with two solutions, one of them written.
use verified_chess::{puzzle, Puzzle};

fn main() {
    const GARAI: Puzzle = puzzle! {
        [FEN "4R3/8/Q7/1B1p4/2bpR3/P2kr3/6K1/6b1 b - - 0 1"]
        [Stipulation "h#2"]
        1... Bxb5 2. Rxe3+ Kc4 3. Rc8 #
    };
}
