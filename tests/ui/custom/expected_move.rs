// A word that is no move under the rules: neither two squares nor SAN with the rule set's letters.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. zz9
    };
}
