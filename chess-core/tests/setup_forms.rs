//! The four forms of setup (FEN words or string or tag, diagrams, piece
//! lists) read to the same positions, with every malformed or illegal
//! setup reported under the part concerned.

use chess_core::{ErrorKind, Options, Source, verify};

fn verify_one(text: &str) -> Result<(String, String), (ErrorKind, String, String)> {
    let source = Source::text(text, None, None);
    verify(&source, Options::default())
        .next()
        .expect("a game")
        .map(|g| {
            (
                shakmaty::fen::Fen::from_position(&g.start, shakmaty::EnPassantMode::Always)
                    .to_string(),
                g.san(),
            )
        })
        .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
}

const ITALIAN: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

#[test]
fn diagram_with_dots_and_digits() {
    let text = "board\n\
                r . b q k b n r\n\
                pppp1ppp\n\
                . . n . . . . .\n\
                4p3\n\
                . . B . P . . .\n\
                . . . . . N . .\n\
                P P P P . P P P\n\
                R N B Q K . . R\n\
                b KQkq - 3 3\n\
                3... Nf6 4. O-O";
    assert_eq!(
        verify_one(text),
        Ok((ITALIAN.to_string(), "Nf6 O-O".to_string()))
    );
}

#[test]
fn piece_lists_with_and_without_p() {
    let text = "white: Ke1 Qd1 Ra1 Rh1 Bc1 Bc4 Nb1 Nf3 a2 b2 c2 d2 Pe4 f2 g2 h2;\n\
                black: Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Nc6 Ng8 a7 b7 c7 d7 e5 f7 g7 h7\n\
                b KQkq - 3 3 Nf6";
    assert_eq!(
        verify_one(text),
        Ok((ITALIAN.to_string(), "Nf6".to_string()))
    );
    // Without fields after the side: no castling rights.
    let (fen, _) = verify_one("white: Ke1 Rh1 black: Ke8 w Kd2").unwrap();
    assert_eq!(fen, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
}

#[test]
fn fen_forms_agree() {
    let words = verify_one(&format!("fen {ITALIAN}")).unwrap().0;
    let string = verify_one(&format!("fen \"{ITALIAN}\"")).unwrap().0;
    let tags = verify_one(&format!("[SetUp \"1\"]\n[FEN \"{ITALIAN}\"]\n"))
        .unwrap()
        .0;
    assert_eq!(words, ITALIAN);
    assert_eq!(string, ITALIAN);
    assert_eq!(tags, ITALIAN);
}

#[test]
fn trailing_fields_may_be_left_out() {
    assert_eq!(
        verify_one("fen 4k3/8/8/8/8/8/8/4K2R w 1. Kd2").unwrap().0,
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
    );
    assert_eq!(
        verify_one("fen 4k3/8/8/8/8/8/8/4K2R w K 1. O-O").unwrap().0,
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    );
    assert_eq!(
        verify_one("fen 4k3/8/8/8/8/8/8/4K2R b K - 12 40 40... Kd7")
            .unwrap()
            .0,
        "4k3/8/8/8/8/8/8/4K2R b K - 12 40"
    );
}

#[test]
fn a_fullmove_number_of_zero_is_move_one() {
    // As python-chess and lichess read it (Bill Harvey's problem
    // collection writes `w - - 1 0`); `Games::warnings` says so.
    for setup in [
        "fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0",
        "fen \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0\"",
        "[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0\"]",
    ] {
        let (fen, _) = verify_one(&format!("{setup} 1. Re8#")).unwrap();
        assert_eq!(fen, "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 1", "{setup}");
    }
}

#[test]
fn chess960_castling_letters() {
    // Shredder-FEN file letters and X-FEN letters for the same rights.
    let shredder = verify_one("fen nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1")
        .unwrap()
        .0;
    let xfen = verify_one("fen nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1")
        .unwrap()
        .0;
    assert_eq!(shredder, xfen);
}

#[test]
fn malformed_setups_point_at_the_part() {
    let err = |t: &str| {
        let (k, at, _) = verify_one(t).unwrap_err();
        (k, at)
    };
    assert_eq!(
        err("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz"),
        (ErrorKind::BadSetup, "KQkz".into())
    );
    assert_eq!(
        err("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - x9"),
        (ErrorKind::ExpectedMove, "x9".into())
    );
    assert_eq!(
        err("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - x9\""),
        (ErrorKind::BadSetup, "x9".into())
    );
    assert_eq!(
        err("fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 99999999999\""),
        (ErrorKind::BadSetup, "99999999999".into())
    );
    // An escape in a FEN string or tag is an error under the backslash
    // (and never shifts the place of a later error).
    assert_eq!(
        err("[FEN \"rnbqkbnr/pp\\]p/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0\"] 1. e4"),
        (ErrorKind::BadSetup, "\\".into())
    );
    assert_eq!(
        err("fen \"8/8/8/8/8/8/8/4K2k w \\\"\""),
        (ErrorKind::BadSetup, "\\".into())
    );
    assert_eq!(
        err("board\n8\n8\n8\n8\n8\n8\n8\n4K3k w"),
        (ErrorKind::BadSetup, "4K3k".into())
    );
    assert_eq!(
        err("board\n8\n8\n8\n8\n8\n8\n4K2k\nw"),
        (ErrorKind::BadSetup, "8\n8\n8\n8\n8\n8\n4K2k".into())
    );
    assert_eq!(
        err("white: Ke1 e2 e2 black: Ke8 w"),
        (ErrorKind::BadSetup, "e2".into())
    );
    assert_eq!(
        err("white: Ke1 Xe2 black: Ke8 w"),
        (ErrorKind::BadSetup, "Xe2".into())
    );
}

#[test]
fn illegal_positions_name_the_rule() {
    let err = |t: &str| verify_one(t).unwrap_err();
    let (kind, at, msg) = err("white: Ke1 Ke2 black: Ke8 w");
    assert_eq!((kind, at.as_str()), (ErrorKind::IllegalPosition, "Ke2"));
    assert!(msg.contains("White has 2 kings, on e1 and e2"), "{msg}");
    let (_, at, msg) = err("white: Ke1 e8 black: Kh8 w");
    assert_eq!(at, "e8");
    assert!(msg.contains("pawn on e8"), "{msg}");
    let (_, at, msg) = err("white: Ke1 black: Ke8 Qe2 b");
    assert_eq!(at, "b");
    assert!(msg.contains("in check from the black queen on e2"), "{msg}");
    let (_, at, _) = err("fen r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
    assert_eq!(at, "KQkq");
    let (_, at, msg) = err("fen 4k3/pppppppp/8/8/8/PPPPPPPP/PPPPPPPP/4K3 w");
    assert_eq!(at, "4k3/pppppppp/8/8/8/PPPPPPPP/PPPPPPPP/4K3");
    assert!(msg.contains("too much material"), "{msg}");
}
