// Fairy-Stockfish's built-in variants by name: an illegal move of
// Capablanca chess, and an ataxx clone put where none may go.
use verified_chess::{game, CustomGame};

const CAPABLANCA: CustomGame = game! {
    #![variant(capablanca)]
    1. e4 e5 2. Ac4
};

const ATAXX: CustomGame = game! {
    #![variant(ataxx)]
    1. P@f2 P@d4
};

fn main() {}
