//! The error catalogue, `guide/catalogue.md`, is generated from the UI cases in
//! `tests/ui/errors/` (one per error kind, named after its code) and their
//! reviewed `.stderr` snapshots. This test keeps the three from drifting:
//!
//! * every `ErrorKind` has a case, and every case is an `ErrorKind` (a
//!   `game!` call, for problems a `puzzle!` call, or for lichess puzzles
//!   an `include_puzzles!` of a file in `tests/ui/puzzles/`, which the
//!   catalogue shows);
//! * each case fails with its own kind (checked in process through
//!   chess-core, so a case that fails for another reason is caught even
//!   though its snapshot would still match);
//! * `guide/catalogue.md` is exactly what the cases generate. After changing a
//!   case or a message, run `UPDATE_CATALOGUE=1 cargo test --test
//!   catalogue` and read the diff.
//!
//! Games under custom rules are worded as chess's are; their cases in
//! `tests/ui/custom/` (each named after a kind, each failing with it) are
//! compiled by the UI test, and the catalogue shows one beside its kind's
//! entry only where its wording differs (its second line says how:
//! `// Shown in the catalogue: …`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chess_core::ErrorKind;
use chess_core::expand::{Failure, PuzzlesFailure, try_game, try_include_puzzles, try_puzzle};
use proc_macro2::{TokenStream, TokenTree};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn case_name(kind: ErrorKind) -> String {
    kind.code().replace('-', "_")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The input of the first `game!` call in a case.
fn game_input(source: &str) -> TokenStream {
    macro_input(source, "game").unwrap_or_else(|| panic!("no game! call in:\n{source}"))
}

/// The input of the first call of macro `name` in a case.
fn macro_input(source: &str, name: &str) -> Option<TokenStream> {
    let tokens: TokenStream = source.parse().expect("the case is Rust");
    let mut stack = vec![tokens.into_iter().collect::<Vec<_>>()];
    while let Some(trees) = stack.pop() {
        for (i, tree) in trees.iter().enumerate() {
            if let (
                TokenTree::Ident(ident),
                Some(TokenTree::Punct(bang)),
                Some(TokenTree::Group(g)),
            ) = (tree, trees.get(i + 1), trees.get(i + 2))
                && ident == name
                && bang.as_char() == '!'
            {
                return Some(g.stream());
            }
            if let TokenTree::Group(g) = tree {
                stack.push(g.stream().into_iter().collect());
            }
        }
    }
    None
}

/// The file a case's `include_puzzles!` or `#![rules("…")]` reads, if it
/// has one.
fn included_file(source: &str) -> Option<String> {
    if let Some(at) = source.find("#![rules(\"") {
        let rest = &source[at + "#![rules(\"".len()..];
        return rest.split('"').next().map(str::to_string);
    }
    let input = macro_input(source, "include_puzzles")?;
    input.into_iter().find_map(|t| match t {
        TokenTree::Literal(lit) => Some(lit.to_string().trim_matches('"').to_string()),
        _ => None,
    })
}

/// What a custom-rules case's wording adds, if the catalogue shows it
/// (its second line).
fn shown(source: &str) -> Option<String> {
    source
        .lines()
        .nth(1)?
        .strip_prefix("// Shown in the catalogue: ")
        .map(str::to_string)
}

/// The case's description (its first comment line) and the body of `main`.
fn example(source: &str) -> (String, String) {
    let description = source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// "))
        .unwrap_or_default()
        .to_string();
    // The case's imports, as lines rustdoc compiles but does not show.
    let imports = source
        .lines()
        .filter(|l| l.starts_with("use "))
        .map(|l| format!("# {l}\n"));
    let body: Vec<&str> = source
        .lines()
        .skip_while(|l| !l.starts_with("fn main()"))
        .skip(1)
        .take_while(|l| *l != "}")
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    (description, imports.collect::<String>() + &body.join("\n"))
}

fn generate() -> String {
    let dir = root().join("tests/ui/errors");
    let mut out = String::from(
        "# Error catalogue\n\n\
         Every error the macros and `chess-verify` report has a kind, listed\n\
         here with an input that causes it and the exact message the compiler\n\
         shows. `chess-verify --format json` gives the kind as `code`.\n\n\
         This page is generated from the UI tests in `tests/ui/errors/` (one per\n\
         kind, compiled by `cargo test`): run\n\
         `UPDATE_CATALOGUE=1 cargo test --test catalogue` after changing them.\n\n\
         Games under custom rules (`game! { #![rules(\"…\")] … }`, `games!`,\n\
         `include_pgn!`, `chess-verify --rules`) are read, checked and worded as\n\
         chess games are; where a kind's wording differs under them, its entry\n\
         shows a case from `tests/ui/custom/` too. Their rules files are\n\
         `tests/ui/rules/mini.yaml` (a CustomChessKell 5 × 5 board with a\n\
         camel), `chess-rules/rules/chess.ini` (chess written in Betza\n\
         notation) and `chess-rules/tests/fairy/variants.ini` (Capablanca,\n\
         Gothic, Janus, Embassy, Los Alamos), in the repository.\n\n\
         Each example below is compiled by the documentation tests, which\n\
         check that it does not compile; the UI tests check the message.\n\n\
         | code | what it means |\n|---|---|\n",
    );
    for &kind in ErrorKind::ALL {
        let _ = writeln!(out, "| [`{0}`](#{0}) | {1} |", kind.code(), kind.summary());
    }
    for &kind in ErrorKind::ALL {
        let name = case_name(kind);
        let source = read(&dir.join(format!("{name}.rs")));
        let stderr = read(&dir.join(format!("{name}.stderr")));
        let (description, body) = example(&source);
        // A case that reads a file shows it.
        let file = included_file(&source).map_or_else(String::new, |path| {
            format!(
                "\n\n`{path}`:\n\n```text\n{}\n```",
                read(&root().join(&path)).trim_end()
            )
        });
        let _ = write!(
            out,
            "\n## `{}`\n\n{}\n\nExample: {description}\n\n```rust,compile_fail\n{body}\n```{file}\n\n```text\n{}\n```\n",
            kind.code(),
            kind.summary(),
            stderr.trim_end()
        );
        out.push_str(&custom_example(kind));
    }
    out
}

/// A kind's case under custom rules, where its wording differs from
/// chess's: `tests/ui/custom/<code>.rs`, if there is one and it is shown.
fn custom_example(kind: ErrorKind) -> String {
    let path = root().join(format!("tests/ui/custom/{}.rs", case_name(kind)));
    let Ok(source) = std::fs::read_to_string(&path) else {
        return String::new();
    };
    let Some(why) = shown(&source) else {
        return String::new();
    };
    let stderr = read(&path.with_extension("stderr"));
    let (description, body) = example(&source);
    format!(
        "\nUnder custom rules, {}. Example: {description}\n\n```rust,compile_fail\n{body}\n```\n\n```text\n{}\n```\n",
        why.trim_end_matches('.'),
        stderr.trim_end()
    )
}

#[test]
fn every_custom_rules_case_is_named_after_a_kind() {
    let dir = root().join("tests/ui/custom");
    let codes: Vec<String> = ErrorKind::ALL.iter().map(|&k| case_name(k)).collect();
    for entry in std::fs::read_dir(&dir).expect("tests/ui/custom") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let Some(case) = name.strip_suffix(".rs") else {
            continue;
        };
        assert!(codes.iter().any(|c| c == case), "{name} names no kind");
        assert!(
            dir.join(format!("{case}.stderr")).exists(),
            "{case}.stderr is missing"
        );
    }
}

