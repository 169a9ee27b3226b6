//! Moves in words under a rule set: a move as written ([`MoveText`], read
//! from one word without a position: SAN with the rule set's letters,
//! coordinates, castling, a drop), matched with a position's legal moves;
//! and a move written as SAN or coordinates.

use crate::geometry::Square;
use crate::legality::{Royals, allowed};
use crate::mailbox::{cell_of, kind_of};
use crate::movegen::piece_moves;
use crate::position::Position;
use crate::types::{Effect, Move};

/// A move as written under a rule set, before it is matched with the
/// moves of a position: what [`MoveText::read`] makes of a word.
///
/// ```
/// use chess_rules::{GateText, MoveText, Square};
///
/// let j10 = Square::new(9, 9);
/// assert_eq!(
///     MoveText::read("Axj10"),
///     Some(MoveText::San { piece: Some('A'), file: None, rank: None, capture: true, to: j10, promotion: None, gate: None }),
/// );
/// let e7 = Square::new(4, 6);
/// let e8 = Square::new(4, 7);
/// assert_eq!(MoveText::read("e7e8q"), Some(MoveText::Coordinates { from: e7, to: e8, promotion: Some('Q') }));
/// assert_eq!(MoveText::read("e7 - e8"), MoveText::read("e7-e8"));
/// assert_eq!(MoveText::read("O-O-O"), Some(MoveText::Castle { king_side: false, gate: None }));
/// let h1 = Square::new(7, 0);
/// assert_eq!(
///     MoveText::read("O-O/Eh1"),
///     Some(MoveText::Castle { king_side: true, gate: Some(GateText { piece: 'E', square: Some(h1) }) }),
/// );
/// assert_eq!(MoveText::read("N@f3"), Some(MoveText::Drop { piece: Some('N'), to: Square::new(5, 2), promoted: false }));
/// assert_eq!(MoveText::read("+L@f3"), Some(MoveText::Drop { piece: Some('L'), to: Square::new(5, 2), promoted: true }));
/// assert_eq!(MoveText::read("b1a2+"), Some(MoveText::Coordinates { from: Square::new(1, 0), to: Square::new(0, 1), promotion: Some('+') }));
/// assert_eq!(MoveText::read("zz9"), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// Standard algebraic notation with the rule set's letters: `e4`,
    /// `Nf3`, `exd5`, `Ad3`, `j10`, `R1a3`, `Nb1c3`, `e8=Q`.
    San {
        /// The piece's letter (upper case); `None` for a pawn.
        piece: Option<char>,
        /// The file the piece comes from, if written (from 0, `a`).
        file: Option<u8>,
        /// The rank the piece comes from, if written (from 0, `1`).
        rank: Option<u8>,
        /// `x` (or `:`) was written.
        capture: bool,
        /// Where it goes.
        to: Square,
        /// What a pawn becomes (`=Q`, or `Q` after the square).
        promotion: Option<char>,
        /// The piece put on the gate the move leaves (`Nf3/H`).
        gate: Option<GateText>,
    },
    /// Two squares, as CustomChessKell's command line takes them (`a2a3`,
    /// `a2-a3`, `a2 a3`), and what a pawn becomes (`e7e8q`, `e7e8=Q`), or
    /// Fairy-Stockfish's `+` and `-` for a shogi-style promotion and
    /// demotion (`b1a2+`).
    Coordinates {
        /// Where the piece stands (the king, for castling).
        from: Square,
        /// Where it goes (the king's square after castling, or the rook's).
        to: Square,
        /// What a pawn becomes (upper case), or `+` (promotes) or `-`
        /// (demotes).
        promotion: Option<char>,
    },
    /// `O-O` (`king_side`) or `O-O-O`, also written with zeros.
    Castle {
        /// Castling with the rook on the side of the higher files.
        king_side: bool,
        /// The piece put on the king's or the rook's gate (`O-O/He1`).
        gate: Option<GateText>,
    },
    /// A piece put on the board: `N@f3`, or `@f3` for a pawn; `+L@b1`,
    /// promoted (Fairy-Stockfish's coordinates for
    /// [`Drops::promoted`](crate::Drops::promoted)).
    Drop {
        /// The piece's letter (upper case); `None` for a pawn.
        piece: Option<char>,
        /// Where.
        to: Square,
        /// Put down promoted (`+L@b1`).
        promoted: bool,
    },
}

/// A piece put on a gate, as Fairy-Stockfish's SAN writes it after a
/// move: `/H` (on the square the piece leaves), `/Hh1` (a castling's:
/// the king's square or the rook's). See [`Rules::gating`](crate::Rules::gating).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GateText {
    /// The piece's letter (upper case).
    pub piece: char,
    /// The gate, if written.
    pub square: Option<Square>,
}

