// Every setup form, in game! and position!; moves continue from the setup's
// move number and side to move; Chess960 castling.
use verified_chess::{Color, Game, GameResult, Position, game, position};

const ITALIAN_FEN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

const FEN_WORDS: Game = game! {
    fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
    3... Nf6 4. Ng5 d5 5. exd5 Nxd5
};
const FEN_STRING: Game = game! {
    fen "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
    3... Nf6
};
const FEN_TAGS: Game = game! {
    [Event "Two Knights"]
    [SetUp "1"]
    [FEN "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"]
    3... Nf6 4. O-O
};
const DIAGRAM: Game = game! {
    board
        r . b q k b n r
        pppp1ppp
        . . n . . . . .
        4p3
        . . B . P . . .
        . . . . . N . .
        P P P P . P P P
        R N B Q K . . R
    b KQkq - 3 3
    3... Nf6 4. O-O Bc5
};
const PIECE_LIST: Game = game! {
    white: Ke1 Qd1 Ra1 Rh1 Bc1 Bc4 Nb1 Nf3 a2 b2 c2 d2 Pe4 f2 g2 h2;
    black: Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Nc6 Ng8 a7 b7 c7 d7 e5 f7 g7 h7
    b KQkq - 3 3
    3... Nf6
};
// Diagrams and piece lists have no castling rights unless given.
const NO_RIGHTS: Game = game! { white: Kg1 Ra1 black: Kg8 f7 g7 h7 w 1. Ra8 # 1-0 };
// Move numbers continue from the setup: Black's 23rd move.
const LATE: Game = game! {
    fen 4r1k1/5ppp/8/8/4R3/8/5PPP/6K1 b - - 0 23
    23... Rxe4 24. h3 Re1+ 25. Kh2 0-1
};
// Chess960 (X-FEN or Shredder-FEN castling), castling king-to-rook in UCI.
const FISCHER_RANDOM: Game = game! {
    [Variant "Chess960"]
    [FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1"]
    1. Nb3 Nb6 2. Ne3 Ne6 3. e1g1 O-O
};

const P_FEN: Position = position! { fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 };
const P_STRING: Position = position!("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
const P_TAG: Position = position! { [FEN "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"] };
const P_DIAGRAM: Position = position! {
    board
        r1bqkbnr
        pppp1ppp
        2n5
        4p3
        2B1P3
        5N2
        PPPP1PPP
        RNBQK2R
    b KQkq - 3 3
};
const P_LIST: Position = position! {
    white: Ke1 Qd1 Ra1 Rh1 Bc1 Bc4 Nb1 Nf3 a2 b2 c2 d2 e4 f2 g2 h2
    black: Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Nc6 Ng8 a7 b7 c7 d7 e5 f7 g7 h7
    b KQkq - 3 3
};
// A fullmove number of `0` (as Bill Harvey's problem collection writes
// `w - - 1 0`) is move 1, as python-chess and lichess read it.
const MOVE_ZERO: Position = position! { fen "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0" };

fn main() {
    for game in [FEN_WORDS, FEN_STRING, FEN_TAGS, DIAGRAM, PIECE_LIST] {
        assert_eq!(game.start().fen().to_string(), ITALIAN_FEN);
        assert_eq!(game.san(0).as_deref(), Some("Nf6"));
    }
    assert_eq!(FEN_WORDS.final_position().fen().to_string(), "r1bqkb1r/ppp2ppp/2n5/3np1N1/2B5/8/PPPP1PPP/RNBQK2R w KQkq - 0 6");
    assert_eq!(FEN_TAGS.tag("Event"), Some("Two Knights"));
    assert_eq!(DIAGRAM.san(2).as_deref(), Some("Bc5"));
    for p in [P_FEN, P_STRING, P_TAG, P_DIAGRAM, P_LIST] {
        assert_eq!(p.fen().to_string(), ITALIAN_FEN);
    }
    assert_eq!(MOVE_ZERO.fullmove_number(), 1);
    assert!(NO_RIGHTS.start().castling_rights().is_empty());
    assert_eq!(NO_RIGHTS.result(), GameResult::WhiteWins);
    let first = LATE.plies().next().unwrap();
    assert_eq!((first.number, first.color, first.san.as_str()), (23, Color::Black, "Rxe4"));
    assert_eq!(LATE.result(), GameResult::BlackWins);
    assert!(FISCHER_RANDOM.is_chess960());
    let castle = FISCHER_RANDOM.plies().nth(4).unwrap();
    assert_eq!((castle.san.as_str(), castle.uci.to_string()), ("O-O", "e1g1".to_string()));
    // The final FEN computed with python-chess.
    assert_eq!(
        FISCHER_RANDOM.final_position().fen().to_string(),
        "1bbr1rkq/pppppppp/1n2n3/8/8/1N2N3/PPPPPPPP/1BBR1RKQ w - - 6 4"
    );
    assert_eq!(
        LATE.final_position().fen().to_string(),
        "6k1/5ppp/8/8/8/7P/5PPK/4r3 b - - 2 25"
    );
}
