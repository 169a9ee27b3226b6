//! The hostile inputs of one review, replayed as a user meets them: each
//! test is one item of the list (its number in the test's name), run
//! against the `chess-verify` binary. The language server's items are in
//! `tests/lsp.rs`, the macros' in `tests/ui`; `guide/limits.md` states the
//! bounds these tests reach.

use std::path::PathBuf;

mod common;

use common::{json_records, run};

fn file(name: &str, contents: &[u8]) -> PathBuf {
    let path = common::dir("chess-verify-hostile").join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The problems `chess-verify --format json` reports for `args`, as
/// (line, column, code), and its exit code.
fn problems(args: &[&str]) -> (i32, Vec<(u64, u64, String)>) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    let found = json_records(&out)
        .into_iter()
        .filter(|r| r["type"] == "problem")
        .map(|r| {
            let at = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("{k} in {r}: {err}"));
            (
                at("line"),
                at("column"),
                r["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (code, found)
}

/// 2. A byte-order mark at the start of a line (two files joined with
/// `cat`) is not text: the `[FEN]` after it is read, and the game is
/// judged from it.
#[test]
fn item_02_a_bom_in_the_middle_of_a_file() {
    let a = "[Event \"a\"]\n\n1. e4 e5 *\n\n";
    let b = "\u{feff}[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O Kf7 *\n";
    let alone = file("bom-b.pgn", b.as_bytes());
    let joined = file("bom-ab.pgn", format!("{a}{b}").as_bytes());
    let want = |line| (1, vec![(line, 8, "into-check".to_string())]);
    assert_eq!(problems(&[alone.to_str().unwrap()]), want(4));
    assert_eq!(problems(&[joined.to_str().unwrap()]), want(8));
    assert_eq!(
        problems(&["--jobs", "2", joined.to_str().unwrap()]),
        want(8)
    );
}
