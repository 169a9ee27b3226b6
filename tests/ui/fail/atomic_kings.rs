// Atomic: touching kings keep both out of check; a king that steps away
// into an attack is told so.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(atomic)] fen r7/7p/8/8/8/8/2k4P/1K4N1 w - - 0 1  1. Ka2 };
}
