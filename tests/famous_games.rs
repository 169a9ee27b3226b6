//! Famous games typed in as `const` values: their outcome, result, length and
//! final position (the FENs were computed independently with python-chess).

use verified_chess::{Color, DecisiveReason, Game, GameResult, MoveKind, Outcome, Position, game};

const OPERA_GAME: Game = game! {
    [Event "Opera Game"]
    [White "Paul Morphy"]
    [Black "Duke Karl / Count Isouard"]
    [Date "1858.??.??"]
    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
    8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8 # 1-0
};

// Kasparov's Immortal, Wijk aan Zee 1999: Topalov resigned after 44. Qa7.
const KASPAROV_TOPALOV: Game = game! {
    1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7
    8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O
    14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5
    20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6
    26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3
    32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7
    38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 41. Qa4+ Ke1 42. f4 f5 43. Kc1 Rd2
    44. Qa7 1-0
};

// Anderssen–Kieseritzky, London 1851, in long algebraic notation.
const IMMORTAL_GAME: Game = game! {
    1. e2-e4 e7-e5 2. f2-f4 e5xf4 3. Bf1-c4 Qd8-h4+ 4. Ke1-f1 b7-b5 5. Bc4xb5 Ng8-f6
    6. Ng1-f3 Qh4-h6 7. d2-d3 Nf6-h5 8. Nf3-h4 Qh6-g5 9. Nh4-f5 c7-c6 10. g2-g4 Nh5-f6
    11. Rh1-g1 c6xb5 12. h2-h4 Qg5-g6 13. h4-h5 Qg6-g5 14. Qd1-f3 Nf6-g8 15. Bc1xf4 Qg5-f6
    16. Nb1-c3 Bf8-c5 17. Nc3-d5 Qf6xb2 18. Bf4-d6 Bc5xg1 19. e4-e5 Qb2xa1+ 20. Kf1-e2 Nb8-a6
    21. Nf5xg7+ Ke8-d8 22. Qf3-f6+ Ng8xf6 23. Bd6-e7 # 1-0
};

// The Evergreen Game, Anderssen–Dufresne, Berlin 1852, in UCI notation.
const EVERGREEN_GAME: Game = game! {
    e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4 c5b4 c2c3 b4a5 d2d4 e5d4 e1g1 d4d3 d1b3 d8f6
    e4e5 f6g6 f1e1 g8e7 c1a3 b7b5 b3b5 a8b8 b5a4 a5b6 b1d2 c8b7 d2e4 g6f5 c4d3 f5h5
    e4f6 g7f6 e5f6 h8g8 a1d1 h5f3 e1e7 c6e7 a4d7 e8d7 d3f5 d7e8 f5d7 e8f8 a3e7 1-0
};

// The Game of the Century, D. Byrne–Fischer, New York 1956.
const GAME_OF_THE_CENTURY: Game = game! {
    1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6
    8. e4 Nbd7 9. Rd1 Nb6 10. Qc5 Bg4 11. Bg5 Na4 12. Qa3 Nxc3 13. bxc3 Nxe4
    14. Bxe7 Qb6 15. Bc4 Nxc3 16. Bc5 Rfe8+ 17. Kf1 Be6 18. Bxb6 Bxc4+ 19. Kg1 Ne2+
    20. Kf1 Nxd4+ 21. Kg1 Ne2+ 22. Kf1 Nc3+ 23. Kg1 axb6 24. Qb4 Ra4 25. Qxb6 Nxd1
    26. h3 Rxa2 27. Kh2 Nxf2 28. Re1 Rxe1 29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4
    32. Qb8 b5 33. h4 h5 34. Ne5 Kg7 35. Kg1 Bc5+ 36. Kf1 Ng3+ 37. Ke1 Bb4+
    38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ 41. Kc1 Rc2 # 0-1
};

fn checkmate_by(winner: Color) -> Outcome {
    Outcome::Decisive {
        winner,
        reason: DecisiveReason::Checkmate,
    }
}

#[test]
fn opera_game() {
    assert_eq!(OPERA_GAME.len(), 33);
    assert_eq!(OPERA_GAME.outcome(), checkmate_by(Color::White));
    assert_eq!(OPERA_GAME.result(), GameResult::WhiteWins);
    assert_eq!(OPERA_GAME.tag("White"), Some("Paul Morphy"));
    assert_eq!(OPERA_GAME.tags().count(), 4);
    assert_eq!(OPERA_GAME.tags().next(), Some(("Event", "Opera Game")));
    assert_eq!(OPERA_GAME.sans().next_back().as_deref(), Some("Rd8#"));
    let castle = OPERA_GAME.move_at(22).unwrap();
    assert!(matches!(castle.kind, MoveKind::Castle { .. }));
    assert_eq!(
        OPERA_GAME.final_position().fen().to_string(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
}

#[test]
fn kasparov_topalov() {
    assert_eq!(KASPAROV_TOPALOV.len(), 87);
    assert_eq!(
        KASPAROV_TOPALOV.outcome(),
        Outcome::Decisive {
            winner: Color::White,
            reason: DecisiveReason::Declared
        }
    );
    assert_eq!(KASPAROV_TOPALOV.result(), GameResult::WhiteWins);
    assert_eq!(KASPAROV_TOPALOV.san(46).as_deref(), Some("Rxd4"));
    assert_eq!(
        KASPAROV_TOPALOV.final_position().fen().to_string(),
        "8/Q6p/6p1/5p2/5P2/2p3P1/3r3P/2K1k3 b - - 3 44"
    );
}

#[test]
fn immortal_game_in_long_algebraic() {
    assert_eq!(IMMORTAL_GAME.len(), 45);
    assert_eq!(IMMORTAL_GAME.outcome(), checkmate_by(Color::White));
    assert_eq!(IMMORTAL_GAME.sans().next_back().as_deref(), Some("Be7#"));
    assert_eq!(
        IMMORTAL_GAME.final_position().fen().to_string(),
        "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23"
    );
}

#[test]
fn evergreen_game_in_uci() {
    assert_eq!(EVERGREEN_GAME.len(), 47);
    assert_eq!(EVERGREEN_GAME.outcome(), checkmate_by(Color::White));
    assert_eq!(EVERGREEN_GAME.san(12).as_deref(), Some("O-O"));
    assert_eq!(EVERGREEN_GAME.sans().next_back().as_deref(), Some("Bxe7#"));
    assert_eq!(
        EVERGREEN_GAME.final_position().fen().to_string(),
        "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24"
    );
}

#[test]
fn game_of_the_century() {
    assert_eq!(GAME_OF_THE_CENTURY.len(), 82);
    assert_eq!(GAME_OF_THE_CENTURY.outcome(), checkmate_by(Color::Black));
    assert_eq!(GAME_OF_THE_CENTURY.result(), GameResult::BlackWins);
    let final_position: Position = GAME_OF_THE_CENTURY.final_position();
    assert_eq!(
        final_position.fen().to_string(),
        "1Q6/5pk1/2p3p1/1p2N2p/1b5P/1bn5/2r3P1/2K5 w - - 16 42"
    );
    // Every intermediate position is reachable through the iterator too.
    assert_eq!(GAME_OF_THE_CENTURY.positions().count(), 83);
    assert_eq!(GAME_OF_THE_CENTURY.positions().last(), Some(final_position));
}
