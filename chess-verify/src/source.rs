//! The reading stage: every input opened in turn, cut into pieces
//! ([`Pieces`]) and handed out one [`Item`] at a time, to whoever asks
//! next. On one thread the checker asks; on several, each worker asks in
//! turn (holding the source alone while it reads), so that the bytes a
//! worker checks are the ones it has just read, on its own core.

use std::collections::VecDeque;
use std::io::Read;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};

use crate::input::{Compression, Input, open};
use crate::item::Item;
use crate::read::{Chunk, Cut, Limits, Pieces, Rest};
use crate::task::Task;

/// How chess games are handed out (see [`crate::read`]).
pub(crate) enum How {
    /// In pieces cut by the splitter.
    Cut,
    /// In open pieces, whose checker gives the rest back
    /// ([`Source::give_back`]) before asking for the next item (one
    /// thread).
    Open,
    /// In guessed pieces, whose verdicts come back from the collector.
    Guessed(Receiver<Verdict>),
}

/// What the collector says of a guessed piece ([`Pieces::guessing`]),
/// in order.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// It ended where the splitter would have cut it, as guessed: its
    /// bytes, room for the next pieces.
    Confirmed(Vec<u8>),
    /// It did not: its bytes, read again from its start.
    Rewound(Vec<u8>),
    /// A piece handed out after a rewound one, dropped: its bytes.
    Returned(Vec<u8>),
}

/// The inputs, read into items on demand, in input order.
pub(crate) struct Source<'r> {
    inputs: &'r [Input],
    task: &'r Task,
    limits: Limits,
    how: How,
    /// The next input to open.
    next_input: usize,
    /// The input being read.
    reading: Option<Reading>,
    /// Items read and not yet handed out.
    ready: VecDeque<Item>,
    /// Every input is read, or the collector is gone.
    ended: bool,
}

/// An input being read.
struct Reading {
    file: usize,
    name: String,
    compression: Compression,
    trailing: Arc<AtomicU64>,
    pieces: Pieces<Box<dyn Read + Send>>,
}

impl<'r> Source<'r> {
    pub(crate) fn new(inputs: &'r [Input], task: &'r Task, limits: Limits, how: How) -> Self {
        Source {
            inputs,
            task,
            limits,
            how,
            next_input: 0,
            reading: None,
            ready: VecDeque::new(),
            ended: false,
        }
    }

    /// The next item: an input opened or failed, a piece, text skipped, a
    /// note, an input closed; `None` once everything is read.
    pub(crate) fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.ended {
                return None;
            }
            match self.reading.is_some() {
                true => self.read_on(),
                false => self.open_next(),
            }
        }
    }

    /// Gives an open piece's rest back to the input it came from (see
    /// [`Pieces::give_back`]).
    pub(crate) fn give_back(&mut self, rest: Rest) {
        if let Some(reading) = &mut self.reading {
            reading.pieces.give_back(rest);
        }
    }

    /// Opens the next input, or ends.
    fn open_next(&mut self) {
        let Some(input) = self.inputs.get(self.next_input) else {
            self.ended = true;
            return;
        };
        let file = self.next_input;
        self.next_input += 1;
        let name = input.name();
        let opened = match open(input) {
            Ok(opened) => opened,
            Err(e) => {
                let message = format!("{name}: cannot read: {}", chess_core::files::io_reason(&e));
                self.ready.push_back(Item::Failed { file, message });
                self.ready.push_back(Item::Closed { file });
                return;
            }
        };
        let compression = opened.compression;
        self.ready.push_back(Item::Opened { file, compression });
        let (reader, consumed) = (opened.reader, opened.consumed);
        let pieces = match (&self.how, self.task.cut(&name)) {
            (How::Open, Cut::Games) => Pieces::open(reader, consumed, self.limits),
            (How::Guessed(_), Cut::Games) => Pieces::guessing(reader, consumed, self.limits),
            (_, cut) => Pieces::cut(reader, consumed, self.limits, cut),
        };
        self.reading = Some(Reading {
            file,
            name,
            compression,
            trailing: opened.trailing,
            pieces,
        });
    }

    /// Reads the input being read on to its next item, or closes it. (It
    /// is closed only once every guessed piece is settled: the last ones
    /// may still be rewound.)
    fn read_on(&mut self) {
        let Some(reading) = &mut self.reading else {
            return;
        };
        let file = reading.file;
        let verdicts = match &self.how {
            How::Guessed(verdicts) => Some(verdicts),
            _ => None,
        };
        // The verdicts that came on the pieces handed out (every one: no
        // item is waiting in `ready` here), before reading on.
        let came = verdicts.map_or(ControlFlow::Continue(()), |v| {
            settle(&mut reading.pieces, v, false)
        });
        if came.is_break() {
            self.ended = true;
            return;
        }
        let settled = match reading.pieces.next() {
            None => {
                self.close();
                return;
            }
            Some(Ok(Chunk::Unsettled)) => verdicts.map_or(ControlFlow::Continue(()), |v| {
                settle(&mut reading.pieces, v, true)
            }),
            Some(Ok(Chunk::Piece(piece))) => {
                self.ready.push_back(Item::Piece { file, piece });
                ControlFlow::Continue(())
            }
            Some(Ok(Chunk::Skipped {
                line, lines, bytes, ..
            })) => {
                self.ready.push_back(Item::Skipped {
                    file,
                    line,
                    lines,
                    bytes,
                });
                ControlFlow::Continue(())
            }
            Some(Err(failure)) => {
                let what = match reading.compression {
                    Compression::None => "reading failed".to_string(),
                    other => format!("the {other} stream is truncated or corrupt"),
                };
                // What was read before is checked: the last game as it
                // stands, which the error may have cut off.
                let message = format!(
                    "{}: {what} at byte {} of the file ({}); the text before it was checked, its last game as it stands",
                    reading.name,
                    failure.consumed,
                    reason(&failure.error)
                );
                self.ready.push_back(Item::Failed { file, message });
                ControlFlow::Continue(())
            }
        };
        // The collector is gone: nothing more is asked for.
        if settled.is_break() {
            self.ended = true;
        }
    }

    /// Closes the input read to its end: a note of bytes after its
    /// compressed stream, if any, and [`Item::Closed`].
    fn close(&mut self) {
        let Some(reading) = self.reading.take() else {
            return;
        };
        let (file, compression) = (reading.file, reading.compression);
        let trailing = reading.trailing.load(Ordering::Relaxed);
        if trailing > 0 {
            let like = match compression {
                Compression::Gzip => "as `gzip -d` does",
                Compression::Bzip2 => "as `bzip2 -d` does",
                _ => "as a reader of its frames does (`zstd -d` refuses them)",
            };
            let message = format!(
                "{trailing} bytes after the end of the {compression} stream begin no {compression} stream: passed over, {like}"
            );
            self.ready.push_back(Item::Note { file, message });
        }
        self.ready.push_back(Item::Closed { file });
    }
}

/// Takes the collector's verdicts on `pieces`' guessed pieces: those that
/// came (or, with `wait`, all outstanding ones), rewinding it at the first
/// piece that did not end as guessed. Breaks when the collector is gone.
fn settle<R: Read>(
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

/// A read error in words.
fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => "it ends in the middle of a block".to_string(),
        _ => e.to_string(),
    }
}
