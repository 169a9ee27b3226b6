//! Diagnostics: what went wrong, where, and what to do about it.

use std::fmt;

use crate::source::{Range, Source};

macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $variant:ident = $code:literal,)*) => {
        /// Every kind of error the verifier reports. The code is stable and
        /// appears in the error catalogue and in the CLI's JSON output.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum ErrorKind {
            $($(#[doc = $doc])* $variant,)*
        }

        impl ErrorKind {
            /// All kinds, in catalogue order.
            pub const ALL: &'static [ErrorKind] = &[$(ErrorKind::$variant,)*];

            /// The stable code, e.g. `"blocked"`.
            pub fn code(self) -> &'static str {
                match self {
                    $(ErrorKind::$variant => $code,)*
                }
            }

            /// One sentence saying what the kind covers.
            pub fn summary(self) -> &'static str {
                match self {
                    $(ErrorKind::$variant => concat!($($doc),*).trim_ascii(),)*
                }
            }
        }
    };
}

kinds! {
    /// A word that is not chess notation where a move was expected.
    ExpectedMove = "expected-move",
    /// A move number written without its dot (`12` instead of `12.`).
    NumberWithoutDot = "number-without-dot",
    /// A move number that is not followed by a move.
    NumberWithoutMove = "number-without-move",
    /// An annotation other than `!`, `?`, `!!`, `??`, `!?`, `?!`.
    BadAnnotation = "bad-annotation",
    /// A NAG other than `$0` to `$255`.
    BadNag = "bad-nag",
    /// A check or mate marker, annotation or `e.p.` that follows no move.
    MarkerWithoutMove = "marker-without-move",
    /// An unterminated comment or string, or a `}` without `{`.
    Lexical = "lexical",
    /// A `(` that is never closed, a `)` without `(`, or a variation that
    /// follows no move.
    Variation = "variation",
    /// A result inside a variation, or moves after the result.
    MisplacedResult = "misplaced-result",
    /// A malformed tag pair, or a tag after the moves.
    BadTag = "bad-tag",
    /// A long-form move (`knight g1 to f3`) that is not complete.
    LongForm = "long-form",
    /// A null move (`--`, `Z0`, `0000`).
    NullMove = "null-move",
    /// A piece drop (`N@f3`), which exists only in crazyhouse.
    Drop = "drop",
    /// A second game in a macro that takes one.
    SecondGame = "second-game",
    /// A malformed setup: a rank without 8 squares, an unknown piece
    /// letter, a bad side, castling, en passant or clock field, a square
    /// given twice.
    BadSetup = "bad-setup",
    /// A setup that is not a legal position: missing or extra kings, pawns
    /// on the first or last rank, the side not to move in check, impossible
    /// checks, castling rights or en passant squares that cannot be, too
    /// much material.
    IllegalPosition = "illegal-position",
    /// A move number that does not match the move it stands before.
    WrongMoveNumber = "wrong-move-number",
    /// The side to move has no piece of the kind the move names.
    NoSuchPiece = "no-such-piece",
    /// No piece of that kind can move to the square, whatever is on the board.
    CannotReach = "cannot-reach",
    /// The piece's path is blocked by another piece.
    Blocked = "blocked",
    /// The piece is pinned to its king.
    Pinned = "pinned",
    /// The king is in check and the move does not answer it.
    InCheck = "in-check",
    /// The move would leave or put the king in check.
    IntoCheck = "into-check",
    /// The destination holds a piece of the side to move.
    OwnPiece = "own-piece",
    /// A capture (`x`) on a square with nothing to capture.
    NothingToCapture = "nothing-to-capture",
    /// A pawn move the pawn rules forbid.
    PawnMove = "pawn-move",
    /// An en passant capture that is not available now.
    EnPassant = "en-passant",
    /// A pawn reaching the last rank without saying what it becomes.
    PromotionMissing = "promotion-missing",
    /// A promotion to a king or pawn, or a promotion away from the last rank.
    BadPromotion = "bad-promotion",
    /// Several pieces can make the move; it must say which.
    Ambiguous = "ambiguous",
    /// A move from a square that is empty or holds the other side's piece, or
    /// whose piece is not the one named.
    WrongPiece = "wrong-piece",
    /// Castling after the right to castle on that side was lost.
    CastlingRightLost = "castling-right-lost",
    /// Castling with pieces between king and rook.
    CastlingBlocked = "castling-blocked",
    /// Castling while in check, through an attacked square, or into check.
    CastlingAttacked = "castling-attacked",
    /// A move after the game ended by checkmate, stalemate, a dead position,
    /// fivefold repetition or the 75-move rule.
    GameOver = "game-over",
    /// A `+`, `#`, `++` or `e.p.` that is not true of the move.
    WrongMarker = "wrong-marker",
    /// A result that contradicts the final position.
    WrongResult = "wrong-result",
}

/// One problem, located in a [`Source`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The kind.
    pub kind: ErrorKind,
    /// What the problem covers (a move, a number, a marker, a token …).
    pub range: Range,
    /// The first line: what is wrong, in chess terms.
    pub message: String,
    /// Follow-up lines, each printed as `help: …`.
    pub help: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic without help.
    pub fn new(kind: ErrorKind, range: Range, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            range,
            message: message.into(),
            help: Vec::new(),
        }
    }

    /// Adds a `help:` line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help.push(help.into());
        self
    }

    /// The message with its help lines, as a compiler error shows it. For
    /// text sources inside a string literal, `location` (e.g. `line 3:14`)
    /// says where in the literal.
    pub fn render(&self, location: Option<&str>) -> String {
        let mut out = String::new();
        match location {
            Some(location) => {
                let _ =
                    fmt::Write::write_fmt(&mut out, format_args!("{location}: {}", self.message));
            }
            None => out.push_str(&self.message),
        }
        for help in &self.help {
            out.push_str("\nhelp: ");
            out.push_str(help);
        }
        out
    }

    /// The message to attach to a span: for text inside a string literal it
    /// starts with the line and column inside the literal and quotes the
    /// offending text, because a span cannot point inside a literal.
    pub fn render_for(&self, source: &Source) -> String {
        if source.is_tokens() {
            return self.render(None);
        }
        let lc = source.line_col(self.range.start);
        let text = source.slice(self.range);
        let location = match source.name() {
            Some(name) => format!("{name}:{}:{}", lc.line, lc.col),
            None => format!("line {}:{}", lc.line, lc.col),
        };
        if text.is_empty() || self.message.contains(&format!("`{text}`")) {
            self.render(Some(&location))
        } else {
            self.render(Some(&format!("{location} `{text}`")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_summaries_present() {
        let mut codes: Vec<_> = ErrorKind::ALL.iter().map(|k| k.code()).collect();
        codes.sort_unstable();
        let before = codes.len();
        codes.dedup();
        assert_eq!(before, codes.len());
        for kind in ErrorKind::ALL {
            assert!(kind.summary().ends_with('.'), "{kind:?}");
        }
    }

    #[test]
    fn renders_help_lines() {
        let d = Diagnostic::new(ErrorKind::Blocked, Range::new(0, 3), "illegal move")
            .with_help("try Nf3");
        assert_eq!(d.render(None), "illegal move\nhelp: try Nf3");
        let src = Source::text("1. e4\n2. Bc4", Some("g.pgn".into()), None);
        let d = Diagnostic::new(ErrorKind::Blocked, Range::new(9, 12), "illegal move `Bc4`");
        assert_eq!(d.render_for(&src), "g.pgn:2:4: illegal move `Bc4`");
    }
}
