//! Instructions counted by valgrind's callgrind: a measure the machine
//! does not move, beside the wall times the benchmarks take in rounds
//! (which a busy or throttled machine moves, sometimes by half). A count
//! is not a time — the same instructions run faster or slower with how
//! well they use the processor — but a change that does less work shows
//! in it on any machine.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// The instructions `program` with `args` executes, run from `dir` (the
/// current directory if `None`), with the processes it starts; `None` if
/// valgrind is missing, the program did not end well under it (valgrind
/// stops a program at an instruction it cannot run, such as AVX-512's
/// where `-march=native` compiled them in), or the count cannot be read.
pub fn instructions(program: &str, args: &[&str], dir: Option<&Path>) -> Option<u64> {
    let mut command = Command::new("valgrind");
    command
        .args([
            "--tool=callgrind",
            "--trace-children=yes",
            "--callgrind-out-file=/dev/null",
            program,
        ])
        .args(args);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let run = command.output().ok()?;
    if !run.status.success() {
        return None;
    }
    collected(&String::from_utf8_lossy(&run.stderr))
}

/// The largest count in callgrind's report (`==12== Collected : 887616535`,
/// a line a process it traced): the process that did the work, where a
/// shell started it.
fn collected(report: &str) -> Option<u64> {
    report
        .lines()
        .filter_map(|l| l.split("Collected :").nth(1))
        .filter_map(|n| n.trim().parse().ok())
        .max()
}

/// A program's instructions by function, as callgrind writes them to its
/// output file: what each function executes itself, and what each call
/// from one function to another costs with everything it runs
/// (functions by name: a generic instance or a closure is one of its
/// own, as the symbol names them).
#[derive(Debug, Default)]
pub struct Profile {
    /// The instructions of the whole program.
    pub total: u64,
    own: HashMap<String, u64>,
    calls: HashMap<(String, String), u64>,
}

impl Profile {
    /// Reads callgrind's output format (`--callgrind-out-file`): `fn=`
    /// opens a function, `cfn=` and `calls=` a call from it whose cost
    /// line follows, every other cost line is the function's own; a name
    /// given once with its number, `(12) name`, is later the number alone.
    pub fn read(text: &str) -> Profile {
        let mut profile = Profile::default();
        let mut names: HashMap<String, String> = HashMap::new();
        let mut name = |field: &str| -> String {
            let field = field.trim();
            match field.strip_prefix('(').and_then(|f| f.split_once(')')) {
                Some((id, rest)) if !rest.trim().is_empty() => {
                    names.insert(id.to_string(), rest.trim().to_string());
                    rest.trim().to_string()
                }
                Some((id, _)) => names.get(id).cloned().unwrap_or_default(),
                None => field.to_string(),
            }
        };
        let (mut function, mut callee) = (String::new(), None::<String>);
        let mut in_call = false;
        for line in text.lines() {
            if let Some(f) = line.strip_prefix("fn=") {
                function = name(f);
            } else if let Some(f) = line.strip_prefix("cfn=") {
                callee = Some(name(f));
            } else if line.starts_with("calls=") {
                in_call = true;
            } else if let Some(n) = line
                .strip_prefix("summary:")
                .or(line.strip_prefix("totals:"))
            {
                profile.total = profile.total.max(n.trim().parse().unwrap_or(0));
            } else if line.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '+' | '-' | '*'))
            {
                let cost: u64 = line
                    .split_whitespace()
                    .nth(1)
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                match (in_call, &callee) {
                    (true, Some(callee)) => {
                        *profile
                            .calls
                            .entry((function.clone(), callee.clone()))
                            .or_default() += cost;
                    }
                    _ => *profile.own.entry(function.clone()).or_default() += cost,
                }
                in_call = false;
            }
        }
        profile
    }

    /// The instructions of the function named `name` with everything it
    /// calls (a call to itself counted once), or 0 if it never ran.
    pub fn inclusive(&self, name: &str) -> u64 {
        let calls: u64 = self
            .calls
            .iter()
            .filter(|((from, to), _)| from == name && to != name)
            .map(|(_, cost)| cost)
            .sum();
        self.own.get(name).copied().unwrap_or(0) + calls
    }

    /// The calls made from functions whose names contain `from` into
    /// functions whose names contain `into` (and not `from`), with
    /// everything those run, by the function called, costliest first:
    /// what a crate costs its caller, and where.
    pub fn entered(&self, from: &str, into: &str) -> Vec<(&str, u64)> {
        let mut entries: HashMap<&str, u64> = HashMap::new();
        for ((caller, callee), cost) in &self.calls {
            if caller.contains(from) && callee.contains(into) && !callee.contains(from) {
                *entries.entry(callee).or_default() += cost;
            }
        }
        let mut entries: Vec<(&str, u64)> = entries.into_iter().collect();
        entries.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        entries
    }
}

