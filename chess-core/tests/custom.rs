//! Games under custom rules (`Games::under_rules`): rules files read with
//! their errors placed, moves read as coordinates or SAN by the one
//! reader, and what is not legal worded as chess's refusals are.

use chess_core::RuleSets;
use chess_core::{Checked, CustomGame, ErrorKind, Options, Source, verify};
use chess_rules::EndRule;

fn file(path: &str) -> Source {
    let full = format!("{}/../chess-rules/tests/{path}", env!("CARGO_MANIFEST_DIR"));
    Source::text(
        std::fs::read_to_string(full).unwrap(),
        Some(path.to_string()),
        None,
    )
}

/// Every game of `pgn` under the sets of `rules_file` (`default` for games
/// whose tag names none): each game, or its error.
fn checked(
    rules_file: &Source,
    default: Option<&str>,
    pgn: &str,
) -> (Source, Vec<Result<CustomGame, chess_core::Diagnostic>>) {
    let sets = RuleSets::read(rules_file)
        .unwrap()
        .with_default(default.map(str::to_string));
    let source = Source::text(pgn, None, None);
    let mut games = verify(&source, Options::default()).under_rules(&sets);
    let mut all = Vec::new();
    while let Some(game) = games.next_checked() {
        all.push(game.map(|g| match g {
            Checked::Custom(g) => g,
            _ => panic!("a game under a rules file is a custom game"),
        }));
    }
    drop(games);
    (source, all)
}

/// The moves of every game, or the error's kind, the text it covers and
/// its message.
fn games(
    rules_file: &Source,
    default: Option<&str>,
    pgn: &str,
) -> Vec<Result<Vec<String>, (ErrorKind, String, String)>> {
    let (source, all) = checked(rules_file, default, pgn);
    all.into_iter()
        .map(|r| {
            r.map(|g| g.moves.iter().map(ToString::to_string).collect())
                .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
        })
        .collect()
}

/// The first game's moves, or its error.
fn play(
    rules_file: &Source,
    variant: Option<&str>,
    moves: &str,
) -> Result<Vec<String>, (ErrorKind, String, String)> {
    games(rules_file, variant, moves).remove(0)
}

#[test]
fn moves_as_coordinates_and_san() {
    let mini = file("customchesskell/mini.yaml");
    assert_eq!(
        play(&mini, None, "1. a2 a3 a4 a3 2. b1-c3").unwrap(),
        ["a2a3", "a4a3", "b1c3"]
    );
    // A `-` between two squares, and a chain of squares read left to
    // right: a square without a piece is a move in SAN.
    assert_eq!(
        play(&mini, None, "1. a2 - a3 a4 a3").unwrap(),
        ["a2a3", "a4a3"]
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
    assert_eq!(
        play(&ini, Some("capablanca"), "1. e4 e7 e5").unwrap(),
        ["e2e4", "e7e5"]
    );
    assert_eq!(play(&ini, Some("janus"), "1. Jc3").unwrap(), ["b1c3"]);
    // A lone `-` is no move.
    let (kind, at, _) = play(&ini, Some("janus"), "1. e4 - Jc3").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::ExpectedMove, "-"));
    // … not even before a later error, or across a move number.
    let (kind, at, _) = play(&ini, Some("janus"), "1. e4 - Jc3 )").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::ExpectedMove, "-"));
    let (kind, at, _) = play(&ini, Some("janus"), "1. e4 - 2. e5").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::ExpectedMove, "-"));
}

#[test]
fn a_word_that_is_no_move_is_answered_with_the_rules_forms() {
    let mini = file("customchesskell/mini.yaml");
    let (source, mut all) = checked(&mini, None, "1. a2a3 zz9 a4a3");
    let error = all.remove(0).unwrap_err();
    assert_eq!(
        (error.kind, source.slice(error.range)),
        (ErrorKind::ExpectedMove, "zz9")
    );
    let help = format!("{:?}", error.help);
    assert!(
        help.contains("under a rules file, moves are written like"),
        "{help}"
    );
}

