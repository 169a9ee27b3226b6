// Setups under a variant's rules: Horde lets White's pawns stand on the
// first rank (and says so where standard chess does not), Black's never;
// pockets belong to Crazyhouse.
use verified_chess::game;

fn main() {
    let _ = game! { fen 4k3/8/8/8/8/8/8/P3K3 w - - 0 1 };
    let _ = game! { #![variant(horde)] fen 4k3/8/8/8/8/8/8/PPPPPPPp w - - 0 1 };
    let _ = game! { white: Ke1 a2; black: Ke8 pocket: Np w };
}
