//! Helpers the `chess-verify` integration tests share: running the binary,
//! reading its JSON output, and test files in a directory of their own.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A directory for the files a test writes, under cargo's target directory.
pub fn dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `args`: exit code, standard output, standard error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with(args, b"")
}

/// Runs the binary with `stdin` as its standard input.
pub fn run_with(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    run_in(args, stdin, &[])
}

/// Runs the binary with `stdin` as its standard input and the variables
/// `env` set.
pub fn run_in(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-verify"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The records of `--format json` output, one JSON object per line.
pub fn json_records(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Items read, items checked, and (line, column, code, warning) of each
/// problem.
pub type Streamed = (u64, u64, Vec<(u64, u32, &'static str, bool)>);

/// What checking `path` as a stream for `task` with `jobs` threads and
/// `limits` finds, in shard `shard` (`K/N`) if given.
pub fn streamed(
    path: &std::path::Path,
    task: &chess_verify::run::Task,
    jobs: usize,
    limits: chess_verify::read::Limits,
    shard: Option<&str>,
) -> Streamed {
    use chess_verify::check::{Context, Encoding, Shard};
    use chess_verify::run::{Item, Run};
    let run = Run {
        inputs: vec![chess_verify::input::Input::Path(path.to_path_buf())],
        context: Context {
            options: Default::default(),
            encoding: Encoding::Auto,
            shard: shard.map(|s| Shard::parse(s).unwrap()),
            styled: false,
        },
        jobs,
        limits,
        task: task.clone(),
    };
    let (mut read, mut checked, mut problems) = (0, 0, Vec::new());
    run.run(&mut |item| {
        if let Item::Checked { checked: c, .. } = item {
            read += c.games;
            checked += c.checked;
            problems.extend(c.problems.into_iter().map(|p| {
                let code = p.diagnostic.kind.code();
                (p.line, p.column, code, p.warning)
            }));
        }
        std::ops::ControlFlow::Continue(())
    });
    (read, checked, problems)
}

/// The shared real games: `VERIFIED_CHESS_DATA`, or `../shared/data`
/// beside the repository.
pub fn data_dir() -> PathBuf {
    std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    )
}
