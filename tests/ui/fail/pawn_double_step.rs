// A pawn steps two squares only from its starting square.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e3 d5 2. e5 };
}
