// Variations are verified too.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 (1. d4 d5 2. Bc4) 1... e5 };
}
