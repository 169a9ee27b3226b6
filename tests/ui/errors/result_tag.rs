// Black mated, so the tag's `1-0` is impossible.
use verified_chess::game;

fn main() {
    let _ = game! { [Result "1-0"] 1. f3 e5 2. g4 Qh4 # };
}
