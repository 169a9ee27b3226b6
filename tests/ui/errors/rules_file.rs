// A rules file whose formation places two Kings.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! { #![rules("tests/ui/rules/two_kings.yaml")] 1. e1 e2 };
}
