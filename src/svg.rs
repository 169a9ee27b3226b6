//! Boards as pictures: a position drawn as an SVG image, for docs and web
//! pages, with the last move and a king in check marked.

use core::fmt;

use chess_format::Variant;

use crate::{Color, File, Move, MoveKind, Piece, Position, Rank, Role, Square};

/// The side of a square, in the image's units (pixels at the default size).
const SQUARE: u32 = 45;
/// The band for the rank numbers and file letters.
const MARGIN: u32 = 18;
/// The light and dark squares, and the two squares of the last move on
/// each.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LIGHT_MOVED: &str = "#cdd26a";
const DARK_MOVED: &str = "#aaa23a";
/// Fonts that have the chess figurines, most common first.
const FONTS: &str =
    "'DejaVu Sans', 'Noto Sans Symbols 2', 'Segoe UI Symbol', 'Arial Unicode MS', sans-serif";

/// A position drawn as an SVG image; see [`Position::svg`]. `Display` it
/// (or call `to_string()`) to get the image's text.
///
/// ```
/// use verified_chess::{game, Position};
///
/// let g = game! { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 };
/// let last = g.moves().next_back().unwrap();
/// let svg = g.final_position().svg().last_move(&last).to_string();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// // The queen's move from h5 to f7 is marked, and the king in check.
/// assert!(svg.contains("<rect x=\"333\" y=\"135\" width=\"45\" height=\"45\" fill=\"#cdd26a\"/>"));
/// assert!(svg.contains("class=\"check\""));
/// // The title says which position it is.
/// assert!(svg.contains("<title>r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4</title>"));
/// ```
///
/// The pieces are the chess figurines of a font (DejaVu Sans, Noto Sans
/// Symbols 2 or Segoe UI Symbol, whichever the viewer has), so the image is
/// small (about 6 kB) and has no artwork of anyone else's in it.
#[derive(Copy, Clone, Debug)]
pub struct BoardSvg<'a> {
    position: &'a Position,
    last_move: Option<(Option<Square>, Square)>,
    perspective: Color,
    coordinates: bool,
    size: Option<u32>,
}

impl Position {
    /// The position drawn as an SVG image (White at the bottom, with
    /// coordinates, the king of the side to move marked if it is in check);
    /// adjust with the [`BoardSvg`] methods.
    pub const fn svg(&self) -> BoardSvg<'_> {
        BoardSvg {
            position: self,
            last_move: None,
            perspective: Color::White,
            coordinates: true,
            size: None,
        }
    }
}

impl BoardSvg<'_> {
    /// Marks the squares of the move that led to the position (the square
    /// a piece is dropped on, for a drop).
    #[must_use]
    pub const fn last_move(mut self, m: &Move) -> Self {
        let from = match m.kind {
            MoveKind::Drop => None,
            _ => Some(m.from),
        };
        self.last_move = Some((from, m.to));
        self
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

    /// The image's width in pixels (its height follows); by default it is
    /// drawn at 45 pixels a square.
    #[must_use]
    pub const fn size(mut self, pixels: u32) -> Self {
        self.size = Some(pixels);
        self
    }

    /// The margin on the left and below, for the coordinates.
    const fn margin(&self) -> u32 {
        if self.coordinates { MARGIN } else { 0 }
    }

    /// The band above and below the board for each side's pocket
    /// (Crazyhouse), where a pocket holds a piece: none for empty pockets,
    /// so that an image of a position without pieces in hand is the board.
    fn pocket_band(&self) -> u32 {
        let pockets = self.position.pockets();
        let any = Color::ALL
            .iter()
            .any(|&color| Role::ALL.iter().any(|&role| pockets.count(color, role) > 0));
        match self.position.variant() {
            Variant::Crazyhouse if any => SQUARE,
            _ => 0,
        }
    }

    /// The top-left corner of `square` in the image.
    fn corner(&self, square: Square) -> (u32, u32) {
        let (file, rank) = (square.file() as u32, square.rank() as u32);
        let (column, row) = match self.perspective {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        (
            self.margin() + column * SQUARE,
            self.pocket_band() + row * SQUARE,
        )
    }

    fn marked(&self, square: Square) -> bool {
        matches!(self.last_move, Some((from, to)) if to == square || from == Some(square))
    }

    /// A piece, centred at (`x`, `y`): a white piece is the solid figurine
    /// in white under the outlined one in black, so that it is white
    /// whatever the square; a black piece is the solid figurine in black.
    fn piece(f: &mut fmt::Formatter<'_>, piece: Piece, x: u32, y: u32, size: u32) -> fmt::Result {
        let solid = piece.role.of(Color::Black).figurine();
        // U+FE0E asks for the text form of the figurine, not an emoji.
        let text = |f: &mut fmt::Formatter<'_>, glyph: char, fill: &str| {
            writeln!(
                f,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" fill=\"{fill}\">{glyph}\u{fe0e}</text>"
            )
        };
        match piece.color {
            Color::White => {
                text(f, solid, "#fff")?;
                text(f, piece.figurine(), "#000")
            }
            Color::Black => text(f, solid, "#000"),
        }
    }

    /// One side's pocket, in the band above or below the board.
    fn pocket(&self, f: &mut fmt::Formatter<'_>, color: Color, y: u32) -> fmt::Result {
        let pockets = self.position.pockets();
        let mut x = self.margin() + SQUARE / 2;
        for role in Role::ALL[..5].iter().rev() {
            let count = pockets.count(color, *role);
            if count == 0 {
                continue;
            }
            BoardSvg::piece(f, role.of(color), x, y, SQUARE * 3 / 4)?;
            if count > 1 {
                writeln!(
                    f,
                    "<text x=\"{}\" y=\"{}\" font-size=\"12\" class=\"count\">{count}</text>",
                    x + SQUARE / 3,
                    y + SQUARE / 4,
                )?;
            }
            x += SQUARE;
        }
        Ok(())
    }
}

