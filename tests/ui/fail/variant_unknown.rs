// #![variant(…)] names rules that are not verified.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(shogi)] 1. e4 };
    let _ = game! { #![variant(giveaway)] 1. e4 };
}
