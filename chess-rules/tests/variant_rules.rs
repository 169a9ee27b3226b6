//! Rules of Fairy-Stockfish's variants the engine plays, each held to
//! what pyffish 0.0.90 does in positions that show it: pieces royal while
//! few, hoppers, what a checkmate is worth, Chess960's castling, each
//! side's own promotions.

use chess_rules::{Color, EndRule, Ending, Position, Rules, Square};

/// The legal moves of `fen` in coordinates, sorted; counting them gives
/// as many.
fn legal(rules: &Rules, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(rules, fen).unwrap();
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    moves.sort();
    assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
    moves
}

#[test]
fn pieces_royal_while_few_are_guarded_as_fairy_stockfish_guards_them() {
    // Each position's legal moves as pyffish 0.0.90 lists them.
    let text = "[fewq:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\n\
        extinctionPseudoRoyal = true\n\n[kings:chess]\nking = -\ncommoner = k\n\
        extinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = k\n\
        extinctionPieceCount = 1\nstartFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1\n";
    let sets = chess_rules::ini::variants(text).unwrap();
    let coregal = chess_rules::ini::builtin("coregal").unwrap().unwrap();
    // Coregal: a queen is royal however many there are; the bishop's
    // attack on g5 is check, and only the queen's moves answer it.
    let fen = "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/3Q4/PPP1PPPP/RNB1KBNR b KQkq - 1 3";
    let pos = Position::from_fen(&coregal, fen).unwrap();
    assert!(pos.is_royal(Square::new(6, 4)) && pos.is_royal(Square::new(3, 2)));
    assert!(!pos.is_royal(Square::new(2, 0)));
    assert!(pos.is_check());
    assert_eq!(
        legal(&coregal, fen),
        ["g5c1", "g5d8", "g5e7", "g5f6", "g5g4", "g5h4", "g5h5"]
    );
    // A queen only while it is its side's only one: promoted where a
    // rook attacks it, it is royal (b8=Q is illegal); beside another
    // queen, neither is (b8=Q is legal).
    let few = &sets[0];
    let b7 = |fen: &str| {
        let moves = legal(few, fen);
        moves
            .into_iter()
            .filter(|m| m.starts_with("b7"))
            .collect::<Vec<_>>()
    };
    let alone = b7("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(alone.len(), 7);
    assert!(!alone.contains(&"b7b8q".to_string()));
    assert!(b7("r3k3/1P6/8/8/8/8/8/4K2Q w - - 0 1").contains(&"b7b8q".to_string()));
    // Two kings each royal while a side has at most two: either one
    // attacked is check, and taking one of the other side's kings
    // does not excuse leaving one's own attacked (checkmate here).
    let kings = &sets[1];
    assert_eq!(
        legal(kings, "3kk3/8/8/8/8/8/4r3/3KK3 w - - 0 1"),
        ["d1e2", "e1e2", "e1f1"]
    );
    assert_eq!(
        legal(kings, "3kk3/8/8/8/8/8/4r3/3K4 w - - 0 1"),
        ["d1c1", "d1e2"]
    );
    let mated = Position::from_fen(kings, "7k/8/8/8/8/8/3k4/3KK1r1 w - - 0 1").unwrap();
    assert_eq!(mated.outcome(), Some(EndRule::Checkmate(Ending::Loss)));
    // `*`: every piece of a side with at most three in all.
    let all = chess_rules::ini::variants(
        "[allroyal:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\n\
         extinctionPseudoRoyal = true\nextinctionPieceCount = 2\n",
    )
    .unwrap()
    .remove(0);
    let rook = ["a1a2", "a1b1", "a1c1", "a1d1"];
    assert_eq!(legal(&all, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1"), rook);
    assert_eq!(legal(&all, "4k3/8/8/8/8/8/r7/R3KB2 w - - 0 1"), rook);
    // (Four, and none is: the rook may be left attacked.)
    let four = legal(&all, "4k3/8/8/8/8/8/r7/R3KBN1 w - - 0 1");
    assert_eq!(four.len(), 15);
    assert!(four.contains(&"g1f3".to_string()));
    assert_eq!(
        legal(&all, "4k3/8/8/8/8/8/r7/R3K3 b - - 0 1"),
        ["a2a1", "a2b2", "a2c2", "a2g2", "a2h2"]
    );
    // Their extinction ends nothing: a side without one plays on.
    assert_eq!(kings.goals.extinction, None);
    let bare = Position::from_fen(kings, "3kk3/8/8/8/8/8/8/R7 w - - 0 1").unwrap();
    assert_eq!(bare.outcome(), None);
    // Written as data and read back, the rule stays.
    let again = chess_rules::data::read(&chess_rules::data::write(kings)).unwrap();
    assert_eq!(again.royal_while_few, kings.royal_while_few);
}

#[test]
fn hoppers_move_and_check_as_fairy_stockfish_has_them() {
    // Perft and legal moves as pyffish 0.0.90 gives them.
    let text = "[cannon8:chess]\ncustomPiece1 = c:mRcpR\n\
        startFen = rnbqkbnr/pppppppp/1c4c1/8/8/1C4C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\n\
        [hopper:chess]\ncustomPiece1 = c:pR\ncustomPiece2 = g:gB\n\
        startFen = rnbqkbnr/pppppppp/1c4g1/8/8/1C4G1/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let sets = chess_rules::ini::variants(text).unwrap();
    let (cannons, hoppers) = (&sets[0], &sets[1]);
    for (rules, counts) in [(cannons, [32, 970, 29326]), (hoppers, [19, 360, 7737])] {
        let start = Position::start(rules).unwrap();
        for (depth, &n) in (1..).zip(&counts) {
            assert_eq!(start.perft(depth), n, "{} perft({depth})", rules.name);
        }
    }
    // Checked through the pawn on e2: moving it along the file keeps
    // the check, and only the king answers.
    let screened = Position::from_fen(cannons, "4c3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    assert!(screened.is_check());
    assert_eq!(
        legal(cannons, "4c3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
    // A bishop may not become the screen (Be2).
    let moves = legal(cannons, "4c3/8/8/8/8/8/8/3BK3 w - - 0 1");
    assert_eq!(moves.len(), 10);
    assert!(!moves.contains(&"d1e2".to_string()));
    // A cannon slides to move and does not take without a screen.
    let moves = legal(cannons, "4k3/8/8/8/4C3/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves.len(), 16);
    assert!(moves.contains(&"e4e7".to_string()) && !moves.contains(&"e4e8".to_string()));
    // A grasshopper with nothing to hop over stays.
    assert_eq!(
        legal(hoppers, "4k3/8/8/2p5/8/8/8/G3K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // Written as data and read back, the hops stay.
    for rules in [cannons, hoppers] {
        assert_eq!(
            chess_rules::data::read(&chess_rules::data::write(rules)).as_ref(),
            Some(rules)
        );
    }
}

#[test]
fn a_checkmate_is_what_the_rules_make_it() {
    // Fool's mate: pyffish 0.0.90 gives misère's side to move there
    // the win; where a checkmate draws, no one wins.
    let misere = chess_rules::ini::builtin("misere").unwrap().unwrap();
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let mated = Position::from_fen(&misere, fen).unwrap();
    let end = mated.outcome().unwrap();
    assert_eq!(end, EndRule::Checkmate(Ending::Win));
    assert_eq!(end.winner(mated.turn()), Some(Color::White));
    let mut drawn = Rules::chess();
    drawn.checkmate = Ending::Draw;
    let mated = Position::from_fen(&drawn, fen).unwrap();
    assert_eq!(mated.outcome().unwrap().winner(mated.turn()), None);
}

#[test]
fn chess960_castles_as_the_king_taking_its_rook() {
    // Fairy-Stockfish's fischerandom: two positions of the published
    // Chess960 perft suite (as pyffish 0.0.90 counts them), and the
    // coordinates of a castling.
    let fischer = chess_rules::ini::builtin("fischerandom").unwrap().unwrap();
    for (fen, counts) in [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            [21, 528, 12189],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            [21, 807, 18002],
        ),
    ] {
        let pos = Position::from_fen(&fischer, fen).unwrap();
        for (depth, &n) in (1..).zip(&counts) {
            assert_eq!(pos.perft(depth), n, "{fen} perft({depth})");
        }
    }
    let pos = Position::from_fen(&fischer, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let mut king: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.uci(m))
        .filter(|m| m.starts_with("e1"))
        .collect();
    king.sort();
    assert_eq!(
        king,
        ["e1a1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1h1"]
    );
    let short = pos.parse_move("e1h1").unwrap();
    assert_eq!(
        (pos.parse_move("O-O"), pos.san(short).as_str()),
        (Some(short), "O-O")
    );
    assert!(
        pos.play(short)
            .fen()
            .starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq ")
    );
}

#[test]
fn each_side_promotes_to_its_own_pieces() {
    // Chigorin: White's pawns become chancellors, rooks or knights,
    // Black's queens, rooks or bishops (as pyffish 0.0.90 lists them).
    let chigorin = chess_rules::ini::builtin("chigorin").unwrap().unwrap();
    assert_eq!(chigorin.promotion_pieces, ['C', 'R', 'N']);
    assert_eq!(chigorin.black_promotions(), ['Q', 'R', 'B']);
    for (fen, from, expected) in [
        (
            "4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1",
            "b7",
            ["b7b8c", "b7b8n", "b7b8r"],
        ),
        (
            "4k3/1P6/8/8/8/8/1p6/4K3 b - - 0 1",
            "b2",
            ["b2b1b", "b2b1q", "b2b1r"],
        ),
    ] {
        let pos = Position::from_fen(&chigorin, fen).unwrap();
        let mut moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.uci(m))
            .filter(|m| m.starts_with(from))
            .collect();
        moves.sort();
        assert_eq!(moves, expected, "{fen}");
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    }
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&chigorin)),
        Some(chigorin)
    );
    // The same pieces on both sides are said once.
    let chess = chess_rules::ini::variants("[a:chess]\npromotionPieceTypesWhite = qrbn\n").unwrap();
    assert_eq!(chess[0].black_promotion_pieces, None);
}

/// Pieces other than the pawn that promote as pawns, a side's only or
/// both sides' (Fairy-Stockfish's `promotionPawnTypesBlack`, `pawnTypes`):
/// spartan chess's hoplites are Black's pawns and a white one on the
/// seventh rank stays one, while the pawn promotes whoever owns it; wolf
/// chess's sergeants promote beside its pawns. The moves, and their SAN,
/// as pyffish 0.0.90 gives them.
#[test]
fn other_pieces_promote_as_pawns_for_the_side_they_are_pawns_of() {
    let spartan = chess_rules::ini::builtin("spartan").unwrap().unwrap();
    let fen = "4k3/6H1/8/8/3h4/8/1p5h/4K3 w - - 0 1";
    assert_eq!(
        legal(&spartan, fen),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "g7f8", "g7h8"]
    );
    let fen = "4k3/6H1/8/8/3h4/8/1p5h/3K4 b - - 1 1";
    let moves = legal(&spartan, fen);
    let promotions: Vec<&str> = (moves.iter().map(String::as_str))
        .filter(|m| m.len() == 5)
        .collect();
    let mut expected = Vec::new();
    for from in ["b2b1", "h2g1"] {
        expected.extend(["c", "g", "k", "l", "w"].map(|to| format!("{from}{to}")));
    }
    assert_eq!(promotions, expected);
    assert_eq!(moves.len(), 17);
    let pos = Position::from_fen(&spartan, fen).unwrap();
    let san = |uci: &str| pos.san(pos.parse_move(uci).unwrap());
    assert_eq!(
        [san("b2b1k"), san("h2g1k"), san("h2g1c")],
        ["b1=K", "Hg1=K", "Hg1=C"]
    );
    // Wolf chess: the sergeant on c9 promotes to what the pawn does.
    let wolf = chess_rules::ini::builtin("wolf").unwrap().unwrap();
    let fen = "7k/2S5/1P6/8/8/8/8/8/8/K7 w - - 0 1";
    let moves = legal(&wolf, fen);
    assert_eq!(moves.len(), 19);
    assert!(moves.contains(&"b8b9".to_string()), "{moves:?}");
    let pos = Position::from_fen(&wolf, fen).unwrap();
    let c10 = pos.parse_move("Sc10=Q+").unwrap();
    assert_eq!(pos.uci(c10), "c9c10q");
    assert_eq!(pos.play(c10).fen(), "2Q4k/8/1P6/8/8/8/8/8/8/K7 b - - 0 1");
    // Each side's pawns survive the data format.
    for rules in [&spartan, &wolf] {
        let data = chess_rules::data::write(rules);
        assert_eq!(chess_rules::data::read(&data).as_ref(), Some(rules));
    }
}

/// A hop within two steps (cannon shogi's flying silver cannon,
/// `mRpRmFpB2`): over a piece right beside it to the square behind,
/// never further; its attacks give check alike. Moves as pyffish 0.0.90
/// lists them, pychess.org's section.
#[test]
fn a_hop_within_two_steps_lands_no_further() {
    let text = "[cs:shogi]\ndropNoDoubled = -\nshogiPawnDropMateIllegal = false\n\
                soldier = p\ncannon = u\ncustomPiece1 = a:pR\ncustomPiece2 = c:mBcpB\n\
                customPiece3 = i:pB\ncustomPiece4 = w:mRpRmFpB2\ncustomPiece5 = f:mBpBmWpR2\n\
                promotedPieceType = u:w a:w c:f i:f p:g\n\
                startFen = lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL[-] w 0 1\n";
    let rules = chess_rules::ini::variants(text).unwrap().remove(0);
    let from = |fen: &str, square: &str| -> Vec<String> {
        let moves = legal(&rules, fen);
        moves
            .into_iter()
            .filter(|m| m.starts_with(square))
            .collect()
    };
    // Beside a piece of its own, it hops to c6 and takes; to c7 it
    // moves; b8, three steps away, is out of reach; with the piece two
    // steps away it hops nowhere.
    let diagonal = |moves: Vec<String>, to: &[&str]| {
        for m in to {
            assert!(moves.iter().any(|x| x.ends_with(m)), "{m}: {moves:?}");
        }
        moves.len()
    };
    assert_eq!(
        diagonal(
            from("4k4/9/9/2p6/3P5/4W4/9/9/K8[] w - - 0 1", "e4"),
            &["c6"]
        ),
        19
    );
    let moves = from("4k4/1p7/9/3P5/4W4/9/9/9/K8[] w - - 0 1", "e5");
    assert_eq!(diagonal(moves.clone(), &["c7"]), 19);
    assert!(!moves.contains(&"e5b8".to_string()), "{moves:?}");
    let moves = from("4k4/9/p8/9/2P6/9/4W4/9/K8[] w - - 0 1", "e3");
    assert_eq!(moves.len(), 19);
    assert!(!moves.contains(&"e3b6".to_string()), "{moves:?}");
    // Its attack: c7, two steps away behind d6, is check; b8 is not, and
    // the king may not step to c7.
    let fen = "9/9/2k6/3P5/4W4/9/9/9/K8[] b - - 0 1";
    assert!(Position::from_fen(&rules, fen).unwrap().is_check());
    assert_eq!(
        legal(&rules, fen),
        ["c7b6", "c7b7", "c7b8", "c7c8", "c7d6", "c7d8"]
    );
    // Nor from three steps away, an empty square between it and the
    // piece it would hop.
    let fen = "9/9/2k6/3P5/9/5W3/9/9/K8[] b - - 0 1";
    assert!(!Position::from_fen(&rules, fen).unwrap().is_check());
    assert_eq!(
        legal(&rules, fen),
        ["c7b6", "c7b7", "c7b8", "c7c8", "c7d6", "c7d8"]
    );
    let fen = "9/1k7/9/3P5/4W4/9/9/9/K8[] b - - 0 1";
    assert!(!Position::from_fen(&rules, fen).unwrap().is_check());
    assert_eq!(
        legal(&rules, fen),
        ["b8a7", "b8a8", "b8a9", "b8b7", "b8b9", "b8c8", "b8c9"]
    );
}

/// Castle chess (`castlingWins = q`, which names Black's queenside
/// castling only): Black wins by castling queenside and loses by losing
/// that right, its own move or White's capture taking it; White's
/// castling decides nothing. The ends as pyffish 0.0.90 scores them.
#[test]
fn castling_that_wins_and_a_right_lost_that_loses() {
    let rules = chess_rules::ini::variants("[castle:chess]\ncastlingWins = q\n")
        .unwrap()
        .remove(0);
    assert_eq!(rules.goals.castling_wins, [[false, false], [false, true]]);
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    let white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let end = |fen: &str, uci: &str| {
        let pos = Position::from_fen(&rules, fen).unwrap();
        assert_eq!(pos.outcome(), None, "{fen}");
        let after = pos.play(pos.parse_move(uci).unwrap());
        after.outcome().map(|o| (o, o.winner(after.turn())))
    };
    let won = |color, won| Some((EndRule::Castling { color, won }, Some(Color::Black)));
    assert_eq!(end(black, "e8c8"), won(Color::Black, true));
    let lost = Some((
        EndRule::Castling {
            color: Color::Black,
            won: false,
        },
        Some(Color::White),
    ));
    for uci in ["e8g8", "e8d8", "a8b8"] {
        assert_eq!(end(black, uci), lost, "{uci}");
    }
    assert_eq!(end(black, "h8g8"), None);
    assert_eq!(end(white, "a1a8"), lost);
    for uci in ["e1c1", "e1g1"] {
        assert_eq!(end(white, uci), None, "{uci}");
    }
    // A position without the right has lost already.
    let gone = Position::from_fen(&rules, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").unwrap();
    assert_eq!(
        gone.outcome().map(|o| o.winner(gone.turn())),
        Some(Some(Color::White))
    );
    assert!(gone.legal_moves().is_empty());
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&rules)).as_ref(),
        Some(&rules)
    );
    // White's kingside (`K`): its right held by the rook on h1.
    let kingside = chess_rules::ini::variants("[k:chess]\ncastlingWins = K\n")
        .unwrap()
        .remove(0);
    let pos = Position::from_fen(&kingside, white).unwrap();
    assert_eq!(pos.outcome(), None);
    let castled = pos.play(pos.parse_move("e1g1").unwrap());
    assert_eq!(
        castled.outcome(),
        Some(EndRule::Castling {
            color: Color::White,
            won: true
        })
    );
    let moved = pos.play(pos.parse_move("h1h2").unwrap());
    assert_eq!(
        moved.outcome().map(|o| o.winner(moved.turn())),
        Some(Some(Color::Black))
    );
    assert_eq!(pos.play(pos.parse_move("a1a2").unwrap()).outcome(), None);
}

/// Pieces in hand in a FEN (`[…]` after the ranks, or one rank more) and
/// promoted pieces (`~`): read, written back as Fairy-Stockfish writes
/// them, and a FEN that gets them wrong refused at the character.
#[test]
fn pieces_in_hand_and_promoted_pieces_in_a_fen() {
    let looping = chess_rules::ini::builtin("loop").unwrap().unwrap();
    // Where a promoted piece taken goes to hand as itself (loop), the
    // mark is not written, as Fairy-Stockfish writes it; where as a pawn
    // (crazyhouse), it is.
    let pos = Position::from_fen(&looping, "4k3/8/8/8/8/8/8/3Q~K3/PnP w - - 0 1").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/3QK3[PPn] w - - 0 1");
    let crazy = chess_rules::ini::builtin("crazyhouse").unwrap().unwrap();
    let pos = Position::from_fen(&crazy, "4k3/8/8/8/8/8/8/3Q~K3/PnP w - - 0 1").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/3Q~K3[PPn] w - - 0 1");
    let pawn = looping.index('P').unwrap() as u8;
    assert_eq!(pos.in_hand(Color::White, pawn), 2);
    assert_eq!(pos.in_hand(Color::Black, pawn), 0);
    let chess = Rules::chess();
    for (rules, fen, at, message) in [
        (
            &looping,
            "4k3/8/8/8/8/8/8/4K3[Pn w - - 0 1",
            "[Pn",
            "`[` without its `]`",
        ),
        (
            &looping,
            "4k3/8/8/8/8/8/8/4K3[Pz] w - - 0 1",
            "z",
            "`z` is no piece of loop",
        ),
        (
            &chess,
            "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1",
            "N",
            "a piece in hand, which chess does not drop",
        ),
        (
            &looping,
            "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1",
            "~",
            "`~` after no piece",
        ),
        (
            &looping,
            "4k3/8/8/8/8/8/8/3~K3[] w - - 0 1",
            "~",
            "`~` after no piece",
        ),
        (
            &looping,
            "4k3/8/8/8/8/8/8/4K~~3[] w - - 0 1",
            "~",
            "`~` after no piece",
        ),
    ] {
        let e = Position::from_fen(rules, fen).unwrap_err();
        assert_eq!(
            (&fen[e.span.clone()], e.message.as_str()),
            (at, message),
            "{fen}"
        );
    }
    // The character itself: the second `~`, the letter after the first.
    let fen = "4k3/8/8/8/8/8/8/4K~~3[] w - - 0 1";
    let e = Position::from_fen(&looping, fen).unwrap_err();
    assert_eq!(e.span.start, fen.find("~~").unwrap() + 1);
    let fen = "4k3/8/8/8/8/8/8/4K3[Pz] w - - 0 1";
    let e = Position::from_fen(&looping, fen).unwrap_err();
    assert_eq!(e.span.start, fen.find('z').unwrap());
    let fen = "4k3/8/8/8/8/8/8/3~K3[] w - - 0 1";
    let e = Position::from_fen(&looping, fen).unwrap_err();
    assert_eq!(e.span.start, fen.find('~').unwrap());
}

/// Drop rules beyond crazyhouse's (`fairy/positions.ini`, checked against
/// Fairy-Stockfish in `fairy_file.rs`): shogi's nifu and drop regions,
/// and why a drop they forbid is not legal.
#[test]
fn drops_kept_off_a_file_or_out_of_a_region_say_why() {
    use chess_rules::Rejection;
    let sections = chess_rules::ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let rules = |name: &str| {
        let section = sections.iter().find(|s| s.name == name).unwrap();
        section.rules.clone().unwrap()
    };
    let sq = |s| Square::parse(s).unwrap();
    let nifu = rules("nifuhouse");
    let pawn = nifu.index('P').unwrap() as u8;
    let pos = Position::from_fen(&nifu, "4k3/pp6/8/8/8/8/P1P1P3/4K3[PPp] w - - 0 1").unwrap();
    assert_eq!(pos.why_not_drop(pawn, sq("b4"), false), None);
    assert!(matches!(
        pos.why_not_drop(pawn, sq("a4"), false),
        Some(Rejection::Doubled { count: 1, .. })
    ));
    let two = rules("twopawnhouse");
    let pos = Position::from_fen(&two, "4k3/pp6/8/8/8/P7/P1P1P3/4K3[PPp] w - - 0 1").unwrap();
    assert_eq!(pos.why_not_drop(pawn, sq("c4"), false), None);
    assert!(matches!(
        pos.why_not_drop(pawn, sq("a4"), false),
        Some(Rejection::Doubled { count: 2, .. })
    ));
    let region = rules("regionhouse");
    let knight = region.index('N').unwrap() as u8;
    let pos = Position::from_fen(&region, "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1").unwrap();
    assert_eq!(pos.why_not_drop(knight, sq("c2"), false), None);
    assert_eq!(pos.why_not_drop(knight, sq("c1"), false), None);
    assert!(matches!(
        pos.why_not_drop(knight, sq("c3"), false),
        Some(Rejection::DropRegion(_))
    ));
    // Crazyhouse's own reasons: none in hand, a piece on the square, a
    // pawn on its first rank or in its zone; out of the hand, the check.
    let crazy = chess_rules::ini::builtin("crazyhouse").unwrap().unwrap();
    let pawn = crazy.index('P').unwrap() as u8;
    let queen = crazy.index('Q').unwrap() as u8;
    let pos = Position::from_fen(&crazy, "4k3/8/8/8/8/8/3q4/4K3[Pp] w - - 0 1").unwrap();
    assert!(matches!(
        pos.why_not_drop(queen, sq("e4"), false),
        Some(Rejection::NotInHand(_))
    ));
    assert!(matches!(
        pos.why_not_drop(pawn, sq("d2"), false),
        Some(Rejection::DropOnto(_))
    ));
    assert!(matches!(
        pos.why_not_drop(pawn, sq("a1"), false),
        Some(Rejection::PawnDrop {
            first_rank: true,
            ..
        })
    ));
    assert!(matches!(
        pos.why_not_drop(pawn, sq("a8"), false),
        Some(Rejection::PawnDrop {
            first_rank: false,
            ..
        })
    ));
    assert!(matches!(
        pos.why_not_drop(pawn, sq("a4"), false),
        Some(Rejection::LeavesRoyalAttacked { .. })
    ));
    // Black's region is its own first two ranks.
    let pos = Position::from_fen(&region, "4k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1").unwrap();
    assert_eq!(pos.why_not_drop(knight, sq("c7"), false), None);
    assert!(matches!(
        pos.why_not_drop(knight, sq("c2"), false),
        Some(Rejection::DropRegion(_))
    ));
}

/// A pawn that both moves to the square a pawn just passed and captures
/// en passant there makes the move, as Fairy-Stockfish has it: one move
/// (`d2h6`, the pawn on h5 stays), listed and counted alike, read back
/// from its coordinates (found by the `rules` fuzz target; pyffish 0.0.90
/// lists 80 moves here, `d2h6` once, and leaves the h5 pawn).
#[test]
fn a_move_to_the_square_passed_is_not_also_an_en_passant_capture() {
    let rules =
        chess_rules::ini::sections("[ns:chess]\ncustomPiece1 = p:mW3ceBifsQD\npawnTypes = p\n")
            .unwrap()
            .remove(0)
            .rules
            .unwrap();
    let fen = "rnbqkbnr/2Ppp3/p2P4/3P3p/8/P7/3PP3/RNqQ1KNR w kq h6 0 7";
    let pos = Position::from_fen(&rules, fen).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 80);
    assert_eq!(pos.perft(1), 80);
    let to_h6: Vec<_> = moves
        .iter()
        .filter(|m| m.to == Square::parse("h6").unwrap())
        .collect();
    assert_eq!(to_h6.len(), 1, "{to_h6:?}");
    assert_eq!(to_h6[0].kind, chess_rules::Effect::Normal);
    assert_eq!(pos.parse_move("d2h6"), Some(*to_h6[0]));
    assert!(
        pos.play(*to_h6[0])
            .piece_at(Square::parse("h5").unwrap())
            .is_some()
    );
    // The same for a pawn that also steps diagonally forward: its step
    // and its capture share a line, so its moves are listed, not counted
    // (pyffish: 8 moves, `e5d6` once, the d5 pawn stays).
    let diag = chess_rules::ini::sections(
        "[diag:chess]\ncustomPiece1 = p:fmWfmFfceFifmnD\npawnTypes = p\n",
    )
    .unwrap()
    .remove(0)
    .rules
    .unwrap();
    let pos = Position::from_fen(&diag, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!((pos.legal_moves().len(), pos.perft(1)), (8, 8));
    let d6 = pos.parse_move("e5d6").unwrap();
    assert_eq!(d6.kind, chess_rules::Effect::Normal);
    assert!(
        pos.play(d6)
            .piece_at(Square::parse("d5").unwrap())
            .is_some()
    );
}

/// Under rules that make some moves depend on others (captures
/// compulsory, as in giveaway), a move written as a piece's is matched
/// among the legal moves, drops left aside (found by the `rules` fuzz
/// target: a drop's square holds no piece to ask the kind of).
#[test]
fn a_piece_move_is_read_beside_drops_where_captures_are_compulsory() {
    let rules = chess_rules::ini::sections("[antidrop:giveaway]\npieceDrops = true\n")
        .unwrap()
        .remove(0)
        .rules
        .unwrap();
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let step = pos.parse_move("Kd1").unwrap();
    assert_eq!(pos.san(step), "Kd1");
    let drop = pos.parse_move("N@e4").unwrap();
    assert_eq!(pos.uci(drop), "N@e4");
}

/// The drop keys' values as the format writes them: `-` (or nothing) for
/// no region and no piece kept off a file; one piece's letter, not `*`.
#[test]
fn drop_keys_read_their_defaults_and_refuse_a_wildcard() {
    let sections = chess_rules::ini::sections(
        "[a:crazyhouse]\ndropRegionWhite = -\ndropRegionBlack =\ndropNoDoubled = -\n\
         [b:crazyhouse]\ndropNoDoubled = *\n\
         [c:crazyhouse]\ndropRegionBlack = *8\ndropNoDoubled = p\ndropNoDoubledCount = 2\n",
    )
    .unwrap();
    let drops = |i: usize| sections[i].rules.as_ref().unwrap().drops.clone().unwrap();
    assert_eq!(
        (drops(0).regions, drops(0).no_doubled),
        ([None, None], None)
    );
    let wildcard = sections[1].rules.as_ref().unwrap_err();
    assert!(
        wildcard.message.contains("one piece's letter"),
        "{wildcard:?}"
    );
    assert_eq!(drops(2).no_doubled, Some(('P', 2)));
    assert_eq!(drops(2).regions[0], None);
    assert!(drops(2).regions[1].is_some_and(|r| r.contains(Square::parse("e8").unwrap())));
}

/// Explosions on capture (`blastOnCapture`: atomic chess), as
/// Fairy-Stockfish plays them (perft from positions in play in
/// `fairy_file.rs`): what a capture blows up, a king royal while it is
/// its side's last that may not blow itself up and is in no check while
/// it touches the other, a blown-up king that loses, castling through
/// attack, atomar's kings immune to blasts and to each other.
#[test]
fn captures_explode_as_in_atomic_chess() {
    use chess_rules::{EndRule, Ending, Rejection};
    let atomic = chess_rules::ini::builtin("atomic").unwrap().unwrap();
    let nocheck = chess_rules::ini::builtin("nocheckatomic").unwrap().unwrap();
    let atomar = chess_rules::ini::builtin("atomar").unwrap().unwrap();
    let sq = |s| Square::parse(s).unwrap();
    fn play<'r>(pos: &Position<'r>, uci: &str) -> Position<'r> {
        let m = pos.parse_move(uci).unwrap_or_else(|| panic!("{uci}"));
        pos.play(m)
    }
    // A capture blows up the capturer and every piece around but pawns:
    // Qxf7 takes the pawn there, and blows up the queen itself, the king
    // on e8, the bishop on f8 and the knight on g8; the pawn on g7 stays.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
    for rules in [&atomic, &nocheck] {
        let after = play(&Position::from_fen(rules, fen).unwrap(), "f3f7");
        assert_eq!(
            after.fen(),
            "rnbq3r/pppp2pp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQ - 0 3"
        );
        // Black's king is gone: White wins by its extinction.
        assert_eq!(
            after.outcome(),
            Some(EndRule::Extinction {
                color: chess_rules::Color::Black,
                piece: 'K',
                ending: Ending::Loss
            })
        );
        assert!(after.legal_moves().is_empty());
    }
    // En passant blows up around the square the pawn lands on; a rook
    // blown up takes its castling with it.
    let pos = Position::from_fen(&atomic, "4k3/2n5/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    assert_eq!(play(&pos, "e5d6").fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 2");
    let pos = Position::from_fen(&atomic, "r3k2r/8/8/8/8/8/6p1/R3K2R b KQkq - 0 1").unwrap();
    assert_eq!(
        play(&pos, "g2h1q").fen(),
        "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 2"
    );
    // Atomic's king may not capture, nor be blown up by its own side's
    // capture; nocheckatomic's may (and loses).
    let fen = "4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1";
    let pos = Position::from_fen(&atomic, fen).unwrap();
    assert_eq!(
        pos.why_not(sq("e1"), sq("d2"), None),
        Some(Rejection::BlowsUp { royal: sq("e1") })
    );
    assert_eq!(
        pos.why_not(sq("d1"), sq("d2"), None),
        Some(Rejection::BlowsUp { royal: sq("e1") })
    );
    let pos = Position::from_fen(&nocheck, fen).unwrap();
    assert_eq!(pos.why_not(sq("e1"), sq("d2"), None), None);
    assert!(matches!(
        play(&pos, "e1d2").outcome(),
        Some(EndRule::Extinction {
            color: chess_rules::Color::White,
            ..
        })
    ));
    // Kings that touch are in no check; one that steps away from the
    // other into an attack is.
    let pos = Position::from_fen(&atomic, "8/8/8/8/8/3k4/3K4/7r w - - 0 1").unwrap();
    assert!(!pos.is_check());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(*m)).collect();
    moves.sort();
    assert_eq!(moves, ["d2c2", "d2c3", "d2e2", "d2e3"]);
    assert!(matches!(
        pos.why_not(sq("d2"), sq("d1"), None),
        Some(Rejection::LeavesRoyalAttacked { .. })
    ));
    // A king royal while it is its side's last castles out of, through
    // and into no attack — but next to the other king, where it is safe.
    let castles = |fen: &str| {
        let pos = Position::from_fen(&atomic, fen).unwrap();
        let mut out: Vec<String> = (pos.legal_moves().into_iter())
            .filter(|m| matches!(m.kind, chess_rules::Effect::Castle { .. }))
            .map(|m| pos.uci(m))
            .collect();
        out.sort();
        out
    };
    assert_eq!(castles("5r2/8/8/8/4k3/8/8/R3K2R w KQ - 0 1"), ["e1c1"]);
    assert_eq!(
        castles("8/8/8/8/8/8/5k2/R3K2R w KQ - 0 1"),
        ["e1c1", "e1g1"]
    );
    // A capture that blows up the other king is legal whatever it leaves
    // attacked: White is in check from the rook on a5, and Qxb7 answers
    // it by blowing up Black's king (as pyffish: a1b1, a1b2, g2a2, g2b7).
    let fen = "1k6/1p6/8/r7/8/8/6Q1/K7 w - - 0 1";
    assert!(Position::from_fen(&atomic, fen).unwrap().is_check());
    assert_eq!(legal(&atomic, fen), ["a1b1", "a1b2", "g2a2", "g2b7"]);
    // Atomar: kings survive every blast, and may not take each other.
    let pos = Position::from_fen(&atomar, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").unwrap();
    assert_eq!(play(&pos, "e1d2").fen(), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    let pos = Position::from_fen(&atomar, "8/8/8/8/8/3k4/3K4/8 w - - 0 1").unwrap();
    let king = pos.piece_at(sq("d2")).unwrap();
    assert_eq!(
        pos.why_not(sq("d2"), sq("d3"), None),
        Some(Rejection::MutuallyImmune(king))
    );
    assert_eq!(pos.parse_move("Kxd3"), None);
    assert_eq!(pos.perft(1), 7);
    // A royal king next to the other is in no check, in a FEN too: White's
    // king attacked with Black to move is no position to refuse there
    // (found by the `rules` fuzz target), as it is without explosions.
    let mut blasts = Rules::chess();
    blasts.blast = Some(chess_rules::Blast::default());
    let fen = "8/8/8/8/8/3k4/3K3r/8 b - - 0 1";
    assert!(Position::from_fen(&blasts, fen).is_ok());
    // A queen no blast removes survives her capture; the king beside it
    // does not.
    let mut queen_proof = blasts.clone();
    queen_proof.blast.as_mut().unwrap().immune.push('Q');
    let pos = Position::from_fen(&queen_proof, "4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1").unwrap();
    assert_eq!(
        pos.why_not(sq("d1"), sq("d2"), None),
        Some(Rejection::BlowsUp { royal: sq("e1") })
    );
    let error = Position::from_fen(&Rules::chess(), fen).unwrap_err();
    assert!(
        error.message.contains("White's king on d2 is attacked"),
        "{}",
        error.message
    );
    // Nor is one attacked after a capture that blew up the other side's
    // last royal piece, legal whatever it left (found by the fuzz target).
    let pos = Position::from_fen(&blasts, "2q5/1k6/8/8/8/8/q7/K1R5 w - - 0 1").unwrap();
    let after = pos.play(pos.parse_move("Rxc8").unwrap());
    assert_eq!(after.fen(), "8/8/8/8/8/8/q7/K7 b - - 0 1");
    assert!(Position::from_fen(&blasts, &after.fen()).is_ok());
    assert!(Position::from_fen(&Rules::chess(), &after.fen()).is_err());
    // With pieces in hand: the piece taken goes to the taker's hand, those
    // blown up to the hand of the side they were not (a promoted queen as
    // a pawn, the capturing knight to White's), and the queen leaves no
    // mark for a piece dropped there.
    let mut house = chess_rules::ini::builtin("crazyhouse").unwrap().unwrap();
    house.blast = Some(chess_rules::Blast {
        spared: vec!['P'],
        immune: Vec::new(),
    });
    let pos = Position::from_fen(&house, "4k3/8/8/3n4/8/2P5/1Q~6/4K3[N] b - - 0 1").unwrap();
    let after = pos.play(pos.parse_move("Nxc3").unwrap());
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/4K3[NNpp] w - - 0 2");
    let dropped = after.play(after.parse_move("N@b2").unwrap());
    assert_eq!(dropped.fen(), "4k3/8/8/8/8/8/1N6/4K3[Npp] b - - 0 2");
}

/// What the explosion keys read, and the corners refused by name: a royal
/// king (`king = k`) beside explosions, pieces immune to blasts beside
/// pieces royal while few (explosions with captures to hand play). A rule set
/// with explosions goes through the data format whole.
#[test]
fn explosion_keys_and_the_corners_refused() {
    let text = "[blasts:chess]\nblastOnCapture = true\n\
                [immune:nocheckatomic]\nblastImmuneTypes = qk\nmutuallyImmuneTypes = nb\n\
                [shielded:atomic]\nblastImmuneTypes = q\n\
                [zh:nocheckatomic]\npieceDrops = true\ncapturesToHand = true\n\
                [plain:immune]\nblastOnCapture = false\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    let error = |i: usize| sections[i].rules.as_ref().unwrap_err().message.clone();
    assert!(
        error(0).contains("beside a royal king (`king = k`)"),
        "{}",
        error(0)
    );
    let immune = sections[1].rules.as_ref().unwrap();
    let blast = immune.blast.as_ref().unwrap();
    assert_eq!(
        (&blast.spared[..], &blast.immune[..]),
        (&['P'][..], &['Q', 'K'][..])
    );
    assert_eq!(immune.mutually_immune, ['N', 'B']);
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(immune)).as_ref(),
        Some(immune)
    );
    assert!(
        error(2).contains("`blastImmuneTypes` with `extinctionPseudoRoyal`"),
        "{}",
        error(2)
    );
    let zh = sections[3].rules.as_ref().unwrap();
    assert!(zh.blast.is_some() && zh.drops.as_ref().is_some_and(|d| d.captures_to_hand));
    let plain = sections[4].rules.as_ref().unwrap();
    assert_eq!(plain.blast, None);
    assert_eq!(plain.mutually_immune, ['N', 'B']);
    // A section not exploding is chess under its pieces: perft as chess's.
    let start = Position::start(plain).unwrap();
    assert_eq!(start.perft(3), 8_902);
    // Every piece immune (`*`): a capture blows up nothing but what it
    // takes; every kind immune to itself: no pawn takes a pawn.
    let text = "[dud:nocheckatomic]\nblastImmuneTypes = *\nmutuallyImmuneTypes = *\n";
    let dud = chess_rules::ini::sections(text)
        .unwrap()
        .remove(0)
        .rules
        .unwrap();
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 2";
    let pos = Position::from_fen(&dud, fen).unwrap();
    assert_eq!(pos.parse_move("exd5"), None);
    let after = pos.play(pos.parse_move("Bxd5").unwrap());
    assert_eq!(
        after.fen(),
        "rnbqkbnr/ppp1pppp/8/3B4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 2"
    );
}

