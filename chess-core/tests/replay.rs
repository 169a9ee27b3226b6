//! The replay and its explanations, game by game: SAN normalised, checks
//! and mates (also decided after the fact), move numbers, every kind of
//! illegal move explained, castling, promotion, en passant, variations,
//! the rules that end a game.

use chess_core::syntax::GameResult;
use chess_core::{ErrorKind, Options, Source, Spelling, VerifiedGame, verify};
use chess_format::{DecisiveReason, DrawReason, Outcome};
use shakmaty::Color;

/// How `chess-verify` spells help.
const SPELLING: Spelling = Spelling {
    opt_in: |o| format!("`--{}`", o.name().replace('_', "-")),
    rust_tokens: false,
};

fn run(text: &str) -> Result<VerifiedGame, (ErrorKind, String, String)> {
    run_with(text, Options::default())
}

fn run_with(text: &str, options: Options) -> Result<VerifiedGame, (ErrorKind, String, String)> {
    let src = Source::text(text, None, None);
    verify(&src, options)
        .next()
        .expect("a game")
        .map_err(|d| (d.kind, src.slice(d.range).to_string(), d.render(&SPELLING)))
}

fn err(text: &str) -> (ErrorKind, String, String) {
    match run(text) {
        Ok(g) => panic!("expected an error for {text:?}, got {}", g.san()),
        Err(e) => e,
    }
}

#[test]
fn suggests_moves_one_edit_away() {
    let first_help = |text: &str| {
        let (_, _, message) = err(text);
        message
            .lines()
            .nth(1)
            .unwrap_or_default()
            .trim_start_matches("help: ")
            .to_string()
    };
    // A wrong rank, a wrong piece letter, an extra character.
    assert_eq!(first_help("1. e4 e5 2. Nf4"), "did you mean `Nf3`?");
    assert_eq!(
        first_help("1. e4 e5 2. Bf3"),
        "did you mean `Nf3`, `Bd3` or `Qf3`?"
    );
    assert_eq!(first_help("1. e4 e5 2. Nff3"), "did you mean `Nf3`?");
    // In the notation the move was written in.
    assert_eq!(first_help("1. e2e5"), "did you mean `e2e3` or `e2e4`?");
    assert_eq!(first_help("1. Ng1-f4"), "did you mean `Ng1-f3`?");
    assert_eq!(first_help("1. g1-f4"), "did you mean `g1-f3`?");
    // Nothing close: no guess.
    assert!(!err("1. e4 e5 2. Qb6").2.contains("did you mean"));
}

#[test]
fn replays_and_normalises_san() {
    let g = run("1. e2-e4 e7e5 2. knight g1 to f3 Nb8-c6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O").unwrap();
    assert_eq!(g.san(), "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O");
    assert_eq!(g.result, GameResult::Unknown);
    assert_eq!(g.end, None);
}

#[test]
fn checkmate_and_result() {
    let g = run("1. e4 f5 2. Qf3 g5 3. Qh5 # 1-0").unwrap();
    assert_eq!(g.san(), "e4 f5 Qf3 g5 Qh5#");
    assert_eq!(
        g.end,
        Some((
            Outcome::win(Color::White.into(), DecisiveReason::Checkmate),
            5
        ))
    );
    let (kind, at, _) = err("1. e4 f5 2. Qf3 g5 3. Qh5 # 0-1");
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongResult, "0-1"));
    let (kind, at, msg) = err("1. e4 f5 2. Qf3 g5 3. Qh5 # Nf6");
    assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Nf6"));
    assert!(
        msg.contains("White checkmated Black with `3. Qh5#`"),
        "{msg}"
    );
}

#[test]
fn markers_must_be_true() {
    assert_eq!(err("1. e4 + e5").0, ErrorKind::WrongMarker);
    assert_eq!(err("1. e4 f5 2. Qf3 g5 3. Qh5+").0, ErrorKind::WrongMarker);
    assert_eq!(err("1. e4 f5 2. Qh5 #").1, "#");
    assert!(run("1. e4 f5 2. Qh5+").is_ok());
}

