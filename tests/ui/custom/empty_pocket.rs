// A drop under Fairy-Stockfish's loop chess (pieces taken go to hand) of
// a knight, with none in hand: the pocket is listed.
use verified_chess::{game, CustomGame};

const EMPTY_POCKET: CustomGame = game! {
    [Variant "loop"]
    1. e4 d5 2. exd5 Qxd5 3. N@f3 *
};

fn main() {}
