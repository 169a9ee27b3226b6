// A move number must be followed by a move.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. };
}
