//! Positions: the board, side to move, castling rights, en passant square and
//! clocks, and playing a move on them (FEN is `fen.rs`).

use core::fmt;

use chess_format::Variant;

use crate::{CastlingSide, Color, Move, MoveKind, Piece, Pockets, Role, Square};

/// The rooks that may still castle, as a set of rook squares (this is how
/// both standard chess and Chess960 are described).
///
/// ```
/// use verified_chess::{game, CastlingRights, Position, Square};
///
/// assert_eq!(Position::START.castling_rights(), CastlingRights::STANDARD);
/// let after = game! { 1. e4 e5 2. Ke2 }.final_position().castling_rights();
/// assert!(after.contains(Square::A8) && !after.contains(Square::A1));
/// assert_eq!(after.rooks().collect::<Vec<_>>(), [Square::A8, Square::H8]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(pub(crate) u64);

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights(0);

    /// The four rights of the standard starting position (rooks on a1, h1,
    /// a8 and h8).
    pub const STANDARD: CastlingRights = CastlingRights(
        1 << Square::A1.index()
            | 1 << Square::H1.index()
            | 1 << Square::A8.index()
            | 1 << Square::H8.index(),
    );

    #[doc(hidden)]
    pub const fn __from_bits(bits: u64) -> CastlingRights {
        CastlingRights(bits)
    }

    /// The rights as a bit set of rook squares (bit *n* is square index *n*).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// `true` if no right is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the rook on `square` may still castle.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// The squares of the rooks that may still castle, from a1 to h8.
    pub fn rooks(self) -> impl Iterator<Item = Square> + Clone {
        Square::all().filter(move |sq| self.contains(*sq))
    }

    const fn without(self, square: Square) -> CastlingRights {
        CastlingRights(self.0 & !(1 << square.index()))
    }

    const fn without_color(self, color: Color) -> CastlingRights {
        let rank_mask = 0xffu64 << (color.back_rank() as u8 * 8);
        CastlingRights(self.0 & !rank_mask)
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.rooks()).finish()
    }
}

/// A chess position: what is on every square, who is to move, the castling
/// rights, the en passant square and the two clocks.
///
/// ```
/// use verified_chess::{position, CastlingSide, Color, Piece, Position, Role, Square};
///
/// const ENDGAME: Position = position! { white: Kg1 Rd1; black: Kg8 b };
/// assert_eq!(ENDGAME.turn(), Color::Black);
/// assert_eq!(ENDGAME.piece_at(Square::D1), Some(Piece { color: Color::White, role: Role::Rook }));
/// assert_eq!(ENDGAME.king(Color::Black), Some(Square::G8));
/// assert_eq!(Position::START.castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::A1));
/// ```
///
/// Positions are plain data (`Copy`, usable in `const`). They come from
/// [`Game`](crate::Game)s — the start position and the one after every ply —
/// or from the `position!` macro, which verified them while your crate
/// compiled; or from FEN read at run time (`"…".parse::<Position>()`),
/// which checks that the position is one a game of chess can have and says
/// what is wrong otherwise ([`Illegal`](crate::Illegal)).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u8; 64],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) variant: Variant,
    pub(crate) pockets: Pockets,
    /// Crazyhouse: the pieces that were pawns, by square.
    pub(crate) promoted: u64,
    /// Three-check: the checks each side gave.
    pub(crate) checks: [u8; 2],
}

const fn board_from_ascii(ascii: &[u8; 64]) -> [u8; 64] {
    let mut board = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        board[i] = match Piece::from_fen_char(ascii[i] as char) {
            Some(piece) => piece.code(),
            None => 0,
        };
        i += 1;
    }
    board
}

impl Position {
    /// The standard starting position.
    pub const START: Position = Position {
        board: board_from_ascii(
            b"RNBQKBNRPPPPPPPP................................pppppppprnbqkbnr",
        ),
        turn: Color::White,
        castling: CastlingRights::STANDARD,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        variant: Variant::Standard,
        pockets: Pockets::EMPTY,
        promoted: 0,
        checks: [0; 2],
    };

    /// The position a game's data records, under `variant`'s rules.
    pub(crate) const fn from_data(
        start: &chess_format::Start,
        variant: chess_format::Variant,
    ) -> Position {
        let mut pos = Position::from_start(start);
        pos.variant = variant;
        pos.pockets = Pockets(start.pockets);
        pos.promoted = start.promoted;
        pos.checks = start.checks;
        pos
    }