#[test]
fn what_is_not_legal_is_said() {
    let mini = file("customchesskell/mini.yaml");
    let (kind, at, message) = play(&mini, None, "1. a2a3 a4a3 2. Ra4").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Ra4"));
    assert!(
        message.contains("blocked by the black SuperPawn on a3"),
        "{message}"
    );
    let (kind, at, message) = play(&mini, None, "1. b1 b3").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "b1 b3"));
    assert!(message.contains("a Knight leaps (1,2)"), "{message}");
    let (kind, _, message) = play(&mini, None, "1. a4 a3").unwrap_err();
    assert_eq!(kind, ErrorKind::WrongPiece);
    assert!(message.contains("belongs to Black"), "{message}");
    let ini = file("fairy/variants.ini");
    let (kind, _, message) = play(&ini, Some("capablanca"), "1. Ne4").unwrap_err();
    assert_eq!(kind, ErrorKind::CannotReach);
    assert!(
        message.contains("no white knight can reach e4 (they are on b1 and i1)"),
        "{message}"
    );
    let (kind, _, _) = play(&ini, Some("capablanca"), "1. Ne2").unwrap_err();
    assert_eq!(kind, ErrorKind::OwnPiece);
    // A letter the rule set has no piece for.
    let (kind, at, message) = play(&ini, Some("capablanca"), "1. Jc3").unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::NoSuchPiece, "Jc3"));
    assert!(
        message.contains("capablanca has no piece written `J`"),
        "{message}"
    );
}

#[test]
fn rules_files_say_which_section_and_where() {
    let ini = file("fairy/variants.ini");
    let (_, all) = checked(&ini, None, "1. e4");
    let d = all.into_iter().next().unwrap().unwrap_err();
    assert_eq!(d.kind, ErrorKind::RulesFile);
    assert!(d.message.contains("say which"), "{}", d.message);
    let (_, all) = checked(&ini, Some("shogi"), "1. e4");
    let d = all.into_iter().next().unwrap().unwrap_err();
    assert!(
        d.message
            .contains("no rule set `shogi`: the rules file defines `capablanca`"),
        "{}",
        d.message
    );
    let bad = Source::text(
        "board_size: { rows: 5, cols: 99 }\n",
        Some("bad.yaml".into()),
        None,
    );
    let d = RuleSets::read(&bad).unwrap_err();
    assert_eq!(bad.slice(d.range), "99");
    assert!(d.message.contains("1 to 16"), "{}", d.message);
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
    let sets = RuleSets::read(&ini).unwrap();
    let (source, mut all) = checked(&ini, None, pgn);
    let game = all.remove(1).unwrap();
    assert_eq!(sets.sets[game.set].name, "janus");
    assert_eq!(game.plies(), 3);
    assert_eq!(
        game.start.as_deref(),
        Some("rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1")
    );
    assert_eq!(game.result.as_str(), "*");
    assert!(
        game.tags
            .iter()
            .any(|t| t.name(&source) == "Variant" && t.value(&source) == "janus")
    );
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
    // (Read by chess's tag grammar: the tag's end is missing before `1.`.)
    let (kind, at, message) = one("[Event \"x\"\n1. e4");
    assert_eq!((kind, at.as_str()), (ErrorKind::BadTag, "1."));
    assert_eq!(message, "malformed tag pair: expected `]`");
    let (kind, at, message) =
        one("[FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNX w - - 0 1\"]\n1. e4");
    assert_eq!((kind, at.as_str()), (ErrorKind::BadSetup, "X"));
    assert!(
        message.contains("`X` is no piece of capablanca"),
        "{message}"
    );
    // An empty rank: shown where it would be, one character wide; a
    // value with escapes is shown whole.
    let (kind, at, message) = one("[FEN \"10/10/10//10/10/10/10 w - - 0 1\"]\n1. e4");
    assert_eq!((kind, at.as_str()), (ErrorKind::BadSetup, "/"));
    assert!(message.contains("rank 5 has 0 squares"), "{message}");
    let (kind, at, _) = one("[FEN \"10/10/10/10/10/10/10/1\\\"9 w - - 0 1\"]\n1. e4");
    assert_eq!(
        (kind, at.as_str()),
        (
            ErrorKind::BadSetup,
            "\"10/10/10/10/10/10/10/1\\\"9 w - - 0 1\""
        )
    );
    // A name the file does not define, nor Fairy-Stockfish or lichess,
    // named by the tag: the nearest names of all three proposed.
    let (source, mut all) = checked(&ini, None, "[Variant \"shogii\"]\n1. e4");
    let d = all.remove(0).unwrap_err();
    assert_eq!(
        (d.kind, source.slice(d.range)),
        (ErrorKind::BadTag, "\"shogii\"")
    );
    assert_eq!(
        d.message,
        "no variant `shogii`: it names no section of the rules file, none of \
         Fairy-Stockfish's built-in variants and none of lichess's"
    );
    assert_eq!(
        d.help,
        [chess_core::Help::DidYouMean(vec!["\"shogi\"".into()])]
    );
    // Move numbers and markers are held to the position, as in chess.
    let (kind, at, _) = one("1. e4 e5 3. Nf3");
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMoveNumber, "3."));
    let (kind, at, message) = one("1. e4 e5 2. Nh3+");
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "+"));
    assert!(message.contains("gives no check"), "{message}");
}

