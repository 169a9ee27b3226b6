// Games under the rules of a CustomChessKell file: a camel's leap, a rook
// blocked by its own pawn, a piece of the other side.
use verified_chess::{game, CustomGame};

const CAMEL: CustomGame = game! {
    #![rules("tests/ui/rules/mini.yaml")]
    1. b1 b4
};

const BLOCKED: CustomGame = game! {
    #![rules("tests/ui/rules/mini.yaml")]
    1. a2a3 a4a3 2. Ra4
};

const BLACKS: CustomGame = game! {
    #![rules("tests/ui/rules/mini.yaml")]
    1. a4 a3
};

fn main() {}
