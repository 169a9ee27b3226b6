//! A document's problems as the editor shows them: each game checked as
//! `chess-verify` checks a file (the same reader, pieces, checks and
//! words), each problem at its range in the client's columns, its kind as
//! the code, warnings as warnings, the help after the message. After an
//! edit, only the stretches of games whose text changed are checked again
//! ([`Checks`]).

use std::collections::HashMap;

use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};

use crate::check::{Context, Encoding, SPELLING};
use crate::lsp::text::{Columns, Document};
use crate::run::{Checker, Found};

/// How documents are checked: as `chess-verify FILE` checks a file.
pub fn context() -> Context {
    Context {
        options: chess_core::Options {
            drop_annotations: true,
            // A `*` after the end of the game is a warning, as in files.
            unfinished_result: true,
            numbers_from_first_move: true,
            ..chess_core::Options::default()
        },
        encoding: Encoding::Utf8,
        shard: None,
        styled: false,
    }
}

/// The problems of a document's stretches of games (the text between two
/// game starts), by their text: a stretch an edit did not touch is not
/// checked again. (The problems' offsets count from their stretch.)
#[derive(Debug, Default)]
pub struct Checks {
    /// By the stretch's text, and whether text follows it.
    by_text: HashMap<(String, bool), Vec<Found>>,
    /// How many stretches were checked (not found from before), in all.
    pub checked: u64,
    /// The settings the problems were found under.
    pub fingerprint: u64,
}

impl Checks {
    /// Forgets what was found, if it was found under other settings.
    pub fn settle(&mut self, fingerprint: u64) {
        if self.fingerprint != fingerprint {
            self.by_text.clear();
            self.fingerprint = fingerprint;
        }
    }

    /// The problems of `text` (called `name` in messages), in order, with
    /// offsets in `text`: those of the stretches seen before from here,
    /// the others checked. What was found is kept for the next text only
    /// if `holds` says so at the end (no proof among them was cancelled).
    pub fn problems(
        &mut self,
        text: &str,
        checker: &Checker,
        holds: impl Fn() -> bool,
    ) -> Vec<Found> {
        let mut seen = HashMap::new();
        let mut out = Vec::new();
        for games in checker.stretches(text) {
            let stretch = &text[games.clone()];
            // A stretch with text after it is checked as a piece of a file
            // that goes on.
            let more = games.end < text.len();
            let key = (stretch.to_string(), more);
            let found = match self.by_text.get(&key) {
                Some(found) => found.clone(),
                None => {
                    self.checked += 1;
                    checker.problems_in(stretch, more)
                }
            };
            out.extend(found.iter().map(|f| Found {
                start: f.start + games.start,
                end: f.end + games.start,
                offset: f.offset + games.start,
                ..f.clone()
            }));
            seen.insert(key, found);
        }
        if holds() {
            self.by_text = seen;
        }
        out
    }
}

/// The problems of `doc` (called `name` in messages), for the editor;
/// `holds`: see [`Checks::problems`].
pub fn diagnostics(
    doc: &Document,
    uri: &Uri,
    checks: &mut Checks,
    checker: &Checker,
    columns: Columns,
    holds: impl Fn() -> bool,
) -> Vec<Diagnostic> {
    checks
        .problems(doc.text(), checker, holds)
        .iter()
        .map(|found| diagnostic(doc, uri, found, columns))
        .collect()
}

/// The problems of a rules file (a Fairy-Stockfish `variants.ini` or a
/// CustomChessKell YAML file, `doc` called `name`), as `chess-verify
/// --rules` reports them: the file's own, if it cannot be read at all,
/// else each section that cannot be played, at the key or value
/// concerned.
pub fn rules_file(doc: &Document, uri: &Uri, name: &str, columns: Columns) -> Vec<Diagnostic> {
    let source = chess_core::Source::text(doc.text(), Some(name.to_string()), None);
    let problems: Vec<chess_core::Diagnostic> = match chess_core::RuleSets::read(&source) {
        Ok(sets) => sets
            .refused
            .into_iter()
            .map(|refused| {
                let span = refused.error.span;
                chess_core::Diagnostic::new(
                    chess_core::ErrorKind::RulesFile,
                    chess_core::Range::new(span.start as u32, span.end as u32),
                    refused.error.message,
                )
            })
            .collect(),
        Err(d) => vec![d],
    };
    problems
        .into_iter()
        .map(|d| {
            let found = Found {
                start: d.range.start as usize,
                end: d.range.end as usize,
                offset: 0,
                problem: crate::check::Problem::new(&source, name, 0, 1, d, false),
            };
            diagnostic(doc, uri, &found, columns)
        })
        .collect()
}

