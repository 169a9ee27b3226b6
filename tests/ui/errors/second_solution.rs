// A mate-in-2 puzzle with a second key.
use verified_chess::{include_puzzles, Puzzle};

fn main() {
    static PUZZLES: &[Puzzle] = include_puzzles!("tests/ui/puzzles/second_solution.csv");
}
