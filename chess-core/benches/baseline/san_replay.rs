//! Raw SAN replay with shakmaty: the replay bench's baseline. The bench
//! compiles it in this workspace (where shakmaty has the variants'
//! feature); `cargo xtask replay-bench` compiles this same file in a crate
//! of its own, with shakmaty as its authors publish it.

use shakmaty::{Chess, Position, san::San};

/// Plays every game's SAN, parsed with shakmaty, from the start position;
/// the plies played.
pub fn replay<S: AsRef<str>>(games: &[Vec<S>]) -> usize {
    let mut total = 0;
    for game in games {
        let mut pos = Chess::default();
        for san in game {
            let m = San::from_ascii(san.as_ref().as_bytes())
                .expect("san")
                .to_move(&pos)
                .expect("legal");
            pos.play_unchecked(m);
            total += 1;
        }
    }
    total
}
