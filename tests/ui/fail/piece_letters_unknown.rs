// An attribute naming no language whose piece letters are read.
use verified_chess::game;

fn main() {
    let _ = game! { #![piece_letters(klingon)] 1. e4 };
}
