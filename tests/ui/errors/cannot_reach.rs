// Kings move one square.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Kd3 };
}
