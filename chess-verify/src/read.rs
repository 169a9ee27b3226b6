//! A stream of text cut into pieces of whole games, so that memory stays
//! bounded whatever the input's size and pieces can be checked in
//! parallel.
//!
//! Cuts are made where a game begins ([`chess_core::Splitter`]): the
//! parser reads the text between two game starts on its own, so checking
//! the pieces one by one gives exactly what checking the whole text would.
//! A lichess puzzle file is cut where a line begins (a row is a line).
//! Where the cuts fall depends only on the text, never on how it arrives.
//!
//! Checked on the reading thread, a stream need not be scanned for game
//! starts before its games are read: [`Pieces::open`] hands out *open*
//! pieces, and their checker, which finds where each game ends as it reads
//! it (the express lane does, for a plain game), ends the piece at the
//! same game start the splitter would have and gives the rest back
//! ([`Pieces::give_back`]). Where it cannot (text that is not UTF-8, a
//! game longer than the margin past the piece's size), it gives the whole
//! piece back, and the splitter cuts it.
//!
//! Checked on several threads, a stream is not scanned for game starts
//! either: [`Pieces::guessing`] hands out pieces that end where a game
//! most likely begins (a tag line after a blank line after movetext), and
//! each piece's checker, reading it as an open piece, confirms that the
//! splitter would have cut there. A piece that would have been cut
//! elsewhere is rewound ([`Pieces::rewind`]) with everything handed out
//! after it, and the splitter cuts that text. A confirmed piece's bytes
//! come back ([`Pieces::confirm`]) as room the next pieces are read into,
//! so that, as on one thread, each byte of the input is written once.

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chess_core::Splitter;
use chess_core::syntax::RowSplitter;

use crate::buffer::Buffer;

/// Whole games, in input order.
#[derive(Debug)]
pub struct Piece {
    /// The text, as read (not yet decoded).
    pub bytes: Vec<u8>,
    /// Lines of the input before this piece.
    pub line: u64,
    /// Where the piece starts in the (decompressed) input.
    pub offset: u64,
    /// The index, in the input, of the piece's first stretch between game
    /// starts (usually one game each).
    pub stretch: u64,
    /// Where the piece's later stretches start in `bytes`.
    pub cuts: Vec<u32>,
    /// Stored bytes of the input consumed when the piece was complete.
    pub consumed: u64,
    /// More of the input follows (from a game start on).
    pub more: bool,
    /// An open piece ([`Pieces::open`]): not cut yet, it ends at its first
    /// game start at or after this many bytes, which its checker finds.
    /// A guessed piece ([`Pieces::guessing`]) is read the same way, and
    /// its last byte is the `[` of the game start the reader guessed
    /// that to be ([`Rest::confirms_guess`]).
    pub open: Option<usize>,
}

/// What the checker of an open piece gives back to the reader: the
/// piece's bytes.
#[derive(Debug)]
pub enum Rest {
    /// Checked up to `end`, its first game start at or after its size
    /// (or its end), with the stretches between game starts before it;
    /// the bytes from `end` on are read again.
    After {
        /// The piece's bytes.
        bytes: Vec<u8>,
        /// Where the checked games end.
        end: usize,
        /// Stretches before `end`.
        stretches: u64,
    },
    /// Not checked (a stretch runs past the piece's end, or it is not
    /// UTF-8): the splitter cuts it.
    Unchecked(Vec<u8>),
}

impl Rest {
    /// Whether this, given back for a guessed piece ([`Pieces::guessing`]),
    /// confirms the guess: the piece's first game start at or after its
    /// size is the `[` repeated as its last byte.
    pub fn confirms_guess(&self) -> bool {
        matches!(self, Rest::After { bytes, end, .. } if end + 1 == bytes.len())
    }

    /// The piece's bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Rest::After { bytes, .. } | Rest::Unchecked(bytes) => bytes,
        }
    }
}

/// What the reader hands out.
#[derive(Debug)]
pub enum Chunk {
    /// Whole games.
    Piece(Piece),
    /// Guessed pieces are outstanding, and the reader cannot go on until
    /// each is confirmed ([`Pieces::confirm`]) or rewound
    /// ([`Pieces::rewind`]): the text from here on is to be cut by the
    /// splitter, which needs a confirmed game start to begin at.
    Unsettled,
    /// Text skipped because no game start came for longer than the
    /// largest game accepted (an unclosed `{` comment, or not PGN).
    Skipped {
        /// Lines before the skipped text.
        line: u64,
        /// Its lines.
        lines: u64,
        /// Its bytes.
        bytes: u64,
        /// The stretch index it had.
        stretch: u64,
    },
}

