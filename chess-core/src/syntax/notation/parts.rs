//! What a word is made of: its parts, the move as written, markers and
//! results.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use crate::input::Range;

/// How a move was written.
///
/// Aligned to 8 bytes: copied as one word, not as two overlapping halves
/// (a copy of 7 bytes stalls when it is read back right after it was
/// written, which the reader does for every move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(align(8))]
pub enum MoveSyntax {
    /// Standard algebraic notation: `e4`, `exd5`, `Nbd7`, `R1e2`, `e8=Q`.
    San {
        /// The piece (pawn when no letter is written).
        role: Role,
        /// Disambiguating (or, for pawns, capturing) file.
        file: Option<File>,
        /// Disambiguating rank.
        rank: Option<Rank>,
        /// `x` was written.
        capture: bool,
        /// Destination.
        to: Square,
        /// Promotion piece as written (may be invalid, e.g. a king).
        promotion: Option<Role>,
    },
    /// Origin and destination: long algebraic `Ng1-f3`, `e4xd5`, SAN with a
    /// full-square disambiguation `Qh4e1`, UCI `g1f3`, or the long form
    /// `knight g1 to f3`.
    FromTo {
        /// The piece, when named.
        role: Option<Role>,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// `x` was written.
        capture: bool,
        /// Promotion piece as written.
        promotion: Option<Role>,
    },
    /// `O-O`, `O-O-O`, `0-0`, `0-0-0`.
    Castle(CastlingSide),
    /// A crazyhouse drop: `N@f3`, `@e6` or `P@e6` (a pawn).
    Drop {
        /// The piece dropped.
        role: Role,
        /// Where.
        to: Square,
    },
    /// A move of a game under rules a user defines: the index of its
    /// [`RulesMove`](crate::syntax::RulesMove) in
    /// [`GameSyntax::rules_moves`](crate::syntax::GameSyntax::rules_moves).
    Rules(u32),
}

impl MoveSyntax {
    /// A move written in SAN as shakmaty's `San` (`None` for the other
    /// forms).
    pub fn to_san(&self) -> Option<shakmaty::san::San> {
        let MoveSyntax::San {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = *self
        else {
            return None;
        };
        Some(shakmaty::san::San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

/// A check or mate marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Marker {
    /// `+`
    Check,
    /// `#`
    Mate,
    /// `++` (mate, in older notation)
    DoublePlus,
}

impl Marker {
    /// As written.
    pub fn as_str(self) -> &'static str {
        match self {
            Marker::Check => "+",
            Marker::Mate => "#",
            Marker::DoublePlus => "++",
        }
    }
}

/// A result token: chess-format's, the one type of a result.
pub use chess_format::GameResult;

/// One of the two boards of a bughouse game, as BPGN's move numbers
/// name it (`1A.`, `1b.`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// Board A (`1A.` White's move, `1a.` Black's).
    A,
    /// Board B (`1B.`, `1b.`).
    B,
}

impl Board {
    /// The other board.
    pub fn other(self) -> Board {
        match self {
            Board::A => Board::B,
            Board::B => Board::A,
        }
    }

    /// Its index: 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Board::A => "A",
            Board::B => "B",
        })
    }
}

/// Why a word is not notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Nothing recognisable.
    NotNotation,
    /// A move number without its dot (`12`).
    NumberWithoutDot,
    /// An annotation other than `! ? !! ?? !? ?!`.
    BadAnnotation,
    /// A NAG other than `$0` … `$255`.
    BadNag,
    /// Upper-case file letter in a square (`E4`).
    UpperCaseSquare,
}

/// One part of a word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// `12.` (White) or `12...` (Black), or a bughouse move number naming
    /// its board (BPGN: `12A.` White on board A, `12a.` Black there).
    Number {
        /// The number; `None` when it does not fit in 32 bits (as a
        /// position's move number must).
        value: Option<u32>,
        /// Written with three dots, or with the board's small letter.
        black: bool,
        /// The board it names, if any.
        board: Option<Board>,
    },
    /// `...` on its own (as in `12. ... Nc6`).
    Ellipsis,
    /// A move.
    Move(MoveSyntax),
    /// A null move (`--`, `Z0`, `0000`): not a chess move.
    Null,
    /// A crazyhouse drop (`N@f3`, `@f3`): not a standard chess move.
    Drop(Role, Square),
    /// A move under rules a user defines, as the rule set's notation reads
    /// it, and the wall put down after it (`e4,e5`:
    /// [`MoveText::read_walled`](chess_rules::MoveText::read_walled)): the
    /// index of that reading among those [`split_word_under_rules`] kept
    /// (see [`Spanned`]).
    RulesMove(u32),
    /// A lone `-` (between the two squares of a move in coordinates, under
    /// rules a user defines: `a2 - a3`).
    Dash,
    /// `pawn`, `knight`, … of the long form.
    PieceName(Role),
    /// `to` of the long form.
    To,
    /// `becomes` of the long form.
    Becomes,
    /// `+`, `#`, `++`.
    Marker(Marker),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Annotation,
    /// `e.p.`
    EnPassant,
    /// `$12`.
    Nag,
    /// A result.
    Result(GameResult),
    /// Not notation.
    Invalid(Invalid),
}

/// A part with its place in the source.
///
/// Every word of every game is handed on as these, by value, from the
/// notation to the grammar, so they are kept small: 24 bytes with the
/// range (a move number in 32 bits, not 64; a rules move's reading, 24
/// bytes of its own, kept beside the parts). At 40 bytes, as they were
/// with those, `chess-verify --jobs 1` counted 142.98 M instructions on
/// 2.0 MB of the collection against 136.21 M (see the guide's performance
/// chapter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Spanned {
    /// What it is.
    pub part: Part,
    /// Where.
    pub range: Range,
}

const _: () = assert!(std::mem::size_of::<Spanned>() <= 24);

/// A move under rules a user defines as the rule set's notation reads it,
/// with the wall put down after it (`e4,e5`), kept beside a word's parts
/// ([`Part::RulesMove`]).
pub type RulesRead = (chess_rules::MoveText, Option<chess_rules::Square>);
