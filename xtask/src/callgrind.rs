//! Instructions counted by valgrind's callgrind: a measure the machine
//! does not move, beside the wall times the benchmarks take in rounds
//! (which a busy or throttled machine moves, sometimes by half). A count
//! is not a time — the same instructions run faster or slower with how
//! well they use the processor — but a change that does less work shows
//! in it on any machine.

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
