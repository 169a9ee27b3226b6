//! Why a wall written after a move may not go where it was written, or
//! why a move under rules that put a wall down after every move needs
//! one (duck chess, the amazons): `bad-wall`, in words.

use chess_rules::{Move, Position, Square};

use crate::diagnostic::{ErrorKind, Help};

use super::rejection::Rejection;

/// Whether the moves `matches` differ only in where their walls go.
pub(super) fn walls_only(matches: &[Move]) -> bool {
    let unwalled = |m: &Move| Move { wall: None, ..*m };
    matches
        .iter()
        .all(|m| m.wall.is_some() && unwalled(m) == unwalled(&matches[0]))
}

/// A move written without its wall, `walled` its legal moves with each
/// wall it may have.
pub(super) fn wall_missing(pos: &Position<'_>, walled: &[Move]) -> Rejection {
    let m = Move {
        wall: None,
        ..walled[0]
    };
    let choices: Vec<String> = walled.iter().take(3).map(|&w| pos.san(w)).collect();
    Rejection::new(
        ErrorKind::BadWall,
        format!(
            "{} puts a wall down after every move, and this one says not where: {} squares may take it",
            pos.rules().name,
            walled.len()
        ),
    )
    .help(Help::Write {
        lead: "write its square after a comma: ",
        choices,
    })
    .help(Help::Note(format!("the move itself, {}, is legal", move_san(pos, m))))
}

/// The move `m` in SAN without its wall or a check sign (`Qh5`).
fn move_san(pos: &Position<'_>, m: Move) -> String {
    let walled = pos
        .legal_moves()
        .into_iter()
        .find(|o| Move { wall: None, ..*o } == m);
    let san = pos.san(walled.unwrap_or(m));
    let san = san.trim_end_matches(['+', '#']);
    san.split(',').next().unwrap_or(san).to_string()
}

/// A legal move (`walled`: with each wall it may have) whose wall was
/// written on `wall`, where it may not go; `mover` names its piece.
pub(super) fn bad_wall(
    pos: &Position<'_>,
    walled: &[Move],
    wall: Square,
    mover: &str,
) -> Rejection {
    let rules = pos.rules();
    let m = walled[0];
    let san = move_san(pos, m);
    let instead = rules.walling.as_ref().is_some_and(|w| w.or_move);
    let reason = match rules.walling.as_ref().map(|w| w.rule) {
        None => format!(
            "{} puts no wall down: `,{wall}` is not part of a move",
            rules.name
        ),
        Some(_) if instead && m.kind != chess_rules::Effect::Pass => format!(
            "{} puts a wall down instead of a move, never after one",
            rules.name
        ),
        Some(chess_rules::WallRule::Duck) if pos.is_wall(wall) => {
            format!("the duck stands on {wall} and must move")
        }
        Some(_) if pos.is_wall(wall) => format!("a wall already stands on {wall}"),
        Some(_) if wall == m.to || (wall != m.from && pos.piece_at(wall).is_some()) => {
            format!("{wall} is not empty after {san}")
        }
        Some(chess_rules::WallRule::Past) => {
            format!("the wall goes on the square the {mover} left, {}", m.from)
        }
        Some(chess_rules::WallRule::Arrow) => format!(
            "the wall goes on a square the {mover} could move to next from {}, and {wall} is none",
            m.to
        ),
        Some(chess_rules::WallRule::Edge) => {
            format!("a wall goes on the board's edge or next to another, and {wall} is neither")
        }
        Some(chess_rules::WallRule::Duck | chess_rules::WallRule::Static) => {
            format!("{} puts no wall on {wall}", rules.name)
        }
    };
    let choices: Vec<String> = walled.iter().take(3).map(|&w| pos.san(w)).collect();
    let rejection = Rejection::new(
        ErrorKind::BadWall,
        format!("the wall after {san} may not go on {wall}: {reason}"),
    );
    if choices.is_empty() || walled.iter().all(|w| w.wall.is_none()) {
        let rejection = rejection.help(Help::Write {
            lead: "write ",
            choices: vec![san],
        });
        // (Where a pass puts the wall down: how to write one.)
        let passes = pos
            .legal_moves()
            .into_iter()
            .filter(|o| o.kind == chess_rules::Effect::Pass);
        let passes: Vec<String> = passes
            .filter(|o| o.wall.is_some())
            .take(3)
            .map(|o| pos.san(o))
            .collect();
        if instead && !passes.is_empty() {
            return rejection.help(Help::Write {
                lead: "or put a wall down instead of moving: ",
                choices: passes,
            });
        }
        return rejection;
    }
    rejection.help(Help::Write {
        lead: "put it where it may go: ",
        choices,
    })
}
