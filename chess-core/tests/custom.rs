//! Games under custom rules (`chess_core::custom`): rules files read with
//! their errors placed, moves read as coordinates or SAN, and what is not
//! legal worded.

use chess_core::custom::{replay, replay_games, rule_sets, rules};
use chess_core::{ErrorKind, Source};
use chess_rules::Outcome;

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
    let sets = rule_sets(rules_file).unwrap();
    let source = Source::text(moves, None, None);
    replay(&sets, variant, &source)
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
            .contains("no rule set `shogi`: the rules file defines `capablanca`")
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

/// Every game of `pgn` under the sets of `rules_file`: the moves, or the
/// error's kind, the text it covers and its message.
fn games(
    rules_file: &Source,
    default: Option<&str>,
    pgn: &str,
) -> Vec<Result<Vec<String>, (ErrorKind, String, String)>> {
    let sets = rule_sets(rules_file).unwrap();
    let source = Source::text(pgn, None, None);
    replay_games(&sets, default, &source)
        .into_iter()
        .map(|r| {
            r.map(|g| g.moves)
                .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
        })
        .collect()
}

#[test]
fn pgn_with_tags_comments_variations_and_results() {
    let ini = file("fairy/variants.ini");
    let pgn = r#"[Event "A club game"]
[Variant "Capablanca"]

1. e4 {the usual} e5 $1 2. Ad3 (2. Ci3? Nc6) 2... Nc6 ; a comment
% an escaped line
3. Nh3 1-0

[Variant "janus"]
[FEN "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1"]

1.e4 e5 2.Jc3 *
"#;
    let all = games(&ini, None, pgn);
    assert_eq!(all.len(), 2);
    assert_eq!(
        all[0].as_ref().unwrap(),
        &["e2e4", "e7e5", "c1d3", "b8c6", "i1h3"]
    );
    assert_eq!(all[1].as_ref().unwrap(), &["e2e4", "e7e5", "b1c3"]);
    // The tag is what picks the section, whatever its case.
    let sets = rule_sets(&ini).unwrap();
    let game = replay_games(&sets, None, &Source::text(pgn, None, None))
        .remove(1)
        .unwrap();
    assert_eq!(game.rules.name, "janus");
    assert_eq!(
        game.start.as_deref(),
        Some("rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1")
    );
    assert_eq!(game.result.as_deref(), Some("*"));
    assert!(game.tags.contains(&("Variant".into(), "janus".into())));
}

#[test]
fn errors_in_variations_tags_and_results_are_placed() {
    let ini = file("fairy/variants.ini");
    let one = |pgn: &str| games(&ini, Some("capablanca"), pgn).remove(0).unwrap_err();
    // A move of a variation is checked from the position before the move
    // it replaces.
    let (kind, at, _) = one("1. e4 e5 (1... Ne4) 2. Nf3");
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "Ne4"));
    assert_eq!(one("( 1. e4 )").0, ErrorKind::Variation);
    assert_eq!(one("1. e4 ( 1. d4").1, "(");
    assert_eq!(one("1. e4 )").0, ErrorKind::Variation);
    assert_eq!(one("1. e4 {never closed").0, ErrorKind::Lexical);
    let (kind, at, _) = one("[Event \"x\"\n1. e4");
    assert_eq!(kind, ErrorKind::BadTag);
    assert!(at.starts_with("[Event"), "{at}");
    let (kind, at, message) =
        one("[FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNX w - - 0 1\"]\n1. e4");
    assert_eq!((kind, at.as_str()), (ErrorKind::BadSetup, "X"));
    assert!(
        message.contains("`X` is no piece of capablanca"),
        "{message}"
    );
    // A section the file does not define, named by the tag.
    let (kind, at, message) = games(&ini, None, "[Variant \"shogi\"]\n1. e4")
        .remove(0)
        .unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::BadTag, "shogi"));
    assert!(message.contains("no rule set `shogi`"), "{message}");
}

#[test]
fn results_are_checked_against_the_end() {
    // Chess as a section of a variants.ini: fool's mate.
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let mated = "1. f3 e5 2. g4 Qh4#";
    let sets = rule_sets(&ini).unwrap();
    let game = replay_games(
        &sets,
        None,
        &Source::text(format!("{mated} 0-1"), None, None),
    )
    .remove(0)
    .unwrap();
    assert_eq!(game.end, Some(Outcome::Checkmate));
    let wrong = format!("{mated} 1-0");
    let (kind, at, message) = games(&ini, None, &wrong).remove(0).unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongResult, "1-0"));
    assert!(
        message.contains("the result is `0-1`, not `1-0`: White is checkmated"),
        "{message}"
    );
    let (kind, at, message) = games(&ini, None, "1. f3 e5 2. g4 Qh4# 3. Kf2")
        .remove(0)
        .unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Kf2"));
    assert!(message.contains("White is checkmated"), "{message}");
}

#[test]
fn pins_checks_and_did_you_mean() {
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let one = |pgn: &str| games(&ini, None, pgn).remove(0).unwrap_err();
    // The knight on d7 is pinned by the bishop on b5.
    let (kind, at, message) = one("1. e4 d6 2. Bb5+ Nd7 3. a3 Ne5");
    assert_eq!((kind, at.as_str()), (ErrorKind::Pinned, "Ne5"));
    assert!(
        message.contains("Black's knight on d7 is pinned"),
        "{message}"
    );
    assert!(
        message.contains("attacked by White's bishop on b5"),
        "{message}"
    );
    // In check, a move that does not meet it.
    let (kind, _, message) = one("1. e4 d6 2. Bb5+ a6");
    assert_eq!(kind, ErrorKind::InCheck);
    assert!(
        message.contains("is in check from White's bishop on b5"),
        "{message}"
    );
    // The king into an attack.
    let (kind, _, message) = one("1. e4 e5 2. Ke2 Qh4 3. Kf3 d6 4. Kg4");
    assert_eq!(kind, ErrorKind::IntoCheck, "{message}");
    // One letter off.
    let sets = rule_sets(&ini).unwrap();
    let source = Source::text("1. Nf4", None, None);
    let d = replay_games(&sets, None, &source).remove(0).unwrap_err();
    assert!(
        d.help
            .contains(&chess_core::Help::DidYouMean(vec!["Nf3".to_string()])),
        "{:?}",
        d
    );
}
