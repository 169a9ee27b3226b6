// A square given twice in a piece list.
use verified_chess::position;

fn main() {
    let _ = position! { white: Ke1 Rh1 e2 Qe2; black: Ke8 w };
}
