//! Boards drawn as text: letters, or figurines for the pieces named as
//! chess pieces and the rule set's symbols for the others.

use crate::geometry::Square;
use crate::position::Position;
use crate::types::{Color, Piece};

/// How a board is drawn: [`BoardStyle::Ascii`] writes letters (upper case
/// White, lower case Black) and `.` for empty squares;
/// [`BoardStyle::Unicode`] writes figurines for the pieces named as chess
/// pieces (`King`, `Queen`, `Rook`, `Bishop`, `Knight`, `Pawn`, any case)
/// and the rule set's symbols for the others, as CustomChessKell draws them.
pub use chess_format::BoardStyle;

impl Position<'_> {
    /// The board as text: ranks from the top, each with its number, files
    /// lettered below.
    ///
    /// ```
    /// use chess_rules::{BoardStyle, Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let board = start.board(BoardStyle::Unicode);
    /// assert!(board.starts_with(" 8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    /// assert!(board.ends_with("     a b c d e f g h\n"));
    /// ```
    pub fn board(&self, style: BoardStyle) -> String {
        let g = self.geometry();
        let width = if g.ranks() >= 10 { 2 } else { 1 };
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            out.push_str(&format!(" {:>width$} |", u32::from(rank) + 1));
            for file in 0..g.files() {
                out.push(' ');
                out.push(match self.piece_at(Square::new(file, rank)) {
                    None => '.',
                    Some(p) => self.symbol(p, style),
                });
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(width + 3));
        out.push_str(&"--".repeat(usize::from(g.files())));
        out.push('\n');
        out.push_str(&" ".repeat(width + 4));
        let files: Vec<String> = (0..g.files())
            .map(|f| char::from(b'a' + f).to_string())
            .collect();
        out.push_str(&files.join(" "));
        out.push('\n');
        out
    }

    fn symbol(&self, piece: Piece, style: BoardStyle) -> char {
        let def = &self.rules.pieces[piece.kind as usize];
        let white = piece.color == Color::White;
        if style == BoardStyle::Unicode {
            let figurine = match def.name.to_ascii_lowercase().as_str() {
                "king" => Some(('♔', '♚')),
                "queen" => Some(('♕', '♛')),
                "rook" => Some(('♖', '♜')),
                "bishop" => Some(('♗', '♝')),
                "knight" => Some(('♘', '♞')),
                "pawn" => Some(('♙', '♟')),
                _ => None,
            };
            let (w, b) = figurine.unwrap_or(def.symbols);
            return if white { w } else { b };
        }
        if white {
            def.letter
        } else {
            def.letter.to_ascii_lowercase()
        }
    }
}
