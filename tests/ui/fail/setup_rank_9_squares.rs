// A diagram rank with 9 squares.
use verified_chess::position;

fn main() {
    let _ = position! {
    board
        r n b q k b n r
        p p p p p p p p
        . . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K B N R
    w
    };
}
