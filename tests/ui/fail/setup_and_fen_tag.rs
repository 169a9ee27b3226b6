// A setup and a [FEN] tag at once.
use verified_chess::game;

fn main() {
    let _ = game! { [FEN "4k3/8/8/8/8/8/8/4K2R w - - 0 1"] fen 4k3/8/8/8/8/8/8/4K2R w };
}