    /// The position a game's data records, in standard chess.
    pub(crate) const fn from_start(start: &chess_format::Start) -> Position {
        Position {
            board: board_from_ascii(&start.board),
            turn: if start.white_to_move {
                Color::White
            } else {
                Color::Black
            },
            castling: CastlingRights(start.castling),
            ep_square: match start.ep_square {
                Some(sq) => Square::new(sq),
                None => None,
            },
            halfmoves: start.halfmoves,
            fullmoves: start.fullmoves,
            variant: Variant::Standard,
            pockets: Pockets::EMPTY,
            promoted: 0,
            checks: [0; 2],
        }
    }

    /// A position from the data `position!` writes (a start position in
    /// the format of the `chess-format` crate).
    ///
    /// Not a public API: the data is only meaningful when the macro
    /// validated the position.
    #[doc(hidden)]
    pub const fn __decode(data: &'static str) -> Position {
        match chess_format::Start::read(data.as_bytes(), 0) {
            Some((start, _)) => Position::from_start(&start),
            None => Position::START,
        }
    }

    /// The piece on `square`, if any.
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.board[square.index() as usize])
    }

    /// Every piece on the board with its square, from a1 to h8.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The square of `color`'s king, if there is one.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces()
            .find(|(_, p)| *p == Role::King.of(color))
            .map(|(sq, _)| sq)
    }

    /// The side to move.
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    pub const fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The rook square of `color`'s castling right towards `side`, if that
    /// right is still held.
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color)?;
        let mut rooks = self
            .castling
            .rooks()
            .filter(|sq| sq.rank() == color.back_rank());
        match side {
            CastlingSide::KingSide => rooks.filter(|sq| sq.file() > king.file()).last(),
            CastlingSide::QueenSide => rooks.find(|sq| sq.file() < king.file()),
        }
    }

    /// The en passant target square: the square a pawn just skipped with a
    /// double step, as FEN defines it (set after every double step, whether
    /// or not a capture is possible).
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Plies since the last capture or pawn move (for the 50- and 75-move
    /// rules).
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after each Black move.
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The rules the position is played under.
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The pieces in each side's pocket (Crazyhouse; empty in every other
    /// variant).
    pub const fn pockets(&self) -> Pockets {
        self.pockets
    }

    /// `true` if the piece on `square` was a pawn that promoted (Crazyhouse,
    /// where it goes back to a pocket as a pawn when captured; FEN marks it
    /// `Q~`).
    pub const fn is_promoted(&self, square: Square) -> bool {
        self.promoted & (1 << square.index()) != 0
    }

    /// The checks `color` has given (Three-check; 0 in every other variant).
    ///
    /// ```
    /// use verified_chess::{game, Color};
    ///
    /// let g = game! { [Variant "Three-check"] 1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 };
    /// let pos = g.final_position();
    /// assert_eq!(pos.checks_given(Color::White), 1);
    /// assert_eq!(pos.remaining_checks(Color::White), 2);
    /// assert_eq!(pos.fen().to_string(), "r1bq1bnr/pppp1kpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR w KQ - 2+3 0 4");
    /// ```
    pub const fn checks_given(&self, color: Color) -> u8 {
        self.checks[color as usize]
    }

    /// The checks `color` still has to give to win (Three-check: 3 at the
    /// start).
    pub const fn remaining_checks(&self, color: Color) -> u8 {
        3u8.saturating_sub(self.checks[color as usize])
    }

    /// `true` if the side to move is in check: its king is attacked (in
    /// Atomic, not while the two kings touch; never in Antichess, where the
    /// king is an ordinary piece, nor for a side without a king).
    pub const fn is_check(&self) -> bool {
        if matches!(self.variant, Variant::Antichess) {
            return false;
        }
        let us = self.turn;
        let Some(king) = self.king_square(us) else {
            return false;
        };
        if matches!(self.variant, Variant::Atomic)
            && let Some(theirs) = self.king_square(us.other())
            && distance(king, theirs) == 1
        {
            return false;
        }
        self.attacked_by(king, us.other())
    }

    /// The square of `color`'s king (the first from a1), in a `const fn`.
    const fn king_square(&self, color: Color) -> Option<Square> {
        let king = Role::King.of(color).code();
        let mut i = 0;
        while i < 64 {
            if self.board[i] == king {
                return Square::new(i as u8);
            }
            i += 1;
        }
        None
    }

    /// `true` if a piece of `color` attacks `square`.
    const fn attacked_by(&self, square: Square, color: Color) -> bool {
        attackers(&self.board, occupancy(&self.board), square, color) != 0
    }

    /// Plays a move that the macros verified as legal in this position.
    ///
    /// ```
    /// use verified_chess::{game, Position};
    ///
    /// let g = game! { 1. e4 e5 2. Nf3 };
    /// let mut pos = Position::START;
    /// for m in g.moves() {
    ///     pos.play(&m);
    /// }
    /// assert_eq!(pos, g.final_position());
    /// assert_eq!(
    ///     pos.fen().to_string(),
    ///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    /// );
    /// ```
    ///
    /// This applies the move mechanically (castling, en passant, promotion,
    /// clocks and castling rights included, and what the position's
    /// [`Variant`] adds: drops and pockets, explosions, checks given) and
    /// does not check legality:
    /// moves from a [`Game`](crate::Game) are always legal in the position
    /// they belong to. A move that does not belong to this position gives a
    /// meaningless (but memory-safe) result.
    pub const fn play(&mut self, m: &Move) {
        let color = self.turn;
        let from = m.from.index() as usize;
        let to = m.to.index() as usize;
        let moving = self.board[from];
        if matches!(self.variant, Variant::Crazyhouse) {
            self.crazyhouse_pockets(m);
        }
        match m.kind {
            MoveKind::Castle { side, rook } => {
                let rank = color.back_rank();
                let rook_piece = self.board[rook.index() as usize];
                self.board[from] = 0;
                self.board[rook.index() as usize] = 0;
                self.board[Square::from_coords(side.king_to_file(), rank).index() as usize] =
                    moving;
                self.board[Square::from_coords(side.rook_to_file(), rank).index() as usize] =
                    rook_piece;
            }
            MoveKind::EnPassant => {
                self.board[from] = 0;
                self.board[to] = moving;
                let captured = Square::from_coords(m.to.file(), m.from.rank());
                self.board[captured.index() as usize] = 0;
            }
            MoveKind::Normal | MoveKind::DoublePush => {
                self.board[from] = 0;
                self.board[to] = match m.promotion {
                    Some(role) => role.of(color).code(),
                    None => moving,
                };
            }
            MoveKind::Drop => self.board[to] = m.role.of(color).code(),
        }

        let mut castling = self.castling;
        if matches!(m.role, Role::King) {
            castling = castling.without_color(color);
        }
        castling = castling.without(m.from).without(m.to);
        if let MoveKind::Castle { rook, .. } = m.kind {
            castling = castling.without(rook);
        }
        self.castling = castling;
        if matches!(self.variant, Variant::Atomic) && m.capture.is_some() {
            self.explode(m.to);
        }

        self.ep_square = match m.kind {
            MoveKind::DoublePush => Square::new((m.from.index() + m.to.index()) / 2),
            _ => None,
        };
        self.halfmoves = if m.is_zeroing() {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if matches!(color, Color::Black) {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = color.other();
        if matches!(self.variant, Variant::ThreeCheck) && self.is_check() {
            self.checks[color as usize] = self.checks[color as usize].saturating_add(1);
        }
    }

    /// Crazyhouse, before `m` is played: a capture puts the captured piece
    /// in the captor's pocket (a promoted one as a pawn), a drop takes one
    /// out; a promoted piece's mark moves with it.
    const fn crazyhouse_pockets(&mut self, m: &Move) {
        let color = self.turn;
        let (from, to) = (1u64 << m.from.index(), 1u64 << m.to.index());
        match m.kind {
            MoveKind::Drop => self.pockets.remove(color, m.role),
            MoveKind::EnPassant => self.pockets.add(color, Role::Pawn),
            MoveKind::Castle { .. } => {}
            MoveKind::Normal | MoveKind::DoublePush => {
                if let Some(captured) = m.capture {
                    let role = if self.promoted & to != 0 {
                        Role::Pawn
                    } else {
                        captured
                    };
                    self.pockets.add(color, role);
                }
                let promoted = self.promoted & from != 0 || m.promotion.is_some();
                self.promoted &= !(from | to);
                if promoted {
                    self.promoted |= to;
                }
            }
        }
    }

    /// Atomic, after a capture on `center`: the capturing piece and every
    /// piece but pawns around it explode, with the castling rights they
    /// held.
    const fn explode(&mut self, center: Square) {
        self.board[center.index() as usize] = 0;
        let (file, rank) = (center.index() as i8 & 7, center.index() as i8 >> 3);
        let mut i = 0;
        while i < 8 {
            let (f, r) = (file + KING[i].0, rank + KING[i].1);
            i += 1;
            if f < 0 || f >= 8 || r < 0 || r >= 8 {
                continue;
            }
            let sq = (r * 8 + f) as usize;
            match Piece::from_code(self.board[sq]) {
                Some(Piece {
                    role: Role::Pawn, ..
                })
                | None => {}
                Some(Piece { role, color }) => {
                    self.board[sq] = 0;
                    if let Some(square) = Square::new(sq as u8) {
                        self.castling = self.castling.without(square);
                    }
                    if matches!(role, Role::King) {
                        self.castling = self.castling.without_color(color);
                    }
                }
            }
        }
    }

    /// The position after `m`; see [`Position::play`].
    #[must_use]
    pub const fn after(mut self, m: &Move) -> Position {
        self.play(m);
        self
    }
}

/// A knight's eight jumps, as (files, ranks).
const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A king's eight steps: the lines first, then the diagonals.
const KING: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// The king distance between two squares.
const fn distance(a: Square, b: Square) -> u8 {
    let files = (a.index() & 7).abs_diff(b.index() & 7);
    let ranks = (a.index() >> 3).abs_diff(b.index() >> 3);
    if files > ranks { files } else { ranks }
}

/// The squares holding a piece, one bit per square index.
pub(crate) const fn occupancy(board: &[u8; 64]) -> u64 {
    let mut bits = 0;
    let mut i = 0;
    while i < 64 {
        if board[i] != 0 {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
}

/// The bit of the square at (`file`, `rank`) if it is on the board and
/// holds the piece with this code, else 0.
const fn on(board: &[u8; 64], file: i8, rank: i8, code: u8) -> u64 {
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 && board[(rank * 8 + file) as usize] == code {
        1 << (rank * 8 + file)
    } else {
        0
    }
}

/// The squares (one bit per index) of the pieces of `color` that attack
/// `square`, where a slider's line stops at the first square of
/// `occupied` (usually the board's [`occupancy`]; a different set asks
/// what would attack if pieces stood elsewhere).
pub(crate) const fn attackers(
    board: &[u8; 64],
    occupied: u64,
    square: Square,
    color: Color,
) -> u64 {
    let (file, rank) = (square.index() as i8 & 7, square.index() as i8 >> 3);
    let mut found = 0;
    // A pawn attacks forwards: it stands one rank behind, from its side.
    let behind = if color.is_white() { -1 } else { 1 };
    let pawn = Role::Pawn.of(color).code();
    found |= on(board, file - 1, rank + behind, pawn) | on(board, file + 1, rank + behind, pawn);
    let mut i = 0;
    while i < 8 {
        let (df, dr) = KNIGHT[i];
        found |= on(board, file + df, rank + dr, Role::Knight.of(color).code());
        let (df, dr) = KING[i];
        found |= on(board, file + df, rank + dr, Role::King.of(color).code());
        // Slide until the first occupied square: a rook or queen on a
        // line, a bishop or queen on a diagonal.
        let slider = if df == 0 || dr == 0 {
            Role::Rook.of(color).code()
        } else {
            Role::Bishop.of(color).code()
        };
        let (mut f, mut r) = (file + df, rank + dr);
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let index = (r * 8 + f) as usize;
            if occupied & (1 << index) != 0 {
                let code = board[index];
                if code == slider || code == Role::Queen.of(color).code() {
                    found |= 1 << index;
                }
                break;
            }
            f += df;
            r += dr;
        }
        i += 1;
    }
    found
}

impl Default for Position {
    fn default() -> Position {
        Position::START
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Position")
            .field(&format_args!("{}", self.fen()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn start_fen() {
        assert_eq!(
            Position::START.fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn plays_double_push_and_castling() {
        let mut pos = Position::START;
        let e4 = Move {
            role: Role::Pawn,
            from: Square::E2,
            to: Square::E4,
            capture: None,
            promotion: None,
            kind: MoveKind::DoublePush,
        };
        pos.play(&e4);
        assert_eq!(
            pos.fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        let castles = Move {
            role: Role::King,
            from: Square::E1,
            to: Square::G1,
            capture: None,
            promotion: None,
            kind: MoveKind::Castle {
                side: CastlingSide::KingSide,
                rook: Square::H1,
            },
        };
        let mut start = chess_format::Start::STANDARD;
        start.board[..8].copy_from_slice(b"R...K..R");
        start.halfmoves = 3;
        start.fullmoves = 9;
        let mut p = Position::from_start(&start);
        assert_eq!(
            p.fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 3 9"
        );
        p.play(&castles);
        assert_eq!(
            p.fen().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 4 9"
        );
    }

    #[test]
    fn decodes_what_position_macros_write() {
        assert_eq!(Position::__decode("S"), Position::START);
        // Data no macro wrote gives the standard position.
        assert_eq!(Position::__decode("P"), Position::START);
    }
}
