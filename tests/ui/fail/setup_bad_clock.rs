// A fullmove number must be a number (`0` reads as 1, as python-chess and
// lichess read it; one too large for a move number is refused).
use verified_chess::position;

fn main() {
    let _ = position! { fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999" };
}
