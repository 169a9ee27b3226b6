//! The rules a game is replayed under: shakmaty's standard chess, or any
//! of the variants it plays (through `VariantPosition`). Standard chess
//! takes the fast paths: a move is legal exactly when the mover's king is
//! not attacked after it, and nothing but checkmate, stalemate and the
//! draws ends a game.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Chess, Color, KnownOutcome, MoveList, Outcome, Position, Role, Square};

/// A position the replay can play through: shakmaty's `Chess` (which takes
/// the fast paths) or a `VariantPosition` (whose own ends end a game).
pub trait Rules: Position + Clone {
    /// Standard chess (or Chess960): the replay may find a move with
    /// attack tables alone and needs to ask for no variant's end.
    const STANDARD: bool;

    /// The variant's own end, if the position is one: the winner (`None`
    /// for a draw) and how.
    fn variant_end(&self) -> Option<(Option<Color>, VariantEnd)>;

    /// The rules, by name.
    fn variant(&self) -> Variant;

    /// Whether the replay may find a move with attack tables alone
    /// ([`TableLookup`]): always in standard chess.
    #[inline(always)]
    fn table_lookup(&self) -> TableLookup {
        TableLookup::Any
    }

    /// The legal moves of a `role` to `to` (castling aside): shakmaty's
    /// `san_candidates`, or for the variants whose shakmaty positions make
    /// every legal move for it, the same found from that square
    /// (`replay/candidates.rs`).
    #[inline(always)]
    fn candidates(&self, role: Role, to: Square) -> MoveList {
        self.san_candidates(role, to)
    }
}

/// When a move found with attack tables (`replay/resolve.rs`'s
/// one reaching piece whose king is not attacked after the move, or which
/// has no king) is legal under the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableLookup {
    /// Always: standard chess, Crazyhouse, King of the Hill, Three-check,
    /// Horde (whose games end before a move is asked for once their own
    /// end is reached).
    Any,
    /// When it captures nothing (Atomic: no explosion, and a king safe by
    /// standard rules is safe there too).
    Quiet,
    /// When it does not check the other king (Racing Kings).
    NoCheck,
    /// Never (Antichess: captures are compulsory, and no king is safe).
    None,
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

    fn table_lookup(&self) -> TableLookup {
        match self {
            VariantPosition::Chess(_)
            | VariantPosition::Crazyhouse(_)
            | VariantPosition::KingOfTheHill(_)
            | VariantPosition::ThreeCheck(_)
            | VariantPosition::Horde(_) => TableLookup::Any,
            VariantPosition::Atomic(_) => TableLookup::Quiet,
            VariantPosition::RacingKings(_) => TableLookup::NoCheck,
            VariantPosition::Antichess(_) => TableLookup::None,
        }
    }

    fn candidates(&self, role: Role, to: Square) -> MoveList {
        super::candidates::candidates(self, role, to)
    }

    fn variant_end(&self) -> Option<(Option<Color>, VariantEnd)> {
        // Antichess: shakmaty asks for a stalemate by legal moves; whether
        // anything can move at all is enough.
        if let VariantPosition::Antichess(p) = self {
            let how = if p.us().is_empty() {
                VariantEnd::NoPieces
            } else if !super::candidates::antichess_can_move(self) {
                VariantEnd::NoMoves
            } else {
                return None;
            };
            return Some((Some(self.turn()), how));
        }
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
