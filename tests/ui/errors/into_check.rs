// The king may not step onto a square the bishop attacks.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Ke2 Bc5 3. Ke3 };
}
