// A piece letter the rule set has no piece for (Capablanca has no Janus).
// Shown in the catalogue: the rule set's own letters are named.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/tests/fairy/variants.ini", capablanca)]
        1. Jc3
    };
}
