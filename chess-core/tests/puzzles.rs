//! Puzzles proven, on random positions: a mate in 1 or 2 found by brute
//! force, written as a lichess row, is accepted; the same row with any
//! other move in place of a solver's move is rejected at that move (a
//! move that does not keep the mate: `not-mate`; another key:
//! `second-solution` is impossible here because the key is unique).

use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::syntax::puzzles::lichess_rows;
use chess_core::testing::{Rng, naive_keys, naive_mates, random_endgame};
use chess_core::{ErrorKind, Source};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, EnPassantMode, Move, Position};

fn uci(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

fn check(fen: &str, moves: &[Move], n: u32) -> Result<(), (ErrorKind, usize)> {
    let line: Vec<String> = moves.iter().map(|&m| uci(m)).collect();
    let row = format!("x,{fen},{},1500,80,90,10,mateIn{n},,\n", line.join(" "));
    let source = Source::text(row.as_str(), None, None);
    let syntax = lichess_rows(&source).next().unwrap().unwrap();
    match check_lichess(&syntax, &source, PuzzleOptions::default()) {
        Ok(_) => Ok(()),
        Err(d) => {
            let index = syntax.game.plies.iter().position(|p| p.range == d.range);
            Err((d.kind, index.unwrap_or(usize::MAX)))
        }
    }
}

#[test]
fn brute_force_mates_are_accepted_and_every_other_key_rejected() {
    let mut rng = Rng::new(2026);
    let mut found = [0usize; 3];
    let mut corruptions = 0;
    while found[1] < 12 || found[2] < 12 {
        let Some(start) = random_endgame(&mut rng, Color::Black) else {
            continue;
        };
        let fen = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        let opponent = start.legal_moves()[rng.below(start.legal_moves().len())];
        let mut pos = start.clone();
        pos.play_unchecked(opponent);
        let n = if naive_mates(&pos, 1, &mut 0) {
            1
        } else if naive_mates(&pos, 2, &mut 0) {
            2
        } else {
            continue;
        };
        let ks = naive_keys(&pos, n, &mut 0);
        if ks.len() != 1 || found[n as usize] >= 12 {
            continue;
        }
        // The line: the key, the first defence, a mate.
        let key = ks[0];
        let mut line = vec![opponent, key];
        let mut after = pos.clone();
        after.play_unchecked(key);
        if n == 2 {
            let Some(defence) = after.legal_moves().first().copied() else {
                continue;
            };
            after.play_unchecked(defence);
            let Some(&mate) = naive_keys(&after, 1, &mut 0).first() else {
                continue;
            };
            line.extend([defence, mate]);
        }
        assert_eq!(check(&fen, &line, n), Ok(()), "{fen} {line:?}");
        found[n as usize] += 1;
        // Any other first move of the solver is rejected under it.
        for other in pos.legal_moves() {
            if other == key {
                continue;
            }
            let mut corrupt = line.clone();
            corrupt[1] = other;
            // Later moves may now be illegal, or the line may not mate:
            // rejected either way, at the move or later; never accepted.
            let verdict = check(&fen, &corrupt, n);
            assert!(verdict.is_err(), "{fen}: {} accepted", uci(other));
            if n == 1 {
                assert_eq!(
                    verdict,
                    Err((ErrorKind::NotMate, 1)),
                    "{fen}: {}",
                    uci(other)
                );
            }
            // Rejected at the corrupted move itself: because it does not
            // keep the mate (never as a second key: the key is unique).
            if let Err((kind, 1)) = verdict {
                assert_eq!(kind, ErrorKind::NotMate, "{fen}: {}", uci(other));
            }
            corruptions += 1;
        }
    }
    assert!(corruptions > 100, "{corruptions}");
}
