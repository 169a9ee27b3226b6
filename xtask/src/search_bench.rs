//! `cargo xtask search-bench`: the mate search in the dev profile (where
//! proc macros run) and in release (chess-core's `search_bench` example),
//! and `chess-verify --puzzles` in release on one thread: puzzles per
//! second over mateIn1–mateIn3 puzzles made from the real games of
//! `../shared/data` that end in checkmate.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Instant;

use chess_core::{Options, Source, verify};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, EnPassantMode, Position};

use crate::{data_dir, repo};

/// A lichess puzzle file: mateIn1–mateIn3 from the games of `dir` that
/// end in checkmate, `copies` times over.
fn puzzle_file(dir: &Path, copies: usize) -> (String, usize) {
    let mut rows = String::new();
    let mut count = 0;
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
        let options = Options {
            moves_after_draw: true,
            ..Options::default()
        };
        for game in verify(&source, options).filter_map(Result::ok) {
            if !game.last.is_checkmate() {
                continue;
            }
            for n in 1..=3usize {
                if game.moves.len() < 2 * n {
                    continue;
                }
                let from = game.moves.len() - 2 * n;
                let mut pos = game.start.clone();
                for &m in &game.moves[..from] {
                    pos.play_unchecked(m);
                }
                let fen = Fen::from_position(&pos, EnPassantMode::Legal);
                let moves: Vec<String> = game.moves[from..]
                    .iter()
                    .map(|&m| UciMove::from_move(m, CastlingMode::Standard).to_string())
                    .collect();
                count += 1;
                let _ = writeln!(
                    rows,
                    "r{count},{fen},{},1500,80,90,10,mateIn{n},,",
                    moves.join(" ")
                );
            }
        }
    }
    let mut file = String::from(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n",
    );
    for _ in 0..copies {
        file.push_str(&rows);
    }
    (file, count * copies)
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
    let (file, puzzles) = puzzle_file(&data, 10);
    let path = root.join("target/search-bench-puzzles.csv");
    std::fs::write(&path, file).expect("write the puzzle file");
    let started = Instant::now();
    let output = Command::new(root.join("target/release/chess-verify"))
        .args(["--puzzles", "--jobs", "1", "--format", "json"])
        .arg(&path)
        .output()
        .expect("chess-verify");
    let seconds = started.elapsed().as_secs_f64();
    let summary = String::from_utf8_lossy(&output.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    println!(
        "chess-verify --puzzles --jobs 1 (release): {puzzles} mateIn1–mateIn3 puzzles from real mates in {seconds:.2} s: {:.0} puzzles/s on one core",
        puzzles as f64 / seconds
    );
    println!("  {summary}");
    ExitCode::SUCCESS
}