#[test]
fn results_are_checked_against_the_end() {
    // Chess as a section of a variants.ini: fool's mate.
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let mated = "1. f3 e5 2. g4 Qh4#";
    let (_, mut all) = checked(&ini, None, &format!("{mated} 0-1"));
    let game = all.remove(0).unwrap();
    assert_eq!(
        game.end,
        Some((
            EndRule::Checkmate(chess_rules::Ending::Loss),
            chess_rules::Color::White
        ))
    );
    let wrong = format!("{mated} 1-0");
    let (kind, at, message) = games(&ini, None, &wrong).remove(0).unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongResult, "1-0"));
    assert!(
        message.contains("the result `1-0` contradicts the final position: Black checkmated White"),
        "{message}"
    );
    let (kind, at, message) = games(&ini, None, "1. f3 e5 2. g4 Qh4# 3. Kf2")
        .remove(0)
        .unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Kf2"));
    assert!(
        message.contains("Black checkmated White with `2... Qh4#`"),
        "{message}"
    );
}

#[test]
fn pins_checks_and_did_you_mean() {
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let one = |pgn: &str| games(&ini, None, pgn).remove(0).unwrap_err();
    // The knight on d7 is pinned by the bishop on b5.
    let (kind, at, message) = one("1. e4 d6 2. Bb5+ Nd7 3. a3 Ne5");
    assert_eq!((kind, at.as_str()), (ErrorKind::Pinned, "Ne5"));
    assert!(
        message.contains("the knight on d7 is pinned to its king on e8"),
        "{message}"
    );
    assert!(message.contains("by the white bishop on b5"), "{message}");
    // In check, a move that does not meet it.
    let (kind, _, message) = one("1. e4 d6 2. Bb5+ a6");
    assert_eq!(kind, ErrorKind::InCheck);
    assert!(
        message.contains("is in check from the white bishop on b5"),
        "{message}"
    );
    // The king into an attack.
    let (kind, _, message) = one("1. e4 e5 2. Ke2 Qh4 3. Kf3 d6 4. Kg4");
    assert_eq!(kind, ErrorKind::IntoCheck, "{message}");
    // One letter off.
    let sets = RuleSets::read(&ini).unwrap();
    let source = Source::text("1. Nf4", None, None);
    let d = verify(&source, Options::default())
        .under_rules(&sets)
        .next_checked()
        .unwrap()
        .unwrap_err();
    assert!(
        d.help
            .contains(&chess_core::Help::DidYouMean(vec!["Nf3".to_string()])),
        "{:?}",
        d
    );
}

#[test]
fn a_move_of_the_other_side_asks_whether_one_is_missing() {
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let sets = RuleSets::read(&ini).unwrap();
    let first = |pgn: &str| {
        let source = Source::text(pgn, None, None);
        let d = verify(&source, Options::default())
            .under_rules(&sets)
            .next_checked()
            .unwrap()
            .unwrap_err();
        (d.kind, source.slice(d.range).to_string(), d.help)
    };
    let note = |written: &str, other: &str, mover: &str| {
        chess_core::Help::Note(format!(
            "`{written}` is a legal move for {other}: is a move of {mover}'s missing before it?"
        ))
    };
    // Black's third move left out; coordinates, named as written.
    let (kind, at, help) = first("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ba4");
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "Ba4"));
    assert!(help.contains(&note("Ba4", "White", "Black")), "{help:?}");
    let (kind, _, help) = first("1. e4 e5 2. Nf3 Nc6 3. g8f6");
    assert_eq!(kind, ErrorKind::WrongPiece);
    assert!(help.contains(&note("g8f6", "Black", "White")), "{help:?}");
    // Not where the other side has two such moves, nor where the mover's
    // own piece is pinned.
    let (_, _, help) = first("1. e4 e5 2. Nf3 Nc6 3. Ne7");
    assert!(
        !help.iter().any(|h| matches!(h, chess_core::Help::Note(_))),
        "{help:?}"
    );
    let (kind, _, help) = first("1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5");
    assert_eq!(kind, ErrorKind::Pinned);
    assert!(
        !help
            .iter()
            .any(|h| matches!(h, chess_core::Help::Note(n) if n.contains("legal move for"))),
        "{help:?}"
    );
}

