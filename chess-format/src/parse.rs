//! Reading the vocabulary from text: `FromStr` for colors, roles,
//! pieces, files, ranks, squares and results, each reading what its `Display`
//! writes (and the usual other spellings); one error type, [`ParseError`],
//! that says what was expected and what is wrong; and the [`Reader`] they
//! read with, which `verified-chess` reads moves and results with too.

use core::fmt;
use core::str::FromStr;

use crate::illegal::Illegal;
use crate::result::GameResult;
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Why a text is not the value asked for: what it was read as, and what
/// is wrong with it ([`Problem`]). Every `FromStr` of this crate's types,
/// and of `verified-chess`'s moves, results and positions, returns it;
/// each reads what the type's `Display` writes.
///
/// ```
/// use chess_format::{Color, ParseError, Piece, Problem, Role, Square};
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::E4);
/// assert_eq!("Black".parse::<Color>()?, Color::Black);
/// assert_eq!("N".parse::<Role>()?, Role::Knight);
/// assert_eq!("♞".parse::<Piece>()?, Role::Knight.of(Color::Black));
///
/// let error = "i9".parse::<Square>().unwrap_err();
/// assert_eq!(error.problem(), Problem::NotFile('i'));
/// assert_eq!(error.to_string(), "not a square: `i` is not a file (`a` to `h`)");
/// # Ok::<(), ParseError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    what: &'static str,
    problem: Problem,
}

/// What is wrong with a text read as a value ([`ParseError::problem`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// The text is empty.
    Empty,
    /// The text ends before the value is complete.
    TooShort,
    /// A character where the value has none (after its end, or one that
    /// never belongs there).
    Unexpected(char),
    /// A character where a file (`a` to `h`) belongs.
    NotFile(char),
    /// A character where a rank (`1` to `8`) belongs.
    NotRank(char),
    /// A character where a piece letter belongs.
    NotPieceLetter(char),
    /// A character where the piece a pawn is promoted to belongs (a
    /// queen, rook, bishop or knight: in SAN `Q R B N`, in UCI `q r b n`).
    NotPromotion(char),
    /// A piece that cannot be written there: a pawn or king as a
    /// promotion, a king dropped.
    WrongPiece(Role),
    /// The text is none of the words or forms the value is written in;
    /// the message lists them.
    NotOneOf(&'static str),
    /// A FEN board with this many ranks (separated by `/`), not 8.
    Ranks(u8),
    /// A rank of a FEN board that covers this many squares, not 8.
    RankLength {
        /// The rank.
        rank: Rank,
        /// The squares its letters and digits cover.
        squares: u8,
    },
    /// A character in a FEN board that is neither a piece letter nor a
    /// count of empty squares.
    NotBoardChar(char),
    /// A character in FEN's castling field that is neither `K`, `Q`, `k`,
    /// `q` nor a file letter.
    NotCastling(char),
    /// A field after FEN's move number (its first character).
    FieldAfterEnd(char),
    /// The text is read, but no game of chess has the position it
    /// describes.
    Illegal(Illegal),
}

impl ParseError {
    /// The error `problem` in a text read as `what`.
    pub const fn new(what: &'static str, problem: Problem) -> ParseError {
        ParseError { what, problem }
    }

    /// A position that breaks a rule of chess.
    pub const fn illegal(illegal: Illegal) -> ParseError {
        ParseError::new("legal position", Problem::Illegal(illegal))
    }

