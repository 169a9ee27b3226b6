//! Diagnostics as data: what went wrong (the kind and a message), where (a
//! range of the source), and what to do about it ([`Help`], structured:
//! replacement text, legal alternatives, the option that would accept the
//! input). Front ends decide how to show them: the macros as
//! `compile_error!`s, `chess-verify` as rustc-style reports or JSON.
//!
//! Messages are written by the stage that finds the problem: the grammar's
//! in `syntax::errors` and `syntax::setup`, every other in `explain`. Each
//! [`ErrorKind`] is worded in one of them.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`Diagnostic`], [`ErrorKind`] (the catalogue's codes), [`Help`], [`Spelling`] |
//! | `bound.rs` | [`Bound`]: the names of the bounds on a game's size |
//! | `words.rs` | the vocabulary messages share: sides, pieces, squares, lists |

mod bound;
pub(crate) mod words;

pub use bound::Bound;

/// The message for a panic (a bug) that a front end caught: the panic's
/// own words and a request for a report with `send` (the macros'
/// `compile_error!` asks for "the macro input", the language server's
/// diagnostic for "the document").
pub fn internal_error(panic: &(dyn std::any::Any + Send), send: &str) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!(
        "internal error in verified-chess ({what}); this is a bug, please report it with {send}"
    )
}

use std::fmt::Write as _;

use crate::input::Range;
use words::join_or;

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
    /// A check or mate marker, annotation or `e.p.` that follows no move, or a second marker or `e.p.` after one.
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
    /// Crazyhouse: a drop of a piece that is not in the mover's pocket.
    EmptyPocket = "empty-pocket",
    /// Crazyhouse: a drop on an occupied square, or a pawn dropped on the
    /// first or last rank.
    BadDrop = "bad-drop",
    /// A wall put where the rules put none (duck chess's duck not moved,
    /// an arrow off the amazon's lines), or a move under rules that put a
    /// wall down after every move written without where it goes.
    BadWall = "bad-wall",
    /// A piece put on a gate where it may not go (S-chess's `Nf3/H`): the
    /// rules have no gating, the mover has no such piece in hand, or the
    /// square is no gate (its piece has moved).
    BadGate = "bad-gate",
    /// A move that does not capture while a capture is possible and
    /// compulsory (antichess, a rules file with `mustCapture`).
    CompulsoryCapture = "compulsory-capture",
    /// A move of a piece on the board while the mover holds pieces in
    /// hand that must be dropped first (a rules file with `mustDrop`).
    CompulsoryDrop = "compulsory-drop",
    /// Atomic: a king capturing, or a capture whose explosion would take the
    /// mover's own king.
    AtomicCapture = "atomic-capture",
    /// A move that gives check where no check is allowed (Racing Kings, a
    /// rules file with `checking = false`).
    RacingCheck = "racing-check",
    /// A move after the game ended by checkmate, stalemate, a dead position,
    /// fivefold repetition or the 75-move rule, or by a variant's own rule
    /// (a king on the hill, the third check, an exploded king, …).
    GameOver = "game-over",
    /// A `+`, `#`, `++` or `e.p.` that is not true of the move.
    WrongMarker = "wrong-marker",
    /// A result that contradicts the final position.
    WrongResult = "wrong-result",
    /// A `[Result]` tag that contradicts the result after the moves, or
    /// the final position.
    ResultTag = "result-tag",
    /// A lichess puzzle row that cannot be read: too few cells, a move that
    /// is not UCI, no move of the solution.
    PuzzleRow = "puzzle-row",
    /// A mate puzzle whose line does not end in checkmate after the moves
    /// its theme says, or whose solver's move does not force the mate.
    NotMate = "not-mate",
    /// Another move also forces the mate: the solution is not unique.
    SecondSolution = "second-solution",
    /// The search could not settle the claim within its budget of positions.
    SearchBudget = "search-budget",
    /// A problem without a stipulation, or one that cannot be read (`#2`,
    /// `h#3` and `s#2` can).
    Stipulation = "stipulation",
    /// The stipulation is not the shortest: the goal is reached in fewer
    /// moves.
    ShortSolution = "short-solution",
    /// A written refutation of a try does not refute it.
    NotRefuted = "not-refuted",
    /// A written threat is not what the side that mates would do if the
    /// defence passed: not legal, or not forcing the goal in time.
    NotThreat = "not-threat",
    /// A helpmate solution that is not written.
    MissingSolution = "missing-solution",
    /// A game past a bound on its size: more plies, variations, comments
    /// and NAGs or tags than a game may have, or variations nested deeper
    /// (each bound can be raised).
    TooLarge = "too-large",
    /// A rules file for custom rules that cannot be used: not YAML or INI
    /// as documented, or against its own validation (one King, unique
    /// symbols, the half-board rule …).
    RulesFile = "rules-file",
}