/// Reading failed: the file is truncated or corrupt, or the device failed.
#[derive(Debug)]
pub struct ReadError {
    /// The reason, as the decompressor or the system gives it.
    pub error: io::Error,
    /// Stored bytes consumed when it happened.
    pub consumed: u64,
}

/// Sizes that bound the reader's memory.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// A piece ends at the first game start after this many bytes.
    pub piece: usize,
    /// Text without a game start for longer than this is skipped.
    pub game: usize,
    /// Bytes asked for in one read.
    pub block: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            piece: 256 << 10,
            game: 256 << 20,
            block: 64 << 10,
        }
    }
}

/// Where a stream may be cut.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Where a game begins (PGN).
    Games,
    /// Where a row begins (a lichess puzzle file: one row a line, but
    /// for line breaks in quoted cells; `chess_core::syntax::RowSplitter`).
    Lines,
}

/// Finds the cuts of one [`Cut`].
enum Cutter {
    Games(Splitter),
    Lines(RowSplitter),
}

impl Cutter {
    /// The first cut at or after `from` (and after 0) in `buf`, seen up to
    /// `from` before.
    fn next_cut(&mut self, buf: &[u8], from: usize) -> Option<usize> {
        match self {
            Cutter::Games(splitter) => splitter.next_cut(buf, from),
            Cutter::Lines(rows) => rows.next_cut(buf, from),
        }
    }

    fn resync(&mut self) {
        match self {
            Cutter::Games(splitter) => splitter.resync(),
            Cutter::Lines(rows) => rows.resync(),
        }
    }
}

/// Cuts a byte stream into [`Chunk`]s.
pub struct Pieces<R> {
    reader: R,
    consumed: Arc<AtomicU64>,
    limits: Limits,
    cutter: Cutter,
    /// Text read and not yet handed out.
    buf: Buffer,
    /// How much of `buf` the cutter has seen.
    scanned: usize,
    /// Game starts found in `buf`.
    cuts: Vec<usize>,
    line: u64,
    offset: u64,
    stretch: u64,
    eof: bool,
    error: Option<ReadError>,
    /// Open pieces are handed out ([`Pieces::open`]).
    open: bool,
    /// The splitter cuts the text for now (always, unless `open`).
    cutting: bool,
    /// An open piece was handed out and not given back yet.
    lent: bool,
    /// Pieces whose ends are guessed are handed out ([`Pieces::guessing`]).
    guess: bool,
    /// The guessed pieces handed out and not confirmed yet, in order.
    marks: VecDeque<Mark>,
    /// The bytes of confirmed guessed pieces, written room the next
    /// guessed pieces are read into (at most [`SPARE_ROOMS`]).
    spare: Vec<Vec<u8>>,
}

/// Rooms of confirmed pieces kept for the next guessed pieces: verdicts
/// come in bunches, a piece is lent at a time.
const SPARE_ROOMS: usize = 4;

/// Where a guessed piece starts, and its length without the `[` of the
/// guessed game start after it.
#[derive(Copy, Clone, Debug)]
struct Mark {
    line: u64,
    offset: u64,
    stretch: u64,
    len: usize,
}

impl<R: Read> Pieces<R> {
    /// Reads `reader` cut where games begin; `consumed` counts the stored
    /// bytes behind it.
    pub fn new(reader: R, consumed: Arc<AtomicU64>, limits: Limits) -> Pieces<R> {
        Pieces::cut(reader, consumed, limits, Cut::Games)
    }

    /// Reads `reader` cut as `cut` says.
    pub fn cut(reader: R, consumed: Arc<AtomicU64>, limits: Limits, cut: Cut) -> Pieces<R> {
        Pieces {
            reader,
            consumed,
            limits,
            cutter: match cut {
                Cut::Games => Cutter::Games(Splitter::new()),
                Cut::Lines => Cutter::Lines(RowSplitter::new()),
            },
            buf: Buffer::default(),
            scanned: 0,
            cuts: Vec::new(),
            line: 0,
            offset: 0,
            stretch: 0,
            eof: false,
            error: None,
            open: false,
            cutting: true,
            lent: false,
            guess: false,
            marks: VecDeque::new(),
            spare: Vec::new(),
        }
    }

