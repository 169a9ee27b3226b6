//! The JSON format: one object per line, each problem and note, then a
//! summary.

use std::io::Write;

use serde_json::json;
use verified_chess::BoardStyle;

use super::sink::{Report, Sink};
use super::totals::Totals;
use crate::check::suggestion;

/// JSON lines on standard output.
pub(crate) struct Json;

impl Sink for Json {
    fn note(&mut self, out: &mut dyn Write, _err: &mut dyn Write, name: &str, message: &str) {
        let record = json!({ "type": "note", "file": name, "message": message });
        let _ = writeln!(out, "{record}");
    }

    fn unreadable(&mut self, out: &mut dyn Write, _err: &mut dyn Write, name: &str, message: &str) {
        let record = json!({ "type": "unreadable", "file": name, "message": message });
        let _ = writeln!(out, "{record}");
    }

    fn problem(&mut self, out: &mut dyn Write, report: Report<'_>, _: Option<BoardStyle>) {
        let (p, d) = (report.problem, &report.problem.diagnostic);
        let record = json!({
            "type": if p.warning { "warning" } else { "problem" },
            "file": report.name,
            "game": report.game,
            "line": p.line,
            "column": p.column,
            "end_line": p.end_line,
            "end_column": p.end_column,
            "code": d.kind.code(),
            "text": p.text,
            "message": d.message,
            "help": report.help,
            "suggestions": d.help.iter().filter_map(suggestion).collect::<Vec<_>>(),
            "fen": d.position.as_ref().map(|before| before.fen()),
            "related": p.related.iter().map(|place| json!({
                "line": place.line,
                "column": place.column,
                "end_line": place.end_line,
                "end_column": place.end_column,
                "message": place.what,
            })).collect::<Vec<_>>(),
        });
        let _ = writeln!(out, "{record}");
    }

    fn finish(&mut self, out: &mut dyn Write, t: &Totals, rate: f64, _unit: &str) {
        let record = json!({
            "type": "summary",
            "files": t.files,
            "games": t.games,
            "checked": t.checked,
            "plies": t.plies,
            "errors": t.errors,
            "warnings": t.warnings,
            "unreadable": t.unreadable,
            "stopped": t.stopped,
            "seconds": t.seconds,
            "games_per_second": rate,
        });
        let _ = writeln!(out, "{record}");
    }
}