/// What is wrong with the settings of a document (its `chess-verify.toml`
/// or the rules file that names), at the document's start.
pub fn settings(message: String) -> Diagnostic {
    at_start("settings", message)
}

/// A check that panicked (a bug): one error at the document's start,
/// with the panic's words, asking for a report.
pub fn internal_error(panic: &(dyn std::any::Any + Send)) -> Diagnostic {
    at_start(
        "internal-error",
        chess_core::internal_error(panic, "the document"),
    )
}

/// An error about the whole document, at its start, with `code`.
fn at_start(code: &str, message: String) -> Diagnostic {
    Diagnostic {
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(code.to_string())),
        source: Some("chess-verify".to_string()),
        message,
        ..Diagnostic::default()
    }
}

/// One problem as the protocol has it.
pub fn diagnostic(doc: &Document, uri: &Uri, found: &Found, columns: Columns) -> Diagnostic {
    let p = &found.problem;
    // The other places the message is about, in the same document.
    let related: Vec<DiagnosticRelatedInformation> = p
        .diagnostic
        .related
        .iter()
        .map(|(range, what)| DiagnosticRelatedInformation {
            location: Location {
                uri: uri.clone(),
                range: doc.range(
                    found.offset + range.start as usize,
                    found.offset + range.end as usize,
                    columns,
                ),
            },
            message: what.clone(),
        })
        .collect();
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
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::check::Context;
    use crate::run::Task;

    /// A checker of games in a file called `t.pgn` (the quick fixes'
    /// tests use it too).
    pub(crate) fn checker(context: &Context) -> Checker<'_> {
        Checker {
            name: "t.pgn",
            context,
            task: &Task::Games,
        }
    }

    #[test]
    fn an_edit_checks_again_only_the_games_it_touched() {
        let context = context();
        let game = |event: &str, moves: &str| format!("[Event \"{event}\"]\n{moves}\n\n");
        let text = [
            game("a", "1. e4 e5 2. Nf4 *"),
            game("b", "1. d4 d5 *"),
            game("c", "1. f3 e5 2. g4 Qh4+ 0-1"),
        ]
        .concat();
        let mut checks = Checks::default();
        let first = checks.problems(&text, &checker(&context), || true);
        assert_eq!(checks.checked, 3);
        let whole = checker(&context).problems(&text);
        let spans = |found: &[Found]| -> Vec<(usize, usize, String)> {
            found
                .iter()
                .map(|f| (f.start, f.end, f.problem.diagnostic.message.clone()))
                .collect()
        };
        assert_eq!(spans(&first), spans(&whole));
        // An edit in game b, which moves game c: only b is checked again,
        // and c's problem is where c now is.
        let edited = text.replace("1. d4 d5 *", "1. d4 d5 2. Bc4 *");
        let again = checks.problems(&edited, &checker(&context), || true);
        assert_eq!(checks.checked, 4);
        assert_eq!(spans(&again), spans(&checker(&context).problems(&edited)));
        assert_eq!(again.len(), 3);
        // What does not hold (a proof cancelled) is not kept: the next
        // text is checked again.
        let moved = edited.replace("2. Bc4", "2. Bb5");
        checks.problems(&moved, &checker(&context), || false);
        assert_eq!(checks.checked, 5);
        checks.problems(&moved, &checker(&context), || true);
        assert_eq!(checks.checked, 6);
    }

    #[test]
    fn other_settings_forget_what_was_found() {
        let text = "[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n1. Kxd2 Kd7 1/2-1/2\n";
        let strict = context();
        let lenient = Context {
            options: chess_core::Options {
                moves_after_draw: true,
                ..strict.options
            },
            ..strict.clone()
        };
        let mut checks = Checks::default();
        checks.settle(1);
        assert_eq!(checks.problems(text, &checker(&strict), || true).len(), 1);
        // The same text under the same settings: found before.
        assert_eq!(checks.problems(text, &checker(&lenient), || true).len(), 1);
        checks.settle(2);
        assert_eq!(checks.problems(text, &checker(&lenient), || true).len(), 0);
        assert_eq!(checks.checked, 2);
    }

    #[test]
    fn a_settings_error_is_an_error_of_this_server() {
        let d = settings("chess-verify.toml: oops".into());
        assert_eq!(d.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(d.source.as_deref(), Some("chess-verify"));
        assert_eq!(d.code, Some(NumberOrString::String("settings".into())));
    }
}
