// `position!` takes no moves.
use verified_chess::position;

fn main() {
    let _ = position! { fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 1. O-O };
}
