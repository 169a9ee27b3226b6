//! Facts about played moves that a later explanation may need: which ply
//! it was (`23... Qxh2#`), how a castling right was lost.

use chess_format::MoveLabel;
use shakmaty::{CastlingSide, Color, Move};

use super::san::SanBits;
use crate::input::Range;

/// A played ply, for messages: `23... Qxh2#` (written only when a message
/// needs it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyRef {
    /// The move number.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub m: Move,
    /// Its canonical SAN.
    pub san: SanBits,
    /// Where it is written (for pointing at it).
    pub range: Option<Range>,
}

impl std::fmt::Display for PlyRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let san = self.san.san_plus(self.m);
        let label = MoveLabel::new(self.number, self.color == Color::Black);
        write!(f, "{}", label.before(san))
    }
}

/// How a castling right was lost, for explaining a later castling attempt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LostHow {
    /// The king moved.
    KingMoved,
    /// The side castled (on either side).
    Castled,
    /// The rook moved.
    RookMoved(shakmaty::Square),
    /// The rook was captured.
    RookCaptured(shakmaty::Square),
}

/// A lost castling right: how, and by which ply (e.g. `5. Ke2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LostRight {
    /// How.
    pub how: LostHow,
    /// The ply.
    pub by: PlyRef,
}

/// The castling rights lost during a line, by color and side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LostRights([Option<LostRight>; 4]);

impl LostRights {
    fn index(color: Color, side: CastlingSide) -> usize {
        usize::from(color == Color::Black) * 2 + usize::from(side == CastlingSide::QueenSide)
    }

    /// How `color` lost its right to castle towards `side`, if it was lost
    /// during the game.
    pub fn get(&self, color: Color, side: CastlingSide) -> Option<LostRight> {
        self.0[LostRights::index(color, side)]
    }

    /// Records the rights that `m`, played by `by`, took away: `before` are
    /// the castling rights before it, `after` the position after it.
    pub(crate) fn record(
        &mut self,
        before: &shakmaty::Castles,
        after: &shakmaty::Castles,
        by: PlyRef,
    ) {
        for color in [Color::White, Color::Black] {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                let Some(rook) = before.rook(color, side) else {
                    continue;
                };
                if after.has(color, side) {
                    continue;
                }
                let m = by.m;
                let how = if color == by.color && m.is_castle() {
                    LostHow::Castled
                } else if color == by.color && m.role() == shakmaty::Role::King {
                    LostHow::KingMoved
                } else if color == by.color && m.from() == Some(rook) {
                    LostHow::RookMoved(rook)
                } else {
                    LostHow::RookCaptured(rook)
                };
                self.0[LostRights::index(color, side)] = Some(LostRight { how, by });
            }
        }
    }
}
