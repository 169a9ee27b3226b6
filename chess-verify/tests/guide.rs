//! Every `$ chess-verify …` example of the guide (`guide/*.md`) is run on
//! the files the guide shows, and prints what the guide says it prints
//! (but for the time and speed in the summary line).
//!
//! A file is a fenced block right after a line naming it (`` `games.pgn`: ``);
//! an example is a `console` block: `$ chess-verify ARGS`, then its output.

use std::path::Path;

mod common;

/// A guide's files and examples, in order.
struct Page {
    files: Vec<(String, String)>,
    examples: Vec<(Vec<String>, String)>,
}

fn read(page: &str) -> Page {
    let mut files = Vec::new();
    let mut examples = Vec::new();
    let mut lines = page.lines().peekable();
    let mut named: Option<String> = None;
    while let Some(line) = lines.next() {
        // A plain file name (a path names a file of the repository).
        if let Some(name) = line
            .strip_prefix('`')
            .and_then(|l| l.strip_suffix("`:"))
            .filter(|name| !name.contains('/'))
        {
            named = Some(name.to_string());
            continue;
        }
        let Some(lang) = line.strip_prefix("```") else {
            if !line.trim().is_empty() {
                named = None;
            }
            continue;
        };
        let mut body = Vec::new();
        for l in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push(l);
        }
        if lang == "console" {
            let Some(command) = body.first().and_then(|l| l.strip_prefix("$ chess-verify")) else {
                continue;
            };
            let args = command.split_whitespace().map(str::to_string).collect();
            let mut output = body[1..].join("\n");
            output.push('\n');
            examples.push((args, output));
        } else if let Some(name) = named.take() {
            files.push((name, body.join("\n") + "\n"));
        }
    }
    Page { files, examples }
}

/// The summary line without what changes from run to run.
fn steady(output: &str) -> String {
    output
        .lines()
        .map(
            |line| match (line.starts_with("checked "), line.rfind(" in ")) {
                (true, Some(at)) => format!("{} in … s, … games/s", &line[..at]),
                _ => line.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_example_prints_what_the_guide_says() {
    let guide = Path::new(env!("CARGO_MANIFEST_DIR")).join("../guide");
    let mut ran = 0;
    for entry in std::fs::read_dir(&guide).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let page = read(&std::fs::read_to_string(&path).unwrap());
        let chapter = path.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = common::dir(&format!("guide-{chapter}"));
        for (name, contents) in &page.files {
            std::fs::write(dir.join(name), contents).unwrap();
        }
        for (args, expected) in &page.examples {
            let output = std::process::Command::new(env!("CARGO_BIN_EXE_chess-verify"))
                .args(args)
                .current_dir(&dir)
                .output()
                .unwrap();
            let out = String::from_utf8(output.stdout).unwrap();
            assert_eq!(
                steady(&out),
                steady(expected),
                "guide/{chapter}.md: `chess-verify {}`",
                args.join(" ")
            );
            ran += 1;
        }
    }
    // The examples of `cli.md` and `verification.md` at least.
    assert!(ran >= 2, "{ran} examples");
}

#[test]
fn reads_files_and_examples() {
    let page = read(
        "`a.pgn`:\n\n```text\n1. e4 *\n```\n\ntext\n\n```text\nnot a file\n```\n\n```console\n$ chess-verify --x a.pgn\nout\n```\n",
    );
    assert_eq!(page.files, [("a.pgn".to_string(), "1. e4 *\n".to_string())]);
    assert_eq!(
        page.examples,
        [(
            vec!["--x".to_string(), "a.pgn".to_string()],
            "out\n".to_string()
        )]
    );
}
