//! Helpers shared by chess-core's property tests.

#![allow(dead_code)]

use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::RngExt;
use shakmaty::{Chess, Move, Position, Square};

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

/// A square the king of the side to move after `moves[..k]` can never
/// reach in one move (so a king move there is illegal whatever the
/// position), or `None` when the simple choice is too near.
pub fn far_from_king(moves: &[Move], k: usize) -> Option<Square> {
    let mut pos = Chess::default();
    for m in &moves[..k] {
        pos.play_unchecked(*m);
    }
    let king = pos.board().king_of(pos.turn())?;
    let far = Square::new((u32::from(king) + 27) % 64);
    (king.distance(far) > 2).then_some(far)
}

/// `text` with the word at 1-based `(line, col)` (in characters), up to
/// the next of `separators` or the line's end, replaced by `new`.
pub fn replace_at(
    text: &str,
    (line, col): (usize, usize),
    separators: &[char],
    new: &str,
) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let target = &mut lines[line - 1];
    let start: usize = target.char_indices().nth(col - 1).map(|(i, _)| i).unwrap();
    let end = start
        + target[start..]
            .find(separators)
            .unwrap_or(target.len() - start);
    target.replace_range(start..end, new);
    lines.join("\n")
}
