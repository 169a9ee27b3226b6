//! Checking one piece of whole games: decode its text, verify every game
//! (of the shard asked for), and put each problem into words and data.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use chess_core::RuleSets;
use chess_core::syntax::{Skipped, Stop, misspelt_tags};
use chess_core::{Diagnostic, Help, OptIn, Options, Source, Spelling, verify, verify_with_cuts};

use crate::read::{Piece, Rest};

/// How to read bytes as text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8, and a piece that is not valid UTF-8 as Windows-1252 (the
    /// superset of ISO 8859-1 that older archives are written in).
    Auto,
    /// UTF-8 only: anything else is an error.
    Utf8,
    /// ISO 8859-1: every byte is the character of the same number.
    Latin1,
    /// Windows-1252.
    Windows1252,
}

impl Encoding {
    /// Its usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Auto | Encoding::Utf8 => "UTF-8",
            Encoding::Latin1 => "ISO 8859-1 (Latin-1)",
            Encoding::Windows1252 => "Windows-1252",
        }
    }
}

/// The text of `bytes`, and the encoding it was read in when that was not
/// UTF-8; or, when UTF-8 is required and the bytes are not, the offset of
/// the first bad byte.
pub fn decode(bytes: Vec<u8>, encoding: Encoding) -> Result<(String, Encoding), (Vec<u8>, usize)> {
    match encoding {
        Encoding::Auto | Encoding::Utf8 => match utf8(bytes) {
            Ok(text) => Ok((text, Encoding::Utf8)),
            Err(e) if encoding == Encoding::Auto => decode(e.into_bytes(), Encoding::Windows1252),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                Err((e.into_bytes(), at))
            }
        },
        Encoding::Latin1 => {
            let text = bytes.iter().map(|&b| char::from(b)).collect();
            Ok((byte_order_marks(text), encoding))
        }
        Encoding::Windows1252 => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
            Ok((byte_order_marks(text.into_owned()), encoding))
        }
    }
}

/// `bytes` as text if they are UTF-8, else the standard library's error
/// (with the offset of the first bad byte). Every byte of the input is
/// checked here, so the check is simdutf8's: on PGN's ASCII it takes two
/// fifths of the standard library's instructions.
fn utf8(bytes: Vec<u8>) -> Result<String, std::string::FromUtf8Error> {
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: the bytes were just found to be UTF-8.
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    String::from_utf8(bytes)
}

/// Text read in a single-byte encoding with the UTF-8 byte-order marks at
/// its lines' starts (`ï»¿`, from files of two encodings joined) read as
/// the marks they are: not text, as the reader, which cuts the bytes
/// before decoding them, takes them.
fn byte_order_marks(text: String) -> String {
    const READ_AS_BYTES: &str = "\u{ef}\u{bb}\u{bf}";
    if !text.contains(READ_AS_BYTES) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find(READ_AS_BYTES) {
        out.push_str(&rest[..at]);
        let line_start = matches!(out.as_bytes().last(), None | Some(b'\n' | b'\r'));
        out.push_str(if line_start {
            "\u{feff}"
        } else {
            READ_AS_BYTES
        });
        rest = &rest[at + READ_AS_BYTES.len()..];
    }
    out.push_str(rest);
    out
}

/// A shard: the games whose stretch index is `index` modulo `count`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

/// Why a text is not a shard `K/N`; `Display` words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// No `/`.
    NotKOfN(String),
    /// `K` or `N` is not a number: the part, and the text.
    NotANumber(String, String),
    /// `K` is not between 1 and `N`.
    OutOfRange(String),
}

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardError::NotKOfN(text) => write!(f, "`{text}` is not K/N (e.g. `2/8`)"),
            ShardError::NotANumber(part, text) => {
                write!(f, "`{part}` in `{text}` is not a number")
            }
            ShardError::OutOfRange(text) => {
                write!(f, "shard `{text}`: K must be between 1 and N")
            }
        }
    }
}

impl std::error::Error for ShardError {}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        Shard::parse(text)
    }
}

impl Shard {
    /// Reads `K/N` (1-based `K`).
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| ShardError::NotKOfN(text.to_string()))?;
        let number = |part: &str| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| ShardError::NotANumber(part.to_string(), text.to_string()))
        };
        let (k, n) = (number(k)?, number(n)?);
        if n == 0 || k == 0 || k > n {
            return Err(ShardError::OutOfRange(text.to_string()));
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }

    pub(crate) fn takes(self, stretch: u64) -> bool {
        stretch % self.count == self.index
    }
}

