//! Reading values from text: `FromStr` for colors, roles, pieces, files,
//! ranks, squares, results, SAN and UCI (a stipulation's is `chess-format`'s,
//! where the type is defined), each reading what
//! its `Display` writes (and the usual other spellings), and one error
//! type, [`ParseError`], that says what was expected and what is wrong.

use core::fmt;
use core::str::FromStr;

use crate::game::GameResult;
use crate::moves::{San, Uci};
use crate::types::{Color, File, Piece, Rank, Role, Square};
use crate::validity::Illegal;

/// Why a text is not the value asked for: what it was read as, and what
/// is wrong with it ([`Problem`]). Every `FromStr` of this crate's types
/// returns it; each reads what the type's `Display` writes.
///
/// ```
/// use verified_chess::{Color, ParseError, Problem, Role, San, Square, Uci};
///
/// let e4: Square = "e4".parse()?;
/// assert_eq!(e4, Square::E4);
/// assert_eq!("Black".parse::<Color>()?, Color::Black);
/// assert_eq!("N".parse::<Role>()?, Role::Knight);
/// assert_eq!("Nbd7".parse::<San>()?, "Nbd7");
/// assert_eq!("e7e8q".parse::<Uci>()?.to_string(), "e7e8q");
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
    pub(crate) const fn new(what: &'static str, problem: Problem) -> ParseError {
        ParseError { what, problem }
    }

    /// A position that breaks a rule of chess.
    pub(crate) const fn illegal(illegal: Illegal) -> ParseError {
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

/// A cursor over the characters of a text being read as `what`.
struct Reader<'s> {
    what: &'static str,
    chars: core::iter::Peekable<core::str::Chars<'s>>,
}

