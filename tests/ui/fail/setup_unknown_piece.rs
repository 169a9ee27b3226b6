// `x` is no piece letter.
use verified_chess::position;

fn main() {
    let _ = position! { fen rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w };
}
