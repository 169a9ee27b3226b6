//! The `chess-verify` binary on small files written by the tests.

use std::path::PathBuf;

mod common;

use common::{json_records, run};

fn dir() -> PathBuf {
    common::dir("chess-verify-cli")
}

fn file(name: &str, contents: &[u8]) -> PathBuf {
    let path = dir().join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

const LEGAL: &str =
    "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n\n1. d4 (1. c4) 1... d5 *\n";
const ILLEGAL: &str = "[Event \"a\"]\n\n1. e4 e5\n2. Bc5 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1\n";

#[test]
fn legal_files_exit_zero_with_a_summary() {
    let path = file("legal.pgn", LEGAL.as_bytes());
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("checked 1 file: 2 games (2 legal, 6 plies), no errors in "),
        "{out}"
    );
}

#[test]
fn illegal_moves_are_shown_under_the_move() {
    let path = file("illegal.pgn", ILLEGAL.as_bytes());
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let name = path.display().to_string();
    let expected = format!(
        "error[cannot-reach]: White cannot play `2. Bc5`: no white bishop can reach c5 (they are on c1 and f1)\n \
         --> {name}:4:4\n  \
         |\n\
         4 | 2. Bc5 Nc6 *\n  \
         |    ^^^\n"
    );
    assert!(out.starts_with(&expected), "{out}\nexpected:\n{expected}");
    assert!(out.contains(&format!("--> {name}:12:19")), "{out}");
    assert!(
        out.contains("error[wrong-marker]: `2... Qh4` is marked `+`, but it is checkmate"),
        "{out}"
    );
    assert!(out.contains("help: write `Qh4#`"), "{out}");
    assert!(
        out.trim_end().ends_with(" games/s")
            && out.contains("3 games (1 legal, 2 plies), 2 errors in "),
        "{out}"
    );
}

#[test]
fn json_has_one_record_per_problem_and_a_summary() {
    let path = file("illegal-json.pgn", ILLEGAL.as_bytes());
    let (code, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let records = json_records(&out);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["type"], "problem");
    assert_eq!(records[0]["game"], 1);
    assert_eq!(records[0]["line"], 4);
    assert_eq!(records[0]["column"], 4);
    assert_eq!(records[0]["end_column"], 7);
    assert_eq!(records[0]["code"], "cannot-reach");
    assert_eq!(records[0]["text"], "Bc5");
    assert_eq!(records[1]["game"], 3);
    assert_eq!(records[1]["code"], "wrong-marker");
    assert_eq!(records[2]["type"], "summary");
    assert_eq!(records[2]["games"], 3);
    assert_eq!(records[2]["errors"], 2);
}

