// Two rooks on one rank cannot both give check.
use verified_chess::position;

fn main() {
    let _ = position! { fen 4k3/8/8/8/8/8/8/r3K2r w - - 0 1 };
}
