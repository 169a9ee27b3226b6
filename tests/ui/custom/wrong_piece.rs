// White moving a piece of Black's.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. a4 a3
    };
}
