//! The rules a game is replayed under: shakmaty's standard chess, or any
//! of the variants it plays (through `VariantPosition`). Standard chess
//! takes the fast paths: a move is legal exactly when the mover's king is
//! not attacked after it, and nothing but checkmate, stalemate and the
//! draws ends a game.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};

/// A position the replay can play through; see the [module](self).
pub trait Rules: Position + Clone {
    /// Standard chess (or Chess960): the replay may find a move with
    /// attack tables alone and needs to ask for no variant's end.
    const STANDARD: bool;

    /// The variant's own end, if the position is one: the winner (`None`
    /// for a draw) and how.
    fn variant_end(&self) -> Option<(Option<Color>, VariantEnd)>;

    /// The rules, by name.
    fn variant(&self) -> Variant;
}

/// How a variant's own rule ended a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VariantEnd {
    /// King of the Hill: a king reached d4, e4, d5 or e5.
    Hill,
    /// Three-check: the third check.
    ThirdCheck,
    /// Atomic: a king exploded.
    Exploded,
    /// Antichess: the winner has no piece left.
    NoPieces,
    /// Antichess: the winner has no legal move.
    NoMoves,
    /// Horde: every white piece was captured.
    HordeCaptured,
    /// Racing Kings: a king reached the eighth rank (both: a draw).
    EighthRank,
}

impl Rules for Chess {
    const STANDARD: bool = true;

    fn variant(&self) -> Variant {
        Variant::Chess
    }

    #[inline(always)]
    fn variant_end(&self) -> Option<(Option<Color>, VariantEnd)> {
        None
    }
}

impl Rules for VariantPosition {
    const STANDARD: bool = false;

    fn variant(&self) -> Variant {
        VariantPosition::variant(self)
    }

    fn variant_end(&self) -> Option<(Option<Color>, VariantEnd)> {
        let winner = match self.variant_outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) => Some(winner),
            Outcome::Known(KnownOutcome::Draw) => None,
            Outcome::Unknown => return None,
        };
        let how = match self {
            VariantPosition::KingOfTheHill(_) => VariantEnd::Hill,
            VariantPosition::ThreeCheck(_) => VariantEnd::ThirdCheck,
            VariantPosition::Atomic(_) => VariantEnd::Exploded,
            VariantPosition::Antichess(p) if p.us().is_empty() => VariantEnd::NoPieces,
            VariantPosition::Antichess(_) => VariantEnd::NoMoves,
            VariantPosition::Horde(_) => VariantEnd::HordeCaptured,
            VariantPosition::RacingKings(_) => VariantEnd::EighthRank,
            // No other variant has an end of its own.
            VariantPosition::Chess(_) | VariantPosition::Crazyhouse(_) => return None,
        };
        Some((winner, how))
    }
}
