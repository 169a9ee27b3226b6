//! CustomChessKell rules files (`chess_rules::yaml`): the 5 × 5 game its
//! README shows, played; and every validation rule of that README
//! reported at the key or value concerned.

use chess_rules::{Color, EndRule, Position, yaml};

fn mini() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/customchesskell/mini.yaml"
    ))
    .unwrap()
}

#[test]
fn the_readme_board_plays() {
    let rules = yaml::rules(&mini()).unwrap();
    // Black's pieces mirror White's top to bottom.
    assert_eq!(rules.start, "rn2k/p4/5/P4/RN2K w - - 0 1");
    let start = Position::start(&rules).unwrap();
    let mut moves: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| start.uci(m))
        .collect();
    moves.sort();
    // The pawn steps forward; the knight jumps; the king steps; the rook
    // is boxed in by its own pawn and knight.
    assert_eq!(
        moves,
        ["a2a3", "b1a3", "b1c3", "b1d2", "e1d1", "e1d2", "e1e2"]
    );
    // Black's pawn steps down the board.
    let after = start.play(start.legal_moves()[0]);
    assert_eq!(after.turn(), Color::Black);
    assert!(after.legal_moves().iter().any(|&m| after.uci(m) == "a4a3"));
    // A mate: the rooks' back rank.
    let mate = Position::from_fen(&rules, "R3k/5/4K/5/5 b - - 0 1").unwrap();
    assert_eq!(
        mate.outcome(),
        Some(EndRule::Checkmate(chess_rules::Ending::Loss))
    );
    let symbols: Vec<(char, char)> = rules.pieces.iter().map(|p| p.symbols).collect();
    assert_eq!(symbols, [('K', 'k'), ('R', 'r'), ('N', 'n'), ('P', 'p')]);
}

