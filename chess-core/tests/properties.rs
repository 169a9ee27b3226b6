//! Property tests: random legal games, written in a random mix of notations,
//! replay to the same moves through both front ends; replacing any one move
//! by an illegal one is reported exactly at that move (its text range, and in
//! the token form the spans of its first and last token); the rules that end a
//! game (mate, stalemate, dead position, fivefold repetition, 75-move rule)
//! agree with a reference that hashes every position in full.

mod common;

use chess_core::{Options, Range, Source, expand, verify};
use chess_format::{DecisiveReason, DrawReason, Outcome};
use common::{cases, random_game, rng};
use proptest::prelude::*;
use proptest::test_runner::TestRng;
use rand::RngExt;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square};

/// One move written in a random notation that Rust can also tokenize.
fn write_move(rng: &mut TestRng, pos: &Chess, m: Move) -> String {
    let san = SanPlus::from_move(pos.clone(), m);
    let from = m.from().expect("board move");
    let to = match m {
        Move::Castle { king, rook } => Square::from_coords(
            if rook > king {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            },
            king.rank(),
        ),
        _ => m.to(),
    };
    let promo = m.promotion();
    match rng.random_range(0..5) {
        // SAN, with `#` spaced for Rust, sometimes without `x` or markers.
        0 | 1 => {
            let mut text = san.san.to_string();
            if rng.random_bool(0.3) && !matches!(m.role(), Role::Pawn) {
                text = text.replace('x', "");
            }
            if let Some(s) = san.suffix
                && rng.random_bool(0.5)
            {
                text.push_str(if s.char() == '#' { " #" } else { "+" });
            }
            if matches!(m, Move::Castle { .. }) && rng.random_bool(0.5) {
                text = text.replace('O', "0");
            }
            text
        }
        // Long algebraic.
        2 => {
            let letter = match m.role() {
                Role::Pawn => String::new(),
                r => r.upper_char().to_string(),
            };
            let sep = if m.is_capture() { "x" } else { "-" };
            let p = promo.map_or(String::new(), |r| format!("={}", r.upper_char()));
            format!("{letter}{from}{sep}{to}{p}")
        }
        // UCI.
        3 => UciMove::from_move(m, CastlingMode::Standard).to_string(),
        // Long form.
        _ => {
            let p = promo.map_or(String::new(), |r| format!(" becomes {}", role_name(r)));
            format!("{} {from} to {to}{p}", role_name(m.role()))
        }
    }
}

/// The game as text, and the range of every move's text.
fn write_game(rng: &mut TestRng, moves: &[Move]) -> (String, Vec<Range>) {
    let mut pos = Chess::default();
    let mut text = String::new();
    let mut ranges = Vec::new();
    for &m in moves {
        if pos.turn() == Color::White || rng.random_bool(0.2) {
            let dots = if pos.turn() == Color::White {
                "."
            } else {
                "..."
            };
            let space = if rng.random_bool(0.5) { " " } else { "" };
            text.push_str(&format!("{}{dots}{space}", pos.fullmoves()));
        }
        let written = write_move(rng, &pos, m);
        // Markers are part of the move's word, not of its range.
        let core_len = written.trim_end_matches([' ', '#', '+']).len();
        let start = text.len() as u32;
        ranges.push(Range::new(start, start + core_len as u32));
        text.push_str(&written);
        text.push(' ');
        pos.play_unchecked(m);
    }
    (text, ranges)
}

