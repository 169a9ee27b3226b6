// A rook moving onto its own pawn.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. a1 a2
    };
}
