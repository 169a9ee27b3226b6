// A move number needs its dot.
use verified_chess::game;

fn main() {
    let _ = game! { 1 e4 };
}