/// One problem, located in a [`Source`](crate::Source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The kind.
    pub kind: ErrorKind,
    /// What the problem covers (a move, a number, a marker, a token …).
    pub range: Range,
    /// The first line: what is wrong, in chess terms.
    pub message: String,
    /// What to do about it, most useful first.
    pub help: Vec<Help>,
    /// The position the problem is in (before the move it covers), for
    /// front ends that show the board: `chess-verify`'s human output and
    /// its JSON's `fen`.
    pub position: Option<Box<Before>>,
    /// Other places the message is about, each with what it is there (the
    /// move that lost a castling right, the move that ended the game): an
    /// editor links them.
    pub related: Vec<(Range, String)>,
}

/// The position a diagnostic is about, under the rules it was played by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Before {
    /// The rules.
    pub variant: shakmaty::variant::Variant,
    /// The position (castling rights as rook squares, the en passant
    /// square only where a capture there is legal).
    pub setup: shakmaty::Setup,
}

impl Before {
    /// The position `pos` is.
    pub fn of<P: shakmaty::Position>(pos: &P, variant: shakmaty::variant::Variant) -> Before {
        Before {
            variant,
            setup: pos.to_setup(shakmaty::EnPassantMode::Legal),
        }
    }

    /// The position in FEN (X-FEN castling; pockets and checks where the
    /// variant has them).
    pub fn fen(&self) -> String {
        shakmaty::fen::Fen::try_from_setup(self.setup.clone())
            .unwrap_or_else(|lossy| lossy.ignore())
            .to_string()
    }
}

impl Diagnostic {
    /// A diagnostic without help.
    pub fn new(kind: ErrorKind, range: Range, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            kind,
            range,
            message: message.into(),
            help: Vec::new(),
            position: None,
            related: Vec::new(),
        }
    }

    /// Adds another place the message is about.
    #[must_use]
    pub fn with_related(mut self, range: Range, what: impl Into<String>) -> Diagnostic {
        self.related.push((range, what.into()));
        self
    }

    /// Records the position the problem is in.
    #[must_use]
    pub fn in_position(mut self, before: Before) -> Diagnostic {
        self.position = Some(Box::new(before));
        self
    }

    /// Adds a piece of help.
    #[must_use]
    pub fn with(mut self, help: Help) -> Diagnostic {
        self.help.push(help);
        self
    }

    /// Adds a piece of help in words.
    #[must_use]
    pub fn with_note(self, note: impl Into<String>) -> Diagnostic {
        self.with(Help::Note(note.into()))
    }

    /// The message followed by a `help: …` line for each piece of help, as
    /// `spelling` writes it.
    pub fn render(&self, spelling: &Spelling) -> String {
        let mut out = self.message.clone();
        for help in &self.help {
            out.push_str("\nhelp: ");
            out.push_str(&help.spell(spelling));
        }
        out
    }
}

