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

use std::any::Any;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::panic::AssertUnwindSafe;
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
            let mut item = self.work(item, &names);
            // An open piece's rest goes back before the next item is read
            // (a piece cut by the splitter has none).
            if let Item::Checked { checked, .. } = &mut item
                && let Some(rest) = checked.rest.take()
            {
                let unchecked = matches!(rest, Rest::Unchecked(_));
                source.give_back(rest);
                // An unchecked piece comes again, cut by the splitter.
                if unchecked {
                    continue;
                }
            }
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
                let checked = crate::bug::during(name, piece.line, || {
                    #[cfg(debug_assertions)]
                    crate::bug::on_purpose(&piece.bytes);
                    self.task.check(piece, name, &self.context)
                });
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
        if !self.run_on_threads(&|item| self.work(item, &names), sink) {
            // Not one thread: the run goes on on this one.
            self.run_on_one_thread(sink);
        }
    }

    /// [`Run::run_parallel`] with `work` as the checking stage; false when
    /// not one thread could be spawned. A `work` that panics ends the run
    /// as it would on one thread: every item before its piece is handed
    /// on, none after, and its panic goes on on this thread, as a panic of
    /// the sink's does.
    fn run_on_threads(
        &self,
        work: &(dyn Fn(Item) -> Item + Sync),
        sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
    ) -> bool {
        let jobs = self.jobs.min(MAX_JOBS);
        // Slots bound the items in flight: a worker takes one before it
        // reads an item, the collector gives it back once the item is out.
        let in_flight = 4 * jobs;
        let (slot_tx, slot_rx) = sync_channel::<()>(in_flight);
        for _ in 0..in_flight {
            let _ = slot_tx.send(());
        }
        let slots = Mutex::new(slot_rx);
        let (done_tx, done_rx) = sync_channel::<(u64, Worked)>(in_flight);
        // The collector's verdicts on guessed pieces, back to the source.
        let (verdict_tx, verdict_rx) = channel::<Verdict>();
        let how = match self.reads_open_pieces() {
            true => How::Guessed(verdict_rx),
            false => How::Cut,
        };
        let source = Mutex::new((Source::new(&self.inputs, &self.task, self.limits, how), 0));
        let stop = AtomicBool::new(false);
        let collected = std::thread::scope(|scope| {
            let mut workers = 0;
            for _ in 0..jobs {
                let done_tx = done_tx.clone();
                let slot_back = slot_tx.clone();
                let (source, slots, stop) = (&source, &slots, &stop);
                let worker = move || {
                    while take(slots) && !stop.load(Ordering::Relaxed) {
                        let Some((seq, item)) = pull(source) else {
                            break;
                        };
                        let worked = std::panic::catch_unwind(AssertUnwindSafe(|| work(item)));
                        let panicked = worked.is_err();
                        if done_tx.send((seq, worked)).is_err() {
                            return;
                        }
                        // A worker whose check panicked checks no more.
                        if panicked {
                            break;
                        }
                    }
                    // The slot taken goes to the next worker waiting, which
                    // then finds the source read, or the run stopped.
                    let _ = slot_back.try_send(());
                };
                // As many as the system gives: the work waits for those.
                // (Named, so that a panic's message says which worker.)
                let named = std::thread::Builder::new().name(format!("check {}", workers + 1));
                match named.spawn_scoped(scope, worker) {
                    Ok(_) => workers += 1,
                    Err(_) => break,
                }
            }
            if workers == 0 {
                return None;
            }
            drop(done_tx);
            let collected = std::panic::catch_unwind(AssertUnwindSafe(|| {
                collect(done_rx, &slot_tx, &stop, verdict_tx, sink)
            }));
            // A sink that panicked leaves workers waiting for a slot: the
            // one given wakes the first, and each hands it on as it leaves.
            Some(collected.unwrap_or_else(|panic| {
                stop.store(true, Ordering::Relaxed);
                let _ = slot_tx.try_send(());
                Collected::Panicked(panic)
            }))
        });
        match collected {
            None => false,
            Some(Collected::Panicked(panic)) => std::panic::resume_unwind(panic),
            Some(Collected::All) => true,
        }
    }
}

/// A checked item, or the panic its check ended in.
type Worked = std::thread::Result<Item>;

