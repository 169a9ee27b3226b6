// A check marker before any move.
use verified_chess::game;

fn main() {
    let _ = game! { + 1. e4 };
}
