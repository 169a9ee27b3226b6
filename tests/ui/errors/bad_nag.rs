// NAGs run from `$0` to `$255`.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 $300 e5 };
}
