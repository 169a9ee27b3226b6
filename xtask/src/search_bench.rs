//! `cargo xtask search-bench`: the mate search in the dev profile (where
//! proc macros run) and in release (chess-core's `search_bench` example),
//! and `chess-verify --puzzles` in release on one thread: puzzles per
//! second over mateIn1–mateIn3 puzzles made from the real games of
//! `../shared/data` that end in checkmate.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Instant;

use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::{Source, testing};

use crate::{data_dir, repo};

/// Puzzle rows (lichess format, without the header): mateIn1–mateIn3 from
/// the games of `dir` that end in checkmate, by their number of moves,
/// each with whether it is sound (real games are not all puzzles: the
/// loser may have missed an escape, or the winner had a second way).
fn puzzle_rows(dir: &Path) -> Vec<(usize, String, bool)> {
    let mut rows = Vec::new();
    for name in [
        "twic1599_1000k.pgn",
        "lichess_db_1000k.pgn",
        "kasparov-deep-blue-1997.pgn",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (set VERIFIED_CHESS_DATA)",
                dir.join(name).display()
            )
        });
        let source = Source::text(text, None, None);
        for (n, row) in testing::mate_rows(&source, &[1, 2, 3]) {
            let one = Source::text(row.as_str(), None, None);
            let sound = chess_core::syntax::puzzles::lichess_rows(&one)
                .next()
                .and_then(Result::ok)
                .is_some_and(|r| check_lichess(&r, &one, PuzzleOptions::default()).is_ok());
            rows.push((n, row, sound));
        }
    }
    rows
}

const HEADER: &str =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n";

/// Runs `chess-verify --puzzles --jobs 1` on `rows` (`copies` times over)
/// and prints puzzles per second.
fn time_cli(root: &Path, label: &str, rows: &[&String], copies: usize) {
    let mut file = String::from(HEADER);
    for _ in 0..copies {
        for row in rows {
            file.push_str(row);
            file.push('\n');
        }
    }
    let path = root.join("target/search-bench-puzzles.csv");
    std::fs::write(&path, file).expect("write the puzzle file");
    let started = Instant::now();
    let output = Command::new(root.join("target/release/chess-verify"))
        .args(["--puzzles", "--jobs", "1", "--format", "json"])
        .arg(&path)
        .output()
        .expect("chess-verify");
    let seconds = started.elapsed().as_secs_f64();
    let errors = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| l.contains("\"type\":\"problem\""))
        .count();
    let puzzles = rows.len() * copies;
    println!(
        "  {label:<44} {puzzles:>6} puzzles {errors:>5} errors {seconds:>6.2} s {:>8.0} puzzles/s",
        puzzles as f64 / seconds
    );
}

pub fn search_bench(args: &[String]) -> ExitCode {
    let data = data_dir(
        args.iter()
            .position(|a| a == "--data")
            .and_then(|i| args.get(i + 1))
            .map(String::as_str),
    );
    let root = repo();
    for profile in [&[][..], &["--release"][..]] {
        let status = Command::new(env!("CARGO"))
            .current_dir(&root)
            .args(["run", "-q", "-p", "chess-core", "--example", "search_bench"])
            .args(profile)
            .arg("--")
            .arg(&data)
            .status()
            .expect("cargo");
        if !status.success() {
            return ExitCode::FAILURE;
        }
        println!();
    }
    let status = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args(["build", "-q", "--release", "-p", "chess-verify"])
        .status()
        .expect("cargo");
    if !status.success() {
        return ExitCode::FAILURE;
    }
    let rows = puzzle_rows(&data);
    println!(
        "chess-verify --puzzles --jobs 1 (release), puzzles made from the shared games' mates:"
    );
    for n in 1..=3 {
        let sound: Vec<&String> = rows
            .iter()
            .filter(|(m, _, ok)| *m == n && *ok)
            .map(|(_, r, _)| r)
            .collect();
        // Enough copies for half a second or more: the process's start
        // (a few milliseconds) does not count.
        time_cli(
            &root,
            &format!("sound mateIn{n} ({} distinct)", sound.len()),
            &sound,
            [0, 200, 200, 60][n],
        );
    }
    let all: Vec<&String> = rows.iter().map(|(_, r, _)| r).collect();
    time_cli(
        &root,
        &format!("all rows, sound or not ({} distinct)", all.len()),
        &all,
        20,
    );
    ExitCode::SUCCESS
}
