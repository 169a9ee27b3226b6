//! Variant games at run time against shakmaty: the facade applies the stored
//! moves itself (drops and pockets, promoted pieces, explosions, checks
//! given), and every position of thousands of seeded random games per
//! variant must be shakmaty's, as data and as FEN; every stored SAN, UCI
//! and move must be shakmaty's; and each game's outcome must be the one
//! shakmaty's rules give.

mod common;

use chess_core::{Checked, Options, Source, emit, verify};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::variant::{Variant as V, VariantPosition};
use shakmaty::{CastlingMode, EnPassantMode, KnownOutcome, Outcome as Known, Position as _};
use verified_chess::{Game, Move, Outcome, Position, Variant};

/// Games per variant.
const GAMES: u64 = 1000;

/// The runtime `Game` of a variant game's PGN, as the macros build it.
fn runtime_game(text: &str) -> Game {
    let source = Source::text(text, None, None);
    let mut games = verify(&source, Options::default());
    let syntax = games.next_syntax().expect("a game").expect("readable");
    let checked = games.check_syntax(&syntax).expect("legal");
    let Checked::Variant(verified) = checked else {
        panic!("a variant game");
    };
    let data = emit::game_data(&verified, "", None::<(&str, &str)>);
    Game {
        __data: Box::leak(data.into_boxed_str()),
    }
}

fn fen(pos: &VariantPosition) -> String {
    Fen::from_position(pos, EnPassantMode::Always).to_string()
}

#[test]
fn crazyhouse() {
    every_position_matches_shakmaty(V::Crazyhouse, Variant::Crazyhouse, "Crazyhouse");
}

#[test]
fn atomic() {
    every_position_matches_shakmaty(V::Atomic, Variant::Atomic, "Atomic");
}

#[test]
fn antichess() {
    every_position_matches_shakmaty(V::Antichess, Variant::Antichess, "Antichess");
}

#[test]
fn king_of_the_hill() {
    every_position_matches_shakmaty(V::KingOfTheHill, Variant::KingOfTheHill, "King of the Hill");
}

#[test]
fn three_check() {
    every_position_matches_shakmaty(V::ThreeCheck, Variant::ThreeCheck, "Three-check");
}

#[test]
fn horde() {
    every_position_matches_shakmaty(V::Horde, Variant::Horde, "Horde");
}

#[test]
fn racing_kings() {
    every_position_matches_shakmaty(V::RacingKings, Variant::RacingKings, "Racing Kings");
}

