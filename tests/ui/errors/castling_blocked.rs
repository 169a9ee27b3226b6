// The bishop and knight still stand between king and rook.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. O-O };
}
