//! `cargo xtask compile-parts`: where the instructions of a dev-profile
//! rebuild go, part by part, for the two macros with goals against a
//! floor — the TWIC games as `game!` calls (1,106; 300 with `--quick`)
//! against the null macro reading the same tokens, `include_pgn!` of the
//! TWIC file against `include_str!` of it (the crates `compile-bench`
//! generates, `--quick` its quick ones) — and what the goal leaves the
//! macro beside the compiler's own work. Beside them, shakmaty's own SAN
//! replay of the same games, built as published in the dev profile (as
//! a dev build compiles a proc macro's dependencies) and in release: what
//! any verifier that plays the moves with shakmaty pays for them.
//!
//! The parts are callgrind's counts of the compiler run, by function
//! (`callgrind::Profile`): a stage's entry with all it calls, and every
//! call from chess-core into shakmaty.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use chess_core::{Options, Source, verify};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, EnPassantMode};

use crate::compile_bench::{cargo, compiler_command, generate, mainlines};
use crate::published::{self, Build};
use crate::{callgrind, check_args, data_dir, repo};

/// A macro measured against its floor.
struct Case {
    label: &'static str,
    krate: &'static str,
    floor_label: &'static str,
    floor: &'static str,
    /// The goal: at most this many times the floor's instructions.
    goal: f64,
    /// The macro's entry in chess-core.
    entry: &'static str,
}

const CASES: [Case; 2] = [
    Case {
        label: "game! calls",
        krate: "bench-verified",
        floor_label: "the null macro",
        floor: "bench-null",
        goal: 2.0,
        entry: "chess_core::expand::game",
    },
    Case {
        label: "include_pgn! of the TWIC file",
        krate: "bench-include-pgn-twic",
        floor_label: "include_str!",
        floor: "bench-include-str-twic",
        goal: 2.5,
        entry: "chess_core::expand::include_pgn",
    },
];

/// The stages of an expansion: a label and the functions whose calls,
/// with all they run, make it up (none inside another).
const STAGES: [(&str, &[&str]); 4] = [
    (
        "tokens to text",
        &[
            "chess_core::input::tokens::printed",
            "chess_core::input::tokens::render",
        ],
    ),
    (
        "reading",
        &[
            "chess_core::syntax::express::whole_game",
            "<chess_core::syntax::parser::Parser as core::iter::traits::iterator::Iterator>::next",
        ],
    ),
    ("replay", &["chess_core::replay::walk::walk"]),
    ("writing the value", &["chess_core::emit::game_expr"]),
];

/// `n` in millions, as the report writes it.
fn millions(n: u64) -> String {
    format!("{:.0} M", n as f64 / 1e6)
}

