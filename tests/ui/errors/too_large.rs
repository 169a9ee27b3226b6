// Variations nested three deep, where the game's bound allows two.
use verified_chess::game;

fn main() {
    let _ = game! { #![limits(depth = 2)] 1. e4 (1. d4 (1. c4 (1. Nf3))) 1... e5 };
}
