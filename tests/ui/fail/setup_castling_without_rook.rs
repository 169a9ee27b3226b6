// A castling right without its rook.
use verified_chess::position;

fn main() {
    let _ = position! { fen r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1 };
}