    /// What the text was read as: `"square"`, `"SAN move"` …
    pub const fn what(&self) -> &'static str {
        self.what
    }

    /// What is wrong with it.
    pub const fn problem(&self) -> Problem {
        self.problem
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {}: ", self.what)?;
        match self.problem {
            Problem::Empty => f.write_str("the text is empty"),
            Problem::TooShort => f.write_str("it ends too early"),
            Problem::Unexpected(c) => write!(f, "`{c}` does not belong there"),
            Problem::NotFile(c) => write!(f, "`{c}` is not a file (`a` to `h`)"),
            Problem::NotRank(c) => write!(f, "`{c}` is not a rank (`1` to `8`)"),
            Problem::NotPieceLetter(c) => {
                write!(f, "`{c}` is not a piece letter (`K`, `Q`, `R`, `B`, `N`)")
            }
            Problem::NotPromotion(c) => {
                let letters = if self.what == "UCI move" {
                    "`q`, `r`, `b`, `n`"
                } else {
                    "`Q`, `R`, `B`, `N`"
                };
                write!(f, "`{c}` is not a piece a pawn is promoted to ({letters})")
            }
            Problem::WrongPiece(role) => write!(f, "a {role} cannot be written there"),
            Problem::NotOneOf(forms) => write!(f, "expected {forms}"),
            Problem::Ranks(n) => write!(
                f,
                "the board has {n} rank{}; it has 8, from the 8th to the 1st, separated by `/`",
                if n == 1 { "" } else { "s" }
            ),
            Problem::RankLength { rank, squares } => write!(
                f,
                "rank {rank} covers {squares} squares; each rank covers 8 (pieces and counts of empty squares)"
            ),
            Problem::NotBoardChar(c) => write!(
                f,
                "`{c}` is neither a piece letter (`KQRBNP`, black in lower case) nor a count of empty squares (`1` to `8`)"
            ),
            Problem::NotCastling(c) => write!(
                f,
                "`{c}` is not a castling right (`K`, `Q`, `k`, `q`, a rook's file, or `-` for none)"
            ),
            Problem::FieldAfterEnd(c) => {
                write!(f, "expected nothing after the move number, found `{c}`")
            }
            Problem::Illegal(illegal) => write!(f, "{illegal}"),
        }
    }
}

impl core::error::Error for ParseError {}

/// A cursor over the characters of a text being read as `what`: what
/// each `FromStr` of the vocabulary, and `verified-chess`'s of moves and
/// results, read with.
///
/// ```
/// use chess_format::{Problem, Square, parse::Reader};
///
/// let mut r = Reader::new("square pair", "e2e4")?;
/// assert_eq!((r.square()?, r.square()?), (Square::E2, Square::E4));
/// r.end()?;
/// let mut r = Reader::new("square", "e9")?;
/// assert_eq!(r.square().unwrap_err().problem(), Problem::NotRank('9'));
/// # Ok::<(), chess_format::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'s> {
    what: &'static str,
    chars: core::iter::Peekable<core::str::Chars<'s>>,
}

impl<'s> Reader<'s> {
    /// A reader of `s` as `what`; an empty text is an error.
    pub fn new(what: &'static str, s: &'s str) -> Result<Reader<'s>, ParseError> {
        if s.is_empty() {
            return Err(ParseError::new(what, Problem::Empty));
        }
        Ok(Reader {
            what,
            chars: s.chars().peekable(),
        })
    }

    /// The error `problem` in the text read as `what`.
    pub fn error(&self, problem: Problem) -> ParseError {
        ParseError::new(self.what, problem)
    }

    /// The next character; the text ending here is an error.
    pub fn next_char(&mut self) -> Result<char, ParseError> {
        self.chars.next().ok_or(self.error(Problem::TooShort))
    }

    /// Whether the next character is `c`, which is then read.
    pub fn eat(&mut self, c: char) -> bool {
        self.chars.next_if_eq(&c).is_some()
    }

    /// A file, `a` to `h`.
    pub fn file(&mut self) -> Result<File, ParseError> {
        let c = self.next_char()?;
        File::from_char(c).ok_or(self.error(Problem::NotFile(c)))
    }

    /// A rank, `1` to `8`.
    pub fn rank(&mut self) -> Result<Rank, ParseError> {
        let c = self.next_char()?;
        Rank::from_char(c).ok_or(self.error(Problem::NotRank(c)))
    }

    /// A square, `a1` to `h8`.
    pub fn square(&mut self) -> Result<Square, ParseError> {
        let file = self.file()?;
        Ok(Square::from_coords(file, self.rank()?))
    }

    /// The end of the text: nothing may follow.
    pub fn end(&mut self) -> Result<(), ParseError> {
        match self.chars.next() {
            None => Ok(()),
            Some(c) => Err(self.error(Problem::Unexpected(c))),
        }
    }

    /// The next character, if the text goes on.
    pub fn take(&mut self) -> Option<char> {
        self.chars.next()
    }

    /// What the text is read as: `"square"`, `"SAN move"` …
    pub fn what(&self) -> &'static str {
        self.what
    }
}

