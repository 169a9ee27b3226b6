//! Project tasks. `cargo xtask help` lists them.
//!
//! `cargo xtask compile-bench` measures what `game!` costs a build (see
//! `compile_bench`).
//!
//! `cargo xtask verify-bench` measures `chess-verify` on a large collection
//! against pgn-reader's examples and pgn-extract (see `verify_bench`).
//!
//! `cargo xtask expansion-scaling` times the expansion of generated legal
//! games of 100, 1,000 and 5,000 plies.

mod callgrind;
mod compile_bench;
mod compile_parts;
mod layers;
mod lsp_bench;
mod published;
mod rounds;
mod search_bench;
mod verify_bench;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use chess_core::{expand, testing};
use shakmaty::Chess;

const USAGE: &str = "\
cargo xtask <task>

tasks:
  compile-bench [--quick] [--runs N] [--data DIR] [--instructions]
      rebuild time and peak memory of crates embedding the TWIC games:
      strings vs. a null macro vs. one writing game!'s values vs. game!,
      and include_str! vs. include_pgn!
      (the lichess file also with #![annotations(drop)]),
      in the default dev profile and with build-override opt-level 3.
      --quick: 300 games and the 100k files, one run (what CI runs).
      --instructions: also count the instructions of each crate's compiler
      run with valgrind's callgrind (repeatable where wall time is not).
  compile-parts [--quick] [--data DIR]
      where the instructions of a dev-profile rebuild go, part by part
      (callgrind, by function): 1,106 game! calls against the null macro,
      include_pgn! of the TWIC file against include_str!, each split into
      the compiler's own work and the macro's stages (shakmaty's share
      among them), with what the goal leaves the macro; beside them
      shakmaty's own SAN replay of the same games built as published, in
      the dev profile and in release. Needs valgrind. --quick: in
      compile-bench's quick crates (300 games, the 100k file).
  expansion-scaling
      plies per second of game! expansions of 100, 1,000 and 5,000 plies.
  verify-bench [--runs N] [--copies N] [--data DIR] [--reference DIR] [--no-instructions] [--gigabyte]
      chess-verify on a generated collection (the standard games of the
      TWIC and lichess files, --copies times: 50 make 100 MB) against
      pgn-reader's validate and parallel_validate examples built as
      published (and validate with shakmaty's variant feature), the C++
      validator on chess-library (--reference: the directory holding
      chess-library/chess.hpp, by default DATA/../reference; left out
      without g++) and pgn-extract (when installed), in interleaved rounds
      (11 unless --runs), after the CPU model: wall time, MB/s, peak memory and time ratios, and beside them the
      one-thread tools' instructions on one copy of the file (valgrind's
      callgrind: repeatable where wall time is not) and their ratios;
      scaling over the cores; then on the lichess file alone (a clock
      comment after every move), --jobs 1 against validate and the C++
      validator. --no-instructions: no counts (--instructions is accepted:
      counts are always taken).
      --gigabyte: also peak memory on a 1 GB collection.
  lsp-bench [--edits N] [--data DIR]
      chess-verify lsp (release) on the shared standard games as one file:
      the time from an edit to its diagnostics, and to open the file.
  search-bench [--data DIR]
      the mate search's full proofs of mates in 2, 3 and 4 from real games
      (dev profile and release, next to a naive search), and
      chess-verify --puzzles on one core (puzzles per second).
  rules-bench [--rounds N] [--instructions]
      perft of chess-rules (chess written as a rule set) against shakmaty's
      perft built as published (and with its variant feature), in release,
      in rounds (11 unless --rounds): each ratio the median of the rounds'.
      --instructions: also the instructions a leaf, counted with valgrind's
      callgrind (repeatable where wall time is not).
  replay-bench [--rounds N] [--data DIR]
      the replay bench's alternating rounds (cargo bench -p chess-core
      --bench replay, 101 rounds unless --rounds): chess-core's verify,
      san_words and text passes against raw shakmaty SAN replay, the
      workspace's (shakmaty with variant) and built as published.
  layers [--repo DIR]
      the import graph of every workspace crate: no circles between files,
      and chess-core's stages each using only the stages before them
      (--repo: of another checkout).
  help
      this text.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("compile-bench") => compile_bench::compile_bench(&args[1..]),
        Some("compile-parts") => compile_parts::compile_parts(&args[1..]),
        Some("expansion-scaling") => match check_args(&args[1..], &[], &[]) {
            Ok(()) => expansion_scaling(),
            Err(code) => code,
        },
        Some("layers") => match check_args(&args[1..], &[], &["--repo"]) {
            Ok(()) => {
                let dir = args
                    .iter()
                    .position(|a| a == "--repo")
                    .and_then(|i| args.get(i + 1))
                    .map_or_else(repo, PathBuf::from);
                let report = layers_report(&dir);
                let mut out = std::io::stdout().lock();
                for line in report.lines.iter().chain(&report.problems) {
                    let _ = std::io::Write::write_fmt(&mut out, format_args!("{line}\n"));
                }
                if report.problems.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                }
            }
            Err(code) => code,
        },
        Some("verify-bench") => verify_bench::verify_bench(&args[1..]),
        Some("lsp-bench") => lsp_bench::lsp_bench(&args[1..]),
        Some("search-bench") => match check_args(&args[1..], &[], &["--data"]) {
            Ok(()) => search_bench::search_bench(&args[1..]),
            Err(code) => code,
        },
        Some("rules-bench") => match check_args(&args[1..], &["--instructions"], &["--rounds"]) {
            Ok(()) => match rules_bench_rounds(&args[1..]) {
                Ok(rounds) => rules_bench(rounds, args.iter().any(|a| a == "--instructions")),
                Err(why) => {
                    eprintln!("{why}");
                    ExitCode::from(2)
                }
            },
            Err(code) => code,
        },
        Some("replay-bench") => match check_args(&args[1..], &[], &["--rounds", "--data"]) {
            Ok(()) => replay_bench(&args[1..]),
            Err(code) => code,
        },
        Some("__measure") => measure(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown task `{other}`\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Every workspace crate's import graph, checked; see `layers`.
fn layers_report(repo: &Path) -> layers::Report {
    let mut report = layers::Report {
        lines: Vec::new(),
        problems: Vec::new(),
    };
    let manifest = std::fs::read_to_string(repo.join("Cargo.toml")).unwrap_or_default();
    let members: Vec<String> = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .map(|l| {
            l.split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    if members.is_empty() {
        report
            .problems
            .push("no workspace members in Cargo.toml".into());
    }
    for member in members {
        let dir = repo.join(&member);
        let root = ["src/lib.rs", "src/main.rs"]
            .iter()
            .map(|f| dir.join(f))
            .find(|p| p.exists());
        let Some(root) = root else {
            report
                .problems
                .push(format!("{member}: no src/lib.rs or src/main.rs"));
            continue;
        };
        let name = if member == "." {
            "verified-chess".to_string()
        } else {
            member.clone()
        };
        match layers::read_crate(&name, &root) {
            Ok(krate) => {
                let stages = (member == "chess-core").then_some(layers::STAGES);
                let part = layers::check(&krate, repo, stages);
                report.lines.extend(part.lines);
                report.problems.extend(part.problems);
                // (The shipped crates: xtask is no library.)
                if member != "xtask" {
                    for (concept, file) in layers::definitions(&krate, repo, layers::VOCABULARY) {
                        if member != "chess-format" {
                            report.problems.push(format!(
                                "{file}: defines `{concept}`, which the shared vocabulary \
                                 defines once in chess-format: use that one"
                            ));
                        }
                    }
                    for found in layers::move_numbers_written(&krate, repo) {
                        report.problems.push(format!(
                            "{found}: writes a move's number itself: use chess_format::MoveLabel"
                        ));
                    }
                    for found in layers::long_functions(&krate, repo, layers::LONGEST_FUNCTION) {
                        report.problems.push(format!(
                            "{found}: longer than a reader holds ({} lines): take a part of it out",
                            layers::LONGEST_FUNCTION
                        ));
                    }
                    for found in layers::sources_made(&krate, repo, layers::SOURCE_MAKERS) {
                        report.problems.push(format!(
                            "{found}: makes a `Source` of text it was not given: read the \
                             game's record (`Games::record`) instead of its text again"
                        ));
                    }
                    for found in layers::string_errors(&krate, repo) {
                        report.problems.push(format!(
                            "{found}: a public function returns its error as a `String`"
                        ));
                    }
                }
            }
            Err(e) => report.problems.push(e),
        }
    }
    report
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repository")
        .to_path_buf()
}

fn data_dir(flag: Option<&str>) -> PathBuf {
    flag.map(PathBuf::from)
        .or_else(|| std::env::var_os("VERIFIED_CHESS_DATA").map(PathBuf::from))
        .unwrap_or_else(|| repo().join("../shared/data"))
}

/// Runs a command and prints `milliseconds peak-rss-kilobytes`: the peak is
/// the largest resident size among the command and everything it waited
/// for (rustc, under cargo). Run in a process of its own per measurement.
/// With `--copies N` first, `N` copies of the command run at once, and
/// the time is until the last one ends.
fn measure(cmd: &[String]) -> ExitCode {
    let Some((copies, program, args)) = measured(cmd) else {
        return ExitCode::from(2);
    };
    let start = Instant::now();
    let ended = run_copies(copies, program, args);
    let elapsed = start.elapsed();
    // SAFETY: getrusage writes into the zeroed struct we pass.
    let maxrss = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    };
    println!("{} {}", elapsed.as_millis(), maxrss);
    match ended {
        true => ExitCode::SUCCESS,
        false => ExitCode::from(1),
    }
}

/// `__measure`'s arguments: how many copies (`--copies N` first, one or
/// more; one without it), the program and its arguments; `None` where
/// they are not that.
fn measured(cmd: &[String]) -> Option<(usize, &str, &[String])> {
    let (copies, cmd) = match cmd {
        [flag, n, rest @ ..] if flag == "--copies" => match n.parse::<usize>() {
            Ok(n) if n > 0 => (n, rest),
            _ => return None,
        },
        _ => (1, cmd),
    };
    let (program, args) = cmd.split_first()?;
    Some((copies, program, args))
}

/// Runs `copies` copies of `program` with `args` at once, their output
/// dropped, and waits for every one started: whether all ended well.
fn run_copies(copies: usize, program: &str, args: &[String]) -> bool {
    let children: Vec<_> = (0..copies)
        .map(|_| {
            Command::new(program)
                .args(args)
                .stdout(Stdio::null())
                .spawn()
        })
        .collect();
    // (Every one is waited for before any verdict: `all` alone would stop
    // at the first failure.)
    let ended: Vec<bool> = children
        .into_iter()
        .map(|child| child.and_then(|mut c| c.wait()).is_ok_and(|s| s.success()))
        .collect();
    ended.iter().all(|&ok| ok)
}

/// Checks a task's arguments: `switches` stand alone, `valued` take the
/// next argument. `Err` carries the exit code after printing why (or the
/// usage, for `--help`).
fn check_args(args: &[String], switches: &[&str], valued: &[&str]) -> Result<(), ExitCode> {
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let arg = arg.as_str();
        if arg == "--help" || arg == "-h" {
            println!("{USAGE}");
            return Err(ExitCode::SUCCESS);
        }
        if valued.contains(&arg) {
            if rest.next().is_none() {
                eprintln!("`{arg}` needs a value\n\n{USAGE}");
                return Err(ExitCode::from(2));
            }
        } else if !switches.contains(&arg) {
            eprintln!("unknown argument `{arg}`\n\n{USAGE}");
            return Err(ExitCode::from(2));
        }
    }
    Ok(())
}

fn expansion_scaling() -> ExitCode {
    // `#![rules("…")]` reads its file relative to the crate being
    // compiled: here, the repository.
    // SAFETY: the xtask is single-threaded here; nothing else reads the
    // environment concurrently.
    unsafe { std::env::set_var("CARGO_MANIFEST_DIR", repo()) };
    println!("game! expansion (proc_macro2 tokens, in process, release build):");
    println!(
        "  {:>11} {:>11} {:>12} {:>17} {:>8}",
        "plies", "chess", "plies/s", "rules/chess.ini", "ratio"
    );
    let median = |input: &proc_macro2::TokenStream, expect: &str| {
        let runs = 20;
        let mut times = Vec::new();
        for _ in 0..runs {
            let start = Instant::now();
            let out = expand::game(input.clone());
            times.push(start.elapsed());
            assert!(out.to_string().contains(expect), "did not verify: {out}");
        }
        times.sort();
        times[runs / 2]
    };
    for plies in [100, 1_000, 5_000] {
        let moves = testing::long_game(plies, 2024);
        let text = testing::token_text(&Chess::default(), &moves);
        let input: proc_macro2::TokenStream = format!("$crate; {text}").parse().expect("tokens");
        let t = median(&input, "Game { __data");
        // The same game under chess written as a rules file.
        let custom: proc_macro2::TokenStream =
            format!("$crate; #![rules(\"chess-rules/rules/chess.ini\")] {text}")
                .parse()
                .expect("tokens");
        let c = median(&custom, "CustomGame { __data");
        println!(
            "  {:>11} {:>8.2} ms {:>12.0} {:>14.2} ms {:>7.2}x",
            moves.len(),
            t.as_secs_f64() * 1e3,
            moves.len() as f64 / t.as_secs_f64(),
            c.as_secs_f64() * 1e3,
            c.as_secs_f64() / t.as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}

/// `cargo xtask replay-bench`: the replay bench's alternating rounds
/// (`REPLAY_BENCH_INTERLEAVED_ONLY`), given raw shakmaty SAN replay built
/// as published (`REPLAY_BENCH_PUBLISHED_SAN`) to time beside the
/// workspace's own, whose shakmaty has the variants' feature.
fn replay_bench(args: &[String]) -> ExitCode {
    let settings = match replay_bench_env(args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("{message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut bench = Command::new(env!("CARGO"));
    bench
        .current_dir(repo())
        .args(["bench", "-q", "-p", "chess-core", "--bench", "replay"])
        .envs(settings);
    match published::shakmaty_san(published::Build::Release) {
        Ok(binary) => bench.env("REPLAY_BENCH_PUBLISHED_SAN", binary),
        Err(e) => {
            eprintln!("shakmaty-san: {e}");
            return ExitCode::FAILURE;
        }
    };
    match bench.status() {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// The replay bench's environment for `replay-bench`'s arguments
/// (`--rounds N`, `--data DIR`), or what is wrong with them.
fn replay_bench_env(args: &[String]) -> Result<Vec<(&'static str, String)>, String> {
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
    };
    let mut env = vec![("REPLAY_BENCH_INTERLEAVED_ONLY", "1".to_string())];
    if let Some(rounds) = value("--rounds") {
        if !rounds.parse::<usize>().is_ok_and(|n| n >= 1) {
            return Err("`--rounds` takes a number of rounds, 1 or more".to_string());
        }
        env.push(("REPLAY_BENCH_ROUNDS", rounds.clone()));
    }
    if let Some(data) = value("--data") {
        env.push(("VERIFIED_CHESS_DATA", data.clone()));
    }
    Ok(env)
}

/// `rules-bench --instructions`: each engine's instructions a leaf of
/// each perft, counted by callgrind: the perft's count less that of a
/// perft of depth 0 (the program's start, reading the position and, for
/// chess-rules, its rules file), over its leaves.
fn instructions_a_leaf(tools: &[(String, PathBuf)], positions: &[(&str, &str, &str)]) {
    println!("\nperft: instructions a leaf (callgrind; the count less a perft of depth 0's)\n");
    println!(
        "| position | depth | perft | instructions a leaf | leaves an instruction ÷ shakmaty's |"
    );
    println!("|---|---|---|---|---|");
    for &(name, fen, depth) in positions {
        // The first engine (shakmaty as published) is every row's base;
        // with no count of its own, the other rows give no ratio.
        let mut base = None;
        for (i, (tool, binary)) in tools.iter().enumerate() {
            let binary = binary.to_string_lossy();
            let count = |depth: &str| callgrind::instructions(&binary, &[fen, depth], None);
            let leaves = Command::new(&*binary)
                .args([fen, depth])
                .output()
                .ok()
                .and_then(|o| {
                    String::from_utf8_lossy(&o.stdout)
                        .split_whitespace()
                        .next()?
                        .parse::<u64>()
                        .ok()
                });
            let (Some(all), Some(setup), Some(leaves)) = (count(depth), count("0"), leaves) else {
                println!("| {name} | {depth} | {tool} | (no count: is valgrind installed?) | |");
                continue;
            };
            let per_leaf = per_leaf(all, setup, leaves);
            if i == 0 {
                base = Some(per_leaf);
            }
            let ratio = leaves_ratio(base, per_leaf);
            println!("| {name} | {depth} | {tool} | {per_leaf:.1} | {ratio} |");
        }
    }
}

/// Instructions a leaf: a perft's count `all` less `setup`, a perft of
/// depth 0's, over its `leaves`.
fn per_leaf(all: u64, setup: u64, leaves: u64) -> f64 {
    all.saturating_sub(setup) as f64 / leaves.max(1) as f64
}

/// The leaves an instruction of an engine counting `per_leaf`
/// instructions a leaf, over the first engine's (`base`: its count a leaf,
/// `None` where it has none).
fn leaves_ratio(base: Option<f64>, per_leaf: f64) -> String {
    match base {
        Some(base) => format!("{:.2}×", base / per_leaf),
        None => "(no count of shakmaty's)".to_string(),
    }
}

/// `rules-bench`'s number of rounds: `--rounds N` (1 or more), 11 unless
/// given.
fn rules_bench_rounds(args: &[String]) -> Result<usize, String> {
    match verify_bench::value(args, "--rounds") {
        None => Ok(11),
        Some(n) => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| "`--rounds` takes a number of rounds, 1 or more".to_string()),
    }
}

/// `cargo xtask rules-bench`: chess-rules' perft example (the release
/// profile: one codegen unit, fat LTO) against shakmaty's `perft` built
/// as published (its default features, `magics` among them), and again
/// with `variant`, in `rounds` rounds, each running every engine once,
/// back to back: each engine's rate the median of its runs, each ratio
/// the median of the rounds' ratios, with their range (a perft of
/// shakmaty's takes some 25 ms, and the machine moves between runs); with
/// `instructions`, each engine's instructions a leaf too (callgrind); then
/// chess-rules' perft of xiangqi and shogi from their starts beside it
/// (no baseline plays them).
fn rules_bench(rounds: usize, instructions: bool) -> ExitCode {
    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "5",
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4",
        ),
    ];
    let mut tools: Vec<(String, PathBuf)> = Vec::new();
    for (name, with_variant) in [
        ("shakmaty perft, as published", false),
        ("shakmaty perft, with `variant`", true),
    ] {
        match published::shakmaty_perft(with_variant) {
            Ok(binary) => tools.push((name.to_string(), binary)),
            Err(e) => {
                eprintln!("{name}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // chess-rules as the workspace ships it: the release profile (one
    // codegen unit, fat LTO).
    let status = Command::new(env!("CARGO"))
        .current_dir(repo())
        .args(["build", "-q", "--release", "-p", "chess-rules"])
        .args(["--example", "perft_bench"])
        .status()
        .expect("cargo");
    if !status.success() {
        return ExitCode::FAILURE;
    }
    let binary = repo().join("target/release/examples/perft_bench");
    tools.push(("chess-rules (rules/chess.ini), release".to_string(), binary));
    println!(
        "perft: leaves per second, the median of {rounds} rounds (each engine once a round); \
         each ratio the median of the rounds' ratios, with their range\n"
    );
    println!("| position | depth | perft | leaves/s | ÷ shakmaty as published |");
    println!("|---|---|---|---|---|");
    for (name, fen, depth) in positions {
        let mut samples = vec![Vec::new(); tools.len()];
        let mut leaves = vec![0; tools.len()];
        for _ in 0..rounds {
            for (i, (tool, binary)) in tools.iter().enumerate() {
                let output = Command::new(binary).args([fen, depth]).output();
                let text = output
                    .as_ref()
                    .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                    .unwrap_or_default();
                let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
                let (Some(Some(count)), Some(Some(ns))) = (fields.next(), fields.next()) else {
                    eprintln!("{tool}: no `leaves nanoseconds` from {}", binary.display());
                    return ExitCode::FAILURE;
                };
                leaves[i] = count;
                samples[i].push(ns.max(1));
            }
        }
        if leaves.iter().any(|&l| l != leaves[0]) {
            eprintln!("{name}: the perfts disagree: {leaves:?}");
            return ExitCode::FAILURE;
        }
        // A round's ratio: shakmaty's time over the engine's.
        let times = |i: usize| samples[i].iter().map(|&ns| ns as f64).collect::<Vec<_>>();
        for (i, (tool, _)) in tools.iter().enumerate() {
            let mut sorted = samples[i].clone();
            sorted.sort_unstable();
            let rate = leaves[0] as f64 / (sorted[sorted.len() / 2] as f64 / 1e9);
            let ratio = rounds::paired(&times(0), &times(i));
            let range = if i == 0 {
                String::new()
            } else {
                ratio.range("×")
            };
            println!(
                "| {name} | {depth} | {tool} | {:.1} M | {:.2}×{range} |",
                rate / 1e6,
                ratio.median()
            );
        }
    }
    if instructions {
        instructions_a_leaf(&tools, &positions);
    }
    // Fairy-Stockfish's variants, by chess-rules alone (release).
    let release = &tools[2].1;
    println!("\n| variant | depth | perft | leaves/s |\n|---|---|---|---|");
    for (variant, fen, depth) in [
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "4",
        ),
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            "4",
        ),
    ] {
        let mut samples = Vec::new();
        let mut leaves = 0;
        for _ in 0..rounds.min(5) {
            let output = Command::new(release).args([fen, depth, variant]).output();
            let Some(output) = output.ok().filter(|o| o.status.success()) else {
                // (Not played yet: its reason, once.)
                let why = Command::new(release).args([fen, depth, variant]).output();
                let why = why.map(|o| String::from_utf8_lossy(&o.stderr).into_owned());
                println!(
                    "| {variant} | {depth} | not played yet: {} | — |",
                    why.unwrap_or_default().trim()
                );
                break;
            };
            let text = String::from_utf8_lossy(&output.stdout).into_owned();
            let mut fields = text.split_whitespace().map(|f| f.parse::<u64>().ok());
            let (Some(Some(count)), Some(Some(ns))) = (fields.next(), fields.next()) else {
                eprintln!("{variant}: no `leaves nanoseconds`");
                return ExitCode::FAILURE;
            };
            leaves = count;
            samples.push(ns.max(1));
        }
        if !samples.is_empty() {
            samples.sort_unstable();
            let rate = leaves as f64 / (samples[samples.len() / 2] as f64 / 1e9);
            println!("| {variant} | {depth} | {leaves} | {:.1} M |", rate / 1e6);
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::{
        leaves_ratio, measured, per_leaf, replay_bench_env, rules_bench_rounds, run_copies,
    };

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| a.to_string()).collect()
    }

    /// `__measure` takes `--copies N` (one or more) before the command,
    /// and one copy without it.
    #[test]
    fn measure_takes_a_number_of_copies_first() {
        let cmd = args(&["--copies", "2", "validate", "big.pgn"]);
        assert_eq!(measured(&cmd), Some((2, "validate", &cmd[3..])));
        let cmd = args(&["validate", "--copies", "2"]);
        assert_eq!(measured(&cmd), Some((1, "validate", &cmd[1..])));
        assert_eq!(
            measured(&args(&["--copies", "1", "v"])).map(|m| m.0),
            Some(1)
        );
        for bad in [
            &["--copies", "0", "v"][..],
            &["--copies", "x", "v"],
            &["--copies", "2"],
            &[],
        ] {
            assert_eq!(measured(&args(bad)), None, "{bad:?}");
        }
    }

    /// `__measure --copies N` runs its copies at once: each waits (up to
    /// ten seconds) until every copy has started, which copies run one
    /// after another never see. One that fails fails the measure.
    #[test]
    fn copies_run_at_once_and_each_one_counts() {
        let dir = std::env::temp_dir().join(format!("xtask-copies-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let barrier = "touch \"$0/$$\"; i=0; \
                       while [ \"$(ls \"$0\" | wc -l)\" -lt 3 ]; do \
                         i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1; \
                       done";
        let script = args(&["-c", barrier, &dir.display().to_string()]);
        assert!(run_copies(3, "sh", &script));
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(run_copies(2, "true", &[]));
        assert!(!run_copies(2, "false", &[]));
        assert!(!run_copies(1, "no-such-program-here", &[]));
    }

    /// `replay-bench`'s arguments become the bench's environment; a number
    /// of rounds that is not one or more is refused.
    #[test]
    fn replay_bench_arguments_set_the_benchs_environment() {
        let only = ("REPLAY_BENCH_INTERLEAVED_ONLY", "1".to_string());
        assert_eq!(replay_bench_env(&[]), Ok(vec![only.clone()]));
        assert_eq!(
            replay_bench_env(&args(&["--data", "d", "--rounds", "3"])),
            Ok(vec![
                only,
                ("REPLAY_BENCH_ROUNDS", "3".to_string()),
                ("VERIFIED_CHESS_DATA", "d".to_string()),
            ])
        );
        for rounds in ["0", "x", "-1"] {
            assert!(
                replay_bench_env(&args(&["--rounds", rounds])).is_err(),
                "{rounds}"
            );
        }
        assert!(replay_bench_env(&args(&["--rounds", "1"])).is_ok());
    }

    /// `rules-bench --instructions`' ratios are over shakmaty's row; with
    /// no count of its own, the other rows give none.
    #[test]
    fn leaves_an_instruction_are_over_the_first_engines() {
        assert_eq!(per_leaf(1_300, 100, 20), 60.0);
        assert_eq!(per_leaf(100, 100, 0), 0.0);
        assert_eq!(leaves_ratio(Some(60.0), 240.0), "0.25×");
        assert_eq!(leaves_ratio(Some(60.0), 60.0), "1.00×");
        assert_eq!(leaves_ratio(None, 65.3), "(no count of shakmaty's)");
    }

    /// `rules-bench` runs 11 rounds unless told; a number of rounds that
    /// is not one or more is refused.
    #[test]
    fn rules_bench_rounds_are_eleven_unless_given() {
        assert_eq!(rules_bench_rounds(&[]), Ok(11));
        assert_eq!(rules_bench_rounds(&args(&["--rounds", "3"])), Ok(3));
        assert_eq!(rules_bench_rounds(&args(&["--rounds", "1"])), Ok(1));
        for rounds in ["0", "x", "-1"] {
            assert!(
                rules_bench_rounds(&args(&["--rounds", rounds])).is_err(),
                "{rounds}"
            );
        }
    }
}
