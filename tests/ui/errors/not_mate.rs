// A mate-in-2 puzzle whose last move gives check but not mate.
use verified_chess::{include_puzzles, Puzzle};

fn main() {
    static PUZZLES: &[Puzzle] = include_puzzles!("tests/ui/puzzles/not_mate.csv");
}
