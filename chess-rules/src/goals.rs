//! Goals: what ends a game besides checkmate and stalemate, as
//! Fairy-Stockfish has them — a kind of piece gone (extinction: atomic's
//! king, horde's whole army, shatranj's bare king) and a piece reaching a
//! region (capture the flag: king of the hill, racing kings,
//! breakthrough), a number of checks given (three-check), and pieces in
//! a row (tic-tac-toe, connect four's kin). A position
//! a goal ends has no legal move; when one does is `ends.rs`'s to say.
//!
//! ```
//! use chess_rules::{Color, Ending, EndRule, Position, Rules};
//!
//! let hill = chess_rules::ini::builtin("kingofthehill").unwrap().unwrap();
//! let pos = Position::from_fen(&hill, "4k3/8/8/3K4/8/8/8/8 b - - 0 1").unwrap();
//! assert_eq!(pos.outcome(), Some(EndRule::Flag { color: Color::White, draw: false }));
//! assert!(pos.legal_moves().is_empty());
//!
//! let horde = chess_rules::ini::builtin("horde").unwrap().unwrap();
//! let pos = Position::from_fen(&horde, "4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
//! assert_eq!(
//!     pos.outcome(),
//!     Some(EndRule::Extinction { color: Color::White, piece: '*', ending: Ending::Loss })
//! );
//! ```

use crate::geometry::Region;

/// What an ending means for the side it concerns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// It wins.
    Win,
    /// It loses.
    Loss,
    /// A draw.
    Draw,
}

impl Ending {
    /// The same ending seen by the other side.
    pub fn other(self) -> Ending {
        match self {
            Ending::Win => Ending::Loss,
            Ending::Loss => Ending::Win,
            Ending::Draw => Ending::Draw,
        }
    }
}

/// A side whose pieces of a kind are down to `count` or fewer, while the
/// other side has at least `opponent_count` of them, has reached
/// `ending` (Fairy-Stockfish's `extinction…` keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// What it means for the side whose pieces are gone.
    pub ending: Ending,
    /// The kinds counted, by letter, each on its own; `*` counts all of a
    /// side's pieces together.
    pub pieces: Vec<char>,
    /// At or below this many the kind is extinct (0: none left).
    pub count: u32,
    /// The other side must have at least this many of the kind.
    pub opponent_count: u32,
    /// A side whose kind is extinct while it is to move has lost only if
    /// the other side has one more than `opponent_count` (shatranj: a bare
    /// king may bare the other back, and draw).
    pub claim: bool,
}

/// A side wins when its flag piece reaches its flag region
/// (Fairy-Stockfish's `flag…` keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// Each side's flag piece, by letter (White's, Black's); `None`, any
    /// of its pieces.
    pub pieces: [Option<char>; 2],
    /// Each side's region (empty: the side has no flag to reach).
    pub regions: [Region; 2],
    /// How many flag pieces must stand in the region.
    pub count: u32,
    /// Fewer do when every other square of the region is occupied.
    pub blocked_win: bool,
    /// The other side gets one more move after one reaches its region
    /// (racing kings): White reaching first, Black may reach it too and
    /// draw.
    pub one_more_move: bool,
    /// A flag piece that reached the region counts only if the other side
    /// cannot take it at once (Fairy-Stockfish's `flagPieceSafe`: dōbutsu
    /// shōgi's lion); with more in the region than needed, none is asked.
    pub safe: bool,
}

/// A side that has `n` of its pieces in a row on the board, one next to
/// another along a file, rank or diagonal, has reached `ending`
/// (Fairy-Stockfish's `connect…` keys: tic-tac-toe's three in a row). As
/// Fairy-Stockfish has it, only the side that just moved is looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// How many in a row (0: no row is a goal).
    pub n: u8,
    /// The side of a square of pieces that is one too (Fairy-Stockfish's
    /// `connectNxN`: teeko's 2 × 2); 0 for none.
    pub square: u8,
    /// The kinds that count, by letter; `*` all.
    pub pieces: Vec<char>,
    /// Rows along a rank count.
    pub horizontal: bool,
    /// Rows along a file count.
    pub vertical: bool,
    /// Rows along a diagonal count.
    pub diagonal: bool,
    /// What it means for the side that has them (Fairy-Stockfish's
    /// `connectValue`).
    pub ending: Ending,
    /// How many of them on one line, with anything between, are a goal
    /// too (Fairy-Stockfish's `collinearN`: the three musketeers); 0 for
    /// none.
    pub collinear: u8,
    /// Each side's two regions (White's first) that its pieces joined
    /// are a goal too (`connectRegion1White` and the rest: gale, hex):
    /// a chain of them, each a step from the last along the directions
    /// that count — east, north, north-east and south-east, as
    /// Fairy-Stockfish follows them —, from a piece in the first to one
    /// in the second. Empty regions for none.
    pub regions: [[Region; 2]; 2],
}

/// What ends a game in a rule set besides checkmate and stalemate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Goals {
    /// Extinction, if a kind of piece being gone ends the game.
    pub extinction: Option<Extinction>,
    /// Capture the flag, if reaching a region wins.
    pub flag: Option<Flag>,
    /// Check counting (Fairy-Stockfish's `checkCounting`: three-check,
    /// five-check): each side's checks still to give are kept with the
    /// position (a FEN's `3+3`, White's first, after the en passant
    /// square), and a side that has given them all wins.
    pub check_counting: bool,
    /// Pieces in a row, if that ends the game.
    pub connect: Option<Connect>,
    /// The castlings that win, White's and Black's, on the king's side
    /// and on the queen's (Fairy-Stockfish's `castlingWins`, `q` in
    /// castle chess): a side that castles so wins, and one that loses
    /// such a right loses.
    pub castling_wins: [[bool; 2]; 2],
    /// A full board ends the game (Fairy-Stockfish's
    /// `adjudicateFullBoard`: reversi, ataxx): drawn, or decided by
    /// material counting where the rule set has it
    /// ([`Rules::material_counting`](crate::Rules::material_counting)).
    pub full_board: bool,
}

impl Goals {
    /// Whether there is any.
    pub fn any(&self) -> bool {
        self.extinction.is_some()
            || self.flag.is_some()
            || self.check_counting
            || self.connect.is_some()
            || self.castling_wins != [[false; 2]; 2]
            || self.full_board
    }
}
