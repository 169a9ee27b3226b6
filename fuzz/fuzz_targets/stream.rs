//! The streaming reader of `chess-verify`: any bytes, stored plain or
//! compressed (zstd, gzip, bzip2, or a truncated zstd stream), read in
//! blocks and pieces of any size: cut by the splitter, open (ended by
//! their checker) or guessed (confirmed by their checker, rewound when
//! wrong). Never a panic; open and guessed pieces are the pieces the
//! splitter cuts; and for text that arrives whole, exactly the games,
//! problems and skipped text of reading it in one piece. One input in
//! sixteen is a lichess puzzle file instead, cut where its rows begin
//! (a line break in a quoted cell is no row's end): its pieces prove
//! exactly the rows, problems and warnings of the whole text read at once,
//! and as many rows as Python's csv module would read.
#![no_main]

use std::collections::VecDeque;
use std::io::{Cursor, Write};

use chess_core::syntax::Skipped;
use chess_core::{Options, Source, verify};
use chess_verify::check::{Checked, Context, Encoding, check, decode};
use chess_verify::input::{Compression, from_reader};
use chess_core::puzzle::PuzzleOptions;
use chess_verify::puzzles::check_piece;
use chess_verify::read::{Chunk, Cut, Limits, Pieces, Rest};
use libfuzzer_sys::fuzz_target;

