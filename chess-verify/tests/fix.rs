//! `chess-verify --fix`: proven fixes applied in place, `--dry-run` as a
//! diff, what cannot be fixed reported; on the dialect corpus and on the
//! shared real games, corrupted as records are (a mate marked `+`, a
//! mate's result turned round), fixing gives back the original.

use std::path::{Path, PathBuf};

mod common;

use common::run;

fn file(name: &str, contents: &str) -> PathBuf {
    let path = common::dir("chess-verify-fix").join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

const BROKEN: &str = "[Event \"a\"]\n1. e4 e5 2. Nf4 Nc6 3. Bc4 Bc5 4. Kg1 *\n\n[Event \"b\"]\n1. f3 e5 2. g4 Qh4+ 1-0\n\n[Event \"c\"]\n1. e4 e5 2. Ke3 *\n";
const FIXED: &str = "[Event \"a\"]\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n\n[Event \"b\"]\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"c\"]\n1. e4 e5 2. Ke3 *\n";

#[test]
fn fix_applies_proven_fixes_and_reports_the_rest() {
    let path = file("broken.pgn", BROKEN);
    let (code, out, err) = run(&["--fix", path.to_str().unwrap()]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), FIXED);
    assert!(
        err.contains(&format!("fixed {}: 4 problems", path.display())),
        "{err}"
    );
    // What no help fixes (a king's move with no move one edit away) is
    // reported as the check reports it.
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("error[cannot-reach]: White cannot play `2. Ke3`"),
        "{out}"
    );
    assert!(out.contains("3 games (2 legal"), "{out}");
}

#[test]
fn dry_run_prints_a_diff_and_changes_nothing() {
    let path = file("dry.pgn", BROKEN);
    let name = path.display().to_string();
    let (code, out, err) = run(&["--fix", "--dry-run", &name]);
    // The king's move no fix writes is left: 1, as without `--dry-run`.
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("{name}: 1 problem no fix writes")),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), BROKEN);
    assert_eq!(
        out,
        format!(
            "--- {name}\n+++ {name}\n@@ -1,7 +1,7 @@\n [Event \"a\"]\n-1. e4 e5 2. Nf4 Nc6 3. Bc4 Bc5 4. Kg1 *\n+1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n \n [Event \"b\"]\n-1. f3 e5 2. g4 Qh4+ 1-0\n+1. f3 e5 2. g4 Qh4# 0-1\n \n [Event \"c\"]\n"
        )
    );
}

#[test]
fn what_cannot_be_fixed_in_place_is_an_error() {
    let zst = common::dir("chess-verify-fix").join("games.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(BROKEN.as_bytes(), 3).unwrap()).unwrap();
    let (code, _, err) = run(&["--fix", zst.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a compressed file cannot be fixed in place: decompress it first"),
        "{err}"
    );
    let latin = common::dir("chess-verify-fix").join("latin.pgn");
    std::fs::write(&latin, b"[White \"M\xfcller\"]\n1. e4 *\n").unwrap();
    let (code, _, err) = run(&["--fix", "--dry-run", latin.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("not UTF-8 text (byte 9)"), "{err}");
    let (code, _, err) = run(&["--fix", "-"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("standard input cannot be fixed in place"),
        "{err}"
    );
}

/// `text` as records corrupt it: every mate marked `+`, and the result of
/// every game that ends in mate turned round. Also how many corruptions.
fn corrupt(text: &str) -> (String, usize) {
    let mut out = String::with_capacity(text.len());
    let mut count = 0;
    let mut mated = false;
    for line in text.split_inclusive('\n') {
        if line.starts_with('[') {
            mated = false;
            out.push_str(line);
            continue;
        }
        let mut line = line.to_string();
        if line.contains('#') && !line.contains('{') && !line.contains(';') {
            count += line.matches('#').count();
            line = line.replace('#', "+");
            mated = true;
        }
        if mated {
            for (from, to) in [(" 1-0", " 0-1"), (" 0-1", " 1-0")] {
                if let Some(at) = line.rfind(from)
                    && line[at + from.len()..].trim().is_empty()
                {
                    line.replace_range(at..at + from.len(), to);
                    count += 1;
                    break;
                }
            }
        }
        out.push_str(&line);
    }
    (out, count)
}

/// Corrupts `original` (called `name`), fixes it, and expects it back.
fn fixes_back(name: &str, original: &str) -> usize {
    let (broken, count) = corrupt(original);
    let path = file(name, &broken);
    let (_, out, err) = run(&["--fix", "--moves-after-draw", path.to_str().unwrap()]);
    let fixed = std::fs::read_to_string(&path).unwrap();
    assert!(
        fixed == original,
        "{name}: the fixed file differs from the original\n{err}\n{out}"
    );
    count
}

#[test]
fn the_dialect_corpus_corrupted_and_fixed_is_itself_again() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dialects");
    let mut corrupted = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read_to_string(&path).unwrap();
            corrupted += fixes_back(path.file_name().unwrap().to_str().unwrap(), &text);
        }
    }
    assert!(corrupted >= 5, "{corrupted} corruptions");
}

#[test]
#[ignore = "needs ../shared/data (set VERIFIED_CHESS_DATA)"]
fn the_shared_games_corrupted_and_fixed_are_themselves_again() {
    let data = common::data_dir();
    let mut corrupted = 0;
    for name in ["twic1599_1000k.pgn", "lichess_db_1000k.pgn"] {
        let text = std::fs::read_to_string(data.join(name)).unwrap();
        corrupted += fixes_back(name, &text);
    }
    assert!(corrupted > 50, "{corrupted} corruptions");
}
