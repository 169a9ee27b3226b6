// Crazyhouse: a pawn dropped on the first rank.
use verified_chess::game;

fn main() {
    let _ = game! {
        #![variant(crazyhouse)]
        1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nf3 Nf6 5. Bc4 e6 6. O-O Be7 7. P@e1
    };
}
