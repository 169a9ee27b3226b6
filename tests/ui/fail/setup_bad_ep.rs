// The en passant field is `-` or a square.
use verified_chess::position;

fn main() {
    let _ = position! { fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1" };
}
