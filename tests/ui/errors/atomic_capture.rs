// Atomic: a capture whose explosion would take the mover's own king.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(atomic)] fen 4k3/8/8/8/8/8/R2n4/4K3 w - - 0 1  1. Rxd2 };
}
