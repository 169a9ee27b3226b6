// The bishop on f1 is hemmed in by its own pawn.
use verified_chess::game;

fn main() {
    let _ = game! { 1. d4 d5 2. Bc4 };
}
