//! The GitHub format: GitHub Actions workflow commands
//! (`::error file=…,line=…::…`), then the human summary line.

use std::io::Write;

use verified_chess::BoardStyle;

use super::human::summary;
use super::sink::{Report, Sink};
use super::totals::Totals;

/// Workflow commands on standard output.
pub(crate) struct Github;

impl Sink for Github {
    fn note(&mut self, out: &mut dyn Write, _err: &mut dyn Write, name: &str, message: &str) {
        let _ = writeln!(out, "::notice file={}::{}", property(name), data(message));
    }

    fn unreadable(&mut self, out: &mut dyn Write, _err: &mut dyn Write, name: &str, message: &str) {
        let _ = writeln!(
            out,
            "::error file={},title=chess-verify::{}",
            property(name),
            data(message)
        );
    }

    fn problem(&mut self, out: &mut dyn Write, report: Report<'_>, _: Option<BoardStyle>) {
        let p = report.problem;
        let _ = writeln!(
            out,
            "::{} file={},line={},col={},endLine={},endColumn={},title={}::{}",
            report.level(),
            property(report.name),
            p.line,
            p.column,
            p.end_line,
            p.end_column,
            property(&format!(
                "chess-verify: {} (game {})",
                p.diagnostic.kind.code(),
                report.game
            )),
            data(&report.message_and_help())
        );
    }

    fn finish(&mut self, out: &mut dyn Write, totals: &Totals, rate: f64, unit: &str) {
        let _ = writeln!(out, "{}", summary(totals, rate, unit));
    }
}

/// Escapes a workflow command's message.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}
