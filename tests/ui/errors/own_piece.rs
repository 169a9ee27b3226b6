// A piece cannot land on its own side's piece.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Qe2 Qe7 3. Qe4 };
}