impl GateText {
    /// Whether `m` puts the piece this says where it says (`None`: `m`
    /// puts none).
    fn fits(gate: Option<GateText>, pos: &Position<'_>, m: &Move) -> bool {
        match (gate, m.gate) {
            (None, None) => true,
            (Some(text), Some(g)) => {
                pos.rules.index(text.piece) == Some(usize::from(g.kind))
                    && text.square.is_none_or(|sq| sq == g.square)
            }
            _ => false,
        }
    }

    /// Reads `/H` or `/Hh1` after a move; `None` if it is not one.
    fn read(b: &[u8]) -> Option<GateText> {
        let (&piece, rest) = b.strip_prefix(b"/")?.split_first()?;
        let piece = Some(char::from(piece)).filter(char::is_ascii_uppercase)?;
        let square = match rest {
            [] => None,
            rest => {
                let (sq, len) = square_at(rest)?;
                (len == rest.len()).then_some(sq)?;
                Some(sq)
            }
        };
        Some(GateText { piece, square })
    }
}

/// The square at the start of `b` (a file `a`–`p`, a rank 1–16 without a
/// leading zero) and its length.
fn square_at(b: &[u8]) -> Option<(Square, usize)> {
    let (&file, rest) = b.split_first()?;
    if !(b'a'..=b'p').contains(&file) {
        return None;
    }
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    let rank = rank_of(&rest[..digits])?;
    Some((Square::new(file - b'a', rank), 1 + digits))
}

/// The rank `digits` name (1–16, without a leading zero), from 0.
fn rank_of(digits: &[u8]) -> Option<u8> {
    match digits {
        [d @ b'1'..=b'9'] => Some(d - b'1'),
        [b'1', d @ b'0'..=b'6'] => Some(9 + d - b'0'),
        _ => None,
    }
}

/// A piece letter of a rule set: an ASCII letter, upper case.
fn letter(b: u8) -> Option<char> {
    b.is_ascii_alphabetic()
        .then(|| char::from(b.to_ascii_uppercase()))
}

impl MoveText {
    /// This text with `gate` as the piece it puts on a gate, and the gate
    /// it had; `None` if it is no move that can gate (a SAN move or
    /// castling).
    ///
    /// ```
    /// use chess_rules::MoveText;
    ///
    /// let (plain, gate) = MoveText::read("Nf3/H").unwrap().with_gate(None).unwrap();
    /// assert_eq!((plain, gate.unwrap().piece), (MoveText::read("Nf3").unwrap(), 'H'));
    /// assert!(MoveText::read("N@f3").unwrap().with_gate(None).is_none());
    /// ```
    pub fn with_gate(self, gate: Option<GateText>) -> Option<(MoveText, Option<GateText>)> {
        let mut text = self;
        let old = match &mut text {
            MoveText::San { gate: g, .. } | MoveText::Castle { gate: g, .. } => {
                std::mem::replace(g, gate)
            }
            _ => return None,
        };
        Some((text, old))
    }

