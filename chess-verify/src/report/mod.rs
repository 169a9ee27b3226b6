//! Writing what was found: rustc-style for people, JSON lines for scripts,
//! GitHub Actions workflow commands for pull requests, SARIF 2.1.0 for
//! code-scanning dashboards (one type each, a `Sink`); a
//! progress bar on a terminal; the summary.

mod github;
mod human;
mod json;
mod sarif;
mod sink;
mod totals;

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use verified_chess::BoardStyle;

use crate::check::{Encoding, Problem, SPELLING};
use crate::input::Compression;
use crate::run::Item;
use sink::{Report, Sink};
pub use totals::Totals;

/// How to report.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// rustc-style diagnostics and a summary line.
    Human,
    /// One JSON object per line: each problem and note, then a summary.
    Json,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
    Github,
    /// One SARIF 2.1.0 log.
    Sarif,
}

/// Writes items as they come, in one format.
pub struct Reporter<W: Write, E: Write> {
    sink: Box<dyn Sink>,
    out: W,
    err: E,
    names: Vec<String>,
    /// Games of each input reported so far (to number games across pieces).
    games_before: Vec<u64>,
    /// Whether each input was already noted as not UTF-8.
    noted: Vec<bool>,
    max_errors: Option<u64>,
    totals: Totals,
    started: Instant,
    progress: Option<Progress>,
    /// What the inputs hold: `game`, or `puzzle`.
    unit: &'static str,
    /// How to draw the position a problem is in, under it (human format).
    board: Option<BoardStyle>,
}

/// A progress bar over the stored bytes of every input.
pub struct Progress {
    bar: ProgressBar,
    /// Stored bytes of the inputs already closed.
    done: u64,
    sizes: Vec<Option<u64>>,
}

impl Progress {
    /// A bar on standard error for inputs of these sizes (`None` for
    /// standard input: a spinner with bytes and games).
    pub fn new(sizes: Vec<Option<u64>>) -> Progress {
        let total: Option<u64> = sizes.iter().copied().sum();
        let (bar, template) = match total {
            Some(total) => (
                ProgressBar::new(total),
                "{spinner} {bar:30} {bytes}/{total_bytes} {msg} ETA {eta}",
            ),
            None => (
                ProgressBar::no_length(),
                "{spinner} {bytes} {msg} {elapsed}",
            ),
        };
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            done: 0,
            sizes,
        }
    }
}

impl<W: Write, E: Write> Reporter<W, E> {
    /// A reporter for inputs called `names`, writing reports to `out` and
    /// notes (in the human format) to `err`.
    pub fn new(format: Format, names: Vec<String>, out: W, err: E) -> Reporter<W, E> {
        let n = names.len();
        let sink: Box<dyn Sink> = match format {
            Format::Human => Box::new(human::Human),
            Format::Json => Box::new(json::Json),
            Format::Github => Box::new(github::Github),
            Format::Sarif => Box::new(sarif::Sarif::default()),
        };
        let mut reporter = Reporter {
            sink,
            out,
            err,
            games_before: vec![0; n],
            noted: vec![false; n],
            max_errors: None,
            totals: Totals {
                files: n,
                ..Totals::default()
            },
            started: Instant::now(),
            progress: None,
            unit: "game",
            board: None,
            names,
        };
        reporter.sink.start(&mut reporter.out);
        reporter
    }

    /// Stops after `n` problems.
    pub fn max_errors(mut self, n: Option<u64>) -> Self {
        self.max_errors = n;
        self
    }

    /// Draws the position a problem is in under its report, in `style`
    /// (human format; `None`, the default, draws none).
    pub fn board(mut self, style: Option<BoardStyle>) -> Self {
        self.board = style;
        self
    }

    /// Counts the inputs' items as `unit`s in the summary (`puzzle`).
    pub fn unit(mut self, unit: &'static str) -> Self {
        self.unit = unit;
        self
    }

    /// Shows a progress bar.
    pub fn progress(mut self, progress: Option<Progress>) -> Self {
        self.progress = progress;
        self
    }

