// The king may not castle into check.
use verified_chess::game;

fn main() {
    let _ = game! { 1. f4 e5 2. fxe5 Bc5 3. Nf3 d6 4. g3 Nc6 5. Bg2 Nge7 6. O-O };
}
