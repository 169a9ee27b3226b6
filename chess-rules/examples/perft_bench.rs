//! Perft speed of chess-rules on chess written as a rule set, against
//! shakmaty in the same run (run by `cargo xtask rules-bench`, release):
//! the start position and "Kiwipete", leaves per second and the ratio.
//!
//! ```text
//! cargo run --release -p chess-rules --example perft_bench
//! ```

use std::time::Instant;

use chess_rules::{Position, Rules};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let chess = Rules::chess();
    println!("perft, release profile: chess-rules (chess as a rule set) against shakmaty");
    println!(
        "{:<10} {:>5} {:>12} {:>14} {:>14} {:>8}",
        "position", "depth", "leaves", "chess-rules/s", "shakmaty/s", "ratio"
    );
    for (name, fen, depth) in [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
    ] {
        let ours = Position::from_fen(&chess, fen).expect("FEN");
        let theirs: Chess = fen
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let t = Instant::now();
        let a = ours.perft(depth);
        let ours_time = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let b = shakmaty::perft(&theirs, depth);
        let theirs_time = t.elapsed().as_secs_f64();
        assert_eq!(a, b, "{name}");
        println!(
            "{:<10} {:>5} {:>12} {:>14.0} {:>14.0} {:>7.3}x",
            name,
            depth,
            a,
            a as f64 / ours_time,
            b as f64 / theirs_time,
            theirs_time / ours_time
        );
    }
}
