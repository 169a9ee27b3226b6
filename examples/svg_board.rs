//! Writes the board after a game as an SVG image, with the last move and
//! the checked king marked: `cargo run --example svg_board > board.svg`.

use std::io::Write;

use verified_chess::game;

fn main() -> std::io::Result<()> {
    let g = game! { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 };
    let last = g.moves().next_back().expect("the game has moves");
    let svg = g.final_position().svg().last_move(&last).to_string();
    // A closed pipe (`| head`) ends the output quietly.
    match std::io::stdout().lock().write_all(svg.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