impl<'s> Reader<'s> {
    fn new(what: &'static str, s: &'s str) -> Result<Reader<'s>, ParseError> {
        if s.is_empty() {
            return Err(ParseError::new(what, Problem::Empty));
        }
        Ok(Reader {
            what,
            chars: s.chars().peekable(),
        })
    }

    fn error(&self, problem: Problem) -> ParseError {
        ParseError::new(self.what, problem)
    }

    fn next(&mut self) -> Result<char, ParseError> {
        self.chars.next().ok_or(self.error(Problem::TooShort))
    }

    fn eat(&mut self, c: char) -> bool {
        self.chars.next_if_eq(&c).is_some()
    }

    fn file(&mut self) -> Result<File, ParseError> {
        let c = self.next()?;
        File::from_char(c).ok_or(self.error(Problem::NotFile(c)))
    }

    fn rank(&mut self) -> Result<Rank, ParseError> {
        let c = self.next()?;
        Rank::from_char(c).ok_or(self.error(Problem::NotRank(c)))
    }

    fn square(&mut self) -> Result<Square, ParseError> {
        let file = self.file()?;
        Ok(Square::from_coords(file, self.rank()?))
    }

    /// The end of the text: nothing may follow.
    fn end(&mut self) -> Result<(), ParseError> {
        match self.chars.next() {
            None => Ok(()),
            Some(c) => Err(self.error(Problem::Unexpected(c))),
        }
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
    let c = r.next()?;
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

/// A promotion piece written as `letter` (`Q`, `R`, `B`, `N`, either case).
fn promotion(r: &Reader<'_>, letter: char) -> Result<Role, ParseError> {
    match Role::from_char(letter) {
        Some(role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Ok(role),
        _ => Err(r.error(Problem::NotPromotion(letter))),
    }
}

impl FromStr for Uci {
    type Err = ParseError;

    /// As engines write moves: `e2e4`, `e7e8q`, a drop `N@f3` (`P@e4` or
    /// `@e4` for a pawn). Castling is the king's move (`e1g1`, or
    /// king-takes-rook `e1h1` in Chess960), as `Display` writes it.
    fn from_str(s: &str) -> Result<Uci, ParseError> {
        let mut r = Reader::new("UCI move", s)?;
        if s.contains('@') {
            let role = match r.next()? {
                '@' => Role::Pawn,
                c => {
                    let role = Role::from_char(c).ok_or(r.error(Problem::NotPieceLetter(c)))?;
                    if !r.eat('@') {
                        return Err(r.error(Problem::NotOneOf("a piece letter, `@` and a square")));
                    }
                    role
                }
            };
            if role == Role::King {
                return Err(r.error(Problem::WrongPiece(role)));
            }
            let to = r.square()?;
            r.end()?;
            return Ok(Uci {
                from: to,
                to,
                promotion: None,
                drop: Some(role),
            });
        }
        let from = r.square()?;
        let to = r.square()?;
        let promotion = match r.chars.next() {
            None => None,
            Some(c) => Some(promotion(&r, c)?),
        };
        r.end()?;
        Ok(Uci {
            from,
            to,
            promotion,
            drop: None,
        })
    }
}

impl FromStr for San {
    type Err = ParseError;

    /// Standard Algebraic Notation as a game record writes a move, with
    /// its `+` or `#`: `e4`, `exd5`, `Nf3`, `Nbd7`, `R1e2`, `Qh4xe1`,
    /// `e8=Q`, `O-O`, `O-O-O+`, a drop `N@f3`, `@e4` or `P@e4`. Only the form is
    /// read: whether the move is legal, and whether its origin needs to be
    /// written, takes a position.
    fn from_str(s: &str) -> Result<San, ParseError> {
        let mut r = Reader::new("SAN move", s)?;
        let body = s.strip_suffix(['+', '#']).unwrap_or(s);
        if let Some(c) = body.chars().last().filter(|c| matches!(c, '+' | '#')) {
            return Err(r.error(Problem::Unexpected(c)));
        }
        if body == "O-O" || body == "O-O-O" {
            return Ok(San::from_ascii(s));
        }
        match r.next()? {
            '@' => {
                r.square()?;
                suffix_only(&mut r)?;
            }
            // A pawn's letter is written only before `@` (`P@e4`, as
            // python-chess writes a pawn drop).
            'P' if body[1..].starts_with('@') => {
                r.next()?;
                r.square()?;
                suffix_only(&mut r)?;
            }
            letter @ ('K' | 'Q' | 'R' | 'B' | 'N') => {
                if r.eat('@') {
                    if letter == 'K' {
                        return Err(r.error(Problem::WrongPiece(Role::King)));
                    }
                    r.square()?;
                    suffix_only(&mut r)?;
                } else {
                    piece_move(&r, &body[1..])?;
                }
            }
            'a'..='h' => {
                if r.eat('x') {
                    r.file()?;
                }
                let rank = r.rank()?;
                if r.eat('=') {
                    if !matches!(rank, Rank::First | Rank::Eighth) {
                        return Err(r.error(Problem::Unexpected('=')));
                    }
                    let c = r.next()?;
                    promotion(&r, c)?;
                }
                suffix_only(&mut r)?;
            }
            c => {
                return Err(r.error(match c {
                    'O' | '0' | 'o' => Problem::NotOneOf("castling as `O-O` or `O-O-O`"),
                    c if c.is_ascii_lowercase() => Problem::NotFile(c),
                    c => Problem::NotPieceLetter(c),
                }));
            }
        }
        Ok(San::from_ascii(s))
    }
}

/// The end of a move: nothing, or its check or mate sign.
fn suffix_only(r: &mut Reader<'_>) -> Result<(), ParseError> {
    match r.chars.next() {
        None => Ok(()),
        Some('+' | '#') => r.end(),
        Some(c) => Err(r.error(Problem::Unexpected(c))),
    }
}

/// A piece move after its letter (`rest`): an optional origin file, an
/// optional origin rank, an optional `x`, and the square.
fn piece_move(r: &Reader<'_>, rest: &str) -> Result<(), ParseError> {
    // The square is the last two characters.
    let Some((at, _)) = rest.char_indices().rev().nth(1) else {
        return Err(r.error(Problem::TooShort));
    };
    let mut square = Reader::new(r.what, &rest[at..])?;
    square.square()?;
    let origin = &rest[..at];
    let origin = origin.strip_suffix('x').unwrap_or(origin);
    let mut chars = origin.chars().peekable();
    chars.next_if(|&c| File::from_char(c).is_some());
    chars.next_if(|&c| Rank::from_char(c).is_some());
    match chars.next() {
        None => Ok(()),
        Some(c) => Err(r.error(Problem::Unexpected(c))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stipulation;
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
        for result in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
        }
        for text in ["#2", "h#3", "s#12"] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string().parse::<Stipulation>(), Ok(s));
        }
        for text in ["e2e4", "e7e8q", "a2a1n", "N@f3", "P@e4", "e1h1"] {
            let uci: Uci = text.parse().unwrap();
            assert_eq!(uci.to_string(), text);
        }
        for text in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "Qh4xe1#", "e8=Q", "exd8=N+", "O-O",
            "O-O-O#", "N@f3", "@e4", "P@e4", "Kxe2", "e4+",
        ] {
            let san: San = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(san.as_str(), text);
        }
    }

    fn problem<T: FromStr<Err = ParseError> + fmt::Debug>(s: &str) -> (&'static str, Problem) {
        let e = s.parse::<T>().unwrap_err();
        (e.what(), e.problem())
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
        assert!(matches!(
            problem::<GameResult>("2-0"),
            ("result", Problem::NotOneOf(_))
        ));
        assert_eq!(problem::<Uci>("e2e9"), ("UCI move", Problem::NotRank('9')));
        assert_eq!(
            problem::<Uci>("e7e8x"),
            ("UCI move", Problem::NotPromotion('x'))
        );
        assert_eq!(
            problem::<Uci>("e7e8qq"),
            ("UCI move", Problem::Unexpected('q'))
        );
        assert_eq!(
            problem::<Uci>("K@e4"),
            ("UCI move", Problem::WrongPiece(Role::King))
        );
        assert_eq!(problem::<San>("Nf9"), ("SAN move", Problem::NotRank('9')));
        assert_eq!(
            problem::<San>("Xe4"),
            ("SAN move", Problem::NotPieceLetter('X'))
        );
        assert_eq!(
            problem::<San>("e8=K"),
            ("SAN move", Problem::NotPromotion('K'))
        );
        assert_eq!(
            problem::<San>("e4++"),
            ("SAN move", Problem::Unexpected('+'))
        );
        assert_eq!(problem::<San>("N"), ("SAN move", Problem::TooShort));
        assert_eq!(
            problem::<San>("Nzf3"),
            ("SAN move", Problem::Unexpected('z'))
        );
        assert_eq!(
            problem::<San>("K@e4"),
            ("SAN move", Problem::WrongPiece(Role::King))
        );
        assert_eq!(problem::<San>("Rax8"), ("SAN move", Problem::NotFile('x')));
        assert_eq!(
            problem::<San>("N@e4e"),
            ("SAN move", Problem::Unexpected('e'))
        );
        assert_eq!(
            problem::<San>("e4=Q"),
            ("SAN move", Problem::Unexpected('='))
        );
        assert_eq!(problem::<San>("exd"), ("SAN move", Problem::TooShort));
        assert_eq!(
            problem::<San>("N♞f3"),
            ("SAN move", Problem::Unexpected('♞'))
        );
        assert!(matches!(problem::<San>("0-0"), (_, Problem::NotOneOf(_))));
        assert_eq!(
            "e9".parse::<Square>().unwrap_err().to_string(),
            "not a square: `9` is not a rank (`1` to `8`)"
        );
        assert_eq!(
            "e8=K".parse::<San>().unwrap_err().to_string(),
            "not a SAN move: `K` is not a piece a pawn is promoted to (`Q`, `R`, `B`, `N`)"
        );
        // UCI writes the promotion in lower case.
        assert_eq!(
            "e4e5e6".parse::<Uci>().unwrap_err().to_string(),
            "not a UCI move: `e` is not a piece a pawn is promoted to (`q`, `r`, `b`, `n`)"
        );
        assert_eq!(
            problem::<Uci>("e7e8k"),
            ("UCI move", Problem::NotPromotion('k'))
        );
    }
}
