//! `cargo xtask compile-bench` measures what `game!` costs a crate that embeds
//! many games: it generates throwaway crates from the master games of
//! `twic1599_1000k.pgn` and times a rebuild of each (dependencies already
//! built; median of several runs; wall time and peak memory):
//!
//! * `strings`: every game's movetext as a `&str` constant;
//! * `null`: the same `game! { … }` invocations expanded by a proc macro that
//!   only counts the tokens (reached through a `macro_rules!` wrapper like
//!   the real one) — the cost any token-form macro pays;
//! * `null-game`: the same invocations expanded by a null macro that
//!   writes the value `game!` writes for each (made beforehand), with no
//!   chess at all — what the compiler pays for the values themselves;
//! * `verified`: the same invocations through verified-chess's `game!`;
//!
//! and `include_str!` against `include_pgn!` of the TWIC and lichess files,
//! each in the default dev profile and with
//! `[profile.dev.build-override] opt-level = 3`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use chess_core::{Options, Source, expand, testing, verify};

use crate::{USAGE, callgrind, check_args, data_dir, repo, rounds};

/// The strict-legal mainlines of a PGN file as macro input, with their plies.
pub(crate) fn mainlines(path: &Path, limit: usize) -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (set VERIFIED_CHESS_DATA or --data)",
            path.display()
        )
    });
    let source = Source::text(text, None, None);
    verify(&source, Options::default())
        .filter_map(Result::ok)
        .take(limit)
        .map(|v| (testing::token_text(&v.start, &v.moves), v.moves.len()))
        .collect()
}

/// Game `i` of the variant benchmark: a random game of the variant whose
/// turn it is, `plies` long where the variant's random games last that
/// long, that `game!` verifies; its tokens (`#![variant(…)]` first) and
/// length.
fn variant_game(i: usize, plies: usize) -> (String, usize) {
    use shakmaty::variant::Variant;
    const VARIANTS: [(Variant, &str); 7] = [
        (Variant::Crazyhouse, "crazyhouse"),
        (Variant::Atomic, "atomic"),
        (Variant::Antichess, "antichess"),
        (Variant::KingOfTheHill, "king_of_the_hill"),
        (Variant::ThreeCheck, "three_check"),
        (Variant::Horde, "horde"),
        (Variant::RacingKings, "racing_kings"),
    ];
    let (variant, name) = VARIANTS[i % VARIANTS.len()];
    let mut seed = i as u64 * 1000;
    loop {
        let (start, moves) = testing::variant_game(variant, plies, seed);
        let text = format!(
            "#![variant({name})] {}",
            testing::token_text(&start, &moves)
        );
        let input: proc_macro2::TokenStream = format!("$crate; {text}").parse().expect("tokens");
        if expand::try_game(input).is_ok() {
            return (text, moves.len());
        }
        // A random game may repeat a position five times: another one.
        seed += 1000;
    }
}

/// A null proc macro crate `{name}-macro` whose source is `items` after
/// the token count every null macro makes (a group counts as one, plus
/// its own tokens), and the crate `name` that reaches its `game_impl!`
/// through a `macro_rules!` wrapper like verified-chess's.
fn null_macro(ws: &Path, name: &str, items: &str) {
    let krate = format!("{name}-macro");
    write(
        &ws.join(&krate).join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{krate}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[lib]\nproc-macro = true\n"
        ),
    );
    write(
        &ws.join(&krate).join("src/lib.rs"),
        &format!(
            r#"use proc_macro::{{TokenStream, TokenTree}};

fn count(stream: TokenStream) -> usize {{
    stream
        .into_iter()
        .map(|tt| match tt {{
            TokenTree::Group(g) => 1 + count(g.stream()),
            _ => 1,
        }})
        .sum()
}}

{items}"#
        ),
    );
    lib_crate(
        ws,
        name,
        &format!("{krate} = {{ path = \"../{krate}\" }}\n"),
        &format!(
            "#[doc(hidden)]\npub use {}::game_impl;\n\n#[macro_export]\nmacro_rules! game {{\n    ($($input:tt)*) => {{ $crate::game_impl! {{ $crate; $($input)* }} }};\n}}\n",
            krate.replace('-', "_")
        ),
    );
}

/// The tokens of `stream` counted as the null macros count them.
fn count_tokens(stream: proc_macro2::TokenStream) -> usize {
    stream
        .into_iter()
        .map(|tt| match tt {
            proc_macro2::TokenTree::Group(g) => 1 + count_tokens(g.stream()),
            _ => 1,
        })
        .sum()
}

