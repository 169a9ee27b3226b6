//! A game's verified record, built only when a consumer asks for it
//! ([`Games::record`](crate::Games::record)): the verdict, each ply played
//! with the move as the rules write it and the position after it (the
//! main line, then each variation, as the replay walks them; those before
//! a problem too), and for a game that fails, the position where it went
//! wrong. Standard chess, Chess960, lichess's variants and games under a
//! rule set (a rules file's or a Fairy-Stockfish built-in variant's)
//! alike: the replay keeps each position as it plays it, so no consumer
//! plays or reads a game again to learn what the replay knew.
//!
//! ```
//! use chess_core::{Options, Source, record::Board, verify};
//!
//! let source = Source::text("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Bxf7+ Kxf8 *", None, None);
//! let mut games = verify(&source, Options::default());
//! let game = games.next_syntax().unwrap().unwrap();
//! let record = games.record(&game);
//! // Seven plies were played; the eighth is where it went wrong.
//! assert_eq!(record.plies.len(), 7);
//! assert_eq!(record.plies[6].san, "Bxf7+");
//! let error = record.verdict.unwrap_err();
//! assert_eq!(error.kind.code(), "own-piece");
//! let (range, before) = record.wrong.unwrap();
//! assert_eq!(&source.as_str()[range.start as usize..range.end as usize], "Kxf8");
//! assert!(matches!(before, Board::Chess(_)));
//! ```

use shakmaty::Chess;
use shakmaty::variant::VariantPosition;

use crate::diagnostic::Diagnostic;
use crate::input::Range;
use crate::replay::VerifiedGame;
use crate::replay::custom::{CustomFailure, CustomGame};
use crate::replay::{Failure, Kept};

/// A game verified under its own rules ([`Games::check_syntax`](crate::Games::check_syntax)).
#[derive(Clone, Debug)]
pub enum Checked {
    /// Standard chess or Chess960: what a `Game` holds.
    Chess(VerifiedGame),
    /// A variant: Crazyhouse, Atomic, Antichess, King of the Hill,
    /// Three-check, Horde or Racing Kings.
    Variant(VerifiedGame<VariantPosition>),
    /// A game under rules a user defines ([`Games::under_rules`](crate::Games::under_rules)).
    Custom(CustomGame),
}

impl Checked {
    /// The number of plies of the main line.
    pub fn plies(&self) -> usize {
        match self {
            Checked::Chess(g) => g.moves.len(),
            Checked::Variant(g) => g.moves.len(),
            Checked::Custom(g) => g.plies(),
        }
    }

    /// The main line's SAN (coordinates, under rules a user defines),
    /// separated by spaces.
    pub fn san(&self) -> String {
        match self {
            Checked::Chess(g) => g.san(),
            Checked::Variant(g) => g.san(),
            Checked::Custom(g) => {
                let moves: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
                moves.join(" ")
            }
        }
    }
}

/// A position under the rules a game is played by.
#[derive(Clone, Debug)]
pub enum Board<'r> {
    /// Standard chess or Chess960.
    Chess(Chess),
    /// One of lichess's variants (Crazyhouse, Atomic …).
    Variant(VariantPosition),
    /// Under a rule set: a rules file's section, or a Fairy-Stockfish
    /// built-in variant.
    Rules(Box<chess_rules::Position<'r>>),
}

/// What the replay proved of one game.
#[derive(Clone, Debug)]
pub struct GameRecord<'r> {
    /// Each ply played, in the order played: the main line, then each
    /// variation (under a rule set, the first reading of a line the text
    /// allows). A bughouse record's two boards keep none.
    pub plies: Vec<Kept<Board<'r>>>,
    /// The verified game, or its first problem.
    pub verdict: Result<Checked, Diagnostic>,
    /// Where a move could not be played: the move as written and the
    /// position it was tried in.
    pub wrong: Option<(Range, Board<'r>)>,
}

impl<'r> GameRecord<'r> {
    /// The ply written at `id` (an index into the game's plies), if it
    /// was played.
    pub fn ply(&self, id: u32) -> Option<&Kept<Board<'r>>> {
        self.plies.iter().find(|k| k.ply == id)
    }
}

/// The plies `kept` of a replay under shakmaty, with their positions as
/// `board` makes them [`Board`]s.
pub(crate) fn boards<'r, P>(kept: Vec<Kept<P>>, board: fn(P) -> Board<'r>) -> Vec<Kept<Board<'r>>> {
    kept.into_iter()
        .map(|k| Kept {
            ply: k.ply,
            range: k.range,
            san: k.san,
            uci: k.uci,
            after: board(k.after),
        })
        .collect()
}

/// Where a replay through shakmaty stopped at a move it could not play:
/// the move as written and the position it was tried in.
pub(crate) fn wrong<P: Clone>(failure: &Failure<P>) -> Option<(Range, P)> {
    match failure {
        Failure::GameOver { ply, before, .. }
        | Failure::Illegal { ply, before, .. }
        | Failure::NotEnPassant { ply, before, .. } => Some((ply.range, before.clone())),
        _ => None,
    }
}

/// [`wrong`], for a replay under a rule set.
pub(crate) fn wrong_under_rules<'r>(
    failure: &CustomFailure<'r>,
) -> Option<(Range, chess_rules::Position<'r>)> {
    match failure {
        CustomFailure::GameOver { range, before, .. }
        | CustomFailure::Illegal { range, before, .. }
        | CustomFailure::AfterEnd { range, before, .. } => Some((*range, before.clone())),
        CustomFailure::NotEnPassant { text, before, .. }
        | CustomFailure::WrongMarker { text, before, .. } => Some((*text, before.clone())),
        CustomFailure::OnBoard { failure, .. } => wrong_under_rules(failure),
        CustomFailure::WrongNumber { .. } | CustomFailure::WrongResult { .. } => None,
    }
}
