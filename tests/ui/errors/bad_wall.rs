// Duck chess: the duck must move each turn, and every move says where.
use verified_chess::game;

fn main() {
    let _ = game! { #![variant(duck)] 1. e4,e5 Nf6,e5 };
    // A move without its wall.
    let _ = game! { #![variant(duck)] 1. e4 };
    // The amazons' arrow goes where the amazon could move next.
    let _ = game! { [Variant "amazons"] 1. Qc1,e2 };
}
