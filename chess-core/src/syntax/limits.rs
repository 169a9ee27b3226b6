//! Bounds on one game's size: how many plies, variations, comments and
//! NAGs and tags a game may have, and how deep its variations may nest.
//! The grammar counts them as it reads and stops at the first part past a
//! bound, with a `too-large` error there, so that no game — however its
//! text was made — takes more memory than its bounds allow. Each bound
//! can be raised: [`Options::limits`](crate::Options), the macros'
//! `#![limits(variations = 500_000)]`, `chess-verify --limit
//! variations=500000`.

pub use crate::diagnostic::Bound;

/// The bounds on one game's size: the grammar counts a game's parts as it
/// reads them and stops at the first past a bound, with a `too-large`
/// error there, so that no game takes more memory than they allow. The defaults
/// are far beyond any real game — the longest possible game of chess is
/// under 12,000 plies, deep analysis files have a few thousand variations
/// nested a few dozen deep — and keep a game's syntax tree and record
/// within a few hundred megabytes whatever its text.
///
/// ```
/// use chess_core::syntax::{Bound, Limits};
/// use chess_core::{ErrorKind, Options, Source, verify};
///
/// let text = "1. e4 (1. d4 (1. c4 (1. Nf3))) 1... e5 *";
/// let options = Options {
///     limits: Limits::default().with(Bound::Depth, 2),
///     ..Options::default()
/// };
/// let source = Source::text(text, None, None);
/// let error = verify(&source, options).next().unwrap().unwrap_err();
/// assert_eq!(error.kind, ErrorKind::TooLarge);
/// assert_eq!(source.slice(error.range), "(");
/// assert_eq!(error.range.start, 20);
/// assert_eq!(
///     error.message,
///     "a game may have at most 2 variations nested in one another, and this variation is one more"
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Plies in all lines together.
    pub plies: u32,
    /// Variations.
    pub variations: u32,
    /// Variations open at once.
    pub depth: u32,
    /// Comments and NAGs.
    pub notes: u32,
    /// Tag pairs.
    pub tags: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

impl Limits {
    /// The defaults, for `const` options.
    pub const DEFAULT: Limits = Limits {
        plies: 1_000_000,
        variations: 100_000,
        depth: 10_000,
        notes: 1_000_000,
        tags: 10_000,
    };

    /// The bound `bound`.
    pub fn get(self, bound: Bound) -> u32 {
        match bound {
            Bound::Plies => self.plies,
            Bound::Variations => self.variations,
            Bound::Depth => self.depth,
            Bound::Notes => self.notes,
            Bound::Tags => self.tags,
        }
    }

    /// These bounds with `bound` set to `to`.
    #[must_use]
    pub fn with(mut self, bound: Bound, to: u32) -> Limits {
        *match bound {
            Bound::Plies => &mut self.plies,
            Bound::Variations => &mut self.variations,
            Bound::Depth => &mut self.depth,
            Bound::Notes => &mut self.notes,
            Bound::Tags => &mut self.tags,
        } = to;
        self
    }
}
