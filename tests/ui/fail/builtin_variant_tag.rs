// Games whose `[Variant]` tag names one of Fairy-Stockfish's built-in
// variants: an illegal move under its rules (coregal's queen is royal),
// a reversi drop that encloses nothing, and a list that mixes such games
// with chess.
use verified_chess::{game, games, CustomGame, Game};

const CORAL: CustomGame = game! {
    [Variant "coregal"]
    1. d4 e5 2. Bg5 Nc6 *
};

const FLIPELLO: CustomGame = game! {
    [Variant "flipello"]
    1. P@e3 P@c3 *
};

const MIXED: &[Game] = games! {
    1. e4 e5 *
    [Variant "coregal"] 1. d4 d5 *
};

fn main() {}
