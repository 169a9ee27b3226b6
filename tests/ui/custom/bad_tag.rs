// A `[Variant]` tag that names no section of the rules file, no variant of lichess's and no built-in one of Fairy-Stockfish's.
// Shown in the catalogue: the tag names a rule set of the file, else a variant of lichess's or a built-in one of Fairy-Stockfish's.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/tests/fairy/variants.ini")]
        [Variant "shogii"] 1. e4
    };
}
