//! A position under a rule set: the board (a mailbox, see `mailbox`), the
//! side to move, castling rights, en passant and the clocks, with the
//! rule set's [`Tables`] beside it. What can be asked of it is spread by
//! concept: FEN in `fen`, moves in `movegen` and `legality`, playing them
//! in `make`, notation in `notation`, drawing in `board`, refusals in
//! `why_not`, counting in `perft`.

use core::fmt;
use std::sync::Arc;

use crate::geometry::{Geometry, Square};
use crate::mailbox::{CELLS, WORDS, cell_of, decode, encode, lame_path, path_clear};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Piece};

/// A pawn that has just stepped two or three squares: the squares it
/// passed, where the other side may take it en passant, and where it
/// stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EnPassant {
    /// The squares passed, the lowest first (the same square twice when
    /// only one may be taken on).
    pub(crate) passed: [Square; 2],
    pub(crate) pawn: Square,
}

impl EnPassant {
    /// Whether the pawn may be taken on the cell `to`.
    #[inline]
    pub(crate) fn on(self, to: usize) -> bool {
        self.passed.iter().any(|&sq| cell_of(sq) == to)
    }

    /// The squares passed, each once.
    pub(crate) fn squares(self) -> impl Iterator<Item = Square> {
        let [a, b] = self.passed;
        core::iter::once(a).chain((a != b).then_some(b))
    }
}

/// What a position is, apart from its rule set.
#[derive(Clone)]
pub(crate) struct State {
    pub(crate) cells: [u8; CELLS],
    /// Each side's pieces: a bit per cell.
    pub(crate) occupied: [[u64; WORDS]; 2],
    /// Each side's royal pieces: a bit per cell.
    pub(crate) royal: [[u64; WORDS]; 2],
    pub(crate) turn: Color,
    /// Castling rights: a bit per rook that may still castle, at
    /// `16 × side + file` (the rook stands on its side's back rank).
    pub(crate) castling: u32,
    /// Gates, where the rule set gates ([`Rules::gating`]): a bit per
    /// square of the back rank whose piece has not moved, laid out as
    /// `castling`.
    pub(crate) gates: u32,
    /// After a pawn's double or triple step: where it may be taken en
    /// passant.
    pub(crate) en_passant: Option<EnPassant>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Under check counting, the checks each side has still to give
    /// (White's, Black's).
    pub(crate) checks: [u8; 2],
    /// Where pieces may be dropped: each side's pieces in hand, a count
    /// per kind.
    pub(crate) hands: [[u8; 64]; 2],
    /// The cells of promoted pieces (a promoted piece taken goes to hand
    /// as the pawn it was; FEN writes it with `~`).
    pub(crate) promoted: [u64; WORDS],
    /// Of each piece promoted shogi-style (marked in `promoted`), the kind
    /// it was plus one (FEN writes it `+S`; taken, it goes to hand as
    /// that kind); 0 for a pawn promoted as chess's are.
    pub(crate) unpromoted: crate::promote::Unpromoted,
    /// The last move dropped the piece whose drop that checkmates loses
    /// ([`Drops::mate_loses`](crate::Drops::mate_loses)).
    pub(crate) drop_mated: bool,
    /// Under shatar's mating rules, whether the series of checks each
    /// side is in (on its turns in a row, up to its last turn) held a shak
    /// ([`Rules::shatar_mate`](crate::Rules::shatar_mate)).
    pub(crate) shak_series: [bool; 2],
    /// How many passes in a row led here ([`Rules::pass`](crate::Rules::pass)):
    /// two end the game.
    pub(crate) passes: u8,
    /// The last move castled, on the king's side (`Some(true)`) or the
    /// queen's, where castling may win ([`crate::Goals::castling_wins`]);
    /// `None` otherwise.
    pub(crate) castled: Option<bool>,
    /// The walls on the board: a bit per cell ([`crate::mailbox::WALL`]).
    pub(crate) walls: [u64; WORDS],
}

/// How many pieces of `kind` `color` has.
pub(crate) fn count_kind(s: &State, color: crate::types::Color, kind: u8) -> u32 {
    let mut n = 0;
    for (word, &bits) in s.occupied[color.index()].iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let c = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            n += u32::from(crate::mailbox::kind_of(s.cells[c]) == usize::from(kind));
        }
    }
    n
}

