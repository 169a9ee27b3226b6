// Piece drops exist only in crazyhouse.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. N@f3 };
}
