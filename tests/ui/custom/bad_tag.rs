// A `[Variant]` tag naming a section the rules file does not define.
// Shown in the catalogue: the tag names a rule set of the file.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/tests/fairy/variants.ini")]
        [Variant "shogi"] 1. e4
    };
}
