// `game!` takes one game; `games!` takes several.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 [Event "Next"] 1. d4 };
}
