//! `cargo xtask verify-bench`: `chess-verify` on a large collection against
//! the baselines, in the same run, each built as its authors publish it
//! (see `published`): pgn-reader's `validate` (one thread) and
//! `parallel_validate` examples, `validate` again with shakmaty's `variant`
//! feature (what that feature costs standard chess), the C++ validator on
//! Disservin's chess-library when `g++` is present, and pgn-extract when it
//! is installed.
//!
//! The collection is generated from the shared data at run time (the
//! standard games of `twic1599_1000k.pgn` and `lichess_db_1000k.pgn`,
//! concatenated `--copies` times: 50 make 100 MB), and a comment-heavy
//! one from the lichess file alone (a clock comment after every move), on
//! which `chess-verify --jobs 1` runs against `validate` and the C++
//! validator. Every tool runs as a
//! process of its own, measured by `xtask __measure` (wall time and peak
//! resident memory); the tools take turns, `--runs` rounds of one run
//! each, and each one's median counts. A ratio is the median of the
//! rounds' ratios, with their range.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::rounds::{self, Spread};
use crate::{check_args, data_dir, published, repo};

/// One tool to measure.
struct Tool {
    name: String,
    command: Vec<String>,
    /// The baselines it is compared with (indices into the list).
    against: Vec<usize>,
    /// Wall time of each run, in milliseconds.
    samples: Vec<u64>,
    peak_kb: u64,
}

impl Tool {
    fn new(name: &str, command: Vec<String>, against: Vec<usize>) -> Tool {
        Tool {
            name: name.to_string(),
            command,
            against,
            samples: Vec::new(),
            peak_kb: 0,
        }
    }

    /// Its time over `base`'s, round by round.
    fn over(&self, base: &Tool) -> Spread {
        let ms = |t: &Tool| t.samples.iter().map(|&ms| ms as f64).collect::<Vec<_>>();
        rounds::paired(&ms(self), &ms(base))
    }

    fn median_ms(&self) -> u64 {
        let mut samples = self.samples.clone();
        samples.sort_unstable();
        samples.get(samples.len() / 2).copied().unwrap_or(1)
    }
}

/// The value after `flag` among `args`.
pub(crate) fn value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1).map(String::as_str)
}

/// The shared data's standard games: a TWIC file and a lichess export.
const STANDARD: [&str; 2] = ["twic1599_1000k.pgn", "lichess_db_1000k.pgn"];
/// The lichess export alone: a clock comment after every move.
const COMMENTED: [&str; 1] = ["lichess_db_1000k.pgn"];

