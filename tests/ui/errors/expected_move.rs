// A word that is not a move.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Nf9 };
}
