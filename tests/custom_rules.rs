//! Games under rules a user defines, through the facade: `game!`,
//! `games!` and `include_pgn!` with `#![rules("…")]`, the values they make
//! (tags, set-up starts, results, PGN) and their positions under the
//! `custom-rules` feature.

use verified_chess::custom_rules::BoardStyle;
use verified_chess::{
    Color, CustomGame, CustomSquare, DecisiveReason, DrawReason, GameResult, Outcome, game, games,
    include_pgn,
};

/// A game's moves, in coordinates.
fn moves(game: &CustomGame) -> Vec<String> {
    game.moves().map(|m| m.to_string()).collect()
}

const TWO: &[CustomGame] = include_pgn!(
    #![rules("chess-rules/tests/fairy/variants.ini")]
    "tests/rules/capablanca.pgn"
);

const TOKENS: &[CustomGame] = games! {
    #![rules("chess-rules/tests/fairy/variants.ini", janus)]
    1. e4 e5 2. Jc3 *
    [Variant "losalamos"]
    1. b3 b4 *
};

/// Fairy-Stockfish's built-in Capablanca chess, by name: no rules file.
const CAPABLANCA: CustomGame = game! {
    #![variant(capablanca)]
    1. e4 e5 2. Ad3 Ad6 3. Nh3 Nh6 *
};

/// S-chess: pieces in hand put on the squares back-rank pieces leave.
const SEIRAWAN: CustomGame = game! {
    #![variant(seirawan)]
    1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O/Hh1 Nf6 5. d3 O-O/He8 6. Nc3/E *
};

/// Knightmate: the royal piece leaps as a knight.
const KNIGHTMATE: &[CustomGame] = games! {
    #![variant("Knightmate")]
    1. e4 e5 2. Kf3 Kf6 *
};

/// A game whose `[Variant]` tag names one of Fairy-Stockfish's built-in
/// variants is played under it: no attribute.
const CORAL: CustomGame = game! {
    [Variant "Coregal"]
    1. e4 e5 2. Qh5 Nf6 3. Qxe5+ Be7 *
};

/// A list of such games, each under its own.
const TAGGED: &[CustomGame] = games! {
    [Variant "coregal"] 1. d4 e5 2. Bg5 f6 *
    [Variant "capablanca"] 1. e4 e5 2. Ad3 Ad6 *
    [Variant "coregal"] 1. e4 d5 *
};

