// A null move is not a chess move.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 -- 2. d4 };
}
