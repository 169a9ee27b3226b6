//! `FromStr for Position`: FEN read at run time, without a rules engine,
//! agrees with shakmaty (the engine the macros verify with) on which
//! positions are legal and on the position read; each error says what is
//! wrong.

use shakmaty::fen::Fen as ShakmatyFen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, PositionErrorKinds};
use verified_chess::{Color, Illegal, Position, Problem, Rank, Square, games};

fn problem(fen: &str) -> Problem {
    fen.parse::<Position>().unwrap_err().problem()
}

fn message(fen: &str) -> String {
    fen.parse::<Position>().unwrap_err().to_string()
}

#[test]
fn reads_what_fen_writes_for_every_position_of_real_games() {
    let games = games! {
        [Event "Opera"] 1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
        7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7
        12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8 # 1-0
        [Event "En passant and promotion"] 1. e4 Nf6 2. e5 d5 3. exd6 e5 4. dxc7 e4 5. cxd8=Q+ Kxd8 *
        [Variant "Chess960"] [FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
        9. g3 c4 10. Nf3 b5 *
    };
    let mut positions = 0;
    for game in games {
        for pos in game.positions() {
            let fen = pos.fen().to_string();
            let read: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(read, pos, "{fen}");
            positions += 1;
        }
    }
    assert!(positions > 40);
}

#[test]
fn leaves_out_fields_as_other_readers_do() {
    let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        .parse()
        .unwrap();
    assert_eq!(pos.turn(), Color::White);
    assert!(pos.castling_rights().is_empty());
    let pos: Position = "4k3/8/8/8/8/8/8/4K3_b_-_-_7_40".parse().unwrap();
    assert_eq!(
        (pos.turn(), pos.halfmove_clock(), pos.fullmove_number()),
        (Color::Black, 7, 40)
    );
    // A move number 0 (as some problem collections write) is move 1.
    let pos: Position = "4k3/8/8/8/8/8/8/4K3 w - - 1 0".parse().unwrap();
    assert_eq!(pos.fullmove_number(), 1);
    // Shredder-FEN's castling letters name the same rooks as X-FEN's.
    let shredder: Position = "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".parse().unwrap();
    let x_fen: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    assert_eq!(shredder, x_fen);
    assert_eq!(
        shredder.fen().to_string(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

#[test]
fn says_what_is_wrong_with_the_text() {
    let cases: &[(&str, Problem, &str)] = &[
        ("", Problem::Empty, "not a FEN: the text is empty"),
        (
            "8/8/8/8/8/8/8 w - - 0 1",
            Problem::Ranks(7),
            "not a FEN: the board has 7 ranks; it has 8, from the 8th to the 1st, separated by `/`",
        ),
        (
            "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
            Problem::RankLength {
                rank: Rank::Eighth,
                squares: 9,
            },
            "not a FEN: rank 8 covers 9 squares; each rank covers 8 (pieces and counts of empty squares)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2RR w - - 0 1",
            Problem::RankLength {
                rank: Rank::First,
                squares: 9,
            },
            "not a FEN: rank 1 covers 9 squares; each rank covers 8 (pieces and counts of empty squares)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            Problem::RankLength {
                rank: Rank::First,
                squares: 7,
            },
            "not a FEN: rank 1 covers 7 squares; each rank covers 8 (pieces and counts of empty squares)",
        ),
        (
            "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
            Problem::NotBoardChar('X'),
            "not a FEN: `X` is neither a piece letter (`KQRBNP`, black in lower case) nor a count of empty squares (`1` to `8`)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            Problem::NotOneOf("the side to move, `w` or `b`"),
            "not a FEN: expected the side to move, `w` or `b`",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w X - 0 1",
            Problem::NotCastling('X'),
            "not a FEN: `X` is not a castling right (`K`, `Q`, `k`, `q`, a rook's file, or `-` for none)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            Problem::NotRank('9'),
            "not a FEN: `9` is not a rank (`1` to `8`)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            Problem::NotOneOf("the half-move clock (a number) after the en passant square"),
            "not a FEN: expected the half-move clock (a number) after the en passant square",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1.",
            Problem::NotOneOf("the move number (a number) after the half-move clock"),
            "not a FEN: expected the move number (a number) after the half-move clock",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            Problem::FieldAfterEnd('e'),
            "not a FEN: expected nothing after the move number, found `e`",
        ),
    ];
    for (fen, expected, text) in cases {
        assert_eq!(problem(fen), *expected, "{fen}");
        assert_eq!(message(fen), *text, "{fen}");
        assert!(
            ShakmatyFen::from_ascii(fen.as_bytes()).is_err() || fen.contains("1."),
            "shakmaty reads `{fen}`"
        );
    }
}

#[test]
fn says_which_rule_a_position_breaks() {
    let cases: &[(&str, Illegal, &str)] = &[
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            Illegal::EmptyBoard,
            "the board is empty: each side needs a king",
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            Illegal::NoKing(Color::Black),
            "Black has no king",
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            Illegal::Kings(Color::White),
            "White has more than one king: each side has exactly one",
        ),
        (
            "3pk3/8/8/8/8/8/8/4K3 w - - 0 1",
            Illegal::PawnOnBackRank(Square::D8),
            "the pawn on d8 stands on the last rank, where a pawn can never be",
        ),
        (
            "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
            Illegal::OppositeCheck(Color::Black),
            "White is to move, but Black's king is in check: the side that has just moved cannot be in check",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            Illegal::NoCastlingRook(Square::H1),
            "invalid castling rights: there is no white rook on h1",
        ),
        (
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
            Illegal::CastlingRight(Square::H1),
            "invalid castling rights: the rook on h1 does not castle: castling needs the king on its first rank and this rook on the same rank, the outermost one with a right on its side",
        ),
        (
            "4k3/8/8/8/8/8/8/RR2K2R w ABH - 0 1",
            Illegal::CastlingRights(Color::White),
            "White has more than two castling rights: one on each side of the king at most",
        ),
        (
            "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1",
            Illegal::EnPassant(Square::E6),
            "invalid en passant square e6: it must be on the sixth rank of the side to move, empty, with the pawn that just advanced two squares right in front of it and the square it came from empty",
        ),
        (
            "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            Illegal::ImpossibleCheck(Square::E1),
            "impossible check: the king on e1 is attacked in a way no legal move can bring about",
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            Illegal::TooMuchMaterial(Color::White),
            "too much material: White has more pieces than eight pawns and their promotions allow",
        ),
    ];
    for (fen, illegal, text) in cases {
        assert_eq!(problem(fen), Problem::Illegal(*illegal), "{fen}");
        assert_eq!(
            message(fen),
            format!("not a legal position: {text}"),
            "{fen}"
        );
        assert!(shakmaty_reads(fen).is_err(), "shakmaty accepts `{fen}`");
    }
}

/// shakmaty's reading of a FEN, with the castling rules it needs.
fn shakmaty_reads(fen: &str) -> Result<Chess, String> {
    let fen = ShakmatyFen::from_ascii(fen.as_bytes()).map_err(|e| e.to_string())?;
    let mode = CastlingMode::detect(fen.as_setup());
    fen.into_position(mode)
        .map_err(|e| format!("{:?}", e.kinds()))
}

/// The shakmaty rule a reason of ours is.
fn kind(illegal: Illegal) -> PositionErrorKinds {
    match illegal {
        Illegal::EmptyBoard => PositionErrorKinds::EMPTY_BOARD,
        Illegal::NoKing(_) => PositionErrorKinds::MISSING_KING,
        Illegal::Kings(_) => PositionErrorKinds::TOO_MANY_KINGS,
        Illegal::PawnOnBackRank(_) => PositionErrorKinds::PAWNS_ON_BACKRANK,
        Illegal::OppositeCheck(_) => PositionErrorKinds::OPPOSITE_CHECK,
        Illegal::NoCastlingRook(_) | Illegal::CastlingRight(_) => {
            PositionErrorKinds::INVALID_CASTLING_RIGHTS
        }
        Illegal::CastlingRights(_) => PositionErrorKinds::empty(),
        Illegal::EnPassant(_) => PositionErrorKinds::INVALID_EP_SQUARE,
        Illegal::ImpossibleCheck(_) => PositionErrorKinds::IMPOSSIBLE_CHECK,
        Illegal::TooMuchMaterial(_) => PositionErrorKinds::TOO_MUCH_MATERIAL,
        _ => unreachable!("a reason this test does not know: {illegal:?}"),
    }
}

/// A small deterministic generator (xorshift64*), so that the cases are
/// the same on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// A FEN that is often nearly legal: a sparse board, kings on their
/// squares, castling rights and en passant squares that sometimes fit.
fn random_fen(r: &mut Random) -> String {
    let mut board = [None::<char>; 64];
    let pieces = r.below(14);
    for _ in 0..pieces {
        board[r.below(64) as usize] =
            Some(r.pick(&['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']));
    }
    // Sometimes one side with more than its pawns could promote to.
    if r.below(8) == 0 {
        let side: &[char] = if r.below(2) == 0 {
            &['Q', 'R', 'N', 'B', 'P']
        } else {
            &['q', 'r', 'n', 'b', 'p']
        };
        for _ in 0..8 + r.below(10) {
            board[8 + r.below(48) as usize] = Some(r.pick(side));
        }
    }
    // Back-rank rooks and kings where castling is possible.
    if r.below(2) == 0 {
        for (square, piece) in [
            (0, 'R'),
            (7, 'R'),
            (56, 'r'),
            (63, 'r'),
            (4, 'K'),
            (60, 'k'),
        ] {
            if r.below(4) != 0 {
                board[square] = Some(piece);
            }
        }
    }
    for king in ['K', 'k'] {
        match r.below(20) {
            0 => {}
            1 => {
                board[r.below(64) as usize] = Some(king);
                board[r.below(64) as usize] = Some(king);
            }
            _ if board.contains(&Some(king)) => {}
            _ => board[r.below(64) as usize] = Some(king),
        }
    }
    // A pawn that may just have advanced two squares.
    if r.below(3) == 0 {
        let file = r.below(8) as usize;
        if r.below(2) == 0 {
            board[24 + file] = Some('P');
        } else {
            board[32 + file] = Some('p');
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(piece) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if r.below(2) == 0 { " w " } else { " b " });
    let rights: String = (0..r.below(4))
        .map(|_| {
            r.pick(&[
                'K', 'Q', 'k', 'q', 'K', 'Q', 'k', 'q', 'A', 'H', 'a', 'h', 'C', 'f',
            ])
        })
        .collect();
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    let file = (b'a' + r.below(8) as u8) as char;
    match r.below(4) {
        0 => fen.push_str(&format!(" {file}3")),
        1 => fen.push_str(&format!(" {file}6")),
        _ => fen.push_str(" -"),
    }
    fen.push_str(" 0 1");
    fen
}

#[test]
fn agrees_with_shakmaty_on_many_positions() {
    let mut r = Random(0x9e37_79b9_7f4a_7c15);
    let (mut legal, mut illegal) = (0, 0);
    for _ in 0..200_000 {
        let fen = random_fen(&mut r);
        let ours = fen.parse::<Position>();
        let theirs = shakmaty_reads(&fen);
        match (&ours, &theirs) {
            (Ok(pos), Ok(chess)) => {
                let written = ShakmatyFen::from_position(chess, EnPassantMode::Always).to_string();
                assert_eq!(pos.fen().to_string(), written, "{fen}");
                legal += 1;
            }
            (Err(error), Err(reasons)) => {
                if let Problem::Illegal(reason) = error.problem()
                    && reason != Illegal::CastlingRights(Color::White)
                    && reason != Illegal::CastlingRights(Color::Black)
                {
                    let setup = ShakmatyFen::from_ascii(fen.as_bytes()).unwrap();
                    let mode = CastlingMode::detect(setup.as_setup());
                    let kinds = setup.into_position::<Chess>(mode).unwrap_err().kinds();
                    assert!(
                        kinds.contains(kind(reason)),
                        "{fen}: we say {reason:?}, shakmaty {reasons}"
                    );
                }
                illegal += 1;
            }
            _ => panic!("{fen}: we read {ours:?}, shakmaty {theirs:?}"),
        }
    }
    // Both kinds are common enough to test something.
    assert!(
        legal > 10_000 && illegal > 10_000,
        "{legal} legal, {illegal} illegal"
    );
}
