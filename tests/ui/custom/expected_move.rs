// A word that is no move under the rules: neither two squares nor SAN with the rule set's letters.
// Shown in the catalogue: the help says how moves are written under a rules file.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("tests/ui/rules/mini.yaml")]
        1. zz9
    };
}
