//! Real game collections from the shared data directory (`../shared/data`
//! next to the repository, or `$VERIFIED_CHESS_DATA`).
//!
//! These tests are `#[ignore]`d so that a fresh clone passes `cargo test`
//! without the data; `.ci/run` runs them with `--ignored`.

use std::path::PathBuf;

use chess_core::{Checked, Diagnostic, ErrorKind, Options, Source, VerifiedGame, verify};

fn data(name: &str) -> (Source, String) {
    let dir = std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    );
    let path = dir.join(name);
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set VERIFIED_CHESS_DATA)", path.display()));
    let text = String::from_utf8(bytes).expect("UTF-8");
    (
        Source::text(text, Some(name.to_string()), None),
        name.to_string(),
    )
}

fn verify_all(source: &Source, options: Options) -> Vec<Result<VerifiedGame, Diagnostic>> {
    verify(source, options).collect()
}

fn location(source: &Source, d: &Diagnostic) -> String {
    let lc = source.line_col(d.range.start);
    format!("{}:{} `{}`", lc.line, lc.col, source.slice(d.range))
}

#[test]
#[ignore = "needs ../shared/data"]
fn twic_master_games() {
    let (source, _) = data("twic1599_1000k.pgn");
    let strict = verify_all(&source, Options::default());
    assert_eq!(strict.len(), 1110);
    let errors: Vec<String> = strict
        .iter()
        .filter_map(|r| r.as_ref().err())
        .map(|d| {
            assert_eq!(d.kind, ErrorKind::GameOver, "{}", d.message);
            assert!(d.message.contains("the position is dead"), "{}", d.message);
            location(&source, d)
        })
        .collect();
    // Four games go on after a dead position (insufficient material).
    assert_eq!(
        errors,
        [
            "51:57 `Ke4`",
            "1771:28 `Ke5`",
            "20823:25 `Ke5`",
            "21945:58 `Ke4`"
        ]
    );

    let lenient = verify_all(
        &source,
        Options {
            moves_after_draw: true,
            ..Options::default()
        },
    );
    let games: Vec<VerifiedGame> = lenient.into_iter().map(|r| r.expect("legal")).collect();
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(plies, 101_487);
    let continued = games
        .iter()
        .filter(|g| g.end.is_some_and(|(_, at)| at < g.moves.len()))
        .count();
    assert_eq!(continued, 4);
}

#[test]
#[ignore = "needs ../shared/data"]
fn lichess_games_with_clock_comments() {
    let (source, _) = data("lichess_db_1000k.pgn");
    let games = verify_all(&source, Options::default());
    assert_eq!(games.len(), 438);
    for (i, g) in games.iter().enumerate() {
        if let Err(d) = g {
            panic!("game {i}: {} at {}", d.message, location(&source, d));
        }
    }
}

#[test]
#[ignore = "needs ../shared/data"]
fn small_files() {
    for (name, games, plies) in [
        ("kasparov-deep-blue-1997.pgn", 6, 519),
        ("nepomniachtchi-liren-game1.pgn", 1, 97),
        ("molinari-bordais-1979.pgn", 1, 10),
        ("stockfish-learning.pgn", 1, 154),
        ("uci-moves.pgn", 1, 113),
        ("utf8-bom.pgn", 2, 0),
        ("chessbase-empty-line.pgn", 1, 134),
    ] {
        let (source, _) = data(name);
        let verified: Vec<VerifiedGame> = verify_all(&source, Options::default())
            .into_iter()
            .map(|r| {
                r.unwrap_or_else(|d| panic!("{name}: {} at {}", d.message, location(&source, &d)))
            })
            .collect();
        assert_eq!(verified.len(), games, "{name}");
        assert_eq!(
            verified.iter().map(|g| g.moves.len()).sum::<usize>(),
            plies,
            "{name}"
        );
    }
    // The 5-move mate ends the game by checkmate.
    let (source, _) = data("molinari-bordais-1979.pgn");
    let game = verify_all(&source, Options::default()).remove(0).unwrap();
    assert!(game.san().ends_with("Nd3#"), "{}", game.san());
}

