// A comment that is never closed, in a game given as a string.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game!(
        #![rules("chess-rules/rules/chess.ini")]
        "1. e4 { a comment that never ends"
    );
}
