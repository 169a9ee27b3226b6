// A game is usable in `const` and `static` items and through any path to the
// crate: the macro passes its own `$crate` path into the generated code.
mod chess {
    pub use verified_chess as engine;
}

use chess::engine::{Game, GameResult};

const IN_CONST: Game = chess::engine::game! { 1. e4 e5 2. Qh5 Ke7 3. Qxe5 # 1-0 };
static IN_STATIC: Game = chess::engine::game! { 1. d4 d5 2. c4 };
const LIST: [Game; 2] = [IN_CONST, chess::engine::game! { 1. c4 }];

fn main() {
    assert_eq!(IN_CONST.result(), GameResult::WhiteWins);
    assert_eq!(IN_STATIC.len(), 3);
    assert_eq!(LIST[1].san(0).as_deref(), Some("c4"));
    let local = chess::engine::game!(1. Nf3);
    assert_eq!(local.len(), 1);
}