#[test]
fn en_passant_written_on_a_move_is_held_to_it() {
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let pgn = "1. e4 a6 2. e5 d5 3. exd6 e.p. *\n\n1. e4 a6 2. e5 d5 3. e5d6e.p. *\n\n1. e4 a6 2. e5 d5 3. Nf3 e.p. *\n";
    let all = games(&ini, None, pgn);
    assert_eq!(all[0].as_ref().unwrap().last().unwrap(), "e5d6");
    assert_eq!(all[1].as_ref().unwrap().last().unwrap(), "e5d6");
    let (kind, at, message) = all[2].clone().unwrap_err();
    assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "e.p."));
    assert_eq!(
        message,
        "`3. Nf3` is marked `e.p.`, but it is not an en passant capture"
    );
}

/// Fairy-Stockfish's SAN writes a drop by the piece put down, never
/// saying which piece in hand it is: in Kyoto shogi a lance and a knight
/// in hand both drop as a gold (`G@d1`). The line is read both ways
/// until a later move tells them apart (`Gc1=N`: the gold turns back
/// into a knight, so it was the knight), and the game keeps the drop
/// that move proves. (A game pyffish 0.0.90 played, seeded at random.)
#[test]
fn a_drop_that_does_not_say_which_piece_in_hand_is_read_both_ways() {
    let game = "[Variant \"kyotoshogi\"]\n\n\
        1. Kd2 Gc4=N+ 2. Kd3 Pa4=R 3. Pe2=R Ra3=P 4. Re4=P Pa2=R 5. Ge2=N Rc2=P 6. \
        Sxc2=B Gd4=L+ 7. Kc3 Kb5 8. Bb1=S Kc5 9. P@d2 Kb5 10. Sb2=B Sxe4=B 11. Pd3=R \
        P@a4 12. Kb3 Ka5 13. Nxd4=G Nxb2=G+ 14. Gxb2=L B@c4+ 15. Kxc4 Pa3=R 16. S@c3 \
        Rb3=P 17. Ge5=N Pxb2=R 18. Rd5=P G@b1 19. G@d1 Rd2=P 20. Gc1=N *\n";
    let source = Source::text(game, None, None);
    let mut games = verify(&source, Options::default());
    let Some(Ok(Checked::Custom(checked))) = games.next_checked() else {
        panic!("the game verifies");
    };
    let moves: Vec<String> = checked.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves.len(), 39);
    assert_eq!(moves[36], "+N@d1");
}

/// A rules file adds to the rules there are, as Fairy-Stockfish reads a
/// `variants.ini`: a game's `[Variant]` tag names a section of the file,
/// else the verified rules (lichess's names, pychess.org's among them),
/// else one of Fairy-Stockfish's built-in variants; names compare
/// without case, spaces, hyphens and underscores.
#[test]
fn a_rules_file_adds_to_the_builtins() {
    let ini = Source::text(
        "[gorogoroplus:gorogoro]\n[mychess:chess]\nstalemateValue = loss\n",
        Some("mine.ini".into()),
        None,
    );
    let games = "[Variant \"Shogi\"]\n\n1. Pe4 Pe6 *\n\n\
                 [Variant \"Kingofthehill\"]\n\n1. d4 e5 2. Kd2 exd4 3. Kd3 Ke7 4. Kxd4 1-0\n\n\
                 [Variant \"My-Chess\"]\n\n1. e4 e5 *\n\n\
                 [Variant \"Kyoto Shogi\"]\n\n1. Kd2 *\n";
    let source = Source::text(games, None, None);
    let sets = RuleSets::read(&ini).unwrap();
    let mut games = verify(&source, Options::default()).under_rules(&sets);
    let mut kinds = Vec::new();
    while let Some(game) = games.next_checked() {
        kinds.push(match game {
            Ok(Checked::Custom(g)) => format!("custom {} {}", g.builtin, g.plies()),
            Ok(Checked::Variant(g)) => format!("variant {:?}", g.end.map(|e| e.0)),
            Ok(Checked::Chess(_)) => "chess".to_string(),
            Err(d) => format!("error {}", d.message),
        });
    }
    assert_eq!(
        kinds,
        [
            "custom true 2",
            "variant Some(Decisive { winner: White, reason: Hill })",
            "custom false 2",
            "custom true 1"
        ]
    );
}
