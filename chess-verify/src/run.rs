//! The pipeline: one thread reads and cuts the inputs into pieces, every
//! core checks pieces, and the results come out in input order, whatever
//! the number of threads. At most a few pieces per thread are in flight,
//! so memory does not grow with the input.
//!
//! Chess games are not scanned for game starts before they are checked.
//! On one thread each piece is open, and its checker finds where it ends.
//! On several, the reader guesses where each piece ends
//! ([`Pieces::guessing`]); the piece's checker confirms the guess, and the
//! collector, which sees the results in order, sends the verdicts back. A
//! wrong guess rewinds the reader to the piece's start, and everything
//! checked after it is dropped and read again, cut by the splitter.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender, TryRecvError, channel, sync_channel};
use std::sync::{Arc, Mutex};

use chess_core::puzzle::PuzzleOptions;

use crate::check::{Checked, Context, Encoding, Problem, check};
use crate::input::{Compression, Input, open};
use crate::read::{Chunk, Cut, Limits, Piece, Pieces, Rest};
use chess_core::RuleSets;

/// Everything that happens, in input order.
#[derive(Debug)]
pub enum Item {
    /// An input was opened.
    Opened {
        /// Its index among the inputs.
        file: usize,
        /// How it is stored.
        compression: Compression,
    },
    /// A piece of an input, not yet checked (only between the stages).
    Piece {
        /// The input's index.
        file: usize,
        /// The games.
        piece: Piece,
    },
    /// A piece of an input, checked.
    Checked {
        /// The input's index.
        file: usize,
        /// What was found.
        checked: Checked,
        /// Stored bytes of the input read when the piece was complete.
        consumed: u64,
    },
    /// Text without a game start longer than the largest game accepted.
    Skipped {
        /// The input's index.
        file: usize,
        /// Lines before it.
        line: u64,
        /// Its lines.
        lines: u64,
        /// Its bytes.
        bytes: u64,
    },
    /// An input could not be opened, or reading it failed.
    Failed {
        /// The input's index.
        file: usize,
        /// What happened, with the input's name.
        message: String,
    },
    /// Something to know about an input, not a problem.
    Note {
        /// The input's index.
        file: usize,
        /// What, without the input's name.
        message: String,
    },
    /// An input was read to its end (or to its failure).
    Closed {
        /// The input's index.
        file: usize,
    },
}

/// What a run proves of its inputs.
#[derive(Clone, Debug, Default)]
pub enum Task {
    /// Chess games (PGN): every move legal.
    #[default]
    Games,
    /// Puzzles (`--puzzles`): lichess puzzle files (CSV, cut where a row
    /// begins) and files of chess problems (PGN), proven by
    /// [`crate::puzzles::check_piece`].
    Puzzles(PuzzleOptions),
    /// Games under rules a user defines (`--rules`): read and checked as
    /// chess games are, under the rule sets of a rules file.
    Rules(Arc<RuleSets>),
}

impl Task {
    /// Where an input called `name` may be cut.
    pub fn cut(&self, name: &str) -> Cut {
        match self {
            Task::Puzzles(_) if !crate::puzzles::is_pgn(name) => Cut::Lines,
            _ => Cut::Games,
        }
    }

    /// Checks one piece of an input called `name`.
    pub fn check(&self, piece: Piece, name: &str, context: &Context) -> Checked {
        match self {
            Task::Games => check(piece, name, context, None),
            Task::Puzzles(options) => crate::puzzles::check_piece(piece, name, context, *options),
            Task::Rules(rules) => check(piece, name, context, Some(rules)),
        }
    }
}

/// A problem of a text, and where it is in the text.
#[derive(Clone, Debug)]
pub struct Found {
    /// The problem, as `chess-verify` reports it.
    pub problem: Problem,
    /// Its byte offsets in the text.
    pub start: usize,
    /// The end.
    pub end: usize,
    /// Where the text the problem's ranges count from starts (its
    /// diagnostic's other places, [`chess_core::Diagnostic::related`], are
    /// at this offset plus theirs).
    pub offset: usize,
}

/// How a text in memory is checked, as a file called `name` is: its
/// context, and what is proven of it.
#[derive(Copy, Clone, Debug)]
pub struct Checker<'a> {
    /// The file's name, in messages (and, for puzzles, whether it is PGN).
    pub name: &'a str,
    /// How each piece is checked.
    pub context: &'a Context,
    /// What is proven.
    pub task: &'a Task,
}