#[test]
fn every_custom_rules_case_fails_with_its_kind() {
    let dir = root().join("tests/ui/custom");
    for &kind in ErrorKind::ALL {
        let path = dir.join(format!("{}.rs", case_name(kind)));
        if !path.exists() {
            continue;
        }
        let mut input: TokenStream = "::verified_chess;".parse().expect("path");
        input.extend(game_input(&read(&path)));
        match try_game(input) {
            Ok(_) => panic!("{} compiles", path.display()),
            Err(Failure::Call(tokens)) => panic!("{}: {tokens}", path.display()),
            Err(Failure::Chess(_, d)) => assert_eq!(
                d.kind,
                kind,
                "{} fails with {:?}: {}",
                path.display(),
                d.kind,
                d.message
            ),
        }
    }
}

#[test]
fn every_kind_has_exactly_one_case() {
    let dir = root().join("tests/ui/errors");
    let mut cases: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/ui/errors")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter_map(|f| f.strip_suffix(".rs").map(str::to_string))
        .collect();
    cases.sort();
    let mut kinds: Vec<String> = ErrorKind::ALL.iter().map(|&k| case_name(k)).collect();
    kinds.sort();
    assert_eq!(
        cases, kinds,
        "tests/ui/errors/*.rs must name the error kinds"
    );
    for kind in kinds {
        assert!(
            dir.join(format!("{kind}.stderr")).exists(),
            "{kind}.stderr is missing"
        );
    }
}

#[test]
fn every_case_fails_with_its_kind() {
    let dir = root().join("tests/ui/errors");
    for &kind in ErrorKind::ALL {
        let path = dir.join(format!("{}.rs", case_name(kind)));
        let mut input: TokenStream = "::verified_chess;".parse().expect("path");
        let case = read(&path);
        if let Some(puzzles) = macro_input(&case, "include_puzzles") {
            input.extend(puzzles);
            match try_include_puzzles(input) {
                Ok(_) => panic!("{} compiles", path.display()),
                Err(PuzzlesFailure::Call(tokens)) => panic!("{}: {tokens}", path.display()),
                Err(PuzzlesFailure::Chess(_, d)) => assert_eq!(
                    d[0].kind,
                    kind,
                    "{} fails with {:?}: {}",
                    path.display(),
                    d[0].kind,
                    d[0].message
                ),
            }
            continue;
        }
        let result = match macro_input(&case, "puzzle") {
            Some(puzzle) => {
                input.extend(puzzle);
                try_puzzle(input)
            }
            None => {
                input.extend(game_input(&case));
                try_game(input)
            }
        };
        match result {
            Ok(_) => panic!("{} compiles", path.display()),
            Err(Failure::Call(tokens)) => panic!("{}: {tokens}", path.display()),
            Err(Failure::Chess(_, d)) => assert_eq!(
                d.kind,
                kind,
                "{} fails with {:?}: {}",
                path.display(),
                d.kind,
                d.message
            ),
        }
    }
}

#[test]
fn the_catalogue_is_generated_from_the_cases() {
    let path = root().join("guide/catalogue.md");
    let generated = generate();
    if std::env::var_os("UPDATE_CATALOGUE").is_some() {
        std::fs::write(&path, &generated).expect("write guide/catalogue.md");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "guide/catalogue.md is out of date: run UPDATE_CATALOGUE=1 cargo test --test catalogue and review the diff"
    );
}