/// Five-check, from a position where White has one check left to give.
const FIFTH: CustomGame = game! {
    [Variant "5check"]
    [FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+5 0 2"]
    2. Bc4 Nc6 3. Bxf7 # 1-0
};

/// Loop chess (Fairy-Stockfish's built-in variant): pieces taken go to
/// hand and are dropped (`P@d5`, a pawn's with its letter).
const LOOP: CustomGame = game! {
    [Variant "loop"]
    1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 c6 5. dxc6 Nxc6 6. P@d5 P@e5 *
};

/// Minishogi: a pawn that takes on the last rank promotes (to a gold,
/// written `+P`), in SAN and in Fairy-Stockfish's coordinates.
const MINISHOGI: [CustomGame; 2] = [
    game! {
        [Variant "minishogi"]
        1. Pa3 Bc4 2. Pa4 Bb5 3. Pxa5=G Ba4 4. Gb5 *
    },
    game! {
        [Variant "minishogi"]
        1. a2a3 b5c4 2. a3a4 c4b5 3. a4a5+ b5a4 4. a5b5 *
    },
];

/// Pieces that flip on every move: one put down promoted, one demoting.
const FLIPPING: CustomGame = game! {
    #![rules("chess-rules/tests/fairy/positions.ini", flipping)]
    [FEN "1pk4/4+m2/7/7/3+M1S1/5P1/3K+fF1[S] w - - 0 11"]
    11. +S@a1 c7c6 12. d3b2- *
};

/// Duck chess: every move puts the duck down, written after a comma, in
/// SAN and in coordinates; the amazons' arrows alike.
const WALLED: [CustomGame; 3] = [
    game! { [Variant "duck"] 1. e4,e5 Nf6,e6 2. Nc3,d4 * },
    game! { [Variant "duck"] 1. e2e4,e4e5 g8f6,f6e6 2. b1c3,c3d4 * },
    game! { [Variant "amazons"] 1. Qdd7,c6 Qe8,f7 * },
];

/// Tic-tac-toe: stones dropped, three in a row win.
const ROW: CustomGame = game! {
    #![rules("chess-rules/tests/fairy/positions.ini", rowofthree)]
    1. P@a1 P@b1 2. P@a2 P@b2 3. P@a3 1-0
};

/// Misère chess: the side checkmated wins.
const MISERE: CustomGame = game! {
    [Variant "misere"]
    1. f3 e5 2. g4 Qh4 # 1-0
};

// Armageddon: a stalemate, a draw, goes to Black on its draw odds.
const ARMAGEDDON: CustomGame = game! {
    [Variant "armageddon"]
    [FEN "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"]
    1. Qf7 0-1
};

/// Janggi: two passes in a row end the game; traditional janggi draws
/// it, the modern rules count the material (Black's point more).
const PASSED: CustomGame = game! { [Variant "janggicasual"] 1. Ke2 Ke9 1/2-1/2 };
const COUNTED: CustomGame = game! { [Variant "janggimodern"] 1. Ke2 Ke9 0-1 };
/// Bikjang: the generals face each other, and a pass ends the game.
const BIKJANG: CustomGame = game! {
    [Variant "janggitraditional"]
    [FEN "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]
    1. Kd1 Kd10 1/2-1/2
};

const FOOLS_MATE: CustomGame = game! {
    #![rules("chess-rules/rules/chess.ini")]
    1. f3 e5 2. g4 Qh4 # 0-1
};

/// No game at all under a rules file: its start, a `CustomGame` still
/// (the benchmark workspace's null game).
const NO_MOVES: CustomGame = game! { #![rules("chess-rules/rules/chess.ini")] };

#[test]
fn no_game_under_a_rules_file_is_its_start() {
    assert!(NO_MOVES.is_empty());
    assert_eq!(NO_MOVES.rules_name(), "fide");
}

#[test]
fn a_file_of_games_each_under_its_section() {
    assert_eq!(TWO.len(), 2);
    assert_eq!(TWO[0].rules_name(), "capablanca");
    assert_eq!(TWO[0].tag("event"), Some("Two variants in one file"));
    // The main line only (the variation was checked).
    assert_eq!(
        moves(&TWO[0]),
        ["e2e4", "e7e5", "c1d3", "b8c6", "i1h3", "h8g6"]
    );
    assert_eq!(TWO[0].result(), GameResult::Unknown);
    assert_eq!(TWO[1].rules_name(), "janus");
    assert_eq!(
        TWO[1].start_fen(),
        Some("rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR b KQkq - 0 4")
    );
    assert_eq!(
        TWO[1].pgn().to_string().lines().last(),
        Some("4... e5 5. e4 Jc6 *")
    );
    // Positions from the set-up start, boards of ten files.
    let rules = TWO[1].rules();
    let positions = TWO[1].positions(&rules);
    assert_eq!(positions.len(), 4);
    assert!(
        positions[3]
            .board(BoardStyle::Ascii)
            .ends_with("     a b c d e f g h i j\n")
    );
    assert_eq!(
        positions[3].fen(),
        "r1nbkqbnjr/pppp1ppppp/2j7/4p5/4P5/10/PPPP1PPPPP/RJNBKQBNJR w KQkq - 1 6"
    );
}

#[test]
fn tokens_with_a_default_section_and_a_tag() {
    assert_eq!(TOKENS.len(), 2);
    assert_eq!(TOKENS[0].rules_name(), "janus");
    assert_eq!(TOKENS[1].rules_name(), "losalamos");
    assert_eq!(moves(&TOKENS[1]), ["b2b3", "b5b4"]);
    let rules = TOKENS[1].rules();
    assert_eq!(rules.geometry.files(), 6);
}

#[test]
fn a_built_in_variant_of_fairy_stockfish_by_name() {
    assert_eq!(CAPABLANCA.rules_name(), "capablanca");
    assert_eq!(CAPABLANCA.rules_path(), "fairy-stockfish:capablanca");
    assert_eq!(
        moves(&CAPABLANCA),
        ["e2e4", "e7e5", "c1d3", "c8d6", "i1h3", "i8h6"]
    );
    assert_eq!(CAPABLANCA.rules().geometry.files(), 10);
    assert_eq!(KNIGHTMATE[0].rules_name(), "knightmate");
    assert_eq!(moves(&KNIGHTMATE[0]), ["e2e4", "e7e5", "e1f3", "e8f6"]);
    // Named by a game's tag.
    assert_eq!(CORAL.rules_name(), "coregal");
    assert_eq!(CORAL.rules_path(), "fairy-stockfish:coregal");
    assert_eq!(CORAL.tag("Variant"), Some("Coregal"));
    assert_eq!(moves(&CORAL).len(), 6);
    let names: Vec<&str> = TAGGED.iter().map(|g| g.rules_name()).collect();
    assert_eq!(names, ["coregal", "capablanca", "coregal"]);
    assert_eq!(TAGGED[1].rules().geometry.files(), 10);
    assert_eq!(moves(&TAGGED[2]), ["e2e4", "d7d5"]);
}

#[test]
fn gated_pieces_are_kept_and_replayed() {
    let written = moves(&SEIRAWAN);
    assert_eq!(written[6..], ["h1e1h", "g8f6", "d2d3", "e8g8h", "b1c3e"]);
    let gates: Vec<Option<char>> = SEIRAWAN.moves().map(|m| m.gate).collect();
    assert_eq!(gates.iter().flatten().collect::<String>(), "HHE");
    let rules = SEIRAWAN.rules();
    let positions = SEIRAWAN.positions(&rules);
    assert_eq!(positions.len(), 12);
    assert_eq!(
        positions[11].fen(),
        "r1bqhrk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/REBQ1RKH[e] b acd - 2 6"
    );
}

#[test]
fn drops_are_kept_and_replayed() {
    assert_eq!(LOOP.rules_name(), "loop");
    let moves = moves(&LOOP);
    assert_eq!(moves[6], "P@d5");
    assert_eq!(moves[11], "P@e5");
    let dropped = LOOP.moves().nth(6).unwrap();
    assert_eq!((dropped.drop, dropped.promotion), (Some('P'), None));
    assert_eq!(dropped.from, dropped.to);
    let rules = LOOP.rules();
    let positions = LOOP.positions(&rules);
    assert_eq!(positions.len(), 13);
    // As Fairy-Stockfish writes it (pyffish 0.0.90): Black keeps a pawn.
    assert_eq!(
        positions[12].fen(),
        "r1b1kbnr/pp2pppp/2n5/q2Pp3/8/2N5/PPPP1PPP/R1BQKBNR[p] w KQkq - 0 7"
    );
}

#[test]
fn walls_are_kept_and_replayed() {
    for game in &WALLED[..2] {
        assert_eq!(moves(game), ["e2e4,e4e5", "g8f6,f6e6", "b1c3,c3d4"]);
        let first = game.moves().next().unwrap();
        assert_eq!(first.wall, Some(CustomSquare { file: 4, rank: 4 }));
        let rules = game.rules();
        let last = game.positions(&rules).pop().unwrap();
        // As pyffish 0.0.90 writes it: the duck on d4, gone from e6.
        assert_eq!(
            last.fen(),
            "rnbqkb1r/pppppppp/5n2/8/3*P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 2"
        );
    }
    let amazons = &WALLED[2];
    assert_eq!(moves(amazons), ["d1d7,d7c6", "g10e8,e8f7"]);
    let rules = amazons.rules();
    assert_eq!(
        amazons.positions(&rules).pop().unwrap().fen(),
        "3q6/10/4q5/q2Q1*3q/2*7/10/Q8Q/10/10/6Q3 w - - 2 2"
    );
}

#[test]
fn shogi_style_promotions_are_kept_and_replayed() {
    for game in &MINISHOGI {
        assert_eq!(
            moves(game),
            ["a2a3", "b5c4", "a3a4", "c4b5", "a4a5+", "b5a4", "a5b5"]
        );
        let promoted = game.moves().nth(4).unwrap();
        assert_eq!((promoted.promotion, promoted.shogi), (Some('G'), Some('+')));
        let rules = game.rules();
        let last = game.positions(&rules).pop().unwrap();
        // As pyffish 0.0.90 writes it: the tokin, and the rook taken.
        assert_eq!(last.fen(), "1+Psgk/b3p/5/5/KGSBR[R] b - - 2 4");
    }
    assert_eq!(moves(&FLIPPING), ["+S@a1", "c7c6", "d3b2-"]);
    let rules = FLIPPING.rules();
    let positions = FLIPPING.positions(&rules);
    assert_eq!(positions.len(), 4);
    assert_eq!(
        positions[3].fen(),
        "1p5/2k1+m2/7/7/5S1/1M3P1/+S2K+fF1[] b - - 2 12"
    );
}

#[test]
fn pieces_in_a_row_win() {
    assert_eq!(ROW.result(), GameResult::WhiteWins);
    assert_eq!(
        ROW.outcome(),
        Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::Connection
        }
    );
    assert_eq!(ROW.outcome().to_string(), "White wins by pieces in a row");
    assert_eq!(moves(&ROW), ["P@a1", "P@b1", "P@a2", "P@b2", "P@a3"]);
}

#[test]
fn a_checkmate_that_wins_the_side_checkmated() {
    assert_eq!(MISERE.result(), GameResult::WhiteWins);
    assert_eq!(
        MISERE.outcome(),
        Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::Checkmated
        }
    );
    assert_eq!(
        MISERE.outcome().to_string(),
        "White wins by being checkmated"
    );
}

#[test]
fn a_draw_that_material_counting_decides() {
    assert_eq!(ARMAGEDDON.result(), GameResult::BlackWins);
    assert_eq!(
        ARMAGEDDON.outcome(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: DecisiveReason::Counted
        }
    );
    assert_eq!(
        ARMAGEDDON.outcome().to_string(),
        "Black wins by material counting"
    );
}

#[test]
fn passes_and_bikjang_end_janggi() {
    assert_eq!(
        PASSED.outcome(),
        Outcome::Draw {
            reason: DrawReason::Passes
        }
    );
    assert_eq!(PASSED.outcome().to_string(), "draw by both sides passing");
    assert_eq!(moves(&PASSED), ["e2e2", "e9e9"]);
    assert_eq!(
        COUNTED.outcome(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: DecisiveReason::Counted
        }
    );
    assert_eq!(
        BIKJANG.outcome(),
        Outcome::Draw {
            reason: DrawReason::Bikjang
        }
    );
    assert_eq!(BIKJANG.outcome().to_string(), "draw by bikjang");
}

#[test]
fn the_last_check_to_give_wins() {
    assert_eq!(FIFTH.result(), GameResult::WhiteWins);
    assert_eq!(
        FIFTH.outcome(),
        Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::Checks
        }
    );
    assert_eq!(
        FIFTH.outcome().to_string(),
        "White wins by giving its checks"
    );
    let rules = FIFTH.rules();
    let last = FIFTH.positions(&rules).pop().unwrap();
    assert!(last.fen().contains(" KQkq - 0+5 "), "{}", last.fen());
}

