// A pawn on the last rank.
use verified_chess::position;

fn main() {
    let _ = position! {
    board
        4k2P
        8
        8
        8
        8
        8
        8
        4K3
    w
    };
}
