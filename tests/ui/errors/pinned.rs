// The knight on c3 shields its king from the bishop on b4.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5 };
}
