// No move after checkmate.
use verified_chess::game;

fn main() {
    let _ = game! { 1. f3 e5 2. g4 Qh4 # 3. e4 };
}
