//! A document's problems as the editor shows them: each game checked as
//! `chess-verify` checks a file (the same reader, pieces, checks and
//! words), each problem at its range in the client's columns, its kind as
//! the code, warnings as warnings, the help after the message.

use std::io::Cursor;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString};

use crate::check::{Context, Encoding, Problem, SPELLING, check};
use crate::lsp::text::{Columns, Document};
use crate::read::{Chunk, Limits, Pieces};

/// How documents are checked: as `chess-verify FILE` checks a file.
pub fn context() -> Context {
    Context {
        options: chess_core::Options {
            drop_annotations: true,
            // A `*` after the end of the game is a warning, as in files.
            unfinished_result: true,
            ..chess_core::Options::default()
        },
        encoding: Encoding::Utf8,
        shard: None,
        styled: false,
    }
}

/// A problem of a document, and where it is in the document's text.
pub struct Found {
    /// The problem, as `chess-verify` reports it.
    pub problem: Problem,
    /// Its byte offsets in the document.
    pub start: usize,
    /// The end.
    pub end: usize,
}

/// The problems of `text` (called `name` in messages), in order.
pub fn problems(text: &str, name: &str, context: &Context) -> Vec<Found> {
    let reader = Cursor::new(text.as_bytes());
    let mut out = Vec::new();
    for chunk in Pieces::new(reader, Arc::new(AtomicU64::new(0)), Limits::default()) {
        // Reading from memory cannot fail; a stretch with no game start is
        // beyond any game's size.
        let Ok(Chunk::Piece(piece)) = chunk else {
            continue;
        };
        let offset = piece.offset as usize;
        let checked = check(piece, name, context, None);
        out.extend(checked.problems.into_iter().map(|problem| Found {
            start: offset + problem.diagnostic.range.start as usize,
            end: offset + problem.diagnostic.range.end as usize,
            problem,
        }));
    }
    out
}

/// The problems of `doc` (called `name` in messages), for the editor.
pub fn diagnostics(
    doc: &Document,
    name: &str,
    context: &Context,
    columns: Columns,
) -> Vec<Diagnostic> {
    problems(doc.text(), name, context)
        .iter()
        .map(|found| diagnostic(doc, found, columns))
        .collect()
}

/// One problem as the protocol has it.
pub fn diagnostic(doc: &Document, found: &Found, columns: Columns) -> Diagnostic {
    let p = &found.problem;
    let d = &p.diagnostic;
    let mut message = d.message.clone();
    for help in &d.help {
        message.push_str("\nhelp: ");
        message.push_str(&help.spell(&SPELLING));
    }
    Diagnostic {
        range: doc.range(found.start, found.end, columns),
        severity: Some(if p.warning {
            DiagnosticSeverity::WARNING
        } else {
            DiagnosticSeverity::ERROR
        }),
        code: Some(NumberOrString::String(d.kind.code().to_string())),
        source: Some("chess-verify".to_string()),
        message,
        ..Diagnostic::default()
    }
}
