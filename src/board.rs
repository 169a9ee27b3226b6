//! Boards on screen: a position drawn as text, in ASCII or with Unicode
//! figurines, with coordinates, from White's or Black's side; in
//! Crazyhouse with each side's pocket.

use core::fmt;

use chess_format::Variant;

use crate::{Color, File, Position, Rank, Square};

/// How a [`BoardDisplay`] draws pieces and frame: [`BoardStyle::Ascii`]
/// draws FEN letters in a `+--+` frame, [`BoardStyle::Unicode`] figurines
/// and `·` in a box-drawing frame. The one choice every board drawer of the
/// workspace reads, defined in `chess-format`.
///
/// ```
/// use verified_chess::{BoardStyle, Position};
///
/// let ascii = Position::START.board().style(BoardStyle::Ascii).to_string();
/// assert!(ascii.contains("| r n b q k b n r |"));
/// let unicode = Position::START.board().style(BoardStyle::Unicode).to_string();
/// assert!(unicode.contains("│ ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ │"));
/// ```
pub use chess_format::BoardStyle;

/// A position drawn as a board; see [`Position::board`]. `Display` it.
///
/// ```
/// use verified_chess::{BoardStyle, Color, Position};
///
/// let board = Position::START.board().style(BoardStyle::Unicode);
/// let text = board.to_string();
/// assert!(text.starts_with("  ┌─────────────────┐\n8 │ ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ │\n"));
///
/// // From Black's side, without coordinates.
/// let black = Position::START.board().perspective(Color::Black).coordinates(false);
/// assert!(black.to_string().starts_with("+-----------------+\n| R N B K Q B N R |\n"));
/// ```
///
/// A Crazyhouse position shows each side's pocket on its side of the
/// board:
///
/// ```
/// use verified_chess::game;
///
/// let g = game! { #![variant(crazyhouse)] 1. e4 d5 2. exd5 Qxd5 3. Nc3 };
/// let text = g.final_position().board().to_string();
/// assert!(text.starts_with("  Black's pocket: p\n  +-----"));
/// assert!(text.ends_with("    a b c d e f g h\n  White's pocket: P\n"));
/// let start = game! { #![variant(crazyhouse)] }.start().board().unicode().to_string();
/// assert!(start.starts_with("  Black's pocket: -\n  ┌"));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct BoardDisplay<'a> {
    position: &'a Position,
    style: BoardStyle,
    perspective: Color,
    coordinates: bool,
}

impl<'a> BoardDisplay<'a> {
    pub(crate) const fn new(position: &'a Position) -> BoardDisplay<'a> {
        BoardDisplay {
            position,
            style: BoardStyle::Ascii,
            perspective: Color::White,
            coordinates: true,
        }
    }

    /// ASCII (the default) or Unicode figurines.
    #[must_use]
    pub const fn style(mut self, style: BoardStyle) -> Self {
        self.style = style;
        self
    }

    /// Shorthand for `.style(BoardStyle::Unicode)`.
    #[must_use]
    pub const fn unicode(self) -> Self {
        self.style(BoardStyle::Unicode)
    }

    /// Whose side of the board is at the bottom (White by default).
    #[must_use]
    pub const fn perspective(mut self, color: Color) -> Self {
        self.perspective = color;
        self
    }

    /// Whether to write rank numbers and file letters (on by default).
    #[must_use]
    pub const fn coordinates(mut self, on: bool) -> Self {
        self.coordinates = on;
        self
    }
}

impl fmt::Display for BoardDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (top, side, bottom, empty) = match self.style {
            BoardStyle::Ascii => (("+", "-", "+"), "|", ("+", "-", "+"), '.'),
            BoardStyle::Unicode => (("┌", "─", "┐"), "│", ("└", "─", "┘"), '·'),
        };
        let margin = if self.coordinates { "  " } else { "" };
        let rule = |f: &mut fmt::Formatter<'_>, (left, fill, right): (&str, &str, &str)| {
            f.write_str(margin)?;
            f.write_str(left)?;
            for _ in 0..17 {
                f.write_str(fill)?;
            }
            f.write_str(right)?;
            f.write_str("\n")
        };
        let white = self.perspective == Color::White;
        let ranks = Rank::ALL;
        let files = File::ALL;
        // Crazyhouse: each side's pocket on its side of the board.
        let pocket = |f: &mut fmt::Formatter<'_>, color: Color| -> fmt::Result {
            if self.position.variant() != Variant::Crazyhouse {
                return Ok(());
            }
            write!(f, "{margin}{}'s pocket:", color.name())?;
            let mut any = false;
            for role in self.position.pockets().of(color) {
                let piece = role.of(color);
                match self.style {
                    BoardStyle::Ascii => write!(f, " {}", piece.fen_char())?,
                    BoardStyle::Unicode => write!(f, " {}", piece.figurine())?,
                }
                any = true;
            }
            f.write_str(if any { "\n" } else { " -\n" })
        };

        pocket(f, self.perspective.other())?;
        rule(f, top)?;
        for i in 0..8 {
            let rank = if white { ranks[7 - i] } else { ranks[i] };
            if self.coordinates {
                write!(f, "{rank} ")?;
            }
            f.write_str(side)?;
            for j in 0..8 {
                let file = if white { files[j] } else { files[7 - j] };
                let c = match self.position.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => match self.style {
                        BoardStyle::Ascii => piece.fen_char(),
                        BoardStyle::Unicode => piece.figurine(),
                    },
                    None => empty,
                };
                write!(f, " {c}")?;
            }
            f.write_str(" ")?;
            f.write_str(side)?;
            f.write_str("\n")?;
        }
        rule(f, bottom)?;
        if self.coordinates {
            f.write_str("   ")?;
            for j in 0..8 {
                let file = if white { files[j] } else { files[7 - j] };
                write!(f, " {file}")?;
            }
            f.write_str("\n")?;
        }
        pocket(f, self.perspective)
    }
}

impl Position {
    /// The position drawn as a board (ASCII, coordinates, White at the
    /// bottom); adjust with the [`BoardDisplay`] methods.
    pub const fn board(&self) -> BoardDisplay<'_> {
        BoardDisplay::new(self)
    }
}