/// What every piece is checked with.
#[derive(Clone, Debug)]
pub struct Context {
    /// The rules' options.
    pub options: Options,
    /// How bytes become text.
    pub encoding: Encoding,
    /// Only these games, when given.
    pub shard: Option<Shard>,
    /// Colors in rendered reports.
    pub styled: bool,
}

/// One problem in one game.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The game's number in the piece, from 1 (the caller adds the games
    /// before the piece).
    pub game: u64,
    /// 1-based line of the start.
    pub line: u64,
    /// 1-based column of the start, in characters.
    pub column: u32,
    /// 1-based line of the end.
    pub end_line: u64,
    /// 1-based column of the end.
    pub end_column: u32,
    /// The diagnostic.
    pub diagnostic: Diagnostic,
    /// The text under the problem.
    pub text: String,
    /// The rustc-style report (for `--format human`).
    pub rendered: String,
    /// A warning (another mate on a puzzle's last move, a game's fullmove
    /// number `0`, a `*` after the end of the game), not an error.
    pub warning: bool,
    /// The other places the message is about
    /// ([`Diagnostic::related`]), located as the problem is.
    pub related: Vec<Place>,
}

/// Another place a problem's message is about: the move that lost a
/// castling right, the move that ended the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based line of the start.
    pub line: u64,
    /// 1-based column of the start, in characters.
    pub column: u32,
    /// 1-based line of the end.
    pub end_line: u64,
    /// 1-based column of the end.
    pub end_column: u32,
    /// What is there.
    pub what: String,
}

impl Problem {
    /// The problem `d` in game `game` of `source` (an input called `name`
    /// whose first `lines_before` lines come before `source`), rendered.
    pub fn new(
        source: &Source,
        name: &str,
        lines_before: u64,
        game: u64,
        d: Diagnostic,
        styled: bool,
    ) -> Problem {
        Problem::at(source, (name, lines_before), game, d, styled, false)
    }

    /// The same, as a warning: reported, but not an error.
    pub fn warning(
        source: &Source,
        name: &str,
        lines_before: u64,
        game: u64,
        d: Diagnostic,
        styled: bool,
    ) -> Problem {
        Problem::at(source, (name, lines_before), game, d, styled, true)
    }

    fn at(
        source: &Source,
        (name, lines_before): (&str, u64),
        game: u64,
        d: Diagnostic,
        styled: bool,
        warning: bool,
    ) -> Problem {
        let start = source.line_col(d.range.start);
        let end = source.line_col(d.range.end);
        let related = d
            .related
            .iter()
            .map(|(range, what)| {
                let (start, end) = (source.line_col(range.start), source.line_col(range.end));
                Place {
                    line: lines_before + u64::from(start.line),
                    column: start.col,
                    end_line: lines_before + u64::from(end.line),
                    end_column: end.col,
                    what: what.clone(),
                }
            })
            .collect();
        Problem {
            related,
            game,
            line: lines_before + u64::from(start.line),
            column: start.col,
            end_line: lines_before + u64::from(end.line),
            end_column: end.col,
            text: source.slice(d.range).to_string(),
            rendered: render(source, name, lines_before, &d, styled, warning),
            diagnostic: d,
            warning,
        }
    }
}

/// What checking one piece found.
#[derive(Debug, Default)]
pub struct Checked {
    /// The piece's first line (1-based).
    pub line: u64,
    /// Games read (in the shard or not).
    pub games: u64,
    /// Games verified (those in the shard).
    pub checked: u64,
    /// Plies of the legal games.
    pub plies: u64,
    /// Problems, in order.
    pub problems: Vec<Problem>,
    /// The encoding the text was read in, when it was not UTF-8 and no
    /// encoding was chosen.
    pub decoded_as: Option<Encoding>,
    /// When UTF-8 was required and the text is not: where and why.
    pub not_utf8: Option<String>,
    /// Text that is not PGN, skipped where a game would begin (a `[pgn]`
    /// wrapper, prose): a note for each, with its place.
    pub skipped: Vec<String>,
    /// For an open piece ([`crate::read::Pieces::open`]): what goes back
    /// to the reader. When it is [`Rest::Unchecked`], nothing was checked.
    pub rest: Option<Rest>,
}