/// The help is there twice: as the lines a person reads, and as data a
/// tool can act on (the moves proposed, the flag that would accept it).
#[test]
fn json_gives_the_help_as_data() {
    let path = file(
        "help-json.pgn",
        b"1. e4 e5 2. Nf4 *\n\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1\"]\n\n1. Kxd2 Ke7 1/2-1/2\n",
    );
    let (code, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let records = json_records(&out);
    let knight = &records[0];
    assert_eq!(knight["help"][0], "did you mean `Nf3`?");
    assert_eq!(
        knight["suggestions"][0],
        serde_json::json!({ "type": "did-you-mean", "moves": ["Nf3"] })
    );
    assert_eq!(knight["suggestions"][1]["type"], "legal-moves");
    assert_eq!(knight["suggestions"][1]["heading"], "legal knight moves");
    assert_eq!(
        knight["suggestions"][1]["moves"],
        serde_json::json!(["Na3", "Nc3", "Ne2", "Nf3", "Nh3"])
    );
    let dead = &records[1];
    assert_eq!(dead["code"], "game-over");
    assert_eq!(
        dead["suggestions"][0],
        serde_json::json!({ "type": "option", "option": "moves_after_draw", "flag": "--moves-after-draw" })
    );
}

#[test]
fn unreadable_input_exits_two() {
    let missing = dir().join("missing.pgn");
    let legal = file("before-missing.pgn", LEGAL.as_bytes());
    let (code, out, err) = run(&[legal.to_str().unwrap(), missing.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("missing.pgn: cannot read: no such file"),
        "{err}"
    );
    assert!(
        out.contains("2 games (2 legal, 6 plies), no errors, 1 unreadable"),
        "{out}"
    );
}

/// PGN's own character set is ISO 8859-1, and older archives are written
/// in it or in Windows-1252: such text is read, with a note.
#[test]
fn latin1_text_is_read_with_a_note() {
    let latin1 = file(
        "latin1.pgn",
        b"[White \"M\xfcller\"]\n[Black \"\x93Ivan\x94\"]\n\n1. e4 e5 2. Bc5 *\n",
    );
    let path = latin1.to_str().unwrap();
    let (code, out, err) = run(&[path]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("latin1.pgn: not UTF-8 text: read as Windows-1252 from line 1 on"),
        "{err}"
    );
    assert!(out.contains("latin1.pgn:4:13"), "{out}");
    let (_, out, _) = run(&["--format", "json", path]);
    let records = json_records(&out);
    assert_eq!(records[0]["type"], "note");
    assert_eq!(records[1]["code"], "cannot-reach");
    // Forcing UTF-8 refuses it, naming the byte.
    let (code, _, err) = run(&["--encoding", "utf-8", path]);
    assert_eq!(code, 2);
    assert!(
        err.contains("latin1.pgn:1:10: not UTF-8 text (byte 0xFC)"),
        "{err}"
    );
    // Forcing Latin-1: no note.
    let (code, _, err) = run(&["--encoding", "latin-1", path]);
    assert_eq!((code, err.as_str()), (1, ""));
}

#[test]
fn binary_files_are_reported_not_fatal() {
    // Any bytes: read as Windows-1252, every game checked and reported.
    let bytes: Vec<u8> = (0u8..=255).cycle().take(10_000).collect();
    let binary = file("binary.pgn", &bytes);
    let (code, out, _) = run(&[binary.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error"), "{out}");
    // As UTF-8 only, the first byte that is not is located (byte 128 is on
    // line 3, after the `\n` at byte 10 and the `\r` alone at byte 13).
    let (code, _, err) = run(&["--encoding", "utf-8", binary.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("binary.pgn:3:115: not UTF-8 text (byte 0x80)"),
        "{err}"
    );
    // Control characters and NULs: a diagnostic, and the next game is
    // still checked.
    let mut with_nul = b"[Event \"a\"]\n1. e4 \0 e5 *\n\n".to_vec();
    with_nul.extend_from_slice(ILLEGAL.as_bytes());
    let nul = file("nul.pgn", &with_nul);
    let (code, out, _) = run(&["--format", "json", nul.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let records = json_records(&out);
    assert_eq!(records[0]["line"], 2);
    assert_eq!(records[0]["column"], 7);
    assert_eq!(records[1]["text"], "Bc5");
    assert_eq!(records[1]["line"], 7);
    assert_eq!(records.last().unwrap()["games"], 4);
}

#[test]
fn moves_after_a_draw_need_the_flag() {
    let path = file(
        "dead.pgn",
        b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1\"]\n\n1. Kxd2 Ke7 1/2-1/2\n",
    );
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("accept moves after a draw the rules impose with `--moves-after-draw`"),
        "{out}"
    );
    let (code, out, _) = run(&["--moves-after-draw", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn several_files_are_reported_in_order() {
    let a = file("order-a.pgn", ILLEGAL.as_bytes());
    let b = file("order-b.pgn", LEGAL.as_bytes());
    let c = file("order-c.pgn", ILLEGAL.as_bytes());
    let (code, out, _) = run(&[
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        c.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    let a_at = out.find("order-a.pgn:4:4").unwrap();
    let c_at = out.find("order-c.pgn:4:4").unwrap();
    assert!(a_at < c_at);
    assert!(out.contains("checked 3 files: 8 games"), "{out}");
}

#[test]
fn usage_errors() {
    let (code, _, err) = run(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("Usage: chess-verify"), "{err}");
    let path = file("usage.pgn", LEGAL.as_bytes());
    let path = path.to_str().unwrap();
    for (args, says) in [
        (
            &["--max-errors", "0"][..],
            "`0` is not a number of 1 or more",
        ),
        (&["--shard", "2"], "`2` is not K/N (e.g. `2/8`)"),
        (&["--shard", "0/3"], "K must be between 1 and N"),
        (
            &["--encoding", "ebcdic"],
            "invalid value 'ebcdic' for '--encoding",
        ),
        (&["--format", "xml"], "invalid value 'xml' for '--format"),
    ] {
        let mut args = args.to_vec();
        args.push(path);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn variant_games_are_checked_under_their_rules() {
    // A crazyhouse drop answering a check, antichess captures, and a
    // compulsory capture missed: shown under the move, with the
    // variant's reason.
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. P@e4 *\n\n\
                [Variant \"Antichess\"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxh4 *\n\n\
                [Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n";
    let path = file("variants.pgn", text.as_bytes());
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let name = path.display().to_string();
    let expected = format!(
        "error[compulsory-capture]: White cannot play `2. Nf3`: captures are compulsory in antichess: `exd5` captures\n  --> {name}:11:13\n   |\n11 | 1. e4 d5 2. Nf3 *\n   |             ^^^\n"
    );
    assert!(out.starts_with(&expected), "{out}");
    assert!(
        out.contains("3 games (2 legal, 12 plies), 1 error"),
        "{out}"
    );
}

#[test]
fn variant_names_the_rules_of_untagged_games() {
    // Untagged: the drop is refused in standard chess, read under
    // `--variant crazyhouse`; a game's own tag wins; an unknown name is
    // a usage error.
    let text = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. P@e4 *\n\n\
                [Variant \"Antichess\"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxh4 *\n";
    let path = file("untagged.pgn", text.as_bytes());
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error[drop]"), "{out}");
    assert!(
        out.contains("help: for a crazyhouse game, write the tag `[Variant \"Crazyhouse\"]`"),
        "{out}"
    );
    let (code, out, _) = run(&["--variant", "Crazy House", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("2 games (2 legal, 12 plies)"), "{out}");
    // Ataxx is one of Fairy-Stockfish's built-in variants: the untagged
    // game is read under it, and its first move is none of ataxx's (the
    // tagged game stays antichess).
    let (code, out, _) = run(&["--variant", "ataxx", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal, 5 plies), 1 error"), "{out}");
    assert!(
        out.contains("White cannot play `1. e4`: ataxx has no pawn: name the piece"),
        "{out}"
    );
    let (code, _, err) = run(&["--variant", "shoggi", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--variant: the variant `shoggi` is not one verified"),
        "{err}"
    );
}

/// `--board always` draws the position before the bad move under its
/// report, with the side to move and the FEN, aligned with the report's
/// gutter (here a two-digit line number); `never`, and the default when
/// the output is not a terminal, draw none; JSON gives the FEN.
#[test]
fn the_board_where_it_went_wrong() {
    let path = file(
        "board.pgn",
        b"[Event \"a\"]\n\n\n\n\n\n\n\n\n1. e4 e5 2. Ke3 *\n",
    );
    let name = path.display().to_string();
    let (code, out, _) = run(&["--board", "always", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "error[cannot-reach]: White cannot play `2. Ke3`: e1 to e3 is not a king move: a king moves one square (or castles with `O-O`/`O-O-O`)\n  \
         --> {name}:10:13\n   \
         |\n\
         10 | 1. e4 e5 2. Ke3 *\n   \
         |             ^^^\n   \
         |\n   \
         = help: the king on e1 can play `Ke2`\n   \
         = note: the position, White to move: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n       \
         +-----------------+\n     \
         8 | r n b q k b n r |\n     \
         7 | p p p p . p p p |\n     \
         6 | . . . . . . . . |\n     \
         5 | . . . . p . . . |\n     \
         4 | . . . . P . . . |\n     \
         3 | . . . . . . . . |\n     \
         2 | P P P P . P P P |\n     \
         1 | R N B Q K B N R |\n       \
         +-----------------+\n         \
         a b c d e f g h\n\n"
    );
    assert!(out.starts_with(&expected), "{out}\nexpected:\n{expected}");
    for args in [&["--board", "never"][..], &[]] {
        let (_, out, _) = run(&[args, &[path.to_str().unwrap()]].concat());
        assert!(
            !out.contains("the position") && !out.contains("+---"),
            "{out}"
        );
    }
    let (_, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    let records = json_records(&out);
    assert_eq!(
        records[0]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // A refusal that names another move points at it.
    let castle = file(
        "related.pgn",
        b"1. e4 e5 2. Ke2 Nc6 3. Ke1 Nf6 4. Nf3 Bc5 5. Bc4 d6 6. O-O *\n",
    );
    let (_, out, _) = run(&["--format", "json", castle.to_str().unwrap()]);
    assert_eq!(
        json_records(&out)[0]["related"],
        serde_json::json!([{ "line": 1, "column": 13, "end_line": 1, "end_column": 16, "message": "the right to castle kingside was lost here" }])
    );
    // A problem that is not about a move has no position.
    let marker = file("marker.pgn", b"1. f3 e5 2. g4 Qh4+ 0-1\n");
    let (_, out, _) = run(&["--format", "json", marker.to_str().unwrap()]);
    assert_eq!(json_records(&out)[0]["fen"], serde_json::Value::Null);
}

/// A variant's board shows what the variant adds: Crazyhouse's pockets.
#[test]
fn the_board_of_a_variant() {
    let path = file(
        "board-zh.pgn",
        b"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Q@e4 *\n",
    );
    let (code, out, _) = run(&["--board", "always", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("= note: the position, White to move: rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3\n      Black's pocket: p\n      +---"), "{out}");
    assert!(
        out.contains("a b c d e f g h\n      White's pocket: P\n"),
        "{out}"
    );
}

/// The guide's VS Code task (`guide/editor.md`) reads each problem of the
/// human output: its two patterns, applied to consecutive lines as VS Code
/// applies a multi-line problem matcher, give the severity, the kind, the
/// message, the file, the line and the column.
#[test]
fn the_guides_problem_matcher_reads_the_output() {
    let guide = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../guide/editor.md"))
        .unwrap();
    let json = guide
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a json block");
    let tasks: serde_json::Value = serde_json::from_str(json).unwrap();
    let matcher = &tasks["tasks"][0]["problemMatcher"];
    assert_eq!(matcher["fileLocation"], "absolute");
    let patterns: Vec<regex::Regex> = matcher["pattern"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| regex::Regex::new(p["regexp"].as_str().unwrap()).unwrap())
        .collect();
    let path = file("matcher.pgn", ILLEGAL.as_bytes());
    let args: Vec<String> = tasks["tasks"][0]["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            a.as_str()
                .unwrap()
                .replace("${file}", path.to_str().unwrap())
        })
        .collect();
    let (_, out, _) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let lines: Vec<&str> = out.lines().collect();
    let mut found = Vec::new();
    for pair in lines.windows(2) {
        if let (Some(first), Some(second)) =
            (patterns[0].captures(pair[0]), patterns[1].captures(pair[1]))
        {
            found.push((
                first[1].to_string(),
                first[2].to_string(),
                first[3].to_string(),
                second[1].to_string(),
                second[2].parse::<u32>().unwrap(),
                second[3].parse::<u32>().unwrap(),
            ));
        }
    }
    let name = path.display().to_string();
    assert_eq!(
        found,
        [
            (
                "error".into(),
                "cannot-reach".into(),
                "White cannot play `2. Bc5`: no white bishop can reach c5 (they are on c1 and f1)"
                    .into(),
                name.clone(),
                4,
                4
            ),
            (
                "error".into(),
                "wrong-marker".into(),
                "`2... Qh4` is marked `+`, but it is checkmate".into(),
                name,
                12,
                19
            ),
        ]
    );
}

#[test]
fn a_misspelt_tag_is_a_warning_whether_or_not_the_game_verifies() {
    // The first game fails at its first move because `Fen` is not read
    // (it starts from the standard position, where b1 holds a knight):
    // the warning says why. The second game is legal under standard
    // chess; its `Varient` tag is warned about, and on its own the file
    // passes.
    let text = "[Fen \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *\n\n\
                [Varient \"Atomic\"]\n\n1. e4 *\n";
    let path = file("misspelt-tags.pgn", text.as_bytes());
    let name = path.display().to_string();
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "warning[bad-tag]: the tag `Fen` is not read, so the game starts from the standard position\n \
         --> {name}:1:2\n  |\n1 | [Fen \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n  |  ^^^\n  |\n  \
         = help: did you mean `FEN`?\n  = help: tag names are case-sensitive; this is a warning\n\nerror[own-piece]:"
    );
    assert!(out.starts_with(&expected), "{out}");
    assert!(
        out.contains(&format!(
            "warning[bad-tag]: the tag `Varient` is not read, so the game is played by the rules of standard chess\n \
             --> {name}:5:2\n"
        )),
        "{out}"
    );
    assert!(
        out.contains("2 games (1 legal, 1 ply), 1 error, 2 warnings"),
        "{out}"
    );
    let second = &text[text.find("[Varient").unwrap()..];
    let only_warned = file("variant-misspelt.pgn", second.as_bytes());
    let (code, out, _) = run(&[only_warned.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("1 game (1 legal, 1 ply), no errors, 1 warning"),
        "{out}"
    );
}

#[test]
fn a_drop_refused_under_a_misspelt_variant_tag_names_the_tag() {
    // The drop fails while the game is read, before a warning could be
    // given: its error says why and points at the tag.
    let text = "[Varient \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n";
    let path = file("varient.pgn", text.as_bytes());
    let (code, out, _) = run(&[path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("error[drop]: `P@d5` drops a piece"),
        "{out}"
    );
    assert!(
        out.contains("= help: the tag `Varient` is not read: did you mean `Variant`?"),
        "{out}"
    );
    let (_, out, _) = run(&["--format", "json", path.to_str().unwrap()]);
    assert!(
        out.contains(r#""related":[{"column":2,"end_column":9,"end_line":1,"line":1,"message":"the tag `Varient` is not read"}]"#),
        "{out}"
    );
}

/// Runs the binary on `path` with `--jobs jobs` and a bug made on purpose
/// where a piece holds `text` (`CHESS_VERIFY_PANIC`, which only a debug
/// build reads): exit status, standard output and standard error.
#[cfg(debug_assertions)]
fn with_a_bug(path: &std::path::Path, jobs: &str, text: &str) -> (i32, String, String) {
    let env = [("CHESS_VERIFY_PANIC", text), ("RUST_BACKTRACE", "0")];
    common::run_in(&["--jobs", jobs, path.to_str().unwrap()], b"", &env)
}

/// A bug (a panic) ends the run with exit status 101, asks for a report
/// on standard error and names the games to send (the piece being
/// checked, from its first line), then Rust's message says where it
/// happened, on one thread as on several.
#[cfg(debug_assertions)]
#[test]
fn a_bug_says_so_and_asks_for_a_report() {
    let path = file("bug.pgn", LEGAL.as_bytes());
    for jobs in ["1", "2"] {
        let (code, out, err) = with_a_bug(&path, jobs, "1. d4");
        assert_eq!(code, 101, "--jobs {jobs}: {err}");
        let mut lines = err.splitn(3, '\n');
        assert_eq!(
            lines.next().unwrap(),
            "error: internal error in verified-chess (CHESS_VERIFY_PANIC: a bug on purpose); \
             this is a bug, please report it with the games below and the command line",
            "--jobs {jobs}"
        );
        assert_eq!(
            lines.next().unwrap(),
            format!(
                "note: it was checking the games of {} from line 1 on",
                path.display()
            ),
            "--jobs {jobs}"
        );
        let rust = lines.next().unwrap();
        // The thread that checked: this one, or a worker named for it
        // (`check 1` or `check 2`, whichever took the piece).
        let thread = if jobs == "1" { "main' (" } else { "check " };
        assert!(
            rust.contains(&format!("thread '{thread}"))
                && rust.contains(") panicked at chess-verify/src/bug.rs:")
                && rust.contains("\nCHESS_VERIFY_PANIC: a bug on purpose\n"),
            "--jobs {jobs}: {err}"
        );
        // Nothing is reported as checked: the run did not end.
        assert!(!out.contains("checked"), "--jobs {jobs}: {out}");
    }
    // Without the variable's text in the file, or with no text, nothing
    // happens.
    for text in ["Qh4", ""] {
        let (code, _, err) = with_a_bug(&path, "1", text);
        assert_eq!(code, 0, "{text:?}: {err}");
    }
}

/// In a collection of many pieces, the games named are those of the piece
/// with the bug: from a game's first line, before the bug's game and
/// less than two pieces' bytes from it.
#[cfg(debug_assertions)]
#[test]
fn a_bug_names_the_piece_it_was_met_in() {
    let mut text = String::new();
    for n in 0..20_000 {
        text.push_str(&format!("[Event \"{n}\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n"));
    }
    let path = file("bug-later.pgn", text.as_bytes());
    let lines: Vec<&str> = text.lines().collect();
    let bug = lines
        .iter()
        .position(|l| *l == "[Event \"15000\"]")
        .unwrap()
        + 1;
    for jobs in ["1", "2"] {
        let (code, _, err) = with_a_bug(&path, jobs, "[Event \"15000\"]");
        assert_eq!(code, 101, "--jobs {jobs}: {err}");
        let note = err.lines().nth(1).unwrap();
        let prefix = format!(
            "note: it was checking the games of {} from line ",
            path.display()
        );
        let from: usize = note
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(" on"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("--jobs {jobs}: {note}"));
        assert!(
            from > 1 && from <= bug,
            "--jobs {jobs}: {from}, the bug at {bug}"
        );
        assert!(
            lines[from - 1].starts_with("[Event "),
            "--jobs {jobs}: {from}"
        );
        let bytes: usize = lines[from - 1..bug - 1].iter().map(|l| l.len() + 1).sum();
        assert!(
            bytes < 2 * (256 << 10),
            "--jobs {jobs}: {bytes} bytes before the bug"
        );
    }
}