    /// Reads one move as written (without a check or mate sign or an
    /// annotation after it); `None` if it is none of the forms.
    pub fn read(text: &str) -> Option<MoveText> {
        let text = text.trim();
        // Two words, or three with a `-` between: coordinates.
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [_] => {}
            [from, to] | [from, "-", to] => {
                return match MoveText::read(&format!("{from}{to}"))? {
                    m @ MoveText::Coordinates { .. } => Some(m),
                    _ => None,
                };
            }
            _ => return None,
        }
        let mut b = text.as_bytes();
        // A piece put on a gate after the move: `Nf3/H`, `O-O/He1`.
        let mut gate = None;
        if let Some(at) = b.iter().position(|&c| c == b'/') {
            gate = Some(GateText::read(&b[at..])?);
            b = &b[..at];
        }
        match b {
            b"O-O" | b"0-0" | b"o-o" => {
                return Some(MoveText::Castle {
                    king_side: true,
                    gate,
                });
            }
            b"O-O-O" | b"0-0-0" | b"o-o-o" => {
                return Some(MoveText::Castle {
                    king_side: false,
                    gate,
                });
            }
            _ => {}
        }
        if gate.is_some() {
            return MoveText::san(b)?.with_gate(gate).map(|(text, _)| text);
        }
        if let Some(at) = b.iter().position(|&c| c == b'@') {
            let (piece, promoted) = match &b[..at] {
                [] => (None, false),
                [p] if p.is_ascii_uppercase() => (Some(char::from(*p)), false),
                [b'+', p] if p.is_ascii_uppercase() => (Some(char::from(*p)), true),
                _ => return None,
            };
            let (to, len) = square_at(&b[at + 1..])?;
            return (at + 1 + len == b.len()).then_some(MoveText::Drop {
                piece,
                to,
                promoted,
            });
        }
        if let Some((from, len)) = square_at(b) {
            let mut rest = &b[len..];
            if let [b'-' | b'x', after @ ..] = rest {
                rest = after;
            }
            if let Some((to, len)) = square_at(rest) {
                let promotion = match &rest[len..] {
                    [] => None,
                    [sign @ (b'+' | b'-')] => Some(char::from(*sign)),
                    [p] | [b'=', p] => Some(letter(*p)?),
                    _ => return None,
                };
                return Some(MoveText::Coordinates {
                    from,
                    to,
                    promotion,
                });
            }
        }
        MoveText::san(b)
    }

    /// Reads one move as written and the square of the wall put down
    /// after it, where a rule set puts one
    /// ([`Rules::walling`](crate::Rules::walling)), as Fairy-Stockfish
    /// writes them: after a comma, the square (`e4,e5`), or in
    /// coordinates the move's destination and the square (`e2e4,e4e5`).
    ///
    /// ```
    /// use chess_rules::{MoveText, Square};
    ///
    /// let (e2, e4, e5) = (Square::new(4, 1), Square::new(4, 3), Square::new(4, 4));
    /// let e2e4 = MoveText::Coordinates { from: e2, to: e4, promotion: None };
    /// assert_eq!(MoveText::read_walled("e2e4,e4e5"), Some((e2e4, Some(e5))));
    /// assert_eq!(MoveText::read_walled("e4,e5").map(|(_, wall)| wall), Some(Some(e5)));
    /// assert_eq!(MoveText::read_walled("e2e4"), Some((e2e4, None)));
    /// assert_eq!(MoveText::read_walled("e2e4,d4e5"), None);
    /// assert_eq!(MoveText::read_walled("e4,"), None);
    /// ```
    pub fn read_walled(text: &str) -> Option<(MoveText, Option<Square>)> {
        let Some((text, wall)) = text.trim().rsplit_once(',') else {
            return Some((MoveText::read(text)?, None));
        };
        let m = MoveText::read(text)?;
        let wall = wall.trim().as_bytes();
        let (first, len) = square_at(wall)?;
        if len == wall.len() {
            return Some((m, Some(first)));
        }
        // Coordinates: the destination again, then the wall's square.
        let (second, rest) = square_at(&wall[len..])?;
        let to = match m {
            MoveText::Coordinates { to, .. } | MoveText::San { to, .. } => Some(to),
            _ => None,
        };
        (len + rest == wall.len() && to.is_none_or(|to| to == first)).then_some((m, Some(second)))
    }

    /// SAN: a piece letter (none for a pawn), a file and/or rank telling
    /// it apart, `x`, the square, a promotion.
    fn san(b: &[u8]) -> Option<MoveText> {
        let (piece, mut rest) = match b.split_first()? {
            (p, rest) if p.is_ascii_uppercase() => (Some(char::from(*p)), rest),
            _ => (None, b),
        };
        let mut promotion = None;
        if let [body @ .., p] = rest
            && p.is_ascii_uppercase()
        {
            promotion = Some(char::from(*p));
            rest = body.strip_suffix(b"=").unwrap_or(body);
            // (`=+Q`: the shogi-style promotion to the piece.)
            if let Some(body) = body.strip_suffix(b"=+") {
                promotion = Some('+');
                rest = body;
            }
        }
        // The square: the last file letter and its digits.
        let at = rest.iter().rposition(u8::is_ascii_lowercase)?;
        let (to, len) = square_at(&rest[at..])?;
        if at + len != rest.len() {
            return None;
        }
        let mut prefix = &rest[..at];
        let mut capture = false;
        if let [before @ .., b'x' | b':'] = prefix {
            capture = true;
            prefix = before;
        }
        let (file, prefix) = match prefix.split_first() {
            Some((f @ b'a'..=b'p', after)) => (Some(f - b'a'), after),
            _ => (None, prefix),
        };
        let rank = match prefix {
            [] => None,
            digits => Some(rank_of(digits)?),
        };
        Some(MoveText::San {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
            gate: None,
        })
    }
}

/// Where a promotion letter matches both a pawn's promotion to the piece
/// and its shogi-style promotion to the same piece (a pawn whose
/// `promotedPieceType` is among its promotions, as pyffish lists both),
/// the letter names the pawn's (`a7a8q`; the other is `a7a8+`, `a8=+Q`).
fn as_pawn(promotion: Option<char>, moves: &mut Vec<Move>) {
    let shogi = |m: &Move| matches!(m.kind, Effect::Promote | Effect::Demote);
    if promotion.is_some_and(|l| l != '+' && l != '-') && moves.iter().any(|m| !shogi(m)) {
        moves.retain(|m| !shogi(m));
    }
}

