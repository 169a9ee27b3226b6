// A lichess puzzle row whose Moves cell has a move in SAN, not UCI.
use verified_chess::{include_puzzles, Puzzle};

fn main() {
    static PUZZLES: &[Puzzle] = include_puzzles!("tests/ui/puzzles/puzzle_row.csv");
}
