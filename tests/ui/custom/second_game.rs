// Two games where `game!` takes one.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e4 e5 * 1. d4 d5 *
    };
}