pub(crate) fn compile_parts(args: &[String]) -> ExitCode {
    if let Err(code) = check_args(args, &["--quick"], &["--data"]) {
        return code;
    }
    // `--quick`: compile-bench's quick crates (300 games, the 100k files).
    let (limit, twic_file, lichess_file) = if args.iter().any(|a| a == "--quick") {
        (300, "twic1599_100k.pgn", "lichess_db_100k.pgn")
    } else {
        (usize::MAX, "twic1599_1000k.pgn", "lichess_db_1000k.pgn")
    };
    let flag = args
        .iter()
        .position(|a| a == "--data")
        .and_then(|i| args.get(i + 1));
    let data = data_dir(flag.map(String::as_str));
    let games = mainlines(&data.join("twic1599_1000k.pgn"), limit);
    let twic = data.join(twic_file);
    let plies: usize = games.iter().map(|(_, p)| p).sum();
    let ws = repo().join("target/compile-bench");
    // The same workspace as compile-bench's, so that neither rebuilds the
    // other's dependencies.
    generate(
        &ws,
        &games,
        &[("twic", twic.clone()), ("lichess", data.join(lichess_file))],
    );
    eprintln!("building dependencies (dev) ...");
    let built = cargo(&ws, &[], &["build", "-q", "--workspace"]).status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("building the benchmark workspace failed");
        return ExitCode::FAILURE;
    }
    let profile = |krate: &str| {
        let command = compiler_command(&ws, &[], krate)?;
        callgrind::profile("sh", &["-c", &command], &ws)
    };
    let (san, san_plies) = san_lines(&twic);
    let san_file = ws.join("twic.san");
    if let Err(e) = std::fs::write(&san_file, san) {
        eprintln!("{}: {e}", san_file.display());
        return ExitCode::FAILURE;
    }
    println!(
        "where a dev-profile rebuild's instructions go (callgrind, by function): {} game! calls of twic1599_1000k.pgn's games, include_pgn! of {twic_file}\n",
        games.len()
    );
    // `include_pgn!` takes every game of the file, moves after a draw
    // allowed.
    let file_plies = file_plies(&twic);
    for case in &CASES {
        let (Some(rebuild), Some(floor)) = (profile(case.krate), profile(case.floor)) else {
            eprintln!("no profile of {}: is valgrind installed?", case.krate);
            return ExitCode::FAILURE;
        };
        let plies = if case.krate == "bench-verified" {
            plies
        } else {
            file_plies
        };
        print!(
            "{}",
            report(case, &Parts::of(case, &rebuild, &floor), plies)
        );
    }
    println!(
        "shakmaty's own SAN replay (`san_replay.rs`) of the {san_plies} plies of {twic_file}'s games from the start position, built as published:"
    );
    for (name, build) in [
        ("dev profile (as a proc macro's dependencies)", Build::Dev),
        ("release", Build::Release),
    ] {
        match san_replay(build, &san_file) {
            Ok(n) => println!(
                "  {name:<46} {:>8}, {:.0} a ply",
                millions(n),
                n as f64 / san_plies as f64
            ),
            Err(e) => {
                eprintln!("shakmaty's SAN replay ({name}): {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// One case's parts, in instructions.
#[derive(Debug, PartialEq)]
struct Parts<'a> {
    /// The whole rebuild, and its floor's.
    total: u64,
    floor: u64,
    /// The goal's instructions: `goal` times the floor's.
    budget: u64,
    /// The macro's expansions, with all they call; the compiler's own
    /// work is the rest of the rebuild.
    expansion: u64,
    compiler: u64,
    /// Each stage's share of the expansions, and what no stage holds.
    stages: Vec<(&'static str, u64)>,
    rest: u64,
    /// The calls from chess-core into shakmaty, by function, costliest
    /// first.
    shakmaty: Vec<(&'a str, u64)>,
    /// What the goal leaves the macro beside the compiler's own work.
    left: u64,
}

impl<'a> Parts<'a> {
    fn of(case: &Case, rebuild: &'a callgrind::Profile, floor: &callgrind::Profile) -> Self {
        let expansion = rebuild.inclusive(case.entry);
        let compiler = rebuild.total.saturating_sub(expansion);
        let stages: Vec<(&'static str, u64)> = STAGES
            .iter()
            .map(|(stage, functions)| {
                (*stage, functions.iter().map(|f| rebuild.inclusive(f)).sum())
            })
            .collect();
        let staged: u64 = stages.iter().map(|(_, n)| n).sum();
        let budget = (case.goal * floor.total as f64) as u64;
        Parts {
            total: rebuild.total,
            floor: floor.total,
            budget,
            expansion,
            compiler,
            stages,
            rest: expansion.saturating_sub(staged),
            shakmaty: rebuild.entered("chess_core::", "shakmaty::"),
            left: budget.saturating_sub(compiler),
        }
    }
}

/// One case's parts and what its goal leaves the macro, as the task
/// prints them.
fn report(case: &Case, parts: &Parts, plies: usize) -> String {
    let mut out = String::new();
    let per_ply = |n: u64| n as f64 / plies as f64;
    let _ = writeln!(
        out,
        "{} ({plies} plies): {} ({} {}, {:.2}x; goal {:.1}x = {})",
        case.label,
        millions(parts.total),
        case.floor_label,
        millions(parts.floor),
        parts.total as f64 / parts.floor as f64,
        case.goal,
        millions(parts.budget)
    );
    let _ = writeln!(
        out,
        "  {:<44} {:>8}",
        "the compiler's own work",
        millions(parts.compiler)
    );
    let _ = writeln!(
        out,
        "  {:<44} {:>8}, {:.0} a ply",
        "the macro",
        millions(parts.expansion),
        per_ply(parts.expansion)
    );
    for (stage, n) in &parts.stages {
        let _ = writeln!(out, "    {stage:<42} {:>8}", millions(*n));
    }
    let _ = writeln!(out, "    {:<42} {:>8}", "the rest", millions(parts.rest));
    let shakmaty: u64 = parts.shakmaty.iter().map(|(_, n)| n).sum();
    let _ = writeln!(
        out,
        "    {:<42} {:>8}, {:.0} a ply",
        "of all these, in shakmaty",
        millions(shakmaty),
        per_ply(shakmaty)
    );
    for (function, n) in parts.shakmaty.iter().take(3) {
        let _ = writeln!(out, "      {:<40} {:>8}", short(function), millions(*n));
    }
    let _ = writeln!(
        out,
        "  the goal leaves the macro {} beside the compiler's own work: {:.0} a ply\n",
        millions(parts.left),
        per_ply(parts.left)
    );
    out
}

/// A function's name without its path: `<shakmaty::position::Chess as
/// shakmaty::position::Position>::play_unchecked` is `play_unchecked`,
/// `shakmaty::board::Board::attacks_to` is `Board::attacks_to`.
fn short(function: &str) -> &str {
    let parts: Vec<usize> = function.match_indices("::").map(|(i, _)| i).collect();
    match parts.as_slice() {
        [.., before, last] if !function[..*last].ends_with('>') => &function[before + 2..],
        [.., last] => &function[last + 2..],
        [] => function,
    }
}

/// The plies of every game of `path`, moves after a draw allowed.
fn file_plies(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let source = Source::text(text, None, None);
    let options = Options {
        moves_after_draw: true,
        ..Options::default()
    };
    verify(&source, options)
        .filter_map(Result::ok)
        .map(|game| game.moves.len())
        .sum()
}

/// The SAN of the verified games of `path` that start from the standard
/// position, one game a line, and their plies.
fn san_lines(path: &Path) -> (String, usize) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let source = Source::text(text, None, None);
    let start = Fen::from_position(&Chess::default(), EnPassantMode::Legal).to_string();
    let (mut lines, mut plies) = (String::new(), 0);
    for game in verify(&source, Options::default()).filter_map(Result::ok) {
        if Fen::from_position(&game.start, EnPassantMode::Legal).to_string() != start {
            continue;
        }
        let mut pos = game.start.clone();
        for &m in &game.moves {
            lines.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
            lines.push(' ');
        }
        lines.push('\n');
        plies += game.moves.len();
    }
    (lines, plies)
}

/// The instructions of one round of shakmaty's SAN replay of `file`,
/// built as `build` says: a run with one round less a run with none (so
/// that reading the file is not counted).
fn san_replay(build: Build, file: &Path) -> Result<u64, String> {
    let program = published::shakmaty_san(build)?;
    let (program, file) = (program.display().to_string(), file.display().to_string());
    // The program replays once for each line on its input.
    let one = format!("echo | '{program}' '{file}' > /dev/null");
    let none = format!("'{program}' '{file}' < /dev/null > /dev/null");
    let count = |command: &str| {
        callgrind::instructions("sh", &["-c", command], None)
            .ok_or_else(|| "no count: is valgrind installed?".to_string())
    };
    Ok(count(&one)?.saturating_sub(count(&none)?))
}

#[cfg(test)]
mod tests {
    use super::{CASES, Parts, millions, short};
    use crate::callgrind::Profile;

    /// A rebuild of 1,000 instructions whose macro (600) reads for 100,
    /// replays for 300 (shakmaty 200 of it, and 20 more from the value)
    /// and writes the value for 150; its floor 200, with a goal of 2.5x.
    #[test]
    fn a_case_is_split_into_its_parts() {
        let rebuild = Profile::read(
            "summary: 1000\n\
             fn=(1) chess_core::expand::include_pgn\n0 30\n\
             cfn=(2) <chess_core::syntax::parser::Parser as core::iter::traits::iterator::Iterator>::next\ncalls=1 0\n0 100\n\
             cfn=(3) chess_core::replay::walk::walk\ncalls=1 0\n0 300\n\
             cfn=(4) chess_core::emit::game_expr\ncalls=1 0\n0 150\n\
             cfn=(5) alloc::vec::Vec::push\ncalls=1 0\n0 20\n\
             fn=(2)\n0 100\n\
             fn=(3)\n0 100\ncfn=(6) shakmaty::Chess::play\ncalls=1 0\n0 200\n\
             fn=(4)\n0 130\ncfn=(7) shakmaty::San::from_move\ncalls=1 0\n0 20\n",
        );
        let floor = Profile::read("summary: 200\n");
        let parts = Parts::of(&CASES[1], &rebuild, &floor);
        assert_eq!(
            parts,
            Parts {
                total: 1000,
                floor: 200,
                budget: 500,
                expansion: 600,
                compiler: 400,
                stages: vec![
                    ("tokens to text", 0),
                    ("reading", 100),
                    ("replay", 300),
                    ("writing the value", 150),
                ],
                rest: 50,
                shakmaty: vec![
                    ("shakmaty::Chess::play", 200),
                    ("shakmaty::San::from_move", 20)
                ],
                left: 100,
            }
        );
    }

    /// A game from the start, one from a set-up position and one that
    /// goes on after a dead position (read only with moves after a draw
    /// allowed).
    #[test]
    fn the_files_plies_and_the_sans_from_the_start() {
        let path = std::env::temp_dir().join(format!("compile-parts-{}.pgn", std::process::id()));
        std::fs::write(
            &path,
            "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
             [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n\n\
             [SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/4K3/7B w - - 0 1\"]\n\n1. Bd5 Kxd5 2. Kd3 1/2-1/2\n",
        )
        .expect("a file");
        let (plies, (sans, san_plies)) = (super::file_plies(&path), super::san_lines(&path));
        std::fs::remove_file(&path).expect("removed");
        assert_eq!(plies, 4 + 2 + 3);
        assert_eq!((sans.as_str(), san_plies), ("e4 e5 Nf3 Nc6 \n", 4));
    }

    /// The report of a case's parts: each line's figures, in millions
    /// and a ply.
    #[test]
    fn a_case_is_reported_part_by_part() {
        let parts = Parts {
            total: 1_207_000_000,
            floor: 133_000_000,
            budget: 333_000_000,
            expansion: 1_128_000_000,
            compiler: 79_000_000,
            stages: vec![("reading", 279_000_000), ("replay", 607_000_000)],
            rest: 242_000_000,
            shakmaty: vec![
                (
                    "<shakmaty::position::Chess as shakmaty::position::Position>::play_unchecked",
                    204_000_000,
                ),
                ("shakmaty::board::Board::attacks_to", 52_000_000),
            ],
            left: 254_000_000,
        };
        let report = super::report(&CASES[1], &parts, 100_000);
        let lines: Vec<&str> = report.lines().map(str::trim_end).collect();
        assert_eq!(
            lines,
            [
                "include_pgn! of the TWIC file (100000 plies): 1207 M (include_str! 133 M, 9.08x; goal 2.5x = 333 M)",
                "  the compiler's own work                          79 M",
                "  the macro                                      1128 M, 11280 a ply",
                "    reading                                       279 M",
                "    replay                                        607 M",
                "    the rest                                      242 M",
                "    of all these, in shakmaty                     256 M, 2560 a ply",
                "      play_unchecked                              204 M",
                "      Board::attacks_to                            52 M",
                "  the goal leaves the macro 254 M beside the compiler's own work: 2540 a ply",
                "",
            ]
        );
    }

    #[test]
    fn counts_are_written_in_millions() {
        assert_eq!(millions(1_627_500_001), "1628 M");
        assert_eq!(millions(499_999), "0 M");
    }

    #[test]
    fn a_function_is_named_without_its_path() {
        assert_eq!(
            short("<shakmaty::position::Chess as shakmaty::position::Position>::play_unchecked"),
            "play_unchecked"
        );
        assert_eq!(
            short("shakmaty::board::Board::attacks_to"),
            "Board::attacks_to"
        );
        assert_eq!(short("main"), "main");
    }
}
