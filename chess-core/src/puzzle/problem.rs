//! Chess problems: a position, a `[Stipulation]` and the claimed
//! solution, proven (see the [parent](super)).
//!
//! What is proven, after the position and every written move (variations
//! included) were verified:
//!
//! * `#n` and `s#n`: the key (the main line's first move) forces the goal
//!   in `n` moves against every defence; the goal cannot be forced in
//!   fewer moves (`short-solution`); no other first move forces it in `n`
//!   (a cook, `second-solution`, with its proof line); every written move
//!   of the attacking side keeps the goal in the moves left (`not-mate`);
//!   a try (a variation of the key) is refuted by the defence written
//!   after it, if one is (`not-refuted`); a threat, written as a comment
//!   after a move of the attacking side (`{threat: 2. Qe8#}`, as problem
//!   solvers print it), is what that side would play if the defence
//!   passed: legal, and forcing the goal in the moves left
//!   (`not-threat`).
//! * `h#n`: every written line (the main line and each variation, from
//!   the start) is a solution, and every solution is written
//!   (`missing-solution`).

use shakmaty::{Chess, Color, Move, Position};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};
use crate::replay::VerifiedGame;
use crate::search::{Goal, OutOfBudget, Search};
use crate::syntax::{self, GameSyntax, NoteKind, ProblemKind, Stipulation, Tag};

use super::shared::{PuzzleOptions, budget_error, line_text, numbered, verify_game};

/// A problem that is what its stipulation claims.
#[derive(Clone, Debug)]
pub struct CheckedProblem {
    /// Its position and solution, verified (variations in the game's
    /// annotations).
    pub game: VerifiedGame,
    /// What it claims.
    pub stipulation: Stipulation,
    /// The positions the search visited.
    pub nodes: u64,
}

/// Checks a problem: `game` read from `source`, its stipulation in a
/// `[Stipulation]` tag. For `#n` and `s#n`: the key, no shorter solution,
/// no cook, every written move of the attacking side, each try's
/// refutation, each threat; for `h#n`: the written lines are exactly the
/// solutions (see the [stage](super)).
///
/// ```
/// use chess_core::puzzle::{PuzzleOptions, check_problem};
/// use chess_core::syntax::Parser;
/// use chess_core::{ErrorKind, Source};
///
/// let text = r##"[FEN "6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1"] [Stipulation "#1"] 1. Re8#"##;
/// let source = Source::text(text, None, None);
/// let game = Parser::new(&source).next().unwrap().unwrap();
/// let checked = check_problem(&game, &source, PuzzleOptions::default()).unwrap();
/// assert_eq!(checked.stipulation.to_string(), "#1");
///
/// // Not the key: 1. Re7 is no mate.
/// let text = r##"[FEN "6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1"] [Stipulation "#1"] 1. Re7"##;
/// let source = Source::text(text, None, None);
/// let game = Parser::new(&source).next().unwrap().unwrap();
/// let error = check_problem(&game, &source, PuzzleOptions::default()).unwrap_err();
/// assert_eq!(error.kind, ErrorKind::NotMate);
/// ```
pub fn check_problem(
    game: &GameSyntax,
    source: &Source,
    options: PuzzleOptions,
) -> Result<CheckedProblem, Diagnostic> {
    let tag = Tag::find(&game.tags, source, "Stipulation")
        .ok_or_else(|| syntax::missing_stipulation(first_range(game)))?;
    let range = tag.value_range;
    let stipulation = syntax::stipulation(&tag.value(source), range)?;
    let verified = verify_game(game, source)?;
    let lines = written_lines(game, &verified);
    let mut prover = Prover {
        search: Search::new(options.budget).with_deadline(options.deadline),
        stipulation,
        range,
        start: verified.start.clone(),
    };
    let result = match stipulation.kind {
        ProblemKind::Mate => prover
            .forced(&lines, Goal::Mate)
            .and_then(|()| prover.threats(game, source, &lines, Goal::Mate)),
        ProblemKind::SelfMate => prover
            .forced(&lines, Goal::SelfMate)
            .and_then(|()| prover.threats(game, source, &lines, Goal::SelfMate)),
        ProblemKind::HelpMate => prover.help(&lines),
    };
    result.map(|()| CheckedProblem {
        game: verified,
        stipulation,
        nodes: prover.search.nodes(),
    })
}