#[test]
fn mate_found_after_the_fact() {
    // No marker: the SAN and the end still say mate.
    let g = run("1. e4 f5 2. Qf3 g5 3. Qh5").unwrap();
    assert_eq!(g.san(), "e4 f5 Qf3 g5 Qh5#");
    assert_eq!(
        g.end,
        Some((
            Outcome::win(Color::White.into(), DecisiveReason::Checkmate),
            5
        ))
    );
    // A `+` on the mate is wrong, also when moves follow it; the marker
    // comes first in the source.
    for text in [
        "1. e4 f5 2. Qf3 g5 3. Qh5+ Nf6",
        "1. e4 f5 2. Qf3 g5 3. Qh5+ 4. a3",
    ] {
        let (kind, at, msg) = err(text);
        assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "+"), "{text}");
        assert!(
            msg.contains("`3. Qh5` is marked `+`, but it is checkmate"),
            "{msg}"
        );
    }
    // Unmarked mate, then a wrong move number or an illegal move: the
    // game is over.
    for (text, at) in [
        ("1. e4 f5 2. Qf3 g5 3. Qh5 4. a3", "a3"),
        ("1. e4 f5 2. Qf3 g5 3. Qh5 Nf6", "Nf6"),
        ("1. e4 f5 2. Qf3 g5 3. Qh5 Kf7", "Kf7"),
    ] {
        let (kind, got, msg) = err(text);
        assert_eq!((kind, got.as_str()), (ErrorKind::GameOver, at), "{text}");
        assert!(msg.contains("with `3. Qh5#`"), "{msg}");
    }
    // A check that is answered, or that ends the line unanswered but
    // answerable, is only check.
    assert_eq!(run("1. e4 f5 2. Qh5+ g6").unwrap().san(), "e4 f5 Qh5+ g6");
    let g = run("1. e4 f5 2. Qh5").unwrap();
    assert_eq!((g.san().as_str(), g.end), ("e4 f5 Qh5+", None));
    // In a variation.
    let (kind, at, _) = err("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5+) g5");
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "+"));
    let (kind, at, _) = err("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5 Nf6) g5");
    assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Nf6"));
    assert!(run("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5) g5 3. Qh5").is_ok());
}

/// A mate that also reaches the 75-move limit is mate.
#[test]
fn mate_outranks_the_75_move_rule() {
    let from = |board: &str, moves: &str| {
        let text = format!("[SetUp \"1\"]\n[FEN \"{board} w - - 149 100\"]\n\n{moves}");
        verify(&Source::text(text, None, None), Options::default())
            .next()
            .expect("a game")
    };
    let pgn = |moves: &str| from("7k/6pp/8/8/8/8/8/R5K1", moves);
    let g = pgn("100. Ra8").unwrap();
    assert_eq!(g.san(), "Ra8#");
    assert_eq!(
        g.end,
        Some((
            Outcome::win(Color::White.into(), DecisiveReason::Checkmate),
            1
        ))
    );
    assert_eq!(pgn("100. Ra8 1-0").unwrap().result, GameResult::WhiteWins);
    assert_eq!(pgn("100. Ra8+").unwrap_err().kind, ErrorKind::WrongMarker);
    // No mate: the 75-move rule ends the game, with or without check.
    let g = pgn("100. Ra7").unwrap();
    assert_eq!(
        g.end,
        Some((Outcome::draw(DrawReason::SeventyFiveMoveRule), 1))
    );
    let g = from("7k/6p1/8/8/8/8/8/R5K1", "100. Ra8+").unwrap();
    assert_eq!(
        (g.san().as_str(), g.end),
        (
            "Ra8+",
            Some((Outcome::draw(DrawReason::SeventyFiveMoveRule), 1))
        )
    );
}

#[test]
fn move_numbers_must_match() {
    assert_eq!(err("1. e4 e5 3. Nf3").1, "3.");
    assert_eq!(err("1. e4 1. e5").1, "1.");
    assert_eq!(err("1... e4").1, "1...");
    assert!(run("1. e4 1... e5 2. Nf3").is_ok());
    let (kind, _, msg) = err("1. e4 99999999999999999999999... e5");
    assert_eq!(kind, ErrorKind::WrongMoveNumber);
    assert!(msg.contains("far too large"));
}

