// A string where a move should be; comments go in braces.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 "hello" e5 };
}
