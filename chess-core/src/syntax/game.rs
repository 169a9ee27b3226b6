//! One game's grammar: the state it keeps while it reads a game, and what
//! it does with each part of a word (a number waits for its move, a move
//! becomes a ply, a marker or NAG attaches to the ply before, a result
//! ends the game), the comments passed over, and the variations opened
//! and closed; each checked against the bounds and handed on as an event
//! ([`Events`]) to the game's consumer (the syntax tree, `build.rs`, or
//! another). Both readers drive it: the parser with its items
//! ([`parser`](super::parser)) and the express lane straight from bytes
//! ([`express`](super::express)), so the two hand on the same events.

use shakmaty::Role;

use crate::diagnostic::{Diagnostic, Help};
use crate::input::{Mode, Range, Source};

use super::errors;
use super::letters::PieceLetters;
use super::limits::{Bound, Limits};
use super::notation::{self, Board, Invalid, Marker, MoveSyntax, Part, RulesRead, Spanned};
use chess_format::{Named, Variant};
use chess_rules::MoveText;

use super::events::Events;
use super::setup::SetupSyntax;
use super::tag::Tag;
use super::tree::{GameRules, Join, MoveNumber, NoteKind, RulesMove};

/// The state of one game's parse: the grammar, handing what it reads on
/// to `events` (the syntax tree, `build::Tree`, or another consumer).
pub(super) struct GameParser<E: Events> {
    /// The consumer of the game's events.
    pub(super) events: E,
    /// The tag pairs, read before the moves: they say how the moves are
    /// read, and go to the consumer with the game.
    pub(super) tags: Vec<Tag>,
    /// A setup written before the moves.
    pub(super) setup: Option<Box<SetupSyntax>>,
    /// Which rules the game's tags name (the parser's reading; the lane
    /// reads only games of chess and lichess's variants).
    pub(super) game_rules: GameRules,
    /// The `(` of each variation the grammar is inside of, innermost last.
    pub(super) open: Vec<Range>,
    /// The lines so far, the main line and each variation opened.
    lines: u32,
    /// Whether the current line has a move (which a variation replaces).
    line_has_ply: bool,
    /// The plies so far, in every line.
    plies: u32,
    pub(super) pending_number: Option<MoveNumber>,
    /// Markers may still attach to the last ply (and whether a check or
    /// mate marker has, and an `e.p.`: the tree keeps one of each).
    attach: bool,
    marked: bool,
    en_passant: bool,
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
    /// Under such rules: the last move is a bare square, and nothing but
    /// a `-` came after it (the first square of a move that may be written
    /// `a2 a3`), and the `-`.
    joinable: bool,
    dash: Option<Range>,
}

impl<E: Events> GameParser<E> {
    /// A game's parse that hands its events to `events`.
    pub(super) fn with_events(
        mut events: E,
        letters: PieceLetters,
        notes: bool,
        limits: Limits,
    ) -> GameParser<E> {
        GameParser {
            tags: events.tag_room(),
            events,
            setup: None,
            game_rules: GameRules::default(),
            open: Vec::new(),
            lines: 1,
            line_has_ply: false,
            plies: 0,
            pending_number: None,
            attach: false,
            marked: false,
            en_passant: false,
            started_moves: false,
            first: None,
            last: Range::default(),
            letters,
            notes,
            variant: None,
            rules: false,
            limits,
            notes_seen: 0,
            joinable: false,
            dash: None,
        }
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
        super::variant_name(&self.tags, source).is_some_and(|(name, _)| super::names_builtin(&name))
    }

