//! chess-rules' perft on chess written as a rules file
//! (`chess-rules/rules/chess.ini`: Betza and switches), timed:
//! `perft_bench FEN DEPTH` prints `leaves nanoseconds`. `cargo xtask
//! rules-bench` runs it in turn with shakmaty's own `perft` built as
//! published, which prints the same. `perft_bench FEN DEPTH VARIANT`
//! counts under one of Fairy-Stockfish's built-in variants instead
//! (`xiangqi`).
//!
//! ```text
//! cargo run --release -p chess-rules --example perft_bench -- \
//!     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 5
//! ```

use std::process::ExitCode;
use std::time::Instant;

use chess_rules::{Position, ini};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (fen, depth, variant) = match args.as_slice() {
        [fen, depth] => (fen, depth, None),
        [fen, depth, variant] => (fen, depth, Some(variant)),
        _ => {
            eprintln!("usage: perft_bench FEN DEPTH [VARIANT]");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("perft_bench: the depth {depth:?} is not a number");
        return ExitCode::from(2);
    };
    let chess = match variant {
        None => ini::variants(include_str!("../rules/chess.ini"))
            .expect("chess.ini")
            .remove(0),
        Some(name) => match ini::builtin(name) {
            Some(Ok(rules)) => rules,
            Some(Err(why)) => {
                eprintln!("perft_bench: {why}");
                return ExitCode::from(2);
            }
            None => {
                eprintln!("perft_bench: no built-in variant `{name}`");
                return ExitCode::from(2);
            }
        },
    };
    let position = match Position::from_fen(&chess, fen) {
        Ok(position) => position,
        Err(e) => {
            eprintln!("perft_bench: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let leaves = position.perft(depth);
    println!("{leaves} {}", start.elapsed().as_nanos());
    ExitCode::SUCCESS
}
