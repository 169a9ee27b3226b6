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
        report(case, &rebuild, &floor, plies);
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

/// Prints one case's parts and what its goal leaves the macro.
fn report(case: &Case, rebuild: &callgrind::Profile, floor: &callgrind::Profile, plies: usize) {
    let expansion = rebuild.inclusive(case.entry);
    let compiler = rebuild.total.saturating_sub(expansion);
    println!(
        "{} ({plies} plies): {} ({} {}, {:.2}x; goal {:.1}x = {})",
        case.label,
        millions(rebuild.total),
        case.floor_label,
        millions(floor.total),
        rebuild.total as f64 / floor.total as f64,
        case.goal,
        millions((case.goal * floor.total as f64) as u64)
    );
    println!(
        "  {:<44} {:>8}",
        "the compiler's own work",
        millions(compiler)
    );
    println!(
        "  {:<44} {:>8}, {:.0} a ply",
        "the macro",
        millions(expansion),
        expansion as f64 / plies as f64
    );
    let mut staged = 0;
    for (stage, functions) in STAGES {
        let n: u64 = functions.iter().map(|f| rebuild.inclusive(f)).sum();
        staged += n;
        println!("    {stage:<42} {:>8}", millions(n));
    }
    println!(
        "    {:<42} {:>8}",
        "the rest",
        millions(expansion.saturating_sub(staged))
    );
    let entered = rebuild.entered("chess_core::", "shakmaty::");
    let shakmaty: u64 = entered.iter().map(|(_, n)| n).sum();
    println!(
        "    {:<42} {:>8}, {:.0} a ply",
        "of all these, in shakmaty",
        millions(shakmaty),
        shakmaty as f64 / plies as f64
    );
    for (function, n) in entered.iter().take(3) {
        println!("      {:<40} {:>8}", short(function), millions(*n));
    }
    let budget = (case.goal * floor.total as f64) as u64;
    let left = budget.saturating_sub(compiler);
    println!(
        "  the goal leaves the macro {} beside the compiler's own work: {:.0} a ply\n",
        millions(left),
        left as f64 / plies as f64
    );
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
    use super::short;

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
