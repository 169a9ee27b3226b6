// Racing Kings: no move may give check.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(racing_kings)] 1. Nc3 };
}
