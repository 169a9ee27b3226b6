// An incomplete long-form move.
use verified_chess::game;

fn main() {
    let _ = game! { knight g1 f3 };
}