fn write(path: &Path, contents: &str) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("directory");
    }
    std::fs::write(path, contents).expect("write");
}

fn lib_crate(ws: &Path, name: &str, deps: &str, lib: &str) {
    write(
        &ws.join(name).join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n{deps}"
        ),
    );
    write(&ws.join(name).join("src/lib.rs"), lib);
}

pub(crate) struct Bench {
    pub(crate) krate: &'static str,
    label: String,
}

pub(crate) fn generate(
    ws: &Path,
    games: &[(String, usize)],
    includes: &[(&str, PathBuf)],
) -> Vec<Bench> {
    let repo = repo();
    let facade = format!(
        "verified-chess = {{ path = {:?}, features = [\"macros\"] }}\n",
        repo.display().to_string()
    );
    let mut members = vec!["null-macro", "null", "null-game-macro", "null-game"];

    // The null macro: counts the tokens, returns a constant.
    null_macro(
        ws,
        "null",
        r#"#[proc_macro]
pub fn game_impl(input: TokenStream) -> TokenStream {
    format!("{}usize", count(input)).parse().unwrap()
}
"#,
    );

    // The floor: a null macro that counts the same tokens and writes the
    // `Game` that `game!` writes for the call, taken from a list made
    // here, doing no chess at all: what the compiler pays for the values
    // themselves. The calls expand in order; each entry holds its call's
    // token count (`$crate ;` aside), which the macro checks.
    let mut values = String::from("const VALUES: &[(usize, &str)] = &[\n");
    for (text, _) in games {
        let tokens: proc_macro2::TokenStream = text.parse().expect("tokens");
        let input: proc_macro2::TokenStream =
            format!("::verified_chess; {text}").parse().expect("tokens");
        let Ok(value) = expand::try_game(input) else {
            panic!("game! refuses a game of the benchmark: {text}");
        };
        let _ = writeln!(
            values,
            "    ({}, {:?}),",
            count_tokens(tokens),
            value.to_string()
        );
    }
    values.push_str("];\n");
    null_macro(
        ws,
        "null-game",
        &format!(
            r#"use std::sync::atomic::{{AtomicUsize, Ordering}};

{values}
static NEXT: AtomicUsize = AtomicUsize::new(0);

#[proc_macro]
pub fn game_impl(input: TokenStream) -> TokenStream {{
    let (tokens, value) = VALUES[NEXT.fetch_add(1, Ordering::Relaxed)];
    assert_eq!(count(input), tokens + 2, "the calls expand out of order");
    value.parse().unwrap()
}}
"#
        ),
    );

    let mut strings = String::new();
    let mut null = String::new();
    let mut null_game = String::new();
    let mut verified = String::new();
    for (i, (text, _)) in games.iter().enumerate() {
        let _ = writeln!(strings, "pub const G{i}: &str = {:?};", text.trim());
        let _ = writeln!(null, "pub const G{i}: usize = null::game! {{ {text} }};");
        let _ = writeln!(
            null_game,
            "pub const G{i}: verified_chess::Game = null_game::game! {{ {text} }};"
        );
        let _ = writeln!(
            verified,
            "pub const G{i}: verified_chess::Game = verified_chess::game! {{ {text} }};"
        );
    }
    // The same games under chess written as a rules file: the custom-rules
    // engine's cost against the built-in rules'.
    let mut custom = String::new();
    for (i, (text, _)) in games.iter().enumerate() {
        let _ = writeln!(
            custom,
            "pub const G{i}: verified_chess::CustomGame = verified_chess::game! {{ #![rules(\"chess.ini\")] {text} }};"
        );
    }
    // Games of the seven variants (in turn), each as long as the standard
    // game in its place: a variant's cost against standard chess's.
    let mut variants = String::new();
    let mut variant_plies = 0;
    for (i, (_, plies)) in games.iter().enumerate() {
        let (text, length) = variant_game(i, *plies);
        variant_plies += length;
        let _ = writeln!(
            variants,
            "pub const G{i}: verified_chess::Game = verified_chess::game! {{ {text} }};"
        );
    }
    lib_crate(ws, "bench-variants", &facade, &variants);
    lib_crate(ws, "bench-strings", "", &strings);
    lib_crate(ws, "bench-null", "null = { path = \"../null\" }\n", &null);
    lib_crate(
        ws,
        "bench-null-game",
        &format!("null-game = {{ path = \"../null-game\" }}\n{facade}"),
        &null_game,
    );
    lib_crate(ws, "bench-verified", &facade, &verified);
    lib_crate(ws, "bench-custom", &facade, &custom);
    std::fs::copy(
        repo.join("chess-rules/rules/chess.ini"),
        ws.join("bench-custom/chess.ini"),
    )
    .expect("copy chess.ini");
    members.extend([
        "bench-strings",
        "bench-null",
        "bench-null-game",
        "bench-verified",
        "bench-custom",
        "bench-variants",
    ]);
    let plies: usize = games.iter().map(|(_, p)| p).sum();
    let mut benches = vec![
        Bench {
            krate: "bench-strings",
            label: format!("{} games as &str constants", games.len()),
        },
        Bench {
            krate: "bench-null",
            label: format!("{} game! calls, null macro ({plies} plies)", games.len()),
        },
        Bench {
            krate: "bench-null-game",
            label: format!("{} calls, null macro writing game!'s values", games.len()),
        },
        Bench {
            krate: "bench-verified",
            label: format!("{} game! calls, verified-chess", games.len()),
        },
        Bench {
            krate: "bench-custom",
            label: format!("{} game! calls under rules/chess.ini", games.len()),
        },
        Bench {
            krate: "bench-variants",
            label: format!(
                "{} game! calls, seven variants ({variant_plies} plies)",
                games.len()
            ),
        },
    ];

    for (tag, path) in includes {
        let file = path
            .file_name()
            .expect("file name")
            .to_string_lossy()
            .to_string();
        let str_crate: &'static str =
            Box::leak(format!("bench-include-str-{tag}").into_boxed_str());
        let pgn_crate: &'static str =
            Box::leak(format!("bench-include-pgn-{tag}").into_boxed_str());
        for krate in [str_crate, pgn_crate] {
            std::fs::create_dir_all(ws.join(krate)).expect("directory");
            std::fs::copy(path, ws.join(krate).join(&file)).expect("copy the PGN file");
        }
        lib_crate(
            ws,
            str_crate,
            "",
            &format!("pub const PGN: &str = include_str!(\"../{file}\");\n"),
        );
        lib_crate(
            ws,
            pgn_crate,
            &facade,
            &format!(
                "pub static GAMES: &[verified_chess::Game] = verified_chess::include_pgn!(#![allow(moves_after_draw)] \"{file}\");\n"
            ),
        );
        members.extend([str_crate, pgn_crate]);
        benches.push(Bench {
            krate: str_crate,
            label: format!("include_str!(\"{file}\")"),
        });
        benches.push(Bench {
            krate: pgn_crate,
            label: format!("include_pgn!(\"{file}\")"),
        });
        if *tag == "lichess" {
            // Every lichess game has a clock comment on every move: what
            // keeping only the main line saves.
            let krate = "bench-include-pgn-lichess-dropped";
            std::fs::create_dir_all(ws.join(krate)).expect("directory");
            std::fs::copy(path, ws.join(krate).join(&file)).expect("copy the PGN file");
            lib_crate(
                ws,
                krate,
                &facade,
                &format!(
                    "pub static GAMES: &[verified_chess::Game] = verified_chess::include_pgn!(#![allow(moves_after_draw)] #![annotations(drop)] \"{file}\");\n"
                ),
            );
            members.push(krate);
            benches.push(Bench {
                krate,
                label: format!("include_pgn!(#![annotations(drop)] \"{file}\")"),
            });
        }
    }

    let members: Vec<String> = members.iter().map(|m| format!("{m:?}")).collect();
    write(
        &ws.join("Cargo.toml"),
        &format!(
            "[workspace]\nmembers = [{}]\nresolver = \"3\"\n",
            members.join(", ")
        ),
    );
    // Use the repository's dependency versions.
    let _ = std::fs::copy(repo.join("Cargo.lock"), ws.join("Cargo.lock"));
    benches
}

