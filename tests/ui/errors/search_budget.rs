// A search budget too small to prove a mate in 2.
use verified_chess::{include_puzzles, Puzzle};

fn main() {
    static PUZZLES: &[Puzzle] = include_puzzles!(#![search_budget(10)] "tests/ui/puzzles/search_budget.csv");
}
