//! The SARIF format: one SARIF 2.1.0 log, for code-scanning dashboards.
//! Results are written as they come; notes and inputs that cannot be
//! read become the invocation's notifications, written at the end.

use std::io::Write;

use chess_core::ErrorKind;
use serde_json::{Value, json};
use verified_chess::BoardStyle;

use super::sink::{Report, Sink};
use super::totals::Totals;
use crate::check::suggestion;

/// One SARIF log on standard output.
#[derive(Default)]
pub(crate) struct Sarif {
    /// The results written so far.
    results: usize,
    /// Notes and inputs that cannot be read.
    notifications: Vec<Value>,
}

impl Sarif {
    /// A notification about the input called `name`.
    fn notify(&mut self, level: &str, name: &str, message: &str) {
        self.notifications.push(json!({
            "level": level,
            "message": { "text": message },
            "locations": [{ "physicalLocation": { "artifactLocation": { "uri": uri(name) } } }],
        }));
    }
}

impl Sink for Sarif {
    fn start(&mut self, out: &mut dyn Write) {
        let _ = write!(
            out,
            "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{{\"columnKind\":\"unicodeCodePoints\",\"results\":["
        );
    }

    fn note(&mut self, _out: &mut dyn Write, _err: &mut dyn Write, name: &str, message: &str) {
        self.notify("note", name, message);
    }

    fn unreadable(
        &mut self,
        _out: &mut dyn Write,
        _err: &mut dyn Write,
        name: &str,
        message: &str,
    ) {
        self.notify("error", name, message);
    }

    fn problem(&mut self, out: &mut dyn Write, report: Report<'_>, _: Option<BoardStyle>) {
        let (p, d, name) = (report.problem, &report.problem.diagnostic, report.name);
        let rule = ErrorKind::ALL
            .iter()
            .position(|k| *k == d.kind)
            .unwrap_or(0);
        let related: Vec<Value> = p
            .related
            .iter()
            .enumerate()
            .map(|(id, place)| {
                json!({
                    "id": id,
                    "message": { "text": place.what },
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri(name) },
                        "region": {
                            "startLine": place.line,
                            "startColumn": place.column,
                            "endLine": place.end_line,
                            "endColumn": place.end_column,
                        },
                    },
                })
            })
            .collect();
        let result = json!({
            "ruleId": d.kind.code(),
            "ruleIndex": rule,
            "level": report.level(),
            "message": { "text": report.message_and_help() },
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": { "uri": uri(name) },
                    "region": {
                        "startLine": p.line,
                        "startColumn": p.column,
                        "endLine": p.end_line,
                        "endColumn": p.end_column,
                        "snippet": { "text": p.text },
                    },
                },
            }],
            "relatedLocations": related,
            "properties": {
                "game": report.game,
                "help": report.help,
                "suggestions": d.help.iter().filter_map(suggestion).collect::<Vec<_>>(),
            },
        });
        let comma = if self.results > 0 { "," } else { "" };
        self.results += 1;
        let _ = write!(out, "{comma}{result}");
    }

    fn finish(&mut self, out: &mut dyn Write, t: &Totals, _rate: f64, _unit: &str) {
        let rules: Vec<Value> = ErrorKind::ALL
            .iter()
            .map(|k| {
                json!({
                    "id": k.code(),
                    "shortDescription": { "text": k.summary() },
                    "defaultConfiguration": { "level": "error" },
                })
            })
            .collect();
        let tool = json!({
            "driver": {
                "name": "chess-verify",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": env!("CARGO_PKG_REPOSITORY"),
                "rules": rules,
            }
        });
        let invocations = json!([{
            "executionSuccessful": t.unreadable == 0,
            "toolExecutionNotifications": self.notifications,
        }]);
        let _ = writeln!(out, "],\"tool\":{tool},\"invocations\":{invocations}}}]}}");
    }
}

/// A path as a relative URI reference (percent-encoded where needed).
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else if b == b'\\' {
            out.push('/');
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
