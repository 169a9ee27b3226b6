//! `--puzzles`: lichess puzzle files (CSV), each row proven by
//! [`chess_core::puzzle::check_lichess`] on every core, reported in row
//! order like games: an unsound row is an error at `path:line:col` of its
//! cell, another mate on a puzzle's last move a warning.
//!
//! A file is read whole (decompressed like any input), then its rows are
//! checked in parallel.

use std::io::Read;
use std::ops::ControlFlow;

use chess_core::Source;
use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::syntax::puzzles::lichess_rows;

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
    for (file, input) in inputs.iter().enumerate() {
        if check_file(file, input, context, options, jobs, sink).is_break() {
            return;
        }
    }
}

fn check_file(
    file: usize,
    input: &Input,
    context: &Context,
    options: PuzzleOptions,
    jobs: usize,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
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
    let rows: Vec<_> = lichess_rows(&source).collect();
    // Contiguous runs of rows, one per thread, each thread with its own
    // copy of the text (a `Source` stays on its thread); results in row
    // order.
    let chunk = rows.len().div_ceil(jobs.max(1)).max(1);
    let results: Vec<Vec<Result<_, _>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|rows| {
                let text = source.as_str();
                let name = name.clone();
                scope.spawn(move || {
                    let source = &Source::text(text, Some(name), None);
                    rows.iter()
                        .map(|row| {
                            let row = row.as_ref().map_err(Clone::clone)?;
                            check_lichess(row, source, options)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    for (index, result) in results.into_iter().flatten().enumerate() {
        let game = index as u64 + 1;
        checked.games += 1;
        checked.checked += 1;
        match result {
            Ok(puzzle) => {
                checked.plies += puzzle.game.moves.len() as u64;
                for warning in puzzle.warnings {
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
