// White's queen gives check; the knight move ignores it.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 f5 2. Qh5+ Nc6 };
}
