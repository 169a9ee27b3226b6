// Nothing may follow the result.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 1-0 2. Nf3 };
}
