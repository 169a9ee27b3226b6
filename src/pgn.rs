//! PGN export.

use core::fmt::{self, Write};
use core::iter::Peekable;

use chess_format::{MoveLabel, Note, Notes};

use crate::game::make_ply;
use chess_format::Variant;

use crate::{Color, Game, Ply, Position};

/// The Seven Tag Roster, in the order PGN requires, with the value written
/// when a game lacks the tag.
const SEVEN_TAG_ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Tags the export writes itself.
const GENERATED: [&str; 4] = ["Result", "SetUp", "FEN", "Variant"];

/// A game in PGN export format; see [`Game::pgn`]. `Display` it.
///
/// The Seven Tag Roster comes first (`?` for unknown values), then the
/// game's other tags in their order, `[SetUp "1"]` and `[FEN "…"]` when the
/// game does not start from the standard position, `[Variant "…"]` for
/// Chess960 and the other variants (lichess's names); then the movetext, wrapped at 80 columns, ending with the result.
/// The movetext keeps the game's NAGs (as `$n`), comments (as written, in
/// braces) and variations: a move's NAGs, then its comments, then the
/// variations that replace it.
///
/// The text verifies back to the same game with the string form of the
/// macro, `game!(r#"…"#)`. (The token form cannot take it verbatim: `Qh5#`
/// is not a Rust token sequence.)
#[derive(Copy, Clone, Debug)]
pub struct Pgn<'a> {
    game: &'a Game,
}

impl Game {
    /// The game in PGN export format; see [`Pgn`].
    ///
    /// ```
    /// use verified_chess::game;
    ///
    /// let g = game! { [White "Anderssen"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 # 1-0 };
    /// assert_eq!(
    ///     g.pgn().to_string(),
    ///     "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    ///      [White \"Anderssen\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
    ///      1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"
    /// );
    /// ```
    pub const fn pgn(&self) -> Pgn<'_> {
        Pgn { game: self }
    }
}

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    f.write_char('[')?;
    f.write_str(name)?;
    f.write_str(" \"")?;
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            f.write_char('\\')?;
        }
        f.write_char(c)?;
    }
    f.write_str("\"]\n")
}

/// Writes movetext tokens, breaking lines before they pass 80 columns.
struct Wrapper<'a, 'f> {
    f: &'a mut fmt::Formatter<'f>,
    column: usize,
    /// No space before the next token (after `(`, before `)`).
    glue: bool,
}

impl Wrapper<'_, '_> {
    fn token(&mut self, token: &str) -> fmt::Result {
        let len = token.chars().count();
        self.separate(len)?;
        self.f.write_str(token)?;
        self.column += len;
        Ok(())
    }

    /// What goes before a token whose first line is `len` characters: a
    /// space, or a line break if it would pass 80 columns; nothing at a
    /// line's start, or after `(` and before `)` where it fits.
    fn separate(&mut self, len: usize) -> fmt::Result {
        let glue = core::mem::take(&mut self.glue);
        if self.column == 0 || (glue && self.column + len <= 80) {
            return Ok(());
        }
        if self.column + 1 + len > 80 {
            self.f.write_char('\n')?;
            self.column = 0;
        } else {
            self.f.write_char(' ')?;
            self.column += 1;
        }
        Ok(())
    }

    /// A move number token such as `12.` or `12...`.
    fn number(&mut self, label: MoveLabel) -> fmt::Result {
        let len = label.len();
        self.separate(len)?;
        write!(self.f, "{label}")?;
        self.column += len;
        Ok(())
    }
}

