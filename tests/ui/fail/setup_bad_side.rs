// The side to move is `w` or `b`.
use verified_chess::position;

fn main() {
    let _ = position! { fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x };
}
