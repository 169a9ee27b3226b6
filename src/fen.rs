//! FEN, both ways: [`Fen`] writes a position (`Position::fen`), and
//! `FromStr for Position` reads one, checked by `validity.rs` as a legal
//! position of standard chess or Chess960.
//!
//! The reader is as lenient as shakmaty's and python-chess's where they
//! agree: fields after the board may be left out (`w - - 0 1` then), fields
//! are separated by spaces or `_`, castling rights are written as `KQkq`
//! (X-FEN) or as the rooks' files (Shredder-FEN), and a move number `0`
//! reads as 1.

use core::fmt;
use core::str::FromStr;

use chess_format::Variant;

use crate::Illegal;
use crate::position::CastlingRights;
use crate::validity;
use crate::{Color, File, Piece, Pockets, Position, Rank, Role, Square};
use crate::{ParseError, Problem};

impl Position {
    /// The position in Forsyth–Edwards Notation; `Display` it or call
    /// `to_string()`. No allocation is needed to write it.
    ///
    /// ```
    /// use verified_chess::Position;
    /// assert_eq!(
    ///     Position::START.fen().to_string(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// ```
    pub const fn fen(&self) -> Fen<'_> {
        Fen(self)
    }
}

/// A position written as FEN; see [`Position::fen`].
///
/// ```
/// use verified_chess::position;
///
/// let pos = position! { fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 };
/// assert_eq!(pos.fen().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// let mut board = String::new();
/// pos.fen().write_board(&mut board).unwrap();
/// assert_eq!(board, "4k3/8/8/8/8/8/8/4K2R");
/// ```
///
/// Castling rights are written as `KQkq` letters when the rook is the
/// outermost one on its side and as file letters otherwise (X-FEN), which is
/// plain FEN for standard chess and unambiguous for Chess960. Variants add
/// what shakmaty and python-chess write: Crazyhouse the pockets after the
/// board (`…/RNBQKBNR[Pp] w …`) and `~` after a promoted piece,
/// Three-check the checks still to give after the en passant field
/// (`… - 2+3 0 4`).
#[derive(Copy, Clone)]
pub struct Fen<'a>(pub(crate) &'a Position);

impl Fen<'_> {
    /// Writes only the piece placement field (in Crazyhouse with `~` after
    /// a promoted piece, without the pockets).
    pub fn write_board(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                match self.0.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            f.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        f.write_char(piece.fen_char())?;
                        let square = Square::from_coords(file, *rank);
                        if matches!(self.0.variant, Variant::Crazyhouse)
                            && self.0.is_promoted(square)
                        {
                            f.write_char('~')?;
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                f.write_char((b'0' + empty) as char)?;
            }
            if *rank != Rank::First {
                f.write_char('/')?;
            }
        }
        Ok(())
    }

    fn write_castling(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let pos = self.0;
        let mut any = false;
        for color in Color::ALL {
            let king = pos.king(color).filter(|k| k.rank() == color.back_rank());
            let back_rank_rooks = || {
                File::ALL
                    .into_iter()
                    .map(move |file| Square::from_coords(file, color.back_rank()))
                    .filter(move |sq| pos.piece_at(*sq) == Some(Role::Rook.of(color)))
            };
            let first_rook = back_rank_rooks().next();
            let last_rook = back_rank_rooks().next_back();
            let rights = pos
                .castling
                .rooks()
                .filter(|sq| sq.rank() == color.back_rank());
            for rook in rights.collect_rev() {
                let letter = if Some(rook) == first_rook && king.is_some_and(|k| rook < k) {
                    'Q'
                } else if Some(rook) == last_rook && king.is_some_and(|k| k < rook) {
                    'K'
                } else {
                    rook.file().char().to_ascii_uppercase()
                };
                f.write_char(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                })?;
                any = true;
            }
        }
        if !any {
            f.write_char('-')?;
        }
        Ok(())
    }
}

/// Reverses a short iterator without allocating (at most 8 squares).
trait CollectRev: Iterator<Item = Square> + Sized {
    fn collect_rev(self) -> impl Iterator<Item = Square> {
        let mut buf = [Square::A1; 8];
        let mut n = 0;
        for sq in self.take(8) {
            buf[n] = sq;
            n += 1;
        }
        (0..n).rev().map(move |i| buf[i])
    }
}

impl<I: Iterator<Item = Square>> CollectRev for I {}

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.0;
        self.write_board(f)?;
        if matches!(pos.variant, Variant::Crazyhouse) {
            write!(f, "{}", pos.pockets)?;
        }
        write!(f, " {} ", pos.turn.fen_char())?;
        self.write_castling(f)?;
        match pos.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        if matches!(pos.variant, Variant::ThreeCheck) {
            write!(
                f,
                " {}+{}",
                pos.remaining_checks(Color::White),
                pos.remaining_checks(Color::Black)
            )?;
        }
        write!(f, " {} {}", pos.halfmoves, pos.fullmoves)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// A position of standard chess (or Chess960) in FEN, checked as a
    /// legal position: each side has one king, no pawn stands on its first
    /// or last rank, the side that has just moved is not in check, the
    /// castling rights and the en passant square are ones a game can have,
    /// and no side has more pieces than its pawns' promotions allow.
    ///
    /// ```
    /// use verified_chess::{Color, Position, Problem, Square};
    /// use verified_chess::Illegal;
    ///
    /// let pos: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse()?;
    /// assert_eq!(pos.king(Color::Black), Some(Square::E8));
    /// assert_eq!(pos.fen().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    ///
    /// // Fields after the board may be left out.
    /// assert_eq!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".parse::<Position>()?.fullmove_number(), 1);
    ///
    /// let error = "4k3/8/8/8/8/8/8/4K3 b - - 0 1 x".parse::<Position>().unwrap_err();
    /// assert_eq!(error.to_string(), "not a FEN: expected nothing after the move number, found `x`");
    /// let error = "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1".parse::<Position>().unwrap_err();
    /// assert_eq!(error.problem(), Problem::Illegal(Illegal::OppositeCheck(Color::White)));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "not a legal position: Black is to move, but White's king is in check: \
    ///      the side that has just moved cannot be in check"
    /// );
    /// # Ok::<(), verified_chess::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let position = read(s)?;
        validity::check(&position).map_err(ParseError::illegal)?;
        Ok(position)
    }
}

