//! lichess puzzle files: every row of `tests/puzzles/lichess.csv` (random
//! endgames in the lichess format, written by `make_fixture.py`) judged as
//! python-chess's exhaustive search judged it (`expected.txt`): sound
//! mates accepted, second solutions, lines that do not mate, wrong move
//! counts, illegal moves and positions rejected at the cell concerned,
//! and other mates on the last move reported as warnings.

use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;

use common::{json_records, run, streamed};

use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::syntax::puzzles::lichess_rows;
use chess_core::{ErrorKind, Help, Source};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/puzzles")
}

fn expected() -> BTreeMap<String, (String, Vec<String>)> {
    std::fs::read_to_string(fixture().join("expected.txt"))
        .unwrap()
        .lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let id = fields.next().unwrap().to_string();
            let verdict = fields.next().unwrap().to_string();
            let also = fields
                .next()
                .unwrap_or("")
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            (id, (verdict, also))
        })
        .collect()
}

/// The UCI of the move a diagnostic's message names second (the other
/// key), found among the legal moves of `pos` by its SAN.
fn uci_of_san(pos: &Chess, san: &str) -> Option<String> {
    pos.legal_moves().into_iter().find_map(|m| {
        let written = shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string();
        (written == san).then(|| UciMove::from_move(m, pos.castles().mode()).to_string())
    })
}

/// The other move a `second-solution` message names (its second quoted
/// move, `2. Re2+`), without its number.
fn other_san(message: &str) -> &str {
    let quoted = message.split('`').nth(3).expect("a second quoted move");
    quoted.rsplit(' ').next().unwrap_or(quoted)
}

#[test]
fn every_row_is_judged_as_python_chess_judged_it() {
    let text = std::fs::read_to_string(fixture().join("lichess.csv")).unwrap();
    let source = Source::text(text.as_str(), Some("lichess.csv".into()), None);
    let expected = expected();
    let mut seen = 0;
    for row in lichess_rows(&source) {
        let row = row.expect("every row reads");
        let id = row.cell(&source, "PuzzleId").unwrap().to_string();
        let (verdict, also) = &expected[&id];
        let result = check_lichess(&row, &source, PuzzleOptions::default());
        let mut words = verdict.split(' ');
        match (words.next().unwrap(), result) {
            ("ok", Ok(checked)) => {
                // The warnings name exactly the other mates python-chess found.
                let mut warned: Vec<String> = Vec::new();
                for w in &checked.warnings {
                    assert_eq!(w.kind, ErrorKind::SecondSolution, "{id}");
                    let san = other_san(&w.message);
                    let mut pos = checked.game.start.clone();
                    for &m in &checked.game.moves[..checked.game.moves.len() - 1] {
                        pos.play_unchecked(m);
                    }
                    warned.push(uci_of_san(&pos, san).unwrap());
                    assert!(
                        w.message.contains("other moves do") || also.len() == 1,
                        "{id}: {}",
                        w.message
                    );
                }
                if also.is_empty() {
                    assert!(warned.is_empty(), "{id}: {warned:?}");
                } else {
                    assert_eq!(warned.len(), 1, "{id}");
                    assert!(
                        also.contains(&warned[0]),
                        "{id}: {warned:?} not in {also:?}"
                    );
                }
            }
            ("second-solution", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::SecondSolution, "{id}: {}", d.message);
                // Under the key, naming one of the other keys.
                let others: Vec<&str> = words.next().unwrap().split(',').collect();
                let key_cell = row.game.plies[1].range;
                assert_eq!(d.range, key_cell, "{id}");
                let san = other_san(&d.message);
                let fen: Fen = row.cell(&source, "FEN").unwrap().parse().unwrap();
                let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
                pos.play_unchecked(row_move(&pos, source.slice(row.game.plies[0].range)));
                let uci = uci_of_san(&pos, san).unwrap();
                assert!(
                    others.contains(&uci.as_str()),
                    "{id}: {uci} not in {others:?}"
                );
                assert!(
                    d.help
                        .iter()
                        .any(|h| matches!(h, Help::Note(n) if n.starts_with("the proof: "))),
                    "{id}"
                );
            }
            ("not-mate" | "wrong-count", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::NotMate, "{id}: {}", d.message);
            }
            ("illegal-move", Err(d)) => {
                let index: usize = words.next().unwrap().parse().unwrap();
                assert_eq!(d.range, row.game.plies[index].range, "{id}: {}", d.message);
            }
            ("illegal-position", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::IllegalPosition, "{id}: {}", d.message);
            }
            (verdict, result) => panic!("{id}: expected {verdict}, got {result:?}"),
        }
        seen += 1;
    }
    assert_eq!(seen, expected.len());
}