/// A game set up from a position may number its moves from its own
/// first move, as pychess.org's export does (`1.` before Black's first
/// move at move 30), or from `1...` when Black moves first, where the
/// options accept it (`chess-verify`'s default, with a warning); each
/// later number is held to the numbering its first one chose.
#[test]
fn a_set_up_game_may_number_from_its_first_move() {
    let counted = Options {
        numbers_from_first_move: true,
        ..Options::default()
    };
    let counted_run = |text: &str| run_with(text, counted);
    let counted_err = |text: &str| counted_run(text).map(|g| g.san()).unwrap_err();
    let black = |moves: &str| {
        format!(
            "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 30\"]\n\n{moves}"
        )
    };
    for moves in [
        "30... e5 31. Nf3 Nc6",
        "1. e5 Nf3 2. Nc6 Bb5",
        "1... e5 2. Nf3 Nc6 3. Bb5",
    ] {
        let g = counted_run(&black(moves)).unwrap_or_else(|e| panic!("{moves}: {e:?}"));
        assert_eq!(
            g.san(),
            moves
                .split(' ')
                .filter(|w| !w.ends_with('.'))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    // A move left out is still caught, at the number after it.
    let (kind, at, msg) = counted_err(&black("1. e5 Nf3 3. Nc6"));
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMoveNumber, "3."));
    assert!(
        msg.contains(
            "move number `3.` does not match: this game numbers its moves from its first move, so the move after it is `2.`"
        ),
        "{msg}"
    );
    assert!(msg.contains("help: write `2.`"), "{msg}");
    let (_, at, msg) = counted_err(&black("1... e5 2. Nf3 2... Nc6 3... Bb5"));
    assert_eq!(at, "3...");
    assert!(msg.contains("is `3.`"), "{msg}");
    // A first number that is neither the position's nor `1.`/`1...` is
    // wrong as the position numbers it.
    let (_, at, msg) = counted_err(&black("2. e5"));
    assert_eq!(at, "2.");
    assert!(
        msg.contains("the move after it is Black's move 30"),
        "{msg}"
    );
    // `1...` before White's first move is wrong.
    let white = "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n\n1... Nf3";
    let (_, at, msg) = counted_err(white);
    assert_eq!(at, "1...");
    assert!(msg.contains("the move after it is White's move 2"), "{msg}");
    // From the standard start, numbers are the position's.
    assert_eq!(counted_err("1. e4 1. e5").1, "1.");
    // The record says how the game numbers its moves.
    assert!(
        counted_run(&black("1. e5"))
            .unwrap()
            .numbering
            .counts_from_first_move()
    );
    assert!(
        !counted_run(&black("30... e5"))
            .unwrap()
            .numbering
            .counts_from_first_move()
    );
    // An illegal move is named by the game's numbers, as written: White's
    // second move, after `2.` here, is `2... Ra3`, not `32. Ra3`.
    let (_, at, msg) = counted_err(&black("1. e5 Nf3 2. Nc6 Ra3"));
    assert_eq!(at, "Ra3");
    assert!(msg.starts_with("White cannot play `2... Ra3`"), "{msg}");
    let (_, _, msg) = counted_err(&black("1... e5 2. Nf3 Nc6 3. Bb5 Ke7 4. Ra3"));
    assert!(msg.starts_with("White cannot play `4. Ra3`"), "{msg}");
    // Without the option, such a number is wrong, and the help names it.
    let (kind, at, msg) = err(&black("1. e5 Nf3 2. Nc6"));
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMoveNumber, "1."));
    assert!(
        msg.contains("the move after it is Black's move 30"),
        "{msg}"
    );
    assert!(msg.contains("help: write `30...`"), "{msg}");
    assert!(msg.contains("`--numbers-from-first-move`"), "{msg}");
}

#[test]
fn explanations() {
    let (kind, at, msg) = err("1. d4 d5 2. Bc4");
    assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Bc4"));
    assert!(
        msg.starts_with(
            "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2"
        ),
        "{msg}"
    );

    let (kind, _, msg) = err("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Ke2");
    assert_eq!(kind, ErrorKind::IntoCheck, "{msg}");

    let (kind, _, msg) = err("1. e4 f5 2. Qh5+ Nc6");
    assert_eq!(kind, ErrorKind::InCheck, "{msg}");
    assert!(msg.contains("in check from the white queen on h5"), "{msg}");
    assert!(
        msg.contains("help: the only move that answers the check is `g6`"),
        "{msg}"
    );

    let (kind, at, msg) = err("1. e4 e5 2. d4 d5 3. d5");
    assert_eq!((kind, at.as_str()), (ErrorKind::PawnMove, "d5"));
    assert!(
        msg.starts_with(
            "White cannot play `3. d5`: the pawn on d4 is blocked by the black pawn on d5: a pawn cannot capture straight ahead"
        ),
        "{msg}"
    );

    let (kind, _, msg) = err("1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5");
    assert_eq!(kind, ErrorKind::Pinned, "{msg}");
    assert!(
        msg.contains("pinned to its king on e1 by the black bishop on b4"),
        "{msg}"
    );
}

