//! Attack tests: whether a side attacks a cell, found by walking back from
//! it along the lines that side captures along (the first piece met
//! attacks if its kind captures along that line and may go there — a
//! piece kept to a region attacks only in it; for a hop, the piece met
//! beyond the first), and along far vectors; the flying general.

use crate::betza::Hop;
use crate::mailbox::{CELLS, EMPTY, OFF, delta, is, kind_of, path_clear, step};
use crate::tables::Tables;
use crate::types::Color;

impl Tables {
    /// Whether `by` attacks `target` along a far vector.
    pub(crate) fn far_attacked(&self, cells: &[u8; CELLS], target: usize, by: Color) -> bool {
        for ray in &self.far_rays[by.index()] {
            let back = (-ray.vector.0, -ray.vector.1);
            let mut k = 1;
            while let Some(at) = self.far_step(target, back, k) {
                let cell = cells[at];
                if cell != EMPTY {
                    // (A wall is neither side's: `is` first.)
                    if is(cell, by)
                        && ray.kinds & (1u64 << kind_of(cell)) != 0
                        && (ray.free & (1u64 << kind_of(cell)) != 0 || self.initial(at, cell))
                        && self.may_go(cell, target)
                    {
                        return true;
                    }
                    break;
                }
                if ray.range != 0 && k >= ray.range {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// Whether `by` attacks `target` by hopping: walking back from it, a
    /// first piece (the one hopped over) and then, for [`Hop::Over`] past
    /// empty squares, for [`Hop::Beyond`] right next to the target, a
    /// piece of `by` that hops along that line (for [`Hop::Unlike`], one
    /// of a kind neither the piece hopped over nor the target is).
    fn hop_attacked(&self, cells: &[u8; CELLS], target: usize, by: Color, hole: usize) -> bool {
        let at = |c: usize| if c == hole { EMPTY } else { cells[c] };
        for ray in &self.hop_rays[by.index()] {
            if ray.lines && !self.on_lines(target) {
                continue;
            }
            // (Steps back from the target: a hop with a range is made
            // from within it.)
            let mut k = 1;
            let mut c = step(target, -ray.delta);
            if ray.hop != Hop::Beyond {
                while at(c) == EMPTY {
                    c = step(c, -ray.delta);
                    k += 1;
                }
            }
            let screen = at(c);
            if matches!(screen, EMPTY | OFF) {
                continue;
            }
            c = step(c, -ray.delta);
            k += 1;
            while at(c) == EMPTY {
                c = step(c, -ray.delta);
                k += 1;
            }
            if ray.range != 0 && k > usize::from(ray.range) {
                continue;
            }
            let cell = at(c);
            let piece = |other: u8| {
                (is(other, Color::White) || is(other, Color::Black))
                    && kind_of(other) == kind_of(cell)
            };
            if cell != OFF
                && is(cell, by)
                && ray.kinds & (1 << kind_of(cell)) != 0
                && (!ray.lines || self.on_lines(c))
                && (ray.hop != Hop::Unlike || !(piece(screen) || piece(at(target))))
                && self.may_go(cell, target)
            {
                return true;
            }
        }
        false
    }

    /// Whether a piece of a royal kind of `by` faces the one on `target`
    /// along its file or rank with nothing between, where the rule set
    /// forbids it ([`Rules::flying_general`](crate::Rules::flying_general):
    /// as if the general could fly like a rook to take the other, as
    /// Fairy-Stockfish has it; on a rank only where palaces allow it, as
    /// synochess's kings).
    #[inline]
    pub(crate) fn faced(&self, cells: &[u8; CELLS], target: usize, by: Color) -> bool {
        self.flying_general && self.facing(cells, target, by).is_some()
    }

    /// The cell of the royal piece of `by` that faces the one on `target`
    /// ([`Tables::faced`]), if one does.
    pub(crate) fn facing(&self, cells: &[u8; CELLS], target: usize, by: Color) -> Option<usize> {
        if cells[target] == EMPTY || !self.is_royal(cells[target]) {
            return None;
        }
        let lines = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        lines.into_iter().map(delta).find_map(|d| {
            let mut at = step(target, d);
            while cells[at] == EMPTY {
                at = step(at, d);
            }
            let cell = cells[at];
            (cell != OFF && is(cell, by) && self.is_royal(cell)).then_some(at)
        })
    }

    /// Whether `by` attacks the cell `target` on `cells`.
    #[inline]
    pub(crate) fn attacked(&self, cells: &[u8; CELLS], target: usize, by: Color) -> bool {
        self.attacked_past(cells, target, by, usize::MAX)
    }

    /// Whether `by` attacks the cell `target` on `cells` with the cell
    /// `hole` taken as empty on lines (a royal piece moving away along
    /// one): only for rule sets with no lame or far captures, whose paths
    /// would need the same.
    #[inline]
    pub(crate) fn attacked_past(
        &self,
        cells: &[u8; CELLS],
        target: usize,
        by: Color,
        hole: usize,
    ) -> bool {
        if self.has_far && self.far_attacked(cells, target, by) {
            return true;
        }
        if !self.hop_rays[by.index()].is_empty() && self.hop_attacked(cells, target, by, hole) {
            return true;
        }
        // Plain leaps: one square to look at each.
        for leap in &self.leap_rays[by.index()] {
            let at = step(target, -leap.delta);
            let cell = cells[at];
            if is(cell, by) {
                let bit = 1u64 << kind_of(cell);
                if leap.kinds & bit != 0
                    && (leap.free & bit != 0 || self.initial(at, cell))
                    && self.may_go(cell, target)
                {
                    return true;
                }
            }
        }
        // Walk back from the target along each other ray a piece of `by`
        // captures along: the first piece met attacks if its kind has that
        // ray.
        for ray in &self.line_rays[by.index()] {
            if ray.lines && !self.on_lines(target) {
                continue;
            }
            let mut at = target;
            let mut k = 0u8;
            loop {
                at = step(at, -ray.delta);
                k += 1;
                let cell = if at == hole { EMPTY } else { cells[at] };
                if cell == OFF {
                    break;
                }
                if cell != EMPTY {
                    if is(cell, by)
                        && ray.hits(self, cell, at, k)
                        && (!ray.lame || path_clear(cells, at, &ray.path))
                        && (!ray.lines || self.on_lines(at))
                        && self.may_go(cell, target)
                    {
                        return true;
                    }
                    break;
                }
                if k >= ray.range {
                    break;
                }
            }
        }
        false
    }
}
