// `#` on a mere check must be `+`.
use verified_chess::game;

fn main() {
    let _ = game! { 1. e4 f5 2. Qh5 # };
}