    /// Reads `reader` in open pieces: their checker finds where each ends
    /// and gives the rest back ([`Pieces::give_back`]) before the next
    /// piece is asked for, so the text it reads is not scanned twice.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicU64;
    /// use chess_core::Options;
    /// use chess_verify::check::{Context, Encoding, check};
    /// use chess_verify::read::{Chunk, Limits, Pieces, Rest};
    ///
    /// let game = "[Event \"a\"]\n1. e4 e5 2. Bc5 *\n\n";
    /// let text = game.repeat(100);
    /// let context = Context {
    ///     options: Options::default(),
    ///     encoding: Encoding::Auto,
    ///     shard: None,
    ///     styled: false,
    /// };
    /// let limits = Limits { piece: 500, game: 1 << 20, block: 256 };
    /// let consumed = Arc::new(AtomicU64::new(0));
    /// let mut pieces = Pieces::open(text.as_bytes(), consumed, limits);
    /// let (mut games, mut errors) = (0, 0);
    /// while let Some(Ok(Chunk::Piece(piece))) = pieces.next() {
    ///     let mut checked = check(piece, "games.pgn", &context, None);
    ///     match checked.rest.take() {
    ///         // Not checked: it comes again, cut by the splitter.
    ///         Some(rest @ Rest::Unchecked(_)) => pieces.give_back(rest),
    ///         rest => {
    ///             if let Some(rest) = rest {
    ///                 pieces.give_back(rest);
    ///             }
    ///             games += checked.games;
    ///             errors += checked.problems.len();
    ///         }
    ///     }
    /// }
    /// assert_eq!((games, errors), (100, 100));
    /// ```
    pub fn open(reader: R, consumed: Arc<AtomicU64>, limits: Limits) -> Pieces<R> {
        Pieces {
            open: true,
            cutting: false,
            ..Pieces::new(reader, consumed, limits)
        }
    }

    /// Reads `reader` in guessed pieces, for checkers on other threads: a
    /// piece ends where a game most likely begins, at the first tag line
    /// at or after the piece's size that follows a blank line after a line
    /// of movetext, and the `[` there is repeated as the piece's last byte
    /// ([`Piece::open`]). No byte is scanned for game starts here.
    ///
    /// The checker reads the piece as an open one, up to its first game
    /// start at or after its size, which is where the splitter would have
    /// cut it: the guess holds when that is the `[`
    /// ([`Rest::confirms_guess`]), so a guessed piece is the very piece
    /// the splitter cuts. Pieces are handed out without waiting for that;
    /// the verdicts come back in order: [`Pieces::confirm`] for each
    /// confirmed piece, and for the first one that is not, [`Pieces::rewind`]
    /// with its bytes and those of every piece handed out after it. The
    /// splitter then cuts the rest of the input. Where no tag line follows
    /// within a block past the piece's size, at a read error and at the
    /// input's end, the reader asks for the verdicts first
    /// ([`Chunk::Unsettled`]) and the splitter cuts what is left; the
    /// pieces end (`None`) only once every guessed piece is settled.
    ///
    /// The stretch indices of guessed pieces are not counted (a shard
    /// reads pieces the splitter cut).
    pub fn guessing(reader: R, consumed: Arc<AtomicU64>, limits: Limits) -> Pieces<R> {
        Pieces {
            guess: true,
            ..Pieces::open(reader, consumed, limits)
        }
    }

    /// Whether every guessed piece handed out was confirmed.
    pub fn settled(&self) -> bool {
        self.marks.is_empty()
    }

    /// Guessed pieces handed out and not confirmed yet.
    pub fn outstanding(&self) -> usize {
        self.marks.len()
    }

    /// The oldest outstanding guessed piece ended where it was guessed to;
    /// `bytes` are its bytes (as handed out, or as given back in a
    /// [`Rest`]), whose room a later guessed piece is read into: its bytes
    /// are written already, so the reader need not write them twice (see
    /// `Buffer`).
    pub fn confirm(&mut self, bytes: Vec<u8>) {
        self.marks.pop_front();
        if self.spare.len() < SPARE_ROOMS {
            self.spare.push(bytes);
        }
    }