/// One character read as `what` by `of`, or why not.
fn one_char<T>(
    what: &'static str,
    s: &str,
    of: fn(char) -> Option<T>,
    not: fn(char) -> Problem,
) -> Result<T, ParseError> {
    let mut r = Reader::new(what, s)?;
    let c = r.next_char()?;
    let value = of(c).ok_or(r.error(not(c)))?;
    r.end()?;
    Ok(value)
}

impl FromStr for File {
    type Err = ParseError;

    /// `a` to `h`.
    fn from_str(s: &str) -> Result<File, ParseError> {
        one_char("file", s, File::from_char, Problem::NotFile)
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    /// `1` to `8`.
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        one_char("rank", s, Rank::from_char, Problem::NotRank)
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// `a1` to `h8`.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let mut r = Reader::new("square", s)?;
        let square = r.square()?;
        r.end()?;
        Ok(square)
    }
}

impl FromStr for Color {
    type Err = ParseError;

    /// `White` or `Black` (any case), or FEN's `w` or `b`.
    fn from_str(s: &str) -> Result<Color, ParseError> {
        if s.eq_ignore_ascii_case("white") || s == "w" {
            Ok(Color::White)
        } else if s.eq_ignore_ascii_case("black") || s == "b" {
            Ok(Color::Black)
        } else if s.is_empty() {
            Err(ParseError::new("color", Problem::Empty))
        } else {
            Err(ParseError::new(
                "color",
                Problem::NotOneOf("`White`, `Black`, `w` or `b`"),
            ))
        }
    }
}

impl FromStr for Role {
    type Err = ParseError;

    /// A name (`knight`, any case) or a letter (`N` or `n`, `P` for a
    /// pawn).
    fn from_str(s: &str) -> Result<Role, ParseError> {
        if let Some(role) = Role::ALL
            .into_iter()
            .find(|r| s.eq_ignore_ascii_case(r.name()))
        {
            return Ok(role);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Err(ParseError::new("piece kind", Problem::Empty)),
            (Some(c), None) => {
                Role::from_char(c).ok_or(ParseError::new("piece kind", Problem::NotPieceLetter(c)))
            }
            _ => Err(ParseError::new(
                "piece kind",
                Problem::NotOneOf("a piece's name (`knight`) or letter (`N`)"),
            )),
        }
    }
}

impl FromStr for Piece {
    type Err = ParseError;

    /// A color and a role, as `Display` writes them (`Black knight`), a
    /// FEN letter (`n`) or a figurine (`♞`).
    fn from_str(s: &str) -> Result<Piece, ParseError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            let figurine = Color::ALL
                .into_iter()
                .flat_map(|color| Role::ALL.map(|role| role.of(color)))
                .find(|p| p.figurine() == c);
            return Piece::from_fen_char(c)
                .or(figurine)
                .ok_or(ParseError::new("piece", Problem::NotPieceLetter(c)));
        }
        let mut words = s.split_whitespace();
        let (Some(color), Some(role), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseError::new(
                "piece",
                match s.is_empty() {
                    true => Problem::Empty,
                    false => Problem::NotOneOf(
                        "a color and a piece (`Black knight`), a FEN letter (`n`) or a figurine (`♞`)",
                    ),
                },
            ));
        };
        let color = color
            .parse::<Color>()
            .map_err(|e| ParseError::new("piece", e.problem))?;
        let role = role
            .parse::<Role>()
            .map_err(|e| ParseError::new("piece", e.problem))?;
        Ok(role.of(color))
    }
}

impl FromStr for GameResult {
    type Err = ParseError;