/// The canonical SAN of a game, from shakmaty.
fn shakmaty_san(moves: &[Move]) -> String {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for &m in moves {
        out.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    out.join(" ")
}

fn replay_text(text: &str) -> Result<Vec<Move>, (Range, String)> {
    let source = Source::text(text, None, None);
    replay_source(&source)
}

fn replay_source(source: &Source) -> Result<Vec<Move>, (Range, String)> {
    verify(source, Options::default())
        .next()
        .expect("a game")
        .map(|g| g.moves)
        .map_err(|d| (d.range, d.message))
}

/// The long form's piece names.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// An illegal move for `pos`, written in some notation.
fn illegal_move(rng: &mut TestRng, pos: &Chess) -> String {
    let legal = pos.legal_moves();
    loop {
        let from = Square::new(rng.random_range(0..64));
        let to = Square::new(rng.random_range(0..64));
        if from == to {
            continue;
        }
        let is_legal = legal.iter().any(|m| {
            m.from() == Some(from)
                && (m.to() == to
                    || matches!(m, Move::Castle { king, rook } if *king == from
                        && to.rank() == king.rank()
                        && to.file() == if rook > king { shakmaty::File::G } else { shakmaty::File::C }))
        });
        if is_legal {
            continue;
        }
        return match (rng.random_range(0..3), pos.board().role_at(from)) {
            // SAN names only the piece kind: no piece of that kind may reach `to`.
            (0, Some(role))
                if role != Role::Pawn
                    && !legal.iter().any(|m| m.role() == role && m.to() == to) =>
            {
                format!("{}{to}", role.upper_char())
            }
            (1, _) => format!("{from}{to}"),
            _ => format!("{from}-{to}"),
        };
    }
}

/// A random legal game that often moves a piece back where it came from,
/// so that positions repeat, played until a rule ends it (or `max_plies`);
/// with the end as an independent reference computes it: every position
/// hashed in full, repetitions counted over the whole game.
fn repetitive_game(rng: &mut TestRng, max_plies: usize) -> (Vec<Move>, Option<(Outcome, usize)>) {
    let mut pos = Chess::default();
    let mut moves: Vec<Move> = Vec::new();
    let mut seen: Vec<Zobrist64> = vec![pos.zobrist_hash(EnPassantMode::Legal)];
    while moves.len() < max_plies {
        let legal = pos.legal_moves();
        // Undo this side's last move if possible, else play anything.
        let back = moves.len().checked_sub(2).and_then(|i| match moves[i] {
            Move::Normal {
                role,
                from,
                to,
                capture: None,
                promotion: None,
            } if role != Role::Pawn => legal
                .iter()
                .find(|m| m.from() == Some(to) && m.to() == from && !m.is_capture())
                .copied(),
            _ => None,
        });
        let m = match back {
            Some(m) if rng.random_range(0..10) < 8 => m,
            _ => legal[rng.random_range(0..legal.len())],
        };
        let mover = pos.turn();
        pos.play_unchecked(m);
        moves.push(m);
        let h: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
        seen.push(h);
        let no_moves = pos.legal_moves().is_empty();
        let end = if no_moves && pos.is_check() {
            Some(Outcome::win(mover.into(), DecisiveReason::Checkmate))
        } else if no_moves {
            Some(Outcome::draw(DrawReason::Stalemate))
        } else if pos.is_insufficient_material() {
            Some(Outcome::draw(DrawReason::DeadPosition))
        } else if seen.iter().filter(|&&x| x == h).count() >= 5 {
            Some(Outcome::draw(DrawReason::FivefoldRepetition))
        } else if pos.halfmoves() >= 150 {
            Some(Outcome::draw(DrawReason::SeventyFiveMoveRule))
        } else {
            None
        };
        if let Some(end) = end {
            return (moves.clone(), Some((end, moves.len())));
        }
    }
    (moves, None)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn mixed_notation_replays_to_the_same_moves(seed in any::<u64>(), len in 1usize..120) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        let (text, _) = write_game(&mut rng, &moves);
        prop_assert_eq!(replay_text(&text).map_err(|e| e.1), Ok(moves.clone()), "{}", text);

        // The canonical SAN written for the game is shakmaty's.
        let source = Source::text(text.as_str(), None, None);
        let verified = verify(&source, Options::default()).next().expect("a game").expect("verifies");
        prop_assert_eq!(verified.san(), shakmaty_san(&moves));

        // The same text as Rust tokens.
        let tokens: proc_macro2::TokenStream = text.parse().expect("tokenizes");
        let source = expand::front_end(tokens);
        prop_assert_eq!(replay_source(&source).map_err(|e| e.1), Ok(moves), "{}", text);
    }

    #[test]
    fn game_ending_rules_agree_with_full_hashing(seed in any::<u64>(), len in 1usize..400) {
        let mut rng = rng(seed);
        let (moves, end) = repetitive_game(&mut rng, len);
        let text = shakmaty_san(&moves);
        let source = Source::text(text.as_str(), None, None);
        let verified = verify(&source, Options::default()).next().expect("a game").expect("verifies");
        prop_assert_eq!(verified.end, end, "{}", text);
    }

    #[test]
    fn a_corrupted_move_is_reported_exactly(seed in any::<u64>(), len in 1usize..80, which in any::<prop::sample::Index>()) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        prop_assume!(!moves.is_empty());
        let k = which.index(moves.len());
        let (text, ranges) = write_game(&mut rng, &moves);
        let mut pos = Chess::default();
        for m in &moves[..k] {
            pos.play_unchecked(*m);
        }
        let bad = illegal_move(&mut rng, &pos);
        let r = ranges[k];
        // Replace the move's text (and any marker right after it).
        let after = text[r.end as usize..].trim_start_matches([' ', '#', '+']);
        let corrupted = format!("{}{bad} {after}", &text[..r.start as usize]);
        let expected = Range::new(r.start, r.start + bad.len() as u32);
        match replay_text(&corrupted) {
            Ok(_) => prop_assert!(false, "accepted {bad} in {corrupted}"),
            Err((range, message)) => prop_assert_eq!(range, expected, "{} in {}", message, corrupted),
        }

        // The same text as Rust tokens: the error's first and last token
        // span exactly the corrupted move's columns (the text is one line,
        // ASCII, so a column is a byte offset).
        let tokens: proc_macro2::TokenStream = corrupted.parse().expect("tokenizes");
        let source = expand::front_end(tokens);
        let error = verify(&source, Options::default())
            .next()
            .expect("a game")
            .expect_err("the corrupted move is rejected");
        let (first, last) = source.spans(error.range).expect("token spans");
        prop_assert_eq!(
            (first.start().line, first.start().column, last.end().line, last.end().column),
            (1, r.start as usize, 1, r.start as usize + bad.len()),
            "{} in {}", error.message, corrupted
        );
    }
}

