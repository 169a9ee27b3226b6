//! `chess-verify` on collections as they come: standard input, compressed
//! files, large files, many threads, shards, CI output formats.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

mod common;

use common::{json_records, run, run_with};

fn dir() -> PathBuf {
    common::dir("chess-verify-scale")
}

fn file(name: &str, contents: &[u8]) -> PathBuf {
    let path = dir().join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The problems of `--format json` output as (game, line, column, code).
fn problems(out: &str) -> Vec<(u64, u64, u64, String)> {
    json_records(out)
        .iter()
        .filter(|r| r["type"] == "problem")
        .map(|r| {
            (
                r["game"].as_u64().unwrap(),
                r["line"].as_u64().unwrap(),
                r["column"].as_u64().unwrap(),
                r["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn summary(out: &str) -> serde_json::Value {
    json_records(out).pop().unwrap()
}

const GAME: &str = "[Event \"ok\"]\n\n1. e4 e5 2. Nf3 Nc6 {a comment with [brackets]\n[Event \"not a tag\"] {NOISE}} 3. Bb5 a6 1-0\n\n";
const BAD: &str = "[Event \"bad\"]\n\n1. d4 d5 2. Bc4 *\n\n";

/// `n` games, every `every`-th one illegal; and its problems' positions.
fn collection(n: usize, every: usize) -> (String, Vec<(u64, u64, u64, String)>) {
    let mut text = String::new();
    let mut want = Vec::new();
    let mut line = 1;
    let mut noise = 0x2545_f491_4f6c_dd1d_u64;
    for i in 0..n {
        let game = if i % every == every - 1 {
            want.push((i as u64 + 1, line + 2, 13, "blocked".to_string()));
            BAD.to_string()
        } else {
            // Text that does not compress away, so that compressed files
            // have some size.
            noise ^= noise << 13;
            noise ^= noise >> 7;
            noise ^= noise << 17;
            GAME.replace("{NOISE}", &format!("{noise:016x}"))
        };
        text.push_str(&game);
        // Each game ends with a line break: its lines are its breaks.
        line += game.matches('\n').count() as u64;
    }
    (text, want)
}

#[test]
fn standard_input() {
    let (text, want) = collection(50, 7);
    let (code, out, _) = run_with(&["--format", "json", "-"], text.as_bytes());
    assert_eq!(code, 1);
    assert_eq!(problems(&out), want);
    let records = json_records(&out);
    assert_eq!(records[0]["file"], "<stdin>");
    assert_eq!(summary(&out)["games"], 50);
}

#[test]
fn compressed_files_by_their_bytes() {
    let (text, want) = collection(300, 11);
    let zst = zstd::encode_all(text.as_bytes(), 3).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(text.as_bytes()).unwrap();
    let bz = bz.finish().unwrap();
    // Names that do not say it: the first bytes do.
    for (name, bytes) in [("a.pgn.zst", &zst), ("b.pgn", &gz), ("c.data", &bz)] {
        let path = file(name, bytes);
        let (code, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: {out}");
        assert_eq!(problems(&out), want, "{name}");
        assert_eq!(summary(&out)["games"], 300, "{name}");
    }
    // Compressed standard input.
    let (code, out, _) = run_with(&["--format", "json", "-"], &zst);
    assert_eq!(code, 1);
    assert_eq!(problems(&out), want);
    // Concatenated gzip members are one stream.
    let mut twice = gz.clone();
    twice.extend_from_slice(&gz);
    let path = file("twice.pgn.gz", &twice);
    let (_, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    assert_eq!(summary(&out)["games"], 600);
}

#[test]
fn truncated_zstd_reports_the_offset_and_every_game_before() {
    let (text, want) = collection(4000, 13);
    let zst = zstd::encode_all(text.as_bytes(), 1).unwrap();
    let cut = zst.len() * 3 / 4;
    let path = file("truncated.pgn.zst", &zst[..cut]);
    // On one thread (open pieces) as on two (pieces cut first).
    let (code, one, err) = run(&["--format", "json", "--jobs", "1", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = run(&["--format", "json", "--jobs", "2", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let without_time = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.contains("\"summary\""))
            .map(String::from)
            .collect()
    };
    assert_eq!(without_time(&one), without_time(&out));
    let records = json_records(&out);
    let failure = records.iter().find(|r| r["type"] == "unreadable").unwrap();
    let message = failure["message"].as_str().unwrap();
    assert!(
        message.contains("truncated.pgn.zst: the zstd stream is truncated or corrupt at byte ")
            && message.ends_with("; the text before it was checked, its last game as it stands"),
        "{message}"
    );
    // Every game the decompressor delivered was checked, and its problems
    // reported: the last as it stands, cut off by the error.
    let mut found = problems(&out);
    let games = summary(&out)["games"].as_u64().unwrap();
    assert!(games > 2000 && games < 4000, "{games}");
    let last = found.pop().unwrap();
    assert_eq!(found, want[..found.len()]);
    assert_eq!(
        last.0, games,
        "the last problem is the last game's: {last:?}"
    );
    assert!(
        found.len() as u64 >= games / 13 - 1,
        "{games} games, {found:?}"
    );
    // The same in the human format: the error names the file.
    let (code, _, err) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("error: ") && err.contains("truncated.pgn.zst"),
        "{err}"
    );
}

#[test]
fn a_corrupt_gzip_stream_is_an_error() {
    let (text, _) = collection(100, 5);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let mut gz = gz.finish().unwrap();
    let middle = gz.len() / 2;
    for b in &mut gz[middle..middle + 64] {
        *b ^= 0x5A;
    }
    let path = file("corrupt.pgn.gz", &gz);
    let (code, _, err) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("corrupt.pgn.gz: the gzip stream is truncated or corrupt at byte"),
        "{err}"
    );
}

#[test]
fn a_ten_megabyte_comment() {
    let mut text = String::from("[Event \"long\"]\n\n1. e4 {");
    let filler = "a comment line [with brackets] and \"quotes\"\n";
    while text.len() < 10 << 20 {
        text.push_str(filler);
    }
    text.push_str("} e5 2. Bc5 *\n\n");
    let lines = text.lines().count() as u64;
    text.push_str(BAD);
    let path = file("long-comment.pgn", text.as_bytes());
    let (code, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        problems(&out),
        vec![
            (1, lines - 1, 9, "cannot-reach".to_string()),
            (2, lines + 3, 13, "blocked".to_string()),
        ]
    );
}

/// The output is the same, byte for byte, whatever the number of threads.
#[test]
fn output_in_input_order_whatever_the_threads() {
    let (text, want) = collection(12_000, 17);
    assert!(text.len() > 1 << 20);
    let path = file("many.pgn", text.as_bytes());
    let path = path.to_str().unwrap();
    let (_, one, _) = run(&["--jobs", "1", "--format", "json", path]);
    assert_eq!(problems(&one), want);
    let strip = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.contains("\"summary\""))
            .map(str::to_string)
            .collect()
    };
    for jobs in ["2", "3", "8", "16"] {
        let (_, many, _) = run(&["--jobs", jobs, "--format", "json", path]);
        assert_eq!(strip(&many), strip(&one), "--jobs {jobs}");
        assert_eq!(summary(&many)["games"], 12_000);
    }
    let (_, human1, _) = run(&["--jobs", "1", path]);
    let (_, human8, _) = run(&["--jobs", "8", path]);
    let body = |out: &str| out[..out.rfind("checked ").unwrap()].to_string();
    assert_eq!(body(&human1), body(&human8));
}

#[test]
fn shards_partition_the_games() {
    let (text, want) = collection(3000, 7);
    let a = file("shard-a.pgn", text.as_bytes());
    // The second file is Latin-1: its offsets change when it is decoded.
    let latin1 = BAD.replace("bad", "b\u{e4}d \u{e4}\u{e4}\u{e4}");
    let latin1: Vec<u8> = latin1.repeat(10).chars().map(|c| c as u8).collect();
    let b = file("shard-b.pgn", &latin1);
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (_, all, _) = run(&["--format", "json", a, b]);
    let mut every: Vec<(String, u64)> = json_records(&all)
        .iter()
        .filter(|r| r["type"] == "problem")
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["game"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(every.len(), want.len() + 10);
    every.sort();
    // On one thread and on three: a shard's games are the same.
    for jobs in ["1", "3"] {
        shards_of(a, b, jobs, &every);
    }
    let (code, _, err) = run(&["--shard", "5/4", a]);
    assert_eq!(code, 2);
    assert!(err.contains("K must be between 1 and N"), "{err}");
}

/// Four shards of `a` and `b` on `jobs` threads check each game once,
/// the game whose index over all inputs is the shard's modulo 4.
fn shards_of(a: &str, b: &str, jobs: &str, every: &[(String, u64)]) {
    let mut union = Vec::new();
    let mut checked = 0;
    for k in 1..=4 {
        let shard = format!("{k}/4");
        let args = ["--format", "json", "--jobs", jobs, "--shard", &shard, a, b];
        let (_, out, _) = run(&args);
        let s = summary(&out);
        assert_eq!(s["games"], 3010, "{shard}");
        checked += s["checked"].as_u64().unwrap();
        for r in json_records(&out).iter().filter(|r| r["type"] == "problem") {
            let game = r["game"].as_u64().unwrap();
            let file = r["file"].as_str().unwrap().to_string();
            // Game numbers are those of the whole file, and the shard is
            // the game's index over all inputs modulo 4.
            let index = if file.ends_with("shard-a.pgn") {
                game - 1
            } else {
                3000 + game - 1
            };
            assert_eq!(index % 4, k - 1, "{shard}, jobs {jobs}: {r}");
            union.push((file, game));
        }
    }
    assert_eq!(checked, 3010, "jobs {jobs}");
    union.sort();
    assert_eq!(union, every, "jobs {jobs}");
}

#[test]
fn max_errors_stops_early() {
    let (text, want) = collection(5000, 3);
    let path = file("max-errors.pgn", text.as_bytes());
    let path = path.to_str().unwrap();
    for jobs in ["1", "4"] {
        let (code, out, _) = run(&[
            "--jobs",
            jobs,
            "--max-errors",
            "5",
            "--format",
            "json",
            path,
        ]);
        assert_eq!(code, 1);
        assert_eq!(problems(&out), want[..5]);
        assert_eq!(summary(&out)["stopped"], true);
    }
    let (_, out, _) = run(&["--max-errors", "2", path]);
    assert!(out.contains("2 errors (stopped at --max-errors)"), "{out}");
}

#[test]
fn github_annotations() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf4 *\n";
    let path = file("gh, 100%.pgn", text.as_bytes());
    let (code, out, _) = run(&["--format", "github", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let first = out.lines().next().unwrap();
    let name = path
        .display()
        .to_string()
        .replace('%', "%25")
        .replace(',', "%2C");
    assert_eq!(
        first,
        format!(
            "::error file={name},line=3,col=13,endLine=3,endColumn=16,title=chess-verify%3A cannot-reach (game 1)::\
             White cannot play `2. Nf4`: no white knight can reach f4 (they are on b1 and g1)\
             %0Ahelp: did you mean `Nf3`?%0Ahelp: legal knight moves: `Na3`, `Nc3`, `Ne2`, `Nf3`, `Nh3`\
             %0Ahelp: moves that reach f4: `f4`"
        )
    );
    assert!(
        out.lines().last().unwrap().starts_with("checked 1 file"),
        "{out}"
    );
}

/// The schema that the `serde-sarif` crate ships (the OASIS SARIF 2.1.0
/// JSON schema), found through `cargo metadata`.
fn sarif_schema() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let metadata = Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout).unwrap();
    let manifest = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .expect("serde-sarif is a dev-dependency")["manifest_path"]
        .as_str()
        .unwrap()
        .to_string();
    let schema = PathBuf::from(manifest)
        .with_file_name("src")
        .join("schema.json");
    serde_json::from_slice(&std::fs::read(schema).unwrap()).unwrap()
}

/// Removes the `pattern` of every `language` property; returns how many.
fn drop_language_patterns(schema: &mut serde_json::Value) -> usize {
    let mut dropped = 0;
    if let Some(object) = schema.as_object_mut() {
        if let Some(language) = object.get_mut("language").and_then(|l| l.as_object_mut())
            && language.remove("pattern").is_some()
        {
            dropped += 1;
        }
        for value in object.values_mut() {
            dropped += drop_language_patterns(value);
        }
    }
    dropped
}

#[test]
fn sarif_validates_against_the_schema() {
    let (text, want) = collection(40, 9);
    let latin1 = file(
        "sarif-latin1.pgn",
        b"[White \"M\xfcller\"]\n1. e4 e5 2. Bc5 *\n",
    );
    let path = file("sarif.pgn", text.as_bytes());
    // A refusal that names another move: a related location.
    let castle = file(
        "sarif-castle.pgn",
        b"1. e4 e5 2. Ke2 Nc6 3. Ke1 Nf6 4. Nf3 Bc5 5. Bc4 d6 6. O-O *\n",
    );
    let missing = dir().join("sarif-missing.pgn");
    let (code, out, _) = run(&[
        "--format",
        "sarif",
        path.to_str().unwrap(),
        latin1.to_str().unwrap(),
        castle.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    let log: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    let mut schema = sarif_schema();
    // The schema's pattern for `language` properties (which this tool does
    // not write) is not a valid regular expression (an unbalanced `]`),
    // and the validator refuses to compile a schema with it.
    assert_eq!(drop_language_patterns(&mut schema), 2);
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let castling = results
        .iter()
        .find(|r| r["ruleId"] == "castling-right-lost")
        .expect("the castling refusal");
    assert_eq!(
        castling["relatedLocations"][0]["physicalLocation"]["region"],
        serde_json::json!({ "startLine": 1, "startColumn": 13, "endLine": 1, "endColumn": 16 })
    );
    assert_eq!(
        castling["relatedLocations"][0]["message"]["text"],
        "the right to castle kingside was lost here"
    );
    // Read back with the schema's types.
    let typed: serde_sarif::sarif::Sarif = serde_json::from_str(&out).unwrap();
    let run = &typed.runs[0];
    let results = run.results.as_ref().unwrap();
    // The collection's and the Latin-1 file's, and the castling refusal.
    assert_eq!(results.len(), 6);
    let first = serde_json::to_value(&results[0]).unwrap();
    assert_eq!(first["ruleId"], "blocked");
    let region = &first["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(want[0].1), Some(13))
    );
    assert_eq!(region["snippet"]["text"], "Bc4");
    let rules = &log["runs"][0]["tool"]["driver"]["rules"];
    assert_eq!(
        rules[first["ruleIndex"].as_u64().unwrap() as usize]["id"],
        "blocked"
    );
    let notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        false
    );
}
