//! Games under custom rules (`chess_core::custom`): rules files read with
//! their errors placed, moves read as coordinates or SAN, and what is not
//! legal worded.

use chess_core::custom::{replay, rules};
use chess_core::{ErrorKind, Source};

fn file(path: &str) -> Source {
    let full = format!("{}/../chess-rules/tests/{path}", env!("CARGO_MANIFEST_DIR"));
    Source::text(
        std::fs::read_to_string(full).unwrap(),
        Some(path.to_string()),
        None,
    )
}

fn play(
    rules_file: &Source,
    variant: Option<&str>,
    moves: &str,
) -> Result<Vec<String>, (ErrorKind, String, String)> {
    let rules = rules(rules_file, variant).unwrap();
    let source = Source::text(moves, None, None);
    replay(rules, &source)
        .map(|g| g.moves)
        .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
}

#[test]
fn moves_as_coordinates_and_san() {
    let mini = file("customchesskell/mini.yaml");
    assert_eq!(
        play(&mini, None, "1. a2 a3 a4 a3 2. b1-c3").unwrap(),
        ["a2a3", "a4a3", "b1c3"]
    );
    // SAN with the file's letters (its pawn is a piece like any other).
    assert_eq!(play(&mini, None, "a2a3 Pxa3").unwrap(), ["a2a3", "a4a3"]);
    assert_eq!(
        play(&mini, None, "zz9").unwrap_err().0,
        ErrorKind::ExpectedMove
    );
    let ini = file("fairy/variants.ini");
    // Squares in a row with the first empty are SAN pawn moves.
    assert_eq!(
        play(&ini, Some("capablanca"), "1. e4 e5 2. Ad3").unwrap(),
        ["e2e4", "e7e5", "c1d3"]
    );
    assert_eq!(play(&ini, Some("janus"), "1. Jc3").unwrap(), ["b1c3"]);
}

#[test]
fn what_is_not_legal_is_said() {
    let mini = file("customchesskell/mini.yaml");
    let (kind, at, message) = play(&mini, None, "1. a2a3 a4a3 2. Ra4").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Ra4"));
    assert!(
        message.contains("blocked by Black's SuperPawn on a3"),
        "{message}"
    );
    let (kind, at, message) = play(&mini, None, "1. b1 b3").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "b1 b3"));
    assert!(message.contains("a Knight leaps (1,2)"), "{message}");
    let (kind, _, message) = play(&mini, None, "1. a4 a3").unwrap_err();
    assert_eq!(kind, ErrorKind::WrongPiece);
    assert!(message.contains("is Black's"), "{message}");
    let ini = file("fairy/variants.ini");
    let (kind, _, message) = play(&ini, Some("capablanca"), "1. Ne4").unwrap_err();
    assert_eq!(kind, ErrorKind::CannotReach);
    assert!(
        message.contains("no knight of White's can go to e4"),
        "{message}"
    );
    let (kind, _, _) = play(&ini, Some("capablanca"), "1. Ne2").unwrap_err();
    assert_eq!(kind, ErrorKind::OwnPiece);
}

#[test]
fn rules_files_say_which_section_and_where() {
    let ini = file("fairy/variants.ini");
    let d = rules(&ini, None).unwrap_err();
    assert_eq!(d.kind, ErrorKind::RulesFile);
    assert!(d.message.contains("say which"), "{}", d.message);
    assert!(
        rules(&ini, Some("shogi"))
            .unwrap_err()
            .message
            .contains("no section `[shogi]`")
    );
    let bad = Source::text(
        "board_size: { rows: 5, cols: 99 }\n",
        Some("bad.yaml".into()),
        None,
    );
    let d = rules(&bad, None).unwrap_err();
    assert_eq!(bad.slice(d.range), "99");
    assert!(d.message.contains("1 to 16"), "{}", d.message);
}
