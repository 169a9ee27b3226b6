// A camel asked to go where it cannot leap; the help lists its legal moves.
// Shown in the catalogue: how the piece moves is said from the rules file.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. b1 b4
    };
}
