// Black's third move left out of the record: White's next is read as
// Black's, and the error asks whether a move is missing.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Nf3 Nc6 3. Bb5 Ba4 4. O-O };
}