    /// The oldest outstanding guessed piece did not end where it was
    /// guessed to: `first` is its bytes, `later` those of the pieces
    /// handed out after it, in order (each as handed out, or as given
    /// back in a [`Rest`]). The text from its start (a game start) on is
    /// read again, cut by the splitter to the input's end.
    pub fn rewind(&mut self, first: Vec<u8>, later: Vec<Vec<u8>>) {
        let Some(&start) = self.marks.front() else {
            return;
        };
        let mut buf = first;
        buf.truncate(start.len);
        for (mark, bytes) in self.marks.iter().skip(1).zip(&later) {
            buf.extend_from_slice(&bytes[..mark.len.min(bytes.len())]);
        }
        buf.extend_from_slice(&self.buf);
        self.buf = Buffer::from(buf);
        self.marks.clear();
        self.line = start.line;
        self.offset = start.offset;
        self.stretch = start.stretch;
        // Guesses stop for this input: one that failed may fail again
        // (text in another encoding, comments broken over lines).
        self.guess = false;
        self.spare = Vec::new();
        self.open = false;
        self.cutting = false;
        self.cut_from_here();
    }

    /// The splitter cuts from the start of the buffer, a confirmed game
    /// start.
    fn cut_from_here(&mut self) {
        self.start_cutting();
    }

    /// Hands out `buf[..end]` as a guessed piece, with the `[` at `end`.
    fn lend_guessed(&mut self, end: usize) -> Piece {
        let mut rest = match self.spare.pop() {
            Some(room) => Buffer::room(room),
            None => Buffer::with_capacity(self.limits.piece + 2 * self.limits.block),
        };
        rest.extend_from_slice(&self.buf[end..]);
        self.buf.truncate(end + 1);
        let bytes = std::mem::replace(&mut self.buf, rest).into_vec();
        let mark = Mark {
            line: self.line,
            offset: self.offset,
            stretch: self.stretch,
            len: end,
        };
        self.marks.push_back(mark);
        self.line += count_lines(&bytes[..end]);
        self.offset += end as u64;
        Piece {
            line: mark.line,
            offset: mark.offset,
            stretch: mark.stretch,
            consumed: self.consumed.load(Ordering::Relaxed),
            cuts: Vec::new(),
            bytes,
            more: true,
            open: Some(self.limits.piece),
        }
    }

    /// The next guessed piece; `Err(())` when outstanding guesses are to
    /// be settled first, `Ok(None)` when the splitter is to cut the text
    /// (from a confirmed game start).
    fn guessed_piece(&mut self) -> Result<Option<Piece>, ()> {
        let want = self.limits.piece + self.limits.block;
        loop {
            if self.buf.len() >= want || self.eof || self.error.is_some() {
                if self.buf.len() >= want
                    && self.error.is_none()
                    && let Some(at) = guess_cut(&self.buf, self.limits.piece.max(1))
                {
                    return Ok(Some(self.lend_guessed(at)));
                }
                if !self.marks.is_empty() {
                    return Err(());
                }
                self.cut_from_here();
                return Ok(None);
            }
            self.fill();
        }
    }

    /// Takes back the rest of the open piece handed out last (see
    /// [`Rest`]).
    pub fn give_back(&mut self, rest: Rest) {
        if !std::mem::take(&mut self.lent) {
            return;
        }
        let (mut bytes, unchecked) = match rest {
            Rest::After {
                bytes,
                end,
                stretches,
            } => {
                let end = end.min(bytes.len());
                self.line += count_lines(&bytes[..end]);
                self.offset += end as u64;
                self.stretch += stretches;
                // The piece's room is read over in place: the next bytes
                // read need not be written twice (see `Buffer`).
                let mut bytes = Buffer::from(bytes);
                bytes.drain_front(end);
                (bytes, false)
            }
            Rest::Unchecked(bytes) => (Buffer::from(bytes), true),
        };
        // (The piece's buffer has room for a piece and more.)
        bytes.extend_from_slice(&self.buf);
        self.buf = bytes;
        if unchecked {
            self.start_cutting();
        }
    }