fn every_position_matches_shakmaty(rules: V, variant: Variant, tag: &str) {
    {
        let (mut plies, mut drops, mut ended, mut checks) = (0, 0, 0, 0);
        for seed in 0..GAMES {
            let mut rng = common::Rng::new(seed);
            let moves = common::random_moves(&mut rng, &VariantPosition::new(rules), 150);
            let mut pos = VariantPosition::new(rules);
            let mut text = format!("[Variant \"{tag}\"]\n");
            if pos.board() != shakmaty::Chess::default().board() {
                text.push_str(&format!("[FEN \"{}\"]\n", fen(&pos)));
            }
            text.push('\n');
            for (i, &m) in moves.iter().enumerate() {
                if i % 2 == 0 {
                    text.push_str(&format!("{}. ", i / 2 + 1));
                }
                text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
                text.push(' ');
            }
            let game = runtime_game(&text);
            assert_eq!(game.variant(), variant);
            assert_eq!(game.len(), moves.len(), "{text}");

            let mut pos = VariantPosition::new(rules);
            let mut positions = game.positions();
            let start = positions.next().expect("the start");
            assert_eq!(start.fen().to_string(), fen(&pos));
            assert_eq!(start, Position::from(&pos));
            for ((ply, runtime), &m) in game.plies().zip(positions).zip(&moves) {
                let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
                let at = || format!("{tag} seed {seed} after {san}");
                assert_eq!(ply.san.as_str(), san.to_string(), "{}", at());
                assert_eq!(
                    ply.uci.to_string(),
                    UciMove::from_move(m, CastlingMode::Standard).to_string(),
                    "{}",
                    at()
                );
                assert_eq!(ply.mv, Move::from(m), "{}", at());
                let back: shakmaty::Move = ply.mv.into();
                assert_eq!(back, m, "{}", at());
                assert_eq!(runtime.fen().to_string(), fen(&pos), "{}", at());
                assert_eq!(runtime, Position::from(&pos), "{}", at());
                assert_eq!(runtime.is_check(), pos.is_check(), "{}", at());
                // (Converting back is slow in a debug build: the first
                // games only.)
                if seed < 100 {
                    assert_eq!(
                        VariantPosition::try_from(&runtime).as_ref().ok(),
                        Some(&pos)
                    );
                }
                drops += usize::from(ply.mv.is_drop());
                checks += usize::from(runtime.is_check());
                plies += 1;
            }
            assert_eq!(game.final_position(), Position::from(&pos));
            // The outcome: the variant's own end, checkmate or stalemate,
            // or none.
            match pos.outcome() {
                Known::Known(KnownOutcome::Decisive { winner }) => {
                    assert_eq!(game.outcome().winner(), Some(winner.into()), "{text}");
                    assert!(game.outcome().is_automatic());
                    ended += 1;
                }
                Known::Known(KnownOutcome::Draw) => {
                    assert!(matches!(game.outcome(), Outcome::Draw { .. }), "{text}");
                    ended += 1;
                }
                Known::Unknown => assert!(!game.outcome().is_automatic(), "{text}"),
            }
        }
        // The games exercise what the variant adds.
        assert!(plies > 10_000, "{tag}: {plies} plies");
        assert!(ended > 0, "{tag}: no game ended");
        if variant == Variant::Crazyhouse {
            assert!(drops > 1000, "{drops} drops");
        }
        if matches!(variant, Variant::ThreeCheck | Variant::Crazyhouse) {
            assert!(checks > 100, "{tag}: {checks} checks");
        }
    }
}

fn shared_data() -> std::path::PathBuf {
    std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        std::path::PathBuf::from,
    )
}

/// The real variant games of `../shared/data` (lichess's crazyhouse and
/// antichess exports): as `Game` values, every position the facade
/// computes is shakmaty's, and `pgn()` writes a game that reads back to
/// the same moves.
#[test]
#[ignore = "needs ../shared/data"]
fn shared_variant_games_as_game_values() {
    let mut files: Vec<_> = std::fs::read_dir(shared_data())
        .expect("../shared/data (set VERIFIED_CHESS_DATA)")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".pgn") && (name.starts_with("antichess-") || name.contains("-zh-"))
        })
        .collect();
    files.sort();
    let (mut games, mut plies) = (0, 0);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let source = Source::text(text, None, None);
        let mut all = verify(&source, Options::default());
        while let Some(checked) = all.next_checked() {
            let Ok(Checked::Variant(verified)) = checked else {
                panic!("{}: {checked:?}", path.display());
            };
            let data = emit::game_data(&verified, "", None::<(&str, &str)>);
            let game = Game {
                __data: Box::leak(data.into_boxed_str()),
            };
            let mut pos = verified.start.clone();
            for (runtime, &m) in game.positions().skip(1).zip(&verified.moves) {
                pos.play_unchecked(m);
                assert_eq!(runtime, Position::from(&pos), "{}", path.display());
                assert_eq!(runtime.fen().to_string(), fen(&pos));
            }
            // `pgn()` writes the [Variant] tag: it reads back the same.
            let pgn = game.pgn().to_string();
            let again = Source::text(pgn.clone(), None, None);
            let mut back = verify(&again, Options::default());
            let syntax = back.next_syntax().unwrap().unwrap();
            let reread = back.check_syntax(&syntax).expect("pgn() reads back");
            assert_eq!(reread.san(), verified.san(), "{pgn}");
            games += 1;
            plies += verified.moves.len();
        }
    }
    assert_eq!((games, plies), (4, 296));
}
