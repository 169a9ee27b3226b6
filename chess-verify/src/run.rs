//! The pipeline: the inputs are read and cut into pieces by one source
//! (`source.rs`), every core checks pieces, and the results come out in
//! input order, whatever the number of threads. On several threads each
//! worker takes the next piece from the source in turn and checks it, so
//! a piece's bytes are checked on the core that read them. At most a few
//! pieces per thread are in flight, so memory does not grow with the
//! input.
//!
//! Chess games are not scanned for game starts before they are checked.
//! On one thread each piece is open, and its checker finds where it ends.
//! On several, the source guesses where each piece ends
//! ([`Pieces::guessing`]); the piece's checker confirms the guess, and the
//! collector, which sees the results in order, sends the verdicts back. A
//! wrong guess rewinds the source to the piece's start, and everything
//! checked after it is dropped and read again, cut by the splitter.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

use crate::check::{Context, Encoding, Problem};
use crate::input::Input;
pub use crate::item::Item;
use crate::read::{Chunk, Limits, Pieces, Rest};
use crate::source::{How, Source, Verdict};
pub use crate::task::Task;

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
        let how = match self.reads_open_pieces() {
            true => How::Open,
            false => How::Cut,
        };
        let mut source = Source::new(&self.inputs, &self.task, self.limits, how);
        while let Some(item) = source.next() {
            let item = match item {
                // An open piece's rest goes back before the next item is
                // read (a piece cut by the splitter has none).
                Item::Piece { file, piece } => {
                    let consumed = piece.consumed;
                    let mut checked = self.task.check(piece, &names[file], &self.context);
                    let rest = checked.rest.take();
                    let unchecked = matches!(rest, Some(Rest::Unchecked(_)));
                    if let Some(rest) = rest {
                        source.give_back(rest);
                    }
                    // An unchecked piece comes again, cut by the splitter.
                    if unchecked {
                        continue;
                    }
                    Item::Checked {
                        file,
                        checked,
                        consumed,
                    }
                }
                other => other,
            };
            if sink(item).is_break() {
                return;
            }
        }
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

    /// [`Run::run`] on `jobs` threads, each reading the next item from the
    /// one source in turn and checking it; this thread collects.
    fn run_parallel(&self, sink: &mut dyn FnMut(Item) -> ControlFlow<()>) {
        let names = self.names();
        let jobs = self.jobs.min(MAX_JOBS);
        // Slots bound the items in flight: a worker takes one before it
        // reads an item, the collector gives it back once the item is out.
        let in_flight = 4 * jobs;
        let (slot_tx, slot_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = slot_tx.send(());
        }
        let slots = Mutex::new(slot_rx);
        let (done_tx, done_rx) = sync_channel::<(u64, Item)>(in_flight);
        // The collector's verdicts on guessed pieces, back to the source.
        let (verdict_tx, verdict_rx) = channel::<Verdict>();
        let how = match self.reads_open_pieces() {
            true => How::Guessed(verdict_rx),
            false => How::Cut,
        };
        let source = Mutex::new((Source::new(&self.inputs, &self.task, self.limits, how), 0));
        let stop = AtomicBool::new(false);
        let ran = std::thread::scope(|scope| {
            let mut workers = 0;
            for _ in 0..jobs {
                let done_tx = done_tx.clone();
                let slot_back = slot_tx.clone();
                let (names, source, slots, stop) = (&names, &source, &slots, &stop);
                let worker = move || {
                    while take(slots) && !stop.load(Ordering::Relaxed) {
                        let Some((seq, item)) = pull(source) else {
                            break;
                        };
                        if done_tx.send((seq, self.work(item, names))).is_err() {
                            return;
                        }
                    }
                    // The slot taken goes to the next worker waiting, which
                    // then finds the source read, or the run stopped.
                    let _ = slot_back.try_send(());
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
            drop(done_tx);
            collect(done_rx, &slot_tx, &stop, verdict_tx, sink);
            true
        });
        if !ran {
            self.run_on_one_thread(sink);
        }
    }
}

/// Takes a slot for an item in flight; false when there is none to take.
fn take(slots: &Mutex<Receiver<()>>) -> bool {
    slots.lock().is_ok_and(|slots| slots.recv().is_ok())
}

/// The source's next item and its place in the sequence.
fn pull(source: &Mutex<(Source, u64)>) -> Option<(u64, Item)> {
    let mut source = source.lock().ok()?;
    let (source, seq) = &mut *source;
    let item = source.next()?;
    *seq += 1;
    Some((*seq - 1, item))
}

/// Hands the results to `sink` in sequence order, and the verdicts on
/// guessed pieces to the source: a piece that ended as guessed is
/// confirmed and handed on; one that did not is rewound, and every guessed
/// piece of its input after it goes back to the source unread, up to the
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
