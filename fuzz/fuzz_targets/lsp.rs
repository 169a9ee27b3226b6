//! The language server's text handling: a document, then edits at any
//! place (ranges in UTF-16 units, as clients send them, and in bytes).
//! Never a panic; the document's text is the text edited by hand; and
//! after every edit, the diagnostics the server computes (checking again
//! only the stretches of games that changed) are exactly those of
//! `chess-verify` on the whole text.
#![no_main]

use chess_verify::lsp::diagnostics::{Checks, context};
use chess_verify::run::{Checker, Found, Task};
use chess_verify::lsp::text::{Columns, Document};
use libfuzzer_sys::fuzz_target;
use lsp_types::{Range, TextDocumentContentChangeEvent};

/// What a problem is, for comparison.
fn seen(found: &[Found]) -> Vec<(usize, usize, String, bool)> {
    found
        .iter()
        .map(|f| (f.start, f.end, f.problem.diagnostic.message.clone(), f.problem.warning))
        .collect()
}

/// The nearest place at or before `at` that a position can name: a
/// character boundary, not between the `\r` and the `\n` of a line end.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    if at > 0 && text[..at].ends_with('\r') && text[at..].starts_with('\n') {
        at -= 1;
    }
    at
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    // The first part is the document; each later part, after a `\u{1}`,
    // an edit: two bytes of place and length, then the text put there.
    let mut parts = input.split('\u{1}');
    let Some(first) = parts.next() else { return };
    let context = context();
    let checker = Checker {
        name: "fuzz.pgn",
        context: &context,
        task: &Task::Games,
    };
    let mut doc = Document::new(first.to_string(), 0);
    let mut plain = first.to_string();
    let mut checks = Checks::default();
    let _ = checks.problems(doc.text(), &checker, || true);
    for (version, part) in parts.enumerate() {
        let bytes = part.as_bytes();
        if bytes.len() < 2 {
            continue;
        }
        let columns = if bytes[0] & 1 == 0 { Columns::Utf16 } else { Columns::Utf8 };
        let start = boundary(&plain, bytes[0] as usize * plain.len() / 255);
        let end = boundary(&plain, start + bytes[1] as usize % 16).max(start);
        let inserted = part.get(2..).unwrap_or("");
        let range = Range {
            start: doc.position(start, columns),
            end: doc.position(end, columns),
        };
        // The positions lead back to the same bytes.
        assert_eq!(doc.offset(range.start, columns), start);
        assert_eq!(doc.offset(range.end, columns), end);
        doc.apply(
            vec![TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: inserted.to_string(),
            }],
            version as i32 + 1,
            columns,
        );
        plain.replace_range(start..end, inserted);
        assert_eq!(doc.text(), plain);
        let incremental = checks.problems(doc.text(), &checker, || true);
        let whole = checker.problems(doc.text());
        assert_eq!(seen(&incremental), seen(&whole));
    }
});
