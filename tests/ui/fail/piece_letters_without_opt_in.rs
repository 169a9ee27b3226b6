// A move in German piece letters without the opt-in: the help says which
// language and how to opt in.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Sf3 Sc6 };
}
