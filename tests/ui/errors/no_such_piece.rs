// White's queen is gone.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 e5 2. Qh5 Nc6 3. Qxf7+ Kxf7 4. Qf3 };
}
