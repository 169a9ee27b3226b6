// Black mated, so `1-0` is impossible.
use verified_chess::game;

fn main() {
    let _ = game! { 1. f3 e5 2. g4 Qh4 # 1-0 };
}
