//! Quick fixes: the help that names text to write instead — the right
//! result, `O-O` for `Kg1`, a move one edit away, `#` for a `+` that
//! mates — as edits. A fix is offered only when it is proven: the
//! document with the edit applied is checked again, and no problem is
//! left where the edit is. "Fix all" applies, from the top, the first
//! proven fix of every problem.

use std::collections::HashMap;

use chess_core::Help;
use lsp_types::{CodeAction, CodeActionKind, TextEdit, Uri, WorkspaceEdit};

use crate::check::Context;
use crate::lsp::diagnostics::{Found, diagnostic, problems};
use crate::lsp::text::{Columns, Document};

/// An edit of a document's text: bytes `start..end` become `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the editor shows.
    pub title: String,
    /// The first byte replaced.
    pub start: usize,
    /// The end of the bytes replaced.
    pub end: usize,
    /// What they become.
    pub text: String,
}

impl Fix {
    /// `text` with this edit.
    fn apply(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + self.text.len());
        out.push_str(&text[..self.start]);
        out.push_str(&self.text);
        out.push_str(&text[self.end..]);
        out
    }
}

/// The edits `found`'s help proposes, proven or not.
fn candidates(text: &str, found: &Found) -> Vec<Fix> {
    let written = &text[found.start..found.end];
    let replace = |title: String, by: &str| Fix {
        title,
        start: found.start,
        end: found.end,
        text: by.to_string(),
    };
    let mut fixes = Vec::new();
    for help in &found.problem.diagnostic.help {
        match help {
            Help::Write { choices, .. } => fixes.extend(
                choices
                    .iter()
                    .map(|c| replace(format!("Write `{c}` instead of `{written}`"), c)),
            ),
            Help::DidYouMean(moves) => fixes.extend(
                moves
                    .iter()
                    .map(|m| replace(format!("Replace `{written}` with `{m}`"), m)),
            ),
            // The diagnostic is on the marker: the mate's marker is `#`.
            Help::WriteMate(san) if san.ends_with('#') => {
                fixes.push(replace(format!("Mark the mate: `{san}`"), "#"));
            }
            _ => {}
        }
    }
    fixes
}

/// `fix` applied to `text` leaves no problem where it is.
fn proven(text: &str, fix: &Fix, name: &str, context: &Context) -> bool {
    let after = fix.apply(text);
    let end = fix.start + fix.text.len();
    problems(&after, name, context)
        .iter()
        .all(|p| p.end <= fix.start || end <= p.start)
}

/// The proven fixes of `found` in `text`.
pub fn fixes(text: &str, found: &Found, name: &str, context: &Context) -> Vec<Fix> {
    candidates(text, found)
        .into_iter()
        .filter(|fix| proven(text, fix, name, context))
        .collect()
}

/// Every problem's first proven fix, applied from the top: the edits, in
/// the coordinates of `text`.
pub fn fix_all(text: &str, name: &str, context: &Context) -> Vec<Fix> {
    let mut current = text.to_string();
    let mut edits = Vec::new();
    // How far `current` is ahead of `text` at the point reached.
    let mut shift: isize = 0;
    let mut from = 0;
    loop {
        let found = problems(&current, name, context);
        let Some(fix) = found
            .iter()
            .filter(|p| p.start >= from)
            .find_map(|p| fixes(&current, p, name, context).into_iter().next())
        else {
            break;
        };
        from = fix.start + fix.text.len();
        current = fix.apply(&current);
        edits.push(Fix {
            start: (fix.start as isize - shift) as usize,
            end: (fix.end as isize - shift) as usize,
            ..fix.clone()
        });
        shift += fix.text.len() as isize - (fix.end - fix.start) as isize;
    }
    edits
}

/// The code actions for the problems of `doc` that touch bytes
/// `start..end`, and "fix all" when any problem has a proven fix.
pub fn code_actions(
    doc: &Document,
    uri: &Uri,
    (start, end): (usize, usize),
    name: &str,
    context: &Context,
    columns: Columns,
) -> Vec<CodeAction> {
    let text = doc.text();
    let edit = |fixes: &[Fix]| {
        let edits = fixes
            .iter()
            .map(|f| TextEdit {
                range: doc.range(f.start, f.end, columns),
                new_text: f.text.clone(),
            })
            .collect();
        WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }
    };
    let mut actions = Vec::new();
    for found in problems(text, name, context)
        .iter()
        .filter(|p| p.start <= end && start <= p.end)
    {
        for (i, fix) in fixes(text, found, name, context).into_iter().enumerate() {
            actions.push(CodeAction {
                title: fix.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(doc, found, columns)]),
                edit: Some(edit(std::slice::from_ref(&fix))),
                is_preferred: Some(i == 0),
                ..CodeAction::default()
            });
        }
    }
    let all = fix_all(text, name, context);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::diagnostics::context;

    fn first_fixes(text: &str) -> Vec<String> {
        let context = context();
        let found = problems(text, "t.pgn", &context);
        fixes(text, &found[0], "t.pgn", &context)
            .iter()
            .map(|f| f.apply(text))
            .collect()
    }

    #[test]
    fn each_kind_of_help_that_writes_is_a_fix() {
        // A move one edit away.
        assert_eq!(first_fixes("1. e4 e5 2. Nf4 *\n"), ["1. e4 e5 2. Nf3 *\n"]);
        // Castling written as the king's step.
        assert_eq!(
            first_fixes("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *\n"),
            ["1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"]
        );
        // The result the position has.
        assert_eq!(
            first_fixes("1. f3 e5 2. g4 Qh4# 1-0\n"),
            ["1. f3 e5 2. g4 Qh4# 0-1\n"]
        );
        // The mate's marker.
        assert_eq!(
            first_fixes("1. f3 e5 2. g4 Qh4+ 0-1\n"),
            ["1. f3 e5 2. g4 Qh4# 0-1\n"]
        );
    }

    #[test]
    fn a_fix_that_does_not_make_the_part_legal_is_not_offered() {
        let context = context();
        let text = "1. e4 e5 2. Nf4 *\n";
        let found = &problems(text, "t.pgn", &context)[0];
        let wrong = Fix {
            title: String::new(),
            start: found.start,
            end: found.end,
            text: "Nf5".into(),
        };
        assert!(!proven(text, &wrong, "t.pgn", &context));
    }

    #[test]
    fn fix_all_fixes_every_game_in_the_coordinates_of_the_text() {
        let context = context();
        let text = "1. e4 e5 2. Nf4 *\n\n1. f3 e5 2. g4 Qh4+ 1-0\n";
        let edits = fix_all(text, "t.pgn", &context);
        let mut fixed = text.to_string();
        for edit in edits.iter().rev() {
            fixed = edit.apply(&fixed);
        }
        assert_eq!(fixed, "1. e4 e5 2. Nf3 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
        assert!(problems(&fixed, "t.pgn", &context).is_empty());
    }
}