    /// `1-0`, `0-1`, `1/2-1/2` (or `½-½`) or `*`.
    fn from_str(s: &str) -> Result<GameResult, ParseError> {
        match s {
            "½-½" => Ok(GameResult::Draw),
            "" => Err(ParseError::new("result", Problem::Empty)),
            _ => GameResult::parse(s).ok_or(ParseError::new(
                "result",
                Problem::NotOneOf("`1-0`, `0-1`, `1/2-1/2` or `*`"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn every_display_reads_back() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.file().to_string().parse::<File>(), Ok(sq.file()));
            assert_eq!(sq.rank().to_string().parse::<Rank>(), Ok(sq.rank()));
        }
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(color.fen_char().to_string().parse::<Color>(), Ok(color));
            for role in Role::ALL {
                assert_eq!(role.to_string().parse::<Role>(), Ok(role));
                assert_eq!(role.upper_char().to_string().parse::<Role>(), Ok(role));
                let piece = role.of(color);
                assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
                assert_eq!(piece.fen_char().to_string().parse::<Piece>(), Ok(piece));
                assert_eq!(piece.figurine().to_string().parse::<Piece>(), Ok(piece));
            }
        }
    }

    fn problem<T: FromStr<Err = ParseError> + fmt::Debug>(s: &str) -> (&'static str, Problem) {
        let e = s.parse::<T>().unwrap_err();
        (e.what(), e.problem())
    }

    #[test]
    fn results_read_what_they_write() {
        for result in GameResult::ALL {
            assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
        }
        assert_eq!("½-½".parse::<GameResult>(), Ok(GameResult::Draw));
        assert_eq!(problem::<GameResult>(""), ("result", Problem::Empty));
        assert!(matches!(
            problem::<GameResult>("2-0"),
            ("result", Problem::NotOneOf(_))
        ));
    }

    #[test]
    fn a_reader_reads_as_it_is_told() {
        let mut r = Reader::new("UCI move", "e7e8q").unwrap();
        assert_eq!(r.what(), "UCI move");
        assert!(!r.eat('x'));
        assert!(r.eat('e'));
        assert_eq!(r.rank(), Ok(Rank::Seventh));
        assert_eq!(r.square(), Ok(Square::E8));
        assert_eq!(r.take(), Some('q'));
        assert_eq!(r.take(), None);
        assert_eq!(r.end(), Ok(()));
        assert_eq!(r.next_char().unwrap_err().problem(), Problem::TooShort);
        // A promotion is said in the case its notation writes it in.
        let uci = ParseError::new("UCI move", Problem::NotPromotion('k')).to_string();
        let san = ParseError::new("SAN move", Problem::NotPromotion('K')).to_string();
        assert!(uci.ends_with("(`q`, `r`, `b`, `n`)"), "{uci}");
        assert!(san.ends_with("(`Q`, `R`, `B`, `N`)"), "{san}");
    }

    #[test]
    fn each_error_says_what_is_wrong() {
        assert_eq!(problem::<Square>(""), ("square", Problem::Empty));
        assert_eq!(problem::<Square>("e"), ("square", Problem::TooShort));
        assert_eq!(problem::<Square>("e9"), ("square", Problem::NotRank('9')));
        assert_eq!(problem::<Square>("E4"), ("square", Problem::NotFile('E')));
        assert_eq!(
            problem::<Square>("e44"),
            ("square", Problem::Unexpected('4'))
        );
        assert_eq!(problem::<File>("i"), ("file", Problem::NotFile('i')));
        assert_eq!(problem::<File>("ab"), ("file", Problem::Unexpected('b')));
        assert_eq!(problem::<Rank>("0"), ("rank", Problem::NotRank('0')));
        assert!(matches!(
            problem::<Color>("red"),
            ("color", Problem::NotOneOf(_))
        ));
        assert_eq!(
            problem::<Role>("X"),
            ("piece kind", Problem::NotPieceLetter('X'))
        );
        assert!(matches!(
            problem::<Role>("wizard"),
            (_, Problem::NotOneOf(_))
        ));
        assert_eq!(
            problem::<Piece>("x"),
            ("piece", Problem::NotPieceLetter('x'))
        );
        assert!(matches!(
            problem::<Piece>("Red knight"),
            ("piece", Problem::NotOneOf(_))
        ));
        assert!(matches!(
            problem::<Piece>("Black wizard"),
            ("piece", Problem::NotOneOf(_))
        ));
        assert_eq!(
            "e9".parse::<Square>().unwrap_err().to_string(),
            "not a square: `9` is not a rank (`1` to `8`)"
        );
        assert_eq!(problem::<Color>(""), ("color", Problem::Empty));
        assert_eq!(problem::<Role>(""), ("piece kind", Problem::Empty));
        assert_eq!(problem::<Piece>(""), ("piece", Problem::Empty));
    }
}
