// An en passant square with no pawn that just advanced.
use verified_chess::game;

fn main() {
    let _ = game! { fen 4k3/8/8/8/8/8/4P3/4K3 b - e3 0 1 1... Kd7 };
}