#[test]
fn chess_as_a_rules_file_ends_in_mate() {
    assert_eq!(FOOLS_MATE.result(), GameResult::BlackWins);
    assert_eq!(
        FOOLS_MATE.outcome(),
        Outcome::Decisive {
            winner: Color::Black,
            reason: DecisiveReason::Checkmate
        }
    );
    let rules = FOOLS_MATE.rules();
    let last = FOOLS_MATE.positions(&rules).pop().unwrap();
    assert_eq!(
        last.outcome(),
        Some(verified_chess::custom_rules::EndRule::Checkmate(
            verified_chess::custom_rules::Ending::Loss
        ))
    );
}

/// PGN text in a string, as `game!(r#"…"#)` takes it for chess: a `#` may
/// follow a move there, and tags come with it.
const IN_A_STRING: CustomGame = game!(
    #![rules("tests/ui/rules/mini.yaml")]
    r#"[Event "Mini, pasted"]
1. a2a3 a4a3 2. b1-c4 *"#
);

const STRINGS: &[CustomGame] = games!(
    #![rules("chess-rules/tests/fairy/variants.ini", capablanca)]
    r#"1. e4 e5 2. Ad3 *

[Variant "janus"]
1. Jc3 *"#
);

#[test]
fn strings_read_as_pgn_under_custom_rules() {
    assert_eq!(IN_A_STRING.tag("event"), Some("Mini, pasted"));
    assert_eq!(moves(&IN_A_STRING), ["a2a3", "a4a3", "b1c4"]);
    assert_eq!(STRINGS.len(), 2);
    assert_eq!(STRINGS[0].rules_name(), "capablanca");
    assert_eq!(STRINGS[1].rules_name(), "janus");
    assert_eq!(moves(&STRINGS[1]), ["b1c3"]);
}

