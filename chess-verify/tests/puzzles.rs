//! lichess puzzle files: every row of `tests/puzzles/lichess.csv` (random
//! endgames in the lichess format, written by `make_fixture.py`) judged as
//! python-chess's exhaustive search judged it (`expected.txt`): sound
//! mates accepted, second solutions, lines that do not mate, wrong move
//! counts, illegal moves and positions rejected at the cell concerned,
//! and other mates on the last move reported as warnings.

use std::collections::BTreeMap;
use std::path::PathBuf;

use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::syntax::puzzles::lichess_rows;
use chess_core::{ErrorKind, Help, Source};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/puzzles")
}

fn expected() -> BTreeMap<String, (String, Vec<String>)> {
    std::fs::read_to_string(fixture().join("expected.txt"))
        .unwrap()
        .lines()
        .map(|line| {
            let mut fields = line.split('\t');
            let id = fields.next().unwrap().to_string();
            let verdict = fields.next().unwrap().to_string();
            let also = fields
                .next()
                .unwrap_or("")
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            (id, (verdict, also))
        })
        .collect()
}

/// The UCI of the move a diagnostic's message names second (the other
/// key), found among the legal moves of `pos` by its SAN.
fn uci_of_san(pos: &Chess, san: &str) -> Option<String> {
    pos.legal_moves().into_iter().find_map(|m| {
        let written = shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string();
        (written == san).then(|| UciMove::from_move(m, pos.castles().mode()).to_string())
    })
}

#[test]
fn every_row_is_judged_as_python_chess_judged_it() {
    let text = std::fs::read_to_string(fixture().join("lichess.csv")).unwrap();
    let source = Source::text(text.as_str(), Some("lichess.csv".into()), None);
    let expected = expected();
    let mut seen = 0;
    for row in lichess_rows(&source) {
        let row = row.expect("every row reads");
        let id = row.cell(&source, "PuzzleId").unwrap().to_string();
        let (verdict, also) = &expected[&id];
        let result = check_lichess(&row, &source, PuzzleOptions::default());
        let mut words = verdict.split(' ');
        match (words.next().unwrap(), result) {
            ("ok", Ok(checked)) => {
                // The warnings name exactly the other mates python-chess found.
                let mut warned: Vec<String> = Vec::new();
                for w in &checked.warnings {
                    assert_eq!(w.kind, ErrorKind::SecondSolution, "{id}");
                    let san = w
                        .message
                        .split('`')
                        .nth(3)
                        .unwrap()
                        .rsplit(' ')
                        .next()
                        .unwrap();
                    let mut pos = checked.game.start.clone();
                    for &m in &checked.game.moves[..checked.game.moves.len() - 1] {
                        pos.play_unchecked(m);
                    }
                    warned.push(uci_of_san(&pos, san).unwrap());
                    assert!(
                        w.message.contains("other moves do") || also.len() == 1,
                        "{id}: {}",
                        w.message
                    );
                }
                if also.is_empty() {
                    assert!(warned.is_empty(), "{id}: {warned:?}");
                } else {
                    assert_eq!(warned.len(), 1, "{id}");
                    assert!(
                        also.contains(&warned[0]),
                        "{id}: {warned:?} not in {also:?}"
                    );
                }
            }
            ("second-solution", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::SecondSolution, "{id}: {}", d.message);
                // Under the key, naming one of the other keys.
                let others: Vec<&str> = words.next().unwrap().split(',').collect();
                let key_cell = row.game.plies[1].range;
                assert_eq!(d.range, key_cell, "{id}");
                let san = d
                    .message
                    .split('`')
                    .nth(3)
                    .unwrap()
                    .rsplit(' ')
                    .next()
                    .unwrap();
                let fen: Fen = row.cell(&source, "FEN").unwrap().parse().unwrap();
                let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
                pos.play_unchecked(row_move(&pos, source.slice(row.game.plies[0].range)));
                let uci = uci_of_san(&pos, san).unwrap();
                assert!(
                    others.contains(&uci.as_str()),
                    "{id}: {uci} not in {others:?}"
                );
                assert!(
                    d.help
                        .iter()
                        .any(|h| matches!(h, Help::Note(n) if n.starts_with("the proof: "))),
                    "{id}"
                );
            }
            ("not-mate" | "wrong-count", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::NotMate, "{id}: {}", d.message);
            }
            ("illegal-move", Err(d)) => {
                let index: usize = words.next().unwrap().parse().unwrap();
                assert_eq!(d.range, row.game.plies[index].range, "{id}: {}", d.message);
            }
            ("illegal-position", Err(d)) => {
                assert_eq!(d.kind, ErrorKind::IllegalPosition, "{id}: {}", d.message);
            }
            (verdict, result) => panic!("{id}: expected {verdict}, got {result:?}"),
        }
        seen += 1;
    }
    assert_eq!(seen, expected.len());
}

fn row_move(pos: &Chess, uci: &str) -> shakmaty::Move {
    uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
}
