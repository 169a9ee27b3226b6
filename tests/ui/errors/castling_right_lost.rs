// The king has moved, so White may never castle.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O };
}
