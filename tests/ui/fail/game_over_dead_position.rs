// A dead position ends the game; the help names the opt-in.
use verified_chess::game;

fn main() {
    let _ = game! { fen 4k3/8/8/8/8/8/3p4/4KB2 w 1. Kxd2 Ke7 };
}
