//! The runtime model against shakmaty: applying the stored moves must give
//! shakmaty's positions (every FEN of seeded random games), and the stored
//! SAN, UCI and move data must be shakmaty's.

mod common;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode};
use verified_chess::{Move, MoveKind, Position};

#[test]
fn every_position_of_random_games_matches_shakmaty() {
    let mut plies = 0;
    let mut kinds = [0usize; 4];
    for seed in 0..300 {
        let (game, moves) = common::random_game(seed, 300);
        assert_eq!(game.len(), moves.len());
        let mut pos = Chess::default();
        let mut positions = game.positions();
        assert_eq!(
            positions.next().unwrap().fen().to_string(),
            Fen::from_position(&pos, EnPassantMode::Always).to_string()
        );
        for ((ply, runtime), &m) in game.plies().zip(positions).zip(&moves) {
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            assert_eq!(ply.san.as_str(), san.to_string(), "seed {seed}");
            assert_eq!(
                ply.uci.to_string(),
                UciMove::from_move(m, CastlingMode::Standard).to_string()
            );
            assert_eq!(ply.mv, Move::from(m));
            let back: shakmaty::Move = ply.mv.into();
            assert_eq!(back, m);
            assert_eq!(
                runtime.fen().to_string(),
                Fen::from_position(&pos, EnPassantMode::Always).to_string(),
                "seed {seed} after {}",
                ply.san
            );
            kinds[match ply.mv.kind {
                MoveKind::Normal => 0,
                MoveKind::DoublePush => 1,
                MoveKind::EnPassant => 2,
                MoveKind::Castle { .. } => 3,
                MoveKind::Drop => unreachable!("standard chess has no drops"),
            }] += 1;
            plies += 1;
        }
        assert_eq!(game.final_position(), Position::from(&pos));
        assert_eq!(game.position_after(game.len()), Some(game.final_position()));
        assert_eq!(game.position_after(game.len() + 1), None);
    }
    assert!(plies > 30_000, "{plies}");
    // Every kind of move was exercised.
    assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
}

#[test]
fn positions_convert_to_shakmaty_and_back() {
    for seed in 0..50 {
        let (game, _) = common::random_game(seed, 120);
        for pos in game.positions() {
            let chess = Chess::try_from(&pos).expect("valid");
            assert_eq!(Position::from(&chess), pos);
        }
    }
}

#[test]
fn chess960_games_match_shakmaty() {
    use shakmaty::{Board, FromSetup, Position as _, Setup};
    let mut castles = 0;
    for seed in 0..200u64 {
        let mut rng = common::Rng::new(seed);
        let mut setup = Setup::empty();
        setup.board = Board::chess960(rng.below(960) as u32);
        setup.castling_rights = setup.board.rooks();
        let start = Chess::from_setup(setup, CastlingMode::Chess960).unwrap();
        let moves = common::random_moves(&mut rng, &start, 120);
        let fen = Fen::from_position(&start, EnPassantMode::Always);
        let text = format!(
            "[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n{}",
            common::san_text(&start, &moves)
        );
        let game = common::runtime_game(&common::verify(&text), &[]);
        assert!(game.is_chess960());
        let mut pos = start.clone();
        for ((ply, runtime), &m) in game.plies().zip(game.positions().skip(1)).zip(&moves) {
            pos.play_unchecked(m);
            assert_eq!(
                ply.uci.to_string(),
                UciMove::from_move(m, CastlingMode::Chess960).to_string()
            );
            assert_eq!(
                runtime.fen().to_string(),
                Fen::from_position(&pos, EnPassantMode::Always).to_string(),
                "seed {seed} after {}",
                ply.san
            );
            castles += usize::from(ply.mv.is_castle());
        }
    }
    assert!(castles > 20, "{castles}");
}
