//! What an output format writes: one type per format ([`Human`](super::human::Human),
//! [`Json`](super::json::Json), [`Github`](super::github::Github),
//! [`Sarif`](super::sarif::Sarif)), each writing every kind of report.

use std::io::Write;

use verified_chess::BoardStyle;

use super::totals::Totals;
use crate::check::Problem;

/// How one output format writes each kind of report. `out` is standard
/// output, `err` standard error; writes that fail are not reported (a
/// closed pipe ends the run's output, not the run).
pub(crate) trait Sink {
    /// What comes before any report (SARIF's log opens).
    fn start(&mut self, _out: &mut dyn Write) {}

    /// A note for a person reading along (the human format alone): how
    /// an input is read.
    fn aside(&mut self, _err: &mut dyn Write, _name: &str, _message: &str) {}

    /// A note about the input called `name` (not a problem).
    fn note(&mut self, out: &mut dyn Write, err: &mut dyn Write, name: &str, message: &str);

    /// The input called `name` cannot be read, or not all of it.
    fn unreadable(&mut self, out: &mut dyn Write, err: &mut dyn Write, name: &str, message: &str);

    /// A problem of game `game` of the input called `name`, with its
    /// help spelled (`help`); `board` draws the position it is in (the
    /// human format).
    fn problem(&mut self, out: &mut dyn Write, report: Report<'_>, board: Option<BoardStyle>);

    /// The summary of the run (`rate` items a second, counted as
    /// `unit`s).
    fn finish(&mut self, out: &mut dyn Write, totals: &Totals, rate: f64, unit: &str);
}

/// A problem to write, and where it is.
#[derive(Copy, Clone)]
pub(crate) struct Report<'a> {
    /// The input's name.
    pub name: &'a str,
    /// The game's number in the input.
    pub game: u64,
    /// The problem.
    pub problem: &'a Problem,
    /// Its help, spelled.
    pub help: &'a [String],
}

impl Report<'_> {
    /// The message with each help after it, as one text.
    pub fn message_and_help(&self) -> String {
        let mut text = self.problem.diagnostic.message.clone();
        for h in self.help {
            text.push_str("\nhelp: ");
            text.push_str(h);
        }
        text
    }

    /// `warning` or `error`.
    pub fn level(&self) -> &'static str {
        if self.problem.warning {
            "warning"
        } else {
            "error"
        }
    }
}
