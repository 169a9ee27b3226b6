// Unicode and NAG spellings are read; the error is the illegal move after them.
use verified_chess::game;

fn main() {
    let _ = game!("1. ♘f3 e5$71 2. ♘×e5 ♕h4± 3. ♘×f7 ♕×f2+ 4. ♔×f2 ♘f6 5. ♘×h8 ♗c5+ 6. ♔e1 ♗f2+ 7. ♖×f2");
}