/// Writes the games of the shared files `names` `copies` times into
/// `path` (if it is not there with that size already); returns the size.
fn generate(data: &Path, names: &[&str], copies: usize, path: &Path) -> u64 {
    let mut one = Vec::new();
    for name in names {
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
    if let Err(code) = check_args(
        args,
        &["--gigabyte"],
        &["--runs", "--data", "--copies", "--reference"],
    ) {
        return code;
    }
    let runs: usize = value(args, "--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let copies: usize = value(args, "--copies")
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let data = data_dir(value(args, "--data"));
    let reference = value(args, "--reference")
        .map(PathBuf::from)
        .unwrap_or_else(|| data.join("../reference"));
    let root = repo();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "-p", "chess-verify"])
        .current_dir(&root)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("cannot build chess-verify");
        return ExitCode::from(1);
    }
    let (published, with_variant, version) = match published::pgn_reader() {
        Ok(built) => built,
        Err(e) => {
            eprintln!("pgn-reader's examples as published: {e}");
            return ExitCode::from(1);
        }
    };
    let cpp = match published::cpp_validator(&reference) {
        Ok(cpp) => cpp,
        Err(e) => {
            eprintln!("the C++ validator: {e}");
            return ExitCode::from(1);
        }
    };
    let dir = root.join("target/verify-bench");
    let file = dir.join(format!("collection-x{copies}.pgn"));
    let size = generate(&data, &STANDARD, copies, &file);
    let file_arg = file.display().to_string();
    let verify = root
        .join("target/release/chess-verify")
        .display()
        .to_string();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let example = |dir: &Path, name: &str| dir.join(name).display().to_string();
    let mut tools = Vec::new();
    let mut add = |name: String, command: Vec<String>, against: Vec<usize>| {
        tools.push(Tool::new(&name, command, against));
        tools.len() - 1
    };
    let cpp_path = cpp.clone();
    let cpp = cpp.map(|cpp| {
        add(
            "C++ chess-library validator".into(),
            vec![cpp.display().to_string(), file_arg.clone()],
            Vec::new(),
        )
    });
    let validate = add(
        "pgn-reader validate".to_string(),
        vec![example(&published, "validate"), file_arg.clone()],
        Vec::new(),
    );
    add(
        "pgn-reader validate, shakmaty with `variant`".to_string(),
        vec![example(&with_variant, "validate"), file_arg.clone()],
        vec![validate],
    );
    let one = add(
        "chess-verify --jobs 1".into(),
        s(&[&verify, "--moves-after-draw", "--jobs", "1", &file_arg]),
        [Some(validate), cpp].into_iter().flatten().collect(),
    );
    let parallel = add(
        "pgn-reader parallel_validate".to_string(),
        vec![example(&published, "parallel_validate"), file_arg.clone()],
        Vec::new(),
    );
    add(
        format!("chess-verify (all {cores} cores)"),
        s(&[&verify, "--moves-after-draw", &file_arg]),
        vec![parallel, one],
    );
    if let Some(extract) = on_path("pgn-extract") {
        add(
            "pgn-extract -r".into(),
            s(&[&extract.display().to_string(), "-r", "-s", &file_arg]),
            Vec::new(),
        );
    }
    if cpp.is_none() {
        println!("(no g++ here: the C++ validator is left out)");
    }
    println!(
        "verify-bench: {} ({:.1} MB), median of {runs} rounds (each tool once a round, in turn), a ratio the median of the rounds', {cores} cores",
        file.display(),
        size as f64 / 1e6
    );
    println!(
        "baselines built as published: pgn-reader {version}'s examples (its own lock file){}",
        if cpp.is_some() {
            ", the C++ validator (g++ -O3 -march=native -DNDEBUG)"
        } else {
            ""
        }
    );
    table(&mut tools, runs, size);
    let all = &tools[tools.len() - 1 - usize::from(on_path("pgn-extract").is_some())];
    let scaling = tools[one].over(all);
    println!(
        "\nscaling: {} threads give {:.2}× the throughput of one{}",
        cores,
        scaling.median(),
        scaling.range("×")
    );
    // A comment-heavy file: the lichess export alone (a `[%clk]` comment
    // after every move), against `validate` and the C++ validator.
    let commented = dir.join(format!("lichess-x{copies}.pgn"));
    let commented_size = generate(&data, &COMMENTED, copies, &commented);
    let commented_arg = commented.display().to_string();
    println!(
        "\ncomment-heavy: {} ({:.1} MB, a clock comment after every move)",
        commented.display(),
        commented_size as f64 / 1e6
    );
    let mut heavy = Vec::new();
    let cpp_heavy = cpp_path.as_ref().map(|cpp| {
        heavy.push(Tool::new(
            "C++ chess-library validator",
            vec![cpp.display().to_string(), commented_arg.clone()],
            Vec::new(),
        ));
        heavy.len() - 1
    });
    heavy.push(Tool::new(
        "pgn-reader validate",
        vec![example(&published, "validate"), commented_arg.clone()],
        Vec::new(),
    ));
    let validate_heavy = heavy.len() - 1;
    heavy.push(Tool::new(
        "chess-verify --jobs 1",
        s(&[&verify, "--moves-after-draw", "--jobs", "1", &commented_arg]),
        [Some(validate_heavy), cpp_heavy]
            .into_iter()
            .flatten()
            .collect(),
    ));
    table(&mut heavy, runs, commented_size);
    if args.iter().any(|a| a == "--gigabyte") {
        let big = dir.join("collection-1gb.pgn");
        let big_size = generate(&data, &STANDARD, copies * 10, &big);
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

/// Runs `tools` in turns `runs` times and prints their table: each one's
/// median wall time, throughput on `size` bytes, peak memory and ratios.
fn table(tools: &mut [Tool], runs: usize, size: u64) {
    for _ in 0..runs {
        for tool in tools.iter_mut() {
            let (ms, kb) = measure(&tool.command);
            tool.samples.push(ms.max(1));
            tool.peak_kb = tool.peak_kb.max(kb);
        }
    }
    println!("\n| tool | wall | MB/s | peak memory | time ÷ baseline's |");
    println!("|---|---|---|---|---|");
    for tool in tools.iter() {
        let ms = tool.median_ms();
        let ratios = if tool.against.is_empty() {
            "(baseline)".to_string()
        } else {
            tool.against
                .iter()
                .map(|&i| {
                    let time = tool.over(&tools[i]);
                    format!("{:.2}× {}{}", time.median(), tools[i].name, time.range("×"))
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        println!(
            "| {} | {:.2} s | {:.0} | {:.1} MB | {ratios} |",
            tool.name,
            ms as f64 / 1000.0,
            size as f64 / 1e6 / (ms as f64 / 1000.0),
            tool.peak_kb as f64 / 1024.0,
        );
    }
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}