/// Reads `game.pgn()` back as `chess-verify` does, under the rules file
/// `rules` if the game needs one: the game verifies, with the same moves.
fn reads_back(game: &CustomGame, rules: Option<&str>) {
    use chess_core::RuleSets;
    use chess_core::{Checked, Options, Source, verify};

    let text = game.pgn().to_string();
    let file = rules.map(|path| {
        let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        Source::text(
            std::fs::read_to_string(full).unwrap(),
            Some(path.into()),
            None,
        )
    });
    let sets = file.as_ref().map(|f| RuleSets::read(f).unwrap());
    let source = Source::text(&text, None, None);
    let mut games = verify(&source, Options::default());
    if let Some(sets) = &sets {
        games = games.under_rules(sets);
    }
    let syntax = games.next_syntax().unwrap().unwrap();
    match games.check_syntax(&syntax) {
        Ok(Checked::Custom(read)) => {
            let read: Vec<String> = read.moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(read, moves(game), "{text}");
        }
        other => panic!("{text}\n{other:?}"),
    }
}

#[test]
fn pgn_writes_fairy_stockfish_san_and_the_tags_that_read_it_back() {
    // The attribute's variant becomes a tag; the moves go out in
    // Fairy-Stockfish's SAN: gating, drops, shogi's promotions, walls.
    assert_eq!(
        SEIRAWAN.pgn().to_string(),
        "[Variant \"seirawan\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O/Hh1 Nf6 5. d3 O-O/He8 6. Nc3/E *\n"
    );
    assert_eq!(
        MINISHOGI[1].pgn().to_string(),
        "[Variant \"minishogi\"]\n\n1. Pa3 Bc4 2. Pa4 Bb5 3. Pxa5=G Ba4 4. Gb5 *\n"
    );
    assert_eq!(
        WALLED[1].pgn().to_string(),
        "[Variant \"duck\"]\n\n1. e4,e5 Nf6,e6 2. Nc3,d4 *\n"
    );
    for game in [
        &CAPABLANCA,
        &SEIRAWAN,
        &LOOP,
        &CORAL,
        &FIFTH,
        &MISERE,
        &ARMAGEDDON,
    ]
    .into_iter()
    .chain(&MINISHOGI)
    .chain(&WALLED)
    .chain(KNIGHTMATE)
    .chain(TAGGED)
    .chain([&PASSED, &COUNTED, &BIKJANG])
    {
        reads_back(game, None);
    }
    reads_back(&FOOLS_MATE, Some("chess-rules/rules/chess.ini"));
    reads_back(&TOKENS[0], Some("chess-rules/tests/fairy/variants.ini"));
    reads_back(&TOKENS[1], Some("chess-rules/tests/fairy/variants.ini"));
    reads_back(&FLIPPING, Some("chess-rules/tests/fairy/positions.ini"));
    reads_back(&ROW, Some("chess-rules/tests/fairy/positions.ini"));
}
