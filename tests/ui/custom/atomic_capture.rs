// A king that captures under Fairy-Stockfish's atomic chess: the
// explosion would take it with it.
use verified_chess::{game, CustomGame};

const SELF_EXPLOSION: CustomGame = game! {
    #![rules("tests/ui/rules/atomic.ini")]
    1. e4 d5 2. Ke2 d4 3. Kd3 c5 4. Kxd4 *
};

fn main() {}
