// An attribute that is no option, after one that is; and `#!` before
// something other than a bracketed attribute, which is read as moves.
use verified_chess::game;

fn main() {
    let _ = game! { #![allow(moves_after_draw)] #![castling(none)] 1. e4 };
    let _ = game! { #!(variant) 1. e4 };
}
