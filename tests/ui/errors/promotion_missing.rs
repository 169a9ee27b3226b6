// A pawn reaching the last rank must promote.
use verified_chess::game;

fn main() {
    let _ = game! { 1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8 };
}
