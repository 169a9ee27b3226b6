// A king's two-square step where castling is legal: castling is written `O-O`.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 Nf6 };
}