    /// Hands out `buf[..end]` as an open piece.
    fn lend(&mut self, end: usize) -> Piece {
        let more = !(self.eof && end == self.buf.len());
        // The rest (part of a line) waits for the piece's bytes to come
        // back, with their room for a whole piece.
        let rest = Buffer::from(self.buf[end..].to_vec());
        self.buf.truncate(end);
        let bytes = std::mem::replace(&mut self.buf, rest).into_vec();
        self.lent = true;
        Piece {
            line: self.line,
            offset: self.offset,
            stretch: self.stretch,
            consumed: self.consumed.load(Ordering::Relaxed),
            cuts: Vec::new(),
            bytes,
            more,
            open: Some(self.limits.piece),
        }
    }

    /// The next open piece; `None` when the splitter is to cut the text
    /// instead (a read error, or no line break past the piece's size).
    fn open_piece(&mut self) -> Option<Piece> {
        let want = self.limits.piece + self.limits.block;
        loop {
            if self.error.is_some() {
                self.start_cutting();
                return None;
            }
            if self.eof {
                return (!self.buf.is_empty()).then(|| self.lend(self.buf.len()));
            }
            if self.buf.len() >= want {
                // Up to the last line break: a game begins a line, and no
                // character is cut in two.
                return match memchr::memrchr(b'\n', &self.buf) {
                    Some(at) if at >= self.limits.piece => Some(self.lend(at + 1)),
                    _ => {
                        self.start_cutting();
                        None
                    }
                };
            }
            self.fill();
        }
    }

    /// The splitter cuts the text from the start of the buffer (a game
    /// start) on, until the next piece is handed out.
    fn start_cutting(&mut self) {
        if self.cutting {
            return;
        }
        self.cutting = true;
        self.cutter = Cutter::Games(Splitter::new());
        self.cuts.clear();
        self.scanned = 0;
        self.scan();
    }

    /// Back to open pieces after the splitter cut one (the buffer starts
    /// at a game start).
    fn stop_cutting(&mut self) {
        if self.open {
            self.cutting = false;
            self.cuts.clear();
            self.scanned = 0;
        }
    }

    /// Hands out `buf[..end]` as a piece; `cuts[..k]` are inside it.
    fn take(&mut self, end: usize, k: usize) -> Piece {
        let more = !(self.eof && end == self.buf.len());
        // The rest goes to a buffer with room for a whole piece, so that
        // reading on does not grow (and copy) it block by block.
        let mut rest = Buffer::with_capacity(self.limits.piece + 2 * self.limits.block);
        rest.extend_from_slice(&self.buf[end..]);
        self.buf.truncate(end);
        let bytes = std::mem::replace(&mut self.buf, rest).into_vec();
        let cuts: Vec<u32> = self.cuts.drain(..k).map(|c| c as u32).collect();
        for c in &mut self.cuts {
            *c -= end;
        }
        // The next cut, if it was `end`, is now the start of the buffer.
        if self.cuts.first() == Some(&0) {
            self.cuts.remove(0);
        }
        self.scanned -= end;
        let piece = Piece {
            line: self.line,
            offset: self.offset,
            stretch: self.stretch,
            consumed: self.consumed.load(Ordering::Relaxed),
            cuts,
            bytes,
            more,
            open: None,
        };
        self.line += count_lines(&piece.bytes);
        self.offset += end as u64;
        self.stretch += piece.cuts.len() as u64 + 1;
        self.stop_cutting();
        piece
    }

