// Nine pawns' worth of promotions: three queens and eight pawns.
use verified_chess::position;

fn main() {
    let _ = position! { fen 4k3/8/8/8/8/QQQ5/PPPPPPPP/4K3 w };
}