    pub(super) fn piece_letters(&self, source: &Source) -> Result<PieceLetters, Diagnostic> {
        match Tag::find(&self.tags, source, "PieceLetters") {
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
        self.joinable = false;
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
            self.events.note(NoteKind::Comment, inner);
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
        self.events.note(NoteKind::Nag(value), range);
        Ok(())
    }

    pub(super) fn end_of_input(&mut self) -> Result<(), Diagnostic> {
        if let Some(dash) = self.dash {
            return Err(errors::stray_dash(dash));
        }
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        if let Some(&open) = self.open.last() {
            return Err(errors::unclosed_variation(open));
        }
        Ok(())
    }

    pub(super) fn push_tag(&mut self, tag: Tag) -> Result<(), Diagnostic> {
        if self.tags.len() >= self.limits.tags as usize {
            return Err(errors::too_large(Bound::Tags, self.limits.tags, tag.range));
        }
        self.tags.push(tag);
        Ok(())
    }

    /// Counts a ply of the current line (a move written at `range`)
    /// against the bounds: the number written before it, if any. Always
    /// inlined into its caller, the part handling that reads each move: a
    /// call for every ply cost `chess-verify --jobs 1` 1.4 % of its
    /// instructions on 2 MB of the collection (142.6 M against 144.6 M,
    /// run as `cargo xtask verify-bench` runs it).
    #[inline(always)]
    fn count_ply(&mut self, range: Range) -> Result<Option<MoveNumber>, Diagnostic> {
        if self.plies >= self.limits.plies {
            return Err(errors::too_large(Bound::Plies, self.limits.plies, range));
        }
        self.plies += 1;
        self.line_has_ply = true;
        self.attach = true;
        self.marked = false;
        self.en_passant = false;
        self.started_moves = true;
        Ok(self.pending_number.take())
    }

    /// Adds a ply to the current line.
    #[inline(always)]
    fn push_ply(&mut self, mv: MoveSyntax, range: Range) -> Result<(), Diagnostic> {
        let number = self.count_ply(range)?;
        self.events.ply(mv, range, number);
        Ok(())
    }

    /// Handles one part; `rules_move` gives the reading a
    /// [`Part::RulesMove`] points to, and `long_form` reads the long form's
    /// words after a piece name (`knight g1 to f3`). Returns `true` when the
    /// game's result ends it. Inlined: the part was built just before, and
    /// read back through memory it stalls.
    #[inline(always)]
    pub(super) fn word_part(
        &mut self,
        source: &Source,
        spanned: Spanned,
        rules_move: impl FnOnce(u32) -> Option<RulesRead>,
        long_form: impl FnOnce(Role, Range) -> Result<(MoveSyntax, Range), Diagnostic>,
    ) -> Result<bool, Diagnostic> {
        let range = spanned.range;
        let keep_attach = matches!(
            spanned.part,
            Part::Marker(_) | Part::Annotation | Part::EnPassant | Part::Nag
        );
        if !keep_attach {
            self.attach = false;
        }
        if self.rules && !matches!(spanned.part, Part::RulesMove(_) | Part::Dash) {
            self.no_join()?;
        }
        match spanned.part {
            Part::Number {
                value,
                black,
                board,
            } => self.number(value, black, board, range)?,
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
                let tagged = Tag::find(&self.tags, source, "Variant").is_some();
                let variant = match self.variant {
                    Some(variant) if !tagged => variant,
                    _ => super::variant::variant(&self.tags, source)?,
                };
                if variant.variant != Variant::Crazyhouse {
                    let mut d = errors::drop(range, source, variant);
                    // A `[Variant]` tag misspelt is often why.
                    if !tagged {
                        for misspelt in super::tag::misspelt_tags(&self.tags, source) {
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
            Part::RulesMove(i) => self.rules_move(rules_move(i), range, source)?,
            Part::Dash => match (self.joinable, self.dash) {
                (true, None) => self.dash = Some(range),
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
            Part::Marker(marker) => self.marker(marker, range, source)?,
            Part::EnPassant => self.en_passant(range, source)?,
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
                self.events.result(result, range);
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

    /// The usual words' parts, which the express lane reads as it scans
    /// them ([`notation::usual_word`]) and so knows what they are: a move
    /// number, a move, its marker, each taken as [`Self::word_part`] takes
    /// it, without asking which part it is.
    #[inline(always)]
    pub(super) fn usual_number(
        &mut self,
        value: Option<u32>,
        black: bool,
        range: Range,
    ) -> Result<(), Diagnostic> {
        self.attach = false;
        if self.rules {
            self.no_join()?;
        }
        self.number(value, black, None, range)
    }

    /// See [`Self::usual_number`].
    #[inline(always)]
    pub(super) fn usual_move(&mut self, mv: MoveSyntax, range: Range) -> Result<(), Diagnostic> {
        self.attach = false;
        if self.rules {
            self.no_join()?;
        }
        self.push_ply(mv, range)
    }

    /// See [`Self::usual_number`].
    #[inline(always)]
    pub(super) fn usual_marker(
        &mut self,
        marker: Marker,
        range: Range,
        source: &Source,
    ) -> Result<(), Diagnostic> {
        if self.rules {
            self.no_join()?;
        }
        self.marker(marker, range, source)
    }

    /// A move number: the next ply's, unless one is waiting for its move.
    #[inline(always)]
    fn number(
        &mut self,
        value: Option<u32>,
        black: bool,
        board: Option<Board>,
        range: Range,
    ) -> Result<(), Diagnostic> {
        if let Some(previous) = self.pending_number {
            return Err(errors::number_without_move(previous));
        }
        if board.is_some() && !self.rules {
            return Err(errors::board_in_number(range));
        }
        self.pending_number = Some(MoveNumber {
            value,
            black,
            board,
            range,
        });
        Ok(())
    }

    /// A check or mate marker on the ply before it, one at most.
    #[inline(always)]
    fn marker(&mut self, marker: Marker, range: Range, source: &Source) -> Result<(), Diagnostic> {
        self.attached(range, source)?;
        if self.marked {
            return Err(errors::second_marker(range));
        }
        self.marked = true;
        self.events.marker(marker, range);
        Ok(())
    }

    /// A move under rules a user defines, as the rule set's notation read
    /// it (`read`; `None` if its part pointed to no reading): a ply, and a
    /// bare square noted as the possible first square of a move in
    /// coordinates, or as the second one after such a first. (Out of line:
    /// the grammar's handling of each part stays small.)
    #[inline(never)]
    fn rules_move(
        &mut self,
        read: Option<RulesRead>,
        range: Range,
        source: &Source,
    ) -> Result<(), Diagnostic> {
        let Some((text, wall)) = read else {
            return Err(errors::invalid_word(Invalid::NotNotation, range, source));
        };
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
        if self.joinable && bare {
            self.joinable = false;
            let join = match self.dash.take() {
                Some(_) => Join::Dashed,
                None => Join::Spaced,
            };
            self.events.join(join);
        } else {
            self.no_join()?;
        }
        let number = self.count_ply(range)?;
        let mv = RulesMove {
            text,
            wall,
            joins_next: Join::No,
        };
        self.events.rules_ply(mv, range, number);
        // Each bare square may be the first of a move in coordinates (the
        // replay reads them left to right: `e4 a7 a5` is `e4` then `a7 a5`).
        self.joinable = bare;
        Ok(())
    }

    /// Something other than the second square of a move in coordinates:
    /// no move joins the last one, and a `-` before it stood alone.
    fn no_join(&mut self) -> Result<(), Diagnostic> {
        self.joinable = false;
        match self.dash.take() {
            Some(dash) => Err(errors::stray_dash(dash)),
            None => Ok(()),
        }
    }

    /// An `e.p.` after the last ply. (Rare: kept out of the loop that
    /// reads the moves.)
    #[inline(never)]
    fn en_passant(&mut self, range: Range, source: &Source) -> Result<(), Diagnostic> {
        self.attached(range, source)?;
        if self.en_passant {
            return Err(errors::second_en_passant(range));
        }
        self.en_passant = true;
        self.events.en_passant(range);
        Ok(())
    }

    /// Whether a marker has a ply to attach to.
    fn attached(&self, range: Range, source: &Source) -> Result<(), Diagnostic> {
        match self.attach {
            true => Ok(()),
            false => Err(errors::marker_without_move(range, source)),
        }
    }

    pub(super) fn open_variation(&mut self, open: Range) -> Result<(), Diagnostic> {
        self.no_join()?;
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        if !self.line_has_ply {
            return Err(errors::variation_without_move(open));
        }
        let limits = self.limits;
        if self.lines > limits.variations {
            return Err(errors::too_large(
                Bound::Variations,
                limits.variations,
                open,
            ));
        }
        if self.open.len() >= limits.depth as usize {
            return Err(errors::too_large(Bound::Depth, limits.depth, open));
        }
        self.lines += 1;
        self.open.push(open);
        self.line_has_ply = false;
        self.attach = false;
        self.events.open_variation(open);
        Ok(())
    }

    pub(super) fn close_variation(&mut self, close: Range) -> Result<(), Diagnostic> {
        self.no_join()?;
        if let Some(n) = self.pending_number {
            return Err(errors::number_without_move(n));
        }
        if self.open.pop().is_none() {
            return Err(errors::unopened_variation(close));
        }
        // The line around has the move the variation replaced.
        self.line_has_ply = true;
        self.attach = false;
        self.events.close_variation();
        Ok(())
    }
}
