// Stones on a 3 x 3 board: a side holding one puts it down before moving.
use verified_chess::game;

fn main() {
    let _ = game! {
        #![rules("tests/ui/rules/placing.ini", placing)]
        1. S@a1 S@c3 2. Sa2
    };
}