/// Chess-flavoured noise: fragments of notation glued at random.
fn noise() -> impl Strategy<Value = String> {
    let fragment = prop_oneof![
        Just("1.".to_string()),
        Just("...".to_string()),
        Just("e4".to_string()),
        Just("Nf3".to_string()),
        Just("O-O".to_string()),
        Just("0-0-0".to_string()),
        Just("=Q".to_string()),
        Just("x".to_string()),
        Just("+".to_string()),
        Just("#".to_string()),
        Just("!?".to_string()),
        Just("$".to_string()),
        Just("e.p.".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("\"".to_string()),
        Just("1-0".to_string()),
        Just("*".to_string()),
        Just("pawn".to_string()),
        Just("to".to_string()),
        Just("becomes".to_string()),
        Just("\n".to_string()),
        Just(" ".to_string()),
        Just("%".to_string()),
        Just(";".to_string()),
        "[a-h][1-8]",
        "[0-9]{1,25}",
        "\\PC{0,3}",
    ];
    prop::collection::vec(fragment, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    /// Any text gives verdicts, never a panic.
    #[test]
    fn any_text_gives_verdicts(text in noise()) {
        let source = Source::text(text.as_str(), None, None);
        for verdict in verify(&source, Options::default()) {
            let _ = verdict;
        }
    }

    /// Any token sequence gives a `Game` expression or `compile_error!`s.
    #[test]
    fn any_tokens_give_output_or_errors(text in noise()) {
        if let Ok(tokens) = format!("$crate; {text}").parse::<proc_macro2::TokenStream>() {
            let out = expand::game(tokens).to_string();
            prop_assert!(
                out.contains("Game { __data") || out.contains("compile_error"),
                "{}", out
            );
        }
    }
}