/// A `FEN` error.
const fn fen_error(problem: Problem) -> ParseError {
    ParseError::new("FEN", problem)
}

/// Reads the fields of a FEN, unchecked.
fn read(s: &str) -> Result<Position, ParseError> {
    let mut fields = s
        .split(|c: char| c.is_ascii_whitespace() || c == '_')
        .filter(|field| !field.is_empty());
    let board = fields.next().ok_or(fen_error(Problem::Empty))?;
    let mut position = Position {
        board: read_board(board)?,
        turn: Color::White,
        castling: CastlingRights::NONE,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        variant: Variant::Standard,
        pockets: Pockets::EMPTY,
        promoted: 0,
        checks: [0; 2],
    };
    if let Some(turn) = fields.next() {
        position.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(fen_error(Problem::NotOneOf("the side to move, `w` or `b`"))),
        };
    }
    if let Some(castling) = fields.next() {
        position.castling = read_castling(&position.board, castling)?;
    }
    if let Some(ep) = fields.next()
        && ep != "-"
    {
        let square = ep.parse::<Square>().map_err(|e| fen_error(e.problem()))?;
        position.ep_square = Some(square);
    }
    if let Some(halfmoves) = fields.next() {
        position.halfmoves = number(halfmoves).ok_or(fen_error(Problem::NotOneOf(
            "the half-move clock (a number) after the en passant square",
        )))?;
    }
    if let Some(fullmoves) = fields.next() {
        let number = number(fullmoves).ok_or(fen_error(Problem::NotOneOf(
            "the move number (a number) after the half-move clock",
        )))?;
        // `0` is written by some problem collections for move 1.
        position.fullmoves = number.max(1);
    }
    match fields.next().and_then(|extra| extra.chars().next()) {
        None => Ok(position),
        Some(c) => Err(fen_error(Problem::FieldAfterEnd(c))),
    }
}

/// The board field: eight ranks from the 8th to the 1st, separated by `/`,
/// each of piece letters and counts of empty squares.
fn read_board(field: &str) -> Result<[u8; 64], ParseError> {
    let mut board = [0u8; 64];
    let ranks = field.split('/').count();
    if ranks != 8 {
        return Err(fen_error(Problem::Ranks(ranks.min(255) as u8)));
    }
    for (line, text) in field.split('/').enumerate() {
        let rank = Rank::ALL[7 - line];
        let mut squares = 0usize;
        for c in text.chars() {
            if let Some(empty) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                squares += empty as usize;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if squares < 8 {
                    let square = Square::from_coords(File::ALL[squares], rank);
                    board[square.index() as usize] = piece.code();
                }
                squares += 1;
            } else {
                return Err(fen_error(Problem::NotBoardChar(c)));
            }
        }
        if squares != 8 {
            return Err(fen_error(Problem::RankLength {
                rank,
                squares: squares.min(255) as u8,
            }));
        }
    }
    Ok(board)
}

/// The castling field: `-`, or `KQkq` and the rooks' file letters (capital
/// for White). `K` is the outermost rook on the h-side (the h1 square if
/// there is none there), `Q` the one on the a-side; a right named twice
/// counts once.
fn read_castling(board: &[u8; 64], field: &str) -> Result<CastlingRights, ParseError> {
    if field == "-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = 0u64;
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        // The rooks and the king of `color` on its first rank, by file.
        let stands = |file: File, role: Role| {
            board[Square::from_coords(file, rank).index() as usize] == role.of(color).code()
        };
        let rook_or_king = |file: &File| stands(*file, Role::Rook) || stands(*file, Role::King);
        let outermost = |file: Option<&File>, default: File| match file {
            Some(file) if stands(*file, Role::Rook) => *file,
            _ => default,
        };
        let file = match c.to_ascii_lowercase() {
            'k' => outermost(File::ALL.iter().rev().find(|f| rook_or_king(f)), File::H),
            'q' => outermost(File::ALL.iter().find(|f| rook_or_king(f)), File::A),
            letter => File::from_char(letter).ok_or(fen_error(Problem::NotCastling(c)))?,
        };
        rights |= 1 << Square::from_coords(file, rank).index();
    }
    for color in Color::ALL {
        let rank_mask = 0xffu64 << (color.back_rank() as u8 * 8);
        if (rights & rank_mask).count_ones() > 2 {
            return Err(ParseError::illegal(Illegal::CastlingRights(color)));
        }
    }
    Ok(CastlingRights(rights))
}

/// A clock or move number: decimal digits, saturating at `u32::MAX`.
fn number(field: &str) -> Option<u32> {
    field.chars().try_fold(0u32, |n, c| {
        Some(n.saturating_mul(10).saturating_add(c.to_digit(10)?))
    })
}
