//! chess-rules' readers and engine on any input: the first byte chooses
//! a CustomChessKell rules file, a variants.ini text, or a rule set built
//! from the bytes (a board, pieces in Betza notation from the input, a
//! start position) and a game played by the input's choices. No panic, no
//! hang; FEN written and read again is the same position; counting the
//! legal moves gives as many as listing them, in the position played to
//! and in the one read from its FEN; the move played reads back
//! from its coordinates and its SAN (read as a `MoveText`, matched with
//! the position), and `why_not` (`why_not_drop` for a drop) finds nothing
//! wrong with it; the position with the other side to move (where the
//! side to move is not in check) counts the moves it lists, and its FEN
//! reads back; a rule set written as data reads back the same, and any
//! bytes read as data are what writing their rule set writes. Rule
//! sets built from the bytes may drop pieces from hand, promote them
//! shogi-style, put walls on the board, pass, and move along janggi's
//! palace lines.
#![no_main]

use chess_rules::{Geometry, Effect, MoveText, PieceDef, Position, Rules, data, ini, yaml};
use libfuzzer_sys::fuzz_target;

/// Plays up to `plies` moves chosen by `choices`, checking the invariants.
fn play(rules: &Rules, choices: &[u8], plies: usize) {
    assert_eq!(data::read(&data::write(rules)).as_ref(), Some(rules));
    let Ok(mut pos) = Position::start(rules) else {
        return;
    };
    for &choice in choices.iter().take(plies) {
        let fen = pos.fen();
        let again = Position::from_fen(rules, &fen).expect("FEN written is read");
        assert_eq!(again.fen(), fen);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let outcome = pos
                .outcome()
                .expect("a position with no move has an outcome");
            let _ = outcome.winner(pos.turn());
            assert_eq!(pos.perft(1), 0, "{}", pos.fen());
            return;
        }
        // A goal ends a game only where there is no move.
        assert!(!matches!(
            pos.outcome(),
            Some(chess_rules::EndRule::Extinction { .. } | chess_rules::EndRule::Flag { .. })
        ));
        assert_eq!(
            pos.perft(1),
            moves.len() as u64,
            "counting and listing agree"
        );
        // What a position keeps as it is played (its pieces, its royal
        // pieces) is what its FEN gives.
        assert_eq!(again.perft(1), moves.len() as u64, "{fen}");
        // The other side to move, as the error path asks whether a move
        // was the other side's: a position whose moves counted are those
        // listed, and whose FEN reads back.
        if let Some(other) = pos.swapped() {
            assert_ne!(other.turn(), pos.turn());
            assert_eq!(other.perft(1), other.legal_moves().len() as u64, "{fen}");
            let swapped = other.fen();
            let again = Position::from_fen(rules, &swapped).expect("a swapped position is read");
            assert_eq!(again.fen(), swapped);
        } else {
            assert!(pos.is_check(), "{fen}");
        }
        let m = moves[usize::from(choice) % moves.len()];
        // The move reads back from its coordinates and its SAN (castling
        // aside: two rooks with rights on one side castle to one square;
        // a piece put down promoted is written as Fairy-Stockfish writes
        // it, `G@b2`, which names each piece in hand that becomes a gold:
        // then SAN names it among those, all written alike), and nothing
        // is wrong with it.
        assert_eq!(pos.parse_move(&pos.uci(m)), Some(m), "{}", pos.fen());
        if !matches!(m.kind, Effect::Castle { .. }) {
            let san = pos.san(m);
            let (text, wall) =
                MoveText::read_walled(san.trim_end_matches(['+', '#'])).expect("SAN reads");
            assert_eq!(wall, m.wall, "{san}");
            let named = pos.matching_walled(&text, wall);
            if matches!(m.kind, Effect::Drop { .. }) && m.promotion.is_some() && named.len() > 1 {
                assert!(named.contains(&m), "{san}");
                assert!(named.iter().all(|&o| pos.san(o) == san), "{san}");
            } else {
                assert_eq!(pos.parse_move(&san), Some(m), "{}", pos.fen());
            }
            if let Effect::Drop { .. } = m.kind {
                assert!(named.contains(&m), "{san}");
            } else {
                assert!(pos.origins(&text).contains(&(m.from, m.to)), "{san}");
            }
        }
        let why = match m.kind {
            Effect::Drop { kind } => pos.why_not_drop(kind, m.to, m.promotion.is_some()),
            _ => pos.why_not(m.from, m.to, m.promotion),
        };
        assert_eq!(why, None, "{}", pos.fen());
        let mover = pos.turn();
        pos = pos.play(m);
        assert_ne!(pos.turn(), mover);
        let _ = pos.uci(m);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    if let Ok(text) = std::str::from_utf8(rest)
        && let Some(rules) = chess_rules::data::read(text)
    {
        assert_eq!(chess_rules::data::write(&rules), text);
    }
    match kind % 3 {
        0 => {
            if let Ok(text) = std::str::from_utf8(rest)
                && let Ok(rules) = yaml::rules(text)
            {
                play(&rules, rest, 40);
            }
        }
        1 => {
            // Every section that plays, though others are refused; a
            // refusal points inside the text.
            if let Ok(text) = std::str::from_utf8(rest)
                && let Ok(sections) = ini::sections(text)
            {
                for section in &sections {
                    match &section.rules {
                        Ok(rules) => play(rules, rest, 20),
                        Err(e) => assert!(
                            e.span.end <= text.len() && text.is_char_boundary(e.span.start),
                            "{e:?}"
                        ),
                    }
                }
            }
        }
        _ => {
            // A board, up to three pieces from Betza text, kings, a start;
            // the high bits of the board's sides choose rules beside
            // checkmate: compulsory captures, no checks, a stalemate
            // that wins, extinction, a flag region.
            let [files, ranks, rest @ ..] = rest else {
                return;
            };
            let switches = (files >> 4) | (ranks >> 4) << 4;
            let (files, ranks) = (files % 16 + 1, ranks % 16 + 1);
            let Some(geometry) = Geometry::new(files, ranks) else {
                return;
            };
            let text = String::from_utf8_lossy(rest);
            let mut parts = text.split('|');
            let pieces: Vec<&str> = parts.by_ref().take(3).collect();
            let mut rules = Rules::chess();
            rules.geometry = geometry;
            rules.castling = None;
            rules.promotion_pieces.clear();
            rules.pieces.retain(|p| p.royal);
            for (letter, betza) in ['A', 'B', 'C'].into_iter().zip(pieces) {
                if let Ok(piece) = PieceDef::new(letter, "fuzzed", betza) {
                    rules.pieces.push(piece);
                }
            }
            // Kings on the first and last rank, the pieces beside White's.
            let mut first = String::from("K");
            for p in rules.pieces.iter().skip(1).take(usize::from(files) - 1) {
                first.push(p.letter);
            }
            let placed = first.len() as u8;
            let fill = |row: &str, n: u8| {
                if n == 0 {
                    row.to_string()
                } else {
                    format!("{row}{n}")
                }
            };
            let mut ranks_text = Vec::new();
            if ranks < 2 {
                return;
            }
            ranks_text.push(fill("k", files - 1));
            for _ in 0..ranks - 2 {
                ranks_text.push(files.to_string());
            }
            ranks_text.push(fill(&first, files - placed));
            // A fourth part: drops, its letters the pieces each side holds
            // at the start; `x` captures go to hand, `l` kept promoted,
            // `n` no two of the first piece on a file, `r` drops on a
            // side's own first rank only, `k` no drop that checks, `p`
            // pieces dropped promoted too, `m` a drop of `A` that mates
            // loses, `o` bishops dropped on both colours, `e` dropped kings
            // and rooks castle, `f` rooks dropped on the first rank only,
            // `t` hands a partner fills, `u` `A` dropped first (where
            // drops must come first: `M` below); where a drop must go,
            // `i` enclosing pieces (reversi), `j` beside its own (ataxx),
            // `s` not beside the other side's, `y` pushed in from an edge,
            // `z` on a piece or the first rank, `g` the second rank's
            // squares first; `h` hands without end; pieces a move flips,
            // `v` enclosed, `w` beside it, `q` beside it after a move or a
            // drop beside its own; `d` a full board ends the game.
            let mut pocket = String::new();
            if let Some(hand) = parts.next() {
                let regions = [0, geometry.ranks() - 1].map(chess_rules::Region::rank);
                rules.drops = Some(chess_rules::Drops {
                    captures_to_hand: hand.contains('x'),
                    keep_promoted: hand.contains('l'),
                    pawns_on_first_rank: false,
                    pawns_in_zone: false,
                    regions: if hand.contains('r') { regions.map(Some) } else { [None; 2] },
                    no_doubled: hand.contains('n').then_some(('A', 1)),
                    no_checks: hand.contains('k'),
                    promoted: hand.contains('p'),
                    mate_loses: hand.contains('m').then_some('A'),
                    opposite_bishops: hand.contains('o'),
                    castling: hand.contains('e'),
                    rooks_on_first_rank: hand.contains('f'),
                    partner: hand.contains('t'),
                    must_drop_kind: hand.contains('u').then_some('A'),
                    enclosing: hand.chars().find_map(|c| match c {
                        'i' => Some(chess_rules::Enclosing::Reversi),
                        'j' => Some(chess_rules::Enclosing::Ataxx),
                        's' => Some(chess_rules::Enclosing::Snort),
                        'y' => Some(chess_rules::Enclosing::Anyside),
                        'z' => Some(chess_rules::Enclosing::Top),
                        _ => None,
                    }),
                    enclosing_start: hand.contains('g').then(|| chess_rules::Region::rank(1)),
                    free: hand.contains('h'),
                });
                rules.flip = hand.chars().find_map(|c| match c {
                    'v' => Some(chess_rules::Flip::Reversi),
                    'w' => Some(chess_rules::Flip::Ataxx),
                    'q' => Some(chess_rules::Flip::Quadwrangle),
                    _ => None,
                });
                rules.goals.full_board = hand.contains('d');
                for letter in hand.chars().filter(|c| "ABCabc".contains(*c)) {
                    if rules.index(letter).is_some() {
                        pocket.push(letter);
                    }
                }
            }
            // A fifth part: explosions on capture; its capitals (`A`, `B`,
            // `C`, `K`) the pieces no blast removes, its small letters those
            // that may not take their own kind, `s` spares the `A`s beside a
            // blast, `r` makes the king royal only while it is its side's
            // last (atomic chess; `d` with duple check, all of them
            // attacked at once being check), `f` forbids the kings to face each other
            // (the flying general), `m` lets a king in check only capture
            // (makpong), `e` lets Black take en passant on the third rank
            // only, `c` counts a stalemate by the pieces, `o` decides a
            // draw by them, `g` keeps the kings to their halves.
            if let Some(blast) = parts.next() {
                let known: Vec<char> = rules.pieces.iter().map(|p| p.letter).collect();
                let known = |c: &char| known.contains(c);
                let immune = blast.chars().filter(|c| "ABCK".contains(*c)).filter(known);
                let mutual = (blast.chars())
                    .filter(|c| "abck".contains(*c))
                    .map(|c| c.to_ascii_uppercase())
                    .filter(known);
                rules.mutually_immune = mutual.collect();
                rules.blast = Some(chess_rules::Blast {
                    spared: if blast.contains('s') { vec!['A'] } else { Vec::new() },
                    immune: immune.collect(),
                });
                rules.flying_general = blast.contains('f');
                rules.makpong = blast.contains('m');
                rules.stalemate_by_count = blast.contains('c');
                if blast.contains('g') {
                    // Kings kept to their side's half of the board.
                    let half = geometry.ranks() / 2;
                    let lower = (0..half).fold(chess_rules::Region::EMPTY, |r, rank| {
                        r.union(chess_rules::Region::rank(rank))
                    });
                    rules.pieces[0].mobility =
                        [Some(lower), Some(lower.mirrored(geometry.ranks()))];
                }
                if blast.contains('o') {
                    rules.material_counting = Some(chess_rules::MaterialCounting::Unweighted);
                }
                if blast.contains('e') {
                    rules.en_passant_regions = [None, Some(chess_rules::Region::rank(2))];
                }
                if blast.contains('r') {
                    rules.pieces[0].royal = false;
                    rules.royal_while_few = Some(chess_rules::RoyalWhileFew {
                        pieces: vec!['K'],
                        count: 1,
                        duple: blast.contains('d'),
                    });
                }
            }
            // A sixth part: shogi-style promotion in the last two ranks,
            // `A`, `B`, `C` promoting to the next of them (`C` to `A`); `M`
            // mandatory, `O` only by capturing, `D` with demotion, `I` no
            // piece where it could never move again.
            if let Some(shogi) = parts.next() {
                rules.promotion_region = rules.last_ranks(2);
                for (from, to) in [('A', 'B'), ('B', 'C'), ('C', 'A')] {
                    if shogi.contains(from)
                        && rules.index(to).is_some()
                        && let Some(i) = rules.index(from)
                    {
                        rules.pieces[i].promotes_to = Some(to);
                    }
                }
                rules.piece_promotion = chess_rules::PiecePromotion {
                    mandatory: shogi.contains('M'),
                    on_capture: shogi.contains('O'),
                    demotion: shogi.contains('D'),
                };
                rules.immobility_illegal = shogi.contains('I');
            }
            // A seventh part: walls. `a`, `d`, `e`, `p` or `s` put one
            // after every move (the first of them: an arrow, a duck, on the
            // edge, where the piece was, anywhere), `h` only on White's
            // half for White; `*` stands one on the start position's
            // second rank; capitals (`A`, `B`, `C`, `K`) the kinds turned
            // into walls where they capture; a digit, pieces in a row
            // (with `y`, as many on one line too; with `j`, White's a-file
            // joined to its last file and Black's first rank to its last);
            // `i`, the wall put down by a pass instead of a move; `t`,
            // three-square `i` moves from the second ranks (triple steps).
            if let Some(walls) = parts.next() {
                let rule = walls.chars().find_map(|c| match c {
                    'a' => Some(chess_rules::WallRule::Arrow),
                    'd' => Some(chess_rules::WallRule::Duck),
                    'e' => Some(chess_rules::WallRule::Edge),
                    'p' => Some(chess_rules::WallRule::Past),
                    's' => Some(chess_rules::WallRule::Static),
                    _ => None,
                });
                let half = (0..geometry.ranks() / 2).fold(chess_rules::Region::EMPTY, |r, rank| {
                    r.union(chess_rules::Region::rank(rank))
                });
                rules.walling = rule.map(|rule| chess_rules::Walling {
                    rule,
                    regions: [walls.contains('h').then_some(half), None],
                    or_move: walls.contains('i'),
                });
                if walls.contains('t') {
                    rules.triple_step_region = Some([
                        chess_rules::Region::rank(1),
                        chess_rules::Region::rank(geometry.ranks() - 2),
                    ]);
                }
                let known: Vec<char> = rules.pieces.iter().map(|p| p.letter).collect();
                rules.petrify = (walls.chars())
                    .filter(|c| "ABCK".contains(*c) && known.contains(c))
                    .collect();
                if walls.contains('*') && ranks > 2 {
                    ranks_text[usize::from(ranks) - 2] = fill("*", files - 1);
                }
                // `3`, `4` or `5`: that many in a row end the game (`l`
                // losing, `q` drawing, `o` along files and ranks only;
                // `n` a 2 × 2 square of pieces too).
                if let Some(n) = walls.chars().find_map(|c| c.to_digit(10)).filter(|n| (3..=5).contains(n)) {
                    rules.goals.connect = Some(chess_rules::Connect {
                        n: n as u8,
                        square: if walls.contains('n') { 2 } else { 0 },
                        pieces: vec!['*'],
                        horizontal: true,
                        vertical: true,
                        diagonal: !walls.contains('o'),
                        ending: if walls.contains('l') {
                            chess_rules::Ending::Loss
                        } else if walls.contains('q') {
                            chess_rules::Ending::Draw
                        } else {
                            chess_rules::Ending::Win
                        },
                        collinear: if walls.contains('y') { n as u8 } else { 0 },
                        regions: if walls.contains('j') {
                            let last = geometry.files() - 1;
                            [
                                [chess_rules::Region::file(0), chess_rules::Region::file(last)],
                                [
                                    chess_rules::Region::rank(0),
                                    chess_rules::Region::rank(geometry.ranks() - 1),
                                ],
                            ]
                        } else {
                            [[chess_rules::Region::EMPTY; 2]; 2]
                        },
                    });
                }
            }
            // An eighth part: `P` each side may pass, `S` passes where it
            // has no move, `M` drops pieces in hand first, `J` bikjang,
            // `L` diagonal lines on the first three ranks' middle files
            // (janggi's palace) along which each piece also makes its
            // moves, `U` hops never over nor onto a piece of the hopper's
            // kind (janggi's cannon).
            if let Some(more) = parts.next() {
                rules.pass = [more.contains('P'); 2];
                rules.pass_on_stalemate = [more.contains('S'); 2];
                rules.must_drop = more.contains('M');
                rules.bikjang = more.contains('J');
                if more.contains('L') {
                    for sq in ["d1", "f1", "e2", "d3", "f3"] {
                        rules.diagonal_lines.insert(chess_rules::Square::parse(sq).expect("a square"));
                    }
                    for piece in &mut rules.pieces {
                        let lines: Vec<_> = (piece.atoms.iter())
                            .map(|a| chess_rules::betza::Atom { lines: true, ..a.clone() })
                            .collect();
                        piece.atoms.extend(lines);
                    }
                }
                if more.contains('U') {
                    for atom in rules.pieces.iter_mut().flat_map(|p| &mut p.atoms) {
                        if atom.hop == chess_rules::betza::Hop::Over {
                            atom.hop = chess_rules::betza::Hop::Unlike;
                        }
                    }
                }
            }
            rules.start = format!("{}[{pocket}] w - - 0 1", ranks_text.join("/"));
            let bit = |i: u8| switches >> i & 1 == 1;
            rules.must_capture = bit(0);
            rules.checks = !bit(1);
            if bit(2) {
                rules.stalemate = chess_rules::Stalemate::Win;
            }
            if bit(3) {
                rules.pieces[0].royal = false;
            }
            if bit(4) || bit(5) {
                rules.goals.extinction = Some(chess_rules::Extinction {
                    ending: if bit(5) {
                        chess_rules::Ending::Win
                    } else {
                        chess_rules::Ending::Loss
                    },
                    pieces: vec![if bit(4) { 'K' } else { '*' }],
                    count: u32::from(bit(6)),
                    opponent_count: 0,
                    claim: bit(6),
                });
            }
            if bit(7) {
                let last = geometry.ranks() - 1;
                rules.goals.flag = Some(chess_rules::Flag {
                    pieces: [Some('K'), None],
                    regions: [
                        chess_rules::Region::rank(last),
                        chess_rules::Region::rank(0),
                    ],
                    count: 1,
                    blocked_win: bit(6),
                    one_more_move: bit(2),
                    // (Beside compulsory captures, the flag piece must be
                    // safe.)
                    safe: bit(0),
                });
            }
            play(&rules, rest, 30);
        }
    }
});
