//! `--puzzles`: lichess puzzle files (CSV), each row proven by
//! [`chess_core::puzzle::check_lichess`], and files of chess problems
//! (PGN, a name ending in `.pgn` before any compression suffix), each game
//! proven by [`chess_core::puzzle::check_problem`]; reported in order like
//! games: an unsound puzzle is an error at `path:line:col` (of its cell,
//! its move or its stipulation), another mate on a lichess puzzle's last
//! move a warning.
//!
//! Puzzle files stream like games ([`crate::run`] with
//! [`Task::Puzzles`](crate::run::Task::Puzzles)): a lichess file is cut
//! where a row begins, a PGN file where a game begins, and the pieces are
//! proven on every core, so that the whole lichess puzzle database (four
//! million rows) is checked in bounded memory. A row's stretch (for
//! `--shard`) is its line.

use chess_core::puzzle::{PuzzleOptions, check_lichess, check_problem};
use chess_core::syntax::Parser;
use chess_core::syntax::puzzles::lichess_rows_in;
use chess_core::{Diagnostic, Source};

use crate::check::{Checked, Context, Decoded, Problem, decode_piece};
use crate::read::Piece;

/// Proves the puzzles of one piece of an input called `name` (the rows of
/// a lichess puzzle file, or the problems of a PGN file), those of the
/// shard asked for; each puzzle counts as a game.
pub fn check_piece(piece: Piece, name: &str, context: &Context, options: PuzzleOptions) -> Checked {
    // Only the file's first line may name the columns.
    let at_start = piece.offset == 0;
    check_items(piece, name, context, |items| {
        let source = items.source();
        if is_pgn(name) {
            for game in Parser::new(source) {
                let at = game
                    .as_ref()
                    .map_or_else(|d| d.range.start, |g| g.range.start);
                items.add(at, || {
                    let game = game.as_ref().map_err(Clone::clone)?;
                    let problem = check_problem(game, source, options)?;
                    Ok((problem.game.moves.len() as u64, Vec::new()))
                });
            }
        } else {
            for row in lichess_rows_in(source, at_start) {
                let at = row
                    .as_ref()
                    .map_or_else(|d| d.range.start, |r| r.range.start);
                items.add(at, || {
                    let row = row.as_ref().map_err(Clone::clone)?;
                    let puzzle = check_lichess(row, source, options)?;
                    Ok((puzzle.game.moves.len() as u64, puzzle.warnings))
                });
            }
        }
    })
}

/// What checking one puzzle or problem gives: its
/// plies and its warnings, or why it is unsound.
pub(crate) type Verdict = Result<(u64, Vec<Diagnostic>), Diagnostic>;

/// Decodes a piece and hands its items to `each` (which calls
/// [`Items::add`] for every one); what they gave.
pub(crate) fn check_items(
    piece: Piece,
    name: &str,
    context: &Context,
    each: impl FnOnce(&mut Items<'_>),
) -> Checked {
    let line = piece.line;
    let mut checked = Checked {
        line: line + 1,
        ..Checked::default()
    };
    if let Some(decoded) = decode_piece(piece, name, context, &mut checked) {
        let mut items = Items {
            checked,
            decoded: &decoded,
            name,
            context,
            line,
        };
        each(&mut items);
        checked = items.checked;
    }
    checked
}

/// The items of one decoded piece, checked one by one.
pub(crate) struct Items<'a> {
    checked: Checked,
    decoded: &'a Decoded,
    name: &'a str,
    context: &'a Context,
    line: u64,
}

impl<'a> Items<'a> {
    /// The piece's text.
    pub fn source(&self) -> &'a Source {
        &self.decoded.source
    }

    /// One item, starting at `at` in the text: counted, and if it is in
    /// the shard asked for, checked by `outcome`.
    pub fn add(&mut self, at: u32, outcome: impl FnOnce() -> Verdict) {
        let checked = &mut self.checked;
        checked.games += 1;
        if let Some(shard) = self.context.shard
            && !shard.takes(self.decoded.stretch_of(at))
        {
            return;
        }
        checked.checked += 1;
        let (source, name, line) = (&self.decoded.source, self.name, self.line);
        let (game, styled) = (checked.games, self.context.styled);
        match outcome() {
            Ok((plies, warnings)) => {
                checked.plies += plies;
                for w in warnings {
                    let warning = Problem::warning(source, name, line, game, w, styled);
                    checked.problems.push(warning);
                }
            }
            Err(d) => {
                let problem = Problem::new(source, name, line, game, d, styled);
                checked.problems.push(problem);
            }
        }
    }
}

/// Whether a file holds chess problems as PGN: its name ends in `.pgn`
/// (any case), before a compression suffix if it has one.
pub fn is_pgn(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let name = [".zst", ".gz", ".bz2"]
        .iter()
        .find_map(|ext| name.strip_suffix(ext))
        .unwrap_or(&name);
    name.ends_with(".pgn")
}
