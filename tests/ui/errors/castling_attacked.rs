// The king may not pass through an attacked square.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 b6 2. Nf3 Ba6 3. Bb5 Bxb5 4. O-O };
}
