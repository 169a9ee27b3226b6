//! Support for tests, benchmarks and examples: a seeded generator and long
//! legal games.

use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

/// A small deterministic generator (xorshift64*), enough to pick moves:
/// the same seed gives the same games on every machine.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (zero when `n` is zero).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Calls `f` with every legal move of every position of `games` random
/// games of up to `plies` plies from the start (seeded by `seed`: the same
/// moves on every machine), and returns how many calls it made.
pub fn every_legal_move(
    seed: u64,
    games: usize,
    plies: usize,
    mut f: impl FnMut(&Chess, Move),
) -> usize {
    let mut rng = Rng::new(seed);
    let mut calls = 0;
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            let Some(&next) = legal.get(rng.below(legal.len())) else {
                break;
            };
            for &m in &legal {
                f(&pos, m);
                calls += 1;
            }
            pos.play_unchecked(next);
        }
    }
    calls
}

/// A legal game of `plies` plies (or as long as it gets) that the rules do
/// not end: pieces wander between pawn moves, no position occurs five
/// times, a pawn moves or a piece is captured at least every 140 plies, and
/// checkmate, stalemate and dead positions are avoided.
pub fn long_game(plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut pos = Chess::default();
    let mut moves = Vec::with_capacity(plies);
    let mut history: Vec<Zobrist64> = vec![pos.zobrist_hash(EnPassantMode::Legal)];
    while moves.len() < plies {
        let legal = pos.legal_moves();
        let safe = |m: &Move| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let h: Zobrist64 = after.zobrist_hash(EnPassantMode::Legal);
            let seen = if m.is_zeroing() {
                0
            } else {
                history.iter().filter(|x| **x == h).count()
            };
            seen < 3 && !after.legal_moves().is_empty() && !after.is_insufficient_material()
        };
        let zeroing_due = pos.halfmoves() >= 140;
        // Prefer quiet piece moves (keeping pawns and material for later),
        // pawn moves when the clock runs out.
        let mut candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_zeroing() == zeroing_due && !m.is_capture() && safe(m))
            .collect();
        if candidates.is_empty() {
            candidates = legal.iter().copied().filter(|m| safe(m)).collect();
        }
        let Some(&m) = candidates.get(rng.below(candidates.len())) else {
            break;
        };
        if m.is_zeroing() {
            history.clear();
        }
        pos.play_unchecked(m);
        history.push(pos.zobrist_hash(EnPassantMode::Legal));
        moves.push(m);
    }
    moves
}

/// The moves as macro input: move numbers and SAN, with ` #` for mate.
pub fn token_text(start: &Chess, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut text = String::with_capacity(moves.len() * 8);
    for (i, &m) in moves.iter().enumerate() {
        match pos.turn() {
            Color::White => text.push_str(&format!("{}. ", pos.fullmoves())),
            Color::Black if i == 0 => text.push_str(&format!("{}... ", pos.fullmoves())),
            Color::Black => {}
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        text.push_str(&san.replace('#', " #"));
        text.push(' ');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Source, verify};

    #[test]
    fn a_long_game_is_legal_and_not_over() {
        let moves = long_game(1200, 1);
        assert_eq!(moves.len(), 1200);
        let text = token_text(&Chess::default(), &moves);
        let source = Source::text(text.as_str(), None, None);
        let verified = verify(&source, Options::default()).next().unwrap().unwrap();
        assert_eq!(verified.moves, moves);
        assert_eq!(verified.end, None);
    }
}
