use super::*;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;

use crate::testing::{naive_helpmates, naive_keys, naive_mates, naive_selfmates, random_endgame};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn uci(pos: &Chess, m: &Move) -> String {
    UciMove::from_move(*m, pos.castles().mode()).to_string()
}

#[test]
fn mates_in_one_two_and_none() {
    // A back-rank mate.
    let back_rank = pos("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    let mut s = Search::new(1_000_000);
    assert_eq!(s.mate_length(&back_rank, 3), Ok(Some(1)));
    let keys = s.keys(&back_rank, 1).unwrap();
    assert_eq!(
        keys.iter().map(|m| uci(&back_rank, m)).collect::<Vec<_>>(),
        ["e1e8"]
    );
    // Black to move defends: no mate for Black.
    let defended = pos("6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1");
    assert_eq!(s.mate_length(&defended, 2), Ok(None));
}

#[test]
fn direct_checks_and_checkmates_asked_of_the_board_agree_with_every_move() {
    // Random games (captures, checks, pins, promotions and castling
    // come up) and random endgames: where the checks are found from
    // the checking squares, they are exactly the legal moves that give
    // check.
    let mut rng = crate::testing::Rng::new(11);
    let (mut found, mut positions) = (0, 0);
    let mut mates = 0;
    let mut check = |pos: &Chess| {
        positions += 1;
        // Checkmate asked of the board first, as shakmaty says it,
        // here and after every check.
        assert_eq!(checkmated(pos), pos.is_checkmate());
        for (_, after, _) in checking_moves(pos) {
            mates += usize::from(after.is_checkmate());
            assert_eq!(checkmated(&after), after.is_checkmate());
        }
        let Some(king) = pos.board().king_of(!pos.turn()) else {
            return;
        };
        let mut direct = Vec::new();
        let walked = direct_checks(pos, king, |m, after| {
            assert!(after.is_check());
            direct.push(m);
            false
        });
        if walked.is_none() {
            assert!(direct.is_empty());
            return;
        }
        found += 1;
        let mut direct: Vec<String> = direct.iter().map(|m| uci(pos, m)).collect();
        let mut all: Vec<String> = checking_moves(pos)
            .iter()
            .map(|(m, ..)| uci(pos, m))
            .collect();
        direct.sort();
        all.sort();
        assert_eq!(
            direct,
            all,
            "{}",
            Fen::from_position(pos, EnPassantMode::Legal)
        );
    };
    for _ in 0..300 {
        let mut pos = Chess::default();
        for _ in 0..160 {
            check(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    for i in 0..2_000 {
        let turn = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        if let Some(pos) = random_endgame(&mut rng, turn) {
            check(&pos);
        }
    }
    assert!(
        positions > 30_000 && found > positions / 3,
        "{found} of {positions}"
    );
    assert!(mates > 100, "{mates}");
}

#[test]
fn legality_and_hashes_asked_of_the_board_agree_with_shakmaty() {
    // Moves legal somewhere in random games, tried in other positions
    // of the same games, and altered (another capture, promotion or
    // piece): legal exactly where shakmaty says, and the same position
    // after. And the Zobrist hash carried from move to move is the one
    // made from scratch.
    let mut rng = crate::testing::Rng::new(5);
    let (mut tried, mut legal) = (0usize, 0usize);
    for _ in 0..50 {
        let mut pos = Chess::default();
        let mut seen: Vec<Move> = Vec::new();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // The hash updated for a move is the hash made from scratch.
            for &m in &moves {
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(child_hash(&pos, hash(&pos), m, &after), hash(&after));
            }
            seen.extend(moves.iter().copied());
            let start = seen.len().saturating_sub(30);
            for &m in &seen[start..] {
                let mut variants = vec![m];
                if let Move::Normal {
                    role,
                    from,
                    to,
                    capture,
                    promotion,
                } = m
                {
                    for r in [Role::Pawn, Role::Knight, Role::Queen, Role::King] {
                        variants.push(Move::Normal {
                            role: r,
                            from,
                            to,
                            capture,
                            promotion,
                        });
                        variants.push(Move::Normal {
                            role,
                            from,
                            to,
                            capture: Some(r),
                            promotion,
                        });
                        variants.push(Move::Normal {
                            role,
                            from,
                            to,
                            capture,
                            promotion: Some(r),
                        });
                    }
                    variants.push(Move::Normal {
                        role,
                        from,
                        to,
                        capture: None,
                        promotion: None,
                    });
                }
                for v in variants {
                    tried += 1;
                    let ours = played_if_legal(&pos, v);
                    assert_eq!(
                        ours.is_some(),
                        pos.is_legal(v),
                        "{v:?} in {}",
                        Fen::from_position(&pos, EnPassantMode::Legal)
                    );
                    if let Some(after) = ours {
                        legal += 1;
                        let mut theirs = pos.clone();
                        theirs.play_unchecked(v);
                        assert_eq!(after, theirs);
                    }
                }
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(tried > 500_000 && legal > 20_000, "{legal} of {tried}");
}

#[test]
fn the_budget_stops_the_search() {
    let start = Chess::default();
    let mut s = Search::new(50);
    assert_eq!(
        s.forces_mate(&start, 3),
        Err(OutOfBudget {
            nodes: 51,
            why: Spent::Nodes
        })
    );
}

#[test]
fn agrees_with_the_naive_search_on_random_positions() {
    let mut rng = crate::testing::Rng::new(7);
    let mut checked = [0usize; 3];
    let mut mates = [0usize; 3];
    while checked[2] < 150 {
        let Some(p) = random_endgame(&mut rng, Color::White) else {
            continue;
        };
        let mut s = Search::new(u64::MAX);
        for n in 1..=2 {
            let found = s.forces_mate(&p, n).unwrap();
            let fen = Fen::from_position(&p, EnPassantMode::Legal);
            assert_eq!(found, naive_mates(&p, n, &mut 0), "mate in {n}: {fen}");
            checked[n as usize] += 1;
            mates[n as usize] += usize::from(found);
            // Every key found mates; the naive search finds the same.
            let keys = s.keys(&p, n).unwrap();
            let naive_keys = naive_keys(&p, n, &mut 0);
            let mut keys_sorted: Vec<String> = keys.iter().map(|m| uci(&p, m)).collect();
            let mut naive_sorted: Vec<String> = naive_keys.iter().map(|m| uci(&p, m)).collect();
            keys_sorted.sort();
            naive_sorted.sort();
            assert_eq!(keys_sorted, naive_sorted, "keys for mate in {n}: {fen}");
            if let Some(line) = s.mating_line(&p, n).unwrap() {
                let mut q = p.clone();
                for m in &line {
                    assert!(q.is_legal(*m));
                    q.play_unchecked(*m);
                }
                assert!(q.is_checkmate(), "{fen}: {line:?}");
                assert!(line.len() < 2 * n as usize);
            }
        }
    }
    assert!(mates[1] >= 10 && mates[2] > mates[1], "{mates:?}");
}

#[test]
fn selfmates_and_helpmates_agree_with_the_naive_search() {
    let mut rng = crate::testing::Rng::new(11);
    let (mut checked, mut selfmates, mut helpmates) = (0, 0, 0);
    while checked < 160 {
        // Black to move half the time: White's queen and rook can then
        // be made to mate it.
        let turn = if checked % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let Some(p) = random_endgame(&mut rng, turn) else {
            continue;
        };
        checked += 1;
        let fen = Fen::from_position(&p, EnPassantMode::Legal);
        let mut s = Search::new(u64::MAX);
        for n in 1..=2 {
            let found = s.forces(&p, Goal::SelfMate, n).unwrap();
            assert_eq!(found, naive_selfmates(&p, n, &mut 0), "s#{n}: {fen}");
            selfmates += usize::from(found);
            if let Some(line) = s.proof(&p, Goal::SelfMate, None, n).unwrap() {
                let mut q = p.clone();
                for m in &line {
                    assert!(q.is_legal(*m));
                    q.play_unchecked(*m);
                }
                assert!(q.is_checkmate() && q.turn() == p.turn(), "{fen}: {line:?}");
            } else {
                assert!(!found);
            }
        }
        // Helpmates in one (and two for the smaller positions).
        let depth = if p.board().occupied().count() <= 5 {
            2
        } else {
            1
        };
        for n in 1..=depth {
            let mut found = s.helpmates(&p, n).unwrap();
            let mut naive = naive_helpmates(&p, n, &mut 0);
            found.sort_by_key(|l| l.iter().map(|m| uci(&p, m)).collect::<Vec<_>>());
            naive.sort_by_key(|l| l.iter().map(|m| uci(&p, m)).collect::<Vec<_>>());
            assert_eq!(found, naive, "h#{n}: {fen}");
            helpmates += found.len();
        }
    }
    assert!(helpmates > 0, "{helpmates}");
    // Selfmates are rare in random positions: these were found by a
    // brute-force search over random boxed-in kings.
    for fen in [
        "8/8/8/2Q5/8/8/6PP/3rk2K w - - 0 1",
        "8/8/3p4/8/8/8/2Q3PP/2r1k2K w - - 0 1",
        "8/8/8/8/8/8/1Q4PP/r2k3K w - - 0 1",
        "8/p7/8/p7/8/8/5QPP/r2k3K w - - 0 1",
        "8/8/8/8/4Q3/5p1p/6PP/r1k4K w - - 0 1",
        "8/7p/8/7p/8/3Q4/6PP/1rk4K w - - 0 1",
    ] {
        let p = pos(fen);
        let mut s = Search::new(u64::MAX);
        let n = s.length(&p, Goal::SelfMate, 2).unwrap();
        assert!(n.is_some(), "{fen}");
        assert!(naive_selfmates(&p, n.unwrap(), &mut 0), "{fen}");
        assert!(n == Some(1) || !naive_selfmates(&p, 1, &mut 0), "{fen}");
        let keys = s.keys_for(&p, Goal::SelfMate, n.unwrap()).unwrap();
        assert!(!keys.is_empty(), "{fen}");
        selfmates += 1;
    }
    assert!(selfmates >= 6);
}
