//! Writing what was found: rustc-style for people, JSON lines for scripts,
//! GitHub Actions workflow commands for pull requests, SARIF 2.1.0 for
//! code-scanning dashboards; a progress bar on a terminal; the summary.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use chess_core::ErrorKind;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Value, json};

use verified_chess::BoardStyle;

use crate::board;
use crate::check::{Encoding, Problem, SPELLING, suggestion};
use crate::input::Compression;
use crate::run::Item;

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

/// Counts over the whole run.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// Inputs named.
    pub files: usize,
    /// Games read.
    pub games: u64,
    /// Games verified (all of them, or the shard's).
    pub checked: u64,
    /// Plies of the legal games.
    pub plies: u64,
    /// Problems reported.
    pub errors: u64,
    /// Warnings reported (they are not errors).
    pub warnings: u64,
    /// Inputs that could not be read, or not to their end.
    pub unreadable: usize,
    /// Stretches of text skipped.
    pub skipped: u64,
    /// Whether `--max-errors` stopped the run.
    pub stopped: bool,
    /// Seconds taken.
    pub seconds: f64,
}

/// Writes items as they come, in one format.
pub struct Reporter<W: Write, E: Write> {
    format: Format,
    out: W,
    err: E,
    names: Vec<String>,
    /// Games of each input reported so far (to number games across pieces).
    games_before: Vec<u64>,
    /// Whether each input was already noted as not UTF-8.
    noted: Vec<bool>,
    /// Notes for SARIF's notifications.
    notifications: Vec<Value>,
    max_errors: Option<u64>,
    totals: Totals,
    started: Instant,
    progress: Option<Progress>,
    sarif_results: usize,
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
        let mut reporter = Reporter {
            format,
            out,
            err,
            games_before: vec![0; n],
            noted: vec![false; n],
            notifications: Vec::new(),
            max_errors: None,
            totals: Totals {
                files: n,
                ..Totals::default()
            },
            started: Instant::now(),
            progress: None,
            sarif_results: 0,
            unit: "game",
            board: None,
            names,
        };
        if format == Format::Sarif {
            let _ = write!(
                reporter.out,
                "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{{\"columnKind\":\"unicodeCodePoints\",\"results\":["
            );
        }
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
                if compression != Compression::None && self.format == Format::Human {
                    self.note_human(
                        file,
                        &format!("reading {compression}-compressed text"),
                        false,
                    );
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

    fn note_human(&mut self, file: usize, message: &str, always: bool) {
        if always || self.format == Format::Human {
            let _ = writeln!(self.err, "note: {}: {message}", self.names[file]);
        }
    }

    /// A note about an input (not a problem).
    fn note(&mut self, file: usize, message: &str) {
        let name = &self.names[file];
        match self.format {
            Format::Human => self.note_human(file, message, true),
            Format::Json => {
                let record = json!({ "type": "note", "file": name, "message": message });
                let _ = writeln!(self.out, "{record}");
            }
            Format::Github => {
                let _ = writeln!(
                    self.out,
                    "::notice file={}::{}",
                    property(name),
                    data(message)
                );
            }
            Format::Sarif => self.notifications.push(json!({
                "level": "note",
                "message": { "text": message },
                "locations": [{ "physicalLocation": { "artifactLocation": { "uri": uri(name) } } }],
            })),
        }
    }

    /// An input that could not be read (or not all of it).
    fn failure(&mut self, file: usize, message: &str) {
        let name = self.names[file].clone();
        self.unreadable(&name, message);
    }

    /// A file that could not be read (or not all of it), called `name`.
    fn unreadable(&mut self, name: &str, message: &str) {
        self.totals.unreadable += 1;
        match self.format {
            Format::Human => {
                let _ = writeln!(self.err, "error: {message}");
            }
            Format::Json => {
                let record = json!({ "type": "unreadable", "file": name, "message": message });
                let _ = writeln!(self.out, "{record}");
            }
            Format::Github => {
                let _ = writeln!(
                    self.out,
                    "::error file={},title=chess-verify::{}",
                    property(name),
                    data(message)
                );
            }
            Format::Sarif => self.notifications.push(json!({
                "level": "error",
                "message": { "text": message },
                "locations": [{ "physicalLocation": { "artifactLocation": { "uri": uri(name) } } }],
            })),
        }
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
        let d = &p.diagnostic;
        let help: Vec<String> = d.help.iter().map(|h| h.spell(&SPELLING)).collect();
        match self.format {
            Format::Human => {
                let _ = writeln!(self.out, "{}", p.rendered);
                let gutter = p.line.to_string().len() + 1;
                if let (Some(style), Some(before)) = (self.board, &d.position)
                    && let Some(board) = board::draw(before, style, gutter)
                {
                    let _ = write!(self.out, "{board}");
                }
                let _ = writeln!(self.out);
            }
            Format::Json => {
                let record = json!({
                    "type": if p.warning { "warning" } else { "problem" },
                    "file": name,
                    "game": game,
                    "line": p.line,
                    "column": p.column,
                    "end_line": p.end_line,
                    "end_column": p.end_column,
                    "code": d.kind.code(),
                    "text": p.text,
                    "message": d.message,
                    "help": help,
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
                let _ = writeln!(self.out, "{record}");
            }
            Format::Github => {
                let mut message = d.message.clone();
                for h in &help {
                    message.push_str("\nhelp: ");
                    message.push_str(h);
                }
                let _ = writeln!(
                    self.out,
                    "::{} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                    if p.warning { "warning" } else { "error" },
                    property(name),
                    p.line,
                    p.column,
                    p.end_line,
                    p.end_column,
                    property(&format!("chess-verify: {} (game {game})", d.kind.code())),
                    data(&message)
                );
            }
            Format::Sarif => {
                let rule = ErrorKind::ALL
                    .iter()
                    .position(|k| *k == d.kind)
                    .unwrap_or(0);
                let mut text = d.message.clone();
                for h in &help {
                    text.push_str("\nhelp: ");
                    text.push_str(h);
                }
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
                    "level": if p.warning { "warning" } else { "error" },
                    "message": { "text": text },
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
                        "game": game,
                        "help": help,
                        "suggestions": d.help.iter().filter_map(suggestion).collect::<Vec<_>>(),
                    },
                });
                let comma = if self.sarif_results > 0 { "," } else { "" };
                self.sarif_results += 1;
                let _ = write!(self.out, "{comma}{result}");
            }
        }
    }

    /// Writes the summary; returns the totals.
    pub fn finish(mut self) -> Totals {
        if let Some(p) = &self.progress {
            p.bar.finish_and_clear();
        }
        self.totals.seconds = self.started.elapsed().as_secs_f64();
        let t = self.totals.clone();
        let rate = t.games as f64 / t.seconds.max(1e-9);
        match self.format {
            Format::Human | Format::Github => {
                let _ = writeln!(self.out, "{}", summary(&t, rate, self.unit));
            }
            Format::Json => {
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
                let _ = writeln!(self.out, "{record}");
            }
            Format::Sarif => {
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
                let _ = writeln!(
                    self.out,
                    "],\"tool\":{tool},\"invocations\":{invocations}}}]}}"
                );
            }
        }
        let _ = self.out.flush();
        t
    }
}

/// The human summary line.
fn summary(t: &Totals, rate: f64, unit: &str) -> String {
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

/// Encodings by name for `--encoding`.
pub fn encoding_names() -> [(&'static str, Encoding); 4] {
    [
        ("auto", Encoding::Auto),
        ("utf-8", Encoding::Utf8),
        ("latin-1", Encoding::Latin1),
        ("windows-1252", Encoding::Windows1252),
    ]
}
