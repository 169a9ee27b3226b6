// The side not to move is in check.
use verified_chess::position;

fn main() {
    let _ = position! { white: Ke1 Re7; black: Ke8 w };
}
