// A pawn reaching the last rank without saying what it becomes.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        [FEN "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"] 1. e8
    };
    // Minishogi: a pawn taking on the last rank without promoting would
    // never move again there, which the rules forbid.
    const STRANDED: CustomGame = game! {
        [Variant "minishogi"]
        1. Pa3 Bc4 2. Pa4 Bb5 3. Pxa5 *
    };
}
