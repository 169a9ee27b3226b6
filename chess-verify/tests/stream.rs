//! Streaming gives exactly what reading the whole text gives: the same
//! games, the same problems at the same lines and columns, whatever the
//! piece and block sizes and the number of threads.

use std::ops::ControlFlow;
use std::path::PathBuf;

use chess_core::{Options, Source, verify};
use chess_verify::check::{Context, Encoding};
use chess_verify::input::Input;
use chess_verify::read::Limits;
use chess_verify::run::{Item, Run};

/// (games, [(line, column, code, message)], [`line:col` of skipped text])
/// of one input.
type Found = (u64, Vec<(u64, u32, String, String)>, Vec<String>);

fn whole(text: &str, options: Options) -> Found {
    let source = Source::text(text, None, None);
    let mut games = 0;
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    let mut all = verify(&source, options).skipping_text(false);
    while let Some(game) = all.next_checked() {
        for s in all.take_skipped() {
            let (chess_core::syntax::Skipped::Wrapper(r) | chess_core::syntax::Skipped::Prose(r)) =
                s;
            let at = source.line_col(r.start);
            skipped.push(format!("{}:{}", at.line, at.col));
        }
        games += 1;
        if let Err(d) = game {
            let at = source.line_col(d.range.start);
            problems.push((
                u64::from(at.line),
                at.col,
                d.kind.code().to_string(),
                d.message,
            ));
        }
    }
    for s in all.take_skipped() {
        let (chess_core::syntax::Skipped::Wrapper(r) | chess_core::syntax::Skipped::Prose(r)) = s;
        let at = source.line_col(r.start);
        skipped.push(format!("{}:{}", at.line, at.col));
    }
    (games, problems, skipped)
}

fn streamed(path: PathBuf, options: Options, limits: Limits, jobs: usize) -> Found {
    let run = Run {
        inputs: vec![Input::Path(path)],
        context: Context {
            options,
            encoding: Encoding::Utf8,
            shard: None,
            styled: false,
        },
        jobs,
        limits,
        task: Default::default(),
    };
    let mut games = 0;
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    run.run(&mut |item| {
        match item {
            Item::Checked { checked, .. } => {
                games += checked.games;
                skipped.extend(checked.skipped.iter().map(|note| {
                    let mut fields = note.split(':');
                    format!("{}:{}", fields.next().unwrap(), fields.next().unwrap())
                }));
                problems.extend(checked.problems.into_iter().map(|p| {
                    (
                        p.line,
                        p.column,
                        p.diagnostic.kind.code().to_string(),
                        p.diagnostic.message,
                    )
                }));
            }
            Item::Failed { message, .. } => panic!("{message}"),
            Item::Skipped { .. } => panic!("skipped"),
            _ => {}
        }
        ControlFlow::Continue(())
    });
    (games, problems, skipped)
}

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chess-verify-stream");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Text with every lexical trap near a game start: comments and strings
/// holding tag lines, escapes, `%` and `;` lines, CRLF, broken games,
/// games without tags, results followed by tags on the same line.
fn tricky() -> String {
    let parts = [
        "\u{feff}[Event \"first\"]\r\n[Site \"x\"]\r\n\r\n1. e4 e5 2. Nf3 {a\r\n[Event \"in a comment\"]\r\n} Nc6 *\r\n\r\n",
        "[Event \"b\"]\n; a comment [\n% an escape line {\n1. d4 d5 2. Bc4 *\n\n",
        "[Event \"c\" \"str\\\"ing\"]\n1. e4 (1. d4 d5\n[Event \"after an unclosed variation\"]\n1. f3 e5 2. g4 Qh4# 0-1\n",
        "1. e4 e5 1-0 [Event \"same line\"] 1. d4 *\n[Event \"d\"]\n1. e4 2.\n[Event \"e\"]\n1. Nf3 d5 2. Ng5 Nf6 3. Nxh7 Rxh7 *\n",
        "[Event \"f\"]\n1. e4 \"unclosed string\n[Event \"g\"]\n1. e4 } e5 *\n\n[Event \"h\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *\n",
        "[Event \"i\"]\n{ before }\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n",
        // Prose and forum wrappers, skipped with a note wherever the text
        // is cut.
        "Here is a game from the forum.\nWhat do you think?\n[pgn]\n[Event \"j\"]\n1. e4 e5 *\n[/pgn]\nThanks!\n\n",
        "Prose before a game without tags.\n[Event \"k\"]\n1. d4 *\n",
        // A blank line and a tag line inside a comment: where a reader
        // guessing game starts guesses wrong.
        "\n[Event \"l\"]\n1. e4 {a comment\n\n[Event \"in a comment\"]\n} e5 2. Bc5 *\n\n",
    ];
    let mut text = String::new();
    for round in 0..30 {
        for (i, part) in parts.iter().enumerate() {
            if round > 0 && i == 0 {
                text.push_str(&part.replace('\u{feff}', ""));
            } else {
                text.push_str(part);
            }
        }
    }
    text
}