/// Makruk's counting (`countingRule`) is a draw to claim, as
/// Fairy-Stockfish has it (an optional end): read, and a game goes on;
/// a value it does not know is refused at the value.
#[test]
fn counting_is_a_draw_to_claim() {
    let makruk = chess_rules::ini::builtin("makruk").unwrap().unwrap();
    // A king and rook against a bare king, long past any count: moves.
    let pos = Position::from_fen(&makruk, "8/8/8/4k3/8/8/8/R3K3 w - - 90 80").unwrap();
    assert_eq!(pos.outcome(), None);
    assert!(!pos.legal_moves().is_empty());
    let text = "[counted:makruk]\ncountingRule = asean\n[miscounted:makruk]\ncountingRule = thai\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    assert!(sections[0].rules.is_ok());
    let error = sections[1].rules.as_ref().unwrap_err();
    assert_eq!(&text[error.span.clone()], "thai");
    assert!(
        error
            .message
            .contains("`makruk`, `cambodian`, `asean` or `none`"),
        "{}",
        error.message
    );
}

/// The flying general (`flyingGeneral`): kings may not face each other
/// along a file with nothing between, as Fairy-Stockfish has it (perft
/// from positions in play in `fairy_file.rs`); a move that would leave
/// them so says which king faces which; a FEN with them facing is no
/// position to reach.
#[test]
fn generals_may_not_face_each_other() {
    use chess_rules::Rejection;
    let sections = chess_rules::ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let facing = sections.iter().find(|s| s.name == "facing").unwrap();
    let rules = facing.rules.clone().unwrap();
    assert!(rules.flying_general);
    let sq = |s| Square::parse(s).unwrap();
    // The knight between may not leave the file; the king may not step
    // onto the other's.
    assert_eq!(
        legal(&rules, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    assert_eq!(
        pos.why_not(sq("e2"), sq("c3"), None),
        Some(Rejection::FacesRoyal {
            royal: sq("e1"),
            other: sq("e8")
        })
    );
    let pos = Position::from_fen(&rules, "3k4/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        pos.why_not(sq("e1"), sq("d2"), None),
        Some(Rejection::FacesRoyal {
            royal: sq("d2"),
            other: sq("d8")
        })
    );
    // Castling may not end facing either.
    assert!(!legal(&rules, "6k1/8/8/8/8/8/8/4K2R w K - 0 1").contains(&"e1g1".to_string()));
    assert!(legal(&Rules::chess(), "6k1/8/8/8/8/8/8/4K2R w K - 0 1").contains(&"e1g1".to_string()));
    let error = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap_err();
    assert!(
        error.message.contains("White's king on e1 is attacked"),
        "{}",
        error.message
    );
    assert!(Position::from_fen(&Rules::chess(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1").is_ok());
}

/// What a repetition is worth (`nFoldValue`, a perpetual check's or a
/// chase's loss) Fairy-Stockfish decides as an optional end, its move
/// lists unchanged: read, checked, and a game goes on; a value it does
/// not know is refused at the value.
#[test]
fn repetition_results_are_ends_to_claim() {
    let text = "[repeats:chess]\nnFoldValue = loss\nperpetualCheckIllegal = true\n\
                moveRepetitionIllegal = true\nchasingRule = axf\nnFoldValueAbsolute = true\n\
                [badvalue:chess]\nnFoldValue = lost\n[badchase:chess]\nchasingRule = asian\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    let repeats = sections[0].rules.as_ref().unwrap();
    assert_eq!(Position::start(repeats).unwrap().perft(3), 8_902);
    for (i, value) in [(1, "lost"), (2, "asian")] {
        let error = sections[i].rules.as_ref().unwrap_err();
        assert_eq!(&text[error.span.clone()], value, "{}", error.message);
    }
}

/// Makpong (`makpongRule`): a king in check may only capture, as
/// Fairy-Stockfish has it (perft from positions in play in
/// `fairy_file.rs`): a step away is refused saying so, and a king that
/// cannot take its checker is mated.
#[test]
fn a_king_in_check_may_only_capture_under_makpong() {
    use chess_rules::Rejection;
    let makpong = chess_rules::ini::builtin("makpong").unwrap().unwrap();
    let makruk = chess_rules::ini::builtin("makruk").unwrap().unwrap();
    let sq = |s| Square::parse(s).unwrap();
    let fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    assert_eq!(legal(&makpong, fen), ["e1e2"]);
    assert_eq!(legal(&makruk, fen), ["e1d1", "e1e2", "e1f1"]);
    let pos = Position::from_fen(&makpong, fen).unwrap();
    let king = pos.piece_at(sq("e1")).unwrap();
    assert_eq!(
        pos.why_not(sq("e1"), sq("d1"), None),
        Some(Rejection::Makpong(king))
    );
    assert_eq!(pos.parse_move("Kd1"), None);
    let mated = Position::from_fen(&makpong, "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(mated.outcome(), Some(EndRule::Checkmate(Ending::Loss)));
    // Out of check the king steps as ever.
    assert_eq!(legal(&makpong, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").len(), 5);
}

/// En passant on some squares only (`enPassantRegion…`; georgian: none),
/// as Fairy-Stockfish has it (perft from positions in play in
/// `fairy_file.rs`): a double step leaves an en passant square only
/// where the other side may take there, and a FEN's square elsewhere is
/// read as none.
#[test]
fn en_passant_only_where_the_rules_say() {
    let sections = chess_rules::ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let section = sections.iter().find(|s| s.name == "someplaces").unwrap();
    let rules = section.rules.clone().unwrap();
    let georgian = chess_rules::ini::builtin("georgian").unwrap().unwrap();
    assert_eq!(
        georgian.en_passant_regions,
        [Some(chess_rules::Region::EMPTY); 2]
    );
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert!(legal(&rules, fen).contains(&"e5f6".to_string()));
    let d6 = fen.replace(" f6 ", " d6 ");
    let pos = Position::from_fen(&rules, &d6).unwrap();
    assert!(pos.fen().contains(" KQkq - "), "{}", pos.fen());
    assert!(!legal(&rules, &d6).contains(&"e5d6".to_string()));
    // A double step leaves none where the other side may not take.
    let pos = Position::from_fen(
        &rules,
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3",
    )
    .unwrap();
    let after = pos.play(pos.parse_move("f4").unwrap());
    assert!(after.fen().contains(" b KQkq - "), "{}", after.fen());
    let pos = Position::start(&georgian).unwrap();
    let after = pos.play(pos.parse_move("e4").unwrap());
    assert!(after.fen().contains(" b - - "), "{}", after.fen());
}

/// A stalemate counted by the pieces on the board (`stalematePieceCount`:
/// suicide) and a drawn end decided by material (`materialCounting`:
/// armageddon's draw odds), as pyffish 0.0.90 decides them
/// (`game_result`: 32000 for the side to move, -32000 against, 0 drawn).
#[test]
fn stalemates_counted_and_draws_decided_by_material() {
    use chess_rules::{MaterialCounting, Stalemate};
    let suicide = chess_rules::ini::builtin("suicide").unwrap().unwrap();
    let armageddon = chess_rules::ini::builtin("armageddon").unwrap().unwrap();
    assert_eq!(
        armageddon.material_counting,
        Some(MaterialCounting::BlackDrawOdds)
    );
    let end = |rules: &Rules, fen: &str| {
        let pos = Position::from_fen(rules, fen).unwrap();
        let outcome = pos.outcome().unwrap();
        (outcome, outcome.winner(pos.turn()))
    };
    // Suicide: as many pieces draw (0), fewer win (32000), for either side.
    assert_eq!(
        end(&suicide, "8/8/8/8/8/p7/P7/8 w - - 0 1"),
        (EndRule::Stalemate(Stalemate::Draw), None)
    );
    assert_eq!(
        end(&suicide, "8/8/8/8/8/p7/P7/7p w - - 0 1"),
        (EndRule::Stalemate(Stalemate::Win), Some(Color::White))
    );
    assert_eq!(
        end(&suicide, "8/8/8/8/8/p7/P7/7P b - - 0 1"),
        (EndRule::Stalemate(Stalemate::Win), Some(Color::Black))
    );
    // Armageddon: a stalemate is a draw, which Black wins, stalemated
    // (32000) or stalemating (-32000).
    let counted = EndRule::Counted {
        winner: Some(Color::Black),
    };
    assert_eq!(
        end(&armageddon, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        (counted, Some(Color::Black))
    );
    assert_eq!(
        end(&armageddon, "7K/5q2/6k1/8/8/8/8/8 w - - 0 1"),
        (counted, Some(Color::Black))
    );
    // A checkmate is no draw: counting leaves it.
    let mated = end(&armageddon, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        mated,
        (EndRule::Checkmate(Ending::Loss), Some(Color::White))
    );
    // White's draw odds, and counting by pieces (a tie stays drawn).
    let text = "[whiteodds:chess]\nmaterialCounting = whitedrawodds\n\
                [bycount:chess]\nmaterialCounting = unweighted\n\
                [janggilike:chess]\nmaterialCounting = janggi\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    let rules = |i: usize| sections[i].rules.clone().unwrap();
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert_eq!(end(&rules(0), stalemate).1, Some(Color::White));
    assert_eq!(end(&rules(1), stalemate).1, Some(Color::White));
    assert_eq!(
        end(&rules(1), "7k/5P2/6K1/8/8/8/8/8 b - - 0 1"),
        (
            EndRule::Counted {
                winner: Some(Color::White)
            },
            Some(Color::White)
        )
    );
    assert_eq!(
        end(&rules(1), "7k/5P2/6K1/8/8/8/8/p7 b - - 0 1"),
        (EndRule::Counted { winner: None }, None)
    );
    // Janggi's points: chess's pieces are worth none of them, and
    // Black's point more gives it the game.
    let janggilike = sections[2].rules.as_ref().unwrap();
    assert_eq!(
        janggilike.material_counting,
        Some(chess_rules::MaterialCounting::Janggi)
    );
    assert_eq!(
        end(janggilike, "7k/5P2/6K1/8/8/8/8/8 b - - 0 1"),
        (
            EndRule::Counted {
                winner: Some(Color::Black)
            },
            Some(Color::Black)
        )
    );
}

/// Pieces kept to regions (`mobilityRegion…`: minixiangqi's palace,
/// pawnback's pawns off their first rank), as Fairy-Stockfish has them
/// (perft from positions in play in `fairy_file.rs`): they move, capture
/// and attack only there, a move outside says so; and minixiangqi's
/// horse, `N` in FEN, is `H` in SAN as Fairy-Stockfish writes it.
#[test]
fn pieces_kept_to_regions() {
    use chess_rules::Rejection;
    let xiangqi = chess_rules::ini::builtin("minixiangqi").unwrap().unwrap();
    let pawnback = chess_rules::ini::builtin("pawnback").unwrap().unwrap();
    let sq = |s| Square::parse(s).unwrap();
    let king = &xiangqi.pieces[xiangqi.index('K').unwrap()];
    assert!(king.mobility[0].is_some_and(|r| r.contains(sq("d3")) && !r.contains(sq("d4"))));
    let pos = Position::from_fen(&xiangqi, "3k3/7/7/7/7/2K4/7 w - - 0 1").unwrap();
    let white_king = pos.piece_at(sq("c2")).unwrap();
    assert_eq!(
        pos.why_not(sq("c2"), sq("b2"), None),
        Some(Rejection::OutOfRegion(white_king))
    );
    assert_eq!(
        legal(&xiangqi, "3k3/7/7/7/7/2K4/7 w - - 0 1"),
        ["c2c1", "c2c3"]
    );
    // A piece kept to a region attacks only in it: Black's king on d5
    // does not attack White's on d4 beside it, outside Black's palace
    // (White's king let loose here), so the position may have Black to
    // move; under chess it may not.
    let mut loose = xiangqi.clone();
    let k = loose.index('K').unwrap();
    loose.pieces[k].mobility[0] = None;
    loose.flying_general = false;
    assert!(Position::from_fen(&loose, "7/7/3k3/3K3/7/7/7 b - - 0 1").is_ok());
    assert!(Position::from_fen(&Rules::chess(), "8/8/8/3k4/3K4/8/8/8 b - - 0 1").is_err());
    // The horse is `H` in SAN, as Fairy-Stockfish writes it (pyffish:
    // `Hd5`), and read as either letter; FEN keeps `n`.
    let fen = "r1nknc1/p2pppr/2p4/1c5/3C3/PCPP1PP/R1NKN1R b - - 9 5";
    let pos = Position::from_fen(&xiangqi, fen).unwrap();
    let horse = pos.parse_move("c7d5").unwrap();
    assert_eq!(pos.san(horse), "Hd5");
    assert_eq!(pos.parse_move("Hd5"), Some(horse));
    assert_eq!(pos.parse_move("Nd5"), Some(horse));
    assert_eq!(pos.fen(), fen);
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&xiangqi)).as_ref(),
        Some(&xiangqi)
    );
    // Pawnback: a pawn steps back, but not to its first rank.
    let fen = "4k3/8/3p4/8/8/3P4/4P3/K7 w - - 0 1";
    let moves = legal(&pawnback, fen);
    assert!(moves.contains(&"d3d2".to_string()) && !moves.contains(&"e2e1".to_string()));
    let pos = Position::from_fen(&pawnback, fen).unwrap();
    assert!(matches!(
        pos.why_not(sq("e2"), sq("e1"), None),
        Some(Rejection::OutOfRegion(_))
    ));
}

/// Xiangqi, as Fairy-Stockfish plays it (perft 44, 1920, 79666 from the
/// start; positions in play in `fairy_file.rs`): the soldier steps
/// sideways only across the river (`soldierPromotionRank`), the elephant
/// stays on its side, the horse is `H` in SAN.
#[test]
fn xiangqi_soldiers_cross_the_river() {
    use chess_rules::Rejection;
    let xiangqi = chess_rules::ini::builtin("xiangqi").unwrap().unwrap();
    let sq = |s| Square::parse(s).unwrap();
    assert_eq!(Position::start(&xiangqi).unwrap().perft(3), 79_666);
    assert_eq!(
        legal(&xiangqi, "4k4/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1").len(),
        3
    );
    let across = legal(&xiangqi, "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
    assert!(across.contains(&"e6d6".to_string()) && across.contains(&"e6f6".to_string()));
    let pos = Position::from_fen(&xiangqi, "4k4/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1").unwrap();
    let soldier = pos.piece_at(sq("e5")).unwrap();
    assert_eq!(
        pos.why_not(sq("e5"), sq("d5"), None),
        Some(Rejection::NotFromStart(soldier))
    );
    // The elephant on c5 may not cross to e7 or a7.
    let elephant = legal(&xiangqi, "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
    assert!(
        elephant
            .iter()
            .all(|m| !m.starts_with("c5") || m.ends_with('3')),
        "{elephant:?}"
    );
    let start = Position::start(&xiangqi).unwrap();
    assert_eq!(start.san(start.parse_move("b1c3").unwrap()), "Hc3");
    // (Both elephants reach e3: pyffish writes `Ece3`.)
    assert_eq!(start.san(start.parse_move("c1e3").unwrap()), "Ece3");
}

/// Drops that may not give check (`dropChecks = false`: xiangqihouse), as
/// Fairy-Stockfish has them (perft from positions in play in
/// `fairy_file.rs`): a drop that checks is refused as one.
#[test]
fn drops_that_may_not_check() {
    use chess_rules::Rejection;
    let sections = chess_rules::ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let section = sections.iter().find(|s| s.name == "nocheckdrops").unwrap();
    let rules = section.rules.clone().unwrap();
    assert!(rules.drops.as_ref().is_some_and(|d| d.no_checks));
    let sq = |s| Square::parse(s).unwrap();
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3[RNr] w - - 0 1").unwrap();
    let rook = rules.index('R').unwrap() as u8;
    assert_eq!(
        pos.why_not_drop(rook, sq("e4"), false),
        Some(Rejection::GivesCheck)
    );
    assert_eq!(pos.why_not_drop(rook, sq("a6"), false), None);
    // Crazyhouse's drops may check.
    let crazy = chess_rules::ini::builtin("crazyhouse").unwrap().unwrap();
    let pos = Position::from_fen(&crazy, "4k3/8/8/8/8/8/8/4K3[RNr] w - - 0 1").unwrap();
    assert_eq!(pos.why_not_drop(rook, sq("e4"), false), None);
    // (Both pieces on each of 62 squares, and five king moves; without
    // the drops that check, 112 as pyffish counts.)
    assert_eq!(pos.perft(1), 129);
}

/// A section of `fairy/positions.ini`.
fn section(name: &str) -> Rules {
    let sections = chess_rules::ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let section = sections.into_iter().find(|s| s.name == name).unwrap();
    section.rules.unwrap()
}

#[test]
fn shogi_style_promotions_as_fairy_stockfish_plays_them() {
    use chess_rules::{Effect, Rejection};
    let sq = |s| Square::parse(s).unwrap();
    let mini = chess_rules::ini::builtin("minishogi").unwrap().unwrap();
    // A pawn that would never move again on the last rank must promote
    // there, and none is dropped there (pyffish 0.0.90's legal moves).
    let fen = "2k2/P4/5/5/4K[P] w - - 0 1";
    let moves = legal(&mini, fen);
    assert!(moves.contains(&"a4a5+".to_string()) && !moves.contains(&"a4a5".to_string()));
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("P@") && m.ends_with('5'))
    );
    assert_eq!(moves.len(), 19);
    let pos = Position::from_fen(&mini, fen).unwrap();
    let pawn = pos.piece_at(sq("a4")).unwrap();
    assert_eq!(
        pos.why_not(sq("a4"), sq("a5"), None),
        Some(Rejection::Stranded(pawn))
    );
    assert_eq!(
        pos.why_not_drop(pawn.kind, sq("b5"), false),
        Some(Rejection::Stranded(pawn))
    );
    let promote = pos.parse_move("a4a5+").unwrap();
    assert_eq!(promote.kind, Effect::Promote);
    assert_eq!(pos.san(promote), "Pa5=G");
    assert_eq!(pos.parse_move("Pa5=G"), Some(promote));
    // Promoted, it is a gold written `+P`; taken, it goes to hand as a
    // pawn.
    let after = pos.play(promote);
    assert_eq!(after.fen(), "+P1k2/5/5/5/4K[P] b - - 0 1");
    assert_eq!(after.promoted_from(sq("a5")), Some(pawn.kind));
    assert_eq!(after.promoted_from(sq("c5")), None);
    assert_eq!(pos.promoted_from(sq("a4")), None);
    let taken = Position::from_fen(&mini, "k4/5/1+p3/1S3/1R2K[] w - - 0 1").unwrap();
    let takes = taken.parse_move("b2b3").unwrap();
    assert_eq!(taken.play(takes).fen(), "k4/5/1S3/5/1R2K[P] b - - 0 1");
    // Optional where it may stay as it is: a silver into the zone.
    let silver = "1p2k/1S3/5/5/4K[] w - - 0 1";
    assert_eq!(
        legal(&mini, silver),
        [
            "b4a3", "b4a5", "b4a5+", "b4b5", "b4b5+", "b4c3", "b4c5", "b4c5+", "e1d1", "e1d2",
            "e1e2"
        ]
    );
    // Only by capturing (`piecePromotionOnCapture`).
    assert_eq!(
        legal(&section("capturepromotion"), silver),
        [
            "b4a3", "b4a5", "b4b5", "b4b5+", "b4c3", "b4c5", "e1d1", "e1d2", "e1e2"
        ]
    );
    // `+` after coordinates is the promotion where the piece may
    // promote, else a check sign.
    let pos = Position::from_fen(&mini, silver).unwrap();
    assert_eq!(
        pos.parse_move("b4b5+").map(|m| m.kind),
        Some(Effect::Promote)
    );
    assert_eq!(
        pos.parse_move("b4a3+").map(|m| m.kind),
        Some(Effect::Normal)
    );
    // Flipping pieces: each must promote, and once promoted demote; a
    // piece in hand is dropped promoted or not.
    let flipping = section("flipping");
    let fen = "1pk4/4+m2/7/7/3+M1S1/5P1/3K+fF1[S] w - - 0 11";
    let moves: Vec<String> = legal(&flipping, fen)
        .into_iter()
        .filter(|m| !m.contains('@'))
        .collect();
    assert_eq!(
        moves,
        [
            "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "d3b2-", "d3b4-", "d3c1-", "d3c5-", "d3e1-",
            "d3e5-", "d3f4-", "f1e2+", "f1g2+", "f3e3+", "f3f4+", "f3g3+"
        ]
    );
    let pos = Position::from_fen(&flipping, fen).unwrap();
    let demote = pos.parse_move("d3b2-").unwrap();
    assert_eq!(demote.kind, Effect::Demote);
    assert_eq!(pos.san(demote), "Nb2=M");
    assert_eq!(
        pos.play(demote).fen(),
        "1pk4/4+m2/7/7/5S1/1M3P1/3K+fF1[S] b - - 1 11"
    );
    let knight = pos.piece_at(sq("d3")).unwrap();
    assert_eq!(
        pos.why_not(sq("d3"), sq("b2"), None),
        Some(Rejection::MustPromote(knight))
    );
    // (A chess pawn that says nothing of its promotion is told so.)
    let chess = Rules::chess();
    let pawn = Position::from_fen(&chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    assert_eq!(
        pawn.why_not(sq("e7"), sq("e8"), None),
        Some(Rejection::Promotion)
    );
    let dropped = pos.parse_move("+S@a1").unwrap();
    assert_eq!(pos.san(dropped), "B@a1");
    assert_eq!(pos.uci(dropped), "+S@a1");
    assert_eq!(
        pos.play(dropped).fen(),
        "1pk4/4+m2/7/7/3+M1S1/5P1/+S2K+fF1[] b - - 0 11"
    );
    // With a bishop in hand too, `B@a1` is that bishop's drop, and the
    // soldier put down promoted is written `+S@a1` in SAN as well.
    let both = Position::from_fen(&flipping, &fen.replace("[S]", "[SB]")).unwrap();
    let promoted = both.parse_move("+S@a1").unwrap();
    assert_eq!(both.san(promoted), "+S@a1");
    let bishop = both.parse_move("B@a1").unwrap();
    assert_eq!(
        (bishop.promotion, both.san(bishop).as_str()),
        (None, "B@a1")
    );
    let soldier = flipping.index('S').unwrap() as u8;
    assert_eq!(pos.why_not_drop(soldier, sq("a1"), true), None);
    assert_eq!(pos.why_not_drop(soldier, sq("a1"), false), None);
    let mini_pos = Position::from_fen(&mini, "k4/5/5/5/4K[S] w - - 0 1").unwrap();
    let mini_silver = mini.index('S').unwrap() as u8;
    assert!(matches!(
        mini_pos.why_not_drop(mini_silver, sq("a1"), true),
        Some(Rejection::NotDroppedPromoted(_))
    ));
    // A piece that promotes to nothing is no `+` in FEN, nor a letter no
    // piece has; each error at its letters.
    for (fen, message, span) in [
        (
            "+k4/5/5/5/4K[] w - - 0 1",
            "`+k`: the king does not promote in minishogi",
            0..2,
        ),
        (
            "1+k3/5/5/5/4K[] w - - 0 1",
            "`+k`: the king does not promote in minishogi",
            1..3,
        ),
        (
            "k+x3/5/5/5/4K[] w - - 0 1",
            "`+x` is no piece of minishogi",
            1..3,
        ),
        (
            "k3x/5/5/5/4K[] w - - 0 1",
            "`x` is no piece of minishogi",
            2..3,
        ),
    ] {
        let err = Position::from_fen(&mini, fen).unwrap_err();
        assert!(err.message.contains(message), "{}", err.message);
        assert_eq!(err.span, span, "{fen}");
    }
}

#[test]
fn a_pawn_drop_that_checkmates_loses() {
    // As pyffish 0.0.90 plays minishogi: the drop is legal, and the side
    // checkmated by it wins (`game_result` +32000 for it); a rook's
    // drop mate wins as any mate does.
    let mini = chess_rules::ini::builtin("minishogi").unwrap().unwrap();
    let pos = Position::from_fen(&mini, "k4/5/G4/5/1R2K[PR] w - - 0 1").unwrap();
    assert_eq!(pos.legal_moves().len(), 32 + 21);
    let pawn = pos.play(pos.parse_move("P@a4").unwrap());
    assert!(pawn.is_check() && pawn.legal_moves().is_empty());
    assert_eq!(pawn.outcome(), Some(EndRule::DropMate));
    assert_eq!(EndRule::DropMate.winner(Color::Black), Some(Color::Black));
    let rook = pos.play(pos.parse_move("R@a4").unwrap());
    assert_eq!(rook.outcome(), Some(EndRule::Checkmate(Ending::Loss)));
    // A pawn that steps to mate is no drop.
    let step = Position::from_fen(&mini, "k4/2S2/PG3/5/4K[] w - - 0 1").unwrap();
    let stepped = step.play(step.parse_move("a3a4").unwrap());
    assert_eq!(stepped.outcome(), Some(EndRule::Checkmate(Ending::Loss)));
}

#[test]
fn a_pawn_promoting_shogi_style_takes_en_passant_as_itself() {
    // As pyffish 0.0.90 lists them: into the zone the pawn must promote
    // (`e5e6+`), but its capture en passant there is no promotion.
    let text = "[epzone:chess]\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n\
                promotionPieceTypes = -\npromotedPieceType = p:q\n";
    let rules = chess_rules::ini::variants(text).unwrap().remove(0);
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(
        legal(&rules, fen),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5d6", "e5e6+"]
    );
    let pos = Position::from_fen(&rules, fen).unwrap();
    let ep = pos.parse_move("e5d6").unwrap();
    assert!(matches!(ep.kind, chess_rules::Effect::EnPassant { .. }));
    assert_eq!(pos.play(ep).fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn pieces_are_kept_in_fairy_stockfishs_order_of_piece_types() {
    // Its named pieces in the order of its list, then the custom ones,
    // the king last: the order its FEN writes pieces in hand in.
    let text = "[order:chess]\ncustomPiece2 = c:RN\ncustomPiece1 = a:BN\ncommoner = m\n";
    let rules = chess_rules::ini::variants(text).unwrap().remove(0);
    let letters: String = rules.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "PNBRQMACK");
}

/// A test rule set of `text` (one section).
fn rules_of(text: &str) -> Rules {
    chess_rules::ini::variants(text).unwrap().remove(0)
}

#[test]
fn walls_block_every_piece_but_a_hoppers_hop() {
    // As pyffish 0.0.90 lists them: a rook stops before a wall, a cannon
    // hops over one to take beyond, a horse's leap is blocked by one, and
    // a wall between a king and a rook is no check.
    let rules = rules_of("[walls:chess]\ncustomPiece1 = c:mRcpR\ncustomPiece2 = h:nN\n");
    assert_eq!(
        legal(&rules, "4k3/8/8/2p5/8/*1*5/8/R1C1K3 w - - 0 1"),
        [
            "a1a2", "a1b1", "c1b1", "c1c2", "c1c5", "c1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
    assert_eq!(
        legal(&rules, "4k3/8/8/8/8/4*3/4H3/K7 w - - 0 1"),
        ["a1a2", "a1b1", "a1b2", "e2c1", "e2c3", "e2g1", "e2g3"]
    );
    let fen = "4r2k/8/8/8/4*3/8/8/4K3 w - - 0 1";
    let pos = Position::from_fen(&rules, fen).unwrap();
    assert!(!pos.is_check());
    assert_eq!(legal(&rules, fen), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // A wall is neither side's piece, and FEN writes it back.
    assert!(pos.is_wall(Square::new(4, 3)) && pos.piece_at(Square::new(4, 3)).is_none());
    assert_eq!(pos.fen(), fen);
    // A wall off the board's ranks is refused.
    let fen = "8/8/8/8/8/8/4k3*/4K3 w - - 0 1";
    let e = Position::from_fen(&rules, fen).unwrap_err();
    assert_eq!(
        (e.span, e.message.as_str()),
        (15..16, "rank 2 has more than 8 squares")
    );
}

#[test]
fn a_duck_moves_after_every_move_and_blocks_no_check_given() {
    // The duck goes anywhere empty after the move but where it stood;
    // the move is legal as if it were not put down (a rook's check is
    // not answered by it), as pyffish 0.0.90 has it.
    let rules = rules_of("[kingduck:chess]\nwallingRule = duck\n");
    let fen = "4r2k/8/8/8/8/8/8/R3K3 w - - 0 1";
    let pos = Position::from_fen(&rules, fen).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 240);
    assert_eq!(pos.perft(1), 240);
    let mut froms: Vec<String> = moves.iter().map(|&m| pos.uci(m)[..4].to_string()).collect();
    froms.dedup();
    assert_eq!(froms.len(), 4, "{froms:?}");
    assert_eq!(
        Position::from_fen(&rules, "4r2k/8/8/8/8/8/4R3/R3K3 w - - 0 1")
            .unwrap()
            .perft(1),
        1181
    );
    // The duck moves: the square it stood on is no longer a wall, and it
    // may not stay.
    let duck = chess_rules::ini::builtin("duck").unwrap().unwrap();
    let start = Position::start(&duck).unwrap();
    let e4 = start.parse_move("e2e4,e4e5").unwrap();
    assert_eq!(start.san(e4), "e4,e5");
    assert_eq!(start.uci(e4), "e2e4,e4e5");
    let after = start.play(e4);
    assert_eq!(
        after.fen(),
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(after.parse_move("g8f6,f6e5"), None);
    let nf6 = after.parse_move("Nf6,e6").unwrap();
    assert_eq!(
        after.play(nf6).fen(),
        "rnbqkb1r/pppppppp/4*n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
    // Without its square the move means as many moves as the duck has
    // squares (pyffish's 31: every empty square but its own).
    assert_eq!(after.parse_move("Nf6"), None);
    let text = chess_rules::MoveText::read("Nf6").unwrap();
    assert_eq!(after.matching_walled(&text, None).len(), 31);
    // A pawn's double step whose duck lands on the square it passed
    // leaves no en passant.
    let fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = Position::from_fen(&duck, fen).unwrap();
    let on_passed = pos.play(pos.parse_move("e2e4,e4e3").unwrap());
    assert_eq!(
        on_passed.fen(),
        "rnbqkbnr/ppp1pppp/8/8/3pP3/4*3/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let elsewhere = pos.play(pos.parse_move("e2e4,e4a6").unwrap());
    assert_eq!(
        elsewhere.fen(),
        "rnbqkbnr/ppp1pppp/*7/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn a_duck_gone_may_open_a_line_onto_the_king_of_the_side_that_moved() {
    // Its move is legal as if the duck stayed (Fairy-Stockfish's royal
    // king): a FEN of such a position is read, as play reaches it (and
    // not under chess).
    let rules = rules_of("[kingduck:chess]\nwallingRule = duck\n");
    let played = Position::from_fen(&rules, "4k3/8/8/8/4*3/8/8/4R2K b - - 0 1").unwrap();
    let after = played.play(played.parse_move("Kd8,a1").unwrap());
    assert_eq!(after.fen(), "3k4/8/8/8/8/8/8/*3R2K w - - 1 2");
    let fen = "4k3/8/8/8/8/8/8/4R2K w - - 0 1";
    assert!(Position::from_fen(&rules, fen).is_ok());
    assert!(Position::from_fen(&Rules::chess(), fen).is_err());
}

#[test]
fn a_duck_moves_beside_a_piece_turned_into_a_wall() {
    // The walls that stood before the move go with the duck; the piece
    // turned into a wall by its capture stays one, and the position
    // played is the position its FEN reads.
    let rules = rules_of("[duckstone:chess]\nwallingRule = duck\npetrifyOnCaptureTypes = n\n");
    let pos = Position::from_fen(&rules, "4k3/8/8/3p4/8/2N5/8/*3K3 w - - 0 1").unwrap();
    let after = pos.play(pos.parse_move("Nxd5,h8").unwrap());
    assert_eq!(after.fen(), "4k2*/8/8/3*4/8/8/8/4K3 b - - 0 1");
    let read = Position::from_fen(&rules, &after.fen()).unwrap();
    assert_eq!(read.perft(2), after.perft(2));
    assert!(
        after
            .legal_moves()
            .iter()
            .all(|m| m.wall != Some(Square::new(3, 4)))
    );
}

#[test]
fn walls_go_where_each_rule_says() {
    // Snailtrail: the square left; the amazons: where the amazon could
    // move next (back where it came from too); isolation: anywhere but
    // the start squares; the edge, or next to a wall.
    let snail = chess_rules::ini::builtin("snailtrail").unwrap().unwrap();
    assert_eq!(
        legal(&snail, "6p/7/7/7/7/7/P6 w - - 0 1"),
        ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]
    );
    let amazons = chess_rules::ini::builtin("amazons").unwrap().unwrap();
    let pos = Position::start(&amazons).unwrap();
    let walls: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.uci(**m).starts_with("d1c1,"))
        .map(|&m| m.wall.unwrap().to_string())
        .collect();
    // (As pyffish 0.0.90 lists them.)
    assert_eq!(
        walls,
        [
            "a1", "b1", "d1", "e1", "f1", "b2", "c2", "d2", "a3", "c3", "e3", "c4", "f4", "c5",
            "g5", "c6", "h6", "c7", "i7", "c8", "j8", "c9", "c10"
        ]
    );
    let isolation = chess_rules::ini::builtin("isolation").unwrap().unwrap();
    let pos = Position::start(&isolation).unwrap();
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| m.wall != Some(Square::new(2, 0)))
    );
    assert_eq!(pos.perft(1), 225);
    // `none` takes back a parent's walls.
    let unwalled = rules_of("[unducked:duck]\nwallingRule = none\n");
    assert_eq!(unwalled.walling, None);
    assert_eq!(Position::start(&unwalled).unwrap().perft(2), 400);
    let edge = rules_of("[edge:chess]\nwallingRule = edge\nwallingRegionWhite = *1 *2 *3 *4\n");
    let pos = Position::from_fen(&edge, "4k3/8/8/8/8/2*5/8/4K3 w - - 0 1").unwrap();
    assert_eq!(pos.perft(1), 88);
    let mut walls: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.uci(**m).starts_with("e1e2,"))
        .map(|&m| m.wall.unwrap().to_string())
        .collect();
    walls.sort();
    assert_eq!(
        walls,
        [
            "a1", "a2", "a3", "a4", "b1", "b3", "c1", "c2", "c4", "d1", "d3", "e1", "f1", "g1",
            "h1", "h2", "h3", "h4"
        ]
    );
}

#[test]
fn a_piece_that_captures_turns_into_a_wall_and_a_king_may_not() {
    // Petrified chess, as pyffish 0.0.90 has it: the knight taking on d5
    // leaves a wall there; the king may not capture (it would be gone),
    // so it attacks nothing and may stand beside the other.
    let petrified = chess_rules::ini::builtin("petrified").unwrap().unwrap();
    let pos = Position::from_fen(&petrified, "4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
    let after = pos.play(pos.parse_move("Nxd5").unwrap());
    assert_eq!(after.fen(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        legal(&petrified, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
        ["e1d1", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        legal(&petrified, "8/8/8/8/8/8/3k4/4K3 w - - 0 1"),
        ["e1d1", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        legal(&petrified, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"),
        ["e1f1"]
    );
}

#[test]
fn castling_on_the_rank_the_rules_say() {
    // Omicron castles on its second rank, inside its walls, as pyffish
    // 0.0.90 plays it: the king's two steps either way are castling.
    let omicron = chess_rules::ini::builtin("omicron").unwrap().unwrap();
    assert_eq!(omicron.castling_rank, 1);
    let fen = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CR3K2RC*/W**********W w KQkq - 0 1";
    let king: Vec<String> = legal(&omicron, fen)
        .into_iter()
        .filter(|m| m.starts_with("g2"))
        .collect();
    assert_eq!(king, ["g2e2", "g2f2", "g2h2", "g2i2"]);
    let pos = Position::from_fen(&omicron, fen).unwrap();
    let castle = pos.parse_move("g2i2").unwrap();
    assert_eq!(pos.san(castle), "O-O");
    assert_eq!(pos.san(pos.parse_move("g2e2").unwrap()), "O-O-O");
    assert_eq!(
        pos.play(castle).fen(),
        "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CR4RK1C*/W**********W b kq - 1 1"
    );
    assert_eq!(Position::start(&omicron).unwrap().perft(3), 29_540);
}

#[test]
fn castling_letters_name_the_rook_from_the_file_the_rules_say() {
    // Shako's `K` looks for its rook from the i-file inward
    // (`castlingRookKingsideFile = i`), `Q` from the b-file: with rooks
    // on the edges too, the inner ones castle, as pyffish 0.0.90 plays
    // it; the outermost would be blocked by them.
    let shako = chess_rules::ini::builtin("shako").unwrap().unwrap();
    let fen = "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/RR3K2RR/C8C w KQkq - 0 1";
    let pos = Position::from_fen(&shako, fen).unwrap();
    assert_eq!(pos.fen(), fen);
    let king: Vec<String> = legal(&shako, fen)
        .into_iter()
        .filter(|m| m.starts_with("f2"))
        .collect();
    assert_eq!(
        king,
        ["f2d2", "f2e1", "f2e2", "f2f1", "f2g1", "f2g2", "f2h2"]
    );
    let short = pos.parse_move("f2h2").unwrap();
    assert_eq!(pos.san(short), "O-O");
    assert_eq!(
        pos.play(short).fen(),
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/RR4RK1R/C8C b kq - 1 1"
    );
    let long = pos.parse_move("f2d2").unwrap();
    assert_eq!(
        pos.play(long).fen(),
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/R2KR3RR/C8C b kq - 1 1"
    );
    // `K` looks only beyond the king: a rook beside it on the other wing
    // is none.
    let chess = Rules::chess();
    assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/3RK3 w K - 0 1").is_err());
    assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1").is_ok());
}

#[test]
fn a_pawn_promoting_both_ways_to_one_piece_has_two_moves_written_apart() {
    // A pawn whose shogi-style promotion is to the queen, which it may
    // also become as chess's pawns do: pyffish 0.0.90 lists both,
    // `a7a8q` and `a7a8+` (and writes both `a8=Q+`); here the second is
    // `a8=+Q+`, and each reads back.
    let sets = chess_rules::ini::sections("[x:chess]\npromotedPieceType = p:q\n").unwrap();
    let rules = sets[0].rules.as_ref().unwrap();
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let a7: Vec<String> = legal(rules, fen)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(a7, ["a7a8+", "a7a8b", "a7a8n", "a7a8q", "a7a8r"]);
    let pos = Position::from_fen(rules, fen).unwrap();
    let queen = pos.parse_move("a7a8q").unwrap();
    let promoted = pos.parse_move("a7a8+").unwrap();
    assert_eq!(promoted.kind, chess_rules::Effect::Promote);
    assert_eq!(
        (pos.san(queen), pos.san(promoted)),
        ("a8=Q+".to_string(), "a8=+Q+".to_string())
    );
    assert_eq!(pos.parse_move("a8=Q+"), Some(queen));
    assert_eq!(pos.parse_move("a8=+Q+"), Some(promoted));
    assert_eq!(pos.play(queen).fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_piece_replacing_another_keeps_none_of_its_promotions() {
    // Kyoto shogi's pawn turns into a rook; a custom piece written `p` in
    // its place is another piece, which turns into nothing (nor promotes
    // as chess's pawns: minishogi has no promotion pieces), as pyffish
    // 0.0.90 lists its moves.
    let sets = chess_rules::ini::sections("[k:kyotoshogi]\ncustomPiece1 = p:fW\n").unwrap();
    let rules = sets[0].rules.as_ref().unwrap();
    assert_eq!(
        legal(rules, "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
        [
            "a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2", "c1c2", "c1d2", "d1c2-", "d1d2-",
            "d1e2-", "e1e2"
        ]
    );
}

#[test]
fn pieces_in_hand_are_dropped_first_and_a_side_with_no_move_passes() {
    // Stones on a 3 x 3 board (Fairy-Stockfish's picaria), and
    // antichess where a side with no move passes (andersantichess), as
    // pyffish 0.0.90 plays them.
    let text = "[stones]\nmaxRank = 3\nmaxFile = 3\ncustomPiece1 = p:mKmNmAmD\n\
                startFen = 3/3/3[PPPppp] w - - 0 1\npieceDrops = true\nmustDrop = true\n\
                connectN = 3\n\n[anders:antichess]\npassOnStalemate = true\n";
    let sets = chess_rules::ini::sections(text).unwrap();
    let stones = sets[0].rules.as_ref().unwrap();
    let mut pos = Position::start(stones).unwrap();
    assert_eq!(pos.legal_moves().len(), 9);
    for m in ["P@a1", "P@b1", "P@c2", "P@c3", "P@b2"] {
        pos = pos.play(pos.parse_move(m).unwrap());
        // (Black still holds stones: drops only.)
        assert!(
            pos.legal_moves()
                .iter()
                .all(|m| matches!(m.kind, chess_rules::Effect::Drop { .. }))
        );
    }
    assert_eq!(
        pos.why_not(Square::new(2, 2), Square::new(0, 2), None),
        Some(chess_rules::Rejection::MustDrop)
    );
    let pos = pos.play(pos.parse_move("P@b3").unwrap());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    moves.sort();
    assert_eq!(
        moves,
        [
            "a1a2", "a1a3", "a1c1", "b2a2", "b2a3", "b2c1", "c2a2", "c2a3", "c2c1"
        ]
    );
    // Chess where a stalemated side passes (its king's square), and only
    // then, as pyffish 0.0.90 lists it.
    let stalemate = chess_rules::ini::sections("[x:chess]\npassOnStalemate = true\n").unwrap();
    let passing = stalemate[0].rules.as_ref().unwrap();
    let pos = Position::from_fen(passing, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let pass = pos.parse_move("Kh8").unwrap();
    assert_eq!(
        (pos.uci(pass), pos.legal_moves()),
        ("h8h8".to_string(), vec![pass])
    );
    assert_eq!(pos.play(pass).fen(), "7k/5Q2/6K1/8/8/8/8/8 w - - 1 2");
    let free = Position::from_fen(passing, "7k/8/8/8/8/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(free.parse_move("h8h8"), None);
    assert_eq!(free.legal_moves().len(), 3);
    let anders = sets[1].rules.as_ref().unwrap();
    assert_eq!(legal(anders, "8/8/8/8/8/p6p/P6P/8 w - - 0 1"), ["a2a2"]);
    assert_eq!(
        legal(anders, "8/8/8/8/8/pp6/PP6/8 w - - 0 1"),
        ["a2b3", "b2a3"]
    );
    let pos = Position::from_fen(anders, "8/8/8/8/8/p7/P7/8 w - - 0 1").unwrap();
    let pass = pos.parse_move("a2").unwrap();
    assert_eq!(
        (pos.uci(pass), pos.san(pass)),
        ("a2a2".to_string(), "a2".to_string())
    );
    let pos = pos.play(pass);
    let pos = pos.play(pos.parse_move("a3a3").unwrap());
    assert_eq!(pos.outcome(), Some(EndRule::Passed));
}

#[test]
fn bikjang_forbids_staying_face_to_face_and_a_pass_then_ends_the_game() {
    // As pyffish 0.0.90 plays janggi: with the generals facing, the side
    // to move passes or breaks it; passing ends the game, decided by
    // material (Black's point more) or, in traditional janggi, drawn.
    let janggi = chess_rules::ini::builtin("janggi").unwrap().unwrap();
    let traditional = chess_rules::ini::builtin("janggitraditional")
        .unwrap()
        .unwrap();
    let facing = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(legal(&janggi, facing), ["e1d1", "e1e1", "e1f1"]);
    for (rules, end) in [
        (
            &janggi,
            EndRule::Counted {
                winner: Some(Color::Black),
            },
        ),
        (&traditional, EndRule::Bikjang),
    ] {
        let pos = Position::from_fen(rules, facing).unwrap();
        assert_eq!(pos.outcome(), None);
        let pos = pos.play(pos.parse_move("e1e1").unwrap());
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.outcome(), Some(end));
    }
    // Calling bikjang: the reply may not keep the generals facing.
    let pos = Position::from_fen(&janggi, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    let pos = pos.play(pos.parse_move("e1d1").unwrap());
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    moves.sort();
    assert_eq!(moves, ["d10d10", "d10e10", "d10e9"]);
    assert_eq!(pos.perft(1), 3);
    assert_eq!(
        pos.why_not(Square::new(3, 9), Square::new(3, 8), None),
        Some(chess_rules::Rejection::FacesRoyal {
            royal: Square::new(3, 8),
            other: Square::new(3, 0)
        })
    );
    // A king written anew as a wazir (`k:W`) is a custom piece to
    // Fairy-Stockfish, not janggi's general: no diagonal along the lines.
    let sets = chess_rules::ini::sections("[u:janggicasual]\nking = k:W\n").unwrap();
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let general: Vec<String> = legal(sets[0].rules.as_ref().unwrap(), start)
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert_eq!(general, ["e2d2", "e2e1", "e2e2", "e2e3", "e2f2"]);
    // In check with the generals facing, the pass is the one move; the
    // position after it (a general attacked, the other side to move)
    // reads back from its FEN, and the game is over.
    let checked = "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1";
    assert_eq!(legal(&janggi, checked), ["e1e1"]);
    let pos = Position::from_fen(&traditional, checked).unwrap();
    let pos = pos.play(pos.parse_move("e1e1").unwrap());
    assert_eq!(pos.fen(), "4k4/9/9/9/9/9/9/9/9/r3K4 b - - 1 1");
    assert!(Position::from_fen(&traditional, &pos.fen()).is_ok());
    assert_eq!(pos.outcome(), Some(EndRule::Bikjang));
    // A pass puts no wall down (no variant of Fairy-Stockfish's has
    // both): one pass, read back from its coordinates.
    let sets = chess_rules::ini::sections("[dp:chess]\nwallingRule = duck\npass = true\n");
    let duck = sets.unwrap()[0].rules.clone().unwrap();
    let pos = Position::start(&duck).unwrap();
    let passes: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == m.to)
        .collect();
    assert_eq!(passes.len(), 1);
    assert_eq!(
        (passes[0].kind, passes[0].wall),
        (chess_rules::Effect::Pass, None)
    );
    assert_eq!(pos.parse_move("e1e1"), Some(passes[0]));
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    // Walls beside bikjang (no variant of Fairy-Stockfish's has both):
    // counting the moves gives as many as listing them.
    let sets = chess_rules::ini::sections("[wb:chess]\nwallingRule = arrow\nbikjangRule = true\n");
    let walled = sets.unwrap()[0].rules.clone().unwrap();
    let pos = Position::from_fen(&walled, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    // (A king stays on the file only with its wall between the kings.)
    assert!(
        pos.legal_moves()
            .iter()
            .all(|m| m.to.file != 4 || m.wall.is_some_and(|w| w.file == 4 && w.rank > m.to.rank))
    );
    assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
    // Passing only where no move is left, beside bikjang (as pyffish
    // 0.0.90 plays it): the general's one step keeps the generals facing,
    // the others are attacked, so the pass is the move left; in check,
    // the pass stands beside the moves that break the check.
    let sets = chess_rules::ini::sections("[bk:janggi]\npass = false\npassOnStalemate = true\n");
    let stalemating = sets.unwrap()[0].rules.clone().unwrap();
    for (fen, moves) in [
        ("3k5/9/4r4/9/9/9/9/9/9/3K5 w - - 0 1", &["d1d1"][..]),
        ("3k5/9/4r4/9/9/9/9/9/9/3KR4 w - - 0 1", &["d1d1"]),
        ("3k5/9/9/9/9/9/9/9/9/3K3r1 w - - 0 1", &["d1d1", "d1e2"]),
    ] {
        assert_eq!(legal(&stalemating, fen), moves, "{fen}");
        let pos = Position::from_fen(&stalemating, fen).unwrap();
        assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
    }
    // Out of check with a move left, no pass.
    assert_eq!(
        legal(&stalemating, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        ["e1d1", "e1f1"]
    );
    // Without bikjang (casual janggi) the generals may stay facing.
    let casual = chess_rules::ini::builtin("janggicasual").unwrap().unwrap();
    assert_eq!(legal(&casual, facing), ["e1d1", "e1e1", "e1e2", "e1f1"]);
}

#[test]
fn a_square_of_pieces_ends_the_game_of_the_side_that_just_moved() {
    // Teeko as Fairy-Stockfish's variants.ini writes it (four in a row,
    // or a 2 x 2 square), as pyffish 0.0.90 ends it.
    let text = "[teeko]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = p:mK\n\
                startFen = 5/5/5/5/5[PPPPpppp] w - - 0 1\npieceDrops = true\n\
                mustDrop = true\nconnectN = 4\nconnectNxN = 2\nstalemateValue = loss\n";
    let sets = chess_rules::ini::sections(text).unwrap();
    let teeko = sets[0].rules.as_ref().unwrap();
    let connect = EndRule::Connect {
        color: Color::White,
        ending: Ending::Win,
    };
    for (fen, end) in [
        ("5/5/5/PP3/PP3[pppp] b - - 0 1", Some(connect)),
        ("5/5/5/1PP2/1PP2[pppp] b - - 0 1", Some(connect)),
        // Its own square is nothing yet for the side to move; three and
        // a fourth apart are no square.
        ("5/5/5/pp3/pp3[PPPP] b - - 0 1", None),
        ("5/5/5/PP2p/P1P1p[ppp] b - - 0 1", None),
    ] {
        let pos = Position::from_fen(teeko, fen).unwrap();
        assert_eq!(pos.outcome(), end, "{fen}");
        assert_eq!(pos.legal_moves().is_empty(), end.is_some(), "{fen}");
    }
}

#[test]
fn castling_takes_the_other_sides_castling_on_that_wing() {
    // Fairy-Stockfish's opposite-castling section, as pyffish 0.0.90
    // plays it: the kings castle to opposite wings.
    let text = "[opposite:chess]\noppositeCastling = true\n";
    let sets = chess_rules::ini::sections(text).unwrap();
    let rules = sets[0].rules.as_ref().unwrap();
    let mut pos = Position::start(rules).unwrap();
    for m in ["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1"] {
        pos = pos.play(pos.parse_move(m).unwrap());
    }
    assert_eq!(
        pos.fen(),
        "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b q - 5 4"
    );
    let king: Vec<String> = legal(rules, &pos.fen())
        .into_iter()
        .filter(|m| m.starts_with("e8"))
        .collect();
    assert_eq!(king, ["e8e7", "e8f8"]);
    let rooks = Position::from_fen(rules, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let long = rooks.play(rooks.parse_move("e1c1").unwrap());
    assert_eq!(long.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b k - 1 1");
    let pos = rooks.play(rooks.parse_move("a1b1").unwrap());
    let pos = pos.play(pos.parse_move("e8c8").unwrap());
    assert_eq!(pos.fen(), "2kr3r/8/8/8/8/8/8/1R2K2R w K - 2 2");
}

#[test]
fn two_pieces_in_hand_put_down_as_one_gold_are_written_alike() {
    // Kyoto shogi with a knight and a lance in hand: each may be put down
    // as a gold, and pyffish 0.0.90 writes both `G@e4` (and `+N@e4`,
    // `+L@e4` in coordinates): the SAN names both, coordinates one.
    let kyoto = chess_rules::ini::builtin("kyotoshogi").unwrap().unwrap();
    let pos = Position::from_fen(&kyoto, "pk1s1/2n2/5/2K2/+L2SP[NL] w - - 1 6").unwrap();
    let mut drops: Vec<(String, String)> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == Square::new(4, 3))
        .map(|m| (pos.uci(m), pos.san(m)))
        .collect();
    drops.sort();
    let pairs: Vec<(&str, &str)> = drops
        .iter()
        .map(|(u, s)| (u.as_str(), s.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("+L@e4", "G@e4"),
            ("+N@e4", "G@e4"),
            ("L@e4", "L@e4"),
            ("N@e4", "N@e4")
        ]
    );
    assert_eq!(pos.parse_move("G@e4"), None);
    let text = chess_rules::MoveText::read("G@e4").unwrap();
    assert_eq!(pos.matching(&text).len(), 2);
    assert!(pos.parse_move("+N@e4").is_some());
}

#[test]
fn janggi_cannons_palace_lines_and_passes() {
    // Each position's legal moves as pyffish 0.0.90 lists them.
    let casual = chess_rules::ini::builtin("janggicasual").unwrap().unwrap();
    // The rook on d1 slides along the palace diagonal; the general
    // passes (`e1e1`).
    assert_eq!(
        legal(&casual, "4k4/9/9/9/9/9/9/9/9/3RK4 w - - 0 1"),
        [
            "d1a1", "d1b1", "d1c1", "d1d10", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7",
            "d1d8", "d1d9", "d1e2", "d1f3", "e1e1", "e1e2", "e1f1"
        ]
    );
    // A cannon hops along the palace diagonal, over the advisor on e2
    // to f3, as along its rank.
    let janggi = chess_rules::ini::builtin("janggi").unwrap().unwrap();
    let cannon: Vec<String> = legal(&janggi, "4k4/9/9/9/9/9/9/9/4A4/3C1K3 w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(cannon, ["d1f3", "d1g1", "d1h1", "d1i1"]);
    // A cannon hops over no cannon and takes none.
    for fen in [
        "3k5/9/9/9/4c4/4p4/9/4C4/9/3K5 w - - 0 1",
        "3k5/9/9/9/4n4/4c4/9/4C4/9/3K5 w - - 0 1",
    ] {
        assert_eq!(
            legal(&casual, fen),
            ["d1d1", "d1d2", "d1e1", "d1e2"],
            "{fen}"
        );
    }
    // Why not: a rook slides diagonally only along the lines (f3, not
    // g4); a cannon hops over no cannon and takes none.
    let lines = Position::from_fen(&casual, "4k4/9/9/9/9/9/9/9/9/3RK4 w - - 0 1").unwrap();
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(lines.why_not(sq("d1"), sq("f3"), None), None);
    assert!(matches!(
        lines.why_not(sq("d1"), sq("g4"), None),
        Some(chess_rules::Rejection::NotAMove { .. })
    ));
    for fen in [
        "3k5/9/9/9/4c4/4p4/9/4C4/9/3K5 w - - 0 1",
        "3k5/9/9/9/4n4/4c4/9/4C4/9/3K5 w - - 0 1",
    ] {
        let pos = Position::from_fen(&casual, fen).unwrap();
        assert!(
            matches!(
                pos.why_not(sq("e3"), sq("e6"), None),
                Some(chess_rules::Rejection::Hop {
                    hop: chess_rules::betza::Hop::Unlike,
                    ..
                })
            ),
            "{fen}: {:?}",
            pos.why_not(sq("e3"), sq("e6"), None)
        );
    }
    // A soldier on e2 checks the general on d1 along the diagonal: no
    // pass, and the general takes it along the line.
    assert_eq!(
        legal(&casual, "3k5/9/9/9/9/9/9/3C5/4p4/3K1c3 w - - 0 1"),
        ["d1e2"]
    );
    let pos = Position::start(&casual).unwrap();
    let pass = pos.parse_move("e2e2").unwrap();
    assert_eq!(pass.kind, chess_rules::Effect::Pass);
    assert_eq!(pos.san(pass), "Ke2");
    assert_eq!(pos.parse_move("Ke2"), Some(pass));
    assert_eq!(pos.why_not(pass.from, pass.to, None), None);
    assert_eq!(pos.perft(3), 33_316);
    // Both sides pass: the game ends, drawn; under janggimodern's
    // material counting Black's point more wins it.
    let passed = pos.play(pass);
    // (A pass counts toward the clock; Black's ends a full move.)
    assert_eq!(
        passed.fen(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
    let passed = passed.play(passed.parse_move("e9e9").unwrap());
    assert_eq!(
        passed.fen(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 2 2"
    );
    assert!(passed.legal_moves().is_empty());
    assert_eq!(passed.outcome(), Some(EndRule::Passed));
    let modern = chess_rules::ini::builtin("janggimodern").unwrap().unwrap();
    let pos = Position::start(&modern).unwrap();
    let pos = pos.play(pos.parse_move("e2e2").unwrap());
    let pos = pos.play(pos.parse_move("e9e9").unwrap());
    assert_eq!(
        pos.outcome(),
        Some(EndRule::Counted {
            winner: Some(Color::Black)
        })
    );
}

#[test]
fn pieces_in_a_row_end_the_game_of_the_side_that_just_moved() {
    // Tic-tac-toe as Fairy-Stockfish's variants.ini writes it (stones
    // that never move, dropped), and the same where a row loses, or
    // draws and only files and ranks count, as pyffish 0.0.90 ends them.
    let text = "[ttt]\nmaxRank = 3\nmaxFile = 3\nimmobile = p\n\
                startFen = 3/3/3[PPPPPpppp] w - - 0 1\npieceDrops = true\n\
                doubleStep = false\ncastling = false\nstalemateValue = draw\n\
                immobilityIllegal = false\nconnectN = 3\n\n\
                [rowloses:ttt]\nconnectValue = loss\n\n\
                [rowdraws:ttt]\nconnectValue = draw\nconnectDiagonal = false\n";
    let sets = chess_rules::ini::variants(text).unwrap();
    let (ttt, loses, draws) = (&sets[0], &sets[1], &sets[2]);
    let connected = |color, ending| Some(EndRule::Connect { color, ending });
    let pos = |rules, fen| Position::from_fen(rules, fen).unwrap();
    // White just made its row: it wins; its row with White to move is
    // nothing yet (Black's was looked at, and it has none).
    let row = "PPP/pp1/3[Pppp] b - - 0 1";
    assert_eq!(
        pos(ttt, row).outcome(),
        connected(Color::White, Ending::Win)
    );
    assert_eq!(
        pos(ttt, row).outcome().unwrap().winner(Color::Black),
        Some(Color::White)
    );
    assert_eq!(pos(ttt, "PPP/pp1/3[Pppp] w - - 0 1").legal_moves().len(), 4);
    assert_eq!(
        pos(ttt, "PPP/ppp/3[PPppp] b - - 0 1").outcome(),
        connected(Color::White, Ending::Win)
    );
    let diagonal = "P2/1P1/2P[PPppppp] b - - 0 1";
    assert_eq!(
        pos(ttt, diagonal).outcome(),
        connected(Color::White, Ending::Win)
    );
    assert_eq!(
        pos(loses, row).outcome().unwrap().winner(Color::Black),
        Some(Color::Black)
    );
    assert_eq!(
        pos(draws, row).outcome().unwrap().winner(Color::Black),
        None
    );
    assert_eq!(pos(draws, diagonal).legal_moves().len(), 6);
    // A game played to its row, in SAN as pyffish writes it.
    let mut game = Position::start(ttt).unwrap();
    for san in ["P@a1", "P@b1", "P@a2", "P@b2", "P@a3"] {
        let m = game.parse_move(san).unwrap();
        assert_eq!(game.san(m), san);
        game = game.play(m);
    }
    assert_eq!(game.fen(), "P2/Pp1/Pp1[PPpp] b - - 0 3");
    assert_eq!(game.outcome(), connected(Color::White, Ending::Win));
}

#[test]
fn drops_beside_walls_and_pieces_royal_while_few_kept_to_regions() {
    // A drop's square is empty: kings kept to their halves ask nothing of
    // it (the fuzz target's find).
    let rules = rules_of(
        "[pseudoduck:chess]\nking = -\ncommoner = k\nextinctionValue = loss\n\
         extinctionPieceTypes = k\nextinctionPseudoRoyal = true\nwallingRule = duck\n\
         pieceDrops = true\nmobilityRegionWhiteCommoner = *1 *2 *3 *4\n\
         mobilityRegionBlackCommoner = *5 *6 *7 *8\n",
    );
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").unwrap();
    let moves = pos.legal_moves();
    // Five king moves, each with the 62 squares left for the duck, and
    // the knight dropped on any of 62 (a drop puts down no duck), as
    // pyffish 0.0.90 counts them.
    assert_eq!(moves.len(), 5 * 62 + 62);
    assert_eq!(pos.perft(1), moves.len() as u64);
}

#[test]
fn an_arrow_goes_where_the_piece_moves_not_where_it_captures() {
    // A piece that moves as a rook and captures as a bishop shoots along
    // files and ranks only, as pyffish 0.0.90 lists them.
    let rules = rules_of("[arrowtest:amazons]\ncustomPiece1 = q:mRcB\n");
    let pos = Position::from_fen(&rules, "10/10/10/10/10/10/10/10/10/Q8q w - - 0 1").unwrap();
    let mut walls: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| pos.uci(**m).starts_with("a1a2,"))
        .map(|m| m.wall.unwrap().to_string())
        .collect();
    walls.sort();
    assert_eq!(
        walls,
        [
            "a1", "a10", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b2", "c2", "d2", "e2", "f2",
            "g2", "h2", "i2", "j2"
        ]
    );
}

#[test]
fn only_the_kinds_that_petrify_are_kept_from_capturing_as_royal_pieces() {
    // Knights turn into walls where they capture; the king does not, and
    // takes as ever.
    let rules = rules_of("[stoneknights:chess]\npetrifyOnCaptureTypes = n\n");
    assert!(legal(&rules, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").contains(&"e1d2".to_string()));
}

#[test]
fn a_wall_after_coordinates_names_the_destination_first() {
    use chess_rules::MoveText;
    assert!(MoveText::read_walled("e2e4,e4e5").is_some());
    assert_eq!(MoveText::read_walled("e2e4,d4e5"), None);
    assert_eq!(MoveText::read_walled("e2e4,e4e5x"), None);
    assert_eq!(
        MoveText::read_walled("e2e4,e4"),
        MoveText::read_walled("e4,e4").map(|(_, w)| (MoveText::read("e2e4").unwrap(), w))
    );
}

/// Where no piece is royal (giveaway's, kinglet's and duck's king is a
/// commoner), the king still castles, and `O-O` reads as that castling,
/// through an attacked square too, as Fairy-Stockfish plays it (its
/// castling is written in SAN as `O-O`, `O-O-O`; in duck with the duck's
/// square after a comma).
#[test]
fn a_king_that_is_not_royal_castles_as_written() {
    let cases = [
        (
            "giveaway",
            "4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1",
            "O-O",
            "e1g1",
        ),
        (
            "giveaway",
            "4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1",
            "O-O-O",
            "e1c1",
        ),
        (
            "kinglet",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
            "O-O",
            "e8g8",
        ),
        (
            "duck",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
            "O-O-O,d4",
            "e8c8,c8d4",
        ),
    ];
    for (variant, fen, san, uci) in cases {
        let rules = chess_rules::ini::builtin(variant).unwrap().unwrap();
        let pos = Position::from_fen(&rules, fen).unwrap();
        let m = pos
            .parse_move(san)
            .unwrap_or_else(|| panic!("{variant}: {san} is not read"));
        assert_eq!(pos.uci(m), uci, "{variant}");
        assert_eq!(pos.san(m), san, "{variant}");
        assert!(pos.castles_with(Square::parse(&uci[..2]).unwrap()));
        assert!(!pos.castles_with(Square::parse("a1").unwrap()));
    }
}

/// Keys Fairy-Stockfish still reads under their former names, as
/// pychess.org's `variants.ini` writes them (`whiteDropRegion`), read as
/// the keys they are now.
#[test]
fn former_key_names_are_read_as_the_keys_they_are_now() {
    let sections = chess_rules::ini::sections(
        "[old:crazyhouse]\nwhiteDropRegion = *1 *2\nblackDropRegion = *8\n\
         [new:crazyhouse]\ndropRegionWhite = *1 *2\ndropRegionBlack = *8\n\
         [flags:chess]\nwhiteFlag = *8\nblackFlag = *1\nflagPiece = k\n\
         [flagged:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPiece = k\n",
    )
    .unwrap();
    let rules = |i: usize| sections[i].rules.clone().unwrap();
    assert_eq!(rules(0).drops, rules(1).drops);
    assert!(rules(0).drops.unwrap().regions[0].is_some());
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    for i in [0, 1] {
        let pos = Position::from_fen(sections[i].rules.as_ref().unwrap(), fen).unwrap();
        assert!(pos.parse_move("N@e2").is_some());
        assert!(pos.parse_move("N@e3").is_none());
    }
    assert_eq!(rules(2).goals, rules(3).goals);
    let chess = chess_rules::ini::builtin("chess").unwrap().unwrap();
    assert_ne!(rules(2).goals, chess.goals);
}

/// A set of pieces may write its letters apart (`r n b q`), as
/// Fairy-Stockfish reads them (pychess.org's cwda does).
#[test]
fn piece_letters_apart_are_a_set_of_pieces() {
    let sections = chess_rules::ini::sections(
        "[apart:chess]\npromotionPieceTypes = r n  b\tq\n[together:chess]\npromotionPieceTypes = rnbq\n",
    )
    .unwrap();
    let rules = |i: usize| sections[i].rules.clone().unwrap();
    let apart = chess_rules::Rules {
        name: "together".to_string(),
        ..rules(0)
    };
    assert_eq!(apart, rules(1));
}

/// Grand chess's pawns promote at will on the 8th and 9th ranks and must
/// on the 10th, and a side promotes to a kind only while it has fewer
/// than its limit (one queen); shogun's pieces promote shogi-style under
/// such limits too. The moves and their SAN are pyffish 0.0.90's
/// (`NOTATION_SAN`).
#[test]
fn promotions_are_limited_and_optional_as_fairy_stockfish_has_them() {
    use chess_rules::Rejection;
    let sq = |s: &str| Square::parse(s).unwrap();
    let grand = chess_rules::ini::builtin("grand").unwrap().unwrap();
    let sans = |rules: &Rules, fen: &str, from: &str| {
        let pos = Position::from_fen(rules, fen).unwrap();
        let mut moves: Vec<(String, String)> = (pos.legal_moves().into_iter())
            .filter(|m| m.from == sq(from))
            .map(|m| (pos.uci(m), pos.san(m)))
            .collect();
        moves.sort();
        moves.into_iter().map(|(_, san)| san).collect::<Vec<_>>()
    };
    // A queen on the board: the pawn on the 9th rank must promote, to
    // anything but a queen.
    let queen = "4k5/P9/10/10/10/10/10/10/10/Q3K5 w - - 0 1";
    assert_eq!(
        sans(&grand, queen, "a9"),
        ["a10=A", "a10=B", "a10=C+", "a10=N", "a10=R+"]
    );
    let pos = Position::from_fen(&grand, queen).unwrap();
    let q = grand.index('Q').unwrap() as u8;
    assert_eq!(pos.count(Color::White, q), 1);
    assert_eq!(
        pos.why_not(sq("a9"), sq("a10"), Some(q)),
        Some(Rejection::PromotionLimit { kind: q, limit: 1 })
    );
    let pawn = pos.piece_at(sq("a9")).unwrap();
    assert_eq!(
        pos.why_not(sq("a9"), sq("a10"), None),
        Some(Rejection::Stranded(pawn))
    );
    // No queen: on the 9th rank it may stay a pawn, or become a queen.
    assert_eq!(
        sans(&grand, "4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1", "a8"),
        ["a9", "a9=A", "a9=B", "a9=C", "a9=N", "a9=Q", "a9=R"]
    );
    // The limits and the optional promotion survive the rule set as data.
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&grand)),
        Some(grand.clone())
    );
    // Shogun: a knight promotes to a centaur only while its side has none.
    let file = chess_rules::ini::variants(
        "[shogun:crazyhouse]\ncommoner = c\ncentaur = g\narchbishop = a\nchancellor = m\nfers = f\n\
         promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n\
         promotionLimit = g:1 a:1 m:1 q:1\npromotionPieceTypes = -\n\
         promotedPieceType = p:c n:g b:a r:m f:q\nmandatoryPawnPromotion = false\n\
         startFen = rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1\n",
    )
    .unwrap();
    let shogun = &file[0];
    assert_eq!(
        sans(
            shogun,
            "rnb+fkbnr/pppppppp/8/1N6/8/8/PPPPPPPP/R1B+FKBNR[] w KQkq - 0 1",
            "b5"
        ),
        [
            "Na3", "Nxa7", "Nxa7=G", "Nc3", "Nxc7+", "Nxc7=G+", "Nd4", "Nd6+", "Nd6=G+"
        ]
    );
    assert_eq!(
        sans(
            shogun,
            "rnb+fkbnr/pppppppp/8/1N6/8/8/PPPPPPPP/G1B+FKBNR[] w Kkq - 0 1",
            "b5"
        ),
        ["Na3", "Nxa7", "Nc3", "Nxc7+", "Nd4", "Nd6+"]
    );
    // A limit that is not a letter and a count is refused at its value.
    let bad = chess_rules::ini::sections("[bad:chess]\npromotionLimit = q1\n").unwrap();
    let refused = bad[0].rules.as_ref().unwrap_err();
    assert_eq!((refused.line, refused.column), (2, 18));
    assert!(
        refused.message.contains("pairs of a letter and a count"),
        "{}",
        refused.message
    );
}

/// Gating (S-chess): a piece in hand goes on the square a back-rank
/// piece leaves, or on a castling's king's or rook's square; read and
/// written as Fairy-Stockfish writes them (pyffish 0.0.90, `NOTATION_SAN`
/// and its coordinates), the FEN after each move as it writes it.
#[test]
fn gating_reads_and_writes_as_fairy_stockfish() {
    let rules = chess_rules::ini::builtin("seirawan").unwrap().unwrap();
    assert!(rules.gating && rules.holds_hands());
    let mut pos = Position::start(&rules).unwrap();
    let game = [
        ("e2e4", "e4"),
        ("e7e5", "e5"),
        ("g1f3", "Nf3"),
        ("b8c6", "Nc6"),
        ("f1c4", "Bc4"),
        ("f8c5", "Bc5"),
        ("h1e1h", "O-O/Hh1"),
        ("g8f6", "Nf6"),
        ("d2d3", "d3"),
        ("e8g8h", "O-O/He8"),
        ("b1c3e", "Nc3/E"),
    ];
    for (uci, san) in game {
        let m = pos.parse_move(uci).unwrap_or_else(|| panic!("{uci}"));
        assert_eq!(pos.parse_move(san), Some(m), "{san}");
        assert_eq!((pos.uci(m).as_str(), pos.san(m).as_str()), (uci, san));
        pos = pos.play(m);
    }
    assert_eq!(
        pos.fen(),
        "r1bqhrk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/REBQ1RKH[e] b acd - 2 6"
    );
    // A gated move is legal where the move is: the piece put down does not
    // shut the line of the rook that pins the bishop.
    let pinned = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/r2BK3[H] w D - 0 1").unwrap();
    assert_eq!(pinned.legal_moves().len(), 4);
    assert_eq!(pinned.parse_move("Be2/H"), None);
    // No gate once the hand is empty; nor for a piece the side lacks.
    let start = Position::start(&rules).unwrap();
    assert_eq!(start.parse_move("Nf3/Q"), None);
    let empty = Position::from_fen(
        &rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    );
    let empty = empty.unwrap();
    assert_eq!(empty.legal_moves().len(), 20);
    assert_eq!(
        empty.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    // The rule set's data keeps it.
    let data = chess_rules::data::write(&rules);
    assert_eq!(chess_rules::data::read(&data), Some(rules.clone()));
}

/// Cambodian chess's first leaps (Ouk Chaktrang): the king from its gate
/// like a knight one rank forward, the met two squares forward; a gate
/// closed by its piece's move, and a king's by a rook on its rank or file
/// — as Fairy-Stockfish plays and writes them (pyffish 0.0.90's FEN after
/// the moves; in the endings, where it writes the Cambodian counting
/// rule's count in the last fields, the board, side and gates).
#[test]
fn cambodian_leaps_as_fairy_stockfish_plays_them() {
    let rules = chess_rules::ini::builtin("cambodian").unwrap().unwrap();
    assert!(rules.cambodian_moves && !rules.gating && !rules.holds_hands());
    let start = Position::start(&rules).unwrap();
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    let after = |fen: &str, moves: &[&str]| {
        let mut pos = Position::from_fen(&rules, fen).unwrap();
        for san in moves {
            let m = pos.parse_move(san).unwrap_or_else(|| panic!("{san}"));
            assert_eq!(pos.san(m), *san);
            pos = pos.play(m);
        }
        pos.fen()
    };
    let gates = |fen: &str, moves: &[&str]| {
        let fen = after(fen, moves);
        fen.split(' ').take(3).collect::<Vec<_>>().join(" ")
    };
    let fen = start.fen();
    assert_eq!(
        after(&fen, &["Kb2", "Kc7"]),
        "rnsm1snr/2k5/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR w Ed - 2 2"
    );
    let rooks = "3k4/7r/8/8/8/8/R7/3KM3 w DEd - 0 1";
    // A rook on the king's rank or file closes its gate; elsewhere not.
    assert_eq!(gates(rooks, &["Ra8+"]), "R2k4/7r/8/8/8/8/8/3KM3 b DE");
    assert_eq!(gates(rooks, &["Rd2+"]), "3k4/7r/8/8/8/8/3R4/3KM3 b DE");
    assert_eq!(gates(rooks, &["Rb2"]), "3k4/7r/8/8/8/8/1R6/3KM3 b DEd");
    assert_eq!(
        gates(rooks, &["Ra3", "Rd7+"]),
        "3k4/3r4/8/8/8/R7/8/3KM3 w Ed"
    );
    // The met's two squares, then the king's leap; the king's gate closes
    // when it moves, the met's when it does.
    assert_eq!(gates(rooks, &["Me3", "Kb7"]), "8/1k5r/8/8/8/4M3/R7/3K4 w D");
    // No leap in check, nor to a square taken; the met's step passes over
    // a piece.
    let checked = Position::from_fen(&rules, "3k4/8/8/8/8/8/8/r2K4 w Dd - 0 1").unwrap();
    assert_eq!(
        (checked.parse_move("Kb2"), checked.legal_moves().len()),
        (None, 3)
    );
    let over = Position::from_fen(&rules, "3k4/8/8/8/8/8/4P3/3KM3 w DEd - 0 1").unwrap();
    assert!(over.parse_move("Me3").is_some() && over.parse_move("Kf2").is_some());
    let onto = Position::from_fen(&rules, "3k4/8/8/8/8/4p3/8/3KM3 w DEd - 0 1").unwrap();
    assert_eq!(onto.parse_move("Mxe3"), None);
    // Kar Ouk is the same moves, and the data keeps them.
    let karouk = chess_rules::ini::builtin("karouk").unwrap().unwrap();
    assert!(karouk.cambodian_moves);
    let data = chess_rules::data::write(&rules);
    assert_eq!(chess_rules::data::read(&data), Some(rules.clone()));
}

/// Placement chess's setup as Fairy-Stockfish plays it (pyffish 0.0.90's
/// moves and FENs): a king dropped on e1 castles with the rooks on the
/// corners, a rook dropped on a corner beside such a king; the second
/// bishop goes to the other colour, and no piece takes the last square it
/// needs; and a king is never dropped into attack.
#[test]
fn placement_drops_as_fairy_stockfish_plays_them() {
    let rules = chess_rules::ini::builtin("placement").unwrap().unwrap();
    let drops = rules.drops.as_ref().unwrap();
    assert!(drops.opposite_bishops && drops.castling);
    let play = |fen: &str, moves: &[&str]| {
        let mut pos = Position::from_fen(&rules, fen).unwrap();
        for san in moves {
            let m = pos.parse_move(san).unwrap_or_else(|| panic!("{san}"));
            assert_eq!(pos.san(m), *san);
            pos = pos.play(m);
        }
        pos
    };
    let corners = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kk] w - - 0 1";
    assert_eq!(
        play(corners, &["K@e1"]).fen(),
        "r6r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[k] b KQ - 0 1"
    );
    let castled = play(corners, &["K@e1", "K@e8", "O-O"]);
    assert_eq!(
        castled.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1[] b kq - 1 2"
    );
    // Elsewhere, no castling.
    assert_eq!(
        play(corners, &["K@d1"]).fen(),
        "r6r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[k] b - - 0 1"
    );
    let king = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRrr] w - - 0 1";
    assert_eq!(
        play(king, &["R@a1"]).fen(),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[Rrr] b Q - 0 1"
    );
    assert_eq!(
        play(king, &["R@b1"]).fen(),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/1R2K3[Rrr] b - - 0 1"
    );
    // A bishop on c1 (dark): the other goes to b1 (light), and the king
    // may not take b1 from it.
    let bishops = Position::from_fen(
        &rules,
        "8/pppppppp/8/8/8/8/PPPPPPPP/2BRNNQR[KBkqrrbbnn] w - - 0 1",
    )
    .unwrap();
    let mut legal: Vec<String> = bishops
        .legal_moves()
        .into_iter()
        .map(|m| bishops.san(m))
        .collect();
    legal.sort();
    assert_eq!(legal, ["B@b1", "K@a1"]);
    // The rule set's data keeps both.
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&rules)),
        Some(rules.clone())
    );
}

/// Pieces in hand must be dropped only while one can be (Fairy-Stockfish's
/// `mustDrop`, pyffish 0.0.90): with the first rank full, placement's
/// knight in hand waits and White's 20 moves on the board are legal; with
/// a square free, the drop is the only move.
#[test]
fn pieces_in_hand_must_be_dropped_only_while_one_can_be() {
    let rules = chess_rules::ini::builtin("placement").unwrap().unwrap();
    let legal = |fen: &str| {
        let pos = Position::from_fen(&rules, fen).unwrap();
        let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
        moves.sort();
        moves
    };
    let full = legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w - - 0 1");
    assert_eq!(full.len(), 20, "{full:?}");
    assert!(full.iter().all(|m| !m.contains('@')), "{full:?}");
    assert_eq!(
        legal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w - - 0 1"),
        ["N@g1"]
    );
    // In check, with no drop that blocks it, the pieces on the board
    // answer it.
    assert_eq!(
        legal("rnbqk1nr/pppp1ppp/8/8/1b6/8/PPP1PPPP/RNBQKBNR[N] w - - 0 1"),
        ["Bd2", "Nc3", "Nd2", "Qd2", "c3"]
    );
}

/// A king in hand is not dropped where it is attacked (Fairy-Stockfish's
/// screen chess, pyffish 0.0.90: a black queen on a8 keeps the white king
/// off the a-file, the long diagonal and the eighth rank).
#[test]
fn a_king_is_not_dropped_into_attack() {
    let text = "[screen:placement]\ndropNoDoubled = p\n\
                startFen = 8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1\n\
                dropRegionWhite = *1 *2 *3 *4\ndropRegionBlack = *8 *7 *6 *5\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    let rules = sections[0].rules.as_ref().unwrap();
    let pos = Position::from_fen(
        rules,
        "q7/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkrrbbnnpppppppp] w - - 0 1",
    )
    .unwrap();
    let mut kings: Vec<String> = (pos.legal_moves().into_iter())
        .filter(|m| pos.piece_at(m.to).is_none() && pos.san(*m).starts_with("K@"))
        .map(|m| m.to.to_string())
        .collect();
    kings.sort();
    let mut theirs = [
        "h4", "b1", "c1", "d1", "e1", "f1", "g1", "g4", "f4", "b2", "c2", "d2", "e2", "f2", "d4",
        "h2", "c4", "b3", "c3", "d3", "e3", "b4", "g3", "h3",
    ];
    theirs.sort();
    assert_eq!(kings, theirs);
    assert_eq!(pos.parse_move("K@a1"), None);
    let count = pos.perft(1);
    assert_eq!(count, pos.legal_moves().len() as u64);
}

/// Sittuyin's promotion and rook drops as Fairy-Stockfish plays and
/// writes them (pyffish 0.0.90's legal moves in SAN, and its FEN after
/// them): a pawn of the zone becomes a met where it stands (`d5=F`) or on
/// an empty square beside it diagonally (`d5c4=F`), not where the met
/// would attack a piece; a pawn out of the zone does not while its side
/// has another; rooks go to the first rank only.
#[test]
fn sittuyin_promotes_and_drops_as_fairy_stockfish_writes_it() {
    let rules = chess_rules::ini::builtin("sittuyin").unwrap().unwrap();
    assert!(rules.sittuyin_promotion && rules.drops.as_ref().unwrap().rooks_on_first_rank);
    let sans = |fen: &str| {
        let pos = Position::from_fen(&rules, fen).unwrap();
        let mut sans: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
        sans.sort();
        sans
    };
    let rook = "8/2r3k1/8/3P4/8/2P5/8/K7 w - - 0 1";
    assert_eq!(
        sans(rook),
        [
            "Ka2", "Kb1", "Kb2", "c4", "d5=F", "d5c4=F", "d5c6=F", "d5e4=F", "d5e6=F", "d6"
        ]
    );
    let pos = Position::from_fen(&rules, rook).unwrap();
    for (san, uci, fen) in [
        ("d5=F", "d5d5f", "8/2r3k1/8/3F4/8/2P5/8/K7[] b - - 0 1"),
        ("d5c4=F", "d5c4f", "8/2r3k1/8/8/2F5/2P5/8/K7[] b - - 0 1"),
    ] {
        let m = pos.parse_move(san).unwrap_or_else(|| panic!("{san}"));
        assert_eq!((pos.parse_move(uci), pos.uci(m).as_str()), (Some(m), uci));
        assert_eq!(pos.play(m).fen(), fen);
    }
    // A met on c6 would attack the rook on b7: no promotion there.
    let guarded = "8/1r4k1/8/3P4/8/8/8/K7 w - - 0 1";
    assert!(!sans(guarded).contains(&"d5c6=F".to_string()));
    assert!(sans(guarded).contains(&"d5e6=F".to_string()));
    // A met already on the board: none (one promotion to it at most).
    assert!(
        !sans("8/6k1/8/3P4/8/2P5/8/K4F2 w - - 0 1")
            .iter()
            .any(|s| s.contains('='))
    );
    let rooks = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    let drops: Vec<String> = sans(rooks)
        .into_iter()
        .filter(|s| s.starts_with("R@"))
        .collect();
    assert_eq!(
        drops,
        [
            "R@a1", "R@b1", "R@c1", "R@d1", "R@e1", "R@f1", "R@g1", "R@h1"
        ]
    );
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&rules)),
        Some(rules.clone())
    );
}

/// Kings under the flying general may not face each other along a rank
/// either, as Fairy-Stockfish has it (a rook's line: synochess's kings
/// meet on a rank, pyffish 0.0.90 counts 13 moves in
/// `3B4/8/8/5P2/4P3/sk6/3K4/8 w`, none of them Kd3 or Ke3).
#[test]
fn flying_generals_face_each_other_along_ranks_too() {
    let sections =
        chess_rules::ini::sections("[facing:chess]\nflyingGeneral = true\ncastling = false\n")
            .unwrap();
    let rules = sections[0].rules.as_ref().unwrap();
    let pos = Position::from_fen(rules, "8/8/8/8/8/k7/3K4/8 w - - 0 1").unwrap();
    let mut kings: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
    kings.sort();
    assert_eq!(kings, ["Kc1", "Kc2", "Kd1", "Ke1", "Ke2"]);
    assert_eq!(pos.perft(1), 5);
}

/// Duple check (`dupleCheck`) as Fairy-Stockfish plays it (pyffish
/// 0.0.90, with this section loaded): two kings that are not royal (a
/// commoner each, royal only when one is left) may stand attacked one at
/// a time, but not both at once; both attacked is check, and with no
/// move, mate.
#[test]
fn two_kings_may_not_both_be_left_attacked() {
    let text = "[duple:chess]\nking = -\ncommoner = k\ncastling = false\n\
                extinctionPieceTypes = k\nextinctionPseudoRoyal = true\ndupleCheck = true\n";
    let sections = chess_rules::ini::sections(text).unwrap();
    let rules = sections[0].rules.as_ref().unwrap();
    assert!(rules.royal_while_few.as_ref().unwrap().duple);
    let legal = |fen: &str| {
        let pos = Position::from_fen(rules, fen).unwrap();
        let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
        moves.sort();
        assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
        (moves, pos.is_check(), pos.outcome())
    };
    // One king attacked: no check, and a king may step into attack while
    // the other is safe.
    let (moves, check, _) = legal("k6k/8/8/8/8/8/8/RR2K3 b - - 0 1");
    assert_eq!(moves, ["Ka7", "Kb7", "Kb8", "Kg7", "Kg8", "Kh7"]);
    assert!(!check);
    // Both attacked: check, and only moves that end it.
    let (moves, check, _) = legal("k6k/8/8/8/8/8/8/R3K2R b - - 0 1");
    assert_eq!(moves, ["Kb7", "Kb8", "Kg7", "Kg8"]);
    assert!(check);
    let (moves, check, _) = legal("k6k/p7/8/8/8/8/8/R3K2R b - - 0 1");
    assert_eq!(moves, ["Kb7", "Kb8", "Kg7", "Kg8", "Kh7", "a5", "a6"]);
    assert!(!check);
    let (moves, _, _) = legal("k6k/1p4p1/8/8/8/8/8/R3K2R b - - 0 1");
    assert_eq!(moves, ["Kb8", "Kg8"]);
    // A move that leaves both attacked is none.
    let (moves, _, _) = legal("k6k/8/8/8/8/8/6r1/R3K2R w - - 0 1");
    assert_eq!(moves.len(), 21, "{moves:?}");
    // No move out of it: mate (pyffish: no legal move, a loss).
    let (moves, check, outcome) = legal("kr4rk/1p4p1/8/8/8/8/8/R3K2R b - - 0 1");
    assert!(moves.is_empty() && check);
    assert_eq!(
        outcome,
        Some(chess_rules::EndRule::Checkmate(chess_rules::Ending::Loss))
    );
}

/// Koedem's kings in hand must be dropped first (`mustDropType = k`, as
/// pyffish 0.0.90 plays it): a side holding a king drops it before any
/// other piece in hand or on the board moves; a knight in hand alone
/// compels nothing.
#[test]
fn a_king_in_hand_is_dropped_first_in_koedem() {
    let rules = chess_rules::ini::builtin("koedem").unwrap().unwrap();
    assert_eq!(rules.drops.as_ref().unwrap().must_drop_kind, Some('K'));
    let moves = |fen: &str| {
        let pos = Position::from_fen(&rules, fen).unwrap();
        let moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
        assert_eq!(pos.perft(1), moves.len() as u64, "{fen}");
        moves
    };
    let king_and_knight = moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 1");
    assert_eq!(king_and_knight.len(), 33, "{king_and_knight:?}");
    assert!(king_and_knight.iter().all(|m| m.starts_with("K@")));
    let knight = moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1");
    assert_eq!(knight.len(), 52, "{knight:?}");
    assert_eq!(knight.iter().filter(|m| m.starts_with("N@")).count(), 32);
    // The rule set's data keeps the kind.
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&rules)),
        Some(rules.clone())
    );
}

/// The rule set of `text`, a rules file of one section.
fn one_section(text: &str) -> Rules {
    chess_rules::ini::variants(text).unwrap().remove(0)
}

/// The FEN after `moves` (coordinates) played from `fen`, and how the
/// game ended there, with who won.
fn after(rules: &Rules, fen: &str, moves: &[&str]) -> (String, Option<(EndRule, Option<Color>)>) {
    let mut pos = Position::from_fen(rules, fen).unwrap();
    for m in moves {
        pos = pos.play(pos.parse_move(m).unwrap());
    }
    let end = pos.outcome().map(|o| (o, o.winner(pos.turn())));
    (pos.fen(), end)
}

/// Reversi's drops (`enclosingDrop = reversi`, `flipEnclosedPieces =
/// reversi`) as pyffish 0.0.90 plays them: a drop must enclose pieces of
/// the other side in a line with one of its own, looking through walls,
/// though a wall stops the flip; a side without a drop passes; the first
/// drops go to the start's squares while one is open.
#[test]
fn reversi_drops_enclose_through_walls_and_flip_up_to_them() {
    let walled = one_section("[walled:flipello]\nenclosingDropStart = -\n");
    let hands = "[PPPPPPPPPPpppppppppp]";
    let white = format!("8/8/8/8/8/1Pp*P3/8/8{hands} w - - 0 1");
    assert_eq!(legal(&walled, &white), ["b3b3"]);
    let black = format!("8/8/8/8/8/1Pp*P3/8/8{hands} b - - 0 1");
    assert_eq!(legal(&walled, &black), ["P@a3", "P@f3"]);
    let fen = |moves: &[&str]| after(&walled, &black, moves).0;
    assert_eq!(
        fen(&["P@a3"]),
        "8/8/8/8/8/ppp*P3/8/8[PPPPPPPPPPppppppppp] w - - 0 2"
    );
    // (Enclosing e3 through the wall, and flipping nothing.)
    assert_eq!(
        fen(&["P@f3"]),
        "8/8/8/8/8/1Pp*Pp2/8/8[PPPPPPPPPPppppppppp] w - - 0 2"
    );
    // Flipersi's first four drops go to the middle.
    let flipersi = chess_rules::ini::builtin("flipersi").unwrap().unwrap();
    let start = Position::start(&flipersi).unwrap();
    assert_eq!(
        legal(&flipersi, &start.fen()),
        ["P@d4", "P@d5", "P@e4", "P@e5"]
    );
    assert_eq!(
        chess_rules::data::read(&chess_rules::data::write(&walled)),
        Some(walled)
    );
}

/// Ataxx as pyffish 0.0.90 plays it: a piece leaps two squares or clones
/// itself beside one of its own (from a hand without end), turning the
/// other side's pieces beside the square it goes to; the board full, the
/// side with more pieces wins; a side without pieces has no move and
/// loses; a leap counts toward the move rule.
#[test]
fn ataxx_clones_leap_and_turn_their_neighbours() {
    let ataxx = chess_rules::ini::builtin("ataxx").unwrap().unwrap();
    let fen = "7/7/7/7/2P4/1PpP3/2P4 b - - 0 1";
    assert_eq!(legal(&ataxx, fen).len(), 15);
    assert_eq!(
        after(&ataxx, fen, &["P@b1"]).0,
        "7/7/7/7/2P4/1ppP3/1pp4 w - - 0 2"
    );
    assert_eq!(
        after(&ataxx, fen, &["c2a4"]).0,
        "7/7/7/p6/2P4/1P1P3/2P4 w - - 1 2"
    );
    let full = "ppppppp/ppppppp/ppppppp/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPP1 w - - 0 1";
    assert_eq!(
        after(&ataxx, full, &["P@g1"]).1,
        Some((
            EndRule::Counted {
                winner: Some(Color::White)
            },
            Some(Color::White)
        ))
    );
    let pos = Position::from_fen(&ataxx, full).unwrap();
    assert_eq!(pos.legal_moves().len(), 6);
    let stuck = "ppppppp/ppppppp/ppppppp/ppppPPP/PPPPPPP/PPPPPPP/PPPPPP1 b - - 0 1";
    assert_eq!(legal(&ataxx, stuck), ["a4a4"]);
    let (_, end) = after(&ataxx, "P6/7/7/7/7/7/7 b - - 0 1", &[]);
    assert_eq!(end.map(|(_, winner)| winner), Some(Some(Color::White)));
}

/// Quadwrangle's flips (`flipEnclosedPieces = quadwrangle`), as pyffish
/// 0.0.90 makes them: after a move on the board always, after a drop only
/// beside a piece of its own.
#[test]
fn a_quadwrangle_drop_flips_only_beside_its_own() {
    let quad = one_section(
        "[quadwrangle:ataxx]\nmaxRank = 8\nmaxFile = 8\n\
         startFen = 1PPPPPP1/p6P/p6P/p6P/p6P/p6P/p6P/1pppppp1\n\
         customPiece1 = p:mQ\nflipEnclosedPieces = quadwrangle\nenclosingDrop = none\n",
    );
    let alone = "8/8/8/3p4/8/8/8/P7 w - - 0 1";
    assert_eq!(
        after(&quad, alone, &["P@d4"]).0,
        "8/8/8/3p4/3P4/8/8/P7 b - - 0 1"
    );
    let beside = "8/8/8/3p4/3P4/8/8/8 w - - 0 1";
    assert_eq!(
        after(&quad, beside, &["P@e4"]).0,
        "8/8/8/3P4/3PP3/8/8/8 b - - 0 1"
    );
    assert_eq!(
        after(&quad, alone, &["a1d1"]).0,
        "8/8/8/3p4/8/8/8/3P4 b - - 1 1"
    );
    // Flipping beside a royal king is refused, as Fairy-Stockfish refuses
    // it; a drop's rule that is none, at its value.
    let e = chess_rules::ini::variants("[k:chess]\nflipEnclosedPieces = ataxx\n").unwrap_err();
    assert!(
        e.message.contains("beside a royal king (`king = k`)"),
        "{}",
        e.message
    );
    let e = chess_rules::ini::variants("[k:ataxx]\nenclosingDrop = quadwrangle\n").unwrap_err();
    assert!(
        e.message.contains("a drop's rule is `reversi`"),
        "{}",
        e.message
    );
}

/// Connect four pushed in from any side (`enclosingDrop = anyside`):
/// the squares a piece comes to rest on, as pyffish 0.0.90 lists them —
/// from the top of the c-file, the lowest empty square above a piece
/// (c2), not the highest.
#[test]
fn drops_pushed_in_from_the_edges_rest_where_fairy_stockfish_rests_them() {
    let anyside = cfour_anyside();
    let hands = "[PPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp]";
    let fen = format!("7/7/2p4/7/2P4/7/2P4{hands} w - - 0 1");
    let expected = [
        "a1", "a2", "a3", "a4", "a5", "a6", "a7", "b1", "b3", "b5", "b7", "c2", "d1", "d7", "e1",
        "e7", "f1", "f7", "g1", "g2", "g4", "g6", "g7",
    ];
    assert_eq!(legal(&anyside, &fen), expected.map(|sq| format!("P@{sq}")));
}

/// Goals of pieces on one line (`collinearN`: the three musketeers, whose
/// musketeers lose so) and of two regions joined (`connectRegion…`:
/// gale), as pyffish 0.0.90 ends games by them: a chain is followed east
/// and north only, so one that turns south is not seen.
#[test]
fn pieces_on_one_line_and_regions_joined_end_the_game() {
    let musketeers = one_section(
        "[three-musketeers]\nmaxRank = 5\nmaxFile = 5\ncollinearN = 3\n\
         connectDiagonal = false\ncustomPiece1 = m:cW\ncustomPiece2 = p:mW\n\
         connectValue = loss\nstalemateValue = win\nconnectPieceTypes = m\n\
         startFen = ppppM/ppppp/ppMpp/ppppp/Mpppp\n",
    );
    let lost = |fen: &str| after(&musketeers, fen, &[]).1;
    let line = Some((
        EndRule::Connect {
            color: Color::White,
            ending: Ending::Loss,
        },
        Some(Color::Black),
    ));
    for fen in [
        "M1M1M/5/5/5/4p b - - 0 1",
        "MpM1M/5/5/5/4p b - - 0 1",
        "M4/5/M4/5/M3p b - - 0 1",
    ] {
        assert_eq!(lost(fen), line, "{fen}");
    }
    assert_eq!(lost("M3M/5/4p/5/2M2 b - - 0 1"), None);
    // (Fairy-Stockfish's gale, on snort, on ataxx: hands without end.)
    let gale = chess_rules::ini::variants(
        "[snort:ataxx]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8\nenclosingDrop = snort\n\
         flipEnclosedPieces = none\nmaxRank = 8\nmaxFile = 8\npassOnStalemate = false\n\
         stalematePieceCount = false\n\
         [gale:snort]\nmaxRank = 9\nmaxFile = 9\n\
         startFen = 1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1\n\
         enclosingDrop = none\nconnectRegion1White = a*\nconnectRegion2White = i*\n\
         connectRegion1Black = *1\nconnectRegion2Black = *9\nconnectDiagonal = false\n",
    )
    .unwrap()
    .remove(1);
    let joined = |fen: &str| after(&gale, fen, &[]).1.map(|(o, _)| o);
    let white = Some(EndRule::Connect {
        color: Color::White,
        ending: Ending::Win,
    });
    assert_eq!(joined("9/9/9/9/9/9/PPPPPPPPP/9/p8 b - - 0 1"), white);
    assert_eq!(joined("9/9/9/9/9/1PPPPPPPP/PP7/9/p8 b - - 0 1"), white);
    // (The chain turns south at b4.)
    assert_eq!(joined("9/9/9/9/9/PP7/1PPPPPPPP/9/p8 b - - 0 1"), None);
    assert!(joined("p8/p8/p8/p8/p8/p8/p8/p8/p8 w - - 0 1").is_some());
    assert_eq!(joined("p8/p8/p8/p8/p8/p8/1p7/p8/p8 w - - 0 1"), None);
    // A file is `a*` (a letter to `p`), as Fairy-Stockfish writes it.
    let e = chess_rules::ini::variants("[g:chess]\nconnectRegion1White = q*\n").unwrap_err();
    assert!(
        e.message.contains("files (`a*`, `a` to `p`)"),
        "{}",
        e.message
    );
    let upper = one_section("[g:chess]\nconnectN = 9\nconnectRegion1White = B*\n");
    let b_file = chess_rules::Region::file(1);
    assert_eq!(upper.goals.connect.unwrap().regions[0][0], b_file);
    for rules in [musketeers, gale] {
        assert_eq!(
            chess_rules::data::read(&chess_rules::data::write(&rules)),
            Some(rules)
        );
    }
}

/// Explosions where captures go to hand (atomiczh) and where capturers
/// turn to walls (nuclear), as pyffish 0.0.90 plays them: each piece blown
/// up goes to the hand of the side it was not (the capturer to the
/// other side's), the piece taken to the taker's; a capturer of a kind
/// that petrifies leaves a wall where it was blown up; and a drop that
/// attacks a king royal only while few gives no check a rule forbids.
#[test]
fn blown_up_pieces_go_to_hand_and_capturers_turn_to_walls() {
    let zh = one_section(
        "[atomiczh:atomic]\ndropChecks = false\npieceDrops = true\ncapturesToHand = true\n\
         pocketSize = 6\ncastling = false\n",
    );
    let start = Position::start(&zh).unwrap().fen();
    let fen = |rules: &Rules, start: &str, moves: &[&str]| after(rules, start, moves).0;
    assert_eq!(
        fen(&zh, &start, &["e2e4", "d7d5", "e4d5"]),
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] b - - 0 2"
    );
    let knights = ["g1f3", "d7d5", "f3e5", "b8c6", "e5c6"];
    assert_eq!(
        fen(&zh, &start, &knights),
        "r1bqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKB1R[Nn] b - - 0 3"
    );
    // (Fairy-Stockfish writes chess's `KQkq` in its start, which means
    // nothing where nothing castles.)
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(fen(&zh, chess, &[]), start);
    let drop = "rnbqkbnr/p1p1p1pp/3p4/5p2/8/3P3P/PPP1PPP1/R1BQKBNR[Pn] b - - 0 4";
    let moves = legal(&zh, drop);
    assert_eq!(moves.len(), 58);
    assert!(moves.contains(&"N@f3".to_string()));
    let nuclear = one_section(
        "[nuclear:atomic]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\n\
         petrifyOnCaptureTypes = pnbrq\nenPassantRegion = -\n",
    );
    assert_eq!(
        fen(&nuclear, chess, &knights),
        "r1bqkbnr/p3pppp/2*5/8/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3"
    );
    assert_eq!(legal(&nuclear, &fen(&nuclear, chess, &knights)).len(), 30);
    for rules in [zh, nuclear] {
        assert_eq!(
            chess_rules::data::read(&chess_rules::data::write(&rules)),
            Some(rules)
        );
    }
}

/// Wildebeest's pawns (`tripleStepRegionWhite = *2`), as pyffish 0.0.90
/// plays them: three squares from the second rank, and then taken en
/// passant on either square passed, which a FEN writes one after the
/// other (`c3c4`).
#[test]
fn a_pawns_triple_step_is_taken_en_passant_on_either_square_passed() {
    let wildebeest = one_section(
        "[wildebeest:chess]\nmaxRank = 10\nmaxFile = k\ncustomPiece1 = c:C\n\
         customPiece2 = w:NC\ndoubleStepRegionWhite = *2 *3\n\
         doubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\n\
         tripleStepRegionBlack = *9\n\
         pieceToCharTable = PNBRQ.......C....WKpnbrq.......c....wk\n\
         startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1\n\
         promotionPieceTypes = qw\npromotionRegionWhite = *9 *10\n\
         promotionRegionBlack = *2 *1\nmandatoryPawnPromotion = false\ncastling = false\n",
    );
    let fen = "k10/11/11/11/11/3p7/1p9/11/2P8/K10 w - - 0 1";
    assert_eq!(
        legal(&wildebeest, fen),
        ["a1a2", "a1b1", "a1b2", "c2c3", "c2c4", "c2c5"]
    );
    let (tripled, _) = after(&wildebeest, fen, &["c2c5"]);
    assert_eq!(tripled, "k10/11/11/11/11/2Pp7/1p9/11/11/K10 b - c3c4 0 1");
    let black = ["a10a9", "a10b10", "a10b9", "b4b3", "b4c3", "d5c4", "d5d4"];
    assert_eq!(legal(&wildebeest, &tripled), black);
    let pos = Position::from_fen(&wildebeest, &tripled).unwrap();
    assert_eq!(pos.san(pos.parse_move("b4c3").unwrap()), "bxc3");
    assert_eq!(
        after(&wildebeest, &tripled, &["b4c3"]).0,
        "k10/11/11/11/11/3p7/11/2p8/11/K10 w - - 0 2"
    );
    assert_eq!(
        after(&wildebeest, &tripled, &["d5c4"]).0,
        "k10/11/11/11/11/11/1pp8/11/11/K10 w - - 0 2"
    );
    // From the third rank two squares only; a double step passes one.
    let third = "k10/11/11/11/11/11/11/2P8/11/K10 w - - 0 1";
    assert_eq!(
        legal(&wildebeest, third),
        ["a1a2", "a1b1", "a1b2", "c3c4", "c3c5"]
    );
    let (doubled, _) = after(&wildebeest, fen, &["c2c4"]);
    assert_eq!(doubled, "k10/11/11/11/11/3p7/1pP8/11/11/K10 b - c3 0 1");
    // One square read is one square: d5 takes on c4 only as a capture.
    let one = "k10/11/11/11/11/2Pp7/1p9/11/11/K10 b - c4 0 1";
    assert_eq!(
        legal(&wildebeest, one),
        ["a10a9", "a10b10", "a10b9", "b4b3", "d5c4", "d5d4"]
    );
    // Two squares a pawn could not have passed are refused.
    for bad in ["c3c5", "c3d4", "c3c4c5"] {
        let fen = format!("k10/11/11/11/11/2Pp7/1p9/11/11/K10 b - {bad} 0 1");
        let err = Position::from_fen(&wildebeest, &fen)
            .unwrap_err()
            .to_string();
        assert!(err.contains("en passant"), "{bad}: {err}");
    }
}

/// Atlantis (`wallingRule = edge`, `wallOrMove = true`), as pyffish
/// 0.0.90 plays it: a side moves, or else passes with its first piece (a1
/// first, by ranks) to put a wall down on the edge or beside a wall —
/// never in check — and passing so never ends the game. Fairy-Stockfish
/// writes each move with a wall on a1 it never puts down (`e4,a1`), read
/// as the move alone.
#[test]
fn a_wall_is_put_down_instead_of_a_move() {
    use chess_rules::MoveText;
    let atlantis = one_section("[atlantis:chess]\nwallingRule = edge\nwallOrMove = true\n");
    let start = Position::start(&atlantis).unwrap();
    let moves: Vec<String> = start.legal_moves().iter().map(|&m| start.uci(m)).collect();
    assert_eq!(moves.len(), 28);
    assert_eq!(start.perft(2), 778);
    let mut walls: Vec<&String> = moves.iter().filter(|m| m.contains(',')).collect();
    walls.sort();
    assert_eq!(
        walls,
        [
            "a1a1,a1a3",
            "a1a1,a1a4",
            "a1a1,a1a5",
            "a1a1,a1a6",
            "a1a1,a1h3",
            "a1a1,a1h4",
            "a1a1,a1h5",
            "a1a1,a1h6"
        ]
        .iter()
        .collect::<Vec<_>>()
    );
    let wall = start.parse_move("a1a1,a1a4").unwrap();
    assert_eq!(start.san(wall), "Ra1,a4");
    // The move alone, and as Fairy-Stockfish writes it; no other wall.
    let read = |text: &str| {
        let (text, wall) = MoveText::read_walled(text).unwrap();
        start.matching_walled(&text, wall)
    };
    assert_eq!(read("e4").len(), 1);
    assert_eq!(read("e4,a1"), read("e4"));
    assert_eq!(read("e4,a5"), []);
    assert_eq!(read("Ra1,a4"), [wall]);
    // A wall beside a wall; the clock runs; two walls in a row go on.
    let lone = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(legal(&atlantis, lone).len(), 31);
    let (walled, end) = after(&atlantis, lone, &["e1e1,e1a4", "e8e8,e8b4"]);
    assert_eq!(walled, "4k3/8/8/8/**6/8/8/4K3 w - - 2 2");
    assert_eq!(end, None);
    assert!(legal(&atlantis, &walled).contains(&"e1e1,e1c4".to_string()));
    // In check, no wall: not even one that would block it.
    assert_eq!(
        legal(&atlantis, "k7/8/8/8/8/8/8/r3K3 w - - 0 1"),
        ["e1d2", "e1e2", "e1f2"]
    );
}

/// Fairy-Stockfish's snort (on ataxx: hands without end), as pyffish
/// 0.0.90 plays it: a drop may not go beside a piece of the other side
/// along a file or a rank, though it may beside its own and beside the
/// other side's on a diagonal.
#[test]
fn a_snort_drop_keeps_off_the_other_sides_pieces_along_files_and_ranks() {
    let snort = one_section(
        "[snort:ataxx]\nimmobile = p\nstartFen = 8/8/8/8/8/8/8/8\nenclosingDrop = snort\n\
         flipEnclosedPieces = none\nmaxRank = 8\nmaxFile = 8\npassOnStalemate = false\n\
         stalematePieceCount = false\n",
    );
    let kept_off = |fen: &str| {
        let all = legal(&snort, fen);
        (1..=8)
            .flat_map(|r| ('a'..='h').map(move |f| format!("P@{f}{r}")))
            .filter(|m| !all.contains(m))
            .collect::<Vec<_>>()
    };
    let fen = "8/8/8/3p4/8/5P2/8/8";
    // White keeps off d5's four neighbours (and the squares taken).
    assert_eq!(
        kept_off(&format!("{fen} w - - 0 1")),
        ["P@f3", "P@d4", "P@c5", "P@d5", "P@e5", "P@d6"]
    );
    assert_eq!(
        kept_off(&format!("{fen} b - - 0 1")),
        ["P@f2", "P@e3", "P@f3", "P@g3", "P@f4", "P@d5"]
    );
}

/// Connect four's drops (`enclosingDrop = top`), as pyffish 0.0.90 finds
/// them in a position with a piece in the air: on the first rank, or on
/// top of a piece, never beneath one.
#[test]
fn a_connect_four_drop_rests_on_the_first_rank_or_on_a_piece() {
    let cfour = one_section(
        "[cfour]\nmaxRank = 6\nmaxFile = 7\nimmobile = p\n\
         startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1\n\
         pieceDrops = true\nenclosingDrop = top\ndoubleStep = false\ncastling = false\n\
         stalemateValue = draw\nimmobilityIllegal = false\nconnectN = 4\nnMoveRule = 0\n",
    );
    let fen = "7/7/7/2p4/7/1P5[PPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1";
    assert_eq!(
        legal(&cfour, fen),
        [
            "P@a1", "P@b2", "P@c1", "P@c4", "P@d1", "P@e1", "P@f1", "P@g1"
        ]
    );
}

/// Flipersi's first drops (`enclosingDropStart`) go to the four middle
/// squares while one of them is empty, and then enclose as in reversi, as
/// pyffish 0.0.90 plays them.
#[test]
fn flipersis_drops_leave_the_middle_once_it_is_full() {
    let flipersi = chess_rules::ini::builtin("flipersi").unwrap().unwrap();
    let start = Position::start(&flipersi).unwrap().fen();
    assert_eq!(
        legal(&flipersi, &after(&flipersi, &start, &["P@d4"]).0),
        ["P@d5", "P@e4", "P@e5"]
    );
    let full = after(&flipersi, &start, &["P@d4", "P@e5", "P@e4", "P@d5"]).0;
    assert_eq!(legal(&flipersi, &full), ["P@c6", "P@d6", "P@e6", "P@f6"]);
}

/// Ataxx's clones go beside a piece of their own in all eight directions
/// and turn the other side's pieces beside them in all eight, south as
/// north, as pyffish 0.0.90 plays them.
#[test]
fn an_ataxx_clone_goes_and_flips_in_every_direction() {
    let ataxx = chess_rules::ini::builtin("ataxx").unwrap().unwrap();
    let drops = |fen: &str| {
        let mut all = legal(&ataxx, fen);
        all.retain(|m| m.contains('@'));
        all
    };
    assert_eq!(
        drops("7/7/7/3P3/7/7/6p w - - 0 1"),
        [
            "P@c3", "P@c4", "P@c5", "P@d3", "P@d5", "P@e3", "P@e4", "P@e5"
        ]
    );
    assert_eq!(
        after(&ataxx, "7/7/7/2P4/7/2ppp2/7 w - - 0 1", &["P@d3"]).0,
        "7/7/7/2P4/3P3/2PPP2/7 b - - 0 1"
    );
}

/// Drops pushed in from each of the four edges (`enclosingDrop =
/// anyside`) in positions of a game pyffish 0.0.90 played, with its
/// legal drops there.
#[test]
fn drops_pushed_in_from_every_edge_in_a_game_fairy_stockfish_played() {
    let anyside = cfour_anyside();
    for (fen, expected) in [
        (
            "2PP2p/7/pp5/p6/7/P6/pP2P2[PPPPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 6",
            &[
                "a3", "a6", "b2", "b4", "b7", "c1", "c5", "c6", "d6", "e2", "f1", "f7", "g3", "g6",
            ][..],
        ),
        (
            "2PP2p/2pP3/ppP4/pp5/P6/Pp5/pP2P2[PPPPPPPPPPPPPPPPPpppppppppppppppp] w - - 0 9",
            &[
                "a6", "b3", "b6", "b7", "c1", "c2", "c4", "d5", "e2", "f1", "f7", "g6",
            ],
        ),
        (
            "2PP2p/pPpP3/ppPP3/pp5/PP5/Pp5/pPp1Pp1[PPPPPPPPPPPPPPppppppppppppp] w - - 0 12",
            &[
                "a7", "b7", "c2", "c3", "c4", "d1", "d4", "e2", "e5", "e6", "f2", "g6",
            ],
        ),
    ] {
        let expected: Vec<String> = expected.iter().map(|sq| format!("P@{sq}")).collect();
        assert_eq!(legal(&anyside, fen), expected, "{fen}");
    }
}

/// Fairy-Stockfish's cfour-anyside (connect four on a 7 × 7 board, drops
/// pushed in from any edge), written out.
fn cfour_anyside() -> Rules {
    one_section(
        "[cfour]\nmaxRank = 7\nmaxFile = 7\nimmobile = p\n\
         startFen = 7/7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1\n\
         pieceDrops = true\nenclosingDrop = anyside\ndoubleStep = false\ncastling = false\n\
         stalemateValue = draw\nimmobilityIllegal = false\nconnectN = 4\nnMoveRule = 0\n",
    )
}
