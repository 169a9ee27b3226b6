//! Helpers shared by chess-core's property tests.

#![allow(dead_code)]

use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::RngExt;
use shakmaty::{Chess, Move, Position};

/// The number of cases: `PROPTEST_CASES` if set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A deterministic generator for one case.
pub fn rng(seed: u64) -> TestRng {
    TestRng::from_seed(RngAlgorithm::ChaCha, &seed.to_le_bytes().repeat(4))
}

/// A random legal game from the standard position, stopping when the game
/// ends (no legal move or a dead position) or after `max_plies`.
pub fn random_game(rng: &mut TestRng, max_plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}
