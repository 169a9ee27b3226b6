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

/// The problems of `doc` (called `name` in messages), for the editor.
pub fn diagnostics(
    doc: &Document,
    name: &str,
    context: &Context,
    columns: Columns,
) -> Vec<Diagnostic> {
    let reader = Cursor::new(doc.text().as_bytes());
    let mut out = Vec::new();
    for chunk in Pieces::new(reader, Arc::new(AtomicU64::new(0)), Limits::default()) {
        // Reading from memory cannot fail; a stretch with no game start is
        // beyond any game's size.
        let Ok(Chunk::Piece(piece)) = chunk else {
            continue;
        };
        let checked = check(piece, name, context, None);
        out.extend(checked.problems.iter().map(|p| diagnostic(doc, p, columns)));
    }
    out
}

/// One problem as the protocol has it.
fn diagnostic(doc: &Document, p: &Problem, columns: Columns) -> Diagnostic {
    let d = &p.diagnostic;
    let mut message = d.message.clone();
    for help in &d.help {
        message.push_str("\nhelp: ");
        message.push_str(&help.spell(&SPELLING));
    }
    Diagnostic {
        range: lsp_types::Range {
            start: doc.position_of_char(p.line, p.column, columns),
            end: doc.position_of_char(p.end_line, p.end_column, columns),
        },
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
