// White has two kings.
use verified_chess::position;

fn main() {
    let _ = position! { white: Ke1 Kd4; black: Ke8 w };
}
