//! `--puzzles`: lichess puzzle files (CSV), each row proven by
//! [`chess_core::puzzle::check_lichess`], and files of chess problems
//! (PGN, a name ending in `.pgn` before any compression suffix), each game
//! proven by [`chess_core::puzzle::check_problem`]; on every core,
//! reported in order like games: an unsound puzzle is an error at
//! `path:line:col` (of its cell, its move or its stipulation), another
//! mate on a lichess puzzle's last move a warning.
//!
//! A file is read whole (decompressed like any input), then its puzzles
//! are checked in parallel.

use std::io::Read;
use std::ops::ControlFlow;

use chess_core::puzzle::{PuzzleOptions, check_lichess, check_problem};
use chess_core::syntax::Parser;
use chess_core::syntax::puzzles::lichess_rows;
use chess_core::{Diagnostic, Source};

use crate::check::{Checked, Context, Encoding, Problem, decode};
use crate::input::{Input, open};
use crate::run::Item;

/// Checks the puzzles of every input, handing on one [`Item::Checked`]
/// per input (its rows are its "games").
pub fn run(
    inputs: &[Input],
    context: &Context,
    options: PuzzleOptions,
    jobs: usize,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
) {
    let check = |source: &Source, name: &str| {
        if is_pgn(name) {
            let games: Vec<_> = Parser::new(source).collect();
            in_parallel(source, name, &games, jobs, |game, source| {
                let game = game.as_ref().map_err(Clone::clone)?;
                let problem = check_problem(game, source, options)?;
                Ok((problem.game.moves.len() as u64, Vec::new()))
            })
        } else {
            let rows: Vec<_> = lichess_rows(source).collect();
            in_parallel(source, name, &rows, jobs, |row, source| {
                let row = row.as_ref().map_err(Clone::clone)?;
                let puzzle = check_lichess(row, source, options)?;
                Ok((puzzle.game.moves.len() as u64, puzzle.warnings))
            })
        }
    };
    whole_files(inputs, context, sink, &check);
}

/// Each input read whole and its items checked by `check` (their results
/// in order), reported like games.
pub(crate) fn whole_files(
    inputs: &[Input],
    context: &Context,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
    check: &dyn Fn(&Source, &str) -> Vec<Outcome>,
) {
    for (file, input) in inputs.iter().enumerate() {
        if check_file(file, input, context, sink, check).is_break() {
            return;
        }
    }
}

fn check_file(
    file: usize,
    input: &Input,
    context: &Context,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
    check: &dyn Fn(&Source, &str) -> Vec<Outcome>,
) -> ControlFlow<()> {
    let name = input.name();
    let failed = |message: String| Item::Failed { file, message };
    let mut opened = match open(input) {
        Ok(opened) => opened,
        Err(e) => {
            let reason = chess_core::files::io_reason(&e);
            sink(failed(format!("{name}: cannot read: {reason}")))?;
            return sink(Item::Closed { file });
        }
    };
    sink(Item::Opened {
        file,
        compression: opened.compression,
    })?;
    let mut bytes = Vec::new();
    if let Err(e) = opened.reader.read_to_end(&mut bytes) {
        let reason = chess_core::files::io_reason(&e);
        let at = bytes.len();
        sink(failed(format!(
            "{name}: reading stopped after {at} bytes of text: {reason}"
        )))?;
        return sink(Item::Closed { file });
    }
    let consumed = opened.consumed.load(std::sync::atomic::Ordering::Relaxed);
    let mut checked = Checked {
        line: 1,
        ..Checked::default()
    };
    let (text, encoding) = match decode(bytes, context.encoding) {
        Ok(decoded) => decoded,
        Err((_, at)) => {
            sink(failed(format!(
                "{name}: not UTF-8 text (at byte {at}); leave out `--encoding utf-8` to read it as Windows-1252"
            )))?;
            return sink(Item::Closed { file });
        }
    };
    if context.encoding == Encoding::Auto && encoding != Encoding::Utf8 {
        checked.decoded_as = Some(encoding);
    }
    let source = Source::text(text, Some(name.clone()), None);
    let results = check(&source, &name);
    for (index, result) in results.into_iter().enumerate() {
        let game = index as u64 + 1;
        checked.games += 1;
        checked.checked += 1;
        match result {
            Ok((plies, warnings)) => {
                checked.plies += plies;
                for warning in warnings {
                    checked.problems.push(Problem::warning(
                        &source,
                        &name,
                        game,
                        warning,
                        context.styled,
                    ));
                }
            }
            Err(d) => {
                let problem = Problem::new(&source, &name, 0, game, d, context.styled);
                checked.problems.push(problem);
            }
        }
    }
    sink(Item::Checked {
        file,
        checked,
        consumed,
    })?;
    sink(Item::Closed { file })
}

/// Whether a file holds chess problems as PGN: its name ends in `.pgn`
/// (any case), before a compression suffix if it has one.
fn is_pgn(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let name = [".zst", ".gz", ".bz2"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext))
        .unwrap_or(&name);
    name.ends_with(".pgn")
}

/// What checking one puzzle gives: its plies and its warnings, or why it
/// is unsound.
pub(crate) type Outcome = Result<(u64, Vec<Diagnostic>), Diagnostic>;

/// `check` on every item, in contiguous runs, one per thread, each thread
/// with its own copy of the text (a `Source` stays on its thread); the
/// results in order.
pub(crate) fn in_parallel<T: Sync>(
    source: &Source,
    name: &str,
    items: &[T],
    jobs: usize,
    check: impl Fn(&T, &Source) -> Outcome + Sync,
) -> Vec<Outcome> {
    let chunk = items.len().div_ceil(jobs.max(1)).max(1);
    let check = &check;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|items| {
                let text = source.as_str();
                let name = name.to_string();
                scope.spawn(move || {
                    let source = &Source::text(text, Some(name), None);
                    items
                        .iter()
                        .map(|item| check(item, source))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}