impl fmt::Display for Pgn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        for (name, default) in SEVEN_TAG_ROSTER {
            write_tag(f, name, game.tag(name).unwrap_or(default))?;
        }
        write_tag(f, "Result", game.result().as_str())?;
        for (name, value) in game.tags() {
            let generated =
                SEVEN_TAG_ROSTER.iter().any(|(n, _)| *n == name) || GENERATED.contains(&name);
            if !generated {
                write_tag(f, name, value)?;
            }
        }
        match game.variant() {
            Variant::Standard if game.is_chess960() => write_tag(f, "Variant", "Chess960")?,
            Variant::Standard => {}
            // The FEN's castling letters say Chess960 where it matters.
            variant => write_tag(f, "Variant", variant.name())?,
        }
        if game.read().start() != chess_format::Start::STANDARD {
            write_tag(f, "SetUp", "1")?;
            f.write_str("[FEN \"")?;
            write!(f, "{}", game.start().fen())?;
            f.write_str("\"]\n")?;
        }
        f.write_char('\n')?;

        let mut out = Wrapper {
            f,
            column: 0,
            glue: false,
        };
        let text = game.notes();
        let mut notes = Notes::new(text).peekable();
        let start = game.start();
        // A Black move needs its number after a comment or a variation.
        let mut numbered = true;
        if notes.next_if_eq(&Note::Main(0)).is_some() {
            out.notes(&mut notes, &start, game.is_chess960(), &mut numbered)?;
        }
        for ply in game.plies() {
            out.ply(&ply, numbered)?;
            numbered = false;
            if notes.next_if_eq(&Note::Main(ply.index + 1)).is_some() {
                out.notes(&mut notes, &start, game.is_chess960(), &mut numbered)?;
            }
        }
        out.token(game.result().as_str())?;
        out.f.write_char('\n')
    }
}

impl Wrapper<'_, '_> {
    fn ply(&mut self, ply: &Ply, numbered: bool) -> fmt::Result {
        let label = ply.label();
        let number = ply.color == Color::White || numbered;
        if number && self.column > 0 && !self.glue {
            // The number stays on the line of its move.
            let len = label.len() + 1 + ply.san.as_str().len();
            if self.column + 1 + len > 80 {
                self.f.write_char('\n')?;
                self.column = 0;
            }
        }
        if number {
            self.number(label)?;
        }
        self.token(ply.san.as_str())
    }

    /// The NAGs, comments and variations of one node of the main line,
    /// up to the next one's.
    fn notes(
        &mut self,
        notes: &mut Peekable<Notes<'static>>,
        start: &Position,
        chess960: bool,
        numbered: &mut bool,
    ) -> fmt::Result {
        let mut index = 0;
        while let Some(note) = notes.next_if(|n| !matches!(n, Note::Main(_))) {
            match note {
                Note::Main(_) => {}
                Note::Nag(nag) => {
                    let mut buf = [b'$', 0, 0, 0];
                    let digits = [nag / 100, nag / 10 % 10, nag % 10];
                    let skip = if nag >= 100 {
                        0
                    } else if nag >= 10 {
                        1
                    } else {
                        2
                    };
                    let mut len = 1;
                    for &d in &digits[skip..] {
                        buf[len] = b'0' + d;
                        len += 1;
                    }
                    self.token(core::str::from_utf8(&buf[..len]).unwrap_or("$0"))?;
                }
                Note::Comment(text) => {
                    self.comment(text)?;
                    *numbered = true;
                }
                Note::Open(first) => {
                    self.token("(")?;
                    self.glue = true;
                    index = first;
                    *numbered = true;
                }
                Note::Ply(raw) => {
                    if let Some(ply) = make_ply(start, chess960, index, raw) {
                        self.ply(&ply, *numbered)?;
                    }
                    *numbered = false;
                    index += 1;
                }
                Note::Close(next) => {
                    self.glue = true;
                    self.token(")")?;
                    index = next;
                    *numbered = true;
                }
            }
        }
        Ok(())
    }

    /// A comment, as written: `{text}`, or `;text` and a line break when
    /// the text has a `}` (a `;` comment's, which holds no line end: a
    /// `\r` ends it as a `\n` does).
    fn comment(&mut self, text: &str) -> fmt::Result {
        let brace = !text.contains('}');
        let first_line = text.split('\n').next().unwrap_or("");
        let len = first_line.chars().count() + 2;
        self.separate(len)?;
        if brace {
            self.f.write_char('{')?;
            self.f.write_str(text)?;
            self.f.write_char('}')?;
            self.column = match text.rfind('\n') {
                Some(i) => text[i + 1..].chars().count() + 1,
                None => self.column + len,
            };
        } else {
            self.f.write_char(';')?;
            self.f.write_str(text)?;
            self.f.write_char('\n')?;
            self.column = 0;
        }
        Ok(())
    }
}
