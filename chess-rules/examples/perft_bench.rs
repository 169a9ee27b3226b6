//! Perft speed of chess-rules on chess written as a rules file
//! (`chess-rules/rules/chess.ini`: Betza and switches), against
//! shakmaty in the same run (run by `cargo xtask rules-bench`, release):
//! the start position and "Kiwipete", leaves per second and the ratio
//! (the best of three interleaved runs each).
//!
//! ```text
//! cargo run --release -p chess-rules --example perft_bench
//! ```

use std::time::Instant;

use chess_rules::{Position, ini};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn main() {
    let chess = ini::variants(include_str!("../rules/chess.ini"))
        .expect("chess.ini")
        .remove(0);
    println!("perft: chess-rules (rules/chess.ini) against shakmaty");
    println!(
        "{:<10} {:>5} {:>12} {:>14} {:>14} {:>8}",
        "position", "depth", "leaves", "chess-rules/s", "shakmaty/s", "ratio"
    );
    for (name, fen, depth) in [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            5,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
    ] {
        let ours = Position::from_fen(&chess, fen).expect("FEN");
        let theirs: Chess = fen
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        // Interleaved runs, the best of each: noise from the rest of the
        // machine hits both sides alike.
        let (mut ours_time, mut theirs_time) = (f64::INFINITY, f64::INFINITY);
        let (mut a, mut b) = (0, 0);
        for _ in 0..3 {
            let t = Instant::now();
            a = ours.perft(depth);
            ours_time = ours_time.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            b = shakmaty::perft(&theirs, depth);
            theirs_time = theirs_time.min(t.elapsed().as_secs_f64());
        }
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