/// How this tool spells help: options are its flags.
pub const SPELLING: Spelling = Spelling {
    opt_in: |option| match option {
        // Always on: such a game is accepted with a warning.
        OptIn::UnfinishedResult | OptIn::NumbersFromFirstMove => {
            "chess-verify's default reading".to_string()
        }
        other => other.flag(),
    },
    rust_tokens: false,
};

/// A piece's text, decoded, and where its stretches begin.
pub(crate) struct Decoded {
    /// The text.
    pub source: Source,
    /// Where the piece's later stretches begin in the text.
    pub cuts: Vec<u32>,
    /// The text was UTF-8 (the cuts are the reader's).
    pub utf8: bool,
    /// The index, in the input, of the piece's first stretch.
    stretch: u64,
}

impl Decoded {
    /// The index, in the input, of the stretch the text at `at` is in.
    pub fn stretch_of(&self, at: u32) -> u64 {
        self.stretch + self.cuts.partition_point(|&c| c <= at) as u64
    }
}

/// Decodes a piece of input called `name`: its text, or `None` with the
/// reason in `checked` when it is not in the encoding asked for; the
/// encoding it was read in, if not UTF-8, goes to `checked` too.
pub(crate) fn decode_piece(
    mut piece: Piece,
    name: &str,
    context: &Context,
    checked: &mut Checked,
) -> Option<Decoded> {
    let line = piece.line;
    let bytes = std::mem::take(&mut piece.bytes);
    let cuts = std::mem::take(&mut piece.cuts);
    // A shard needs to know which stretch each game is in; text decoded
    // from a single-byte encoding has other offsets, so the cuts are kept
    // as lines too.
    let cut_lines = match context.shard {
        Some(_) => lines_at(&bytes, &cuts),
        None => Vec::new(),
    };
    let (text, encoding) = match decode(bytes, context.encoding) {
        Ok(decoded) => decoded,
        Err((bytes, at)) => {
            let (lines, column) = chess_core::files::line_column(&bytes, at);
            let line = line + lines as u64;
            checked.not_utf8 = Some(format!(
                "{name}:{line}:{column}: not UTF-8 text (byte 0x{:02X}); the games of lines {}–{} were not checked (leave out `--encoding utf-8` to read such text as Windows-1252)",
                bytes[at],
                piece.line + 1,
                piece.line + crate::read::count_lines(&bytes).max(1),
            ));
            return None;
        }
    };
    if context.encoding == Encoding::Auto && encoding != Encoding::Utf8 {
        checked.decoded_as = Some(encoding);
    }
    let utf8 = encoding == Encoding::Utf8;
    let cuts = if utf8 {
        cuts
    } else {
        line_starts(text.as_bytes(), &cut_lines)
    };
    Some(Decoded {
        source: Source::text(text, Some(name.to_string()), None),
        cuts,
        utf8,
        stretch: piece.stretch,
    })
}

/// The text of an open piece: UTF-8, read as [`decode`] reads it; other
/// bytes, another encoding asked for, or a shard (which needs the cuts
/// to count stretches) give the bytes back.
fn open_text(bytes: Vec<u8>, context: &Context) -> Result<String, Vec<u8>> {
    match context.encoding {
        _ if context.shard.is_some() => Err(bytes),
        Encoding::Auto | Encoding::Utf8 => utf8(bytes).map_err(|e| e.into_bytes()),
        Encoding::Latin1 | Encoding::Windows1252 => Err(bytes),
    }
}

