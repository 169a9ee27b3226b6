//! The streaming reader of `chess-verify`: any bytes, stored plain or
//! compressed (zstd, gzip, bzip2, or a truncated zstd stream), read in
//! blocks and pieces of any size. Never a panic; and for text that arrives
//! whole, exactly the games, problems and skipped text of reading it in
//! one piece.
#![no_main]

use std::io::{Cursor, Write};

use chess_core::syntax::Skipped;
use chess_core::{Options, Source, verify};
use chess_verify::check::{Context, Encoding, check, decode};
use chess_verify::input::{Compression, from_reader};
use chess_verify::read::{Chunk, Limits, Pieces, Rest};
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

/// Reads `stored` in pieces, cut by the splitter or (`open`) open ones
/// checked as they come and given back: what each piece gave, and whether
/// reading failed. `None` if the stored bytes cannot be opened.
fn streamed(
    stored: &[u8],
    limits: Limits,
    context: &Context,
    whole_stream: bool,
    open: bool,
) -> Option<(Vec<PieceFound>, bool)> {
    let opened = from_reader(Box::new(Cursor::new(stored.to_vec()))).ok()?;
    let mut pieces = match open {
        true => Pieces::open(opened.reader, opened.consumed, limits),
        false => Pieces::new(opened.reader, opened.consumed, limits),
    };
    let (mut out, mut failed) = (Vec::new(), false);
    while let Some(chunk) = pieces.next() {
        match chunk {
            Ok(Chunk::Piece(piece)) => {
                let mut checked = check(piece, "fuzz.pgn", context, None);
                match checked.rest.take() {
                    Some(rest @ Rest::Unchecked(_)) => {
                        assert!(checked.games == 0 && checked.problems.is_empty());
                        pieces.give_back(rest);
                        continue;
                    }
                    Some(rest) => pieces.give_back(rest),
                    None => {}
                }
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
                out.push((
                    checked.line,
                    checked.games,
                    problems.collect(),
                    skipped.collect(),
                ));
            }
            Ok(Chunk::Skipped { .. }) => panic!("no game is that long"),
            Err(_) => failed = true,
        }
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

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let (head, body) = data.split_at(3);
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
        _ => (body.to_vec(), Compression::detect(body) == Compression::None),
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
    let Some((cut, failed)) = streamed(&stored, limits, &context, whole_stream, false) else {
        return;
    };
    // Open pieces, ended by their checker, are the pieces the splitter
    // cuts.
    let (open, open_failed) = streamed(&stored, limits, &context, whole_stream, true).unwrap();
    assert_eq!((&open, open_failed), (&cut, failed));
    let (games, problems, skipped) = found(cut);
    if whole_stream {
        assert!(!failed);
        let (text, _) = decode(body.to_vec(), encoding).unwrap();
        assert_eq!((games, problems, skipped), whole(text));
    }
});
