// A castling field that names one right twice.
use verified_chess::position;

fn main() {
    let _ = position! { fen 4k3/8/8/8/8/8/8/R3K2R w KKq - 0 1 };
}
