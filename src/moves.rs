//! Verified moves and their packed representation.

use core::fmt;

use crate::{MoveKind, Role, Square};

/// A legal move, as verified at compile time.
///
/// ```
/// use verified_chess::{game, Role, Square};
///
/// let g = game! { 1. e4 d5 2. exd5 };
/// let capture = g.move_at(2).unwrap();
/// assert_eq!((capture.role, capture.from, capture.to), (Role::Pawn, Square::E4, Square::D5));
/// assert_eq!(capture.capture, Some(Role::Pawn));
/// assert!(capture.is_capture() && capture.is_zeroing());
/// assert_eq!(capture.uci(false).to_string(), "e4d5");
///
/// // Its kind:
/// use verified_chess::{CastlingSide, MoveKind};
///
/// let g = game! { 1. e4 d5 2. e5 f5 3. exf6 e.p. Nc6 4. Nf3 Bg4 5. Bc4 Qd7 6. O-O O-O-O };
/// assert_eq!(g.move_at(0).unwrap().kind, MoveKind::DoublePush);
/// assert_eq!(g.move_at(2).unwrap().kind, MoveKind::Normal);
/// let ep = g.move_at(4).unwrap();
/// assert_eq!((ep.kind, ep.to), (MoveKind::EnPassant, Square::F6));
/// let long = g.move_at(11).unwrap();
/// assert_eq!(long.kind, MoveKind::Castle { side: CastlingSide::QueenSide, rook: Square::A8 });
/// assert_eq!((long.from, long.to), (Square::E8, Square::C8));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The kind of piece that moves (`King` for castling).
    pub role: Role,
    /// The square it leaves.
    pub from: Square,
    /// The square it lands on (for castling, the king's destination).
    pub to: Square,
    /// The kind of piece captured, if any (`Pawn` for en passant).
    pub capture: Option<Role>,
    /// The piece a pawn promotes to, if it promotes.
    pub promotion: Option<Role>,
    /// Normal, double push, en passant, castling or a drop.
    pub kind: MoveKind,
}

impl Move {
    /// `true` if the move captures a piece.
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// `true` if the move castles.
    pub const fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle { .. })
    }

    /// `true` if the move drops a piece from the pocket (Crazyhouse).
    pub const fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop)
    }

    /// `true` for pawn moves, pawn drops and captures, which reset the
    /// 50/75-move counter.
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role, Role::Pawn) || self.capture.is_some()
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`, a drop `N@f3`). Castling is written as the
    /// king's two-square move (`e1g1`) unless `chess960` is set, in which case
    /// it is written king-takes-rook (`e1h1`) as Chess960 engines expect.
    pub const fn uci(&self, chess960: bool) -> Uci {
        let to = match self.kind {
            MoveKind::Castle { rook, .. } if chess960 => rook,
            _ => self.to,
        };
        Uci {
            from: self.from,
            to,
            promotion: self.promotion,
            drop: match self.kind {
                MoveKind::Drop => Some(self.role),
                _ => None,
            },
        }
    }

    /// The move of a ply of a game's data, or `None` if the ply names no
    /// piece or square.
    pub(crate) const fn from_ply(ply: chess_format::Ply) -> Option<Move> {
        let (Some(from), Some(target), Some(role)) = (
            Square::new(ply.from),
            Square::new(ply.target),
            Role::from_code(ply.role),
        ) else {
            return None;
        };
        let capture = Role::from_code(ply.capture);
        let promotion = Role::from_code(ply.promotion);
        let from = match ply.kind {
            MoveKind::Drop => target,
            _ => from,
        };
        Some(Move {
            role,
            from,
            to: target,
            capture,
            promotion,
            kind: ply.kind,
        })
    }
}

/// A move in Standard Algebraic Notation with its `+` or `#`, as the game
/// record writes it (`Nf3`, `exd5`, `Nbd7`, `e8=Q+`, `O-O-O#`).
///
/// ```
/// use verified_chess::game;
///
/// let g = game! { 1. e4 d5 2. exd5 Nf6 3. Nc3 Nbd7 4. Bb5 a6 5. Bxd7+ };
/// let san = g.san(5).unwrap();
/// assert_eq!(san, "Nbd7");
/// assert_eq!(san.as_str().len(), 4);
/// assert_eq!(g.san(8).as_deref(), Some("Bxd7+"));
/// ```
///
/// Stored inline (no allocation); compare it with a `&str`, `Display` it,
/// or borrow it as a `&str` ([`San::as_str`], or through `Deref`, so
/// `game.san(0).as_deref()` is an `Option<&str>`).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; 8],
    len: u8,
}

