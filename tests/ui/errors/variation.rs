// A variation replaces a move, so it must follow one.
use verified_chess::game;

fn main() {
    let _ = game! { (1. d4) 1. e4 };
}