fn row_move(pos: &Chess, uci: &str) -> shakmaty::Move {
    uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
}

#[test]
fn the_cli_proves_a_puzzle_file() {
    let path = fixture().join("lichess.csv");
    let path = path.to_str().unwrap();
    let expected = expected();
    let unsound = expected.values().filter(|(v, _)| v != "ok").count();
    let other_mates = expected
        .values()
        .filter(|(_, also)| !also.is_empty())
        .count();

    let (code, out, _) = run(&["--puzzles", "--format", "json", path]);
    assert_eq!(code, 1);
    let all = json_records(&out);
    let of = |kind: &str| all.iter().filter(|r| r["type"] == kind).count();
    assert_eq!((of("problem"), of("warning")), (unsound, other_mates));
    let summary = all.last().unwrap();
    assert_eq!(summary["games"], 25);
    assert_eq!(summary["errors"], unsound);
    assert_eq!(summary["warnings"], other_mates);
    // Each problem at its row's line (the header is line 1).
    for r in all.iter().filter(|r| r["type"] == "problem") {
        let line = r["line"].as_u64().unwrap() as usize;
        let row = std::fs::read_to_string(fixture().join("lichess.csv")).unwrap();
        let id = row
            .lines()
            .nth(line - 1)
            .unwrap()
            .split(',')
            .next()
            .unwrap();
        assert_ne!(expected[id].0, "ok", "{r}");
    }

    // Other mates on the last move become errors on request.
    let (code, out, _) = run(&["--puzzles", "--deny-other-mates", "--format", "json", path]);
    assert_eq!(code, 1);
    let summary = json_records(&out).pop().unwrap();
    assert_eq!(summary["errors"], unsound + other_mates);
    assert_eq!(summary["warnings"], 0);

    // A budget too small to prove anything says so.
    let (_, out, _) = run(&[
        "--puzzles",
        "--search-budget",
        "5",
        "--format",
        "json",
        path,
    ]);
    assert!(
        json_records(&out)
            .iter()
            .any(|r| r["code"] == "search-budget")
    );

    // Human output: the summary counts puzzles; warnings alone pass.
    let sound = fixture().join("sound.csv");
    let rows: Vec<String> = std::fs::read_to_string(fixture().join("lichess.csv"))
        .unwrap()
        .lines()
        .filter(|l| {
            let id = l.split(',').next().unwrap();
            l.starts_with("PuzzleId") || expected.get(id).is_some_and(|(v, _)| v == "ok")
        })
        .map(str::to_string)
        .collect();
    let dir = std::env::temp_dir().join(format!("chess-verify-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sound = dir.join(sound.file_name().unwrap());
    std::fs::write(&sound, rows.join("\n") + "\n").unwrap();
    let (code, out, _) = run(&["--puzzles", sound.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning[second-solution]"), "{out}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("checked 1 file: {} puzzles", rows.len() - 1))
            && last.contains(&format!("no errors, {other_mates} warnings")),
        "{last}"
    );
    // CI formats: warnings are warnings there too.
    let (_, out, _) = run(&["--puzzles", "--format", "github", sound.to_str().unwrap()]);
    assert_eq!(out.matches("::warning file=").count(), other_mates, "{out}");
    assert!(!out.contains("::error"), "{out}");
    let (_, out, _) = run(&["--puzzles", "--format", "sarif", path]);
    let sarif: serde_json::Value = serde_json::from_str(&out).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let level = |l: &str| results.iter().filter(|r| r["level"] == l).count();
    assert_eq!((level("error"), level("warning")), (unsound, other_mates));
    // Options of --puzzles need it.
    let (code, _, err) = run(&["--search-budget", "5", path]);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_cli_proves_a_file_of_chess_problems() {
    // The published problems the facade's tests compile.
    let published = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/puzzles/problems.pgn");
    let (code, out, err) = run(&["--puzzles", published.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("checked 1 file: 7 puzzles (7 legal"),
        "{out}"
    );

    // A cooked #2 (Denkovski's without Black's rook a4) and a helpmate with
    // a solution left out, in a gzip-compressed file.
    let dir = std::env::temp_dir().join(format!("chess-verify-problems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "[FEN \"4K3/B6Q/1R5N/p3p1n1/1P3p2/5k2/2R2P2/1N2nB2 w - - 0 1\"]\n\
                [Stipulation \"#2\"]\n\n1. Rg6! Ke4 2. Qb7# 1-0\n\n\
                [FEN \"4R3/8/Q7/1B1p4/2bpR3/P2kr3/6K1/6b1 b - - 0 1\"]\n\
                [Stipulation \"h#2\"]\n\n1... Bxb5 2. Rxe3+ Kc4 3. Rc8# 1-0\n";
    let path = dir.join("unsound.pgn.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, text.as_bytes()).unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let (code, out, _) = run(&["--puzzles", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let records = json_records(&out);
    let problems: Vec<(String, u64, String)> = records
        .iter()
        .filter(|r| r["type"] == "problem")
        .map(|r| {
            (
                r["code"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        problems,
        [
            ("second-solution".to_string(), 4, "Rg6".to_string()),
            ("missing-solution".to_string(), 7, "\"h#2\"".to_string()),
        ]
    );
    let cook = &records[0];
    assert!(
        cook["help"][0]
            .as_str()
            .unwrap()
            .starts_with("the proof: 1. Re2"),
        "{cook}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Puzzles built from the real games of `../shared/data` that end in
/// checkmate: the last two plies as a mate in 1 (the game's mating move
/// mates: sound, other mates at most warnings), the last four as a mate
/// in 2 (settled within the budget: sound, or a second key or an escape
/// the game's loser missed, each with its proof).
#[test]
#[ignore = "needs ../shared/data"]
fn puzzles_from_real_mates() {
    let dir = common::data_dir();
    let mut csv = String::from(
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n",
    );
    let mut mates = 0;
    for name in [
        "twic1599_1000k.pgn",
        "lichess_db_1000k.pgn",
        "kasparov-deep-blue-1997.pgn",
        "molinari-bordais-1979.pgn",
    ] {
        let text = std::fs::read_to_string(dir.join(name))
            .expect("../shared/data (set VERIFIED_CHESS_DATA)");
        for (_, row) in chess_core::testing::mate_rows(&Source::text(text, None, None), &[1, 2]) {
            mates += 1;
            csv.push_str(&row);
            csv.push('\n');
        }
    }
    let source = Source::text(csv, Some("real.csv".into()), None);
    let (mut sound, mut cooked, mut escaped) = (0, 0, 0);
    for row in lichess_rows(&source) {
        let row = row.unwrap();
        let (n, _) = row.mate_in.unwrap();
        match check_lichess(&row, &source, PuzzleOptions::default()) {
            Ok(_) => sound += 1,
            Err(d) if n == 2 && d.kind == ErrorKind::SecondSolution => cooked += 1,
            Err(d) if n == 2 && d.kind == ErrorKind::NotMate => escaped += 1,
            Err(d) => panic!("{}: {:?} {}", source.slice(row.range), d.kind, d.message),
        }
    }
    println!(
        "{mates} puzzles from real mates: {sound} sound, {cooked} with a second key, {escaped} with an escape"
    );
    assert!(mates >= 40 && sound >= mates / 2, "{mates} {sound}");
}

#[test]
fn puzzle_files_stream_in_pieces_on_every_core_and_split_into_shards() {
    use chess_verify::read::Limits;
    use chess_verify::run::Task;
    let big = Limits::default();
    let puzzles = Task::Puzzles(PuzzleOptions::default());
    for file in [
        fixture().join("lichess.csv"),
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/puzzles/problems.pgn"),
    ] {
        let streamed =
            |jobs, limits, shard: Option<&str>| streamed(&file, &puzzles, jobs, limits, shard);
        let whole = streamed(1, big, None);
        assert!(whole.0 >= 7 && whole.0 == whole.1, "{whole:?}");
        // Any piece and block size, any number of threads: the same
        // puzzles, the same problems at the same places, in order.
        for (piece, block, jobs) in [(1, 1, 1), (1, 7, 8), (100, 3, 3), (1000, 512, 2)] {
            let limits = Limits {
                piece,
                block,
                ..big
            };
            assert_eq!(
                streamed(jobs, limits, None),
                whole,
                "{piece} {block} {jobs}"
            );
        }
        // Three shards check every puzzle once between them.
        let small = Limits { piece: 200, ..big };
        let shards: Vec<_> = (1..=3)
            .map(|k| streamed(2, small, Some(&format!("{k}/3"))))
            .collect();
        assert_eq!(shards.iter().map(|s| s.1).sum::<u64>(), whole.0);
        assert!(
            shards.iter().all(|s| s.0 == whole.0 && s.1 > 0),
            "{shards:?}"
        );
        let mut union: Vec<_> = shards.into_iter().flat_map(|s| s.2).collect();
        union.sort();
        let mut all = whole.2.clone();
        all.sort();
        assert_eq!(union, all);
    }
}

#[test]
fn puzzle_files_come_compressed_and_piped() {
    let path = fixture().join("lichess.csv");
    let text = std::fs::read(&path).unwrap();
    let (code, plain, _) = run(&["--puzzles", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    let records = |out: &str| -> Vec<(u64, u64, String)> {
        json_records(out)
            .iter()
            .filter(|r| r["type"] == "problem" || r["type"] == "warning")
            .map(|r| {
                let at = |k: &str| r[k].as_u64().unwrap();
                (at("line"), at("column"), r["code"].to_string())
            })
            .collect()
    };
    // A gzip file named as such, and the same bytes piped in.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &text).unwrap();
    let gz = gz.finish().unwrap();
    let dir = common::dir("puzzles-compressed");
    let file = dir.join("lichess.csv.gz");
    std::fs::write(&file, &gz).unwrap();
    let (code, out, _) = run(&["--puzzles", "--format", "json", file.to_str().unwrap()]);
    assert_eq!((code, records(&out)), (1, records(&plain)));
    let (code, out, _) = common::run_with(&["--puzzles", "--format", "json", "-"], &gz);
    assert_eq!((code, records(&out)), (1, records(&plain)));
}

#[test]
fn only_the_files_first_line_names_the_columns_and_quoted_line_breaks_stay_in_rows() {
    use chess_verify::read::Limits;
    use chess_verify::run::Task;
    // A row that begins `PuzzleId` after the first line is a row (a bad
    // one), whatever piece it begins; a quoted cell's line break is no
    // row's end, whatever block it falls in.
    let text = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
                p1,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,\"mate\nmateIn1\",,\n\
                PuzzleId,FEN,Moves\n\
                p2,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,mateIn1,,\n";
    let path = common::dir("chess-verify-puzzles").join("header-twice.csv");
    std::fs::write(&path, text).unwrap();
    let puzzles = Task::Puzzles(PuzzleOptions::default());
    let whole = streamed(&path, &puzzles, 1, Limits::default(), None);
    assert_eq!((whole.0, whole.2.len()), (3, 1), "{whole:?}");
    assert_eq!((whole.2[0].0, whole.2[0].2), (4, "puzzle-row"));
    for (piece, block, jobs) in [(1, 1, 1), (1, 5, 2), (30, 3, 1)] {
        let limits = Limits {
            piece,
            block,
            ..Limits::default()
        };
        assert_eq!(
            streamed(&path, &puzzles, jobs, limits, None),
            whole,
            "{piece} {block}"
        );
    }
}
