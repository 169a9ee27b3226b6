// A knight pinned to its king by a bishop, under chess written as a rules file.
use verified_chess::{game, CustomGame};

fn main() {
    const G: CustomGame = game! {
        #![rules("chess-rules/rules/chess.ini")]
        1. e4 d6 2. Bb5 + Nd7 3. a3 Ne5
    };
}