/// The profile of `program` with `args`, run from `dir`, and of the
/// processes it starts: the one that ran the most instructions (see
/// [`instructions`]); `None` where valgrind is missing or the run failed.
pub fn profile(program: &str, args: &[&str], dir: &Path) -> Option<Profile> {
    let out = std::env::temp_dir().join(format!("xtask-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&out).ok()?;
    let run = Command::new("valgrind")
        .args(["--tool=callgrind", "--trace-children=yes"])
        .arg(format!("--callgrind-out-file={}/%p", out.display()))
        .arg(program)
        .args(args)
        .current_dir(dir)
        .output();
    let profiles = std::fs::read_dir(&out)
        .into_iter()
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.ok()?.path()).ok())
        .map(|text| Profile::read(&text))
        .max_by_key(|p| p.total);
    let _ = std::fs::remove_dir_all(&out);
    run.ok()?.status.success().then_some(profiles?)
}

#[cfg(test)]
mod tests {
    use super::{collected, instructions};

    /// A program that ends well is counted where valgrind is installed
    /// (CI installs it); one that fails has no count, with or without it.
    #[test]
    fn only_a_run_that_ends_well_is_counted() {
        assert_eq!(instructions("false", &[], None), None);
        let valgrind = std::process::Command::new("valgrind")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        let count = instructions("true", &[], None);
        assert_eq!(count.is_some_and(|n| n > 1_000), valgrind, "{count:?}");
    }

    /// Names given once with their number, calls with their cost line,
    /// a function's own cost lines in any position form.
    #[test]
    fn a_profile_is_read_by_function_and_call() {
        let text = "events: Ir\nsummary: 1000\n\n\
                    fl=(1) ???\nfn=(1) main\n0 10\n+2 5\n\
                    cfn=(2) chess_core::walk\ncalls=3 0\n* 700\n\
                    cfn=(3) <shakmaty::Chess as shakmaty::Position>::play\ncalls=1 0\n0 40\n\
                    fn=(2)\n-1 100\n\
                    cfn=(3)\ncalls=9 0\n0 500\n\
                    cfn=(2)\ncalls=1 0\n0 60\n\
                    cfn=(4) shakmaty::attacks\ncalls=2 0\n0 20\n\
                    fn=(3)\n0 540\ntotals: 1000\n";
        let profile = super::Profile::read(text);
        assert_eq!(profile.total, 1000);
        assert_eq!(profile.inclusive("main"), 10 + 5 + 700 + 40);
        // A call to itself is inside the function's cost already.
        assert_eq!(profile.inclusive("chess_core::walk"), 100 + 500 + 20);
        assert_eq!(profile.inclusive("never ran"), 0);
        assert_eq!(
            profile.entered("chess_core::", "shakmaty::"),
            vec![
                ("<shakmaty::Chess as shakmaty::Position>::play", 500),
                ("shakmaty::attacks", 20),
            ]
        );
    }

    #[test]
    fn the_count_is_the_largest_process_of_the_report() {
        let report = "==16353== Command: sh -c rustc\n\
                      ==16356== Collected : 887616535\n\
                      ==16353== Collected : 386909\n";
        assert_eq!(collected(report), Some(887_616_535));
        assert_eq!(collected("==1== Collected : 12\n"), Some(12));
        assert_eq!(collected("valgrind: command not found"), None);
        assert_eq!(collected("==1== Collected : many\n"), None);
    }
}
