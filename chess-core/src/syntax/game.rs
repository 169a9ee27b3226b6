//! One game's parse: the state the grammar keeps while it reads a game,
//! and what it does with each part of a word (a number waits for its move,
//! a move becomes a ply, a marker or NAG attaches to the ply before, a
//! result ends the game), the comments passed over, and the variations
//! opened and closed. Both readers drive it: the parser with its items
//! ([`parser`](super::parser)) and the express lane straight from bytes
//! ([`express`](super::express)), so the two build the same trees.

use std::num::NonZeroU32;

use shakmaty::Role;

use crate::diagnostic::{Diagnostic, Help};
use crate::input::{Mode, Range, Source};

use super::errors;
use super::letters::PieceLetters;
use super::limits::{Bound, Limits};
use super::notation::{self, Invalid, MoveSyntax, Part, Spanned};
use chess_format::{Named, Variant};
use chess_rules::MoveText;

use super::setup::{self, SetupSyntax};
use super::tag::Tag;
use super::tree::{
    GameRules, GameSyntax, Join, Line, MoveNumber, Note, NoteKind, PlySyntax, RulesMove,
};

/// The state of one game's parse.
pub(super) struct GameParser {
    pub(super) game: GameSyntax,
    /// A setup written before the moves.
    pub(super) setup: Option<Box<SetupSyntax>>,
    /// The line plies go to (0, the main line, or a variation).
    pub(super) line: u32,
    /// The lines around it: those of the variations it is inside of.
    pub(super) open: Vec<u32>,
    pub(super) pending_number: Option<MoveNumber>,
    /// The last ply, while markers may still attach to it.
    pub(super) attach: Option<u32>,
    pub(super) started_moves: bool,
    pub(super) first: Option<Range>,
    pub(super) last: Range,
    /// The piece letters without a `[PieceLetters]` tag.
    pub(super) letters: PieceLetters,
    /// Keep comments and NAGs as notes.
    pub(super) notes: bool,
    /// The rules without a `[Variant]` tag, if not standard chess.
    pub(super) variant: Option<Named>,
    /// The game is under rules a user defines: its moves are read as the
    /// rule set's notation, its `[Variant]` tag names a rule set and its
    /// `[FEN]` tag is read under it (by the start stage).
    pub(super) rules: bool,
    /// The bounds on the game's size, and the comments and NAGs counted
    /// against them (kept as notes or not).
    limits: Limits,
    notes_seen: u32,
    /// Under such rules: the last move, a bare square, while nothing but
    /// a `-` came after it (the first square of a move that may be written
    /// `a2 a3`), and the `-`.
    joinable: Option<u32>,
    dash: Option<Range>,
}

impl GameParser {
    pub(super) fn new(letters: PieceLetters, notes: bool, limits: Limits) -> GameParser {
        GameParser {
            game: GameSyntax {
                lines: vec![Line {
                    plies: Vec::with_capacity(128),
                    ..Line::default()
                }],
                plies: Vec::with_capacity(128),
                tags: Vec::with_capacity(16),
                ..GameSyntax::default()
            },
            setup: None,
            line: 0,
            open: Vec::new(),
            pending_number: None,
            attach: None,
            started_moves: false,
            first: None,
            last: Range::default(),
            letters,
            notes,
            variant: None,
            rules: false,
            limits,
            notes_seen: 0,
            joinable: None,
            dash: None,
        }
    }

    pub(super) fn finish(mut self, source: &Source) -> GameSyntax {
        self.game.range = self.first.unwrap_or_default().to(self.last);
        self.game.result_tag = Tag::find(&self.game.tags, source, "Result").and_then(|tag| {
            let value = tag.value(source);
            let result = notation::result_token(value.as_bytes())?;
            let quotes = tag.value_range;
            Some((result, Range::new(quotes.start + 1, quotes.end - 1)))
        });
        let tag = Tag::find(&self.game.tags, source, "Variant");
        self.game.variant_tag = tag.map(|t| t.value_range);
        if self.rules {
            // The tag names a rule set, and the start stage reads the
            // `[FEN]` tag under it. (A game of a built-in variant is no
            // game of the verified rules.)
            self.game.rules_fen = setup::RulesFen::of_game(&self.game.tags, source);
            if self.game.rules == GameRules::Builtin
                && let Some((name, tag)) = super::variant_name(&self.game.tags, source)
            {
                self.game.variant = Err(errors::builtin_game(tag.value_range, &name));
            }
            return self.game;
        }
        self.game.variant = match (tag, self.variant) {
            (None, Some(variant)) => Ok(variant),
            _ => super::variant::variant_of(tag, source),
        };
        self.game.setup = setup::of_game(&self.game.tags, self.setup, source)
            .and_then(|s| setup::fits_variant(s, &self.game.variant));
        self.game
    }

