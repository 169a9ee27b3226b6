//! What a run counted, for its summary and its exit code.

/// Counts over the whole run.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    /// Inputs named.
    pub files: usize,
    /// Games read.
    pub games: u64,
    /// Games verified (all of them, or the shard's).
    pub checked: u64,
    /// Plies of the legal games.
    pub plies: u64,
    /// Problems reported.
    pub errors: u64,
    /// Warnings reported (they are not errors).
    pub warnings: u64,
    /// Inputs that could not be read, or not to their end.
    pub unreadable: usize,
    /// Stretches of text skipped.
    pub skipped: u64,
    /// Whether `--max-errors` stopped the run.
    pub stopped: bool,
    /// Seconds taken.
    pub seconds: f64,
}
