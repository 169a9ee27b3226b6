// A move number's dot written apart from it, which rustc prints joined
// (`2.Nf3`): read token by token, as written, it is no move number.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2 . Nf3 Nc6 };
}
