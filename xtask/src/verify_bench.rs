//! `cargo xtask verify-bench`: `chess-verify` on a large collection against
//! the baselines, in the same run: pgn-reader's `validate` (one thread) and
//! `parallel_validate` examples, and pgn-extract when it is installed.
//!
//! The collection is generated from the shared data at run time (the
//! standard games of `twic1599_1000k.pgn` and `lichess_db_1000k.pgn`,
//! concatenated `--copies` times: 50 make 100 MB). Every tool runs as a
//! process of its own, measured by `xtask __measure` (wall time and peak
//! resident memory); the tools take turns, and each one's best of
//! `--runs` counts.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::{check_args, data_dir, repo};

/// One tool to measure.
struct Tool {
    name: String,
    command: Vec<String>,
    /// The baseline it is compared with (an index into the list).
    against: Option<usize>,
    best_ms: u64,
    peak_kb: u64,
}

/// The value after `flag` among `args`.
pub(crate) fn value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1).map(String::as_str)
}

/// Writes the standard games `copies` times into `path` (if it is not
/// there with that size already); returns the size.
fn generate(data: &Path, copies: usize, path: &Path) -> u64 {
    let mut one = Vec::new();
    for name in ["twic1599_1000k.pgn", "lichess_db_1000k.pgn"] {
        let file = data.join(name);
        let bytes = std::fs::read(&file).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (set VERIFIED_CHESS_DATA or --data)",
                file.display()
            )
        });
        one.extend_from_slice(&bytes);
        if !one.ends_with(b"\n\n") {
            one.extend_from_slice(b"\n\n");
        }
    }
    let size = (one.len() * copies) as u64;
    if std::fs::metadata(path).is_ok_and(|m| m.len() == size) {
        return size;
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("directory");
    }
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    for _ in 0..copies {
        std::io::Write::write_all(&mut out, &one).expect("write");
    }
    std::io::Write::flush(&mut out).expect("write");
    size
}

/// Runs `command` under `xtask __measure`: (milliseconds, peak kilobytes).
fn measure(command: &[String]) -> (u64, u64) {
    let me = std::env::current_exe().expect("xtask");
    let output = Command::new(me)
        .arg("__measure")
        .args(command)
        .stderr(Stdio::null())
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    let mut fields = text
        .split_whitespace()
        .map(|f| f.parse::<u64>().unwrap_or(0));
    (fields.next().unwrap_or(0), fields.next().unwrap_or(0))
}

/// `program` on the `PATH`, or in `/usr/games` (where Debian's package
/// puts pgn-extract).
fn on_path(program: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

pub fn verify_bench(args: &[String]) -> ExitCode {
    if let Err(code) = check_args(args, &["--gigabyte"], &["--runs", "--data", "--copies"]) {
        return code;
    }
    let runs: usize = value(args, "--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let copies: usize = value(args, "--copies")
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let data = data_dir(value(args, "--data"));
    let root = repo();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "-p", "chess-verify"])
        .current_dir(&root)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("cannot build chess-verify");
        return ExitCode::from(1);
    }
    let dir = root.join("target/verify-bench");
    let file = dir.join(format!("collection-x{copies}.pgn"));
    let size = generate(&data, copies, &file);
    let file_arg = file.display().to_string();
    let verify = root
        .join("target/release/chess-verify")
        .display()
        .to_string();
    let me = std::env::current_exe()
        .expect("xtask")
        .display()
        .to_string();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut tools = vec![
        Tool {
            name: "pgn-reader 0.29 examples/validate (1 thread)".into(),
            command: s(&[&me, "__pgn-reader-validate", &file_arg]),
            against: None,
            best_ms: u64::MAX,
            peak_kb: 0,
        },
        Tool {
            name: "chess-verify --jobs 1".into(),
            command: s(&[&verify, "--moves-after-draw", "--jobs", "1", &file_arg]),
            against: Some(0),
            best_ms: u64::MAX,
            peak_kb: 0,
        },
        Tool {
            name: "pgn-reader 0.29 examples/parallel_validate".into(),
            command: s(&[&me, "__pgn-reader-parallel-validate", &file_arg]),
            against: None,
            best_ms: u64::MAX,
            peak_kb: 0,
        },
        Tool {
            name: format!("chess-verify (all {cores} cores)"),
            command: s(&[&verify, "--moves-after-draw", &file_arg]),
            against: Some(2),
            best_ms: u64::MAX,
            peak_kb: 0,
        },
    ];
    if let Some(extract) = on_path("pgn-extract") {
        let extract = extract.display().to_string();
        tools.insert(
            0,
            Tool {
                name: "pgn-extract -r".into(),
                command: s(&[&extract, "-r", "-s", &file_arg]),
                against: None,
                best_ms: u64::MAX,
                peak_kb: 0,
            },
        );
        for tool in &mut tools[1..] {
            tool.against = tool.against.map(|i| i + 1);
        }
        let all = tools.len() - 1;
        tools[all].name.push_str(" [also against pgn-extract]");
    }
    println!(
        "verify-bench: {} ({:.1} MB), best of {runs} runs, {cores} cores",
        file.display(),
        size as f64 / 1e6
    );
    for _ in 0..runs {
        for tool in &mut tools {
            let (ms, kb) = measure(&tool.command);
            tool.best_ms = tool.best_ms.min(ms.max(1));
            tool.peak_kb = tool.peak_kb.max(kb);
        }
    }
    println!("\n| tool | wall | MB/s | peak memory | throughput vs baseline |");
    println!("|---|---|---|---|---|");
    for tool in &tools {
        let ratio = match tool.against {
            Some(i) => format!(
                "{:.2}× {}",
                tools[i].best_ms as f64 / tool.best_ms as f64,
                tools[i].name
            ),
            None => "(baseline)".to_string(),
        };
        println!(
            "| {} | {:.2} s | {:.0} | {:.1} MB | {ratio} |",
            tool.name,
            tool.best_ms as f64 / 1000.0,
            size as f64 / 1e6 / (tool.best_ms as f64 / 1000.0),
            tool.peak_kb as f64 / 1024.0,
        );
    }
    if let Some(extract) = tools.iter().find(|t| t.name.starts_with("pgn-extract")) {
        let all = tools.last().expect("tools");
        println!(
            "\nchess-verify (all cores) against pgn-extract: {:.1}×",
            extract.best_ms as f64 / all.best_ms as f64
        );
    }
    if args.iter().any(|a| a == "--gigabyte") {
        let big = dir.join("collection-1gb.pgn");
        let big_size = generate(&data, copies * 10, &big);
        let big_arg = big.display().to_string();
        println!("\npeak memory on {:.1} GB:", big_size as f64 / 1e9);
        for jobs in ["1", &cores.to_string()] {
            let (ms, kb) = measure(&s(&[
                &verify,
                "--moves-after-draw",
                "--jobs",
                jobs,
                &big_arg,
            ]));
            println!(
                "  chess-verify --jobs {jobs}: {:.2} s, {:.1} MB",
                ms as f64 / 1000.0,
                kb as f64 / 1024.0
            );
        }
        let _ = std::fs::remove_file(&big);
    }
    ExitCode::SUCCESS
}
