// A tag pair is a name and a quoted value.
use verified_chess::game;

fn main() {
    let _ = game! { [Event] 1. e4 };
}