#[derive(Clone, Copy)]
struct Sample {
    wall: Duration,
    rss_kb: u64,
}

pub(crate) fn cargo(ws: &Path, profile: &[&str], args: &[&str]) -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(ws)
        .env("CARGO_TARGET_DIR", ws.join("target"))
        .args(args)
        .args(profile);
    cmd
}

/// Rewrites the crate's `lib.rs` so that cargo rebuilds it (and only it).
fn touch(ws: &Path, krate: &str) {
    let lib = ws.join(krate).join("src/lib.rs");
    let text = std::fs::read(&lib).expect("lib.rs");
    std::fs::write(&lib, text).expect("touch lib.rs");
}

fn rebuild(ws: &Path, profile: &[&str], krate: &str) -> Sample {
    touch(ws, krate);
    let cargo_path = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut args = vec![
        "__measure".to_string(),
        cargo_path,
        "build".into(),
        "-q".into(),
        "-p".into(),
        krate.into(),
    ];
    args.extend(profile.iter().map(|s| s.to_string()));
    let out = Command::new(std::env::current_exe().expect("xtask"))
        .args(&args)
        .current_dir(ws)
        .env("CARGO_TARGET_DIR", ws.join("target"))
        .output()
        .expect("measure");
    assert!(
        out.status.success(),
        "building {krate} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8_lossy(&out.stdout);
    let mut fields = line
        .split_whitespace()
        .map(|f| f.parse::<u64>().unwrap_or(0));
    Sample {
        wall: Duration::from_millis(fields.next().unwrap_or(0)),
        rss_kb: fields.next().unwrap_or(0),
    }
}

/// The instructions the compiler executes to rebuild `krate`, counted by
/// callgrind (`None` if valgrind is missing or the count cannot be read).
/// The compiler command, with its environment, is the one cargo prints
/// with `-vv`, run from the workspace directory as cargo runs it.
fn instructions(ws: &Path, profile: &[&str], krate: &str) -> Option<u64> {
    let command = compiler_command(ws, profile, krate)?;
    // The command starts with its environment (`KEY=value … rustc …`): the
    // shell runs it, and callgrind follows the shell into the compiler.
    callgrind::instructions("sh", &["-c", &command], Some(ws))
}

/// The compiler command that rebuilds `krate`, with its environment, as
/// cargo prints it with `-vv` (to be run from the workspace directory by
/// a shell, as cargo runs it).
pub(crate) fn compiler_command(ws: &Path, profile: &[&str], krate: &str) -> Option<String> {
    touch(ws, krate);
    let out = cargo(ws, profile, &["build", "-vv", "-p", krate])
        .output()
        .ok()?;
    let log = String::from_utf8_lossy(&out.stderr);
    let crate_name = format!("--crate-name {}", krate.replace('-', "_"));
    let command = log
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Running `"))
        .rfind(|c| c.contains(&crate_name))?
        .trim_end_matches('`');
    Some(command.to_string())
}

fn median(mut samples: Vec<Sample>) -> Sample {
    samples.sort_by_key(|s| s.wall);
    let wall = samples[samples.len() / 2].wall;
    let mut rss: Vec<u64> = samples.iter().map(|s| s.rss_kb).collect();
    rss.sort_unstable();
    Sample {
        wall,
        rss_kb: rss[rss.len() / 2],
    }
}

pub(crate) fn compile_bench(args: &[String]) -> ExitCode {
    if let Err(code) = check_args(args, &["--quick", "--instructions"], &["--runs", "--data"]) {
        return code;
    }
    let quick = args.iter().any(|a| a == "--quick");
    let count_instructions = args.iter().any(|a| a == "--instructions");
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let runs: usize = match flag("--runs").map(str::parse) {
        None => {
            if quick {
                1
            } else {
                5
            }
        }
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("`--runs` takes a number of rounds, 1 or more\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let data = data_dir(flag("--data"));
    let (limit, twic, lichess) = if quick {
        (300, "twic1599_100k.pgn", "lichess_db_100k.pgn")
    } else {
        (usize::MAX, "twic1599_1000k.pgn", "lichess_db_1000k.pgn")
    };
    let games = mainlines(&data.join("twic1599_1000k.pgn"), limit);
    let plies: usize = games.iter().map(|(_, p)| p).sum();
    let ws = repo().join("target/compile-bench");
    let benches = generate(
        &ws,
        &games,
        &[("twic", data.join(twic)), ("lichess", data.join(lichess))],
    );

    let profiles: [(&str, &[&str]); 2] = [
        ("dev", &[]),
        (
            "dev + build-override opt-level 3",
            &["--config", "profile.dev.build-override.opt-level=3"],
        ),
    ];
    println!(
        "compile-time benchmark: {} games, {plies} plies from twic1599_1000k.pgn; median of {runs} rebuild{}\n",
        games.len(),
        if runs == 1 { "" } else { "s" }
    );
    for (name, profile) in profiles {
        if !measure_profile(&ws, name, profile, &benches, runs, count_instructions) {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Builds the workspace in `profile` (named `name`), then rebuilds each
/// bench `runs` times in rounds and prints the medians and the ratios
/// (and each rebuild's instructions with `count_instructions`); `false`
/// if the workspace does not build.
fn measure_profile(
    ws: &Path,
    name: &str,
    profile: &[&str],
    benches: &[Bench],
    runs: usize,
    count_instructions: bool,
) -> bool {
    eprintln!("building dependencies ({name}) ...");
    let status = cargo(ws, profile, &["build", "-q", "--workspace"])
        .status()
        .expect("cargo");
    if !status.success() {
        eprintln!("building the benchmark workspace failed");
        return false;
    }
    println!("{name}:");
    // One unmeasured rebuild each: a `-p` build may differ from the
    // `--workspace` one in features and rebuild a dependency.
    for bench in benches {
        rebuild(ws, profile, bench.krate);
    }
    // Rounds over all crates, so that a slow spell of a shared machine
    // falls on every crate alike rather than on one.
    let mut samples: Vec<Vec<Sample>> = vec![Vec::with_capacity(runs); benches.len()];
    for _ in 0..runs {
        for (bench, samples) in benches.iter().zip(&mut samples) {
            samples.push(rebuild(ws, profile, bench.krate));
        }
    }
    let mut results = Vec::new();
    for (bench, samples) in benches.iter().zip(&samples) {
        let m = median(samples.clone());
        println!(
            "  {:<50} {:>7.2} s {:>8.1} MB",
            bench.label,
            m.wall.as_secs_f64(),
            m.rss_kb as f64 / 1024.0
        );
        results.push((bench.krate, m, samples));
    }
    let get = |k: &str| results.iter().find(|(n, ..)| *n == k);
    // Time ratios are the median of the rounds' ratios (each round's
    // crates were built back to back).
    let ratio = |a_name: &str, b_name: &str| {
        let (Some((_, a, a_runs)), Some((_, b, b_runs))) = (get(a_name), get(b_name)) else {
            return;
        };
        let wall =
            |runs: &[Sample]| -> Vec<f64> { runs.iter().map(|m| m.wall.as_secs_f64()).collect() };
        let time = rounds::paired(&wall(a_runs), &wall(b_runs));
        println!(
            "  {a_name} / {b_name}: {:.2}x time{}, {:.2}x peak memory",
            time.median(),
            time.range("x"),
            a_over_b(a.rss_kb as f64, b.rss_kb as f64)
        );
    };
    if count_instructions {
        print_instructions(ws, profile, benches);
    }
    ratio("bench-verified", "bench-null");
    ratio("bench-null-game", "bench-null");
    ratio("bench-verified", "bench-null-game");
    ratio("bench-null", "bench-strings");
    ratio("bench-custom", "bench-verified");
    ratio("bench-variants", "bench-verified");
    for tag in ["twic", "lichess"] {
        let (s, p) = (
            format!("bench-include-str-{tag}"),
            format!("bench-include-pgn-{tag}"),
        );
        if let (Some((_, a, _)), Some((_, b, _))) = (get(&p), get(&s)) {
            println!(
                "  include_pgn! / include_str! ({tag}): {:.2} s vs {:.2} s, +{:.2} s, {:.2}x peak memory",
                a.wall.as_secs_f64(),
                b.wall.as_secs_f64(),
                a.wall.as_secs_f64() - b.wall.as_secs_f64(),
                a_over_b(a.rss_kb as f64, b.rss_kb as f64)
            );
        }
    }
    println!();
    true
}

/// Prints the instructions of each bench's rebuild in `profile`, and
/// their ratios.
fn print_instructions(ws: &Path, profile: &[&str], benches: &[Bench]) {
    let mut counts = Vec::new();
    for bench in benches {
        let n = instructions(ws, profile, bench.krate);
        match n {
            Some(n) => println!(
                "  {:<50} {:>8.0} M instructions",
                bench.label,
                n as f64 / 1e6
            ),
            None => println!("  {:<50} (no count: is valgrind installed?)", bench.label),
        }
        counts.push((bench.krate, n));
    }
    let count = |k: &str| counts.iter().find(|(n, _)| *n == k).and_then(|(_, c)| *c);
    if let (Some(v), Some(n)) = (count("bench-verified"), count("bench-null")) {
        println!(
            "  bench-verified / bench-null: {:.2}x instructions",
            a_over_b(v as f64, n as f64)
        );
    }
    if let (Some(v), Some(g), Some(n)) = (
        count("bench-verified"),
        count("bench-null-game"),
        count("bench-null"),
    ) {
        println!(
            "  bench-null-game / bench-null: {:.2}x instructions (the values alone); bench-verified / bench-null-game: {:.2}x",
            a_over_b(g as f64, n as f64),
            a_over_b(v as f64, g as f64)
        );
    }
    if let (Some(v), Some(n)) = (count("bench-variants"), count("bench-verified")) {
        println!(
            "  bench-variants / bench-verified: {:.2}x instructions",
            a_over_b(v as f64, n as f64)
        );
    }
}

fn a_over_b(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { f64::NAN }
}
