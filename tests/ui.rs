//! Compile-time behaviour of the macros: games that must compile and games
//! that must not, with the exact error (message and underlined span) in the
//! reviewed `.stderr` snapshots next to each failing case.

use std::path::{Path, PathBuf};

/// trybuild compiles the cases in a project of its own, which is the
/// directory `include_pgn!`, `include_puzzles!` and `#![rules(…)]` read
/// from: give it the PGN, puzzle and rules fixtures.
fn copy_fixtures() {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target directory")
        .to_path_buf();
    let project = target.join("tests/trybuild/verified-chess");
    for folder in ["tests/ui/pgn", "tests/ui/puzzles", "tests/ui/rules"] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        let to = project.join(folder);
        std::fs::create_dir_all(&to).expect("fixture directory");
        for entry in std::fs::read_dir(&from).expect("fixtures") {
            let entry = entry.expect("fixture");
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy fixture");
        }
    }
}

#[test]
fn ui() {
    copy_fixtures();
    let t = trybuild::TestCases::new();
    t.pass("tests/ui/pass/*.rs");
    t.compile_fail("tests/ui/fail/*.rs");
    // One case per error kind: the source of docs/errors.md.
    t.compile_fail("tests/ui/errors/*.rs");
}
