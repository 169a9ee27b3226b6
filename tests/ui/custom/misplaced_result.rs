// Moves after the result, which ends the game (`game!` takes one game), as in chess.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e4 e5 * 1. d4 d5 *
    };
}
