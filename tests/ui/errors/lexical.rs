// A comment in a PGN string must be closed.
use verified_chess::game;

fn main() {
    let _ = game!("1. e4 { a comment that never ends e5");
}
