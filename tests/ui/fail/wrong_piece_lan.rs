// The piece on g1 is a knight.
use verified_chess::game;

fn main() {
    let _ = game! { 1. Bg1-f3 };
}
