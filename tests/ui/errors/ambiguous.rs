// Two knights can reach d4.
use verified_chess::game;

fn main() {
    let _ = game! { 1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nd4 };
}
