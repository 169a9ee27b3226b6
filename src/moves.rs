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

    /// Decodes one move from the three bytes the macros emit per ply.
    ///
    /// Returns `None` for bytes that no macro emits.
    #[doc(hidden)]
    pub const fn __unpack(b: [u8; 3]) -> Option<Move> {
        let from = match Square::new(b[0] & 63) {
            Some(sq) => sq,
            None => return None,
        };
        let target = match Square::new(b[1] & 63) {
            Some(sq) => sq,
            None => return None,
        };
        let role = match Role::from_code(b[2] & 7) {
            Some(role) => role,
            None => return None,
        };
        let capture = Role::from_code((b[2] >> 3) & 7);
        let promotion = if b[2] & 0x40 != 0 {
            Some(match b[1] >> 6 {
                0 => Role::Knight,
                1 => Role::Bishop,
                2 => Role::Rook,
                _ => Role::Queen,
            })
        } else {
            None
        };
        let (kind, to) = match b[0] >> 6 {
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

    #[test]
    fn unpacks_every_kind() {
        // e2e4 double push
        let m = Move::__unpack([12 | (1 << 6), 28, 1]).unwrap();
        assert_eq!(m.kind, MoveKind::DoublePush);
        assert_eq!((m.from, m.to, m.role), (Square::E2, Square::E4, Role::Pawn));
        // exd6 en passant
        let m = Move::__unpack([
            Square::E5.index() | (2 << 6),
            Square::D6.index(),
            1 | (1 << 3),
        ])
        .unwrap();
        assert_eq!(m.kind, MoveKind::EnPassant);
        assert_eq!(m.capture, Some(Role::Pawn));
        // O-O-O for black: king e8, rook a8
        let m = Move::__unpack([Square::E8.index() | (3 << 6), Square::A8.index(), 6]).unwrap();
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
        // bxa8=N capturing a rook
        let m =
            Move::__unpack([Square::B7.index(), Square::A8.index(), 1 | (4 << 3) | 0x40]).unwrap();
        assert_eq!(m.promotion, Some(Role::Knight));
        assert_eq!(m.capture, Some(Role::Rook));
        assert_eq!(m.uci(false).to_string(), "b7a8n");
        // role 0 is not a piece
        assert_eq!(Move::__unpack([0, 1, 0]), None);
    }
}