/// The number of games, (line, column, code) of every problem, and the
/// line and column of each stretch of text skipped (prose, `[pgn]`
/// wrappers).
type Found = (u64, Vec<(u64, u32, &'static str)>, Vec<String>);

/// What chess-verify finds in the whole text read at once: it skips text
/// that is not PGN where a game would begin, as the stream does, and
/// reports each game's error or its warnings.
fn whole(text: String) -> Found {
    let source = Source::text(text, None, None);
    let (mut games, mut problems, mut skipped) = (0, Vec::new(), Vec::new());
    let mut all = verify(&source, Options::default()).skipping_text(false);
    let mut place = |s: Skipped| {
        let (Skipped::Wrapper(r) | Skipped::Prose(r)) = s;
        let at = source.line_col(r.start);
        format!("{}:{}", at.line, at.col)
    };
    // As `chess-verify` checks a piece: each game's misspelt tags (whether
    // or not it verifies), then its error, or its warnings (a fullmove
    // number `0`, …).
    loop {
        let next = all.next_syntax();
        skipped.extend(all.take_skipped().into_iter().map(&mut place));
        let Some(syntax) = next else { break };
        games += 1;
        let found = syntax.map(|game| {
            let mut found = chess_core::syntax::misspelt_tags(&game.tags, &source);
            match all.check_syntax(&game) {
                Ok(checked) => found.extend(all.warnings(&game, &checked)),
                Err(d) => found.push(d),
            }
            found
        });
        let found = match found {
            Ok(warnings) => warnings,
            Err(d) => vec![d],
        };
        for d in found {
            let at = source.line_col(d.range.start);
            problems.push((u64::from(at.line), at.col, d.kind.code()));
        }
    }
    skipped.extend(all.take_skipped().into_iter().map(&mut place));
    (games, problems, skipped)
}

/// What one piece gave: its first line, games, problems and skipped text.
type PieceFound = (u64, u64, Vec<(u64, u32, &'static str)>, Vec<String>);

/// How the stream is read.
#[derive(Copy, Clone, PartialEq)]
enum Reading {
    /// Cut by the splitter.
    Cut,
    /// In open pieces, checked as they come and given back.
    Open,
    /// In guessed pieces, with this many handed out before the verdict on
    /// each (as checkers on other threads are).
    Guessed(usize),
}

/// What a checked piece gave.
fn piece_found(checked: &Checked, whole_stream: bool) -> PieceFound {
    assert!(checked.not_utf8.is_none() || !whole_stream);
    // Each note starts with `line:col:`.
    let skipped = checked.skipped.iter().map(|note| {
        let mut fields = note.split(':');
        let line = fields.next().unwrap_or_default();
        format!("{line}:{}", fields.next().unwrap_or_default())
    });
    let problems = checked.problems.iter().map(|p| {
        assert!(p.rendered.contains("fuzz.pgn:"));
        (p.line, p.column, p.diagnostic.kind.code())
    });
    (
        checked.line,
        checked.games,
        problems.collect(),
        skipped.collect(),
    )
}

/// Reads `stored` in pieces as `reading` says: what each piece gave, and
/// whether reading failed. `None` if the stored bytes cannot be opened.
fn streamed(
    stored: &[u8],
    limits: Limits,
    context: &Context,
    whole_stream: bool,
    reading: Reading,
) -> Option<(Vec<PieceFound>, bool)> {
    let opened = from_reader(Box::new(Cursor::new(stored.to_vec()))).ok()?;
    let (reader, consumed) = (opened.reader, opened.consumed);
    let mut pieces = match reading {
        Reading::Cut => Pieces::new(reader, consumed, limits),
        Reading::Open => Pieces::open(reader, consumed, limits),
        Reading::Guessed(_) => Pieces::guessing(reader, consumed, limits),
    };
    let lag = match reading {
        Reading::Guessed(lag) => lag,
        _ => 0,
    };
    let (mut out, mut failed) = (Vec::new(), false);
    // Guessed pieces checked, waiting for their verdicts.
    let mut flight: VecDeque<Checked> = VecDeque::new();
    loop {
        let settle = match pieces.next() {
            Some(Ok(Chunk::Piece(piece))) => {
                let guessed = piece.open.is_some() && matches!(reading, Reading::Guessed(_));
                let mut checked = check(piece, "fuzz.pgn", context, None);
                if guessed {
                    flight.push_back(checked);
                } else {
                    assert!(flight.is_empty());
                    match checked.rest.take() {
                        Some(rest @ Rest::Unchecked(_)) => {
                            assert!(checked.games == 0 && checked.problems.is_empty());
                            pieces.give_back(rest);
                            continue;
                        }
                        Some(rest) => pieces.give_back(rest),
                        None => {}
                    }
                    out.push(piece_found(&checked, whole_stream));
                }
                flight.len() > lag
            }
            Some(Ok(Chunk::Unsettled)) => true,
            Some(Ok(Chunk::Skipped { .. })) => panic!("no game is that long"),
            Some(Err(_)) => {
                assert!(flight.is_empty());
                failed = true;
                continue;
            }
            None if flight.is_empty() => break,
            None => true,
        };
        // The verdicts, in order, as `chess-verify`'s collector gives them.
        while settle && let Some(mut checked) = flight.pop_front() {
            let Some(rest) = checked.rest.take() else {
                panic!("a guessed piece gives its bytes back");
            };
            if rest.confirms_guess() {
                pieces.confirm(rest.into_bytes());
                out.push(piece_found(&checked, whole_stream));
            } else {
                let later = flight.drain(..).map(|mut c| match c.rest.take() {
                    Some(rest) => rest.into_bytes(),
                    None => panic!("a guessed piece gives its bytes back"),
                });
                pieces.rewind(rest.into_bytes(), later.collect());
            }
        }
        assert_eq!(pieces.outstanding(), flight.len());
    }
    Some((out, failed))
}

/// The pieces' findings together.
fn found(pieces: Vec<PieceFound>) -> Found {
    let (mut games, mut problems, mut skipped) = (0, Vec::new(), Vec::new());
    for (_, n, p, s) in pieces {
        games += n;
        problems.extend(p);
        skipped.extend(s);
    }
    (games, problems, skipped)
}

/// A lichess puzzle file read in pieces of `limits` (cut by the row
/// splitter): what each piece proved, and whether reading failed.
fn puzzle_pieces(body: &[u8], limits: Limits, context: &Context) -> (Vec<PieceFound>, bool) {
    let options = PuzzleOptions {
        budget: 2_000,
        ..PuzzleOptions::default()
    };
    let opened = from_reader(Box::new(Cursor::new(body.to_vec()))).unwrap();
    let pieces = Pieces::cut(opened.reader, opened.consumed, limits, Cut::Lines);
    let (mut out, mut failed) = (Vec::new(), false);
    for chunk in pieces {
        match chunk {
            Ok(Chunk::Piece(piece)) => {
                let checked = check_piece(piece, "fuzz.csv", context, options);
                let problems = checked.problems.iter().map(|p| (p.line, p.column, p.diagnostic.kind.code()));
                out.push((checked.line, checked.games, problems.collect(), Vec::new()));
            }
            Ok(_) => panic!("a puzzle file is cut where a row begins"),
            Err(_) => failed = true,
        }
    }
    (out, failed)
}

/// A lichess puzzle file, in pieces and whole: the same rows, problems
/// and warnings; and every row read (`lichess_rows`), as many as the row
/// splitter cuts.
fn puzzles(head: &[u8], body: &[u8]) {
    if Compression::detect(body) != Compression::None || std::str::from_utf8(body).is_err() {
        return;
    }
    let context = Context {
        options: Options::default(),
        encoding: Encoding::Utf8,
        shard: None,
        styled: false,
    };
    let small = Limits {
        piece: 1 + usize::from(head[1] % 64) * 8,
        game: 1 << 20,
        block: 1 + usize::from(head[2] % 32),
    };
    let big = Limits {
        piece: 1 << 20,
        game: 1 << 20,
        block: 1 << 16,
    };
    let (pieces, failed) = puzzle_pieces(body, small, &context);
    let (whole, whole_failed) = puzzle_pieces(body, big, &context);
    assert_eq!(found(pieces), found(whole.clone()));
    assert_eq!(failed, whole_failed);
    let text = std::str::from_utf8(body).unwrap();
    let source = Source::text(text, None, None);
    let rows = chess_core::syntax::puzzles::lichess_rows(&source).count() as u64;
    assert_eq!(rows, found(whole).0);
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let (head, body) = data.split_at(3);
    if head[0] % 16 == 15 {
        return puzzles(head, body);
    }
    let limits = Limits {
        piece: 1 + usize::from(head[1] % 64) * 8,
        game: 1 << 20,
        block: 1 + usize::from(head[2] % 32),
    };
    // Compressing costs more than the rest: one input in sixteen.
    let (stored, whole_stream) = match head[0] % 64 {
        0 => (zstd::encode_all(body, 1).unwrap(), true),
        1 => {
            let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            gz.write_all(body).unwrap();
            (gz.finish().unwrap(), true)
        }
        2 => {
            let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            bz.write_all(body).unwrap();
            (bz.finish().unwrap(), true)
        }
        3 => {
            let mut zst = zstd::encode_all(body, 1).unwrap();
            zst.truncate(zst.len() * usize::from(head[1]) / 256);
            (zst, false)
        }
        _ => (
            body.to_vec(),
            Compression::detect(body) == Compression::None,
        ),
    };
    // A single-byte encoding decodes byte by byte: pieces decode as the
    // whole does.
    let encoding = if std::str::from_utf8(body).is_ok() {
        Encoding::Utf8
    } else {
        Encoding::Windows1252
    };
    let context = Context {
        options: Options::default(),
        encoding,
        shard: None,
        styled: false,
    };
    let read = |reading| streamed(&stored, limits, &context, whole_stream, reading);
    let Some((cut, failed)) = read(Reading::Cut) else {
        return;
    };
    // Open pieces, ended by their checker, are the pieces the splitter
    // cuts.
    let (open, open_failed) = read(Reading::Open).unwrap();
    assert_eq!((&open, open_failed), (&cut, failed));
    // Guessed pieces, confirmed by their checker or rewound, are too.
    let lag = usize::from(head[0] / 64);
    let (guessed, guessed_failed) = read(Reading::Guessed(lag)).unwrap();
    assert_eq!((&guessed, guessed_failed), (&cut, failed));
    let (games, problems, skipped) = found(cut);
    if whole_stream {
        assert!(!failed);
        let (text, _) = decode(body.to_vec(), encoding).unwrap();
        assert_eq!((games, problems, skipped), whole(text));
    }
});