    /// Reads one block; `false` at the end of the input or on an error.
    fn fill(&mut self) -> bool {
        let n = loop {
            match self.buf.read_from(&mut self.reader, self.limits.block) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    // The rest is the splitter's to cut (once guessed pieces
                    // are settled: see `rewind`).
                    if self.marks.is_empty() {
                        self.start_cutting();
                    }
                    self.error = Some(ReadError {
                        error,
                        consumed: self.consumed.load(Ordering::Relaxed),
                    });
                    return false;
                }
            }
        };
        if n == 0 {
            self.eof = true;
            return false;
        }
        if self.cutting {
            self.scan();
        }
        true
    }

    /// Finds the cuts in the text not scanned yet.
    fn scan(&mut self) {
        while let Some(cut) = self.cutter.next_cut(&self.buf, self.scanned) {
            if cut > 0 {
                self.cuts.push(cut);
            }
            self.scanned = cut + 1;
        }
        self.scanned = self.buf.len();
    }

    /// Drops the unfinished game at the end of the buffer, and everything
    /// after it up to the next game start.
    fn skip(&mut self) -> Chunk {
        let line = self.line;
        let stretch = self.stretch;
        let mut bytes = 0u64;
        let mut lines = 0u64;
        self.cutter.resync();
        loop {
            if let Some(&cut) = self.cuts.first() {
                lines += count_lines(&self.buf[..cut]);
                bytes += cut as u64;
                self.buf.drain_front(cut);
                self.scanned -= cut;
                self.cuts.remove(0);
                break;
            }
            lines += count_lines(&self.buf);
            bytes += self.buf.len() as u64;
            self.buf.clear();
            self.scanned = 0;
            if !self.fill() {
                break;
            }
        }
        self.line += lines;
        self.offset += bytes;
        self.stretch += 1;
        self.stop_cutting();
        Chunk::Skipped {
            line,
            lines,
            bytes,
            stretch,
        }
    }
}

impl<R: Read> Iterator for Pieces<R> {
    type Item = Result<Chunk, ReadError>;

    fn next(&mut self) -> Option<Result<Chunk, ReadError>> {
        assert!(
            !self.lent,
            "an open piece's rest is given back before the next piece is read"
        );
        if self.guess && !self.cutting {
            match self.guessed_piece() {
                Ok(Some(piece)) => return Some(Ok(Chunk::Piece(piece))),
                Ok(None) => {}
                Err(()) => return Some(Ok(Chunk::Unsettled)),
            }
        } else if !self.cutting
            && let Some(piece) = self.open_piece()
        {
            return Some(Ok(Chunk::Piece(piece)));
        }
        loop {
            // A piece ends at the first game start past the target size.
            if let Some(k) = self.cuts.iter().position(|&c| c >= self.limits.piece) {
                let end = self.cuts[k];
                return Some(Ok(Chunk::Piece(self.take(end, k))));
            }
            if self.error.is_some() {
                // Everything the decompressor delivered is handed out, as
                // the text's end, before the error.
                self.eof = true;
                if !self.buf.is_empty() {
                    let (end, k) = (self.buf.len(), self.cuts.len());
                    return Some(Ok(Chunk::Piece(self.take(end, k))));
                }
                return self.error.take().map(Err);
            }
            if self.eof {
                if self.buf.is_empty() {
                    return None;
                }
                let (end, k) = (self.buf.len(), self.cuts.len());
                return Some(Ok(Chunk::Piece(self.take(end, k))));
            }
            let pending = self.buf.len() - self.cuts.last().copied().unwrap_or(0);
            if pending > self.limits.game {
                if let Some(&end) = self.cuts.last() {
                    let k = self.cuts.len() - 1;
                    return Some(Ok(Chunk::Piece(self.take(end, k))));
                }
                return Some(Ok(self.skip()));
            }
            self.fill();
        }
    }
}

/// Where a game most likely begins at or after `from` in `buf`: a `[` in
/// the first column after a blank line, when the line before that is not
/// a tag. A guess: a comment or a string may span those lines, and only
/// the splitter, or a checker reading up to it, can tell.
fn guess_cut(buf: &[u8], from: usize) -> Option<usize> {
    let start = from.saturating_sub(1);
    for hit in memchr::memmem::find_iter(&buf[start.min(buf.len())..], b"\n[") {
        let at = start + hit + 1;
        // The line before: blank (an empty line, or a `\r` alone).
        let before = &buf[..at - 1];
        let before = before.strip_suffix(b"\r").unwrap_or(before);
        let Some(blank) = before.strip_suffix(b"\n") else {
            continue;
        };
        // The line before the blank one: not a tag, not blank.
        let line_start = memchr::memrchr(b'\n', blank).map_or(0, |i| i + 1);
        let line = &blank[line_start..];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !line.is_empty() && line[0] != b'[' {
            return Some(at);
        }
    }
    None
}

/// Line breaks in `bytes`: `\n`, `\r\n` or a `\r` alone
/// ([`chess_core::input::line_breaks`]; a piece never ends between the two
/// bytes of a `\r\n`, as it ends before a game start).
pub fn count_lines(bytes: &[u8]) -> u64 {
    chess_core::input::count_line_breaks(bytes) as u64
}

