// After a setup, move numbers continue from it.
use verified_chess::game;

fn main() {
    let _ = game! { fen 4r1k1/5ppp/8/8/4R3/8/5PPP/6K1 b - - 0 23 1... Rxe4 };
}
