//! The syntax tree: a game as written, every part with its range in the
//! source.

use std::num::NonZeroU32;

use crate::diagnostic::Diagnostic;
use crate::input::{Range, Source};

use super::notation::{Board, GameResult, Marker, MoveSyntax};
use chess_format::Named;
use chess_rules::MoveText;

use super::setup::{RulesFen, SetupSyntax};
use super::tag::Tag;

/// A move number as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number; `None` if it does not fit in 32 bits (as a position's
    /// move number must).
    pub value: Option<u32>,
    /// Written with three dots (a Black move), or with a board's small
    /// letter (`1a.`).
    pub black: bool,
    /// The board a bughouse game's move number names (BPGN: `1A.`,
    /// `1a.`, `1B.`, `1b.`), if it names one.
    pub board: Option<Board>,
    /// Where.
    pub range: Range,
}

/// One ply as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlySyntax {
    /// The move number in front of it, if any.
    pub number: Option<MoveNumber>,
    /// The move.
    pub mv: MoveSyntax,
    /// The move's text (without number, markers and annotations).
    pub range: Range,
    /// A check or mate marker.
    pub marker: Option<(Marker, Range)>,
    /// An `e.p.` marker.
    pub ep: Option<Range>,
    /// The first alternative to this ply (an index into
    /// [`GameSyntax::lines`], never 0, the main line); further ones follow
    /// [`Line::next_sibling`].
    pub first_variation: Option<NonZeroU32>,
}

impl PlySyntax {
    /// A ply with only its move: no number, marker or variation.
    #[inline(always)]
    pub fn bare(mv: MoveSyntax, range: Range) -> Self {
        PlySyntax {
            number: None,
            mv,
            range,
            marker: None,
            ep: None,
            first_variation: None,
        }
    }
}

/// A move of a game under rules a user defines, as written
/// ([`MoveSyntax::Rules`] is its index in [`GameSyntax::rules_moves`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RulesMove {
    /// The word, read as the rule set's notation.
    pub text: MoveText,
    /// The square of the wall put down after the move, if written
    /// (`e4,e5`: [`MoveText::read_walled`]).
    pub wall: Option<chess_rules::Square>,
    /// How this move, a bare square, and the next of its line, another,
    /// may be one move in coordinates.
    pub joins_next: Join,
}

/// Whether two bare squares in a row (`a2 a3`) are one move in
/// coordinates, under rules a user defines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Join {
    /// The next ply is not a bare square right after this one.
    No,
    /// Only spaces between (`a2 a3`): one move if a piece stands on the
    /// first square, two moves in SAN if not (`e4 e5`). The replay
    /// decides.
    Spaced,
    /// A `-` between (`a2 - a3`): one move.
    Dashed,
}

/// A sequence of plies: the main line or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Indices into [`GameSyntax::plies`].
    pub plies: Vec<u32>,
    /// The opening `(` of a variation.
    pub open: Option<Range>,
    /// The next alternative to the same ply.
    pub next_sibling: Option<u32>,
    /// On a ply's first alternative: its last one, for appending.
    pub(super) last_sibling: Option<u32>,
}

/// A comment or a NAG, where it was written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The line it is in (an index into [`GameSyntax::lines`]).
    pub line: u32,
    /// How many of the line's plies come before it: 0 before its first
    /// move, else it is about the move it follows.
    pub after: u32,
    /// What it is.
    pub kind: NoteKind,
    /// A comment's text (inside the braces, after the `;`), or the NAG as
    /// written (`$14`, `!?`, `±`).
    pub range: Range,
}

/// What a [`Note`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoteKind {
    /// A comment (`{…}` or `;…`).
    Comment,
    /// A numeric annotation glyph: `$n`, or `!`, `?` … and the evaluation
    /// glyphs, as their numbers.
    Nag(u8),
}

/// One game as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSyntax {
    /// Tag pairs, in order.
    pub tags: Vec<Tag>,
    /// The rules its `[Variant]` tag names; or what is wrong with the tag,
    /// reported when the game is verified.
    pub variant: Result<Named, Diagnostic>,
    /// Where the `[Variant]` tag's value is, if the game has one.
    pub variant_tag: Option<Range>,
    /// The setup it starts from: written before the moves (FEN, a board
    /// diagram, piece lists) or in a `[FEN]` tag; `None` for the standard
    /// start. Or what is wrong with the tag, or that both are given,
    /// reported when the game is verified.
    pub setup: Result<Option<Box<SetupSyntax>>, Diagnostic>,
    /// A game under rules a user defines: its `[FEN]` tag as written, for
    /// its rule set to read (chess's is `setup`).
    pub rules_fen: Option<RulesFen>,
    /// `lines[0]` is the main line; the others are variations.
    pub lines: Vec<Line>,
    /// Every ply of every line.
    pub plies: Vec<PlySyntax>,
    /// The moves of a game under rules a user defines, as written (empty
    /// for chess).
    pub rules_moves: Vec<RulesMove>,
    /// The rules it is read and replayed under, as its `[Variant]` tag
    /// and the rules file, if any, decide ([`game_rules`](super::game_rules)).
    pub rules: GameRules,
    /// Comments and NAGs, in the order written (empty for most games).
    pub notes: Vec<Note>,
    /// The result token.
    pub result: Option<(GameResult, Range)>,
    /// The `[Result]` tag's value where it is one of the four results, and
    /// its range inside the quotes: the replay holds it to the result
    /// token and the final position.
    pub result_tag: Option<(GameResult, Range)>,
    /// From the game's first to its last lexeme.
    pub range: Range,
}

/// The rules a game is read and replayed under
/// ([`game_rules`](super::game_rules)).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum GameRules {
    /// Standard chess, Chess960 or one of lichess's seven variants
    /// ([`GameSyntax::variant`]): its moves in `plies`, replayed by
    /// shakmaty.
    #[default]
    Verified,
    /// A rule set of the rules file: its moves in `rules_moves`, as the
    /// rule set's notation reads them.
    File,
    /// One of Fairy-Stockfish's built-in variants
    /// ([`RuleSets::builtins`](super::RuleSets::builtins)), read as a
    /// rules file's game is.
    Builtin,
}

impl GameRules {
    /// Whether the game's moves are read as a rule set's notation.
    pub fn read_as_rules(self) -> bool {
        self != GameRules::Verified
    }
}

impl Default for GameSyntax {
    /// A game without tags, setup or moves.
    fn default() -> GameSyntax {
        GameSyntax {
            tags: Vec::new(),
            variant: Ok(Named::STANDARD),
            variant_tag: None,
            setup: Ok(None),
            rules_fen: None,
            lines: vec![Line::default()],
            plies: Vec::new(),
            rules_moves: Vec::new(),
            rules: GameRules::Verified,
            notes: Vec::new(),
            result: None,
            result_tag: None,
            range: Range::default(),
        }
    }
}

impl GameSyntax {
    /// The variations that replace `ply`, in order.
    pub fn variations(&self, ply: &PlySyntax) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(ply.first_variation.map(NonZeroU32::get), |&line| {
            self.lines[line as usize].next_sibling
        })
    }

    /// The plies of the main line.
    pub fn main_line(&self) -> impl Iterator<Item = &PlySyntax> {
        self.lines
            .first()
            .into_iter()
            .flat_map(|l| l.plies.iter().map(|&i| &self.plies[i as usize]))
    }

    /// The value of tag `name`.
    pub fn tag<'a>(&self, source: &'a Source, name: &str) -> Option<std::borrow::Cow<'a, str>> {
        Tag::find(&self.tags, source, name).map(|t| t.value(source))
    }
}
