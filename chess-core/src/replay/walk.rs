//! The walk over a game's lines, the same under every rules: the main
//! line, then each variation from the position before the ply it replaces
//! (iteratively, to any depth). What a ply does is the rules' own
//! ([`Walk::step`]): shakmaty's chess and variants (`ply.rs`), or a rule
//! set a user defines (`custom.rs`).

use crate::input::Range;
use crate::syntax::{GameSyntax, PlySyntax};

/// Where a line's replay is: the line (an index into the game's lines)
/// and its next ply.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    /// The line.
    pub line: u32,
    /// The next of its plies to replay.
    pub next: usize,
}

/// A replay under some rules, as the walk drives it.
pub(crate) trait Walk {
    /// One line's state.
    type Frame: Clone;
    /// Why the replay stopped.
    type Failure;

    /// Where `frame`'s line is.
    fn cursor(frame: &mut Self::Frame) -> &mut Cursor;

    /// Whether a move may be written as two plies (a move in coordinates
    /// written as two words, `a2 a3`): if not, [`Walk::joins`] is never
    /// asked.
    const JOINS: bool = false;

    /// Whether `ply` and `next`, the next ply of its line, are one move.
    #[inline(always)]
    fn joins(
        &self,
        _frame: &Self::Frame,
        _game: &GameSyntax,
        _ply: &PlySyntax,
        _next: &PlySyntax,
    ) -> bool {
        false
    }

    /// A copy of `frame` for the variations of its next move, which start
    /// from where it is.
    fn branch(&self, frame: &Self::Frame) -> Self::Frame;

    /// Replays the move written as `ply` (and `second`, when the two are
    /// one move) in `frame`.
    fn step(
        &mut self,
        frame: &mut Self::Frame,
        game: &GameSyntax,
        ply: &PlySyntax,
        second: Option<&PlySyntax>,
    ) -> Result<(), Self::Failure>;

    /// A line has no more plies: settles what is still open in it.
    fn settle(&mut self, frame: &mut Self::Frame) -> Result<(), Self::Failure>;

    /// A variation is replayed to its end.
    fn finished(&mut self, variation: Self::Frame);

    /// Whether the walk tells [`Walk::played`] of each ply played (a
    /// record asked for: never on the checker's path).
    const KEEPS: bool = false;

    /// The move written as the ply `id` (an index into the game's plies:
    /// the last of a move written as two), at `range` (both words of a
    /// move written as two), was played in `frame`.
    fn played(&mut self, _frame: &Self::Frame, _id: u32, _range: Range) {}
}

/// Replays every line of `game`, the main line in `main` (left where it
/// ends), each variation from the position before the move it replaces;
/// the first problem in source order stops it.
pub(crate) fn walk<W: Walk>(
    w: &mut W,
    game: &GameSyntax,
    main: &mut W::Frame,
) -> Result<(), W::Failure> {
    // The variations being replayed, innermost last.
    let mut variations: Vec<W::Frame> = Vec::new();
    loop {
        let frame = match variations.last_mut() {
            Some(frame) => frame,
            None => &mut *main,
        };
        match line(w, frame, game)? {
            Some((before, ply)) => {
                // Variations replace this ply: each starts from the position
                // before it. Pushed in reverse so the first is replayed first.
                let lines: Vec<u32> = game.variations(ply).collect();
                for &var in lines.iter().rev() {
                    let mut f = before.clone();
                    *W::cursor(&mut f) = Cursor { line: var, next: 0 };
                    variations.push(f);
                }
            }
            None => {
                w.settle(frame)?;
                let Some(done) = variations.pop() else {
                    return Ok(());
                };
                w.finished(done);
            }
        }
    }
}

/// A move that variations replace, and the frame before it.
type Branch<'g, F> = (F, &'g PlySyntax);

/// Replays `frame`'s line from its next ply up to its end, or up to a move
/// that variations replace: then the frame before it, and its (last) ply.
/// (One loop, with the move's replay inlined: it runs for every ply.)
#[inline(always)]
fn line<'g, W: Walk>(
    w: &mut W,
    frame: &mut W::Frame,
    game: &'g GameSyntax,
) -> Result<Option<Branch<'g, W::Frame>>, W::Failure> {
    let cursor = *W::cursor(frame);
    let line = &game.lines[cursor.line as usize];
    let mut rest = line.plies.get(cursor.next..).unwrap_or_default().iter();
    while let Some(&id) = rest.next() {
        W::cursor(frame).next += 1;
        let ply = &game.plies[id as usize];
        let mut second = None;
        let mut last_id = id;
        if W::JOINS
            && let Some(&next) = rest.as_slice().first()
            && w.joins(frame, game, ply, &game.plies[next as usize])
        {
            rest.next();
            W::cursor(frame).next += 1;
            second = Some(&game.plies[next as usize]);
            last_id = next;
        }
        let last = second.unwrap_or(ply);
        let before = last.first_variation.is_some().then(|| w.branch(frame));
        // Not `?`: in unoptimized builds `?` is two calls.
        #[allow(clippy::question_mark)]
        if let Err(failure) = w.step(frame, game, ply, second) {
            return Err(failure);
        }
        if W::KEEPS {
            w.played(frame, last_id, ply.range.to(last.range));
        }
        if let Some(before) = before {
            return Ok(Some((before, last)));
        }
    }
    Ok(None)
}
