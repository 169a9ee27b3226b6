//! Chess problems as values: `puzzle!` and `include_puzzles!` of a PGN
//! file of published problems (each proven at compile time; see
//! `chess-core/tests/problems.rs` for what is proven and how it is tested).

use verified_chess::{ProblemKind, Puzzle, Stipulation, include_puzzles, puzzle};

static PUBLISHED: &[Puzzle] = include_puzzles!("tests/puzzles/problems.pgn");

fn san(puzzle: &Puzzle) -> Vec<String> {
    puzzle.solution().map(|p| p.san.to_string()).collect()
}

#[test]
fn the_published_problems_are_values() {
    let stipulations: Vec<String> = PUBLISHED
        .iter()
        .map(|p| p.stipulation().unwrap().to_string())
        .collect();
    assert_eq!(
        stipulations,
        ["#2", "#2", "s#2", "s#2", "s#3", "h#2", "h#2"]
    );
    let keys: Vec<String> = PUBLISHED
        .iter()
        .map(|p| p.key().unwrap().san.to_string())
        .collect();
    assert_eq!(keys, ["g8=B", "Rg6", "Ne6+", "Qc2", "e8=B", "Bxb5", "Bxb8"]);
    for p in PUBLISHED {
        assert!(p.is_problem());
        assert_eq!(p.opponent_move(), None);
        assert_eq!(p.position(), p.game().start());
        assert!(p.cell("Source").is_some());
        assert_eq!(p.id(), "");
    }
    assert_eq!(PUBLISHED[0].mate_in(), Some(2));
    assert_eq!(PUBLISHED[2].mate_in(), None);
    assert_eq!(san(&PUBLISHED[0]), ["g8=B", "Kxf8", "Qf7#"]);
}

#[test]
fn tries_and_other_defences_are_in_the_tree() {
    let denkovski = &PUBLISHED[1];
    assert_eq!(denkovski.cell("Composer"), Some("Ivan Denkovski"),);
    // The key, then the tries, each with its refutation.
    let firsts: Vec<String> = denkovski
        .tree()
        .children()
        .map(|n| n.ply().unwrap().san.to_string())
        .collect();
    assert_eq!(firsts, ["Rg6", "Nd2+", "Re2", "Qd3+"]);
    let refutations: Vec<String> = denkovski
        .tree()
        .variations()
        .map(|t| t.next().unwrap().ply().unwrap().san.to_string())
        .collect();
    assert_eq!(refutations, ["Kxf2", "Ra2", "Nxd3"]);
    let key = denkovski.tree().next().unwrap();
    assert_eq!(key.comments().next().unwrap().text(), "threat: 2. Nd2#");
    let defences: Vec<String> = key
        .children()
        .map(|n| n.ply().unwrap().san.to_string())
        .collect();
    assert_eq!(defences, ["Ke4", "Ne4"]);
    // The exported PGN keeps the whole solution.
    let pgn = denkovski.game().pgn().to_string();
    let pgn = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(pgn.contains("[Stipulation \"#2\"]"), "{pgn}");
    assert!(
        pgn.contains("(1. Re2 $2 Ra2 $1 (1... Ne4 2. Qxe4#))"),
        "{pgn}"
    );
}

#[test]
fn helpmates_keep_every_solution() {
    let garai = &PUBLISHED[5];
    assert_eq!(
        garai.stipulation(),
        Some(Stipulation {
            kind: ProblemKind::HelpMate,
            moves: 2
        })
    );
    let solutions: Vec<Vec<String>> = garai
        .tree()
        .children()
        .map(|first| {
            std::iter::once(first)
                .chain(first.mainline())
                .map(|n| n.ply().unwrap().san.to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        solutions,
        [
            ["Bxb5", "Rxe3+", "Kc4", "Rc8#"],
            ["Rxe4", "Bxc4+", "Ke3", "Qh6#"]
        ]
    );
}

#[test]
fn puzzle_takes_tokens_and_text() {
    const TOKENS: Puzzle = puzzle! {
        [FEN "2N2bBR/4P1k1/7p/2N2p1P/3p1P2/1PpP4/2Kp4/1n1R4 w - - 0 1"]
        [Stipulation "s#2"]
        1. Ne6+! Kxh8 (1... Kf6 2. exf8=N Na3 #) 2. exf8=R Na3 #
    };
    const TEXT: Puzzle = puzzle!(
        r#"[FEN "2N2bBR/4P1k1/7p/2N2p1P/3p1P2/1PpP4/2Kp4/1n1R4 w - - 0 1"]
[Stipulation "s#2"]
1. Ne6+! Kxh8 (1... Kf6 2. exf8=N Na3#) 2. exf8=R Na3#"#
    );
    assert_eq!(san(&TOKENS), san(&TEXT));
    assert_eq!(san(&TOKENS), ["Ne6+", "Kxh8", "exf8=R", "Na3#"]);
    assert_eq!(san(&PUBLISHED[2]), san(&TOKENS));
    // Every setup form works: FEN words, piece lists, diagrams.
    const FEN_WORDS: Puzzle = puzzle! {
        [Stipulation "#1"]
        fen 6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1
        1. Re8 #
    };
    const PIECE_LIST: Puzzle = puzzle! {
        [Stipulation "#1"]
        white: Ka1 Re1 black: Kg8 f7 g7 h7 w
        1. Re8 #
    };
    assert_eq!(FEN_WORDS.key().unwrap().san.as_str(), "Re8#");
    assert_eq!(FEN_WORDS.position(), PIECE_LIST.position());
}