    #[inline(always)]
    pub(super) fn touch(&mut self, range: Range) {
        if self.first.is_none() {
            self.first = Some(range);
        }
        self.last = range;
    }

    /// Whether its `[Variant]` tag names one of Fairy-Stockfish's built-in
    /// variants ([`super::names_builtin`]).
    pub(super) fn names_builtin(&self, source: &Source) -> bool {
        super::variant_name(&self.game.tags, source)
            .is_some_and(|(name, _)| super::names_builtin(&name))
    }

    pub(super) fn piece_letters(&self, source: &Source) -> Result<PieceLetters, Diagnostic> {
        match Tag::find(&self.game.tags, source, "PieceLetters") {
            None => Ok(self.letters),
            Some(tag) => {
                let value = tag.value(source);
                PieceLetters::from_name(&value)
                    .ok_or_else(|| errors::unknown_piece_letters(tag.value_range, &value))
            }
        }
    }

    /// Keeps the comments passed over as notes where the game is now; an
    /// error at the first past the bound on notes.
    #[cold]
    pub(super) fn take_comments(
        &mut self,
        source: &Source,
        comments: &mut Vec<Range>,
    ) -> Result<(), Diagnostic> {
        // A comment between two squares parts them.
        self.joinable = None;
        let room = self.limits.notes.saturating_sub(self.notes_seen) as usize;
        if let Some(&past) = comments.get(room) {
            return Err(errors::too_large(Bound::Notes, self.limits.notes, past));
        }
        self.notes_seen += comments.len() as u32;
        if !self.notes {
            comments.clear();
            return Ok(());
        }
        let text = source.as_str().as_bytes();
        let tokens = source.mode() == Mode::Tokens;
        for range in comments.drain(..) {
            let (start, end) = (range.start as usize, range.end as usize);
            // In the token form, `{ }` stands for a comment whose text PGN
            // cannot hold (or that is no string): nothing to keep.
            if tokens && text.get(start..end) == Some(b"{ }") {
                continue;
            }
            let inner = match text.get(start) {
                Some(b'{') => Range::new(
                    range.start + 1,
                    range.end.saturating_sub(1).max(range.start + 1),
                ),
                // (It ends before the line's `\r`.)
                Some(b';') => Range::new(range.start + 1, range.end),
                // A `%` escape line is not a comment.
                _ => continue,
            };
            let line = self.current_line();
            self.game.notes.push(Note {
                line,
                after: self.game.lines[line as usize].plies.len() as u32,
                kind: NoteKind::Comment,
                range: inner,
            });
        }
        Ok(())
    }

    /// Keeps a NAG (`$14`, `!?`, `±`) as a note on the move it follows.
    fn nag(&mut self, range: Range, source: &Source) -> Result<(), Diagnostic> {
        if self.notes_seen >= self.limits.notes {
            return Err(errors::too_large(Bound::Notes, self.limits.notes, range));
        }
        self.notes_seen += 1;
        if !self.notes {
            return Ok(());
        }
        let Some(value) = notation::nag_value(source.slice(range)) else {
            return Ok(());
        };
        let line = self.current_line();
        self.game.notes.push(Note {
            line,
            after: self.game.lines[line as usize].plies.len() as u32,
            kind: NoteKind::Nag(value),
            range,
        });
        Ok(())
    }

    pub(super) fn end_of_input(&mut self) -> Result<(), Diagnostic> {
        if let Some(dash) = self.dash {
            return Err(errors::stray_dash(dash));
        }
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        if !self.open.is_empty() {
            let line = &self.game.lines[self.line as usize];
            return Err(errors::unclosed_variation(line.open.unwrap_or_default()));
        }
        Ok(())
    }

    pub(super) fn push_tag(&mut self, tag: Tag) -> Result<(), Diagnostic> {
        if self.game.tags.len() >= self.limits.tags as usize {
            return Err(errors::too_large(Bound::Tags, self.limits.tags, tag.range));
        }
        self.game.tags.push(tag);
        Ok(())
    }

    #[inline(always)]
    fn current_line(&self) -> u32 {
        self.line
    }