#[test]
#[ignore = "needs ../shared/data"]
fn crazyhouse_and_antichess_games_under_their_rules() {
    for (name, games, plies) in [
        ("antichess-programfox.pgn", 2, 126),
        ("knightvuillaume-jannlee-zh-lichess.pgn", 1, 48),
        ("saturs-jannlee-zh-lichess.pgn", 1, 122),
    ] {
        let (source, _) = data(name);
        let mut all = verify(&source, Options::default());
        let mut checked = Vec::new();
        while let Some(game) = all.next_checked() {
            checked.push(
                game.unwrap_or_else(|d| {
                    panic!("{name}: {} at {}", d.message, location(&source, &d))
                }),
            );
        }
        assert_eq!(checked.len(), games, "{name}");
        assert_eq!(
            checked.iter().map(|g| g.plies()).sum::<usize>(),
            plies,
            "{name}"
        );
        assert!(
            checked.iter().all(|g| matches!(g, Checked::Variant(_))),
            "{name}"
        );
    }
    // The antichess game ends when White has lost every piece: `Bxg2#`
    // by Black, and White wins.
    let (source, _) = data("antichess-programfox.pgn");
    let mut all = verify(&source, Options::default());
    let Some(Ok(Checked::Variant(first))) = all.next_checked() else {
        panic!("the first antichess game");
    };
    assert!(first.san().ends_with("Kg2 Bxg2#"), "{}", first.san());
    assert_eq!(first.result.as_str(), "1-0");
    assert!(first.end.is_some());
    // Crazyhouse drops are read.
    let (source, _) = data("saturs-jannlee-zh-lichess.pgn");
    let mut all = verify(&source, Options::default());
    let Some(Ok(game)) = all.next_checked() else {
        panic!("the crazyhouse game");
    };
    assert!(game.san().contains('@'), "{}", game.san());
}

#[test]
#[ignore = "needs ../shared/data"]
fn chess960_games_from_their_fen_tags() {
    let (source, _) = data("cutechess-fischerrandom.pgn");
    let games: Vec<VerifiedGame> = verify_all(&source, Options::default())
        .into_iter()
        .map(|r| r.unwrap_or_else(|d| panic!("{} at {}", d.message, location(&source, &d))))
        .collect();
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g.mode.is_chess960()));
    // Every game starts from its own Chess960 position.
    let starts: std::collections::HashSet<String> = games
        .iter()
        .map(|g| {
            shakmaty::fen::Fen::from_position(&g.start, shakmaty::EnPassantMode::Legal).to_string()
        })
        .collect();
    assert_eq!(starts.len(), 4);
    assert_eq!(games.iter().map(|g| g.moves.len()).sum::<usize>(), 396);
}

#[test]
#[ignore = "needs ../shared/data"]
fn null_move_is_rejected_where_it_stands() {
    let (source, _) = data("anastasian-lewis.pgn");
    let d = verify_all(&source, Options::default())
        .remove(0)
        .unwrap_err();
    assert_eq!(d.kind, ErrorKind::NullMove);
    assert_eq!(location(&source, &d), "20:15 `Z0`");
}

/// Chess written as a rules file (`chess-rules/rules/chess.ini`: the
/// pieces in Betza notation, the switches spelled out) verifies the 1,548
/// standard games exactly as the built-in rules do (which go on, with the
/// opt-in, past the dead positions the rules file does not know): the same
/// moves, ply by ply, and the same checkmates and stalemates.
#[test]
#[ignore = "needs ../shared/data"]
fn chess_as_a_rules_file_agrees_with_the_built_in_rules() {
    use chess_core::RuleSets;
    use chess_core::{Checked, verify};
    use shakmaty::{CastlingMode, Position as _};

    let rules_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess-rules/rules/chess.ini"
    );
    let rules_file = Source::text(
        std::fs::read_to_string(rules_path).expect("chess.ini"),
        Some("chess.ini".into()),
        None,
    );
    let sets = RuleSets::read(&rules_file).expect("chess.ini reads");
    let mut games = 0;
    let mut plies = 0;
    let mut ends = 0;
    for name in ["twic1599_1000k.pgn", "lichess_db_1000k.pgn"] {
        let (source, _) = data(name);
        let built_in = verify_all(
            &source,
            Options {
                moves_after_draw: true,
                ..Options::default()
            },
        );
        let mut under_rules = verify(&source, Options::default()).under_rules(&sets);
        let custom: Vec<_> = std::iter::from_fn(|| under_rules.next_checked()).collect();
        assert_eq!(built_in.len(), custom.len(), "{name}: games");
        for (a, b) in built_in.iter().zip(&custom) {
            let a = a.as_ref().expect("legal under the built-in rules");
            let Checked::Custom(b) = b
                .as_ref()
                .unwrap_or_else(|d| panic!("{name} {}: {}", location(&source, d), d.message))
            else {
                panic!("{name}: a game under the rules file is a custom game");
            };
            let b_moves: Vec<String> = b.moves.iter().map(ToString::to_string).collect();
            let uci: Vec<String> = a
                .moves
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            assert_eq!(uci, b_moves, "{name} at {:?}", a.range);
            let mated = a.last.is_checkmate() || a.last.is_stalemate();
            assert_eq!(mated, b.end.is_some(), "{name} at {:?}", a.range);
            games += 1;
            plies += uci.len();
            ends += usize::from(mated);
        }
    }
    println!(
        "chess.ini: {games} games, {plies} plies, {ends} checkmates or stalemates, as built in"
    );
    assert_eq!(games, 1_548);
    assert!(plies > 130_000, "{plies}");
    assert!(ends > 50, "{ends}");
}
