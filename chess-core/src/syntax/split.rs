//! Where games begin in PGN text, found by a scan that needs no parse.
//!
//! A line whose first character is `[` begins a new game when the text
//! since the last tag section had anything that is not a tag, a comment or
//! white space (a move, a number, a result, a parenthesis …). The rule is
//! lexical: `{…}` comments, `;` and `%` comment lines and strings are
//! skipped exactly as the lexer skips them, so a `[` inside a comment never
//! begins a game.
//!
//! The parser reads each stretch between two such lines on its own, so a
//! malformed game (an unclosed variation, a move number without a move)
//! never swallows the game after it. The same scan lets `chess-verify`
//! cut a stream of any length into games without reading it whole: a
//! [`Splitter`] keeps its state between blocks of bytes, so where it cuts
//! does not depend on how the text arrives.

use crate::input::scan;

/// A UTF-8 byte-order mark.
const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The bytes that matter inside a tag's brackets (outside its string).
const fn tag_stops(pgn: bool) -> [bool; 256] {
    let mut table = [false; 256];
    table[b'"' as usize] = true;
    table[b']' as usize] = true;
    table[b'\n' as usize] = true;
    table[b'\r' as usize] = true;
    table[b'{' as usize] = true;
    table[b';' as usize] = pgn;
    table
}

static TAG_STOPS_PGN: [bool; 256] = tag_stops(true);
static TAG_STOPS_TOKENS: [bool; 256] = tag_stops(false);

/// What the scan is inside of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Ordinary text.
    Outside,
    /// A `{…}` comment.
    Brace,
    /// A `;` comment or a `%` escape line, up to the line break.
    LineComment,
    /// A string, up to its closing quote or the line break.
    Str,
    /// Just after a `\` in a string: the next byte is taken as it is.
    Escape,
}

/// An incremental scan for game starts in PGN text.
///
/// A line whose first character is `[` begins a new game when the text
/// since the last tag section had anything that is not a tag, a comment or
/// white space. `{…}` comments, `;` and `%` comment lines and strings are
/// skipped exactly as the lexer skips them. The parser reads each stretch
/// between two game starts on its own; `chess-verify` cuts streams there.
/// The scan keeps its state between blocks of bytes, so where it cuts does
/// not depend on how the text arrives.
///
/// ```
/// use chess_core::Splitter;
///
/// let text = b"[Event \"a\"]\n[Site \"b\"]\n1. e4 *\n[Event \"c\"]\n1. d4 *\n";
/// let mut splitter = Splitter::new();
/// assert_eq!(splitter.next_cut(text, 0), Some(31));
/// assert_eq!(&text[31..], b"[Event \"c\"]\n1. d4 *\n");
/// assert_eq!(splitter.next_cut(text, 32), None);
/// ```
#[derive(Clone, Debug)]
pub struct Splitter {
    state: State,
    /// The previous byte was a line break (or nothing has been read).
    line_start: bool,
    /// Inside `[…]` on one line.
    in_tag: bool,
    /// Something other than tags, comments and space since the last cut.
    movetext: bool,
    /// How many bytes of a byte-order mark the current line started with
    /// (3 once anything else was read on it): a mark at a line's start is
    /// not text, wherever the line is (two files joined by `cat`).
    bom: u8,
    /// `;` and `%` start comments (PGN text) or not (rendered Rust tokens).
    pgn: bool,
}

impl Default for Splitter {
    fn default() -> Splitter {
        Splitter::new()
    }
}

impl Splitter {
    /// A scan at the start of PGN text.
    pub fn new() -> Splitter {
        Splitter {
            state: State::Outside,
            line_start: true,
            in_tag: false,
            movetext: false,
            bom: 0,
            pgn: true,
        }
    }

    /// A scan for text where `;` and `%` are ordinary characters (text
    /// rendered from Rust tokens).
    pub(crate) fn without_line_comments() -> Splitter {
        Splitter {
            pgn: false,
            ..Splitter::new()
        }
    }

    /// Whether the scan is inside a `{` comment or a string, i.e. whether
    /// the text read so far ends in the middle of one.
    pub fn in_comment_or_string(&self) -> bool {
        matches!(self.state, State::Brace | State::Str | State::Escape)
    }

    /// Forgets an open comment or string, as if a game had just been read:
    /// the next tag section in the first column begins a game (used after
    /// skipping text that has no game start in it).
    pub fn resync(&mut self) {
        self.state = State::Outside;
        self.in_tag = false;
        self.movetext = true;
    }