    /// Reports one item; breaks when `--max-errors` is reached.
    pub fn item(&mut self, item: Item) -> ControlFlow<()> {
        match item {
            Item::Opened { file, compression } => {
                if compression != Compression::None {
                    let message = format!("reading {compression}-compressed text");
                    self.sink.aside(&mut self.err, &self.names[file], &message);
                }
            }
            Item::Piece { .. } => {}
            Item::Checked {
                file,
                checked,
                consumed,
            } => {
                self.update_progress(file, consumed);
                if let Some(encoding) = checked.decoded_as
                    && !self.noted[file]
                {
                    self.noted[file] = true;
                    let message = format!(
                        "not UTF-8 text: read as {} from line {} on (`--encoding` chooses)",
                        encoding.name(),
                        checked.line
                    );
                    self.note(file, &message);
                }
                if let Some(message) = &checked.not_utf8 {
                    self.failure(file, message);
                }
                for message in &checked.skipped {
                    self.note(file, message);
                }
                self.totals.games += checked.games;
                self.totals.checked += checked.checked;
                self.totals.plies += checked.plies;
                let before = self.games_before[file];
                self.games_before[file] += checked.games;
                for problem in &checked.problems {
                    self.problem(file, before + problem.game, problem);
                    if problem.warning {
                        self.totals.warnings += 1;
                        continue;
                    }
                    self.totals.errors += 1;
                    if self.max_errors.is_some_and(|max| self.totals.errors >= max) {
                        self.totals.stopped = true;
                        return ControlFlow::Break(());
                    }
                }
            }
            Item::Skipped {
                file,
                line,
                lines,
                bytes,
            } => {
                self.totals.skipped += 1;
                // The text skipped is a game, the one it began in: the games
                // after it keep their numbers.
                self.games_before[file] += 1;
                let message = format!(
                    "{}:{}: {bytes} bytes over {lines} lines without a game start (an unclosed `{{` comment?) were skipped, up to the next tag section",
                    self.names[file],
                    line + 1
                );
                self.failure(file, &message);
            }
            Item::Failed { file, message } => self.failure(file, &message),
            Item::Note { file, message } => self.note(file, &message),
            Item::Closed { file } => {
                if let Some(p) = &mut self.progress {
                    p.done += p.sizes[file].unwrap_or(0);
                    p.bar.set_position(p.done);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn update_progress(&mut self, file: usize, consumed: u64) {
        let Some(p) = &mut self.progress else { return };
        p.bar.set_position(p.done + consumed);
        let games = self.totals.games;
        let rate = games as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        p.bar
            .set_message(format!("{games} games, {rate:.0} games/s"));
        let _ = file;
    }

    /// A note about an input (not a problem).
    fn note(&mut self, file: usize, message: &str) {
        (self.sink).note(&mut self.out, &mut self.err, &self.names[file], message);
    }

    /// An input that could not be read (or not all of it).
    fn failure(&mut self, file: usize, message: &str) {
        let name = self.names[file].clone();
        self.unreadable(&name, message);
    }

    /// A file that could not be read (or not all of it), called `name`.
    fn unreadable(&mut self, name: &str, message: &str) {
        self.totals.unreadable += 1;
        (self.sink).unreadable(&mut self.out, &mut self.err, name, message);
    }

    fn problem(&mut self, file: usize, game: u64, p: &Problem) {
        let name = self.names[file].clone();
        self.report(&name, game, p);
    }

    /// The rules file `--rules` names cannot be used: why, in the
    /// report's format (counted as a file that cannot be read; the human
    /// format prints `error`'s `Display` instead).
    pub fn rules_file(&mut self, path: &str, error: &crate::rules::LoadError) {
        match error {
            crate::rules::LoadError::Invalid(problem) => {
                self.totals.unreadable += 1;
                self.report(path, 0, problem);
            }
            _ => self.unreadable(path, &error.to_string()),
        }
    }

    /// One problem of the file called `name`, written out at once (a run
    /// stopped by a signal has printed what it found; SARIF is one log,
    /// written at the end).
    fn report(&mut self, name: &str, game: u64, p: &Problem) {
        self.write_problem(name, game, p);
        let _ = self.out.flush();
    }

    fn write_problem(&mut self, name: &str, game: u64, p: &Problem) {
        let help: Vec<String> = (p.diagnostic.help.iter())
            .map(|h| h.spell(&SPELLING))
            .collect();
        let report = Report {
            name,
            game,
            problem: p,
            help: &help,
        };
        self.sink.problem(&mut self.out, report, self.board);
    }

    /// Writes the summary; returns the totals.
    pub fn finish(mut self) -> Totals {
        if let Some(p) = &self.progress {
            p.bar.finish_and_clear();
        }
        self.totals.seconds = self.started.elapsed().as_secs_f64();
        let t = self.totals.clone();
        let rate = t.games as f64 / t.seconds.max(1e-9);
        self.sink.finish(&mut self.out, &t, rate, self.unit);
        let _ = self.out.flush();
        t
    }
}

/// Encodings by name for `--encoding`.
pub fn encoding_names() -> [(&'static str, Encoding); 4] {
    [
        ("auto", Encoding::Auto),
        ("utf-8", Encoding::Utf8),
        ("latin-1", Encoding::Latin1),
        ("windows-1252", Encoding::Windows1252),
    ]
}
