//! Puzzles proven: a lichess puzzle row's position and moves verified like
//! a game's, and for a mate theme (`mateIn1` … `mateIn5`) the claim
//! proven with the [`search`](crate::search): the line ends in checkmate
//! after exactly that many moves of the solver, and each of them is the
//! only move that keeps a forced mate in what is left. On the last move
//! any mate wins (lichess accepts any), so other mates there are only
//! reported as warnings.
//!
//! ```
//! use chess_core::puzzle::{PuzzleOptions, check_lichess};
//! use chess_core::syntax::puzzles::lichess_rows;
//! use chess_core::{ErrorKind, Source};
//!
//! let csv = "p1,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,b2b3 e1e8,600,80,90,10,mateIn1 short,,\n";
//! let source = Source::text(csv, Some("puzzles.csv".into()), None);
//! let row = lichess_rows(&source).next().unwrap().unwrap();
//! let checked = check_lichess(&row, &source, PuzzleOptions::default()).unwrap();
//! assert_eq!(checked.game.san(), "Rb3 Re8#");
//!
//! // Another defence: now 2. Re8 is no mate.
//! let csv = "p2,6k1/5ppp/8/8/8/8/1r6/K3R3 b - - 0 1,h7h6 e1e8,600,80,90,10,mateIn1 short,,\n";
//! let source = Source::text(csv, None, None);
//! let row = lichess_rows(&source).next().unwrap().unwrap();
//! let error = check_lichess(&row, &source, PuzzleOptions::default()).unwrap_err();
//! assert_eq!(error.kind, ErrorKind::NotMate);
//! ```

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};
use crate::replay::{self, Options, VerifiedGame};
use crate::search::{OutOfBudget, Search};
use crate::syntax::puzzles::PuzzleSyntax;
use crate::{explain, start};

/// How puzzles are checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleOptions {
    /// The positions the search may visit for one puzzle.
    pub budget: u64,
    /// Report another mate on the last move as an error, not a warning.
    pub unique_last_move: bool,
}

impl Default for PuzzleOptions {
    fn default() -> PuzzleOptions {
        PuzzleOptions {
            budget: 2_000_000,
            unique_last_move: false,
        }
    }
}

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

/// Checks one row of a lichess puzzle file; see the [module](self).
pub fn check_lichess(
    row: &PuzzleSyntax,
    source: &Source,
    options: PuzzleOptions,
) -> Result<CheckedPuzzle, Diagnostic> {
    let game = &row.game;
    let (start, mode) = start::position(game).map_err(explain::start_failure)?;
    let verified = replay::replay(game, start, mode, Options::default())
        .map_err(|failure| explain::replay_failure(&failure, source))?;
    let mut checked = CheckedPuzzle {
        game: verified,
        warnings: Vec::new(),
        nodes: 0,
    };
    let Some((n, theme)) = row.mate_in else {
        return Ok(checked);
    };
    let mut search = Search::new(options.budget);
    let result = prove_mate(row, source, &mut checked, &mut search, n, theme, options);
    checked.nodes = search.nodes();
    result.map(|()| checked)
}

/// `12. Qd7` or `12... Qd7` for `m` in `pos`.
fn numbered(pos: &Chess, m: Move) -> String {
    let san = SanPlus::from_move(pos.clone(), m);
    match pos.turn() {
        Color::White => format!("{}. {san}", pos.fullmoves()),
        Color::Black => format!("{}... {san}", pos.fullmoves()),
    }
}

/// A line of moves from `pos`, numbered.
fn line_text(pos: &Chess, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        out.push(match (pos.turn(), i) {
            (Color::White, _) => format!("{}. {san}", pos.fullmoves()),
            (Color::Black, 0) => format!("{}... {san}", pos.fullmoves()),
            (Color::Black, _) => san,
        });
        pos.play_unchecked(m);
    }
    out.join(" ")
}

fn budget_error(range: Range, spent: OutOfBudget, what: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::SearchBudget,
        range,
        format!(
            "could not prove {what} within the search's budget ({} positions visited)",
            spent.nodes
        ),
    )
    .with_note(
        "raise the budget: `#![search_budget(N)]` before the path of `include_puzzles!`, `--search-budget N` for `chess-verify`",
    )
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
            format!("the theme says mate in {n}, but {what}"),
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
