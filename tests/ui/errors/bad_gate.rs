// S-chess: a piece from hand goes on the square a back-rank piece leaves.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(seirawan)] 1. Nf3/H Nf6/E 2. e4/E };
    // A piece the mover does not hold.
    let _ = game! { #![variant(seirawan)] 1. Nc3/Q };
    // A castling says which square: the king's or the rook's.
    let _ = game! { #![variant(seirawan)] 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O/Ed1 };
}