impl fmt::Display for BoardSvg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = self.position;
        let (margin, band) = (self.margin(), self.pocket_band());
        let width = margin + 8 * SQUARE;
        let height = band + 8 * SQUARE + margin + band;
        let (shown_width, shown_height) = match self.size {
            Some(size) => (size, (size as u64 * height as u64 / width as u64) as u32),
            None => (width, height),
        };
        writeln!(
            f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{shown_width}\" height=\"{shown_height}\" role=\"img\">"
        )?;
        writeln!(f, "<title>{}</title>", pos.fen())?;
        writeln!(
            f,
            "<defs><radialGradient id=\"check-gradient\"><stop offset=\"0%\" stop-color=\"#ff0000\"/><stop offset=\"25%\" stop-color=\"#e70000\"/><stop offset=\"89%\" stop-color=\"#a50000\" stop-opacity=\"0\"/></radialGradient></defs>"
        )?;
        writeln!(
            f,
            "<g font-family=\"{FONTS}\" text-anchor=\"middle\" dominant-baseline=\"central\">"
        )?;
        for square in Square::all() {
            let (x, y) = self.corner(square);
            let light = (square.file() as u8 + square.rank() as u8) % 2 == 1;
            let fill = match (light, self.marked(square)) {
                (true, false) => LIGHT,
                (false, false) => DARK,
                (true, true) => LIGHT_MOVED,
                (false, true) => DARK_MOVED,
            };
            writeln!(
                f,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
            )?;
        }
        if pos.is_check()
            && let Some(king) = pos.king(pos.turn())
        {
            let (x, y) = self.corner(king);
            writeln!(
                f,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"url(#check-gradient)\" class=\"check\"/>"
            )?;
        }
        for (square, piece) in pos.pieces() {
            let (x, y) = self.corner(square);
            BoardSvg::piece(f, piece, x + SQUARE / 2, y + SQUARE / 2 + 2, SQUARE * 7 / 8)?;
        }
        if self.coordinates {
            for rank in Rank::ALL {
                let (_, y) = self.corner(Square::from_coords(File::A, rank));
                writeln!(
                    f,
                    "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#555\">{rank}</text>",
                    MARGIN / 2,
                    y + SQUARE / 2
                )?;
            }
            for file in File::ALL {
                let (x, _) = self.corner(Square::from_coords(file, Rank::First));
                writeln!(
                    f,
                    "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#555\">{file}</text>",
                    x + SQUARE / 2,
                    band + 8 * SQUARE + MARGIN / 2
                )?;
            }
        }
        if band > 0 {
            self.pocket(f, self.perspective.other(), band / 2)?;
            self.pocket(f, self.perspective, height - band / 2)?;
        }
        f.write_str("</g>\n</svg>\n")
    }
}