    /// Adds a ply to the current line. Always inlined into its caller, the
    /// part handling that reads each move: a call for every ply cost
    /// `chess-verify --jobs 1` 1.4 % of its instructions on 2 MB of the
    /// collection (142.6 M against 144.6 M, run as `cargo xtask
    /// verify-bench` runs it).
    #[inline(always)]
    fn push_ply(&mut self, mv: MoveSyntax, range: Range) -> Result<(), Diagnostic> {
        let index = self.game.plies.len() as u32;
        if index >= self.limits.plies {
            return Err(errors::too_large(Bound::Plies, self.limits.plies, range));
        }
        self.game.plies.push(PlySyntax::bare(mv, range));
        // Set apart: taken into the new ply's literal, the number went
        // through a temporary whose copy stalled (stores and loads of
        // different widths).
        if let Some(number) = self.pending_number.take()
            && let Some(ply) = self.game.plies.last_mut()
        {
            ply.number = Some(number);
        }
        let line = self.current_line() as usize;
        self.game.lines[line].plies.push(index);
        self.attach = Some(index);
        self.started_moves = true;
        Ok(())
    }

    /// Handles one part; `long_form` reads the long form's words after a
    /// piece name (`knight g1 to f3`). Returns `true` when the game's
    /// result ends it. Inlined: the part was built just before, and read
    /// back through memory it stalls.
    #[inline(always)]
    pub(super) fn word_part(
        &mut self,
        source: &Source,
        spanned: Spanned,
        long_form: impl FnOnce(Role, Range) -> Result<(MoveSyntax, Range), Diagnostic>,
    ) -> Result<bool, Diagnostic> {
        let range = spanned.range;
        let keep_attach = matches!(
            spanned.part,
            Part::Marker(_) | Part::Annotation | Part::EnPassant | Part::Nag
        );
        if !keep_attach {
            self.attach = None;
        }
        if self.rules && !matches!(spanned.part, Part::RulesMove(..) | Part::Dash) {
            self.no_join()?;
        }
        match spanned.part {
            Part::Number {
                value,
                black,
                board,
            } => {
                if let Some(previous) = self.pending_number {
                    return Err(errors::number_without_move(previous));
                }
                if board.is_some() && !self.rules {
                    return Err(errors::board_in_number(range));
                }
                self.pending_number = Some(MoveNumber {
                    value: value.and_then(|v| u32::try_from(v).ok()),
                    black,
                    board,
                    range,
                });
            }
            Part::Ellipsis => {
                if let Some(n) = &mut self.pending_number {
                    n.black = true;
                    n.range = n.range.to(range);
                }
            }
            Part::Null => return Err(errors::null_move(range, source)),
            Part::Drop(role, to) => {
                // A drop is a move in crazyhouse; in a game of other rules
                // it is refused (or, if the tag cannot be read, the tag).
                let tagged = Tag::find(&self.game.tags, source, "Variant").is_some();
                let variant = match self.variant {
                    Some(variant) if !tagged => variant,
                    _ => super::variant::variant(&self.game.tags, source)?,
                };
                if variant.variant != Variant::Crazyhouse {
                    let mut d = errors::drop(range, source, variant);
                    // A `[Variant]` tag misspelt is often why.
                    if !tagged {
                        for misspelt in super::tag::misspelt_tags(&self.game.tags, source) {
                            if misspelt
                                .help
                                .contains(&Help::DidYouMean(vec!["Variant".into()]))
                            {
                                let written = source.slice(misspelt.range);
                                d = d
                                    .with_note(format!(
                                        "the tag `{written}` is not read: did you mean `Variant`?"
                                    ))
                                    .with_related(
                                        misspelt.range,
                                        format!("the tag `{written}` is not read"),
                                    );
                            }
                        }
                    }
                    return Err(d);
                }
                self.push_ply(MoveSyntax::Drop { role, to }, range)?;
            }
            Part::Move(mv) => self.push_ply(mv, range)?,
            Part::RulesMove(text, wall) => self.rules_move(text, wall, range)?,
            Part::Dash => match (self.joinable, self.dash) {
                (Some(_), None) => self.dash = Some(range),
                _ => return Err(errors::stray_dash(range)),
            },
            Part::PieceName(role) => {
                let (mv, full) = long_form(role, range)?;
                self.touch(full);
                self.push_ply(mv, full)?;
            }
            Part::To | Part::Becomes => {
                return Err(errors::stray_long_form_word(range, source));
            }
            Part::Marker(marker) => {
                let ply = self.attached(range, source)?;
                if ply.marker.is_some() {
                    return Err(errors::second_marker(range));
                }
                ply.marker = Some((marker, range));
            }
            Part::EnPassant => {
                let ply = self.attached(range, source)?;
                ply.ep = Some(range);
            }
            Part::Annotation | Part::Nag => {
                if spanned.part == Part::Annotation {
                    self.attached(range, source)?;
                }
                self.nag(range, source)?;
            }
            Part::Result(result) => {
                if let Some(n) = self.pending_number {
                    return Err(errors::number_without_move(n));
                }
                if !self.open.is_empty() {
                    return Err(errors::result_in_variation(range, result));
                }
                self.game.result = Some((result, range));
                return Ok(true);
            }
            Part::Invalid(Invalid::NotNotation) if self.rules => {
                return Err(errors::expected_rules_move(range, source));
            }
            Part::Invalid(invalid) => {
                return Err(errors::invalid_word(invalid, range, source));
            }
        }
        Ok(false)
    }