impl Checker<'_> {
    /// The problems of `text`, in order: the text read and checked as a
    /// file is, in pieces.
    pub fn problems(&self, text: &str) -> Vec<Found> {
        self.problems_in(text, false)
    }

    /// The stretches `text` is cut in (between games, or rows).
    pub fn stretches(&self, text: &str) -> Vec<std::ops::Range<usize>> {
        crate::read::stretches(text, self.task.cut(self.name))
    }

    /// [`Checker::problems`] of a part of a text that `more` text
    /// follows (as a piece of a file: text at its end that may begin
    /// something is not taken for a game's end).
    pub fn problems_in(&self, text: &str, more: bool) -> Vec<Found> {
        let (name, context, task) = (self.name, self.context, self.task);
        let reader = std::io::Cursor::new(text.as_bytes());
        let mut out = Vec::new();
        let consumed = Arc::new(std::sync::atomic::AtomicU64::new(0));
        for chunk in Pieces::cut(reader, consumed, Limits::default(), task.cut(name)) {
            // Reading from memory cannot fail; a stretch with no game start is
            // beyond any game's size.
            let Ok(Chunk::Piece(mut piece)) = chunk else {
                continue;
            };
            piece.more |= more;
            let offset = piece.offset as usize;
            let checked = task.check(piece, name, context);
            out.extend(checked.problems.into_iter().map(|problem| Found {
                start: offset + problem.diagnostic.range.start as usize,
                end: offset + problem.diagnostic.range.end as usize,
                offset,
                problem,
            }));
        }
        out
    }
}

/// The most threads a run checks pieces on: beyond any machine's cores,
/// and short of what spawning (and the `4 ×` pieces in flight a thread)
/// would make of an absurd `--jobs`.
pub const MAX_JOBS: usize = 1024;

/// What to check and how.
#[derive(Clone, Debug)]
pub struct Run {
    /// The inputs, in order.
    pub inputs: Vec<Input>,
    /// How each piece is checked.
    pub context: Context,
    /// Threads that check pieces (1: everything on the calling thread; at
    /// most [`MAX_JOBS`], and as many as the system gives).
    pub jobs: usize,
    /// The reader's sizes.
    pub limits: Limits,
    /// What is proven.
    pub task: Task,
}

impl Run {
    /// Checks every input, handing each [`Item`] to `sink` in input order.
    /// `sink` may stop the run early with `ControlFlow::Break`; nothing is
    /// handed to it after that.
    pub fn run(&self, sink: &mut dyn FnMut(Item) -> ControlFlow<()>) {
        if self.jobs <= 1 {
            self.run_on_one_thread(sink);
        } else {
            self.run_parallel(sink);
        }
    }

    /// [`Run::run`] on the calling thread.
    fn run_on_one_thread(&self, sink: &mut dyn FnMut(Item) -> ControlFlow<()>) {
        let names = self.names();
        // On one thread a piece is checked as soon as it is read, so it
        // can be an open one, ended where its checker finds a game
        // start: the text is not scanned for game starts first.
        let check = |file: usize, piece: Piece| -> Checked {
            self.task.check(piece, &names[file], &self.context)
        };
        let reading = match self.reads_open_pieces() {
            true => Reading::Open(&check),
            false => Reading::Cut,
        };
        self.read(&AtomicBool::new(false), &reading, &mut |item| {
            sink(self.work(item, &names))
        });
    }

    fn names(&self) -> Vec<String> {
        self.inputs.iter().map(Input::name).collect()
    }

    /// The checking stage: a piece becomes what was found in it.
    fn work(&self, item: Item, names: &[String]) -> Item {
        match item {
            Item::Piece { file, piece } => {
                let consumed = piece.consumed;
                let name = &names[file];
                let checked = self.task.check(piece, name, &self.context);
                Item::Checked {
                    file,
                    checked,
                    consumed,
                }
            }
            other => other,
        }
    }

    /// Whether a run reads open pieces on one thread ([`Pieces::open`]),
    /// guessed ones on several ([`Pieces::guessing`]): for chess games read
    /// as UTF-8, and not for a shard (which counts stretches between game
    /// starts piece by piece).
    fn reads_open_pieces(&self) -> bool {
        matches!(self.task, Task::Games)
            && self.context.shard.is_none()
            && matches!(self.context.encoding, Encoding::Auto | Encoding::Utf8)
    }

    /// The reading stage: every input, opened, cut and handed to `emit`
    /// in order, until `emit` breaks or `stop` is set; games are read as
    /// `reading` says.
    fn read(
        &self,
        stop: &AtomicBool,
        reading: &Reading,
        emit: &mut dyn FnMut(Item) -> ControlFlow<()>,
    ) {
        for (file, input) in self.inputs.iter().enumerate() {
            let cut = self.task.cut(&input.name());
            if stop.load(Ordering::Relaxed)
                || read_one(file, input, self.limits, cut, reading, emit).is_break()
            {
                return;
            }
        }
    }

