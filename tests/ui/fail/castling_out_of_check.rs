// Castling is no way out of check.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d4 Bb4+ 5. O-O };
}
