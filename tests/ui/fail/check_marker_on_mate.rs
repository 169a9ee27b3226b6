// `+` on a mate must be `#`.
use verified_chess::game;

fn main() {
    let _ = game! { 1. f3 e5 2. g4 Qh4+ };
}
