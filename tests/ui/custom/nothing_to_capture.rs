// A pawn's diagonal step, which only captures, to an empty square.
// Shown in the catalogue: a move of the rule set's that only captures.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e2 d3
    };
}