/// Checks the games of one piece of input called `name`: chess games, or
/// games under the rule sets `rules` of a rules file.
pub fn check(piece: Piece, name: &str, context: &Context, rules: Option<&RuleSets>) -> Checked {
    let line = piece.line;
    let more = piece.more;
    let open = piece.open;
    let mut checked = Checked {
        line: line + 1,
        ..Checked::default()
    };
    let decoded = match open {
        // An open piece is read as UTF-8; anything else goes back to the
        // reader, to be cut and decoded as a piece of the splitter's.
        Some(_) => match open_text(piece.bytes, context) {
            Ok(text) => Decoded {
                source: Source::text(text, Some(name.to_string()), None),
                cuts: Vec::new(),
                utf8: true,
                stretch: piece.stretch,
            },
            Err(bytes) => {
                checked.rest = Some(Rest::Unchecked(bytes));
                return checked;
            }
        },
        None => match decode_piece(piece, name, context, &mut checked) {
            Some(decoded) => decoded,
            None => return checked,
        },
    };
    let source = &decoded.source;
    // Where the piece's games begin is known when the reader cut there.
    // Text decoded from a single-byte encoding is scanned again (its line
    // structure is the same, its offsets are not), and an open piece's
    // game starts are found as its games are read.
    let mut games = match (open, decoded.utf8) {
        (None, true) => verify_with_cuts(source, context.options, decoded.cuts.clone()),
        _ => verify(source, context.options),
    }
    .skipping_text(more);
    if let Some(limit) = open {
        games = games.up_to(limit, !more);
    }
    if let Some(rules) = rules {
        games = games.under_rules(rules);
    }
    loop {
        let next = games.next_syntax();
        for skipped in games.take_skipped() {
            checked.skipped.push(skipped_note(source, line, skipped));
        }
        let Some(syntax) = next else { break };
        checked.games += 1;
        let at = match &syntax {
            Ok(game) => game.range.start,
            Err(d) => d.range.start,
        };
        if let Some(shard) = context.shard
            && !shard.takes(decoded.stretch_of(at))
        {
            continue;
        }
        checked.checked += 1;
        let game = match syntax {
            Ok(game) => game,
            Err(d) => {
                let problem = Problem::new(source, name, line, checked.games, d, context.styled);
                checked.problems.push(problem);
                continue;
            }
        };
        // A misspelt tag is reported whether or not the game verifies: a
        // setup passed over is often why it does not.
        for d in misspelt_tags(&game.tags, source) {
            let problem = Problem::warning(source, name, line, checked.games, d, context.styled);
            checked.problems.push(problem);
        }
        match games.check_syntax(&game) {
            Ok(verified) => {
                checked.plies += verified.plies() as u64;
                for d in games.warnings(&game, &verified) {
                    let problem =
                        Problem::warning(source, name, line, checked.games, d, context.styled);
                    checked.problems.push(problem);
                }
                // The next game is recorded in its room.
                games.recycle_checked(verified);
            }
            Err(d) => {
                let problem = Problem::new(source, name, line, checked.games, d, context.styled);
                checked.problems.push(problem);
            }
        }
        // The next game is read into its room.
        games.recycle(game);
    }
    if open.is_some() {
        let (stopped, stretch) = (games.stopped(), games.stretch());
        drop(games);
        let bytes = decoded.source.into_text().into_bytes();
        checked.rest = Some(match stopped {
            Some(Stop::At(end)) => Rest::After {
                bytes,
                end,
                stretches: stretch,
            },
            // A game runs past the piece's end: where the piece ends is
            // not known, and it goes back whole, unchecked (what was found
            // is dropped: it is found again).
            Some(Stop::Unfinished(_)) => {
                return Checked {
                    rest: Some(Rest::Unchecked(bytes)),
                    ..Checked::default()
                };
            }
            None => Rest::After {
                end: bytes.len(),
                bytes,
                stretches: stretch + 1,
            },
        });
    }
    checked
}

/// A note for text that was skipped: where (`line:col` in the input,
/// which the report prefixes with its name), what, and its first words.
fn skipped_note(source: &Source, line: u64, skipped: Skipped) -> String {
    let (range, what) = match skipped {
        Skipped::Wrapper(range) => (range, "a forum post's wrapper line"),
        Skipped::Prose(range) => (range, "text that is not PGN"),
    };
    let start = source.line_col(range.start);
    let end = source.line_col(range.end);
    let full = source.slice(range);
    let mut text: String = full.chars().take(60).collect();
    if text.len() < full.len() {
        text.push('…');
    }
    let text = text.replace(['\n', '\r'], " ");
    let to = if end.line > start.line {
        format!(" (to line {})", line + u64::from(end.line))
    } else {
        String::new()
    };
    format!(
        "{}:{}: skipped {what}{to}: `{text}`",
        line + u64::from(start.line),
        start.col
    )
}

