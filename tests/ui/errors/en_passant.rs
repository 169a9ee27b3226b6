// En passant is possible only right after the double step.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 d5 2. e5 f5 3. d4 Nc6 4. exf6 };
}
