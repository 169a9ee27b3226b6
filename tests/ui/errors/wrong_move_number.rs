// The number must match the move.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 3. Nf3 };
}
