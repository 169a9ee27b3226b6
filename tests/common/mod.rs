//! Helpers shared by the integration tests: seeded random legal games, and
//! runtime `Game` values built from chess-core's verification of them (the
//! same data the macro would emit).

#![allow(dead_code)]

use chess_core::{Options, Source, VerifiedGame, emit, verify as verify_source};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position as _};
use verified_chess::Game;

pub use chess_core::testing::Rng;

/// A random legal game from `start` (standard chess or a variant),
/// stopping when the rules end it.
pub fn random_moves<P: shakmaty::Position + Clone>(
    rng: &mut Rng,
    start: &P,
    max_plies: usize,
) -> Vec<Move> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while moves.len() < max_plies && !pos.is_game_over() {
        let legal = pos.legal_moves();
        let m = legal[rng.below(legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The moves as SAN text with move numbers.
pub fn san_text(start: &Chess, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut text = String::new();
    for (i, &m) in moves.iter().enumerate() {
        let number = pos.fullmoves();
        match pos.turn() {
            shakmaty::Color::White => text.push_str(&format!("{number}. ")),
            shakmaty::Color::Black if i == 0 => text.push_str(&format!("{number}... ")),
            shakmaty::Color::Black => {}
        }
        text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        text.push(' ');
    }
    text
}

/// Verifies PGN text with chess-core.
pub fn verify(text: &str) -> VerifiedGame {
    let source = Source::text(text, None, None);
    verify_source(&source, Options::default())
        .next()
        .expect("a game")
        .expect("legal")
}

/// The runtime `Game` the macro would build for `verified` (its data is
/// leaked to get the `'static` lifetime that macro output has).
pub fn runtime_game(verified: &VerifiedGame, tags: &[(&str, &str)]) -> Game {
    let data = emit::game_data(verified, "", tags.iter().copied());
    Game {
        __data: Box::leak(data.into_boxed_str()),
    }
}

/// A random game as a runtime `Game`, with the shakmaty moves it came from.
pub fn random_game(seed: u64, max_plies: usize) -> (Game, Vec<Move>) {
    let mut rng = Rng::new(seed);
    let start = Chess::default();
    let moves = random_moves(&mut rng, &start, max_plies);
    let verified = verify(&san_text(&start, &moves));
    (runtime_game(&verified, &[]), moves)
}
