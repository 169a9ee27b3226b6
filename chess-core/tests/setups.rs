//! Setups: random legal positions (reached by random legal games, standard
//! and Chess960) written in every setup form read back to the same shakmaty
//! `Setup`, through the text and the token front ends; moves then replay
//! from them.

mod common;

use chess_core::syntax::Parser;
use chess_core::{Options, Source, expand, verify};
use common::{cases, rng};
use proptest::prelude::*;
use proptest::test_runner::TestRng;
use rand::RngExt;
use shakmaty::fen::Fen;
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position, Setup, Square,
};

fn random_position(rng: &mut TestRng, chess960: bool, plies: usize) -> (Chess, CastlingMode) {
    let (mut pos, mode) = if chess960 {
        let mut setup = Setup::empty();
        setup.board = Board::chess960(rng.random_range(0..960));
        setup.castling_rights = setup.board.rooks();
        (
            Chess::from_setup(setup, CastlingMode::Chess960).expect("960 start"),
            CastlingMode::Chess960,
        )
    } else {
        (Chess::default(), CastlingMode::Standard)
    };
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        pos.play_unchecked(m);
    }
    (pos, mode)
}

/// The fields after the board, as FEN writes them.
fn fields(fen: &str) -> &str {
    fen.split_once(' ').map_or("", |(_, rest)| rest)
}

fn diagram(setup: &Setup, fen: &str, dots: bool) -> String {
    let mut out = String::from("board\n");
    for rank in (0..8).rev() {
        for file in 0..8 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            match setup.board.piece_at(sq) {
                Some(p) => out.push(p.char()),
                None => out.push(if dots { '.' } else { '1' }),
            }
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str(fields(fen));
    out
}

fn piece_list(setup: &Setup, fen: &str, with_p: bool) -> String {
    let mut out = String::new();
    for color in [Color::White, Color::Black] {
        out.push_str(if color == Color::White {
            "white:"
        } else {
            "black:"
        });
        for (sq, piece) in setup.board.iter() {
            if piece.color == color {
                out.push(' ');
                if piece.role != shakmaty::Role::Pawn || with_p {
                    out.push(piece.role.upper_char());
                }
                out.push_str(&sq.to_string());
            }
        }
        out.push_str(if color == Color::White { ";\n" } else { "\n" });
    }
    out.push_str(fields(fen));
    out
}

/// The setup a text describes, through the text front end and, when given
/// `tokens`, through the token front end too.
fn read(text: &str, tokens: bool) -> Setup {
    let source = if tokens {
        expand::front_end(text.parse().expect("tokenizes"))
    } else {
        Source::text(text, None, None)
    };
    let game = Parser::new(&source)
        .next()
        .expect("a game")
        .unwrap_or_else(|d| panic!("{}: {text}", d.message));
    game.setup
        .unwrap_or_else(|d| panic!("{}: {text}", d.message))
        .expect("a setup")
        .setup
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(128)))]

    #[test]
    fn every_form_gives_the_same_setup(seed in any::<u64>(), plies in 0usize..60, chess960 in any::<bool>()) {
        let mut rng = rng(seed);
        let (pos, mode) = random_position(&mut rng, chess960, plies);
        let setup = pos.to_setup(EnPassantMode::Always);
        let fen = Fen::from_position(&pos, EnPassantMode::Always).to_string();

        let forms = [
            format!("fen {fen}"),
            format!("fen \"{fen}\""),
            format!("[SetUp \"1\"]\n[FEN \"{fen}\"]"),
            diagram(&setup, &fen, true),
            diagram(&setup, &fen, false),
            piece_list(&setup, &fen, false),
            piece_list(&setup, &fen, true),
        ];
        for form in &forms {
            prop_assert_eq!(&read(form, false), &setup, "text: {}", form);
            if !form.starts_with('[') {
                prop_assert_eq!(&read(form, true), &setup, "tokens: {}", form);
            }
        }

        // The setup validates to the same position, in the castling mode
        // the game's variant asks for.
        let variant = if chess960 { "[Variant \"Chess960\"]\n" } else { "" };
        let source = Source::text(format!("{variant}fen {fen}").as_str(), None, None);
        let verified = verify(&source, Options::default()).next().unwrap().unwrap();
        prop_assert_eq!(verified.start.to_setup(EnPassantMode::Always), setup);
        if chess960 {
            prop_assert_eq!(verified.mode, CastlingMode::Chess960);
        }
        let _ = mode;
    }
}
