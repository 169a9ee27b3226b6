// games! reports every illegal game, each under its own first bad move.
use verified_chess::games;

fn main() {
    let _ = games! {
        [Event "one"] 1. d4 d5 2. Bc4 *
        [Event "two"] 1. e4 e5 *
        [Event "three"] 1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Ke3 *
    };
}
