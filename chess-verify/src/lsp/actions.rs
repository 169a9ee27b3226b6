//! Quick fixes: the proven fixes of [`crate::fix`] as code actions, one
//! for each fix of a problem in the range asked about, and "fix all in
//! file".

use std::collections::HashMap;

use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use crate::fix::{Fix, fix_all, fixes};
use crate::lsp::diagnostics::diagnostic;
use crate::lsp::text::{Columns, Document};
use crate::run::Checker;

/// The code actions for the problems of `doc` that touch bytes
/// `start..end`, and "fix all" when any problem has a proven fix.
pub fn code_actions(
    doc: &Document,
    uri: &Uri,
    (start, end): (usize, usize),
    checker: &Checker,
    columns: Columns,
) -> Vec<CodeAction> {
    let text = doc.text();
    let edit = |fixes: &[Fix]| {
        let edits = fixes
            .iter()
            .flat_map(|f| &f.edits)
            .map(|e| TextEdit {
                range: doc.range(e.start, e.end, columns),
                new_text: e.text.clone(),
            })
            .collect();
        WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }
    };
    let mut actions = Vec::new();
    for found in checker
        .problems(text)
        .iter()
        .filter(|p| p.start <= end && start <= p.end)
    {
        for (i, fix) in fixes(text, found, checker).into_iter().enumerate() {
            actions.push(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(doc, uri, found, columns)]),
                edit: Some(edit(std::slice::from_ref(&fix))),
                is_preferred: Some(i == 0),
                ..CodeAction::default()
            });
        }
    }
    let all = fix_all(text, checker);
    if !all.is_empty() {
        actions.push(CodeAction {
            title: format!(
                "Fix all in file ({} fix{})",
                all.len(),
                if all.len() == 1 { "" } else { "es" }
            ),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(edit(&all)),
            ..CodeAction::default()
        });
    }
    actions
}

/// The quick fixes of the problems of chess macro calls in a Rust file
/// that touch bytes `start..end` ([`crate::lsp::rust::fixes`]).
pub fn rust_actions(
    doc: &Document,
    uri: &Uri,
    span: (usize, usize),
    columns: Columns,
) -> Vec<CodeAction> {
    crate::lsp::rust::fixes(doc, span)
        .into_iter()
        .enumerate()
        .map(|(i, (fix, d, (start, end)))| {
            let edits = fix
                .edits
                .iter()
                .map(|e| TextEdit {
                    range: doc.range(e.start, e.end, columns),
                    new_text: e.text.clone(),
                })
                .collect();
            CodeAction {
                title: fix.title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![lsp_types::Diagnostic {
                    range: doc.range(start, end, columns),
                    message: d.message,
                    code: Some(lsp_types::NumberOrString::String(d.kind.code().to_string())),
                    ..lsp_types::Diagnostic::default()
                }]),
                edit: Some(WorkspaceEdit {
                    changes: Some(HashMap::from([(uri.clone(), edits)])),
                    ..WorkspaceEdit::default()
                }),
                is_preferred: Some(i == 0),
                ..CodeAction::default()
            }
        })
        .collect()
}
