//! Helpers shared by chess-core's property tests.

#![allow(dead_code)]

use proptest::test_runner::{RngAlgorithm, TestRng};
use rand::RngExt;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position, Square};

/// The number of cases: `PROPTEST_CASES` if set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A deterministic generator for one case.
pub fn rng(seed: u64) -> TestRng {
    TestRng::from_seed(RngAlgorithm::ChaCha, &seed.to_le_bytes().repeat(4))
}

/// A random legal game from the standard position, stopping when the game
/// ends (no legal move or a dead position) or after `max_plies`.
pub fn random_game(rng: &mut TestRng, max_plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    while moves.len() < max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.is_insufficient_material() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// A square the king of the side to move after `moves[..k]` can never
/// reach in one move (so a king move there is illegal whatever the
/// position), or `None` when the simple choice is too near.
pub fn far_from_king(moves: &[Move], k: usize) -> Option<Square> {
    let mut pos = Chess::default();
    for m in &moves[..k] {
        pos.play_unchecked(*m);
    }
    let king = pos.board().king_of(pos.turn())?;
    let far = Square::new((u32::from(king) + 27) % 64);
    (king.distance(far) > 2).then_some(far)
}

/// `text` with the word at 1-based `(line, col)` (in characters), up to
/// the next of `separators` or the line's end, replaced by `new`.
pub fn replace_at(
    text: &str,
    (line, col): (usize, usize),
    separators: &[char],
    new: &str,
) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let target = &mut lines[line - 1];
    let start: usize = target.char_indices().nth(col - 1).map(|(i, _)| i).unwrap();
    let end = start
        + target[start..]
            .find(separators)
            .unwrap_or(target.len() - start);
    target.replace_range(start..end, new);
    lines.join("\n")
}

/// Writes a random game as messy PGN; returns the text and the line and
/// column of every main-line move.
pub fn messy_pgn(rng: &mut TestRng, moves: &[Move], crlf: bool) -> (String, Vec<(usize, usize)>) {
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut text = String::new();
    if rng.random_bool(0.2) {
        text.push('\u{feff}');
    }
    if rng.random_bool(0.3) {
        text.push_str(&format!("% generated{nl}"));
    }
    text.push_str(&format!("[Event \"Random \\\"game\\\"\"]{nl}"));
    if rng.random_bool(0.5) {
        text.push_str(nl);
    }
    text.push_str(&format!("[Site \"1. e4 ... O-O\"]{nl}{nl}"));
    let mut at = Vec::new();
    let mut pos = Chess::default();
    let mut column_width = 0;
    for (i, &m) in moves.iter().enumerate() {
        let before = pos.clone();
        if pos.turn() == Color::White {
            text.push_str(&format!("{}. ", pos.fullmoves()));
        } else if i == 0 || rng.random_bool(0.1) {
            text.push_str(&format!("{}... ", pos.fullmoves()));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        let line = text.matches('\n').count() + 1;
        let col = text.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        at.push((line, col));
        text.push_str(&san);
        text.push(' ');
        match rng.random_range(0..12) {
            0 => text.push_str("{ [%clk 0:05:00] (a) ; b } "),
            1 => text.push_str(&format!("${} ", rng.random_range(0..256))),
            2 => text.push_str(&format!("; a comment{nl}")),
            3 => {
                // A variation: another legal move instead of this one.
                let legal = before.legal_moves();
                let alt = legal[rng.random_range(0..legal.len())];
                let number = if before.turn() == Color::White {
                    format!("{}.", before.fullmoves())
                } else {
                    format!("{}...", before.fullmoves())
                };
                let alt_san = SanPlus::from_move(before.clone(), alt);
                text.push_str(&format!("({number} {alt_san} {{alt}}) "));
            }
            _ => {}
        }
        column_width += san.len() + 1;
        if column_width > 60 {
            text.push_str(nl);
            column_width = 0;
        }
    }
    // The result the final position implies (`*` if the game goes on).
    let result = match pos.outcome() {
        shakmaty::Outcome::Known(k) => k.as_str(),
        shakmaty::Outcome::Unknown if pos.is_insufficient_material() => "1/2-1/2",
        shakmaty::Outcome::Unknown => "*",
    };
    text.push_str(&format!("{result}{nl}"));
    (text, at)
}

/// Every game of `source`, each checked as `chess-verify` checks it
/// (written out with its verdict, to be compared): fresh, or where
/// `recycle`, read and recorded in the room of the game before, given
/// back ([`chess_core::Games::recycle`],
/// [`chess_core::Games::recycle_checked`]).
pub fn checked_games(
    source: &chess_core::Source,
    options: chess_core::Options,
    recycle: bool,
) -> Vec<String> {
    let mut games = chess_core::verify(source, options);
    let mut out = Vec::new();
    while let Some(syntax) = games.next_syntax() {
        let Ok(game) = syntax else {
            out.push(format!("{syntax:?}"));
            continue;
        };
        let checked = games.check_syntax(&game);
        out.push(format!("{game:?} {checked:?}"));
        if recycle {
            games.recycle(game);
            if let Ok(checked) = checked {
                games.recycle_checked(checked);
            }
        }
    }
    out
}
