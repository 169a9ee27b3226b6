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
//! rounds' ratios, with their range. On more than one core each round also
//! runs as many copies of `validate` at once as there are cores: their
//! throughput over one copy's is what the machine gives work that shares
//! nothing, beside which `chess-verify`'s scaling over the cores is read.
//!
//! Each file's table gives a tool's wall time and, beside it, its
//! instructions counted with valgrind's callgrind on one copy of the file
//! (a measure no machine moves; see `callgrind`), for the one-thread
//! tools, each with its ratios to its baselines'; the run starts with the
//! CPU model, since wall-time ratios move with the machine.
//! `chess-verify` runs with `--moves-after-draw`, as the run says: the
//! baselines know no draw rule, and the moves some games play after a
//! dead position would otherwise be reported, and cost their report.
//! `--no-instructions` leaves the counts out (`--instructions`, which
//! asked for them before they were always counted, is still accepted).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::rounds::{self, Spread};
use crate::{callgrind, check_args, data_dir, published, repo};

/// Why `chess-verify` runs with `--moves-after-draw`, as the run says.
/// The baselines know no draw rule; some games of the collection go on
/// after a dead position, which `chess-verify` would report as errors,
/// each drawn as a snippet (what that costs: `guide/performance.md`).
const MOVES_AFTER_DRAW: &str = "chess-verify runs with --moves-after-draw: the baselines know no draw rule, so the moves some games play after a dead position are not reported";