impl State {
    /// The side to move as the bit its pieces' cells have
    /// ([`crate::mailbox::is_theirs`]).
    #[inline(always)]
    pub(crate) fn mine(&self) -> u8 {
        crate::mailbox::side_bit(self.turn)
    }
}

/// A position under a rule set.
#[derive(Clone)]
pub struct Position<'r> {
    pub(crate) rules: &'r Rules,
    pub(crate) tables: Arc<Tables>,
    pub(crate) s: State,
}

impl fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Whether `color` may not promote to `kind` in `s`: it has as many
/// pieces of that kind as the rule set's limit on promotions to it
/// ([`PieceDef::promotion_limit`](crate::PieceDef::promotion_limit)).
#[inline]
pub(crate) fn at_limit(t: &Tables, s: &State, color: Color, kind: u8) -> bool {
    (t.limits.iter()).any(|&(k, limit)| k == kind && count_kind(s, color, kind) >= u32::from(limit))
}

/// The back rank of `color` on `g`.
pub(crate) fn back_rank(g: Geometry, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => g.ranks() - 1,
    }
}

/// Whether a royal piece of `color` is attacked (and not shielded by a
/// royal piece of the other side next to it, where captures explode), or
/// all the pieces of a duple check ([`crate::duple`]).
pub(crate) fn in_check(t: &Tables, s: &State, color: Color) -> bool {
    attacked_royal(t, s, color, false)
}

/// Whether a piece of a royal kind of `color` is attacked (Fairy-Stockfish's
/// king: a check a rule set may forbid, [`Rules::checks`](crate::Rules::checks),
/// is given to it alone, not to pieces royal while few).
pub(crate) fn king_in_check(t: &Tables, s: &State, color: Color) -> bool {
    attacked_royal(t, s, color, true)
}

/// Whether a royal piece of `color` (`kinds`: of a royal kind only) is
/// attacked, or, for all of them, duple check.
fn attacked_royal(t: &Tables, s: &State, color: Color, kinds: bool) -> bool {
    let theirs = &s.royal[(!color).index()];
    let royal = s.royal[color.index()]
        .iter()
        .enumerate()
        .any(|(word, &bits)| {
            let mut bits = bits;
            while bits != 0 {
                let c = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if kinds && !t.is_royal(s.cells[c]) {
                    continue;
                }
                if (t.attacked(&s.cells, c, !color)
                    && !crate::blast::shielded(t, &s.cells, theirs, c))
                    || t.faced(&s.cells, c, !color)
                {
                    return true;
                }
            }
            false
        });
    royal || (!kinds && crate::duple::in_check(t, &s.cells, &s.occupied[color.index()], color))
}

