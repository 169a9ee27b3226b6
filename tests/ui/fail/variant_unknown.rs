// #![variant(…)] names rules that are not verified: a name no rules
// have, and one whose rules differ from lichess's.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(shoggi)] 1. e4 };
    let _ = game! { #![variant(giveawaychess)] 1. e4 };
}
