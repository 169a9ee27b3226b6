// Black has no king.
use verified_chess::position;

fn main() {
    let _ = position! { white: Ke1 Qd1; black: Qd8 w };
}
