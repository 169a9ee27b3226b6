//! Why a replay stopped, as data: the first problem in source order, with
//! what an explanation needs (the position, the ply as written, the record
//! so far). The replay words nothing; `explain` does.

use chess_format::Outcome;
use shakmaty::{Chess, Move, Role};

use crate::input::Range;
use crate::syntax::{Marker, MoveNumber, PlySyntax};

use super::ends::{EndInfo, WrongResult};
use super::numbering::{Expected, Numbering};
use super::played::{LostRights, PlyRef};

/// The first problem a replay met.
#[derive(Clone, Debug)]
pub enum Failure<P = Chess> {
    /// A move after the game ended.
    GameOver {
        /// The move.
        ply: PlySyntax,
        /// The position it was tried in.
        before: P,
        /// How the game ended.
        end: EndInfo,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// A move number that does not match the move after it.
    WrongNumber {
        /// The number as written.
        number: MoveNumber,
        /// The number it should be.
        expected: Expected,
        /// The position before the move.
        before: P,
    },
    /// A move that is not legal, or not one move, in `before`.
    Illegal {
        /// The move as written.
        ply: PlySyntax,
        /// The position it was tried in.
        before: P,
        /// How castling rights were lost so far.
        lost: LostRights,
        /// What resolving it found.
        why: Unresolved,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// `e.p.` written on a move that is not an en passant capture.
    NotEnPassant {
        /// The move as written.
        ply: PlySyntax,
        /// The position it was played in.
        before: P,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// A check or mate marker that is not true of its move.
    WrongMarker {
        /// The marker.
        marker: Marker,
        /// Where it is.
        range: Range,
        /// The move gives check.
        check: bool,
        /// The move mates (or wins by a variant's own rule).
        mate: bool,
        /// The variant's own end the move reached, which `#` marks as it
        /// does a mate.
        won: Option<Outcome>,
        /// The move, played.
        played: PlyRef,
        /// The move as written.
        text: Range,
    },
    /// A result written after the moves or in the `[Result]` tag that
    /// the game contradicts.
    WrongResult(WrongResult<Outcome>),
}

/// Why a written move resolves to no legal move, or to more than one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved {
    /// Nothing legal fits: the position says why.
    NoMatch,
    /// It fits exactly this legal move but for the capture sign.
    NothingToCapture(Move),
    /// Several legal moves fit (`matches`, among `candidates`).
    Ambiguous {
        /// The moves that fit.
        matches: Vec<Move>,
        /// The legal moves SAN tells them apart from.
        candidates: Vec<Move>,
    },
    /// A pawn reaches the last rank and no piece is named.
    PromotionMissing {
        /// The moves that fit, one per promotion piece.
        matches: Vec<Move>,
        /// The legal moves SAN tells them apart from.
        candidates: Vec<Move>,
    },
    /// A promotion to a piece no fitting move promotes to.
    BadPromotion {
        /// The piece named.
        wanted: Role,
        /// The moves that fit but for the promotion.
        matches: Vec<Move>,
        /// The legal moves SAN tells them apart from.
        candidates: Vec<Move>,
    },
}
