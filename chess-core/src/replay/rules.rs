//! The rules a game is replayed under: shakmaty's standard chess, or any
//! of the variants it plays (through `VariantPosition`). Standard chess
//! takes the fast paths: a move is legal exactly when the mover's king is
//! not attacked after it, and nothing but checkmate, stalemate and the
//! draws ends a game.

use chess_format::{DecisiveReason, DrawReason, Outcome};
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Chess, KnownOutcome, MoveList, Position, Role, Square};

/// A position the replay can play through: shakmaty's `Chess` (which takes
/// the fast paths) or a `VariantPosition` (whose own ends end a game).
pub trait Rules: Position + Clone {
    /// Standard chess (or Chess960): the replay may find a move with
    /// attack tables alone and needs to ask for no variant's end.
    const STANDARD: bool;

    /// The variant's own end, if the position is one.
    fn variant_end(&self) -> Option<Outcome>;

    /// The rules, by name.
    fn variant(&self) -> Variant;

    /// Whether the replay may find a move with attack tables alone
    /// ([`TableLookup`]): always in standard chess.
    #[inline(always)]
    fn table_lookup(&self) -> TableLookup {
        TableLookup::Any
    }

    /// Whether the side to move has a legal move. In standard chess a king
    /// with a square to step to that nothing attacks has one, which is
    /// most often so and asks for no list of moves.
    #[inline(always)]
    fn has_moves(&self) -> bool {
        (Self::STANDARD && king_can_step(self)) || !self.legal_moves().is_empty()
    }

    /// The legal moves of a `role` to `to` (castling aside): shakmaty's
    /// `san_candidates`, or for the variants whose shakmaty positions make
    /// every legal move for it, the same found from that square
    /// (`replay/candidates.rs`).
    #[inline(always)]
    fn candidates(&self, role: Role, to: Square) -> MoveList {
        self.san_candidates(role, to)
    }

    /// This position with the other side to move, if that is a legal
    /// position (not where the side to move is in check): for asking
    /// whether a move that is not legal was the other side's.
    fn swapped(&self) -> Option<Self>;
}

/// Whether the king of the side to move has a square to step to (empty or
/// the other side's) that nothing of the other side attacks once the king
/// has left its own: under standard rules, a legal move.
fn king_can_step<P: Position>(pos: &P) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied() ^ king;
    let steps = shakmaty::attacks::king_attacks(king) & !board.by_color(us);
    steps
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
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

impl Rules for Chess {
    const STANDARD: bool = true;

    fn variant(&self) -> Variant {
        Variant::Chess
    }

    #[inline(always)]
    fn variant_end(&self) -> Option<Outcome> {
        None
    }

    fn swapped(&self) -> Option<Self> {
        self.clone().swap_turn().ok()
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

    fn swapped(&self) -> Option<Self> {
        self.clone().swap_turn().ok()
    }

    fn variant_end(&self) -> Option<Outcome> {
        use DecisiveReason as Won;
        // Antichess: shakmaty asks for a stalemate by legal moves; whether
        // anything can move at all is enough.
        if let VariantPosition::Antichess(p) = self {
            let how = if p.us().is_empty() {
                Won::NoPiecesLeft
            } else if !super::candidates::antichess_can_move(self) {
                Won::NoMoves
            } else {
                return None;
            };
            return Some(Outcome::win(self.turn().into(), how));
        }
        let winner = match self.variant_outcome() {
            shakmaty::Outcome::Known(KnownOutcome::Decisive { winner }) => winner.into(),
            // Racing Kings is the only variant whose own rule draws.
            shakmaty::Outcome::Known(KnownOutcome::Draw) => {
                return Some(Outcome::draw(DrawReason::BothKingsOnEighthRank));
            }
            shakmaty::Outcome::Unknown => return None,
        };
        let how = match self {
            VariantPosition::KingOfTheHill(_) => Won::Hill,
            VariantPosition::ThreeCheck(_) => Won::ThirdCheck,
            VariantPosition::Atomic(_) => Won::KingExploded,
            VariantPosition::Antichess(p) if p.us().is_empty() => Won::NoPiecesLeft,
            VariantPosition::Antichess(_) => Won::NoMoves,
            VariantPosition::Horde(_) => Won::HordeCaptured,
            VariantPosition::RacingKings(_) => Won::EighthRank,
            // No other variant has an end of its own.
            VariantPosition::Chess(_) | VariantPosition::Crazyhouse(_) => return None,
        };
        Some(Outcome::win(winner, how))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// A king step found from attack tables is a legal king move, and
    /// there is one whenever shakmaty lists one: in every position of
    /// random games (checks, pins and x-rays through the king's square
    /// included), and in stalemates and mates.
    #[test]
    fn a_king_step_is_a_legal_king_move() {
        let king_steps = |pos: &Chess| {
            let legal = pos.legal_moves();
            legal
                .iter()
                .any(|m| m.role() == Role::King && !m.is_castle())
        };
        let mut positions = 0;
        let mut without = 0;
        crate::testing::every_legal_move(23, 50, 200, |pos, m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            for p in [pos, &after] {
                positions += 1;
                assert_eq!(
                    king_can_step(p),
                    king_steps(p),
                    "{}",
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
                assert_eq!(p.has_moves(), !p.legal_moves().is_empty());
                without += usize::from(!king_can_step(p));
            }
        });
        assert!(positions > 10_000 && without > 500, "{positions} {without}");
        for fen in [
            // Stalemate; checkmate; a king boxed in with a pawn to push.
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",
            "k7/P7/1K6/8/8/8/7P/8 b - - 0 1",
            "k7/P7/1K6/8/8/8/7P/8 w - - 0 1",
        ] {
            let setup: Fen = fen.parse().unwrap();
            let pos: Chess = setup.into_position(CastlingMode::Standard).unwrap();
            assert_eq!(pos.has_moves(), !pos.legal_moves().is_empty(), "{fen}");
            assert_eq!(king_can_step(&pos), king_steps(&pos), "{fen}");
        }
    }
}