    /// Puts the scan where [`Splitter::next_cut`] leaves it when it returns
    /// a game start: just past its `[`. For a reader that found the game
    /// start itself (the express lane, after a plain game), so that the
    /// scan goes on from there as if it had read the text before.
    pub(crate) fn resume_after_cut(&mut self) {
        self.state = State::Outside;
        self.line_start = false;
        self.in_tag = true;
        self.movetext = false;
        self.bom = 3;
    }

    /// Scans `text[from..]`, which continues the text scanned before, and
    /// returns the offset in `text` of the first game start in it, if any.
    /// The scan stops just after that `[`: call again from the returned
    /// offset plus one to go on. Every byte must be scanned exactly once.
    pub fn next_cut(&mut self, text: &[u8], from: usize) -> Option<usize> {
        let mut i = from;
        while i < text.len() {
            match self.state {
                State::Brace => match scan::find(&text[i..], b'}') {
                    Some(n) => {
                        i += n + 1;
                        self.line_start = false;
                        self.state = State::Outside;
                        continue;
                    }
                    None => return None,
                },
                State::LineComment => match memchr::memchr2(b'\n', b'\r', &text[i..]) {
                    Some(n) => {
                        i += n + 1;
                        self.line_start = true;
                        self.bom = 0;
                        self.in_tag = false;
                        self.state = State::Outside;
                        continue;
                    }
                    None => return None,
                },
                State::Outside if self.movetext && !self.line_start && self.bom == 3 => {
                    // Inside movetext, past a line's first byte, only a few
                    // bytes matter: skip to the next one. A `{` comment is
                    // skipped here too (lichess writes one after every move).
                    let stops = if self.pgn {
                        [b'\n', b'\r', b'{', b'"', b';']
                    } else {
                        [b'\n', b'\r', b'{', b'"', b'"']
                    };
                    loop {
                        let rest = &text[i..];
                        let next = scan::find_any(rest, stops);
                        if next == rest.len() {
                            return None;
                        }
                        i += next;
                        if text[i] != b'{' {
                            break;
                        }
                        match scan::find(&text[i + 1..], b'}') {
                            Some(n) => i += n + 2,
                            None => {
                                self.state = State::Brace;
                                return None;
                            }
                        }
                    }
                }
                State::Outside if self.in_tag && !self.line_start && self.bom == 3 => {
                    // Inside a tag's brackets, a name's bytes do not
                    // matter: skip to a quote, the `]`, a comment or the
                    // line's end.
                    let stops = if self.pgn {
                        &TAG_STOPS_PGN
                    } else {
                        &TAG_STOPS_TOKENS
                    };
                    while i < text.len() && !stops[text[i] as usize] {
                        i += 1;
                    }
                    if i == text.len() {
                        return None;
                    }
                }
                State::Str => {
                    // A string runs to its quote, an escape or the line's end.
                    let rest = &text[i..];
                    match scan::find_any(rest, [b'"', b'\\', b'\n', b'\r']) {
                        n if n < rest.len() => i += n,
                        _ => return None,
                    }
                    // The skipped bytes are not line breaks.
                    self.line_start = false;
                }
                _ => {}
            }
            let b = text[i];
            if self.bom < 3 && b != BOM[self.bom as usize] {
                // The first bytes of a mark, then something else: text.
                if self.bom > 0 {
                    self.movetext |= !self.in_tag;
                }
                self.bom = 3;
            }
            let at_line_start = self.line_start;
            // A line ends at `\n`, `\r\n` or a `\r` alone.
            self.line_start = matches!(b, b'\n' | b'\r');
            if self.line_start {
                // A byte-order mark may begin the next line.
                self.bom = 0;
            }
            match self.state {
                State::Str => match b {
                    b'"' => self.state = State::Outside,
                    b'\\' => self.state = State::Escape,
                    b'\n' | b'\r' => {
                        self.state = State::Outside;
                        self.in_tag = false;
                    }
                    _ => {}
                },
                State::Escape => self.state = State::Str,
                _ => match b {
                    b'\n' | b'\r' => self.in_tag = false,
                    b' ' | b'\t' | 0x0c => {}
                    b'[' if at_line_start && self.movetext => {
                        self.movetext = false;
                        self.in_tag = true;
                        return Some(i);
                    }
                    b'[' => self.in_tag = true,
                    b']' => self.in_tag = false,
                    b'{' => self.state = State::Brace,
                    b'"' => {
                        self.state = State::Str;
                        self.movetext |= !self.in_tag;
                    }
                    b';' if self.pgn => self.state = State::LineComment,
                    b'%' if self.pgn && at_line_start => self.state = State::LineComment,
                    _ if self.bom < 3 && b == BOM[self.bom as usize] => {
                        // A byte-order mark at a line's start: not text,
                        // and the line has not started once it is whole
                        // (its first bytes alone are text).
                        self.bom += 1;
                        self.line_start = self.bom == 3;
                    }
                    _ => self.movetext |= !self.in_tag,
                },
            }
            i += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cut of `text`, scanned in blocks of `block` bytes.
    fn cuts(text: &str, block: usize) -> Vec<usize> {
        let bytes = text.as_bytes();
        let mut splitter = Splitter::new();
        let mut out = Vec::new();
        let mut start = 0;
        while start < bytes.len() {
            let end = (start + block).min(bytes.len());
            let mut from = 0;
            while let Some(cut) = splitter.next_cut(&bytes[start..end], from) {
                out.push(start + cut);
                from = cut + 1;
            }
            start = end;
        }
        out
    }

    fn all_blocks(text: &str) -> Vec<usize> {
        let whole = cuts(text, usize::MAX);
        for block in 1..text.len().max(1) {
            assert_eq!(cuts(text, block), whole, "block {block}: {text:?}");
        }
        whole
    }

    #[test]
    fn tag_lines_after_moves_begin_games() {
        let text = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n\n[Event \"c\"]\n1. d4 *\n";
        assert_eq!(all_blocks(text), vec![text.find("[Event \"c\"]").unwrap()]);
    }

    #[test]
    fn comments_and_strings_hide_brackets() {
        let text = "1. e4 {a\n[Event \"x\"]} e5 ; [\n[Event \"y\"] 1. d4 \"s\n[Event \"z\"]\n";
        let want = vec![
            text.find("[Event \"y\"]").unwrap(),
            text.find("[Event \"z\"]").unwrap(),
        ];
        assert_eq!(all_blocks(text), want);
    }

    #[test]
    fn comments_and_tags_alone_are_not_movetext() {
        let text =
            "[Event \"a\"]\n{ before the moves }\n% escape\n; comment\n[Site \"b\"]\n1. e4 *";
        assert_eq!(all_blocks(text), Vec::<usize>::new());
        let text = "\u{feff}[Event \"a\"]\n[Site \"b\"]\n1. e4 *";
        assert_eq!(all_blocks(text), Vec::<usize>::new());
    }

    #[test]
    fn a_byte_order_mark_at_any_line_start_is_not_text() {
        // Two files joined by `cat`, the second with its mark; and one
        // after a `;` comment line.
        let text = "[Event \"a\"]\n\n1. e4 *\n\n\u{feff}[Event \"b\"]\n1. d4 *\n; x\n\u{feff}[Event \"c\"]\n";
        let want = vec![
            text.find("[Event \"b\"]").unwrap(),
            text.find("[Event \"c\"]").unwrap(),
        ];
        assert_eq!(all_blocks(text), want);
        // Not at a line's start, it is text like any other; and its first
        // bytes alone (text read byte by byte) start no line.
        let text = "1. e4 *\n \u{feff}[Event \"b\"]\n";
        assert_eq!(all_blocks(text), Vec::<usize>::new());
        let mut splitter = Splitter::new();
        assert_eq!(
            splitter.next_cut(b"1. e4 *\n\xef\xbb[Event \"b\"]\n", 0),
            None
        );
        let mut splitter = Splitter::new();
        assert_eq!(
            splitter.next_cut(b"[A \"a\"]\n\xef[B \"b\"]\n[C \"c\"]", 0),
            Some(17)
        );
    }

    #[test]
    fn only_the_first_column_counts() {
        let text = "1. e4 * [Event \"b\"]\n 1. d4 *\n [Event \"c\"]\n1. c4 *\n[Event \"d\"]";
        assert_eq!(all_blocks(text), vec![text.find("[Event \"d\"]").unwrap()]);
    }

    #[test]
    fn comments_inside_tag_brackets_count() {
        let text = "[Ev;x \"a\"]\n[Site {\n[Event \"z\"]} \"b\"]\n1. e4 *\n[Event \"c\"]\n1. d4 *";
        assert_eq!(all_blocks(text), vec![text.find("[Event \"c\"]").unwrap()]);
    }

    #[test]
    fn escapes_in_strings() {
        let text = "1. e4 \"a\\\n[Event \"x\"]\n1. d4\n[Event \"y\"]";
        // The escaped line break keeps the string open over the next line.
        assert_eq!(all_blocks(text), vec![text.find("[Event \"y\"]").unwrap()]);
    }
}