/// The 0-based line of each offset in `offsets` (ascending) in `bytes`.
fn lines_at(bytes: &[u8], offsets: &[u32]) -> Vec<u64> {
    let mut lines = Vec::with_capacity(offsets.len());
    let (mut line, mut from) = (0, 0);
    for &at in offsets {
        let at = (at as usize).min(bytes.len());
        line += crate::read::count_lines(&bytes[from..at]);
        from = at;
        lines.push(line);
    }
    lines
}

/// Where each of the 0-based `lines` (ascending) starts in `text`.
fn line_starts(text: &[u8], lines: &[u64]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(lines.len());
    let mut breaks = chess_core::input::line_breaks(text);
    let mut line = 0;
    let mut start = 0;
    for &want in lines {
        while line < want {
            start = breaks.next().unwrap_or(text.len());
            line += 1;
        }
        starts.push(start as u32);
    }
    starts
}

/// The help as data for `--format json`: what it proposes, by kind.
pub fn suggestion(help: &Help) -> Option<serde_json::Value> {
    Some(match help {
        Help::Note(_) => return None,
        Help::Write { choices, .. } => serde_json::json!({ "type": "write", "text": choices }),
        Help::WriteMate(san) => serde_json::json!({ "type": "write", "text": [san] }),
        // Where, the diagnostic's `related` places say.
        Help::WriteThere { place, text, .. } => {
            serde_json::json!({ "type": "write-there", "place": place, "text": text })
        }
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
/// `lines_before` is how many lines of the input come before `source`.
fn render(
    source: &Source,
    name: &str,
    lines_before: u64,
    d: &Diagnostic,
    styled: bool,
    warning: bool,
) -> String {
    let text = source.as_str();
    let start = (d.range.start as usize).min(text.len());
    let end = (d.range.end as usize).clamp(start, text.len());
    // Lines end at `\n`, `\r\n` or a `\r` alone.
    let line_start = text[..start].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let line_end = text[end..]
        .find(['\n', '\r'])
        .map_or(text.len(), |i| end + i);
    let lines = text[line_start..line_end].trim_end_matches('\r');
    let first_line = lines_before + u64::from(source.line_col(d.range.start).line);
    let span = (start - line_start)..(end - line_start).min(lines.len());
    let level = if warning {
        Level::WARNING
    } else {
        Level::ERROR
    };
    let mut group = level.primary_title(&d.message).id(d.kind.code()).element(
        Snippet::source(lines)
            .line_start(usize::try_from(first_line).unwrap_or(usize::MAX))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_checked_to_the_last_byte() {
        // Longer than a 64-byte block, with a character across its edge.
        let mut text = "e4 ".repeat(21);
        text.push('ü');
        text.push_str(&"e5 ".repeat(30));
        assert_eq!(utf8(text.clone().into_bytes()).unwrap(), text);
        let mut bytes = text.into_bytes();
        let last = bytes.len() - 1;
        bytes[last] = 0xFF;
        assert_eq!(utf8(bytes).unwrap_err().utf8_error().valid_up_to(), last);
    }

    #[test]
    fn latin1_and_windows_1252() {
        let bytes = b"[White \"M\xFCller\"] \x93quoted\x94".to_vec();
        let (text, enc) = decode(bytes.clone(), Encoding::Auto).unwrap();
        assert_eq!(enc, Encoding::Windows1252);
        assert_eq!(text, "[White \"Müller\"] \u{201c}quoted\u{201d}");
        let (text, _) = decode(bytes.clone(), Encoding::Latin1).unwrap();
        assert_eq!(text, "[White \"Müller\"] \u{93}quoted\u{94}");
        assert_eq!(decode(bytes, Encoding::Utf8).unwrap_err().1, 9);
        let (text, enc) = decode("Müller".as_bytes().to_vec(), Encoding::Auto).unwrap();
        assert_eq!((text.as_str(), enc), ("Müller", Encoding::Utf8));
    }

    #[test]
    fn shards() {
        assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 1, count: 8 }));
        assert!(Shard::parse("0/8").is_err());
        assert!(Shard::parse("9/8").is_err());
        assert!(Shard::parse("1/0").is_err());
        assert!(Shard::parse("x").is_err());
        assert_eq!(
            "2/x".parse::<Shard>().unwrap_err().to_string(),
            "`x` in `2/x` is not a number"
        );
        assert_eq!(
            Shard::parse("9/8").unwrap_err().to_string(),
            "shard `9/8`: K must be between 1 and N"
        );
    }
}