    /// A move under rules a user defines: a ply, and a bare square noted
    /// as the possible first square of a move in coordinates, or as the
    /// second one after such a first.
    fn rules_move(
        &mut self,
        text: MoveText,
        wall: Option<chess_rules::Square>,
        range: Range,
    ) -> Result<(), Diagnostic> {
        let bare = wall.is_none()
            && matches!(
                text,
                MoveText::San {
                    piece: None,
                    file: None,
                    rank: None,
                    capture: false,
                    promotion: None,
                    ..
                }
            );
        match self.joinable.take() {
            Some(first) if bare => {
                self.game.rules_moves[first as usize].joins_next = match self.dash.take() {
                    Some(_) => Join::Dashed,
                    None => Join::Spaced,
                };
            }
            _ => self.no_join()?,
        }
        let index = self.game.rules_moves.len() as u32;
        self.game.rules_moves.push(RulesMove {
            text,
            wall,
            joins_next: Join::No,
        });
        self.push_ply(MoveSyntax::Rules(index), range)?;
        // Each bare square may be the first of a move in coordinates (the
        // replay reads them left to right: `e4 a7 a5` is `e4` then `a7 a5`).
        if bare {
            self.joinable = Some(index);
        }
        Ok(())
    }

    /// Something other than the second square of a move in coordinates:
    /// no move joins the last one, and a `-` before it stood alone.
    fn no_join(&mut self) -> Result<(), Diagnostic> {
        self.joinable = None;
        match self.dash.take() {
            Some(dash) => Err(errors::stray_dash(dash)),
            None => Ok(()),
        }
    }

    /// The ply a marker attaches to.
    fn attached(&mut self, range: Range, source: &Source) -> Result<&mut PlySyntax, Diagnostic> {
        match self.attach {
            Some(i) => Ok(&mut self.game.plies[i as usize]),
            None => Err(errors::marker_without_move(range, source)),
        }
    }

    pub(super) fn open_variation(&mut self, open: Range) -> Result<(), Diagnostic> {
        self.no_join()?;
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        let line = self.current_line() as usize;
        let Some(&replaced) = self.game.lines[line].plies.last() else {
            return Err(errors::variation_without_move(open));
        };
        let limits = self.limits;
        if self.game.lines.len() > limits.variations as usize {
            return Err(errors::too_large(
                Bound::Variations,
                limits.variations,
                open,
            ));
        }
        if self.open.len() >= limits.depth as usize {
            return Err(errors::too_large(Bound::Depth, limits.depth, open));
        }
        let id = self.game.lines.len() as u32;
        self.game.lines.push(Line {
            open: Some(open),
            ..Line::default()
        });
        let ply = &mut self.game.plies[replaced as usize];
        match ply.first_variation {
            None => ply.first_variation = NonZeroU32::new(id),
            Some(first) => {
                // The first alternative's line knows the last one.
                let first = first.get() as usize;
                let last = self.game.lines[first].last_sibling.unwrap_or(first as u32);
                self.game.lines[last as usize].next_sibling = Some(id);
                self.game.lines[first].last_sibling = Some(id);
            }
        }
        self.open.push(self.line);
        self.line = id;
        self.attach = None;
        Ok(())
    }

    pub(super) fn close_variation(&mut self, close: Range) -> Result<(), Diagnostic> {
        self.no_join()?;
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        let Some(outer) = self.open.pop() else {
            return Err(errors::unopened_variation(close));
        };
        self.line = outer;
        self.attach = None;
        Ok(())
    }
}