/// `mini.yaml` with `from` replaced by `to`, and where the error is.
fn error(from: &str, to: &str) -> (usize, usize, String) {
    let text = mini();
    assert!(text.contains(from), "{from}");
    let e = yaml::rules(&text.replacen(from, to, 1)).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn every_validation_rule_says_where() {
    // Unique symbols: Black's knight written as the rook.
    let (line, column, message) = error("symbol_black: 'n'", "symbol_black: 'r'");
    assert_eq!((line, column), (38, 19), "{message}");
    assert!(message.contains("already used (line 30)"), "{message}");
    // A Step one square away.
    let (line, column, message) = error(
        "offset: [1, 0]\n      - type: Step\n        offset: [-1, 0]",
        "offset: [2, 0]\n      - type: Step\n        offset: [-1, 0]",
    );
    assert_eq!((line, column), (13, 17), "{message}");
    assert!(message.contains("exactly one square"), "{message}");
    // A Jump more than one square away.
    let (line, column, message) = error("[2, 1] }", "[1, 1] }");
    assert_eq!((line, column), (40, 31), "{message}");
    assert!(message.contains("more than one square"), "{message}");
    // A Slide along a unit vector.
    let (line, column, message) = error("direction: [1, 0]", "direction: [2, 0]");
    assert_eq!((line, column), (32, 35), "{message}");
    assert!(message.contains("unit vector"), "{message}");
    // One piece named King.
    let (line, _, message) = error("name: King", "name: Emperor");
    assert_eq!(line, 8, "{message}");
    assert!(
        message.contains("exactly one piece is named `King`"),
        "{message}"
    );
    // One King placed.
    let (line, _, message) = error("piece: King", "piece: Rook");
    assert_eq!(line, 56, "{message}");
    assert!(message.contains("places no King"), "{message}");
    // The half-board rule: row < 5 / 2.
    let (line, column, message) = error("position: [1, 0]", "position: [2, 0]");
    assert_eq!((line, column), (63, 15), "{message}");
    assert!(message.contains("bottom half"), "{message}");
    // No two pieces on a square.
    let (line, column, message) = error("position: [0, 1]", "position: [0, 0]");
    assert_eq!((line, column), (59, 15), "{message}");
    assert!(
        message.contains("already holds a piece (line 57)"),
        "{message}"
    );
    // Off the board; a piece not defined; an unknown key; a move type.
    assert!(
        error("position: [0, 4]", "position: [0, 5]")
            .2
            .contains("off the 5 x 5 board")
    );
    assert!(
        error("piece: Knight", "piece: Camel")
            .2
            .contains("`Camel` is not one of the pieces")
    );
    let (line, column, message) = error("  cols: 5", "  colums: 5");
    assert_eq!((line, column), (5, 3), "{message}");
    assert!(
        error("type: Slide", "type: Fly")
            .2
            .contains("`Fly` is not a move type")
    );
    // Not YAML at all.
    assert!(
        error("board_size:", "board_size: [")
            .2
            .starts_with("not YAML")
    );
}

#[test]
fn a_fen_whose_empty_runs_overflow_is_an_error() {
    // Found by the `rules` fuzz target: a run of digits too long for any
    // number once overflowed the file count.
    let chess = chess_rules::Rules::chess();
    let fen = format!("rnbq{}kbnr/8/8/8/8/8/8/8 w - - 0 1", "2".repeat(40));
    let e = Position::from_fen(&chess, &fen).unwrap_err();
    assert_eq!(e.span, 4..44);
    assert!(e.message.contains("do not fit"), "{}", e.message);
    assert!(Position::from_fen(&chess, "rnbq0kbnr/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[test]
fn moves_on_a_tall_board_read_and_write() {
    // A 10 x 12 board: ranks beyond 9 in SAN and coordinates.
    let mut rules = chess_rules::Rules::chess();
    rules.geometry = chess_rules::Geometry::new(10, 12).unwrap();
    rules.castling = None;
    rules.start = "4k5/10/10/10/10/10/10/10/10/10/10/R3K5 w - - 0 1".into();
    let start = Position::start(&rules).unwrap();
    let m = start.parse_move("a1a12").unwrap();
    assert_eq!(start.san(m), "Ra12+");
    assert_eq!(start.parse_move("Ra12+"), Some(m));
    assert_eq!(start.parse_move("a1-a12"), Some(m));
    assert_eq!(
        start.parse_move("Ra10").map(|m| m.to.to_string()),
        Some("a10".into())
    );
    assert_eq!(start.parse_move("O-O"), None);
    let board = start.board(chess_rules::BoardStyle::Ascii);
    assert!(board.starts_with(" 12 | . . . . k . . . . .\n"), "{board}");
    assert!(board.contains("  1 | R . . . K . . . . .\n"), "{board}");
}

#[test]
fn why_a_move_is_not_legal() {
    use chess_rules::{Rejection, Square};
    let sq = |s: &str| Square::parse(s).unwrap();
    let rules = yaml::rules(&mini()).unwrap();
    let start = Position::start(&rules).unwrap();
    // The rook on a1 is blocked by the pawn on a2.
    match start.why_not(sq("a1"), sq("a4"), None) {
        Some(Rejection::Blocked { at, .. }) => assert_eq!(at, sq("a2")),
        other => panic!("{other:?}"),
    }
    // A knight's moves in words.
    match start.why_not(sq("b1"), sq("b3"), None) {
        Some(Rejection::NotAMove { moves, .. }) => {
            assert_eq!(moves, "a Knight leaps (1,2)");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        start.why_not(sq("c3"), sq("c4"), None),
        Some(Rejection::NoPiece)
    );
    assert!(matches!(
        start.why_not(sq("a5"), sq("a4"), None),
        Some(Rejection::NotYours(_))
    ));
    assert!(matches!(
        start.why_not(sq("a1"), sq("a2"), None),
        Some(Rejection::OwnPiece(_))
    ));
    assert_eq!(start.why_not(sq("a2"), sq("a3"), None), None);
    // Pinned: the knight on d2 shields its king on e1 from the rook on c3…
    // here a rook on a1 of Black's and the king on e1: the knight on b1
    // may not leave the rank.
    let pinned = Position::from_fen(&rules, "4k/5/5/5/rN2K w - - 0 1").unwrap();
    match pinned.why_not(sq("b1"), sq("c3"), None) {
        Some(Rejection::LeavesRoyalAttacked { royal, by }) => {
            assert_eq!((royal, by), (sq("e1"), sq("a1")))
        }
        other => panic!("{other:?}"),
    }
    // After the mate, nothing.
    let mate = Position::from_fen(&rules, "R3k/5/4K/5/5 b - - 0 1").unwrap();
    assert_eq!(
        mate.why_not(sq("e5"), sq("d5"), None),
        Some(Rejection::GameOver(EndRule::Checkmate(
            chess_rules::Ending::Loss
        )))
    );
}

#[test]
fn jumps_longer_than_the_board_are_moves_like_any_other() {
    // A Jump may go up to 15 squares: one of 6 rows (which leaves a 5 × 5
    // board from anywhere) once broke move generation (found by the
    // `rules` fuzz target).
    let text = mini().replace(
        "{ type: Jump, offset: [2, 1] }",
        "{ type: Jump, offset: [6, 1] }",
    );
    assert_ne!(text, mini());
    let rules = yaml::rules(&text).unwrap();
    let mut pos = Position::start(&rules).unwrap();
    for _ in 0..20 {
        let moves = pos.legal_moves();
        let Some(&m) = moves.first() else { break };
        pos = pos.play(m);
    }
    // On a 16 x 16 board the same Jump lands.
    let tall = text.replace("rows: 5\n  cols: 5", "rows: 16\n  cols: 16");
    assert_ne!(tall, text);
    let rules = yaml::rules(&tall).unwrap();
    let start = Position::start(&rules).unwrap();
    let knight = start
        .legal_moves()
        .into_iter()
        .filter(|m| {
            start
                .piece_at(m.from)
                .is_some_and(|p| rules.pieces[p.kind as usize].name == "Knight")
        })
        .map(|m| start.uci(m))
        .collect::<Vec<_>>();
    assert!(knight.contains(&"b1c7".to_string()), "{knight:?}");
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/customchesskell/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// YAML's anchors, aliases and merge keys are read as PyYAML reads them:
/// `aliases.yaml` gives the rules of `aliases.expanded.yaml`, which
/// PyYAML wrote from it (`expand_aliases.py`).
#[test]
fn aliases_and_merge_keys_are_read_as_pyyaml_reads_them() {
    let aliased = yaml::rules(&fixture("aliases.yaml")).unwrap();
    let expanded = yaml::rules(&fixture("aliases.expanded.yaml")).unwrap();
    assert_eq!(aliased, expanded);
    // The aliased step is the SuperPawn's, beside its own.
    let pawn = aliased
        .pieces
        .iter()
        .find(|p| p.name == "SuperPawn")
        .unwrap();
    let start = Position::start(&aliased).unwrap();
    let mut moves: Vec<String> = start
        .legal_moves()
        .into_iter()
        .map(|m| start.uci(m))
        .filter(|m| m.starts_with("a2"))
        .collect();
    moves.sort();
    assert_eq!(moves, ["a2a3", "a2b2"], "{pawn:?}");
    assert_eq!(aliased.start, "rnm1k/p4/5/P4/RNM1K w - - 0 1");
}

#[test]
fn aliases_that_multiply_are_refused_where_they_pass_the_bound() {
    // A "billion laughs": each line nine aliases of the one before.
    let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let p = i - 1;
        text.push_str(&format!(
            "a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        ));
    }
    let e = yaml::rules(&text).unwrap_err();
    assert!(
        e.message
            .contains("more than 100000 YAML nodes once its aliases are put in place"),
        "{}",
        e.message
    );
    // Where the bound is passed: the fifth line, whose list is 9^5
    // nodes, and as many again for the copy its anchor keeps.
    assert_eq!(e.line, 5, "{}", e.message);
    // An alias of a list where a number belongs says so, at the list.
    let text = mini()
        .replace("rows: 5", "rows: &r [5]")
        .replace("cols: 5", "cols: *r");
    let e = yaml::rules(&text).unwrap_err();
    assert_eq!(
        (e.line, e.message.as_str()),
        (4, "`rows` is a value, not a list")
    );
}