/// Where an error about the whole problem goes when it has no
/// stipulation: its first tag, else its first move, else all of it.
fn first_range(game: &GameSyntax) -> Range {
    game.tags
        .first()
        .map(|t| t.range)
        .or_else(|| game.plies.first().map(|p| p.range))
        .unwrap_or(game.range)
}

/// One written line, from the problem's start.
struct Written {
    /// Its index among the game's lines (0: the main line).
    id: u32,
    /// How many plies come before its first move.
    first: usize,
    /// Those plies.
    prefix: Vec<Move>,
    /// Its plies: the position before, the move, where it is written.
    plies: Vec<(Chess, Move, Range)>,
}

impl Written {
    /// The whole line from the start.
    fn path(&self) -> Vec<Move> {
        let mut path = self.prefix.clone();
        path.extend(self.plies.iter().map(|p| p.1));
        path
    }

    /// A variation of the key: a try.
    fn is_try(&self) -> bool {
        self.id != 0 && self.first == 0
    }
}

/// Every line of the verified game with its positions, in the order
/// written.
fn written_lines(game: &GameSyntax, verified: &VerifiedGame) -> Vec<Written> {
    let annotations = verified.annotations.as_deref();
    let mut out = Vec::new();
    let mut todo = vec![(0u32, verified.start.clone(), Vec::new())];
    while let Some((id, mut pos, prefix)) = todo.pop() {
        let (moves, first) = match (id, annotations) {
            (0, _) => (&verified.moves[..], 0),
            (_, Some(a)) => match a.lines.get(id as usize) {
                Some(line) => (&line.moves[..], line.first_ply),
                None => continue,
            },
            (_, None) => continue,
        };
        let syntax = game
            .lines
            .get(id as usize)
            .map_or(&[][..], |l| &l.plies[..]);
        let mut plies = Vec::with_capacity(moves.len());
        for (&m, &ply) in moves.iter().zip(syntax) {
            let range = game.plies.get(ply as usize).map_or(game.range, |p| p.range);
            plies.push((pos.clone(), m, range));
            pos.play_unchecked(m);
        }
        let branches = annotations
            .and_then(|a| a.lines.get(id as usize))
            .map_or(&[][..], |l| &l.branches[..]);
        for &(k, var) in branches {
            let k = k as usize;
            if let Some((before, ..)) = plies.get(k) {
                let mut var_prefix = prefix.clone();
                var_prefix.extend(plies[..k].iter().map(|p| p.1));
                todo.push((var, before.clone(), var_prefix));
            }
        }
        out.push(Written {
            id,
            first,
            prefix,
            plies,
        });
    }
    out.sort_by_key(|w| w.plies.first().map_or(0, |p| p.2.start));
    out
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The proofs of one problem.
struct Prover {
    search: Search,
    stipulation: Stipulation,
    /// The stipulation's value in the source.
    range: Range,
    start: Chess,
}

impl Prover {
    fn budget(&self, range: Range, what: &str) -> impl FnOnce(OutOfBudget) -> Diagnostic {
        let what = what.to_string();
        move |spent| budget_error(range, spent, &what)
    }

    /// What `goal` in `n` moves is, in words, for `attacker`: "mate in 2",
    /// "Black to mate in 2", after "force" or "forces".
    fn goal_object(goal: Goal, attacker: Color, n: u32) -> String {
        match goal {
            Goal::Mate => format!("mate in {n}"),
            Goal::SelfMate => format!("{} to mate in {n}", side(!attacker)),
        }
    }

    /// "force mate in 2".
    fn goal_words(goal: Goal, attacker: Color, n: u32) -> String {
        format!("force {}", Self::goal_object(goal, attacker, n))
    }

    /// "forces mate in 2".
    fn forces_words(goal: Goal, attacker: Color, n: u32) -> String {
        format!("forces {}", Self::goal_object(goal, attacker, n))
    }

    /// `#n` and `s#n`.
    fn forced(&mut self, lines: &[Written], goal: Goal) -> Result<(), Diagnostic> {
        let n = u32::from(self.stipulation.moves);
        let stip = self.stipulation;
        let attacker = self.start.turn();
        let Some((_, key, key_range)) = lines
            .iter()
            .find(|l| l.id == 0)
            .and_then(|l| l.plies.first().cloned())
        else {
            return Err(Diagnostic::new(
                ErrorKind::NotMate,
                self.range,
                format!("the solution of `{stip}` is missing"),
            )
            .with_note("write the key, the first move, after the position: the main line is the solution, variations are other defences, tries, or other solutions"));
        };
        // Not in fewer moves.
        if n > 1 {
            let shorter = self
                .search
                .length(&self.start, goal, n - 1)
                .map_err(self.budget(self.range, "that no shorter solution exists"))?;
            if let Some(k) = shorter {
                let proof = self
                    .search
                    .proof(&self.start, goal, None, k)
                    .map_err(self.budget(self.range, "the shorter solution"))?
                    .unwrap_or_default();
                let what = match goal {
                    Goal::Mate => format!("{} mates in {k}", side(attacker)),
                    Goal::SelfMate => format!(
                        "{} forces {} to mate in {k}",
                        side(attacker),
                        side(!attacker)
                    ),
                };
                return Err(Diagnostic::new(
                    ErrorKind::ShortSolution,
                    self.range,
                    format!("`{stip}` is not the shortest solution: {what}"),
                )
                .with_note(format!("the proof: {}", line_text(&self.start, &proof)))
                .with_note(format!(
                    "write `{}`",
                    Stipulation {
                        kind: stip.kind,
                        // Fewer than the stipulation's moves, so a `u8`.
                        moves: u8::try_from(k).unwrap_or(stip.moves)
                    }
                )));
            }
        }
        // The key works.
        let written = numbered(&self.start, key);
        self.attacker_move(&self.start.clone(), key, key_range, goal, n)?;
        // No other key.
        let keys = self
            .search
            .keys_for(&self.start, goal, n)
            .map_err(self.budget(key_range, &format!("that `{written}` is the only key")))?;
        let others: Vec<Move> = keys.into_iter().filter(|&m| m != key).collect();
        if let Some(&other) = others.first() {
            let proof = self
                .search
                .proof(&self.start, goal, Some(other), n)
                .map_err(self.budget(key_range, "the second solution"))?
                .unwrap_or_else(|| vec![other]);
            // Written as a try? Then the error is there.
            let at = lines
                .iter()
                .filter(|l| l.is_try())
                .find_map(|l| l.plies.first().filter(|p| p.1 == other).map(|p| p.2));
            let also = if others.len() > 1 {
                format!(" ({} other first moves do)", others.len())
            } else {
                String::new()
            };
            let message = match at {
                Some(_) => format!(
                    "`{}` is written as a try, but it works: it {} too{also}",
                    numbered(&self.start, other),
                    Self::forces_words(goal, attacker, n)
                ),
                None => format!(
                    "`{written}` is not the only key: `{}` {} too{also}",
                    numbered(&self.start, other),
                    Self::forces_words(goal, attacker, n)
                ),
            };
            return Err(Diagnostic::new(
                ErrorKind::SecondSolution,
                at.unwrap_or(key_range),
                message,
            )
            .with_note(format!("the proof: {}", line_text(&self.start, &proof))));
        }
        // Every written move.
        for line in lines {
            for (i, (before, m, range)) in line.plies.iter().enumerate() {
                let depth = line.first + i;
                if line.is_try() {
                    if depth == 1 {
                        self.refutes(line, goal)?;
                    }
                    continue;
                }
                if depth % 2 == 1 || (line.id == 0 && depth == 0) {
                    continue;
                }
                let number = depth as u32 / 2 + 1;
                if number > n {
                    return Err(Diagnostic::new(
                        ErrorKind::NotMate,
                        *range,
                        format!(
                            "`{}` is {}'s move {number}; `{stip}` ends by move {n}",
                            numbered(before, *m),
                            side(attacker)
                        ),
                    )
                    .with_note("remove it"));
                }
                self.attacker_move(before, *m, *range, goal, n - number + 1)?;
            }
        }
        Ok(())
    }

    /// Whether the attacker's `m` from `before` forces `goal` in `left`
    /// moves (itself counted); if not, why.
    fn attacker_move(
        &mut self,
        before: &Chess,
        m: Move,
        range: Range,
        goal: Goal,
        left: u32,
    ) -> Result<(), Diagnostic> {
        let written = numbered(before, m);
        let mut after = before.clone();
        after.play_unchecked(m);
        let why = self
            .search
            .defence(&after, goal, left)
            .map_err(self.budget(range, &format!("that `{written}` works")))?;
        let Some(why) = why else {
            return Ok(());
        };
        let attacker = before.turn();
        let defender = side(!attacker);
        let claim = Self::goal_words(goal, attacker, left);
        let reason = match (why, goal) {
            (Some(escape), _) => {
                let escape_text = numbered(&after, escape);
                let mut after_escape = after.clone();
                after_escape.play_unchecked(escape);
                match goal {
                    Goal::SelfMate if after_escape.is_checkmate() => {
                        format!("`{escape_text}` mates at once")
                    }
                    _ if left == 1 && goal == Goal::Mate => {
                        format!("it is not mate (`{escape_text}` can be played)")
                    }
                    _ => format!("`{escape_text}` escapes"),
                }
            }
            (None, Goal::SelfMate) if after.is_checkmate() => {
                format!("it mates {defender}, who was to give the mate")
            }
            (None, _) => format!("it stalemates {defender}"),
        };
        Err(Diagnostic::new(
            ErrorKind::NotMate,
            range,
            format!("`{written}` does not {claim}: {reason}"),
        ))
    }

    /// A try's written refutation (its second ply) refutes it.
    fn refutes(&mut self, line: &Written, goal: Goal) -> Result<(), Diagnostic> {
        let (Some((try_pos, try_move, _)), Some((before, reply, range))) =
            (line.plies.first(), line.plies.get(1))
        else {
            return Ok(());
        };
        let n = u32::from(self.stipulation.moves);
        let mut after = before.clone();
        after.play_unchecked(*reply);
        let written = numbered(before, *reply);
        let left = n - 1;
        let holds = (goal == Goal::SelfMate && after.is_checkmate())
            || self
                .search
                .forces(&after, goal, left)
                .map_err(self.budget(*range, &format!("that `{written}` refutes the try")))?;
        if !holds {
            return Ok(());
        }
        let proof = self
            .search
            .proof(&after, goal, None, left)
            .map_err(self.budget(*range, "the refutation"))?
            .unwrap_or_default();
        let attacker = try_pos.turn();
        let still = if goal == Goal::SelfMate && after.is_checkmate() {
            "it is the mate itself".to_string()
        } else {
            format!(
                "{} can still {}",
                side(attacker),
                Self::goal_words(goal, attacker, left)
            )
        };
        let mut d = Diagnostic::new(
            ErrorKind::NotRefuted,
            *range,
            format!(
                "`{written}` does not refute `{}`: {still}",
                numbered(try_pos, *try_move)
            ),
        );
        if !proof.is_empty() {
            d = d.with_note(format!("the proof: {}", line_text(&after, &proof)));
        }
        Err(d)
    }

    /// Every comment that starts with `threat` (any case), after a move of
    /// the attacking side: the moves after it (`threat: 2. Qe8#`, move
    /// numbers and `:` optional) are what that side plays if the defence
    /// passes; its first move must force the goal in the moves left, and
    /// the rest must be legal.
    fn threats(
        &mut self,
        game: &GameSyntax,
        source: &Source,
        lines: &[Written],
        goal: Goal,
    ) -> Result<(), Diagnostic> {
        let n = u32::from(self.stipulation.moves);
        for note in &game.notes {
            if note.kind != NoteKind::Comment {
                continue;
            }
            let text = source.slice(note.range);
            let trimmed = text.trim_start();
            let Some(rest) = trimmed
                .get(..6)
                .filter(|w| w.eq_ignore_ascii_case("threat"))
                .map(|_| &trimmed[6..])
                .filter(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
            else {
                continue;
            };
            let offset = note.range.start + (text.len() - rest.len()) as u32;
            let at = |start: usize, len: usize| {
                Range::new(offset + start as u32, offset + (start + len) as u32)
            };
            let words = threat_words(rest);
            let whole = words
                .first()
                .map_or(note.range, |&(start, word)| at(start, word.len()));
            // The position after the attacking side's move it follows.
            let Some((before, m, depth)) = lines
                .iter()
                .find(|l| l.id == note.line)
                .and_then(|l| {
                    let k = (note.after as usize).checked_sub(1)?;
                    let (before, m, _) = l.plies.get(k)?;
                    Some((before, *m, l.first + k))
                })
                .filter(|(.., depth)| depth % 2 == 0)
            else {
                return Err(Diagnostic::new(
                    ErrorKind::NotThreat,
                    whole,
                    "a threat follows a move of the side that mates",
                )
                .with_note(
                    "write it in a comment right after that move: `1. Qd7! {threat: 2. Qe8#}`",
                ));
            };
            let mut after = before.clone();
            after.play_unchecked(m);
            let after_move = numbered(before, m);
            let left = n.saturating_sub(depth as u32 / 2 + 1);
            let Some(&(start, first)) = words.first() else {
                return Err(Diagnostic::new(
                    ErrorKind::NotThreat,
                    note.range,
                    format!("the threat after `{after_move}` names no move"),
                ));
            };
            if left == 0 {
                return Err(Diagnostic::new(
                    ErrorKind::NotThreat,
                    at(start, first.len()),
                    format!(
                        "no threat follows `{after_move}`: it is the last move of `{}`",
                        self.stipulation
                    ),
                ));
            }
            let Some(passed) = pass(&after) else {
                return Err(Diagnostic::new(
                    ErrorKind::NotThreat,
                    at(start, first.len()),
                    format!(
                        "`{after_move}` gives check: a threat is what follows a pass, and the defence cannot pass in check"
                    ),
                ));
            };
            // The line, each move legal in turn.
            let mut pos = passed.clone();
            let mut threat = Vec::new();
            for &(start, word) in &words {
                let range = at(start, word.len());
                let legal = word
                    .parse::<shakmaty::san::SanPlus>()
                    .ok()
                    .and_then(|san| san.san.to_move(&pos).ok());
                let Some(mv) = legal else {
                    return Err(Diagnostic::new(
                        ErrorKind::NotThreat,
                        range,
                        format!(
                            "the threat after `{after_move}` cannot play `{word}`: it is no legal move there{}",
                            if threat.is_empty() {
                                " (after a pass of the defence)"
                            } else {
                                ""
                            }
                        ),
                    ));
                };
                threat.push(mv);
                pos.play_unchecked(mv);
            }
            let first_move = threat[0];
            let mut after_threat = passed.clone();
            after_threat.play_unchecked(first_move);
            let why = self
                .search
                .defence(&after_threat, goal, left)
                .map_err(self.budget(at(start, first.len()), "the threat"))?;
            if let Some(why) = why {
                let attacker = passed.turn();
                let reason = match why {
                    Some(escape) => format!("`{}` escapes", numbered(&after_threat, escape)),
                    None => format!("it leaves {} without a move", side(!attacker)),
                };
                return Err(Diagnostic::new(
                    ErrorKind::NotThreat,
                    at(start, first.len()),
                    format!(
                        "`{}` is no threat after `{after_move}`: it does not {}: {reason}",
                        numbered(&passed, first_move),
                        Self::goal_words(goal, attacker, left)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `h#n`: the written lines are exactly the solutions.
    fn help(&mut self, lines: &[Written]) -> Result<(), Diagnostic> {
        let n = u32::from(self.stipulation.moves);
        let stip = self.stipulation;
        let plies = 2 * n as usize;
        let solutions = self
            .search
            .helpmates(&self.start, n)
            .map_err(self.budget(self.range, "every solution"))?;
        let mut written = Vec::new();
        for line in lines {
            let path = line.path();
            let Some((before, m, range)) = line.plies.last().cloned() else {
                continue;
            };
            if path.len() > plies {
                // The first ply past the end.
                let k = plies - line.first;
                let (before, m, range) = line.plies.get(k).cloned().unwrap_or((before, m, range));
                return Err(Diagnostic::new(
                    ErrorKind::NotMate,
                    range,
                    format!(
                        "`{}` is past the end: `{stip}` ends with {}'s move {n}",
                        numbered(&before, m),
                        side(!self.start.turn())
                    ),
                )
                .with_note("remove it"));
            }
            if path.len() < plies {
                return Err(Diagnostic::new(
                    ErrorKind::NotMate,
                    range,
                    format!(
                        "this solution stops after `{}`: `{stip}` takes {plies} plies, {} then {} in turn, the last one mating",
                        numbered(&before, m),
                        side(self.start.turn()),
                        side(!self.start.turn())
                    ),
                ));
            }
            if !solutions.contains(&path) {
                return Err(Diagnostic::new(
                    ErrorKind::NotMate,
                    range,
                    format!(
                        "`{}` is not mate: this line is no solution of `{stip}`",
                        numbered(&before, m)
                    ),
                ));
            }
            written.push(path);
        }
        if solutions.is_empty() {
            return Err(Diagnostic::new(
                ErrorKind::NotMate,
                self.range,
                format!("`{stip}` has no solution"),
            ));
        }
        let missing: Vec<&Vec<Move>> = solutions.iter().filter(|s| !written.contains(s)).collect();
        let Some(first) = missing.first() else {
            return Ok(());
        };
        let mut d = Diagnostic::new(
            ErrorKind::MissingSolution,
            self.range,
            format!(
                "`{stip}` has {}, {} not written: {}",
                plural(solutions.len() as u32, "solution"),
                missing.len(),
                line_text(&self.start, first)
            ),
        );
        for more in missing.iter().skip(1).take(4) {
            d = d.with_note(format!("also: {}", line_text(&self.start, more)));
        }
        Err(d.with_note("write each solution as a variation of the main line"))
    }
}

/// The words of a threat's moves, with where each starts in `text`: move
/// numbers (`2.`, `2...`), `:` and annotations (`!`, `?`) left out.
fn threat_words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let separator = c.is_whitespace() || c == ':' || c == ',' || c == '(' || c == ')';
        match (start, separator) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let word = text[s..i].trim_end_matches(['!', '?']);
                let number = word.trim_end_matches('.');
                let is_number = word.ends_with('.') && number.bytes().all(|b| b.is_ascii_digit());
                if !word.is_empty() && !is_number {
                    // `2.Qe8#`: a number glued to the move.
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
                    let skip = if digits > 0 && dots > 0 {
                        digits + dots
                    } else {
                        0
                    };
                    out.push((s + skip, &word[skip..]));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The position after the side to move passes (a null move): the other
/// side to move, the move number on if that is White; `None` in check.
fn pass(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mode = pos.castles().mode();
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.swap_turn();
    if setup.turn == Color::White {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.position(mode).ok()
}
