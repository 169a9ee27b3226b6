//! The names of the bounds on one game's size
//! ([`Limits`](crate::syntax::Limits)), which help names when one is
//! passed ([`OptIn::Limit`](super::OptIn::Limit)).

/// One of the bounds of [`Limits`](crate::syntax::Limits).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// Plies in all lines together (the main line and every variation).
    Plies,
    /// Variations.
    Variations,
    /// Variations open at once (nested one in another).
    Depth,
    /// Comments and NAGs (annotation glyphs like `!?` among them).
    Notes,
    /// Tag pairs.
    Tags,
}

impl Bound {
    /// Every bound, in the order [`Limits`](crate::syntax::Limits) lists
    /// them.
    pub const ALL: [Bound; 5] = [
        Bound::Plies,
        Bound::Variations,
        Bound::Depth,
        Bound::Notes,
        Bound::Tags,
    ];

    /// Its name, as the macros' `#![limits(…)]` and `chess-verify
    /// --limit` take it.
    pub fn name(self) -> &'static str {
        match self {
            Bound::Plies => "plies",
            Bound::Variations => "variations",
            Bound::Depth => "depth",
            Bound::Notes => "notes",
            Bound::Tags => "tags",
        }
    }

    /// The bound named `name`.
    pub fn named(name: &str) -> Option<Bound> {
        Bound::ALL.into_iter().find(|b| b.name() == name)
    }

    /// What it counts, for a sentence: "variations nested in one another".
    pub fn counts(self) -> &'static str {
        match self {
            Bound::Plies => "plies (in all its lines)",
            Bound::Variations => "variations",
            Bound::Depth => "variations nested in one another",
            Bound::Notes => "comments and NAGs",
            Bound::Tags => "tags",
        }
    }
}