/// How the collector ended.
enum Collected {
    /// Every item came, or the sink stopped the run.
    All,
    /// A piece's check panicked, with this panic (the items before it
    /// were handed on), or the sink did.
    Panicked(Box<dyn Any + Send>),
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
/// first piece read again. A check that panicked stops the run there, and
/// the source with it (a worker waiting for verdicts finds none to come).
fn collect(
    done: Receiver<(u64, Worked)>,
    slots: &SyncSender<()>,
    stop: &AtomicBool,
    verdicts: Sender<Verdict>,
    sink: &mut dyn FnMut(Item) -> ControlFlow<()>,
) -> Collected {
    let mut waiting = BTreeMap::new();
    let mut next = 0u64;
    let mut verdicts = Some(verdicts);
    let mut panicked = None;
    // The input whose guessed pieces go back, after a rewind.
    let mut rewound = None;
    for (seq, worked) in done {
        waiting.insert(seq, worked);
        while let Some(worked) = waiting.remove(&next) {
            next += 1;
            let mut item = match worked {
                Ok(item) => item,
                Err(panic) => {
                    // The run ends here, and the source's wait for
                    // verdicts with it; the panic goes on unless the sink
                    // had stopped the run before this piece.
                    if !stop.swap(true, Ordering::Relaxed) {
                        panicked = Some(panic);
                    }
                    verdicts = None;
                    continue;
                }
            };
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
                    if let Some(verdicts) = &verdicts {
                        let _ = verdicts.send(verdict);
                    }
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
    match panicked {
        Some(panic) => Collected::Panicked(panic),
        None => Collected::All,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;
    use std::time::Duration;

    use super::*;
    use crate::check::Encoding;

    /// The first lines of the pieces a run of `path` on `jobs` threads
    /// hands out, each checked unless it starts at line `panic_at` or
    /// later, where its check panics, until the sink has `stop` of them;
    /// and the panic that reached the caller. Within two minutes, or
    /// `None` (a worker left waiting).
    fn lines_until_a_panic(
        path: &std::path::Path,
        jobs: usize,
        panic_at: u64,
        stop: usize,
    ) -> Option<(Vec<u64>, Option<String>)> {
        let run = small_pieces(path, jobs, Encoding::Utf8);
        let (done_tx, done_rx) = channel();
        std::thread::spawn(move || {
            let names = run.names();
            let work = |item: Item| {
                // A piece counts its lines from 0, what was checked in it
                // from 1.
                if let Item::Piece { piece, .. } = &item
                    && piece.line + 1 >= panic_at
                {
                    panic!("a check panics at line {}", piece.line + 1);
                }
                run.work(item, &names)
            };
            let mut lines = Vec::new();
            let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
                run.run_on_threads(&work, &mut |item| {
                    if let Item::Checked { checked, .. } = item {
                        lines.push(checked.line);
                    }
                    match lines.len() < stop {
                        true => ControlFlow::Continue(()),
                        false => ControlFlow::Break(()),
                    }
                })
            }));
            let _ = done_tx.send((lines, message(ran)));
        });
        done_rx.recv_timeout(Duration::from_secs(120)).ok()
    }

    /// A run of `path` on `jobs` threads, in pieces of a game or two
    /// read as `encoding` (UTF-8: guessed pieces, whose verdicts come
    /// back from the collector; Latin-1: pieces cut by the splitter).
    fn small_pieces(path: &std::path::Path, jobs: usize, encoding: Encoding) -> Run {
        Run {
            inputs: vec![Input::Path(path.to_path_buf())],
            context: Context {
                options: Default::default(),
                encoding,
                shard: None,
                styled: false,
            },
            jobs,
            limits: Limits {
                piece: 64,
                block: 64,
                ..Limits::default()
            },
            task: Task::Games,
        }
    }

    /// The message of the panic a run ended in, if it did.
    fn message<T>(ran: std::thread::Result<T>) -> Option<String> {
        ran.err().map(|panic| match panic.downcast::<String>() {
            Ok(message) => *message,
            Err(_) => "a panic without a message".to_string(),
        })
    }

    /// A file of `games` short games, named `name`.
    fn games(name: &str, games: usize) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-verify-run-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.pgn"));
        let game = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
        std::fs::write(&path, game.repeat(games)).unwrap();
        path
    }

