// The fullmove number starts at 1.
use verified_chess::position;

fn main() {
    let _ = position! { fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0" };
}