impl San {
    /// SAN for `m`, given whether its origin file and rank must be written
    /// to tell it from other moves, and its check or mate suffix.
    pub(crate) fn new(m: &Move, file: bool, rank: bool, suffix: chess_format::Suffix) -> San {
        let mut san = San {
            bytes: [0; 8],
            len: 0,
        };
        let mut push = |c: char| {
            if (san.len as usize) < san.bytes.len() {
                san.bytes[san.len as usize] = c as u8;
                san.len += 1;
            }
        };
        match m.kind {
            MoveKind::Castle { side, .. } => side.san().chars().for_each(&mut push),
            // As shakmaty and python-chess write a drop: a pawn's without
            // its letter.
            MoveKind::Drop => {
                if m.role != Role::Pawn {
                    push(m.role.upper_char());
                }
                push('@');
                push(m.to.file().char());
                push(m.to.rank().char());
            }
            _ => {
                if m.role == Role::Pawn {
                    if m.capture.is_some() {
                        push(m.from.file().char());
                    }
                } else {
                    push(m.role.upper_char());
                    if file {
                        push(m.from.file().char());
                    }
                    if rank {
                        push(m.from.rank().char());
                    }
                }
                if m.capture.is_some() {
                    push('x');
                }
                push(m.to.file().char());
                push(m.to.rank().char());
                if let Some(p) = m.promotion {
                    push('=');
                    push(p.upper_char());
                }
            }
        }
        match suffix {
            chess_format::Suffix::Check => push('+'),
            chess_format::Suffix::Mate => push('#'),
            chess_format::Suffix::None => {}
        }
        san
    }

    /// A SAN text already checked to be one (ASCII, at most 8 bytes).
    pub(crate) fn from_ascii(text: &str) -> San {
        let mut san = San {
            bytes: [0; 8],
            len: 0,
        };
        for (slot, &b) in san.bytes.iter_mut().zip(text.as_bytes()) {
            *slot = b;
            san.len += 1;
        }
        san
    }

    /// The SAN text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever written.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for San {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for San {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<San> for &str {
    fn eq(&self, other: &San) -> bool {
        *self == other.as_str()
    }
}

