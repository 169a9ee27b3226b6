//! Perft: the number of move sequences of a given length, the standard
//! test of a move generator (chess's numbers are known), and a measure of
//! its speed. Each move is made and taken back on one copy of the state;
//! the last ply is counted, not listed.

use crate::legality::{count_legal, legal_moves};
use crate::make::{play_into, take_back};
use crate::position::{Position, State};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::Move;

impl Position<'_> {
    /// The number of move sequences of `depth` plies.
    ///
    /// ```
    /// use chess_rules::{Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// assert_eq!(Position::start(&chess).unwrap().perft(4), 197_281);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers = Vec::new();
        perft(self.rules, &self.tables, &self.s, depth, &mut buffers)
    }
}

fn perft(rules: &Rules, t: &Tables, s: &State, depth: u32, buffers: &mut Vec<Vec<Move>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = buffers.pop().unwrap_or_default();
    moves.clear();
    if depth > 1 {
        legal_moves(rules, t, s, &mut moves);
    }
    let n = if depth == 1 {
        count_legal(rules, t, s, &mut moves)
    } else {
        // Each move made on one copy of the state and taken back.
        let mut next = s.clone();
        let mut n = 0;
        for &m in &moves {
            play_into(t, s, m, &mut next);
            n += perft(rules, t, &next, depth - 1, buffers);
            take_back(t, s, m, &mut next);
        }
        n
    };
    buffers.push(moves);
    n
}