impl Position<'_> {
    /// The kind of piece a letter names (`None`: a pawn, the rule set's
    /// first pawn kind).
    pub(crate) fn kind_of_letter(&self, piece: Option<char>) -> Option<usize> {
        match piece {
            Some(letter) => self.rules.index(letter),
            None => self.rules.pieces.iter().position(|p| p.is_pawn()),
        }
    }

    /// The squares a move as written may be made from, each with where it
    /// goes, whether or not the move is legal: the square of coordinates,
    /// every square of the side to move that holds the kind of piece SAN
    /// names (within its file or rank, if written). None for castling and
    /// drops, and for a letter the rule set has no piece for.
    pub fn origins(&self, text: &MoveText) -> Vec<(Square, Square)> {
        match *text {
            MoveText::Coordinates { from, to, .. } => vec![(from, to)],
            MoveText::San {
                piece,
                file,
                rank,
                to,
                ..
            } => {
                let Some(kind) = self.kind_of_letter(piece) else {
                    return Vec::new();
                };
                let mut origins: Vec<(Square, Square)> = (self.geometry().squares())
                    .filter(|s| {
                        self.piece_at(*s)
                            .is_some_and(|p| p.color == self.turn() && usize::from(p.kind) == kind)
                            && file.is_none_or(|f| s.file == f)
                            && rank.is_none_or(|r| s.rank == r)
                    })
                    .map(|s| (s, to))
                    .collect();
                // (A pawn standing there first: sittuyin's `d5=F`.)
                if self.rules.sittuyin_promotion {
                    origins.sort_by_key(|&(s, _)| s != to);
                }
                origins
            }
            MoveText::Castle { .. } | MoveText::Drop { .. } => Vec::new(),
        }
    }

    /// The legal moves a move as written may mean (one, if it says which;
    /// several, if it is ambiguous; none, if it is not legal).
    ///
    /// ```
    /// use chess_rules::{MoveText, Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    /// let nd2 = MoveText::read("Nd2").unwrap();
    /// assert_eq!(pos.matching(&nd2).len(), 2);
    /// assert_eq!(pos.matching(&MoveText::read("Nbd2").unwrap()).len(), 1);
    /// ```
    pub fn matching(&self, text: &MoveText) -> Vec<Move> {
        // (A drop's promotion is matched on its own.)
        let promoted = |promotion: Option<char>, m: &Move| match (promotion, m.promotion) {
            (None, None) => true,
            (Some('+'), Some(_)) => m.kind == Effect::Promote,
            (Some('-'), Some(_)) => m.kind == Effect::Demote,
            (Some(letter), Some(kind)) => self.rules.index(letter) == Some(usize::from(kind)),
            _ => false,
        };
        // Coordinates' letter after the squares: a promotion, or the
        // piece put on the gate the move leaves (`g1f3h`, `e1g1h`).
        let lettered = |promotion: Option<char>, m: &Move| match (promotion, m.gate) {
            (_, None) => promoted(promotion, m),
            (Some(letter), Some(gate)) => {
                m.promotion.is_none()
                    && gate.square == m.from
                    && self.rules.index(letter) == Some(usize::from(gate.kind))
            }
            (None, Some(_)) => false,
        };
        let castle = |m: &Move| matches!(m.kind, Effect::Castle { .. });
        match *text {
            MoveText::Coordinates {
                from,
                to,
                promotion,
            } => {
                if !self.geometry().contains(from) {
                    return Vec::new();
                }
                let cell = cell_of(from);
                let mut moves = self.legal_of(|c| c == cell, Some(to));
                moves.retain(|m| lettered(promotion, m));
                as_pawn(promotion, &mut moves);
                // A king's step where it could also castle to: the step
                // (the castling is written as the king taking its rook).
                if moves.iter().any(|m| !castle(m)) {
                    moves.retain(|m| !castle(m));
                }
                if moves.is_empty() && promotion.is_none_or(|p| p.is_ascii_alphabetic()) {
                    // A royal piece taking its own rook: its castling with
                    // that rook (whose destination is another square).
                    moves = self.legal_of(|c| c == cell, None);
                    moves.retain(|m| {
                        matches!(m.kind, Effect::Castle { rook_from, .. } if rook_from == to)
                            && lettered(promotion, m)
                    });
                }
                if moves.is_empty() && self.rules.gating {
                    // A castling that gates on the rook's square, written
                    // from it to the king's (`h1e1h`, as Fairy-Stockfish
                    // writes it).
                    moves = self.legal_of(|c| c == cell_of(to), None);
                    moves.retain(|m| {
                        matches!(m.kind, Effect::Castle { rook_from, .. } if rook_from == from)
                            && promotion.is_some()
                            && m.gate.is_some_and(|g| {
                                g.square == from
                                    && self.rules.index(promotion.unwrap_or('-'))
                                        == Some(usize::from(g.kind))
                            })
                    });
                }
                moves
            }
            MoveText::San {
                piece,
                file,
                rank,
                to,
                promotion,
                gate,
                ..
            } => {
                let Some(kind) = self.kind_of_letter(piece) else {
                    return Vec::new();
                };
                let mut moves = self.legal_of(|c| kind_of(self.s.cells[c]) == kind, Some(to));
                moves.retain(|m| {
                    !castle(m)
                        && promoted(promotion, m)
                        && GateText::fits(gate, self, m)
                        && file.is_none_or(|f| m.from.file == f)
                        && rank.is_none_or(|r| m.from.rank == r)
                });
                as_pawn(promotion, &mut moves);
                moves
            }
            MoveText::Castle { king_side, gate } => {
                let t = &*self.tables;
                let mut moves = self.legal_of(|c| t.castles(self.s.cells[c]), None);
                moves.retain(|m| match m.kind {
                    Effect::Castle { rook_from, .. } => {
                        (rook_from.file > m.from.file) == king_side && GateText::fits(gate, self, m)
                    }
                    _ => false,
                });
                moves
            }
            MoveText::Drop {
                piece,
                to,
                promoted,
            } => {
                let Some(kind) = self.kind_of_letter(piece) else {
                    return Vec::new();
                };
                let kind = kind as u8;
                let mut moves = self.legal_moves();
                moves.retain(|m| m.to == to && matches!(m.kind, Effect::Drop { .. }));
                // `+L@b1` names the piece in hand; `G@b1` the piece put
                // down: one in hand, else one put down promoted to it (a
                // lance to a gold, as Fairy-Stockfish's SAN writes it).
                let held = |m: &Move| matches!(m.kind, Effect::Drop { kind: k } if k == kind);
                if promoted {
                    moves.retain(|m| m.promotion.is_some() && held(m));
                } else if moves.iter().any(|m| m.promotion.is_none() && held(m)) {
                    moves.retain(|m| m.promotion.is_none() && held(m));
                } else {
                    moves.retain(|m| m.promotion == Some(kind));
                }
                moves
            }
        }
    }

    /// The legal moves of the pieces of the side to move whose cells
    /// `pick` accepts, to `to` if given: each tried on a scratch board.
    fn legal_of(&self, pick: impl Fn(usize) -> bool, to: Option<Square>) -> Vec<Move> {
        let (t, s) = (&*self.tables, &self.s);
        if crate::legality::ended(self.rules, t, s).is_some() {
            return Vec::new();
        }
        if crate::legality::sifted(self.rules)
            || t.walling()
            || self.rules.moves_of_its_own()
            || crate::passing::bikjang(self.rules, t, s)
        {
            // Which moves are legal depends on the others (or each is
            // one per square its wall may go to).
            // (A drop's square is empty: not a piece's move.)
            let mut out = self.legal_moves();
            out.retain(|m| {
                !matches!(m.kind, Effect::Drop { .. })
                    && pick(cell_of(m.from))
                    && to.is_none_or(|to| m.to == to)
            });
            return out;
        }
        let ep = s.en_passant;
        let royals = Royals::of(&self.tables, s);
        let mut out = Vec::new();
        for (word, &bits) in crate::legality::movable(self.rules, t, s)
            .iter()
            .enumerate()
        {
            let mut bits = bits;
            while bits != 0 {
                let from = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if pick(from) {
                    piece_moves(self.rules, t, s, &mut out, from, ep);
                }
            }
        }
        if let Some(to) = to {
            out.retain(|m| m.to == to);
        }
        let mut scratch = s.cells;
        out.retain(|&m| allowed(t, s, &mut scratch, &royals, m));
        // (A pass is its royal or first piece's: legal out of check where
        // the side may pass, or as its only move where it passes then.)
        let side = s.turn.index();
        if let Some(pass) = crate::passing::passing(t, s)
            && pick(cell_of(pass.from))
            && to.is_none_or(|to| pass.to == to)
            && if self.rules.pass[side] {
                !crate::position::in_check(t, s, s.turn)
            } else {
                self.rules.pass_on_stalemate[side] && self.legal_moves() == [pass]
            }
        {
            out.push(pass);
        }
        out
    }

    /// The legal move `text` means: coordinates as CustomChessKell's CLI
    /// takes them (`a2 a3`, `a2a3`, `a2-a3`, a promotion letter after), or
    /// SAN with the rule set's letters (`+`, `#`, `!`, `?` after it are
    /// ignored); see [`MoveText`]. `None` if it means no legal move, or
    /// more than one.
    ///
    /// ```
    /// use chess_rules::{Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let e4 = start.parse_move("e2 e4").unwrap();
    /// assert_eq!(start.parse_move("e4"), Some(e4));
    /// assert_eq!(start.parse_move("e2-e4"), Some(e4));
    /// assert_eq!(start.san(start.parse_move("g1f3").unwrap()), "Nf3");
    /// assert_eq!(start.parse_move("e5"), None);
    /// ```
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let text = text.trim().trim_end_matches(['#', '!', '?']);
        // Coordinates ending in `+`: a shogi-style promotion if the piece
        // may promote so, else a check sign.
        if let Some((t @ MoveText::Coordinates { .. }, wall)) = MoveText::read_walled(text)
            && let [m] = self.matching_walled(&t, wall)[..]
        {
            return Some(m);
        }
        let (text, wall) = MoveText::read_walled(text.trim_end_matches(['+', '#']))?;
        match self.matching_walled(&text, wall).as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }

    /// The legal moves `text` may mean ([`Position::matching`]) that put
    /// their wall on `wall` ([`MoveText::read_walled`]); with no wall
    /// written, all of them (under a rule set that puts walls, one for
    /// each square the wall may go to). Where the wall is put down instead
    /// of a move ([`Walling::or_move`](crate::Walling::or_move)), a move
    /// that puts none is read with the wall Fairy-Stockfish writes after
    /// it, on a1 (`e4,a1`: it writes every move with a wall there).
    pub fn matching_walled(&self, text: &MoveText, wall: Option<Square>) -> Vec<Move> {
        let mut moves = self.matching(text);
        let or_move = self.rules.walling.as_ref().is_some_and(|w| w.or_move);
        if wall.is_some() {
            moves.retain(|m| {
                m.wall == wall
                    || (or_move
                        && m.wall.is_none()
                        && m.kind != Effect::Pass
                        && wall == Some(Square::new(0, 0)))
            });
        } else if or_move && moves.iter().any(|m| m.wall.is_none()) {
            // (No wall written: the move that puts none, a side's own
            // pass beside the one that puts a wall down.)
            moves.retain(|m| m.wall.is_none());
        }
        moves
    }

    /// Where a move's coordinates say it goes: its destination, or for a
    /// castling whose king goes where it could also step (the same
    /// castling with the duck put elsewhere is no step), or any castling
    /// under [`Rules::chess960`](crate::Rules::chess960), the rook's square
    /// (as Chess960's UCI writes every castling: `h8i8` is the step,
    /// `h8j8` the castling with the rook on j8).
    pub fn uci_target(&self, m: Move) -> Square {
        match m.kind {
            Effect::Castle { rook_from, .. } if self.rules.chess960 => rook_from,
            Effect::Castle { rook_from, .. }
                if self.legal_moves().iter().any(|o| {
                    !matches!(o.kind, Effect::Castle { .. }) && o.from == m.from && o.to == m.to
                }) =>
            {
                rook_from
            }
            _ => m.to,
        }
    }

    /// A move in UCI-like coordinates (`e2e4`, `j9j10`, `e7e8q`; castling
    /// as the king's move, or as the king taking its rook where the king's
    /// move could also be a step: [`Position::uci_target`]).
    pub fn uci(&self, m: Move) -> String {
        if let Effect::Drop { kind } = m.kind {
            let letter = self.rules.pieces[usize::from(kind)].letter;
            let plus = if m.promotion.is_some() { "+" } else { "" };
            return format!("{plus}{letter}@{}", m.to);
        }
        let mut out = match (m.kind, m.gate) {
            // (Gating on the rook's square: from it to the king's, `h1e1h`.)
            (Effect::Castle { rook_from, .. }, Some(gate)) if gate.square == rook_from => {
                format!("{rook_from}{}", m.from)
            }
            _ => format!("{}{}", m.from, self.uci_target(m)),
        };
        match (m.kind, m.promotion.or(m.gate.map(|g| g.kind))) {
            (Effect::Promote, _) => out.push('+'),
            (Effect::Demote, _) => out.push('-'),
            (_, Some(kind)) => {
                out.push(self.rules.pieces[kind as usize].letter.to_ascii_lowercase());
            }
            (_, None) => {}
        }
        // The wall, after the move's destination: `e2e4,e4e5`.
        if let Some(wall) = m.wall {
            out.push_str(&format!(",{}{wall}", self.uci_target(m)));
        }
        out
    }

    /// `m` in standard algebraic notation with the rule set's letters:
    /// the piece's letter (none for a pawn), the file, rank or square
    /// that tells it from another piece of its kind that could go there,
    /// `x` for a capture, the square (`j10`), `=` and the promotion,
    /// `O-O` or `O-O-O` for castling, `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut out = String::new();
        if let Effect::Drop { kind } = m.kind {
            // The piece's letter, a pawn's too: `P@e4` (its second letter
            // where it has one, as Fairy-Stockfish writes it: `H@a2`).
            // Put down promoted: the piece it is, `G@b1`, unless that
            // piece could be dropped there from hand too: then the piece
            // in hand, `+L@b1`.
            let put = m.promotion.unwrap_or(kind);
            let plain = Move {
                promotion: None,
                kind: Effect::Drop { kind: put },
                ..m
            };
            let shown = if m.promotion.is_some() && self.legal_moves().contains(&plain) {
                out.push('+');
                kind
            } else {
                put
            };
            let def = &self.rules.pieces[usize::from(shown)];
            out.push(def.synonym.unwrap_or(def.letter));
            out.push('@');
            out.push_str(&m.to.to_string());
            self.push_check(m, &mut out);
            return out;
        }
        let piece = self.piece_at(m.from).expect("a legal move's piece");
        let def = &self.rules.pieces[piece.kind as usize];
        // (A pass is written as the royal piece's move to its own square,
        // `Ke2`, as Fairy-Stockfish writes it.)
        // (Nor is a promotion where the pawn stands, sittuyin's `d5=F`.)
        let capture = (self.piece_at(m.to).is_some() && m.kind != Effect::Pass && m.to != m.from)
            || matches!(m.kind, Effect::EnPassant { .. });
        // Others of the kind that could go there too (putting their wall
        // on the same square, where walls are put: Fairy-Stockfish tells
        // `Qej8,f8` from `Qjj8,f8` but writes `Qj8,c8`).
        let others = || -> Vec<Square> {
            self.legal_moves()
                .into_iter()
                .filter(|o| {
                    o.to == m.to
                        && o.wall == m.wall
                        && o.from != m.from
                        && !matches!(o.kind, Effect::Castle { .. })
                        && self.piece_at(o.from) == Some(piece)
                        // (A sittuyin promotion, written with both squares,
                        // is no pawn's step there.)
                        && !(self.rules.sittuyin_promotion && o.promotion.is_some())
                })
                .map(|o| o.from)
                .collect()
        };
        // The pawn is written without its letter, its captures with the
        // file it leaves; any other piece moving as a pawn (a custom piece
        // written `p`, as Berolina's) with its letter, `Pcd3`, as
        // Fairy-Stockfish writes them.
        let letterless = def.is_the_pawn();
        if let Effect::Castle { rook_from, .. } = m.kind {
            out.push_str(if rook_from.file > m.from.file {
                "O-O"
            } else {
                "O-O-O"
            });
        } else if letterless
            && self.rules.sittuyin_promotion
            && m.promotion.is_some()
            && m.from != m.to
        {
            // (A sittuyin promotion to a square beside: both squares,
            // `d5c4=F`, as Fairy-Stockfish writes it.)
            out.push_str(&m.from.to_string());
            out.push_str(&m.to.to_string());
        } else if letterless && capture {
            out.push(char::from(b'a' + m.from.file));
            out.push('x');
            out.push_str(&m.to.to_string());
        } else {
            if !letterless {
                out.push(def.synonym.unwrap_or(def.letter));
            }
            let others = others();
            if !others.is_empty() {
                let file_unique = others.iter().all(|o| o.file != m.from.file);
                let rank_unique = others.iter().all(|o| o.rank != m.from.rank);
                if file_unique {
                    out.push(char::from(b'a' + m.from.file));
                } else if rank_unique {
                    out.push_str(&(u32::from(m.from.rank) + 1).to_string());
                } else {
                    out.push_str(&m.from.to_string());
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&m.to.to_string());
        }
        if let Some(kind) = m.promotion {
            out.push('=');
            // (`=+Q` for a pawn's shogi-style promotion where it may also
            // become the piece as a pawn does, `=Q`: pyffish writes both
            // `=Q`.)
            let twin = |o: &Move| o.kind == Effect::Normal && o.promotion == m.promotion;
            if m.kind == Effect::Promote
                && self
                    .legal_moves()
                    .iter()
                    .any(|o| o.from == m.from && o.to == m.to && twin(o))
            {
                out.push('+');
            }
            out.push(self.rules.pieces[kind as usize].letter);
        }
        // The piece put on a gate: `Nf3/H`, and a castling's square,
        // `O-O/He1`.
        if let Some(gate) = m.gate {
            out.push('/');
            out.push(self.rules.pieces[usize::from(gate.kind)].letter);
            if matches!(m.kind, Effect::Castle { .. }) {
                out.push_str(&gate.square.to_string());
            }
        }
        // The wall, after a comma: `Qh5,e2+`.
        if let Some(wall) = m.wall {
            out.push(',');
            out.push_str(&wall.to_string());
        }
        self.push_check(m, &mut out);
        out
    }

    /// `+` or `#` after `m` in SAN, if it gives check.
    fn push_check(&self, m: Move, out: &mut String) {
        let after = self.play(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    #[test]
    fn every_form_reads() {
        let san = |piece, file, rank, capture, to: &str, promotion| MoveText::San {
            piece,
            file,
            rank,
            capture,
            to: sq(to),
            promotion,
            gate: None,
        };
        assert_eq!(
            MoveText::read("e4"),
            Some(san(None, None, None, false, "e4", None))
        );
        assert_eq!(
            MoveText::read("exd5"),
            Some(san(None, Some(4), None, true, "d5", None))
        );
        assert_eq!(
            MoveText::read("Pxa3"),
            Some(san(Some('P'), None, None, true, "a3", None))
        );
        assert_eq!(
            MoveText::read("R1a3"),
            Some(san(Some('R'), None, Some(0), false, "a3", None))
        );
        assert_eq!(
            MoveText::read("R12a3"),
            Some(san(Some('R'), None, Some(11), false, "a3", None))
        );
        assert_eq!(
            MoveText::read("Nb1c3"),
            Some(san(Some('N'), Some(1), Some(0), false, "c3", None))
        );
        assert_eq!(
            MoveText::read("e8=Q"),
            Some(san(None, None, None, false, "e8", Some('Q')))
        );
        assert_eq!(
            MoveText::read("p16"),
            Some(san(None, None, None, false, "p16", None))
        );
        let coordinates = |from: &str, to: &str, promotion| MoveText::Coordinates {
            from: sq(from),
            to: sq(to),
            promotion,
        };
        for text in ["a2a3", "a2-a3", "a2 a3", "a2 - a3", "a2xa3"] {
            assert_eq!(
                MoveText::read(text),
                Some(coordinates("a2", "a3", None)),
                "{text}"
            );
        }
        assert_eq!(
            MoveText::read("j9j10"),
            Some(coordinates("j9", "j10", None))
        );
        assert_eq!(
            MoveText::read("e7e8=q"),
            Some(coordinates("e7", "e8", Some('Q')))
        );
        assert_eq!(
            MoveText::read("0-0"),
            Some(MoveText::Castle {
                king_side: true,
                gate: None
            })
        );
        // A piece put on a gate: after the move, or a castling's square.
        let gate = |piece, square: Option<&str>| {
            Some(GateText {
                piece,
                square: square.map(sq),
            })
        };
        assert_eq!(
            MoveText::read("Nf3/H"),
            Some(MoveText::San {
                piece: Some('N'),
                file: None,
                rank: None,
                capture: false,
                to: sq("f3"),
                promotion: None,
                gate: gate('H', None),
            })
        );
        assert_eq!(
            MoveText::read("O-O-O/Ea1"),
            Some(MoveText::Castle {
                king_side: false,
                gate: gate('E', Some("a1"))
            })
        );
        for bad in ["Nf3/", "Nf3/h", "Nf3/Hz9", "Nf3/Hh1x", "N@f3/H", "/H"] {
            assert_eq!(MoveText::read(bad), None, "{bad}");
        }
        assert_eq!(
            MoveText::read("@e6"),
            Some(MoveText::Drop {
                piece: None,
                to: sq("e6"),
                promoted: false,
            })
        );
        assert_eq!(MoveText::read("e4 Nf3"), None);
        for bad in [
            "", "zz9", "e0", "e17", "a01", "Nq3", "x", "e4 e5 e6", "e4 Nf3", "N@", "n@e4", "e4@",
            "e2e4qq", "Nf3x", "R0a3", "e4-", "+l@f3", "++L@f3", "+@f3",
        ] {
            assert_eq!(MoveText::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn origins_are_the_squares_a_move_may_be_made_from() {
        let chess = crate::Rules::chess();
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/4P3/1N2KN2 w - - 0 1").unwrap();
        let origins = |text: &str| {
            let mut found: Vec<String> = pos
                .origins(&MoveText::read(text).unwrap())
                .into_iter()
                .map(|(from, to)| format!("{from}{to}"))
                .collect();
            found.sort();
            found
        };
        // Every white knight, or those on the file or rank written.
        assert_eq!(origins("Nd2"), ["b1d2", "f1d2"]);
        assert_eq!(origins("Nbd2"), ["b1d2"]);
        assert_eq!(origins("N1d2"), ["b1d2", "f1d2"]);
        assert_eq!(origins("Nb1d2"), ["b1d2"]);
        assert_eq!(origins("N2d2"), Vec::<String>::new());
        // A pawn, with or without a letter for it.
        assert_eq!(origins("e4"), ["e2e4"]);
        // Coordinates name their square, whatever stands there.
        assert_eq!(origins("a1a2"), ["a1a2"]);
        // No letter of the rule set, castling and drops: none.
        assert_eq!(origins("Jd2"), Vec::<String>::new());
        assert_eq!(origins("O-O"), Vec::<String>::new());
        assert_eq!(origins("N@d4"), Vec::<String>::new());
        // Black's pieces are not White's.
        assert_eq!(origins("Kd1"), ["e1d1"]);
        let black = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/1N2KN2 b - - 0 1").unwrap();
        assert_eq!(black.origins(&MoveText::read("Nd2").unwrap()), []);
    }
}
