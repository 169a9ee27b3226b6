//! Ratios between tools measured in rounds: each round runs every tool once,
//! back to back, so a round's ratio compares runs made in the same state of
//! the machine. A benchmark reports the median of the rounds' ratios and
//! how far they spread, which says how much the machine moved them.

/// The rounds' ratios of `a` to `b` (the same round at the same index),
/// sorted; `NaN` where `b` is 0.
pub fn paired(a: &[f64], b: &[f64]) -> Spread {
    let mut ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(&a, &b)| if b > 0.0 { a / b } else { f64::NAN })
        .collect();
    ratios.sort_by(f64::total_cmp);
    Spread(ratios)
}

/// Sorted ratios, one a round.
pub struct Spread(Vec<f64>);

impl Spread {
    /// The median ratio (`NaN` without rounds).
    pub fn median(&self) -> f64 {
        self.0.get(self.0.len() / 2).copied().unwrap_or(f64::NAN)
    }

    /// With more than one round, their range, `sign` after each figure
    /// (` (2.58–2.78x in 3 rounds)`); nothing for one round.
    pub fn range(&self, sign: &str) -> String {
        match self.0.as_slice() {
            [low, .., high] => format!(" ({low:.2}–{high:.2}{sign} in {} rounds)", self.0.len()),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::paired;

    #[test]
    fn a_ratio_is_the_median_of_the_rounds_with_their_range() {
        // Round by round: 2.69, 2.58, 2.78.
        let s = paired(&[2.69, 5.16, 2.78], &[1.0, 2.0, 1.0]);
        assert_eq!(s.median(), 2.69);
        assert_eq!(s.range("x"), " (2.58–2.78x in 3 rounds)");
        // Not the ratio of the medians (5.16 / 1.0 would say 2.78).
        let one = paired(&[1.5], &[1.0]);
        assert_eq!(one.median(), 1.5);
        assert_eq!(one.range("×"), "");
        assert!(paired(&[1.0], &[0.0]).median().is_nan());
        assert!(paired(&[], &[]).median().is_nan());
    }
}
