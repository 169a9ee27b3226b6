// A rook whose way up the file is blocked by a pawn.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. a2a3 a4a3 2. Ra4
    };
}
