// Crazyhouse: a drop of a piece the pocket does not hold.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(crazyhouse)] 1. e4 d5 2. exd5 Qxd5 3. N@f3 };
}
