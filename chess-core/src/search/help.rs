//! Helpmates: both sides cooperate, the side to move is mated.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::{OutOfBudget, Search, checking_moves};

impl Search {
    /// Every solution of a helpmate in `n` (`h#n`): the lines of `2n`
    /// plies, the side to move first, after which the side to move is
    /// checkmated (on the other side's `n`th move, not before), in the
    /// order of shakmaty's move generation. Positions from which no
    /// solution goes on are remembered, so transpositions are searched
    /// once.
    pub fn helpmates(&mut self, pos: &Chess, n: u32) -> Result<Vec<Vec<Move>>, OutOfBudget> {
        let mut solutions = Vec::new();
        if n > 0 {
            let mut line = Vec::with_capacity(2 * n as usize);
            self.help(pos, 2 * n, &mut line, &mut solutions)?;
        }
        Ok(solutions)
    }

    /// Adds the solutions from `pos` with `plies` left to `out`; whether
    /// there were any.
    fn help(
        &mut self,
        pos: &Chess,
        plies: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) -> Result<bool, OutOfBudget> {
        let key = (
            pos.zobrist_hash::<Zobrist64>(EnPassantMode::Always).0,
            plies,
        );
        if self.dead.contains(&key) {
            return Ok(false);
        }
        self.tick()?;
        let mut found = false;
        if plies == 1 {
            for (m, after, _) in checking_moves(pos) {
                if super::checkmated(&after) {
                    line.push(m);
                    out.push(line.clone());
                    line.pop();
                    found = true;
                }
            }
        } else {
            for m in pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                line.push(m);
                let below = self.help(&after, plies - 1, line, out);
                line.pop();
                found |= below?;
            }
        }
        if !found {
            self.dead.insert(key);
        }
        Ok(found)
    }
}
