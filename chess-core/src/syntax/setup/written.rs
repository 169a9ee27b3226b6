//! A setup as written: its form, the position it gives (not yet a legal
//! one), and the range of each of its parts; and the one constructor of a
//! `bad-setup` diagnostic, every malformed setup being worded in this
//! folder.

use shakmaty::{Setup, Square};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::Range;

/// Which form a setup was written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupForm {
    /// FEN fields as words.
    FenTokens,
    /// A FEN string (`fen "…"` or a `[FEN "…"]` tag).
    FenString,
    /// A board diagram.
    Diagram,
    /// Piece lists.
    PieceList,
}

/// A setup as written: the position (not yet validated) and where each part
/// of it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSyntax {
    /// How it was written.
    pub form: SetupForm,
    /// The position.
    pub setup: Setup,
    /// The whole setup.
    pub range: Range,
    /// The board (FEN board field, diagram or piece lists).
    pub board: Range,
    /// Each rank, rank 1 first, when written separately.
    pub ranks: [Option<Range>; 8],
    /// Each piece-list entry.
    pub entries: Vec<(Square, Range)>,
    /// Side-to-move field.
    pub turn: Range,
    /// Castling field.
    pub castling: Option<Range>,
    /// En passant field.
    pub ep: Option<Range>,
    /// Halfmove clock field.
    pub halfmoves: Option<Range>,
    /// Fullmove number field.
    pub fullmoves: Option<Range>,
    /// The fullmove number was written `0` and is read as 1, as
    /// python-chess and lichess read it ([`fullmove_zero`] words the
    /// warning).
    pub fullmove_zero: bool,
    /// Crazyhouse's pockets, where written.
    pub pockets: Option<Range>,
    /// Three-check's counters, where written.
    pub checks: Option<Range>,
}

impl SetupSyntax {
    pub(super) fn new(form: SetupForm, start: Range) -> SetupSyntax {
        SetupSyntax {
            form,
            setup: Setup::empty(),
            range: start,
            board: start,
            ranks: [None; 8],
            entries: Vec::new(),
            turn: start,
            castling: None,
            ep: None,
            halfmoves: None,
            fullmoves: None,
            fullmove_zero: false,
            pockets: None,
            checks: None,
        }
    }

    /// Where to point for a problem with the piece on `sq`.
    pub fn at_square(&self, sq: Square) -> Range {
        if let Some((_, r)) = self.entries.iter().find(|(s, _)| *s == sq) {
            return *r;
        }
        self.ranks[sq.rank() as usize].unwrap_or(self.board)
    }
}

/// The warning for a fullmove number written `0` (at `range`), which is
/// read as 1 ([`SetupSyntax::fullmove_zero`]).
pub fn fullmove_zero(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::BadSetup,
        range,
        "the fullmove number `0` is read as 1: moves are numbered from 1",
    )
    .with(crate::diagnostic::Help::Write {
        lead: "write ",
        choices: vec!["1".to_string()],
    })
    .with_note("python-chess and lichess read it so; this is a warning")
}

/// A `bad-setup` diagnostic: every kind of malformed setup is worded in
/// this module.
pub(crate) fn malformed(range: Range, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(ErrorKind::BadSetup, range, message)
}
