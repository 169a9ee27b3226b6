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
    for folder in [
        "tests/ui/pgn",
        "tests/ui/puzzles",
        "tests/ui/rules",
        "chess-rules/rules",
        "chess-rules/tests/fairy",
    ] {
        let from = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        let to = project.join(folder);
        std::fs::create_dir_all(&to).expect("fixture directory");
        for entry in std::fs::read_dir(&from).expect("fixtures") {
            let entry = entry.expect("fixture");
            // Games, puzzles and rules files (not the scripts and data
            // beside the rules engine's own fixtures).
            let name = entry.file_name().to_string_lossy().into_owned();
            if !["pgn", "csv", "yaml", "ini"]
                .iter()
                .any(|ext| name.ends_with(&format!(".{ext}")))
            {
                continue;
            }
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
    // One case per error kind a game under custom rules can fail with:
    // the catalogue's section on custom rules.
    t.compile_fail("tests/ui/custom/*.rs");
}