impl<'r> Position<'r> {
    /// The rule set.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.s.turn
    }

    /// The number of the move the side to move is about to make (from 1,
    /// as FEN writes it).
    pub fn fullmoves(&self) -> u32 {
        self.s.fullmoves
    }

    /// How many pieces of `kind` `color` holds in hand (where the rule
    /// set drops them: [`Rules::drops`](crate::Rules::drops)).
    pub fn in_hand(&self, color: Color, kind: u8) -> u8 {
        self.s.hands[color.index()]
            .get(usize::from(kind))
            .copied()
            .unwrap_or(0)
    }

    /// How many pieces of `kind` `color` has on the board.
    ///
    /// ```
    /// let grand = chess_rules::ini::builtin("grand").unwrap().unwrap();
    /// let start = chess_rules::Position::start(&grand).unwrap();
    /// assert_eq!(start.count(chess_rules::Color::White, grand.index('R').unwrap() as u8), 2);
    /// ```
    pub fn count(&self, color: Color, kind: u8) -> u32 {
        count_kind(&self.s, color, kind)
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.geometry().contains(sq) {
            return None;
        }
        decode(self.s.cells[cell_of(sq)])
    }

    /// Whether a wall stands on `sq` (FEN's `*`: no piece may stand
    /// there or pass; [`Rules::walling`](crate::Rules::walling)).
    ///
    /// ```
    /// use chess_rules::{Position, Square, ini};
    ///
    /// let duck = ini::builtin("duck").unwrap().unwrap();
    /// let pos = Position::from_fen(&duck, "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    /// assert!(pos.is_wall(Square::new(4, 4)));
    /// assert!(!pos.is_wall(Square::new(4, 3)));
    /// assert_eq!(pos.piece_at(Square::new(4, 4)), None);
    /// ```
    pub fn is_wall(&self, sq: Square) -> bool {
        self.geometry().contains(sq) && self.s.cells[cell_of(sq)] == crate::mailbox::WALL
    }

    /// The kind the piece on `sq` was before it promoted shogi-style
    /// ([`PieceDef::promotes_to`](crate::PieceDef::promotes_to)), if it
    /// did: FEN writes it so (`+P`), and taken it goes to hand as that.
    ///
    /// ```
    /// use chess_rules::{Position, Square, ini};
    ///
    /// let shogi = ini::builtin("minishogi").unwrap().unwrap();
    /// let pos = Position::from_fen(&shogi, "k4/5/1+P3/5/4K[] w - - 0 1").unwrap();
    /// let tokin = Square::new(1, 2);
    /// assert_eq!(shogi.pieces[usize::from(pos.piece_at(tokin).unwrap().kind)].letter, 'G');
    /// assert_eq!(pos.promoted_from(tokin), shogi.index('P').map(|k| k as u8));
    /// assert_eq!(pos.promoted_from(Square::new(0, 4)), None);
    /// ```
    pub fn promoted_from(&self, sq: Square) -> Option<u8> {
        if !self.geometry().contains(sq) {
            return None;
        }
        let was = crate::promote::was(&self.s.promoted, &self.s.unpromoted, cell_of(sq));
        was.checked_sub(1)
    }

    /// Whether the piece on `sq` is royal here: of a royal kind, or of a
    /// kind royal while its side has few of them
    /// ([`Rules::royal_while_few`]).
    pub fn is_royal(&self, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else {
            return false;
        };
        let c = cell_of(sq);
        self.s.royal[piece.color.index()][c / 64] & (1 << (c % 64)) != 0
    }

    /// Whether the piece on `sq` is of the kind that castles: the royal
    /// kind, or where none is royal, the piece lettered `K` (giveaway's
    /// and extinction's king, which castles out of, through and into
    /// attack).
    pub fn castles_with(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some() && self.tables.castles(self.s.cells[cell_of(sq)])
    }

    pub(crate) fn geometry(&self) -> Geometry {
        self.rules.geometry
    }

    /// Whether the squares a lame leap from `from` by `(dx, dy)` passes
    /// are empty.
    pub(crate) fn path_clear(&self, from: Square, v: (i8, i8)) -> bool {
        let path: Vec<isize> = lame_path(v)
            .into_iter()
            .map(crate::mailbox::delta)
            .collect();
        path_clear(&self.s.cells, cell_of(from), &path)
    }

    /// Whether `piece` may make its `i` moves from `sq` (where a piece of
    /// its kind and side stood at the start, or in the rule set's
    /// regions for them).
    pub(crate) fn on_start_square(&self, sq: Square, piece: Piece) -> bool {
        self.tables.initial(cell_of(sq), encode(piece))
    }

    /// Whether `color` attacks `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.geometry().contains(target) && self.tables.attacked(&self.s.cells, cell_of(target), by)
    }

    /// Whether the piece on `sq` is shielded from check by a blast: captures
    /// explode ([`Rules::blast`](crate::Rules::blast)) and a royal piece of
    /// the other side stands next to it, which taking it would blow up
    /// (atomic's touching kings).
    pub fn shielded(&self, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else {
            return false;
        };
        let theirs = &self.s.royal[(!piece.color).index()];
        crate::blast::shielded(&self.tables, &self.s.cells, theirs, cell_of(sq))
    }

    /// Whether the side to move is in check (a royal piece of it is
    /// attacked).
    pub fn is_check(&self) -> bool {
        in_check(&self.tables, &self.s, self.s.turn)
    }

    /// This position with the other side to move, as if the side to move
    /// had passed (no en passant square): for asking whether a move that
    /// is not legal was the other side's. `None` where the side to move
    /// is in check, as the other side could then take a royal piece.
    ///
    /// ```
    /// use chess_rules::{MoveText, Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let pos = Position::start(&chess).unwrap();
    /// let other = pos.swapped().unwrap();
    /// assert_eq!(other.turn(), !pos.turn());
    /// assert_eq!(other.matching(&MoveText::read("Nf6").unwrap()).len(), 1);
    /// ```
    pub fn swapped(&self) -> Option<Position<'r>> {
        if self.is_check() {
            return None;
        }
        let mut other = self.clone();
        other.s.turn = !self.s.turn;
        other.s.en_passant = None;
        other.s.passes = 0;
        other.s.drop_mated = false;
        Some(other)
    }
}