/// One piece of help after a diagnostic's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Help {
    /// Advice in words: "remove the `+`".
    Note(String),
    /// Text to write instead of what was written: `lead` and the choices
    /// ("write `Nbd7` or `Nfd7`", "say which: …", "to castle, write `O-O`").
    Write {
        /// The words before the choices, e.g. `"write "`.
        lead: &'static str,
        /// What to write, each a complete replacement.
        choices: Vec<String>,
    },
    /// Text to write at another place as well, for the fix to be whole:
    /// "write `0-1` in the `[Result]` tag too" (the tag that says what the
    /// corrected result said).
    WriteThere {
        /// Where.
        range: Range,
        /// The place, for a sentence: "the `[Result]` tag".
        place: &'static str,
        /// What to write there.
        text: String,
    },
    /// The move to write, marked as the mate it is (`Qh5#`): how to write
    /// `#` depends on the front end.
    WriteMate(String),
    /// Legal moves one edit (a letter, a digit) away from what was written:
    /// "did you mean `Nf3`?".
    DidYouMean(Vec<String>),
    /// Legal alternatives under a heading: "legal bishop moves: `Bd2`,
    /// `Be3`", "the knight on g1 can play `Nf3`, `Nh3`".
    Moves {
        /// The heading, with its own punctuation (`"legal bishop moves: "`).
        lead: String,
        /// The moves listed, in SAN.
        moves: Vec<String>,
        /// How many more there are beyond those listed.
        more: usize,
    },
    /// An option under which the input would be accepted, after what to do
    /// without it.
    OptIn {
        /// The fix that needs no option ("remove this move and everything
        /// after it"); `None` where the help before says it.
        otherwise: Option<&'static str>,
        /// The option.
        option: OptIn,
    },
}

/// An option of the verifier that accepts more than the rules' strict
/// reading ([`Options`](crate::Options)), or more than its bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OptIn {
    /// [`Options::moves_after_draw`](crate::Options::moves_after_draw).
    MovesAfterDraw,
    /// [`Options::unfinished_result`](crate::Options::unfinished_result).
    UnfinishedResult,
    /// [`Options::numbers_from_first_move`](crate::Options::numbers_from_first_move).
    NumbersFromFirstMove,
    /// A bound of [`Options::limits`](crate::Options::limits), raised.
    Limit(Bound),
}

impl OptIn {
    /// The option's name, as the macros' `#![allow(…)]` takes it (`limit`
    /// for a bound).
    pub fn name(self) -> &'static str {
        match self {
            OptIn::MovesAfterDraw => "moves_after_draw",
            OptIn::UnfinishedResult => "unfinished_result",
            OptIn::NumbersFromFirstMove => "numbers_from_first_move",
            OptIn::Limit(_) => "limit",
        }
    }

    /// What the option accepts, for a sentence.
    pub fn accepts(self) -> String {
        match self {
            OptIn::MovesAfterDraw => "moves after a draw the rules impose".to_string(),
            OptIn::UnfinishedResult => {
                "`*` after the end of the game (a record left unfinished)".to_string()
            }
            OptIn::NumbersFromFirstMove => {
                "moves numbered from the game's first move (as pychess.org exports a game set up from a position)".to_string()
            }
            OptIn::Limit(bound) => format!("more {}", bound.counts()),
        }
    }

    /// The option as the macros set it: `#![allow(moves_after_draw)]`,
    /// `#![limits(variations = …)]`.
    pub fn attribute(self) -> String {
        match self {
            OptIn::Limit(bound) => format!("`#![limits({} = …)]`", bound.name()),
            _ => format!("`#![allow({})]`", self.name()),
        }
    }

    /// The option as `chess-verify` sets it: `--moves-after-draw`,
    /// `--limit variations=…`.
    pub fn flag(self) -> String {
        match self {
            OptIn::Limit(bound) => format!("`--limit {}=…`", bound.name()),
            _ => format!("`--{}`", self.name().replace('_', "-")),
        }
    }
}

/// How a front end writes help: how its user sets an option, and whether
/// a mate sign `#` can follow its move (not in Rust tokens).
#[derive(Copy, Clone, Debug)]
pub struct Spelling {
    /// How to set each option: "`--moves-after-draw`".
    pub opt_in: fn(OptIn) -> String,
    /// Moves are written as Rust tokens, where `Qh5#` does not lex: a mate
    /// is suggested as `Qh5 #` (or `Qh5++`).
    pub rust_tokens: bool,
}

