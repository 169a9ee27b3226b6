//! The dialect corpus in `tests/dialects/`: small files written in the
//! style of lichess, chess.com, TCEC, Cute Chess, ChessBase, python-chess,
//! chess.js, a book in figurines, a German club, a forum post and a hand
//! typist, and real files' quirks (`quirks.pgn`: a result glued to an
//! annotation, a FEN's fullmove number `0`). `chess-verify` checks every
//! file without an error, and reads
//! every game to the moves that python-chess, an independent reader, reads
//! (`oracle.txt`, written by `oracle.py`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

mod common;

use common::run;

use chess_core::{Options, Source, verify};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dialects")
}

fn files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// The oracle's games: file name → SAN of each game's main line.
fn oracle() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(corpus().join("oracle.txt")).expect("oracle.txt");
    let mut games: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines() {
        let mut fields = line.splitn(3, '\t');
        let (Some(file), Some(_), Some(sans)) = (fields.next(), fields.next(), fields.next())
        else {
            panic!("oracle line {line:?}");
        };
        games
            .entry(file.to_string())
            .or_default()
            .push(sans.to_string());
    }
    games
}

#[test]
fn every_dialect_reads_to_the_oracles_moves() {
    let oracle = oracle();
    let files = files();
    assert_eq!(files.len(), oracle.len(), "a file without oracle games");
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let source = Source::text(text, Some(name.clone()), None);
        let mut games = verify(&source, Options::default()).skipping_text(false);
        let mut sans = Vec::new();
        for game in &mut games {
            match game {
                Ok(game) => sans.push(game.san()),
                Err(d) => panic!("{name}: {}", d.message),
            }
        }
        assert_eq!(Some(&sans), oracle.get(&name), "{name}");
    }
}

#[test]
fn the_cli_checks_every_dialect_file_without_an_error() {
    let oracle = oracle();
    for path in files() {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let (code, out, err) = run(&["--format", "json", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let summary = records.last().unwrap();
        assert_eq!(summary["type"], "summary");
        assert_eq!(summary["games"], oracle[&name].len(), "{name}");
        assert_eq!(summary["errors"], 0, "{name}");
        // The one warning: a FEN's fullmove number `0`, read as 1.
        let warnings = u64::from(name == "quirks.pgn");
        assert_eq!(summary["warnings"], warnings, "{name}");
        let notes: Vec<&str> = records
            .iter()
            .filter(|r| r["type"] == "note")
            .map(|r| r["message"].as_str().unwrap())
            .collect();
        if name == "forum-post.pgn" {
            assert_eq!(
                notes,
                [
                    "1:1: skipped text that is not PGN (to line 2): `Hi all, here is my last club game. I lost on time but I thin…`",
                    "4:1: skipped a forum post's wrapper line: `[pgn]`",
                    "11:1: skipped a forum post's wrapper line: `[/pgn]`",
                    "13:1: skipped text that is not PGN: `Thanks in advance!`",
                ]
            );
        } else {
            assert!(notes.is_empty(), "{name}: {notes:?}");
        }
    }
}

#[test]
fn piece_letters_on_the_command_line() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chess-verify-dialects");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("untagged-german.pgn");
    std::fs::write(&path, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n").unwrap();
    let path = path.to_str().unwrap();
    let (code, out, _) = run(&["--piece-letters", "de", path]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&[path]);
    assert_eq!(code, 1);
    assert!(
        out.contains("= help: `S` is the knight in German (`Springer`): to read these piece letters, add the tag `[PieceLetters \"de\"]` before the moves"),
        "{out}"
    );
    let (code, _, err) = run(&["--piece-letters", "klingon", path]);
    assert_eq!(code, 2);
    assert!(err.contains("`klingon` names no language"), "{err}");
}

#[test]
fn an_unfinished_record_and_a_move_zero_are_warnings() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chess-verify-dialects");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("unfinished.pgn");
    std::fs::write(
        &path,
        "1. f3 e5 2. g4 Qh4# *\n\n[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0\"]\n\n1. Re8# *\n\n1. e4 *\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let (code, out, _) = run(&[path]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("warning[wrong-result]: the result `*` contradicts the final position: Black checkmated White"),
        "{out}"
    );
    assert!(
        out.contains("= help: `*` is read as a record left unfinished; this is a warning"),
        "{out}"
    );
    assert!(!out.contains("to keep it"), "{out}");
    assert!(
        out.contains(
            "warning[bad-setup]: the fullmove number `0` is read as 1: moves are numbered from 1"
        ),
        "{out}"
    );
    assert!(
        out.contains("checked 1 file: 3 games (3 legal, 6 plies), no errors, 3 warnings"),
        "{out}"
    );
    let (code, out, _) = run(&["--format", "json", path]);
    assert_eq!(code, 0, "{out}");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let warnings: Vec<(&str, u64, &str)> = records
        .iter()
        .filter(|r| r["type"] == "warning")
        .map(|r| {
            (
                r["code"].as_str().unwrap(),
                r["game"].as_u64().unwrap(),
                r["text"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        warnings,
        [
            ("wrong-result", 1, "*"),
            ("bad-setup", 2, "0"),
            ("wrong-result", 2, "*")
        ]
    );
}
