//! The text front end (PGN strings, `include_pgn!` files, `chess-verify`):
//! any bytes are either rejected as not UTF-8 or give every game a verdict,
//! and every diagnostic renders with a location inside the text.
#![no_main]

use chess_core::syntax::PieceLetters;
use chess_core::{Options, Source, emit, verify};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = Source::text(text, Some("fuzz.pgn".into()), None);
    let options = [
        Options::default(),
        Options {
            moves_after_draw: true,
            ..Options::default()
        },
        Options {
            piece_letters: PieceLetters::German,
            ..Options::default()
        },
    ];
    for options in options {
        for result in verify(&source, options) {
            if let Err(d) = result {
                assert!(d.range.end as usize <= text.len());
                assert!(text.is_char_boundary(d.range.start as usize));
                assert!(text.is_char_boundary(d.range.end as usize));
                let rendered = emit::message(&d, &source);
                assert!(rendered.starts_with("fuzz.pgn:"));
            }
        }
    }
});
