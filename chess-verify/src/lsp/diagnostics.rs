//! A document's problems as the editor shows them: each game checked as
//! `chess-verify` checks a file (the same reader, pieces, checks and
//! words), each problem at its range in the client's columns, its kind as
//! the code, warnings as warnings, the help after the message.

use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString};

use crate::check::{Context, Encoding, Found, SPELLING, problems};
use crate::lsp::text::{Columns, Document};

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