#[test]
fn a_move_of_the_other_side_asks_whether_one_is_missing() {
    let note = |text: &str| {
        let (kind, at, message) = err(text);
        let note = message
            .lines()
            .find(|l| l.contains("is a legal move for"))
            .map(|l| l.trim_start().trim_start_matches("help: ").to_string());
        (kind, at, note)
    };
    // Black's third move left out: White's next is read as Black's.
    assert_eq!(
        note("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ba4"),
        (
            ErrorKind::CannotReach,
            "Ba4".to_string(),
            Some("`Ba4` is a legal move for White: is a move of Black's missing before it?".into())
        )
    );
    // Without move numbers: a move of either side's read as the other's; a
    // capture of the mover's own piece, coordinates (named as written).
    for (game, kind, san) in [
        ("e4 e5 Nf3 Nc6 Nf6", ErrorKind::CannotReach, "Nf6"),
        ("e4 d5 exd5 Qxd5 Nc3 Nxd5", ErrorKind::OwnPiece, "Nxd5"),
        ("e4 e5 Nf3 Nc6 g8f6", ErrorKind::WrongPiece, "g8f6"),
    ] {
        let side = if game.split(' ').count() % 2 == 1 {
            "White"
        } else {
            "Black"
        };
        let (other, mover) = if side == "White" {
            ("Black", "White")
        } else {
            ("White", "Black")
        };
        assert_eq!(
            note(game),
            (
                kind,
                game.rsplit(' ').next().unwrap().to_string(),
                Some(format!(
                    "`{san}` is a legal move for {other}: is a move of {mover}'s missing before it?"
                ))
            ),
            "{game}"
        );
    }
    // Not where the other side has several such moves, …
    assert_eq!(note("1. e4 e5 2. Nf3 Nc6 3. Ne7").2, None);
    assert!(note("1. e4 e5 2. Nf3 Nc6 3. Nge7").2.is_some());
    // … where the mover is in check (the other side could take its king),
    assert_eq!(note("1. e4 f5 2. Qh5+ Nf3").2, None);
    // … where the mover's own piece could make it but for a pawn's rules
    // or a piece in its way (each is legal for the other side: Black's
    // `e5`, White's `d4`, Black's `Qd7`),
    for game in ["1. e3 d5 2. e5", "1. e4 e5 2. Nf3 d4", "1. e4 d6 2. Qd7"] {
        let (kind, _, message) = err(game);
        assert!(
            matches!(kind, ErrorKind::PawnMove | ErrorKind::Blocked),
            "{game}: {kind:?}"
        );
        assert!(!message.contains("is a legal move for"), "{message}");
    }
    // … or for a pin,
    let (kind, _, message) = err("1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5");
    assert_eq!(kind, ErrorKind::Pinned);
    assert!(!message.contains("is a legal move for"), "{message}");
    // … or for castling, which both sides write alike.
    let (kind, _, message) = err("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 5. d3 O-O-O");
    assert_eq!(kind, ErrorKind::CastlingBlocked, "{message}");
    assert!(!message.contains("is a legal move for"), "{message}");
}

#[test]
fn castling_explanations() {
    let (kind, _, msg) = err("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O");
    assert_eq!(kind, ErrorKind::CastlingRightLost);
    assert!(msg.contains("the king moved at `2. Ke2`"), "{msg}");
    let (kind, _, msg) = err("1. e4 e5 2. O-O");
    assert_eq!(kind, ErrorKind::CastlingBlocked, "{msg}");
    let (kind, _, msg) = err("1. e4 b6 2. Nf3 Ba6 3. Bb5 Bxb5 4. O-O");
    assert_eq!(kind, ErrorKind::CastlingAttacked, "{msg}");
    assert!(
        msg.contains("pass through f1, which the black bishop on b5 attacks"),
        "{msg}"
    );
    let (kind, _, msg) =
        err("1. h4 e5 2. Rh3 Qh4 3. Rg3 Qxg3 4. Nf3 Qh4 5. e4 Qxe4+ 6. Be2 Qxc2 7. O-O");
    assert_eq!(kind, ErrorKind::CastlingRightLost, "{msg}");
    assert!(msg.contains("the rook on h1 moved at `2. Rh3`"), "{msg}");
}

#[test]
fn ambiguity_and_promotion() {
    let (kind, _, msg) = err("1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nd4");
    assert_eq!(kind, ErrorKind::Ambiguous, "{msg}");
    assert!(
        msg.contains("`Nbd4` or `Nfd4`") || msg.contains("`Nfd4` or `Nbd4`"),
        "{msg}"
    );
    let g = "1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8";
    assert_eq!(err(g).0, ErrorKind::PromotionMissing);
    assert_eq!(err(&format!("{g}=K")).0, ErrorKind::BadPromotion);
    assert!(run(&format!("{g}=N")).is_ok());
    assert!(run(&format!("{g}Q")).is_ok());
}

