//! Chess written as a rule set (`Rules::chess`: Betza pieces, castling,
//! en passant and promotion as switches) generates exactly shakmaty's legal
//! moves: perft on the standard test positions, and the legal moves of
//! every position of random games.

use chess_rules::{Position, Rules};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

fn shakmaty_position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap()
}

fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

/// Perft positions of the chess programming community (start, "Kiwipete",
/// positions 3 to 5, two Chess960 positions), each to a depth the dev
/// profile runs quickly.
const POSITIONS: [(&str, u32); 7] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
    ),
    // Chess960: castling rights by rook file, the king and rooks anywhere.
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        3,
    ),
    (
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        3,
    ),
];

#[test]
fn perft_matches_shakmaty() {
    let chess = Rules::chess();
    for (fen, depth) in POSITIONS {
        let ours = Position::from_fen(&chess, fen).unwrap();
        let theirs = shakmaty_position(fen);
        for d in 1..=depth {
            assert_eq!(ours.perft(d), shakmaty_perft(&theirs, d), "{fen} depth {d}");
        }
    }
}

/// The legal moves of `pos` in UCI, sorted.
fn uci_moves(pos: &Position<'_>) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    moves.sort();
    moves
}

/// The legal moves of shakmaty's `pos` in UCI, sorted.
fn shakmaty_uci_moves(pos: &Chess) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string())
        .collect();
    moves.sort();
    moves
}

/// A small deterministic generator (no dependency).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn legal_moves_match_shakmaty_in_random_games() {
    let chess = Rules::chess();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    for (fen, _) in POSITIONS {
        for _ in 0..12 {
            let mut ours = Position::from_fen(&chess, fen).unwrap();
            let mut theirs = shakmaty_position(fen);
            for _ in 0..60 {
                let a = uci_moves(&ours);
                let b = shakmaty_uci_moves(&theirs);
                assert_eq!(
                    a,
                    b,
                    "{}",
                    Fen::from_position(&theirs, EnPassantMode::Legal)
                );
                assert_eq!(ours.is_check(), theirs.is_check());
                // The other side to move, as shakmaty swaps the turn:
                // none where the side to move is in check.
                let swapped = theirs
                    .clone()
                    .swap_turn()
                    .or_else(shakmaty::PositionError::ignore_impossible_check);
                match (ours.swapped(), swapped) {
                    (Some(o), Ok(t)) => {
                        assert_ne!(o.turn(), ours.turn());
                        assert_eq!(uci_moves(&o), shakmaty_uci_moves(&t), "{}", o.fen());
                    }
                    (None, Err(_)) => assert!(ours.is_check()),
                    (o, t) => panic!("{}: ours {:?}, shakmaty {:?}", ours.fen(), o, t.ok()),
                }
                // SAN as shakmaty writes it, and read back, as SAN and as
                // coordinates (in one position of 100: SAN asks for the
                // legal moves again, slow unoptimized).
                let sample = if positions % 100 == 0 {
                    ours.legal_moves()
                } else {
                    Vec::new()
                };
                for m in sample {
                    let uci = ours.uci(m);
                    let same = theirs
                        .legal_moves()
                        .into_iter()
                        .find(|t| UciMove::from_move(*t, CastlingMode::Standard).to_string() == uci)
                        .unwrap();
                    let san = SanPlus::from_move(theirs.clone(), same).to_string();
                    assert_eq!(ours.san(m), san, "{}", ours.fen());
                    assert_eq!(ours.parse_move(&san), Some(m), "{san} in {}", ours.fen());
                    assert_eq!(ours.parse_move(&uci), Some(m), "{uci}");
                    assert_eq!(ours.why_not(m.from, m.to, m.promotion), None, "{uci}");
                }
                // Every other move of a piece of the side to move has a
                // reason (in the sampled positions).
                if positions % 100 == 0 {
                    let g = chess.geometry;
                    for from in g
                        .squares()
                        .filter(|&s| ours.piece_at(s).is_some_and(|p| p.color == ours.turn()))
                    {
                        for to in g.squares() {
                            let legal = a.iter().any(|u| u.starts_with(&format!("{from}{to}")));
                            if !legal {
                                assert!(
                                    ours.why_not(from, to, None).is_some(),
                                    "{from}{to} in {}",
                                    ours.fen()
                                );
                            }
                        }
                    }
                }
                positions += 1;
                if a.is_empty() {
                    break;
                }
                let pick = rng.below(a.len());
                let m = ours
                    .legal_moves()
                    .into_iter()
                    .find(|&m| ours.uci(m) == a[pick])
                    .unwrap();
                ours = ours.play(m);
                let same = theirs
                    .legal_moves()
                    .into_iter()
                    .find(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string() == a[pick])
                    .unwrap();
                theirs.play_unchecked(same);
            }
        }
    }
    assert!(positions > 2_000, "{positions}");
}