impl core::ops::Deref for San {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for San {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A move in UCI notation; see [`Move::uci`]. Formats as `e2e4`, `e7e8q`
/// or, for a drop, `N@f3`.
///
/// ```
/// use verified_chess::{game, Square};
///
/// let g = game! { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O };
/// let castle = g.move_at(6).unwrap();
/// assert_eq!(castle.uci(false).to_string(), "e1g1");
/// // Chess960 engines expect king-takes-rook.
/// assert_eq!(castle.uci(true).to, Square::H1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// Origin square.
    pub from: Square,
    /// Destination square (the rook's square for Chess960 castling).
    pub to: Square,
    /// Promotion piece, if any.
    pub promotion: Option<Role>,
    /// The piece dropped, for a drop (`from` is then `to`).
    pub drop: Option<Role>,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(role) = self.drop {
            return write!(f, "{}@{}", role.upper_char(), self.to);
        }
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            fmt::Write::write_char(f, role.lower_char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chess_format::Suffix;
    use std::string::ToString;

    /// The ply of a move from `from` to `target` (the rook for castling).
    pub(crate) fn ply(
        from: Square,
        target: Square,
        kind: chess_format::MoveKind,
        role: Role,
        capture: Option<Role>,
        promotion: Option<Role>,
    ) -> chess_format::Ply {
        chess_format::Ply {
            from: from.index(),
            target: target.index(),
            kind,
            role: role as u8,
            capture: capture.map_or(0, |r| r as u8),
            promotion: promotion.map_or(0, |r| r as u8),
            san_file: false,
            san_rank: false,
            suffix: Suffix::None,
        }
    }

    /// A castling ply as the data holds it, the king's and the rook's
    /// squares, read back.
    fn castle(king: Square, rook: Square) -> chess_format::Ply {
        let kind = chess_format::MoveKind::Castle {
            side: crate::CastlingSide::KingSide,
            rook,
        };
        let written = ply(king, rook, kind, Role::King, None, None);
        chess_format::Ply::decode(&written.encode()).unwrap()
    }

    #[test]
    fn decodes_every_kind() {
        use chess_format::MoveKind as Kind;
        let m = Move::from_ply(ply(
            Square::E2,
            Square::E4,
            Kind::DoublePush,
            Role::Pawn,
            None,
            None,
        ))
        .unwrap();
        assert_eq!(m.kind, MoveKind::DoublePush);
        assert_eq!((m.from, m.to, m.role), (Square::E2, Square::E4, Role::Pawn));
        let ep = ply(
            Square::E5,
            Square::D6,
            Kind::EnPassant,
            Role::Pawn,
            Some(Role::Pawn),
            None,
        );
        let m = Move::from_ply(ep).unwrap();
        assert_eq!(m.kind, MoveKind::EnPassant);
        assert_eq!(m.capture, Some(Role::Pawn));
        let m = Move::from_ply(castle(Square::E8, Square::A8)).unwrap();
        assert_eq!(
            m.kind,
            MoveKind::Castle {
                side: crate::CastlingSide::QueenSide,
                rook: Square::A8
            }
        );
        assert_eq!(m.to, Square::C8);
        assert_eq!(m.uci(false).to_string(), "e8c8");
        assert_eq!(m.uci(true).to_string(), "e8a8");
        let promotion = ply(
            Square::B7,
            Square::A8,
            Kind::Normal,
            Role::Pawn,
            Some(Role::Rook),
            Some(Role::Knight),
        );
        let m = Move::from_ply(promotion).unwrap();
        assert_eq!(m.promotion, Some(Role::Knight));
        assert_eq!(m.capture, Some(Role::Rook));
        assert_eq!(m.uci(false).to_string(), "b7a8n");
        assert_eq!(San::new(&m, false, false, Suffix::Check), "bxa8=N+");
        let drop = ply(Square::A1, Square::F3, Kind::Drop, Role::Knight, None, None);
        let m = Move::from_ply(drop).unwrap();
        assert_eq!(
            (m.kind, m.from, m.to),
            (MoveKind::Drop, Square::F3, Square::F3)
        );
        assert_eq!(m.uci(false).to_string(), "N@f3");
        assert_eq!(San::new(&m, true, true, Suffix::Check), "N@f3+");
        let pawn = Move {
            role: Role::Pawn,
            ..m
        };
        assert_eq!(San::new(&pawn, false, false, Suffix::None), "@f3");
        assert_eq!(pawn.uci(false).to_string(), "P@f3");
        let mut nothing = ply(Square::A1, Square::B1, Kind::Normal, Role::Pawn, None, None);
        nothing.role = 0;
        assert_eq!(Move::from_ply(nothing), None);
    }

    #[test]
    fn san_disambiguation_and_suffixes() {
        use chess_format::MoveKind as Kind;
        let m = Move::from_ply(ply(
            Square::B1,
            Square::D2,
            Kind::Normal,
            Role::Knight,
            None,
            None,
        ))
        .unwrap();
        assert_eq!(San::new(&m, false, false, Suffix::None), "Nd2");
        assert_eq!(San::new(&m, true, false, Suffix::None), "Nbd2");
        assert_eq!(San::new(&m, false, true, Suffix::None), "N1d2");
        assert_eq!(San::new(&m, true, true, Suffix::Mate), "Nb1d2#");
        let castle = Move::from_ply(castle(Square::E1, Square::H1)).unwrap();
        assert_eq!(
            San::new(&castle, false, false, Suffix::Check).to_string(),
            "O-O+"
        );
    }
}
