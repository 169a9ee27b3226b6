//! Writes the board after a game as an SVG image, with the last move and
//! the checked king marked: `cargo run --example svg_board --features macros > board.svg`.

use verified_chess::game;

fn main() {
    let g = game! { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 };
    let last = g.moves().next_back().expect("the game has moves");
    print!("{}", g.final_position().svg().last_move(&last));
}
