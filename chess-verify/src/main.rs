//! `chess-verify FILE…`: checks PGN files with the verified-chess engine.
//!
//! Every game is replayed under the FIDE laws; every illegal move, wrong
//! move number, false check or mate marker and contradicted result is
//! reported rustc-style (`file:line:col`, the source line, `^^^` under the
//! move, the reason, `help:`), or as JSON lines with `--format json`.
//!
//! Exit status: 0 when every game is legal, 1 when some game is not, 2 when
//! a file cannot be read (or is not UTF-8 text).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use chess_core::{Diagnostic, Help, OptIn, Options, Source, Spelling, files, verify};
use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Checks chess games in PGN files: every move of every game (variations
/// included) is replayed under the FIDE laws, and every problem is
/// reported under the move concerned, with the reason.
#[derive(Parser, Debug)]
#[command(name = "chess-verify", version, about, long_about = None)]
struct Args {
    /// PGN files to check.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Accept moves played after a draw the rules impose (dead position,
    /// fivefold repetition, 75-move rule), as some game records have.
    #[arg(long)]
    moves_after_draw: bool,

    /// How to report problems.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// Never show a progress bar (it is shown only on a terminal, for
    /// large inputs).
    #[arg(long)]
    no_progress: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// rustc-style diagnostics and a summary line.
    Human,
    /// One JSON object per line: each problem, then a summary.
    Json,
}

/// One problem in one game.
struct Problem {
    game: usize,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    diagnostic: Diagnostic,
    text: String,
    rendered: String,
}

/// What checking one file found.
struct Report {
    path: PathBuf,
    games: usize,
    plies: usize,
    problems: Vec<Problem>,
    unreadable: Option<String>,
}

/// How this tool spells help: options are its flags.
const SPELLING: Spelling = Spelling {
    opt_in: |option| match option {
        OptIn::MovesAfterDraw => "`--moves-after-draw`".to_string(),
    },
    rust_tokens: false,
};

/// The help as data for `--format json`: what it proposes, by kind.
fn suggestion(help: &Help) -> Option<serde_json::Value> {
    Some(match help {
        Help::Note(_) => return None,
        Help::Write { choices, .. } => serde_json::json!({ "type": "write", "text": choices }),
        Help::WriteMate(san) => serde_json::json!({ "type": "write", "text": [san] }),
        Help::DidYouMean(moves) => serde_json::json!({ "type": "did-you-mean", "moves": moves }),
        Help::Moves { lead, moves, more } => serde_json::json!({
            "type": "legal-moves", "heading": lead.trim_end_matches([' ', ':']), "moves": moves, "more": more,
        }),
        Help::OptIn { option, .. } => serde_json::json!({
            "type": "option", "option": option.name(), "flag": (SPELLING.opt_in)(*option).trim_matches('`'),
        }),
    })
}

/// Renders a diagnostic like rustc: location, source lines, carets, help.
fn render(source: &Source, name: &str, d: &Diagnostic, styled: bool) -> String {
    let text = source.as_str();
    let start = (d.range.start as usize).min(text.len());
    let end = (d.range.end as usize).clamp(start, text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let lines = text[line_start..line_end].trim_end_matches('\r');
    let first_line = source.line_col(d.range.start).line as usize;
    let span = (start - line_start)..(end - line_start).min(lines.len());
    let mut group = Level::ERROR
        .primary_title(&d.message)
        .id(d.kind.code())
        .element(
            Snippet::source(lines)
                .line_start(first_line)
                .path(name)
                .annotation(AnnotationKind::Primary.span(span)),
        );
    let helps: Vec<String> = d.help.iter().map(|h| h.spell(&SPELLING)).collect();
    for help in &helps {
        group = group.element(Level::HELP.message(help));
    }
    let report: &[Group<'_>] = &[group];
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(report).to_string()
}

fn check(path: &Path, options: Options, styled: bool, progress: Option<&ProgressBar>) -> Report {
    let name = path.display().to_string();
    let mut report = Report {
        path: path.to_path_buf(),
        games: 0,
        plies: 0,
        problems: Vec::new(),
        unreadable: None,
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => match files::utf8(&name, bytes) {
            Ok(text) => text,
            Err(message) => {
                report.unreadable = Some(message);
                return report;
            }
        },
        Err(e) => {
            report.unreadable = Some(format!("{name}: cannot read: {}", files::io_reason(&e)));
            return report;
        }
    };
    let source = Source::text(text, Some(name.clone()), None);
    // Progress: how far into the file the games read so far reach.
    let mut reached = 0;
    for (i, verified) in verify(&source, options).enumerate() {
        report.games += 1;
        if let Some(bar) = progress {
            let end = match &verified {
                Ok(game) => game.range.end,
                Err(d) => d.range.end,
            };
            bar.inc(u64::from(end.saturating_sub(reached)));
            reached = reached.max(end);
        }
        match verified {
            Ok(v) => report.plies += v.moves.len(),
            Err(d) => {
                let start = source.line_col(d.range.start);
                let end = source.line_col(d.range.end);
                report.problems.push(Problem {
                    game: i + 1,
                    line: start.line,
                    column: start.col,
                    end_line: end.line,
                    end_column: end.col,
                    text: source.slice(d.range).to_string(),
                    rendered: render(&source, &name, &d, styled),
                    diagnostic: d,
                });
            }
        }
    }
    report
}

fn main() -> ExitCode {
    let args = Args::parse();
    let started = Instant::now();
    let options = Options {
        moves_after_draw: args.moves_after_draw,
    };
    let styled = args.format == Format::Human && std::io::stdout().is_terminal();

    let total: u64 = args
        .files
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let progress = (!args.no_progress && std::io::stderr().is_terminal() && total > 256 * 1024)
        .then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{spinner} {bar:40} {bytes}/{total_bytes} {elapsed}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });

    let reports: Vec<Report> = args
        .files
        .par_iter()
        .map(|path| check(path, options, styled, progress.as_ref()))
        .collect();
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }

    let games: usize = reports.iter().map(|r| r.games).sum();
    let plies: usize = reports.iter().map(|r| r.plies).sum();
    let errors: usize = reports.iter().map(|r| r.problems.len()).sum();
    let unreadable = reports.iter().filter(|r| r.unreadable.is_some()).count();
    let seconds = started.elapsed().as_secs_f64();

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut stderr = std::io::stderr();
    match args.format {
        Format::Human => {
            for report in &reports {
                if let Some(message) = &report.unreadable {
                    let _ = writeln!(stderr, "error: {message}");
                }
                for p in &report.problems {
                    let _ = writeln!(out, "{}\n", p.rendered);
                }
            }
            let verdict = match errors {
                0 => "no errors".to_string(),
                1 => "1 error".to_string(),
                n => format!("{n} errors"),
            };
            // A game has at most one problem: its first.
            let legal = games.saturating_sub(errors);
            let _ = writeln!(
                out,
                "checked {} file{}: {games} game{} ({legal} legal, {plies} plies), {verdict}{} in {seconds:.2} s",
                reports.len(),
                if reports.len() == 1 { "" } else { "s" },
                if games == 1 { "" } else { "s" },
                if unreadable > 0 {
                    format!(", {unreadable} unreadable")
                } else {
                    String::new()
                }
            );
        }
        Format::Json => {
            for report in &reports {
                let file = report.path.display().to_string();
                if let Some(message) = &report.unreadable {
                    let record = serde_json::json!({
                        "type": "unreadable", "file": file, "message": message,
                    });
                    let _ = writeln!(out, "{record}");
                }
                for p in &report.problems {
                    let record = serde_json::json!({
                        "type": "problem",
                        "file": file,
                        "game": p.game,
                        "line": p.line,
                        "column": p.column,
                        "end_line": p.end_line,
                        "end_column": p.end_column,
                        "code": p.diagnostic.kind.code(),
                        "text": p.text,
                        "message": p.diagnostic.message,
                        "help": p.diagnostic.help.iter().map(|h| h.spell(&SPELLING)).collect::<Vec<_>>(),
                        "suggestions": p.diagnostic.help.iter().filter_map(suggestion).collect::<Vec<_>>(),
                    });
                    let _ = writeln!(out, "{record}");
                }
            }
            let record = serde_json::json!({
                "type": "summary",
                "files": reports.len(),
                "games": games,
                "plies": plies,
                "errors": errors,
                "unreadable": unreadable,
                "seconds": seconds,
            });
            let _ = writeln!(out, "{record}");
        }
    }
    if unreadable > 0 {
        ExitCode::from(2)
    } else if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
