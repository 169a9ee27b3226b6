//! Canonical SAN kept as the few bits it adds to its move.
//!
//! Given the move, a SAN is fixed but for two choices: which parts of the
//! origin square a piece move writes to tell it from its rivals, and the
//! check or mate suffix. The replay keeps those bits for every ply (one
//! byte, where a [`SanPlus`] is seven) and spells the SAN out only when
//! something asks for it.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Move, Role};

/// What a move's canonical SAN adds to the move: origin file and rank of a
/// piece move that needs them, and the suffix.
///
/// ```
/// use chess_core::SanBits;
/// use shakmaty::san::Suffix;
/// use shakmaty::{Move, Role, Square};
///
/// let m = Move::Normal {
///     role: Role::Knight,
///     from: Square::B8,
///     capture: None,
///     to: Square::D7,
///     promotion: None,
/// };
/// let bits = SanBits::default().with_file().with_suffix(Some(Suffix::Check));
/// assert_eq!(bits.san_plus(m).to_string(), "Nbd7+");
/// assert_eq!(SanBits::default().san_plus(m).to_string(), "Nd7");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SanBits(u8);

impl SanBits {
    const FILE: u8 = 1;
    const RANK: u8 = 2;
    const CHECK: u8 = 4;
    const MATE: u8 = 8;

    /// The bits of `san` (a SAN of the move it will be spelled with).
    pub fn of(san: &SanPlus) -> SanBits {
        let origin = match san.san {
            San::Normal {
                role, file, rank, ..
            } if role != Role::Pawn => {
                (u8::from(file.is_some()) * SanBits::FILE)
                    | (u8::from(rank.is_some()) * SanBits::RANK)
            }
            _ => 0,
        };
        SanBits(origin).with_suffix(san.suffix)
    }

    /// With the origin's file written (a piece move with a rival).
    #[must_use]
    pub fn with_file(self) -> SanBits {
        SanBits(self.0 | SanBits::FILE)
    }

    /// With the origin's rank written.
    #[must_use]
    pub fn with_rank(self) -> SanBits {
        SanBits(self.0 | SanBits::RANK)
    }

    /// With this suffix instead of the one it had.
    #[must_use]
    pub fn with_suffix(self, suffix: Option<Suffix>) -> SanBits {
        let bits = match suffix {
            None => 0,
            Some(Suffix::Check) => SanBits::CHECK,
            Some(Suffix::Checkmate) => SanBits::MATE,
        };
        SanBits((self.0 & (SanBits::FILE | SanBits::RANK)) | bits)
    }

    /// The origin's file is written.
    pub fn file(self) -> bool {
        self.0 & SanBits::FILE != 0
    }

    /// The origin's rank is written.
    pub fn rank(self) -> bool {
        self.0 & SanBits::RANK != 0
    }

    /// The suffix.
    pub fn suffix(self) -> Option<Suffix> {
        if self.0 & SanBits::MATE != 0 {
            Some(Suffix::Checkmate)
        } else if self.0 & SanBits::CHECK != 0 {
            Some(Suffix::Check)
        } else {
            None
        }
    }

    /// The SAN of `m` that these bits describe (a pawn capture always
    /// writes its file; a pawn never writes its rank).
    pub fn san(self, m: Move) -> San {
        match m {
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role: Role::Pawn,
                file: capture.map(|_| from.file()),
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            },
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => San::Normal {
                role,
                file: self.file().then(|| from.file()),
                rank: self.rank().then(|| from.rank()),
                capture: capture.is_some(),
                to,
                promotion,
            },
            Move::EnPassant { from, to } => San::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Castle { king, rook } => {
                San::Castle(shakmaty::CastlingSide::from_king_side(king < rook))
            }
            Move::Put { role, to } => San::Put { role, to },
        }
    }

    /// [`SanBits::san`] with the suffix.
    pub fn san_plus(self, m: Move) -> SanPlus {
        SanPlus {
            san: self.san(m),
            suffix: self.suffix(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move of random games (castling, en passant, promotions,
    /// rivals on a file or a rank, checks and mates) spells out as
    /// shakmaty's SAN from its bits.
    #[test]
    fn bits_spell_shakmatys_san() {
        let checked = crate::testing::every_legal_move(5, 200, 200, |pos, m| {
            let san = SanPlus::from_move(pos.clone(), m);
            assert_eq!(SanBits::of(&san).san_plus(m), san, "{m:?}");
        });
        assert!(checked > 300_000, "{checked}");
    }

    #[test]
    fn suffix_is_replaced() {
        let mate = SanBits::default()
            .with_rank()
            .with_suffix(Some(Suffix::Check))
            .with_suffix(Some(Suffix::Checkmate));
        assert_eq!(mate.suffix(), Some(Suffix::Checkmate));
        assert!(mate.rank() && !mate.file());
        assert_eq!(mate.with_suffix(None).suffix(), None);
    }
}
