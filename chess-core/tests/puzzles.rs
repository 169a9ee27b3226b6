//! Puzzles proven, on random positions: a mate in 1 or 2 found by brute
//! force, written as a lichess row, is accepted; the same row with any
//! other move in place of a solver's move is rejected at that move (a
//! move that does not keep the mate: `not-mate`; another key:
//! `second-solution` is impossible here because the key is unique).

use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::syntax::puzzles::lichess_rows;
use chess_core::testing::Rng;
use chess_core::{ErrorKind, Source};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

/// Naive: whether the side to move forces mate in at most `n`.
fn mates(pos: &Chess, n: u32) -> bool {
    n > 0
        && pos.legal_moves().into_iter().any(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_checkmate() || (n > 1 && defended_in(&after, n - 1).is_none())
        })
}

/// A defence after which there is no mate in `n` (stalemate counts), or
/// `None` when every defence loses.
fn defended_in(pos: &Chess, n: u32) -> Option<Option<Move>> {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return (!pos.is_checkmate()).then_some(None);
    }
    replies.into_iter().find_map(|r| {
        let mut after = pos.clone();
        after.play_unchecked(r);
        (!mates(&after, n)).then_some(Some(r))
    })
}

fn keys(pos: &Chess, n: u32) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            after.is_checkmate() || (n > 1 && defended_in(&after, n - 1).is_none())
        })
        .collect()
}

fn random_endgame(rng: &mut Rng) -> Option<Chess> {
    let mut board = ['.'; 64];
    let pieces = ['K', 'Q', 'R', 'k', 'p', 'n', 'b', 'r'];
    let count = 4 + rng.below(pieces.len() - 3);
    for &piece in &pieces[..count] {
        loop {
            let sq = rng.below(64);
            if board[sq] == '.' && !(piece == 'p' && matches!(sq / 8, 0 | 7)) {
                board[sq] = piece;
                break;
            }
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(" b - - 0 1");
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()?
        .into_position(CastlingMode::Standard)
        .ok()?;
    (!pos.legal_moves().is_empty()).then_some(pos)
}

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
        let Some(start) = random_endgame(&mut rng) else {
            continue;
        };
        let fen = Fen::from_position(&start, EnPassantMode::Legal).to_string();
        let opponent = start.legal_moves()[rng.below(start.legal_moves().len())];
        let mut pos = start.clone();
        pos.play_unchecked(opponent);
        let n = if mates(&pos, 1) {
            1
        } else if mates(&pos, 2) {
            2
        } else {
            continue;
        };
        let ks = keys(&pos, n);
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
            let Some(&mate) = keys(&after, 1).first() else {
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
