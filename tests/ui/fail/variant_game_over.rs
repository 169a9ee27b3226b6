// A variant's own end ends the game like checkmate: the king on the hill,
// the third check.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(king_of_the_hill)] 1. d4 e5 2. Kd2 Ke7 3. Kd3 Ke6 4. Ke4 # Kf6 };
    let _ = game! {
        #![variant(three_check)]
        1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5 + 1-0
    };
}
