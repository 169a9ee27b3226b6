// Only the six standard annotations exist.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 !!! e5 };
}
