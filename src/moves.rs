//! Verified moves and their packed representation.

use core::fmt;

use crate::{CastlingSide, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the special kinds below (captures and
    /// promotions included).
    Normal,
    /// A pawn's two-square advance from its starting rank.
    DoublePush,
    /// A pawn capturing *en passant*; the captured pawn is not on `to`.
    EnPassant,
    /// Castling. The move's `to` is the king's destination.
    Castle {
        /// Which side the king castles towards.
        side: CastlingSide,
        /// The square the castling rook starts on.
        rook: Square,
    },
}

/// A legal move, as verified at compile time.
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
    /// Normal, double push, en passant or castling.
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

    /// `true` for pawn moves and captures, which reset the 50/75-move counter.
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role, Role::Pawn) || self.capture.is_some()
    }

    /// The move in UCI notation (`e2e4`, `e7e8q`). Castling is written as the
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
        }
    }

    /// Decodes the 27 low bits of a ply as the macros pack it (see
    /// `Game::__new`). Returns `None` for bits no macro emits.
    #[doc(hidden)]
    pub const fn __decode(bits: u32) -> Option<Move> {
        let from = match Square::new((bits & 63) as u8) {
            Some(sq) => sq,
            None => return None,
        };
        let target = match Square::new(((bits >> 6) & 63) as u8) {
            Some(sq) => sq,
            None => return None,
        };
        let role = match Role::from_code(((bits >> 14) & 7) as u8) {
            Some(role) => role,
            None => return None,
        };
        let capture = Role::from_code(((bits >> 17) & 7) as u8);
        let promotion = Role::from_code(((bits >> 20) & 7) as u8);
        let (kind, to) = match (bits >> 12) & 3 {
            0 => (MoveKind::Normal, target),
            1 => (MoveKind::DoublePush, target),
            2 => (MoveKind::EnPassant, target),
            _ => {
                let side = if (target.index() & 7) > (from.index() & 7) {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let king_to = Square::from_coords(side.king_to_file(), from.rank());
                (MoveKind::Castle { side, rook: target }, king_to)
            }
        };
        Some(Move {
            role,
            from,
            to,
            capture,
            promotion,
            kind,
        })
    }
}

/// A move in Standard Algebraic Notation with its `+` or `#`, as the game
/// record writes it (`Nf3`, `exd5`, `Nbd7`, `e8=Q+`, `O-O-O#`).
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
    /// to tell it from other moves, and its check (1) or mate (2) suffix.
    pub(crate) fn new(m: &Move, file: bool, rank: bool, suffix: u8) -> San {
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
            1 => push('+'),
            2 => push('#'),
            _ => {}
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

/// A move in UCI notation; see [`Move::uci`]. Formats as `e2e4` or `e7e8q`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// Origin square.
    pub from: Square,
    /// Destination square (the rook's square for Chess960 castling).
    pub to: Square,
    /// Promotion piece, if any.
    pub promotion: Option<Role>,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            fmt::Write::write_char(f, role.lower_char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    fn bits(
        from: Square,
        target: Square,
        kind: u32,
        role: u32,
        capture: u32,
        promotion: u32,
    ) -> u32 {
        u32::from(from.index())
            | u32::from(target.index()) << 6
            | kind << 12
            | role << 14
            | capture << 17
            | promotion << 20
    }

    #[test]
    fn decodes_every_kind() {
        let m = Move::__decode(bits(Square::E2, Square::E4, 1, 1, 0, 0)).unwrap();
        assert_eq!(m.kind, MoveKind::DoublePush);
        assert_eq!((m.from, m.to, m.role), (Square::E2, Square::E4, Role::Pawn));
        let m = Move::__decode(bits(Square::E5, Square::D6, 2, 1, 1, 0)).unwrap();
        assert_eq!(m.kind, MoveKind::EnPassant);
        assert_eq!(m.capture, Some(Role::Pawn));
        let m = Move::__decode(bits(Square::E8, Square::A8, 3, 6, 0, 0)).unwrap();
        assert_eq!(
            m.kind,
            MoveKind::Castle {
                side: CastlingSide::QueenSide,
                rook: Square::A8
            }
        );
        assert_eq!(m.to, Square::C8);
        assert_eq!(m.uci(false).to_string(), "e8c8");
        assert_eq!(m.uci(true).to_string(), "e8a8");
        let m = Move::__decode(bits(Square::B7, Square::A8, 0, 1, 4, 2)).unwrap();
        assert_eq!(m.promotion, Some(Role::Knight));
        assert_eq!(m.capture, Some(Role::Rook));
        assert_eq!(m.uci(false).to_string(), "b7a8n");
        assert_eq!(San::new(&m, false, false, 1), "bxa8=N+");
        assert_eq!(
            Move::__decode(bits(Square::A1, Square::B1, 0, 0, 0, 0)),
            None
        );
    }

    #[test]
    fn san_disambiguation_and_suffixes() {
        let m = Move::__decode(bits(Square::B1, Square::D2, 0, 2, 0, 0)).unwrap();
        assert_eq!(San::new(&m, false, false, 0), "Nd2");
        assert_eq!(San::new(&m, true, false, 0), "Nbd2");
        assert_eq!(San::new(&m, false, true, 0), "N1d2");
        assert_eq!(San::new(&m, true, true, 2), "Nb1d2#");
        let castle = Move::__decode(bits(Square::E1, Square::H1, 3, 6, 0, 0)).unwrap();
        assert_eq!(San::new(&castle, false, false, 1).to_string(), "O-O+");
    }
}
