//! The replay's own candidate moves and variant ends against shakmaty's:
//! for every position of seeded random games of each variant, the moves of
//! every kind of piece to every square (`Rules::candidates`) are the legal
//! moves shakmaty gives for them, and the variant's end (`variant_end`)
//! is the one its outcome says.

use std::collections::{BTreeMap, BTreeSet};

use chess_core::Rules;
use chess_core::testing::Rng;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{KnownOutcome, Move, Outcome, Position, Role, Square};

fn key(m: &Move) -> String {
    format!("{m:?}")
}

#[test]
fn candidates_and_ends_are_shakmatys() {
    for variant in [
        Variant::Atomic,
        Variant::Antichess,
        Variant::Horde,
        Variant::RacingKings,
        Variant::Crazyhouse,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
    ] {
        let (mut positions, mut moves_seen, mut ends) = (0, 0, 0);
        for seed in 0..30 {
            let mut rng = Rng::new(seed);
            let mut pos = VariantPosition::new(variant);
            for _ in 0..200 {
                positions += 1;
                let legal = pos.legal_moves();
                // shakmaty's moves by the piece that moves and its square,
                // each kind of piece to each square then asked for once.
                let mut want: BTreeMap<(Role, Square), BTreeSet<String>> = BTreeMap::new();
                for m in legal.iter().filter(|m| !m.is_castle()) {
                    want.entry((m.role(), m.to())).or_default().insert(key(m));
                    moves_seen += 1;
                }
                for role in Role::ALL {
                    for to in Square::ALL {
                        let want = want.remove(&(role, to)).unwrap_or_default();
                        let got = pos.candidates(role, to);
                        if got.is_empty() && want.is_empty() {
                            continue;
                        }
                        let got: BTreeSet<String> = got.iter().map(key).collect();
                        assert_eq!(got, want, "{variant:?} seed {seed}: {role:?} to {to}");
                    }
                }
                let end = pos.variant_end();
                match pos.variant_outcome() {
                    Outcome::Known(KnownOutcome::Decisive { winner }) => {
                        assert_eq!(
                            end.map(|e| e.winner()),
                            Some(Some(winner.into())),
                            "{variant:?} seed {seed}"
                        );
                    }
                    Outcome::Known(KnownOutcome::Draw) => {
                        assert_eq!(end.map(|e| e.winner()), Some(None));
                    }
                    Outcome::Unknown => assert_eq!(end, None, "{variant:?} seed {seed}"),
                }
                if legal.is_empty() || end.is_some() {
                    ends += 1;
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
        assert!(
            positions > 1500 && moves_seen > 20_000,
            "{variant:?}: {positions} {moves_seen}"
        );
        assert!(ends > 0, "{variant:?}");
    }
}