    /// A check that panics on several threads ends the run as it would on
    /// one: every piece before its piece is handed on in order, none after,
    /// and its panic reaches the caller, with no worker left waiting (for
    /// a slot, or for the verdicts on guessed pieces). The worker whose
    /// check panicked passes its slot on as it leaves.
    #[test]
    fn a_check_that_panics_ends_the_run_with_its_panic() {
        let path = games("check-panics", 400);
        let (all, none) =
            lines_until_a_panic(&path, 2, u64::MAX, usize::MAX).expect("the run ends");
        assert_eq!(none, None);
        assert!(all.len() > 150, "{} pieces", all.len());
        for jobs in [2, 3, 8] {
            // The input's last piece is cut once every guess is settled;
            // the panic on the piece before it comes while a worker waits
            // at the input's end for the verdict on it.
            let (last, guessed_last) = (all[all.len() - 1], all[all.len() - 2]);
            for at in [1, all[7], all[150], guessed_last, last] {
                let ran = lines_until_a_panic(&path, jobs, at, usize::MAX);
                let (lines, panic) = ran.expect("the run ends");
                let before: Vec<u64> = all.iter().copied().filter(|&l| l < at).collect();
                assert_eq!(lines, before, "--jobs {jobs}, a panic at line {at}");
                let message = format!("a check panics at line {at}");
                assert_eq!(panic, Some(message), "--jobs {jobs}");
            }
            // A sink that stopped the run before the piece: no panic, as
            // on one thread, where that piece is not checked at all.
            let ran = lines_until_a_panic(&path, jobs, all[8], 8);
            let (lines, panic) = ran.expect("the run ends");
            assert_eq!(
                (lines.as_slice(), panic),
                (&all[..8], None),
                "--jobs {jobs}"
            );
        }
        std::fs::remove_file(&path).unwrap();
    }

    /// While the first piece's check is slow, the other workers read and
    /// check ahead by no more than the slots for items in flight (four a
    /// thread): the collector, which hands items on in order, keeps no more
    /// than that waiting. Once the first piece is checked, every item
    /// comes out.
    #[test]
    fn a_slow_piece_holds_the_others_to_their_slots() {
        use std::sync::atomic::AtomicUsize;

        let path = games("slow-piece", 400);
        for jobs in [2, 3] {
            let run = small_pieces(&path, jobs, Encoding::Utf8);
            let mut all = 0;
            run.run(&mut |_| {
                all += 1;
                ControlFlow::Continue(())
            });
            let names = run.names();
            let worked = AtomicUsize::new(0);
            let (release, released) = channel::<()>();
            let released = Mutex::new(released);
            let work = |item: Item| {
                if worked.fetch_add(1, Ordering::SeqCst) == 0 {
                    let _ = released.lock().unwrap().recv();
                }
                run.work(item, &names)
            };
            let (handed, ahead) = std::thread::scope(|scope| {
                let running = scope.spawn(|| {
                    let mut handed = 0;
                    run.run_on_threads(&work, &mut |_| {
                        handed += 1;
                        ControlFlow::Continue(())
                    });
                    handed
                });
                // Every slot is taken, however slow the machine (the
                // minute is only for a run that stalls)...
                let slots = 4 * jobs;
                let began = std::time::Instant::now();
                while worked.load(Ordering::SeqCst) < slots
                    && began.elapsed() < Duration::from_secs(60)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                // ... and then none more: time for a worker to take one.
                std::thread::sleep(Duration::from_millis(300));
                let ahead = worked.load(Ordering::SeqCst);
                release.send(()).unwrap();
                (running.join().unwrap(), ahead)
            });
            assert_eq!(ahead, 4 * jobs, "--jobs {jobs}: items taken");
            assert_eq!(handed, all, "--jobs {jobs}");
        }
        std::fs::remove_file(&path).unwrap();
    }

    /// A sink that panics ends the run with its panic, on any number of
    /// threads, from guessed pieces and cut ones: the workers it leaves
    /// waiting for a slot are woken and leave, and none reads on.
    #[test]
    fn a_sink_that_panics_ends_the_run_with_its_panic() {
        let path = games("sink-panics", 400);
        for (jobs, encoding) in [2, 3, 8]
            .into_iter()
            .flat_map(|jobs| [Encoding::Utf8, Encoding::Latin1].map(|encoding| (jobs, encoding)))
        {
            for at in [0, 5, 150] {
                let run = small_pieces(&path, jobs, encoding);
                let (done_tx, done_rx) = channel();
                std::thread::spawn(move || {
                    let mut handed = 0;
                    let ran = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        run.run(&mut |_| {
                            if handed == at {
                                panic!("the sink panics at item {handed}");
                            }
                            handed += 1;
                            ControlFlow::Continue(())
                        })
                    }));
                    let _ = done_tx.send(message(ran));
                });
                let panic = done_rx.recv_timeout(Duration::from_secs(120));
                let message = format!("the sink panics at item {at}");
                assert_eq!(panic, Ok(Some(message)), "--jobs {jobs}, {encoding:?}");
            }
        }
        std::fs::remove_file(&path).unwrap();
    }
}
