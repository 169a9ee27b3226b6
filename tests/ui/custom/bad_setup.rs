// A set-up position with a letter that names no piece of the rule set.
// Shown in the catalogue: the FEN is read under the rule set.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/tests/fairy/variants.ini", capablanca)]
        [FEN "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNX w - - 0 1"] 1. e4
    };
}