#[test]
fn pieces_give_what_the_whole_text_gives() {
    let text = tricky();
    let options = Options::default();
    let want = whole(&text, options);
    assert!(
        want.0 > 300 && want.1.len() > 150,
        "{} games, {} problems",
        want.0,
        want.1.len()
    );
    // Per round: prose, `[pgn]`, `[/pgn]`, and `Thanks!` with the prose
    // after it (one run of text, up to the next tag section).
    assert_eq!(want.2.len(), 30 * 4, "{:?}", want.2);
    let path = temp("tricky.pgn", &text);
    for (piece, block) in [
        (1, 1),
        (1, 7),
        (7, 3),
        (64, 5),
        (300, 64),
        (5000, 4096),
        (256 << 10, 256 << 10),
    ] {
        for jobs in [1, 3] {
            let limits = Limits {
                piece,
                game: 1 << 30,
                block,
            };
            let got = streamed(path.clone(), options, limits, jobs);
            assert_eq!(got, want, "piece {piece}, block {block}, jobs {jobs}");
        }
    }
}

/// Line numbers are 64-bit: a piece deep in a huge input keeps them.
#[test]
fn lines_beyond_four_billion() {
    let piece = chess_verify::read::Piece {
        bytes: b"[Event \"far\"]\n1. e4 e5 2. Bc5 *\n".to_vec(),
        line: 5_000_000_000,
        offset: 6 << 30,
        stretch: 0,
        cuts: Vec::new(),
        consumed: 0,
        more: false,
        open: None,
    };
    let context = plain_context();
    let checked = chess_verify::check::check(piece, "far.pgn", &context, None);
    let p = &checked.problems[0];
    assert_eq!(
        (p.line, p.column, p.end_line, p.end_column),
        (5_000_000_002, 13, 5_000_000_002, 16)
    );
    assert!(
        p.rendered.contains("--> far.pgn:5000000002:13"),
        "{}",
        p.rendered
    );
}

/// Text with no game start for longer than the largest game accepted is
/// skipped and reported, and the games after it are checked.
#[test]
fn endless_comments_are_skipped_not_held() {
    let mut text =
        String::from("[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. e4 { never closed\n");
    for _ in 0..2000 {
        text.push_str("[Event \"looks like a tag, but inside the comment\"]\n1. d4\n");
    }
    text.push_str("[Event \"c\"]\n1. d4 d5 2. Bc4 *\n");
    let path = temp("endless.pgn", &text);
    // On one thread (open pieces) and on two (pieces cut first).
    for jobs in [1, 2] {
        endless(&path, jobs);
    }
}

