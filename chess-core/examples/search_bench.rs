//! The mate search measured (run by `cargo xtask search-bench`, in the dev
//! profile and in release): for positions from the real games of
//! `../shared/data` that end in checkmate, taken 2n − 1 plies before the
//! mate where the side to move forces mate in n, the time and positions
//! visited to prove the claim fully — every first move tried (the key and
//! any cook), every defence against the key answered — next to a naive
//! search (no table, no move order). Then the published problems of
//! `tests/puzzles/problems.pgn`, each proven as `puzzle!` proves it, next
//! to the naive search's proof of the same claim (its keys, or every
//! helpmate solution).
//!
//! ```text
//! cargo run -p chess-core --example search_bench [--release] -- [DATA_DIR]
//! ```

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chess_core::puzzle::{PuzzleOptions, check_problem};
use chess_core::search::Search;
use chess_core::syntax::{Parser, ProblemKind, Tag};
use chess_core::testing::{
    naive_helpmates, naive_keys, naive_mates, naive_self_keys, naive_selfmates,
};
use chess_core::{Options, Source, verify};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn main() {
    let dir = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    );
    // Positions n moves before a real mate where the mate is forced.
    let mut positions: [Vec<Chess>; 5] = Default::default();
    for name in [
        "twic1599_1000k.pgn",
        "lichess_db_1000k.pgn",
        "kasparov-deep-blue-1997.pgn",
    ] {
        let text = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.join(name).display()));
        let source = Source::text(text, None, None);
        let options = Options {
            moves_after_draw: true,
            ..Options::default()
        };
        for game in verify(&source, options).filter_map(Result::ok) {
            if !game.last.is_checkmate() {
                continue;
            }
            for n in 2..=4u32 {
                let back = 2 * n as usize - 1;
                if game.moves.len() < back {
                    continue;
                }
                let mut pos = game.start.clone();
                for &m in &game.moves[..game.moves.len() - back] {
                    pos.play_unchecked(m);
                }
                let mut search = Search::new(50_000_000);
                if search.mate_length(&pos, n) == Ok(Some(n)) {
                    positions[n as usize].push(pos);
                }
            }
        }
    }
    let profile = if cfg!(debug_assertions) {
        "dev"
    } else {
        "release"
    };
    println!(
        "mate search, {profile} profile: a full proof (every first move, every defence to the key)"
    );
    println!(
        "{:<10} {:>9} {:>12} {:>12} {:>12} {:>14} {:>12}",
        "claim", "positions", "median", "slowest", "nodes/pos", "naive nodes", "naive time"
    );
    for n in 2..=4u32 {
        let list = &positions[n as usize];
        if list.is_empty() {
            continue;
        }
        let mut times: Vec<Duration> = Vec::new();
        let mut nodes = 0;
        for pos in list {
            let started = Instant::now();
            let mut search = Search::new(u64::MAX);
            let keys = search.keys(pos, n).expect("no budget");
            assert!(!keys.is_empty());
            times.push(started.elapsed());
            nodes += search.nodes();
        }
        times.sort();
        // The naive search only where it ends in reasonable time.
        let (naive_nodes, naive_time) = if n <= 2 || (n == 3 && !cfg!(debug_assertions)) {
            let started = Instant::now();
            let mut total = 0;
            for pos in list {
                naive_keys(pos, n, &mut total);
            }
            (
                format!("{}", total / list.len() as u64),
                format!(
                    "{:.2} ms",
                    started.elapsed().as_secs_f64() * 1e3 / list.len() as f64
                ),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        println!(
            "{:<10} {:>9} {:>9.2} ms {:>9.2} ms {:>12} {:>14} {:>12}",
            format!("mate in {n}"),
            list.len(),
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
            nodes / list.len() as u64,
            naive_nodes,
            naive_time,
        );
    }
    published(profile);
}

/// The published problems: `check_problem`'s time and positions visited
/// next to the naive search's for the same claims.
fn published(profile: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/puzzles/problems.pgn");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let source = Source::text(text, None, None);
    println!();
    println!("published problems, {profile} profile: proven as puzzle! proves them");
    println!(
        "{:<24} {:>6} {:>10} {:>10} {:>14} {:>12}",
        "problem", "claim", "time", "nodes", "naive nodes", "naive time"
    );
    for game in Parser::new(&source) {
        let game = game.expect("problems.pgn reads");
        let tag = |name: &str| {
            Tag::find(&game.tags, &source, name)
                .map_or_else(String::new, |t| t.value(&source).into_owned())
        };
        let started = Instant::now();
        let checked = check_problem(
            &game,
            &source,
            PuzzleOptions {
                budget: u64::MAX,
                ..PuzzleOptions::default()
            },
        )
        .expect("a published problem is sound");
        let time = started.elapsed();
        let start: Chess = tag("FEN")
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let n = u32::from(checked.stipulation.moves);
        // The naive proof of the same claim: the key is the only key and
        // nothing shorter works (a selfmate in 3 takes it minutes in the dev
        // profile: left out there).
        let started = Instant::now();
        let mut naive = 0;
        let done = match checked.stipulation.kind {
            ProblemKind::Mate => {
                naive_keys(&start, n, &mut naive);
                naive_mates(&start, n - 1, &mut naive);
                true
            }
            ProblemKind::SelfMate if n < 3 || !cfg!(debug_assertions) => {
                naive_self_keys(&start, n, &mut naive);
                naive_selfmates(&start, n - 1, &mut naive);
                true
            }
            ProblemKind::SelfMate => false,
            ProblemKind::HelpMate => {
                naive_helpmates(&start, n, &mut naive);
                true
            }
        };
        let (naive_nodes, naive_time) = if done {
            (
                naive.to_string(),
                format!("{:.1} ms", started.elapsed().as_secs_f64() * 1e3),
            )
        } else {
            ("—".to_string(), "—".to_string())
        };
        println!(
            "{:<24} {:>6} {:>7.1} ms {:>10} {:>14} {:>12}",
            tag("Composer"),
            checked.stipulation.to_string(),
            time.as_secs_f64() * 1e3,
            checked.nodes,
            naive_nodes,
            naive_time,
        );
    }
}
