//! The human format: rustc-style diagnostics, with the board where it
//! went wrong if asked, and a summary line.

use std::io::Write;

use verified_chess::BoardStyle;

use super::sink::{Report, Sink};
use super::totals::Totals;
use crate::board;

/// rustc-style diagnostics on standard output, notes on standard error.
pub(crate) struct Human;

impl Sink for Human {
    fn aside(&mut self, err: &mut dyn Write, name: &str, message: &str) {
        let _ = writeln!(err, "note: {name}: {message}");
    }

    fn note(&mut self, _out: &mut dyn Write, err: &mut dyn Write, name: &str, message: &str) {
        self.aside(err, name, message);
    }

    fn unreadable(
        &mut self,
        _out: &mut dyn Write,
        err: &mut dyn Write,
        _name: &str,
        message: &str,
    ) {
        let _ = writeln!(err, "error: {message}");
    }

    fn problem(&mut self, out: &mut dyn Write, report: Report<'_>, style: Option<BoardStyle>) {
        let p = report.problem;
        let _ = writeln!(out, "{}", p.rendered);
        let gutter = p.line.to_string().len() + 1;
        if let (Some(style), Some(before)) = (style, &p.diagnostic.position)
            && let Some(board) = board::draw(before, style, gutter)
        {
            let _ = write!(out, "{board}");
        }
        let _ = writeln!(out);
    }

    fn finish(&mut self, out: &mut dyn Write, totals: &Totals, rate: f64, unit: &str) {
        let _ = writeln!(out, "{}", summary(totals, rate, unit));
    }
}

/// The human summary line.
pub(crate) fn summary(t: &Totals, rate: f64, unit: &str) -> String {
    let plural = |n: u64, word: &str| {
        if n == 1 {
            format!("1 {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let mut verdict = match t.errors {
        0 => "no errors".to_string(),
        n => plural(n, "error"),
    };
    if t.warnings > 0 {
        verdict.push_str(&format!(", {}", plural(t.warnings, "warning")));
    }
    let shard = if t.checked == t.games {
        String::new()
    } else {
        format!(", {} in this shard", t.checked)
    };
    let legal = t.checked.saturating_sub(t.errors);
    let plies = match t.plies {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    };
    let mut line = format!(
        "checked {}: {}{shard} ({legal} legal, {plies}), {verdict}",
        plural(t.files as u64, "file"),
        plural(t.games, unit),
    );
    if t.unreadable > 0 {
        line.push_str(&format!(", {} unreadable", t.unreadable));
    }
    if t.stopped {
        line.push_str(" (stopped at --max-errors)");
    }
    line.push_str(&format!(" in {:.2} s, {rate:.0} {unit}s/s", t.seconds));
    line
}