fn endless(path: &std::path::Path, jobs: usize) {
    let run = Run {
        inputs: vec![Input::Path(path.to_path_buf())],
        context: Context {
            options: Options::default(),
            encoding: Encoding::Auto,
            shard: None,
            styled: false,
        },
        jobs,
        limits: Limits {
            piece: 1000,
            game: 10_000,
            block: 512,
        },
        task: Default::default(),
    };
    let mut skipped = Vec::new();
    let mut games = 0;
    let mut problems = Vec::new();
    run.run(&mut |item| {
        match item {
            Item::Skipped { line, lines, .. } => skipped.push((line, lines)),
            Item::Checked { checked, .. } => {
                games += checked.games;
                problems.extend(checked.problems.into_iter().map(|p| (p.line, p.text)));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    });
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(
        skipped[0].0, 3,
        "the skip starts where game b does (after 3 lines)"
    );
    // Game a, and after the skip the games that follow: the first tag
    // section after the resynchronisation begins one, the rest of the
    // comment's lines read as games of their own, then game c.
    assert!(games >= 2);
    assert_eq!(problems.last().unwrap().1, "Bc4");
    assert_eq!(problems.last().unwrap().0, 5 + 2 * 2000 + 2, "jobs {jobs}");
}

/// The shared corpus of real games, streamed in small pieces: the same
/// as reading each file whole. Run with `--ignored` when
/// `VERIFIED_CHESS_DATA` points at it.
#[test]
#[ignore = "needs VERIFIED_CHESS_DATA"]
fn real_collections_stream_like_the_whole_file() {
    let data = PathBuf::from(std::env::var("VERIFIED_CHESS_DATA").expect("VERIFIED_CHESS_DATA"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for options in [
            Options::default(),
            Options {
                moves_after_draw: true,
                ..Options::default()
            },
        ] {
            let want = whole(&text, options);
            for limits in [
                Limits {
                    piece: 1,
                    game: 1 << 30,
                    block: 4093,
                },
                Limits {
                    piece: 20_000,
                    game: 1 << 30,
                    block: 65_521,
                },
            ] {
                for jobs in [1, 2] {
                    let got = streamed(path.clone(), options, limits, jobs);
                    assert_eq!(got, want, "{}: {limits:?}, jobs {jobs}", path.display());
                }
            }
        }
        println!("{}: same", path.display());
    }
}

/// What a piece gave: its first line, the index of its first stretch
/// between game starts, games and problems (line, code).
type PieceFound = (u64, u64, u64, Vec<(u64, String)>);

/// How a piece is checked here: chess games, as the CLI reads them by
/// default.
fn plain_context() -> Context {
    Context {
        options: Options::default(),
        encoding: Encoding::Auto,
        shard: None,
        styled: false,
    }
}

/// `text` as a stream, and the count of its bytes read.
fn in_memory(
    text: &[u8],
) -> (
    std::io::Cursor<Vec<u8>>,
    std::sync::Arc<std::sync::atomic::AtomicU64>,
) {
    let consumed = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    (std::io::Cursor::new(text.to_vec()), consumed)
}

/// What each piece of `text` gave; read in pieces cut by the splitter, or
/// (`open`) in open pieces checked as they come, with how many of those
/// were open.
fn pieces(text: &[u8], limits: Limits, open: bool) -> (Vec<PieceFound>, usize) {
    use chess_verify::read::{Chunk, Pieces, Rest};
    let context = plain_context();
    let (reader, consumed) = in_memory(text);
    let mut pieces = match open {
        true => Pieces::open(reader, consumed, limits),
        false => Pieces::new(reader, consumed, limits),
    };
    let (mut out, mut opened) = (Vec::new(), 0);
    while let Some(chunk) = pieces.next() {
        let Ok(Chunk::Piece(piece)) = chunk else {
            panic!("{chunk:?}")
        };
        let was_open = piece.open.is_some();
        assert!(open || !was_open);
        let stretch = piece.stretch;
        let mut checked = chess_verify::check::check(piece, "t.pgn", &context, None);
        match checked.rest.take() {
            Some(rest @ Rest::Unchecked(_)) => {
                pieces.give_back(rest);
                continue;
            }
            Some(rest) => {
                opened += 1;
                pieces.give_back(rest);
            }
            None => assert!(!was_open),
        }
        let problems = checked.problems.iter();
        let problems = problems.map(|p| (p.line, p.diagnostic.kind.code().to_string()));
        out.push((checked.line, stretch, checked.games, problems.collect()));
    }
    (out, opened)
}

/// Whether the first piece of `text` read in open pieces is an open one.
fn first_open(text: &[u8], limits: Limits) -> bool {
    use chess_verify::read::{Chunk, Pieces};
    let (reader, consumed) = in_memory(text);
    let mut pieces = Pieces::open(reader, consumed, limits);
    matches!(pieces.next(), Some(Ok(Chunk::Piece(piece))) if piece.open.is_some())
}

/// Open pieces end at the game start the splitter cuts a piece at, so
/// checked on one thread an input gives the very pieces it gives cut
/// first: plain games, a game longer than the margin past a piece's size
/// (its piece goes back and is cut), text that is not UTF-8 (read as
/// Windows-1252, cut), every trap of `tricky`.
#[test]
fn open_pieces_end_where_the_splitter_cuts() {
    let mut text = tricky().into_bytes();
    let long = format!(
        "[Event \"long\"]\n1. e4 {{{}}} e5 *\n\n",
        "a long comment\n".repeat(1000)
    );
    text.extend_from_slice(long.as_bytes());
    text.extend_from_slice(tricky().as_bytes());
    text.extend_from_slice(b"[Event \"Caf\xe9\"]\n1. e4 e5 2. Bc5 *\n\n");
    text.extend_from_slice(tricky().as_bytes());
    for (piece, block) in [(1, 1), (64, 5), (300, 64), (2000, 512), (5000, 4096)] {
        let limits = Limits {
            piece,
            game: 1 << 30,
            block,
        };
        let (cut, none) = pieces(&text, limits, false);
        assert_eq!(none, 0);
        let (open, opened) = pieces(&text, limits, true);
        assert_eq!(open, cut, "piece {piece}, block {block}");
        // The first piece is open whenever a game start lies within a
        // block past the piece's size; without long games and other
        // encodings, every piece is, the last too.
        if block >= 512 {
            assert!(opened > 0 && first_open(&text, limits), "piece {piece}");
            let plain = tricky().repeat(2).into_bytes();
            let (open, opened) = pieces(&plain, limits, true);
            assert_eq!(opened, open.len(), "piece {piece}");
            assert_eq!(open, pieces(&plain, limits, false).0);
        }
        println!(
            "piece {piece}, block {block}: {opened} of {} open",
            open.len()
        );
        // With room for a few games past a piece's size, most pieces were
        // open ones.
        if block >= 512 {
            assert!(2 * opened > open.len(), "{opened} of {}", open.len());
        }
    }
}

/// What each piece of `text` gave read in guessed pieces
/// ([`Pieces::guessing`]), each checked as it comes with `lag` pieces
/// handed out before the verdict on it (as checkers on other threads
/// are): its first line, games and problems (line, code); with the pieces
/// confirmed and the rewinds.
fn guessed(text: &[u8], limits: Limits, lag: usize) -> (Vec<Found2>, usize, usize) {
    use chess_verify::check::Checked;
    use chess_verify::read::{Chunk, Pieces};
    use std::collections::VecDeque;
    let context = plain_context();
    let (reader, consumed) = in_memory(text);
    let mut pieces = Pieces::guessing(reader, consumed, limits);
    let mut out = Vec::new();
    let (mut confirmed, mut rewinds) = (0, 0);
    let mut flight: VecDeque<Checked> = VecDeque::new();
    let found = |checked: &Checked| -> Found2 {
        let problems = checked.problems.iter();
        let problems = problems.map(|p| (p.line, p.diagnostic.kind.code().to_string()));
        (checked.line, checked.games, problems.collect())
    };
    loop {
        let settle = match pieces.next() {
            Some(Ok(Chunk::Piece(piece))) => {
                let guessed = piece.open.is_some();
                let checked = chess_verify::check::check(piece, "t.pgn", &context, None);
                match guessed {
                    true => flight.push_back(checked),
                    false => {
                        assert!(flight.is_empty() && checked.rest.is_none());
                        out.push(found(&checked));
                    }
                }
                flight.len() > lag
            }
            Some(Ok(Chunk::Unsettled)) => true,
            None if flight.is_empty() => break,
            None => true,
            Some(other) => panic!("{other:?}"),
        };
        // The verdicts, in order, as the collector gives them.
        while settle && let Some(mut checked) = flight.pop_front() {
            let rest = checked.rest.take().unwrap();
            if rest.confirms_guess() {
                pieces.confirm(rest.into_bytes());
                confirmed += 1;
                out.push(found(&checked));
            } else {
                let later = flight
                    .drain(..)
                    .map(|mut c| c.rest.take().unwrap().into_bytes());
                pieces.rewind(rest.into_bytes(), later.collect());
                rewinds += 1;
            }
        }
        assert_eq!(pieces.outstanding(), flight.len());
    }
    (out, confirmed, rewinds)
}

/// A piece's first line, games and problems (line, code).
type Found2 = (u64, u64, Vec<(u64, String)>);

/// The same, read in pieces cut by the splitter.
fn cut_found(text: &[u8], limits: Limits) -> Vec<Found2> {
    let (pieces, _) = pieces(text, limits, false);
    pieces.into_iter().map(|p| (p.0, p.2, p.3)).collect()
}

/// Guessed pieces are the pieces the splitter cuts: where a guess is
/// wrong (a comment holding a blank line and a tag line, text that is not
/// UTF-8, a game start without a blank line before it), the piece and
/// those after it are rewound and cut by the splitter; elsewhere the
/// guesses hold.
#[test]
fn guessed_pieces_are_the_pieces_the_splitter_cuts() {
    let plain = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc5 *\n\n".repeat(200);
    let wrong = format!(
        "[Event \"w\"]\n1. e4 {{{}}} e5 2. Bc5 *\n\n",
        "a comment\n\n[Event \"in a comment\"]\nand more\n".repeat(30)
    );
    let cp1252 = b"[Event \"Caf\xe9\"]\n1. e4 e5 2. Bc5 *\n\n";
    // A game start right after a result line, then one after a blank
    // line: the first is where the splitter cuts, the second where a
    // guess would.
    // (Of lengths that vary, so that piece sizes fall anywhere in them.)
    let tight: String = (0..40)
        .map(|i| {
            let pad = "x".repeat(i * 7 % 23);
            format!("[Event \"t\"]\n1. e4 {{{pad}}} *\n[Event \"u\"]\n1. d4 *\n\n")
        })
        .collect();
    // Rewinds, by trap.
    let mut rewound = [0, 0, 0];
    for (piece, block) in [(1, 1), (64, 5), (300, 64), (2000, 512), (5000, 4096)] {
        let limits = Limits {
            piece,
            game: 1 << 30,
            block,
        };
        for lag in [0, 1, 3] {
            // Plain games: every guess holds.
            let text = plain.as_bytes();
            let (found, confirmed, rewinds) = guessed(text, limits, lag);
            assert_eq!(found, cut_found(text, limits), "piece {piece}, lag {lag}");
            assert_eq!(rewinds, 0, "piece {piece}, block {block}");
            let games: u64 = found.iter().map(|f| f.1).sum();
            assert_eq!(games, 200);
            // Where a tag line follows within a block past a piece's
            // size, the piece is a guessed one.
            if block >= 64 {
                assert!(confirmed > 0, "piece {piece}, block {block}");
            }
            // A wrong guess, text in another encoding or games without
            // blank lines between them, in the middle.
            let traps = [wrong.as_bytes(), cp1252, tight.as_bytes()];
            for (i, trap) in traps.into_iter().enumerate() {
                let mut text = plain.clone().into_bytes();
                text.extend_from_slice(trap);
                text.extend_from_slice(plain.as_bytes());
                let (found, _, rewinds) = guessed(&text, limits, lag);
                assert_eq!(found, cut_found(&text, limits), "piece {piece}, lag {lag}");
                assert!(
                    rewinds <= 1,
                    "{rewinds}: one rewind, then the splitter cuts"
                );
                rewound[i] += rewinds;
                // And so does a run on several threads, whose collector
                // gives the verdicts.
                if let (Ok(text), 0) = (std::str::from_utf8(&text), lag) {
                    let want = whole(text, Options::default());
                    let path = temp(&format!("guessed-{piece}.pgn"), text);
                    for jobs in [2, 3] {
                        let got = streamed(path.clone(), Options::default(), limits, jobs);
                        assert_eq!(got, want, "piece {piece}, block {block}, jobs {jobs}");
                    }
                }
            }
            let text = tricky().into_bytes();
            assert_eq!(guessed(&text, limits, lag).0, cut_found(&text, limits));
        }
    }
    // Each trap was guessed at (or in) at some sizes.
    assert!(rewound.iter().all(|&n| n > 0), "{rewound:?}");
}

/// A shard counts stretches between game starts with the reader's cuts:
/// an open piece checked for one goes back unchecked, to be cut.
#[test]
fn an_open_piece_goes_back_under_a_shard() {
    use chess_verify::check::Shard;
    use chess_verify::read::Rest;
    let bytes = tricky().into_bytes();
    let piece = chess_verify::read::Piece {
        bytes: bytes.clone(),
        line: 0,
        offset: 0,
        stretch: 0,
        cuts: Vec::new(),
        consumed: 0,
        more: true,
        open: Some(1000),
    };
    let context = Context {
        options: Options::default(),
        encoding: Encoding::Auto,
        shard: Some(Shard { index: 0, count: 2 }),
        styled: false,
    };
    let checked = chess_verify::check::check(piece, "t.pgn", &context, None);
    assert!(matches!(&checked.rest, Some(Rest::Unchecked(b)) if *b == bytes));
    assert_eq!(checked.games, 0);
}

/// Under `--encoding utf-8` a piece that is not UTF-8 is reported whole
/// ("the games of lines a–b were not checked"): one thread and several
/// cut the same pieces, so they say the same.
#[test]
fn text_that_is_not_utf8_is_reported_alike_on_any_number_of_threads() {
    // Games with and without a blank line before them.
    let plain: String = (0..60)
        .map(|i| {
            let pad = "x".repeat(i * 7 % 23);
            format!("[Event \"t\"]\n1. e4 {{{pad}}} *\n[Event \"u\"]\n1. d4 *\n\n")
        })
        .collect();
    let mut text = plain.clone().into_bytes();
    text.extend_from_slice(b"[Event \"Caf\xe9\"]\n1. e4 e5 *\n\n");
    text.extend_from_slice(plain.as_bytes());
    let dir = std::env::temp_dir().join(format!("chess-verify-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("not-utf8.pgn");
    std::fs::write(&path, &text).unwrap();
    let report = |jobs: usize, piece: usize| {
        let run = Run {
            inputs: vec![Input::Path(path.clone())],
            context: Context {
                options: Options::default(),
                encoding: Encoding::Utf8,
                shard: None,
                styled: false,
            },
            jobs,
            limits: Limits {
                piece,
                game: 1 << 30,
                block: 512,
            },
            task: Default::default(),
        };
        let (mut games, mut notes) = (0, Vec::new());
        run.run(&mut |item| {
            if let Item::Checked { checked, .. } = item {
                games += checked.games;
                notes.extend(checked.not_utf8);
            }
            ControlFlow::Continue(())
        });
        (games, notes)
    };
    for piece in [300, 1000, 2500] {
        let want = report(1, piece);
        assert_eq!(want.1.len(), 1, "{want:?}");
        assert!(want.0 < 241, "the piece's games go unchecked: {want:?}");
        for jobs in [2, 3] {
            assert_eq!(report(jobs, piece), want, "piece {piece}, jobs {jobs}");
        }
    }
}

/// The first lines of the pieces a run of `text` hands out, on `jobs`
/// threads with pieces of a game or two, until `stop` of them are out:
/// within two minutes, or `None` (a worker left waiting).
fn first_lines(text: &str, jobs: usize, stop: usize) -> Option<Vec<u64>> {
    let path = temp(&format!("stopped-{jobs}-{stop}.pgn"), text);
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let run = Run {
            inputs: vec![Input::Path(path)],
            context: plain_context(),
            jobs,
            limits: Limits {
                piece: 64,
                block: 64,
                ..Limits::default()
            },
            task: Default::default(),
        };
        let mut lines = Vec::new();
        run.run(&mut |item| {
            if let Item::Checked { checked, .. } = item {
                lines.push(checked.line);
            }
            match lines.len() < stop {
                true => ControlFlow::Continue(()),
                false => ControlFlow::Break(()),
            }
        });
        let _ = done_tx.send(lines);
    });
    done_rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .ok()
}

/// Workers read their pieces from one source in turn: stopped early, with
/// every slot for a piece in flight taken, each worker still wakes and
/// ends, and the pieces handed out are the file's first, in order.
#[test]
fn a_run_stopped_early_ends_on_any_number_of_threads() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(800);
    let all = first_lines(&text, 1, usize::MAX).expect("a run on one thread");
    assert!(all.len() > 300, "{} pieces", all.len());
    for jobs in [2, 8, 32] {
        let lines = first_lines(&text, jobs, 5).expect("the run ends");
        assert_eq!(lines, all[..5], "--jobs {jobs}");
        let lines = first_lines(&text, jobs, usize::MAX).expect("the run ends");
        assert_eq!(lines, all, "--jobs {jobs}");
    }
}

/// The items in flight are bounded: while the sink holds the first piece,
/// the workers read at most a few pieces each and then wait, so a writer
/// into a pipe the run reads stops long before its megabyte is written.
#[cfg(unix)]
#[test]
fn a_sink_that_waits_stops_the_reading() {
    use std::io::Write;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::{Duration, Instant};

    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("chess-verify-stream");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("waiting-sink.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let game = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    let total = game.len() * 30_000;
    let written = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (fifo, written) = (fifo.clone(), written.clone());
        std::thread::spawn(move || {
            let mut pipe = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            for _ in 0..30_000 {
                if pipe.write_all(game.as_bytes()).is_err() {
                    return;
                }
                written.fetch_add(game.len(), Ordering::Relaxed);
            }
        })
    };
    let run = Run {
        inputs: vec![Input::Path(fifo)],
        context: plain_context(),
        jobs: 2,
        limits: Limits {
            piece: 64,
            block: 64,
            ..Limits::default()
        },
        task: Default::default(),
    };
    let mut held = None;
    run.run(&mut |item| {
        if !matches!(item, Item::Checked { .. }) {
            return ControlFlow::Continue(());
        }
        // The writer's count once it has stood still for a while.
        let (mut last, mut since) = (written.load(Ordering::Relaxed), Instant::now());
        while since.elapsed() < Duration::from_millis(300) {
            std::thread::sleep(Duration::from_millis(10));
            let now = written.load(Ordering::Relaxed);
            if now != last {
                (last, since) = (now, Instant::now());
            }
        }
        held = Some(last);
        ControlFlow::Break(())
    });
    writer.join().unwrap();
    let held = held.expect("a piece checked");
    // The pipe's own buffer (64 KB on Linux) and a few pieces in flight.
    assert!(held < total / 4, "{held} of {total} bytes written");
}
