// Fairy-Stockfish's built-in variants by name: an illegal move of
// Capablanca chess, and a variant whose rules are not played yet.
use verified_chess::{game, CustomGame};

const CAPABLANCA: CustomGame = game! {
    #![variant(capablanca)]
    1. e4 e5 2. Ac4
};

const ATAXX: CustomGame = game! {
    #![variant(ataxx)]
    1. e4
};

fn main() {}
