// A FEN rank with 7 squares.
use verified_chess::position;

fn main() {
    let _ = position! { fen rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 };
}
