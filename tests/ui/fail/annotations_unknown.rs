// An `annotations` attribute that says neither `keep` nor `drop`.
use verified_chess::game;

fn main() {
    let _ = game!(#![annotations(strip)] "1. e4 {best} e5");
}
