// UCI moves name their origin square.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e2e4 e7e5 2. e2e4 };
}
