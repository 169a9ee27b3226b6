// A variation before any move: it has no move to replace.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        (1. d4) 1. e4 e5
    };
}
