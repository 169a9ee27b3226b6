// Antichess: a quiet move while a capture is possible.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(antichess)] 1. e4 d5 2. Nf3 };
}