/// The stretches of `text` between two places it may be cut at (game
/// starts, or line starts for a lichess puzzle file), in order: each a
/// game (or a few without tags), or a row.
pub fn stretches(text: &str, cut: Cut) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut cutter = match cut {
        Cut::Games => Cutter::Games(Splitter::new()),
        Cut::Lines => Cutter::Lines(RowSplitter::new()),
    };
    let (mut out, mut start, mut from) = (Vec::new(), 0, 0);
    while let Some(at) = cutter.next_cut(bytes, from) {
        out.push(start..at);
        start = at;
        from = at + 1;
    }
    out.push(start..text.len());
    out
}

#[cfg(test)]
mod tests {
    use super::{Chunk, Limits, Pieces, SPARE_ROOMS, guess_cut};
    use std::sync::Arc;
    use std::sync::atomic::AtomicU64;

    /// The bytes of confirmed guessed pieces are the room later ones are
    /// read into (kept up to a bound); the pieces are the text's, whatever
    /// was in the room before.
    #[test]
    fn confirmed_pieces_are_read_into_again() {
        let game = "[Event \"a\"]\n\n1. e4 e5 *\n\n";
        let text = game.repeat(40);
        let limits = Limits {
            piece: 64,
            game: 1 << 20,
            block: 16,
        };
        let consumed = Arc::new(AtomicU64::new(0));
        let mut pieces = Pieces::guessing(text.as_bytes(), consumed, limits);
        let mut read = String::new();
        let mut rooms = Vec::new();
        let mut reused = 0;
        while let Some(Ok(Chunk::Piece(piece))) = pieces.next() {
            // (The last text, too short to guess in, the splitter cuts.)
            if piece.open.is_none() {
                read.push_str(std::str::from_utf8(&piece.bytes).unwrap());
                continue;
            }
            let len = piece.bytes.len() - 1;
            read.push_str(std::str::from_utf8(&piece.bytes[..len]).unwrap());
            reused += rooms.contains(&piece.bytes.as_ptr()) as usize;
            rooms.push(piece.bytes.as_ptr());
            pieces.confirm(piece.bytes);
            assert!(pieces.spare.len() <= 1);
        }
        assert!(
            reused >= 10,
            "{reused} of {} pieces read into a room again",
            rooms.len()
        );
        assert_eq!(read, text);
        // Verdicts in a bunch: as many rooms are kept as the bound says.
        let consumed = Arc::new(AtomicU64::new(0));
        let mut pieces = Pieces::guessing(text.as_bytes(), consumed, limits);
        let mut lent = Vec::new();
        while let Some(Ok(Chunk::Piece(piece))) = pieces.next()
            && lent.len() < SPARE_ROOMS + 2
        {
            lent.push(piece.bytes);
        }
        for bytes in lent {
            pieces.confirm(bytes);
        }
        assert_eq!(pieces.spare.len(), SPARE_ROOMS);
    }

    /// A guess is a tag line after a blank line after a line of something
    /// else, at or after where the search starts; `\r\n` line ends count.
    #[test]
    fn guesses() {
        let guess = |text: &str, from| guess_cut(text.as_bytes(), from);
        let game = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n";
        let two = format!("{game}{game}");
        assert_eq!(guess(&two, 1), Some(game.len()));
        assert_eq!(guess(&two, game.len()), Some(game.len()));
        assert_eq!(guess(&two, game.len() + 1), None);
        assert_eq!(guess(&two.replace('\n', "\r\n"), 1), Some(game.len() + 5));
        // No blank line before it; a tag line or a blank line before the
        // blank one; the text's first line.
        assert_eq!(guess("1. e4 *\n[Event \"b\"]", 1), None);
        assert_eq!(guess("[Event \"a\"]\n\n[Site \"b\"]", 1), None);
        assert_eq!(guess("1. e4 *\n\n\n[Event \"b\"]", 1), None);
        assert_eq!(guess("\n\n[Event \"b\"]", 1), None);
        assert_eq!(guess("1. e4 *\n \n[Event \"b\"]", 1), None);
        assert_eq!(guess("x\n\n[", 1), Some(3));
    }
}