impl Help {
    /// The help as one line of text.
    pub fn spell(&self, spelling: &Spelling) -> String {
        match self {
            Help::Note(note) => note.clone(),
            Help::Write { lead, choices } => {
                let quoted = choices.iter().map(|c| format!("`{c}`")).collect();
                format!("{lead}{}", join_or(quoted))
            }
            Help::WriteThere { place, text, .. } => format!("write `{text}` in {place} too"),
            Help::WriteMate(san) => match san.strip_suffix('#') {
                Some(mv) if spelling.rust_tokens => {
                    format!("write `{mv} #` (Rust needs the space before `#`) or `{mv}++`")
                }
                _ => format!("write `{san}`"),
            },
            Help::DidYouMean(moves) => {
                let quoted = moves.iter().map(|m| format!("`{m}`")).collect();
                format!("did you mean {}?", join_or(quoted))
            }
            Help::Moves { lead, moves, more } => {
                let mut out = lead.clone();
                for (i, m) in moves.iter().enumerate() {
                    let _ = write!(out, "{}`{m}`", if i == 0 { "" } else { ", " });
                }
                if *more > 0 {
                    let _ = write!(out, ", {more} more");
                }
                out
            }
            Help::OptIn {
                otherwise: Some(otherwise),
                option,
            } => format!(
                "{otherwise}, or accept {} with {}",
                option.accepts(),
                (spelling.opt_in)(*option)
            ),
            Help::OptIn {
                otherwise: None,
                option,
            } => format!(
                "to keep it, accept {} with {}",
                option.accepts(),
                (spelling.opt_in)(*option)
            ),
        }
    }

    /// The moves or text this help proposes, if it proposes any.
    pub fn proposals(&self) -> &[String] {
        match self {
            Help::Write { choices, .. } => choices,
            Help::WriteMate(san) => std::slice::from_ref(san),
            Help::DidYouMean(moves) | Help::Moves { moves, .. } => moves,
            Help::Note(_) | Help::OptIn { .. } | Help::WriteThere { .. } => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: Spelling = Spelling {
        opt_in: OptIn::flag,
        rust_tokens: false,
    };
    const TOKENS: Spelling = Spelling {
        opt_in: OptIn::attribute,
        rust_tokens: true,
    };

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
    fn help_is_spelled_by_the_front_end() {
        let d = Diagnostic::new(ErrorKind::WrongMarker, Range::new(0, 1), "mate")
            .with(Help::WriteMate("Qh5#".into()))
            .with_note("remove the `+`");
        assert_eq!(
            d.render(&TEXT),
            "mate\nhelp: write `Qh5#`\nhelp: remove the `+`"
        );
        assert_eq!(
            d.render(&TOKENS),
            "mate\nhelp: write `Qh5 #` (Rust needs the space before `#`) or `Qh5++`\nhelp: remove the `+`"
        );
        let over = Help::OptIn {
            otherwise: Some("remove it"),
            option: OptIn::MovesAfterDraw,
        };
        assert_eq!(
            over.spell(&TEXT),
            "remove it, or accept moves after a draw the rules impose with `--moves-after-draw`"
        );
        let listed = Help::Moves {
            lead: "legal knight moves: ".into(),
            moves: vec!["Nf3".into(), "Nh3".into()],
            more: 2,
        };
        assert_eq!(
            listed.spell(&TEXT),
            "legal knight moves: `Nf3`, `Nh3`, 2 more"
        );
        assert_eq!(listed.proposals(), ["Nf3", "Nh3"]);
        let guess = Help::DidYouMean(vec!["Nf3".into(), "Bd3".into(), "Qf3".into()]);
        assert_eq!(guess.spell(&TOKENS), "did you mean `Nf3`, `Bd3` or `Qf3`?");
        // Only a mate suggestion is respelled for Rust tokens.
        let write = Help::Write {
            lead: "write ",
            choices: vec!["Qxf7#".into()],
        };
        assert_eq!(write.spell(&TOKENS), "write `Qxf7#`");
    }
}