#[test]
fn en_passant() {
    assert!(run("1. e4 d5 2. e5 f5 3. exf6 e.p.").is_ok());
    assert_eq!(
        err("1. e4 d5 2. e5 f5 3. d4 Nc6 4. exf6").0,
        ErrorKind::EnPassant
    );
    assert_eq!(err("1. e4 d5 2. exd5 e.p.").0, ErrorKind::WrongMarker);
}

#[test]
fn variations_are_verified() {
    assert!(run("1. e4 (1. d4 d5 (1... Nf6)) 1... e5").is_ok());
    let (kind, at, _) = err("1. e4 (1. d4 d5 (1... Nf9)) 1... e5");
    assert_eq!((kind, at.as_str()), (ErrorKind::ExpectedMove, "Nf9"));
    let (kind, at, _) = err("1. e4 (1. d4 d5 2. Bc4) 1... e5");
    assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Bc4"));
    // The error in the variation comes first in the text.
    let (_, at, _) = err("1. e4 (1. d4 Ke7) 1... Ke8");
    assert_eq!(at, "Ke7");
}

/// A variation inherits the positions of the segment it branches in: a
/// fifth occurrence counts the main line's positions before it, and a
/// move after it is over; the main line, which went elsewhere, goes on.
#[test]
fn variations_count_repetitions_from_the_line_they_leave() {
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6";
    let game = format!("{shuffle} 8. Nc3 (8. Ng1 Ng8 9. e4) 8... Nc6 9. d4");
    let (kind, at, msg) = err(&game);
    assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "e4"));
    assert!(msg.contains("fifth time after `8... Ng8`"), "{msg}");
    let g = run_with(
        &game,
        Options {
            moves_after_draw: true,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(g.end, None);
    assert_eq!(g.san().split(' ').nth(14), Some("Nc3"));
    // Only four occurrences in the variation: no end.
    assert!(
        run(&format!(
            "{shuffle} 8. Nc3 (8. Ng1 Nc6 9. e4) 8... Nc6 9. d4"
        ))
        .is_ok()
    );
}

#[test]
fn draws_end_the_game() {
    let shuffle =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";
    let g = run(shuffle).unwrap();
    assert_eq!(
        g.end,
        Some((Outcome::draw(DrawReason::FivefoldRepetition), 16))
    );
    let (kind, _, msg) = err(&format!("{shuffle} 9. e4"));
    assert_eq!(kind, ErrorKind::GameOver);
    assert!(msg.contains("fifth time after `8... Ng8`"), "{msg}");
    let g = run_with(
        &format!("{shuffle} 9. e4"),
        Options {
            moves_after_draw: true,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(
        g.end,
        Some((Outcome::draw(DrawReason::FivefoldRepetition), 16))
    );
    assert_eq!(g.moves.len(), 17);
}

#[test]
fn a_legal_en_passant_makes_a_position_different() {
    // After 23... h5 White may take en passant (g5xh6): that position
    // differs from the one each of the four cycles of bishop moves
    // returns to, so none of them is a fifth occurrence; the first
    // fifth one is after the next `Bc5`.
    let game = "1. Nh3 b5 2. Ng1 f5 3. Nh3 g6 4. Ng1 a6 5. g4 d5 6. e3 Bg7 7. h4 Bf8 \
                8. f3 Bg7 9. Ne2 Bf8 10. b4 f4 11. e4 dxe4 12. g5 Kd7 13. c4 Ke8 \
                14. cxb5 Kd7 15. fxe4 Ke8 16. Nec3 Kd7 17. Ne2 Ke8 18. Nec3 Bd7 \
                19. d3 Bc8 20. Qa4 Bd7 21. Be3 Bc8 22. Ba7 Bd7 23. Be3 h5";
    let cycle = |n: u32| format!(" {n}. Bc5 Bh3 {}. Be3 Bd7", n + 1);
    let four: String = [24, 26, 28, 30].map(cycle).concat();
    assert_eq!(run(&format!("{game}{four}")).unwrap().end, None);
    let g = run(&format!("{game}{four} 32. Bc5")).unwrap();
    assert_eq!(
        g.end,
        Some((Outcome::draw(DrawReason::FivefoldRepetition), 63))
    );
}
