//! lichess puzzle rows: the position and moves verified like a game's,
//! and for a mate theme the claim proven (see the [parent](super)).

use shakmaty::{Move, Position};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};
use crate::replay::VerifiedGame;
use crate::search::Search;
use crate::syntax::puzzles::PuzzleSyntax;

use super::shared::{PuzzleOptions, budget_error, line_text, numbered, verify_game};

/// A puzzle that is what it claims.
#[derive(Clone, Debug)]
pub struct CheckedPuzzle {
    /// Its position and moves, verified.
    pub game: VerifiedGame,
    /// Other mates on the last move (kind `second-solution`), which
    /// lichess accepts.
    pub warnings: Vec<Diagnostic>,
    /// The positions the search visited.
    pub nodes: u64,
}

/// Checks one row of a lichess puzzle file; see the [stage](super).
pub fn check_lichess(
    row: &PuzzleSyntax,
    source: &Source,
    options: PuzzleOptions,
) -> Result<CheckedPuzzle, Diagnostic> {
    let verified = verify_game(&row.game, source)?;
    let mut checked = CheckedPuzzle {
        game: verified,
        warnings: Vec::new(),
        nodes: 0,
    };
    let Some((n, theme)) = row.mate_in else {
        return Ok(checked);
    };
    let mut search = Search::new(options.budget).with_deadline(options.deadline);
    let result = prove_mate(row, source, &mut checked, &mut search, n, theme, options);
    checked.nodes = search.nodes();
    result.map(|()| checked)
}

fn prove_mate(
    row: &PuzzleSyntax,
    source: &Source,
    checked: &mut CheckedPuzzle,
    search: &mut Search,
    n: u32,
    theme: Range,
    options: PuzzleOptions,
) -> Result<(), Diagnostic> {
    let game = &checked.game;
    let plies = &row.game.plies;
    let moves = &game.moves;
    // The solver's moves are the 2nd, 4th …; the line ends with one.
    let solver_moves = moves.len() / 2;
    if moves.len() % 2 == 1 || solver_moves != n as usize {
        let what = if moves.len() % 2 == 1 {
            format!(
                "the line ends with the opponent's move `{}`, not the solver's",
                plies.last().map_or("", |p| source.slice(p.range))
            )
        } else {
            format!(
                "the line has {solver_moves} move{} of the solver",
                if solver_moves == 1 { "" } else { "s" }
            )
        };
        return Err(Diagnostic::new(
            ErrorKind::NotMate,
            theme,
            // The number as written: one beyond `u32` is kept as `u32::MAX`.
            format!(
                "the theme says mate in {}, but {what}",
                source.slice(theme).trim_start_matches("mateIn")
            ),
        ));
    }
    let mut pos = game.start.clone();
    let mut positions = Vec::with_capacity(moves.len());
    for &m in moves {
        positions.push(pos.clone());
        pos.play_unchecked(m);
    }
    let last_range = plies.last().map_or(theme, |p| p.range);
    if !pos.is_checkmate() {
        let defence = pos.legal_moves().first().copied();
        let more = defence.map_or_else(
            || " (it is stalemate)".to_string(),
            |d| format!(" (the opponent can play `{}`)", numbered(&pos, d)),
        );
        return Err(Diagnostic::new(
            ErrorKind::NotMate,
            last_range,
            format!("the line ends without checkmate{more}"),
        ));
    }
    for k in 0..n as usize {
        let index = 2 * k + 1;
        let before = &positions[index];
        let m = moves[index];
        let range = plies[index].range;
        let left = n - k as u32;
        let written = numbered(before, m);
        let keys = search.keys(before, left).map_err(|spent| {
            budget_error(range, spent, &format!("that `{written}` forces mate"))
        })?;
        if !keys.contains(&m) {
            let mut after = before.clone();
            after.play_unchecked(m);
            let escape = search
                .escape(&after, left - 1)
                .map_err(|spent| budget_error(range, spent, "the defence"))?;
            let how = escape.map_or_else(String::new, |e| {
                format!(": the opponent escapes with `{}`", numbered(&after, e))
            });
            return Err(Diagnostic::new(
                ErrorKind::NotMate,
                range,
                format!("`{written}` does not force mate in {left}{how}"),
            ));
        }
        let others: Vec<Move> = keys.into_iter().filter(|&key| key != m).collect();
        let Some(&other) = others.first() else {
            continue;
        };
        let proof = search
            .mating_line_from(before, other, left)
            .map_err(|spent| budget_error(range, spent, "the second solution"))?
            .unwrap_or_else(|| vec![other]);
        let also = if others.len() > 1 {
            format!(" ({} other moves do)", others.len())
        } else {
            String::new()
        };
        let last = left == 1;
        let message = if last {
            format!(
                "`{written}` is not the only mate: `{}` mates too{also}",
                numbered(before, other)
            )
        } else {
            format!(
                "`{written}` is not the only move that forces mate in {left}: `{}` does too{also}",
                numbered(before, other)
            )
        };
        let d = Diagnostic::new(ErrorKind::SecondSolution, range, message)
            .with_note(format!("the proof: {}", line_text(before, &proof)));
        if last && !options.unique_last_move {
            checked
                .warnings
                .push(d.with_note("lichess accepts any mate on the last move; this is a warning"));
        } else {
            return Err(d);
        }
    }
    Ok(())
}
