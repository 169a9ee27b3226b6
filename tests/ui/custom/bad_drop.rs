// Drops under Fairy-Stockfish's loop chess that no hand allows: a pawn
// in its promotion zone, and a piece onto a piece.
use verified_chess::{game, CustomGame};

const IN_THE_ZONE: CustomGame = game! {
    [Variant "loop"]
    1. e4 d5 2. exd5 Qxd5 3. P@d8 *
};

const ONTO_A_PIECE: CustomGame = game! {
    [Variant "loop"]
    1. e4 d5 2. exd5 Qxd5 3. P@d5 *
};

fn main() {}