    fn run_parallel(&self, sink: &mut dyn FnMut(Item) -> ControlFlow<()>) {
        let names = self.names();
        let jobs = self.jobs.min(MAX_JOBS);
        // Slots bound the items in flight: the reader takes one per item,
        // the sink gives it back once the item is out.
        let in_flight = 4 * jobs;
        let (slot_tx, slot_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = slot_tx.send(());
        }
        let (work_tx, work_rx) = sync_channel::<(u64, Item)>(in_flight);
        let work_rx = Arc::new(Mutex::new(work_rx));
        let (done_tx, done_rx) = sync_channel::<(u64, Item)>(in_flight);
        // The collector's verdicts on guessed pieces, back to the reader.
        let guessing = self.reads_open_pieces();
        let (verdict_tx, verdict_rx) = channel::<Verdict>();
        let stop = AtomicBool::new(false);
        let ran = std::thread::scope(|scope| {
            let mut workers = 0;
            for _ in 0..jobs {
                let work_rx = work_rx.clone();
                let done_tx = done_tx.clone();
                let names = &names;
                let worker = move || {
                    while let Some((seq, item)) = next_work(&work_rx) {
                        if done_tx.send((seq, self.work(item, names))).is_err() {
                            return;
                        }
                    }
                };
                // As many as the system gives: the work waits for those.
                match std::thread::Builder::new().spawn_scoped(scope, worker) {
                    Ok(_) => workers += 1,
                    Err(_) => break,
                }
            }
            if workers == 0 {
                // Not one thread: the run goes on on this one.
                return false;
            }
            let reader_stop = &stop;
            scope.spawn(move || {
                let mut seq = 0;
                let reading = match guessing {
                    true => Reading::Guessed(&verdict_rx),
                    false => Reading::Cut,
                };
                self.read(reader_stop, &reading, &mut |item| {
                    if slot_rx.recv().is_err() || reader_stop.load(Ordering::Relaxed) {
                        return ControlFlow::Break(());
                    }
                    let sent = work_tx.send((seq, item));
                    seq += 1;
                    if sent.is_err() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
            });
            drop(done_tx);
            collect(done_rx, &slot_tx, &stop, verdict_tx, sink);
            true
        });
        if !ran {
            self.run_on_one_thread(sink);
        }
    }
}

/// How the reading stage hands out chess games.
enum Reading<'a> {
    /// In pieces cut by the splitter.
    Cut,
    /// In open pieces, each checked at once by the function (one thread).
    Open(&'a dyn Fn(usize, Piece) -> Checked),
    /// In guessed pieces, whose verdicts come back from the collector.
    Guessed(&'a Receiver<Verdict>),
}

/// What the collector says of a guessed piece ([`Pieces::guessing`]),
/// in order.
#[derive(Debug)]
enum Verdict {
    /// It ended where the splitter would have cut it, as guessed: its
    /// bytes, room for the reader's next pieces.
    Confirmed(Vec<u8>),
    /// It did not: its bytes, read again from its start.
    Rewound(Vec<u8>),
    /// A piece handed out after a rewound one, dropped: its bytes.
    Returned(Vec<u8>),
}

/// Takes the collector's verdicts on `pieces`' guessed pieces: those that
/// came (or, with `wait`, all outstanding ones), rewinding it at the first
/// piece that did not end as guessed. Breaks when the collector is gone.
fn settle<R: std::io::Read>(
    pieces: &mut Pieces<R>,
    verdicts: &Receiver<Verdict>,
    wait: bool,
) -> ControlFlow<()> {
    while !pieces.settled() {
        let verdict = match wait {
            true => verdicts.recv().ok(),
            false => match verdicts.try_recv() {
                Ok(verdict) => Some(verdict),
                Err(TryRecvError::Empty) => return ControlFlow::Continue(()),
                Err(TryRecvError::Disconnected) => None,
            },
        };
        match verdict {
            Some(Verdict::Confirmed(bytes)) => pieces.confirm(bytes),
            Some(Verdict::Rewound(first)) => {
                // Every piece handed out after it comes back, in order.
                let later = (1..pieces.outstanding())
                    .map(|_| match verdicts.recv() {
                        Ok(Verdict::Returned(bytes)) => Some(bytes),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>();
                let Some(later) = later else {
                    return ControlFlow::Break(());
                };
                pieces.rewind(first, later);
            }
            Some(Verdict::Returned(_)) | None => return ControlFlow::Break(()),
        }
    }
    ControlFlow::Continue(())
}

fn next_work(work: &Mutex<Receiver<(u64, Item)>>) -> Option<(u64, Item)> {
    work.lock().ok()?.recv().ok()
}

/// Hands the results to `sink` in sequence order, and the verdicts on
/// guessed pieces to the reader: a piece that ended as guessed is
/// confirmed and handed on; one that did not is rewound, and every guessed
/// piece of its input after it goes back to the reader unread, up to the
/// first piece read again.
fn collect(
    done: Receiver<(u64, Item)>,
    slots: &SyncSender<()>,
    stop: &AtomicBool,
    verdicts: Sender<Verdict>,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
) {
    let mut waiting = BTreeMap::new();
    let mut next = 0u64;
    // The input whose guessed pieces go back, after a rewind.
    let mut rewound = None;
    for (seq, item) in done {
        waiting.insert(seq, item);
        while let Some(mut item) = waiting.remove(&next) {
            next += 1;
            let guessed = match &mut item {
                Item::Checked { file, checked, .. } => {
                    checked.rest.take().map(|rest| (*file, rest))
                }
                _ => None,
            };
            match guessed {
                Some((file, rest)) => {
                    let verdict = if rewound == Some(file) {
                        Verdict::Returned(rest.into_bytes())
                    } else if rest.confirms_guess() {
                        Verdict::Confirmed(rest.into_bytes())
                    } else {
                        rewound = Some(file);
                        Verdict::Rewound(rest.into_bytes())
                    };
                    let confirmed = matches!(verdict, Verdict::Confirmed(_));
                    let _ = verdicts.send(verdict);
                    if !confirmed {
                        let _ = slots.try_send(());
                        continue;
                    }
                }
                None => rewound = None,
            }
            if stop.load(Ordering::Relaxed) {
                continue;
            }
            if sink(item).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
            let _ = slots.try_send(());
        }
    }
}

/// Reads one input into items, its games as `reading` says (see
/// [`Run::read`]).
fn read_one(
    file: usize,
    input: &Input,
    limits: Limits,
    cut: Cut,
    reading: &Reading,
    emit: &mut dyn FnMut(Item) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let name = input.name();
    let opened = match open(input) {
        Ok(opened) => opened,
        Err(e) => {
            let message = format!("{name}: cannot read: {}", chess_core::files::io_reason(&e));
            emit(Item::Failed { file, message })?;
            return emit(Item::Closed { file });
        }
    };
    let compression = opened.compression;
    let trailing = opened.trailing.clone();
    emit(Item::Opened { file, compression })?;
    let mut pieces = match (reading, cut) {
        (Reading::Open(_), Cut::Games) => Pieces::open(opened.reader, opened.consumed, limits),
        (Reading::Guessed(_), Cut::Games) => {
            Pieces::guessing(opened.reader, opened.consumed, limits)
        }
        _ => Pieces::cut(opened.reader, opened.consumed, limits, cut),
    };
    // (The reader ends only once every guessed piece is settled: the last
    // ones may still be rewound.)
    while let Some(chunk) = pieces.next() {
        match chunk {
            Ok(Chunk::Unsettled) => {
                if let Reading::Guessed(verdicts) = reading {
                    settle(&mut pieces, verdicts, true)?;
                }
            }
            Ok(Chunk::Piece(piece)) => match reading {
                Reading::Guessed(verdicts) => {
                    emit(Item::Piece { file, piece })?;
                    settle(&mut pieces, verdicts, false)?;
                }
                Reading::Open(check) if piece.open.is_some() => {
                    let consumed = piece.consumed;
                    let mut checked = check(file, piece);
                    let rest = checked.rest.take();
                    let unchecked = matches!(rest, Some(Rest::Unchecked(_)));
                    if let Some(rest) = rest {
                        pieces.give_back(rest);
                    }
                    // An unchecked piece comes again, cut by the splitter.
                    if !unchecked {
                        emit(Item::Checked {
                            file,
                            checked,
                            consumed,
                        })?;
                    }
                }
                _ => emit(Item::Piece { file, piece })?,
            },
            Ok(Chunk::Skipped {
                line, lines, bytes, ..
            }) => emit(Item::Skipped {
                file,
                line,
                lines,
                bytes,
            })?,
            Err(failure) => {
                let what = match compression {
                    Compression::None => "reading failed".to_string(),
                    other => format!("the {other} stream is truncated or corrupt"),
                };
                // What was read before is checked: the last game as it
                // stands, which the error may have cut off.
                let message = format!(
                    "{name}: {what} at byte {} of the file ({}); the text before it was checked, its last game as it stands",
                    failure.consumed,
                    reason(&failure.error)
                );
                emit(Item::Failed { file, message })?;
            }
        }
    }
    let trailing = trailing.load(Ordering::Relaxed);
    if trailing > 0 {
        let like = match compression {
            Compression::Gzip => "as `gzip -d` does",
            Compression::Bzip2 => "as `bzip2 -d` does",
            _ => "as a reader of its frames does (`zstd -d` refuses them)",
        };
        let message = format!(
            "{trailing} bytes after the end of the {compression} stream begin no {compression} stream: passed over, {like}"
        );
        emit(Item::Note { file, message })?;
    }
    emit(Item::Closed { file })
}

/// A read error in words.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => "it ends in the middle of a block".to_string(),
        _ => e.to_string(),
    }
}