/// One tool to measure.
struct Tool {
    name: String,
    command: Vec<String>,
    /// The baselines it is compared with (indices into the list).
    against: Vec<usize>,
    /// The command whose instructions are counted in place of `command`'s:
    /// a build of the same source that valgrind can run (the C++
    /// validator's for `x86-64-v3`), with what to call it.
    counted_by: Option<(Vec<String>, String)>,
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
            counted_by: None,
            samples: Vec::new(),
            peak_kb: 0,
        }
    }

    /// Its time over `base`'s, round by round.
    fn over(&self, base: &Tool) -> Spread {
        rounds::paired(&self.times(1.0), &base.times(1.0))
    }

    /// Its wall time in each round, in milliseconds, multiplied by `by`.
    fn times(&self, by: f64) -> Vec<f64> {
        self.samples.iter().map(|&ms| ms as f64 * by).collect()
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

/// What every part of the bench runs with: its settings, where its files
/// go, and the tools as built.
struct Bench {
    runs: usize,
    copies: usize,
    data: PathBuf,
    dir: PathBuf,
    /// `chess-verify`, built in release.
    verify: String,
    cores: usize,
    /// Count instructions too.
    count: bool,
    /// pgn-reader's examples as published, and with shakmaty's `variant`.
    published: PathBuf,
    with_variant: PathBuf,
    version: String,
    /// The C++ validator, where there is a `g++`.
    cpp: Option<PathBuf>,
    /// The C++ validator built to be counted, where instructions are.
    cpp_counted: Option<PathBuf>,
}

pub fn verify_bench(args: &[String]) -> ExitCode {
    if let Err(code) = check_args(
        args,
        &["--gigabyte", "--instructions", "--no-instructions"],
        &["--runs", "--data", "--copies", "--reference"],
    ) {
        return code;
    }
    let bench = match Bench::build(args) {
        Ok(bench) => bench,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    bench.collection();
    bench.comment_heavy();
    if args.iter().any(|a| a == "--gigabyte") {
        bench.gigabyte();
    }
    ExitCode::SUCCESS
}

impl Bench {
    /// Reads the settings from `args` and builds `chess-verify` and the
    /// baselines.
    fn build(args: &[String]) -> Result<Bench, String> {
        // Eleven interleaved rounds by default: a wall-time goal is a median
        // of at least eleven pairs.
        let runs: usize = value(args, "--runs")
            .and_then(|v| v.parse().ok())
            .unwrap_or(11)
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
            return Err("cannot build chess-verify".into());
        }
        let (published, with_variant, version) = published::pgn_reader()
            .map_err(|e| format!("pgn-reader's examples as published: {e}"))?;
        let cpp =
            published::cpp_validator(&reference).map_err(|e| format!("the C++ validator: {e}"))?;
        let count = !args.iter().any(|a| a == "--no-instructions");
        let cpp_counted = match (&cpp, count) {
            (Some(_), true) => published::cpp_validator_to_count(&reference)
                .map_err(|e| format!("the C++ validator to count: {e}"))?,
            _ => None,
        };
        Ok(Bench {
            runs,
            copies,
            data,
            dir: root.join("target/verify-bench"),
            verify: root
                .join("target/release/chess-verify")
                .display()
                .to_string(),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            count,
            published,
            with_variant,
            version,
            cpp,
            cpp_counted,
        })
    }

    /// pgn-reader's example `name`, as published or with `variant`.
    fn example(&self, with_variant: bool, name: &str) -> String {
        let dir = if with_variant {
            &self.with_variant
        } else {
            &self.published
        };
        dir.join(name).display().to_string()
    }

    /// The C++ validator on `file`, counted by its build for `x86-64-v3`
    /// where there is one; `None` without `g++`.
    fn cpp_tool(&self, file: &str) -> Option<Tool> {
        let cpp = self.cpp.as_ref()?;
        let mut tool = Tool::new(
            "C++ chess-library validator",
            vec![cpp.display().to_string(), file.to_string()],
            Vec::new(),
        );
        tool.counted_by = self.cpp_counted.as_ref().map(|counted| {
            (
                vec![counted.display().to_string(), file.to_string()],
                format!("its build for {}", published::CPP_COUNTED_ARCH),
            )
        });
        Some(tool)
    }

    /// One copy of the games of `names`, to count instructions on (its
    /// path and size), where counting is asked for.
    fn counted(&self, names: &[&str], name: &str) -> Option<(String, u64)> {
        self.count.then(|| {
            let path = self.dir.join(name);
            let size = generate(&self.data, names, 1, &path);
            (path.display().to_string(), size)
        })
    }

    /// The collection: every tool, on one thread and on all cores, and the
    /// scaling over the cores.
    fn collection(&self) {
        let file = self.dir.join(format!("collection-x{}.pgn", self.copies));
        let size = generate(&self.data, &STANDARD, self.copies, &file);
        let file_arg = file.display().to_string();
        let (verify, cores) = (&self.verify, self.cores);
        let mut tools = Vec::new();
        let cpp = self.cpp_tool(&file_arg).map(|tool| {
            tools.push(tool);
            tools.len() - 1
        });
        let mut add = |name: String, command: Vec<String>, against: Vec<usize>| {
            tools.push(Tool::new(&name, command, against));
            tools.len() - 1
        };
        let validate = add(
            "pgn-reader validate".to_string(),
            vec![self.example(false, "validate"), file_arg.clone()],
            Vec::new(),
        );
        add(
            "pgn-reader validate, shakmaty with `variant`".to_string(),
            vec![self.example(true, "validate"), file_arg.clone()],
            vec![validate],
        );
        let one = add(
            "chess-verify --jobs 1".into(),
            s(&[verify, "--moves-after-draw", "--jobs", "1", &file_arg]),
            [Some(validate), cpp].into_iter().flatten().collect(),
        );
        let parallel = add(
            "pgn-reader parallel_validate".to_string(),
            vec![self.example(false, "parallel_validate"), file_arg.clone()],
            Vec::new(),
        );
        let all_cores = add(
            format!("chess-verify (all {cores} cores)"),
            s(&[verify, "--moves-after-draw", &file_arg]),
            vec![parallel, one],
        );
        if let Some(extract) = on_path("pgn-extract") {
            add(
                "pgn-extract -r".into(),
                s(&[&extract.display().to_string(), "-r", "-s", &file_arg]),
                Vec::new(),
            );
        }
        // What the machine gives work that shares nothing: as many copies
        // of `validate` at once as there are cores, in the rounds but not
        // in the table.
        let shown = tools.len();
        if cores > 1 {
            let copies = [
                s(&["--copies", &cores.to_string()]),
                tools[validate].command.clone(),
            ];
            tools.push(Tool::new("copies", copies.concat(), Vec::new()));
        }
        self.heading(&file, size);
        let counted = self.counted(&STANDARD, "collection-x1.pgn");
        play(&mut tools, self.runs);
        let (tools, copies) = tools.split_at(shown);
        // (The tools on all cores are not counted: callgrind runs a
        // process's threads one at a time.)
        let counts = instructions(tools, &file_arg, counted.as_ref(), &[parallel, all_cores]);
        table(tools, size, &counts, counted.as_ref().map(|c| c.1));
        let scaling = tools[one].over(&tools[all_cores]);
        println!(
            "\nscaling: {} threads give {:.2}× the throughput of one{}",
            cores,
            scaling.median(),
            scaling.range("×")
        );
        if let Some(copies) = copies.first() {
            let machine = independent(&tools[validate], copies, cores);
            println!(
                "this machine: {cores} copies of pgn-reader validate at once give {:.2}× the throughput of one{}, the scaling of work that shares nothing",
                machine.median(),
                machine.range("×")
            );
        }
    }

    /// What the run measures, on what, and the machine.
    fn heading(&self, file: &Path, size: u64) {
        if self.cpp.is_none() {
            println!("(no g++ here: the C++ validator is left out)");
        }
        println!(
            "verify-bench: {} ({:.1} MB), median of {} rounds (each tool once a round, in turn), a ratio the median of the rounds', {} cores",
            file.display(),
            size as f64 / 1e6,
            self.runs,
            self.cores
        );
        println!("{}", self.baselines());
        println!("{MOVES_AFTER_DRAW}");
        println!("CPU: {}", cpu_model());
    }

    /// The line that says how the baselines were built.
    fn baselines(&self) -> String {
        let cpp = match (&self.cpp, &self.cpp_counted) {
            (Some(_), Some(_)) => format!(
                ", the C++ validator (g++ -O3 -march=native -DNDEBUG; its instructions counted on the same source built for {}, which valgrind can run)",
                published::CPP_COUNTED_ARCH
            ),
            (Some(_), None) => ", the C++ validator (g++ -O3 -march=native -DNDEBUG)".to_string(),
            _ => String::new(),
        };
        format!(
            "baselines built as published: pgn-reader {}'s examples (its own lock file){cpp}",
            self.version
        )
    }

    /// A comment-heavy file: the lichess export alone (a `[%clk]` comment
    /// after every move), `--jobs 1` against `validate` and the C++
    /// validator.
    fn comment_heavy(&self) {
        let commented = self.dir.join(format!("lichess-x{}.pgn", self.copies));
        let size = generate(&self.data, &COMMENTED, self.copies, &commented);
        let arg = commented.display().to_string();
        println!(
            "\ncomment-heavy: {} ({:.1} MB, a clock comment after every move)",
            commented.display(),
            size as f64 / 1e6
        );
        let mut heavy = Vec::new();
        let cpp = self.cpp_tool(&arg).map(|tool| {
            heavy.push(tool);
            heavy.len() - 1
        });
        heavy.push(Tool::new(
            "pgn-reader validate",
            vec![self.example(false, "validate"), arg.clone()],
            Vec::new(),
        ));
        let validate = heavy.len() - 1;
        heavy.push(Tool::new(
            "chess-verify --jobs 1",
            s(&[&self.verify, "--moves-after-draw", "--jobs", "1", &arg]),
            [Some(validate), cpp].into_iter().flatten().collect(),
        ));
        let counted = self.counted(&COMMENTED, "lichess-x1.pgn");
        play(&mut heavy, self.runs);
        let counts = instructions(&heavy, &arg, counted.as_ref(), &[]);
        table(&heavy, size, &counts, counted.as_ref().map(|c| c.1));
    }

    /// Peak memory on a collection ten times the size, one thread and all
    /// cores.
    fn gigabyte(&self) {
        let big = self.dir.join("collection-1gb.pgn");
        let big_size = generate(&self.data, &STANDARD, self.copies * 10, &big);
        let big_arg = big.display().to_string();
        println!("\npeak memory on {:.1} GB:", big_size as f64 / 1e9);
        for jobs in ["1", &self.cores.to_string()] {
            let (ms, kb) = measure(&s(&[
                &self.verify,
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
}

/// The throughput of `copies` (`cores` copies of `one` run at once) over
/// `one`'s, round by round.
fn independent(one: &Tool, copies: &Tool, cores: usize) -> Spread {
    rounds::paired(&one.times(cores as f64), &copies.times(1.0))
}

/// Runs `tools` in turns, `runs` rounds: each one's wall times and peak
/// memory.
fn play(tools: &mut [Tool], runs: usize) {
    for _ in 0..runs {
        for tool in tools.iter_mut() {
            let (ms, kb) = measure(&tool.command);
            tool.samples.push(ms.max(1));
            tool.peak_kb = tool.peak_kb.max(kb);
        }
    }
}

/// A tool's instructions on one copy of its file.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Count {
    /// Not counted: counting was not asked for, or the tool runs on every
    /// core (callgrind runs a process's threads one at a time).
    Not,
    /// valgrind is missing, or could not run the tool.
    Failed,
    /// The count.
    Of(u64),
}

/// The instructions of each of `tools` but those at `skip`, each run on
/// `small` (the path of one copy, and its size) in place of `file`.
fn instructions(
    tools: &[Tool],
    file: &str,
    small: Option<&(String, u64)>,
    skip: &[usize],
) -> Vec<Count> {
    tools
        .iter()
        .enumerate()
        .map(|(i, tool)| match small {
            Some((small, _)) if !skip.contains(&i) => {
                let command = on_file(counted_command(tool), file, small);
                callgrind::instructions(command[0], &command[1..], None)
                    .map_or(Count::Failed, Count::Of)
            }
            _ => Count::Not,
        })
        .collect()
}

/// The command whose instructions stand for `tool`'s: its own, or the
/// build of the same source valgrind can run.
fn counted_command(tool: &Tool) -> &[String] {
    tool.counted_by
        .as_ref()
        .map_or(&tool.command, |(command, _)| command)
}

/// Prints the table of `tools` (played on `size` bytes): each one's median
/// wall time, throughput, peak memory and time ratios, and beside them its
/// instructions (`counts`, on one copy of `counted` bytes) and their
/// ratios to its baselines' counts.
fn table(tools: &[Tool], size: u64, counts: &[Count], counted: Option<u64>) {
    let header = match counted {
        Some(bytes) => format!("instructions on {:.1} MB", bytes as f64 / 1e6),
        None => "instructions (not counted)".to_string(),
    };
    println!(
        "\n| tool | wall | MB/s | peak memory | time ÷ baseline's | {header} | ÷ baseline's |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (i, tool) in tools.iter().enumerate() {
        let ms = tool.median_ms();
        let ratios = if tool.against.is_empty() {
            "(baseline)".to_string()
        } else {
            tool.against
                .iter()
                .map(|&b| {
                    let time = tool.over(&tools[b]);
                    format!("{:.2}× {}{}", time.median(), tools[b].name, time.range("×"))
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        let (count, count_ratio) = match counts[i] {
            Count::Of(count) => {
                let against: Vec<(&str, Option<u64>)> = tool
                    .against
                    .iter()
                    .map(|&b| match counts[b] {
                        Count::Of(n) => (tools[b].name.as_str(), Some(n)),
                        _ => (tools[b].name.as_str(), None),
                    })
                    .collect();
                let by = match &tool.counted_by {
                    Some((_, what)) => format!(" ({what})"),
                    None => String::new(),
                };
                (
                    format!("{:.1} M{by}", count as f64 / 1e6),
                    count_ratios(count, &against),
                )
            }
            Count::Failed => (
                "(no count: valgrind is missing, or cannot run it)".to_string(),
                String::new(),
            ),
            Count::Not => ("—".to_string(), String::new()),
        };
        println!(
            "| {} | {:.2} s | {:.0} | {:.1} MB | {ratios} | {count} | {count_ratio} |",
            tool.name,
            ms as f64 / 1000.0,
            size as f64 / 1e6 / (ms as f64 / 1000.0),
            tool.peak_kb as f64 / 1024.0,
        );
    }
}

/// The CPU's model as the system names it (`model name` in
/// `/proc/cpuinfo`, with its family and model numbers where it gives
/// them), or `unknown`.
fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    cpu_model_in(&info)
}

/// [`cpu_model`] of the text of a `/proc/cpuinfo`.
fn cpu_model_in(info: &str) -> String {
    let field = |name: &str| {
        info.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(key, _)| key.trim() == name)
            .map(|(_, value)| value.trim().to_string())
    };
    let Some(model) = field("model name") else {
        return "unknown".to_string();
    };
    match (field("cpu family"), field("model")) {
        (Some(family), Some(number)) => format!("{model} (family {family} model {number})"),
        _ => model,
    }
}

/// `command` with the argument `file` replaced by `small`.
fn on_file<'a>(command: &'a [String], file: &str, small: &'a str) -> Vec<&'a str> {
    command
        .iter()
        .map(|arg| if arg == file { small } else { arg.as_str() })
        .collect()
}

/// A count's ratios to its baselines' (`against`: each one's name and
/// count, `None` where it has no count); `(baseline)` for a tool with no
/// baselines.
fn count_ratios(count: u64, against: &[(&str, Option<u64>)]) -> String {
    if against.is_empty() {
        return "(baseline)".to_string();
    }
    against
        .iter()
        .map(|&(name, base)| match base {
            Some(base) => format!("{:.2}× {name}", count as f64 / base.max(1) as f64),
            None => format!("(no count of {name}'s)"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::{Count, Tool, count_ratios, counted_command, cpu_model_in, instructions, on_file};

    /// The CPU is named as the system names it, with its family and model.
    #[test]
    fn the_cpu_is_named_with_its_family_and_model() {
        let info = "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n\
                    model\t\t: 207\nmodel name\t: Intel(R) Xeon(R) Platinum 8581C CPU @ 2.10GHz\n\
                    stepping\t: 2\n\nprocessor\t: 1\nmodel name\t: same\n";
        assert_eq!(
            cpu_model_in(info),
            "Intel(R) Xeon(R) Platinum 8581C CPU @ 2.10GHz (family 6 model 207)"
        );
        assert_eq!(cpu_model_in("model name : ARMv8\n"), "ARMv8");
        assert_eq!(cpu_model_in(""), "unknown");
    }

    /// Nothing is counted where counting is not asked for, nor for the
    /// tools on every core.
    #[test]
    fn tools_left_out_are_not_counted() {
        let tools = [
            Tool::new("a", super::s(&["/nonexistent/a", "big.pgn"]), Vec::new()),
            Tool::new("b", super::s(&["/nonexistent/b", "big.pgn"]), Vec::new()),
        ];
        assert_eq!(
            instructions(&tools, "big.pgn", None, &[]),
            [Count::Not, Count::Not]
        );
        let small = ("small.pgn".to_string(), 1);
        assert_eq!(
            instructions(&tools, "big.pgn", Some(&small), &[0, 1]),
            [Count::Not, Count::Not]
        );
        // A tool not left out is run under valgrind: here it cannot be.
        assert_eq!(
            instructions(&tools, "big.pgn", Some(&small), &[1]),
            [Count::Failed, Count::Not]
        );
    }

    /// The machine's scaling is `cores` runs of one copy over the time of
    /// that many at once, round by round, with the rounds' median.
    #[test]
    fn copies_at_once_give_the_machines_scaling() {
        let mut one = Tool::new("one", Vec::new(), Vec::new());
        let mut copies = Tool::new("copies", Vec::new(), Vec::new());
        one.samples = vec![1000, 900, 1200];
        copies.samples = vec![1100, 1000, 1200];
        let machine = super::independent(&one, &copies, 2);
        // Round by round: 2000/1100, 1800/1000, 2400/1200.
        assert_eq!(format!("{:.3}", machine.median()), "1.818");
        assert_eq!(machine.range("×"), " (1.80–2.00× in 3 rounds)");
    }

    /// A tool counted on the small file runs on it in place of the large.
    #[test]
    fn a_command_runs_on_the_small_file() {
        let command = super::s(&["verify", "--jobs", "1", "big.pgn"]);
        assert_eq!(
            on_file(&command, "big.pgn", "small.pgn"),
            ["verify", "--jobs", "1", "small.pgn"]
        );
    }

    fn bench(cpp: Option<&str>, cpp_counted: Option<&str>) -> super::Bench {
        super::Bench {
            runs: 1,
            copies: 1,
            data: "data".into(),
            dir: "dir".into(),
            verify: "verify".into(),
            cores: 2,
            count: cpp_counted.is_some(),
            published: "published".into(),
            with_variant: "with-variant".into(),
            version: "0.29.0".into(),
            cpp: cpp.map(Into::into),
            cpp_counted: cpp_counted.map(Into::into),
        }
    }

    /// The C++ validator is timed as built for this machine and counted
    /// by its build for x86-64-v3 where there is one; the heading says
    /// which.
    #[test]
    fn the_cpp_validator_is_counted_by_its_build_for_x86_64_v3() {
        let both = bench(Some("/b/native"), Some("/b/v3"));
        let tool = both.cpp_tool("big.pgn").unwrap();
        assert_eq!(tool.command, ["/b/native", "big.pgn"]);
        let (command, what) = tool.counted_by.unwrap();
        assert_eq!(command, ["/b/v3", "big.pgn"]);
        assert_eq!(what, "its build for x86-64-v3");
        assert!(
            both.baselines()
                .ends_with("(g++ -O3 -march=native -DNDEBUG; its instructions counted on the same source built for x86-64-v3, which valgrind can run)")
        );
        let native = bench(Some("/b/native"), None);
        assert!(native.cpp_tool("big.pgn").unwrap().counted_by.is_none());
        assert!(
            native
                .baselines()
                .ends_with(", the C++ validator (g++ -O3 -march=native -DNDEBUG)")
        );
        let none = bench(None, None);
        assert!(none.cpp_tool("big.pgn").is_none());
        assert_eq!(
            none.baselines(),
            "baselines built as published: pgn-reader 0.29.0's examples (its own lock file)"
        );
    }

    /// A tool with a build to be counted is counted by that build's
    /// command; any other by its own.
    #[test]
    fn a_tool_is_counted_by_its_counted_build() {
        let mut tool = Tool::new("c", super::s(&["/b/native", "big.pgn"]), Vec::new());
        assert_eq!(counted_command(&tool), ["/b/native", "big.pgn"]);
        tool.counted_by = Some((super::s(&["/b/v3", "big.pgn"]), "v3".into()));
        assert_eq!(counted_command(&tool), ["/b/v3", "big.pgn"]);
        assert_eq!(
            on_file(counted_command(&tool), "big.pgn", "small.pgn"),
            ["/b/v3", "small.pgn"]
        );
    }

    /// Each ratio is the count over its baseline's, named; a baseline with
    /// no count gives no ratio.
    #[test]
    fn instruction_ratios_are_over_each_baselines_count() {
        assert_eq!(count_ratios(5, &[]), "(baseline)");
        assert_eq!(
            count_ratios(144_700_000, &[("validate", Some(132_800_000))]),
            "1.09× validate"
        );
        assert_eq!(
            count_ratios(100, &[("validate", Some(125)), ("C++", None)]),
            "0.80× validate; (no count of C++'s)"
        );
    }
}
