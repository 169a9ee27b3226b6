// Castling rights for a king that is not on its first rank.
use verified_chess::position;

fn main() {
    let _ = position! { fen r7/4k3/8/8/8/8/8/4K3 w kq - 0 1 };
}
