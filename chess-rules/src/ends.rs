//! When a goal ([`crate::Goals`]) has ended a game: the outcome of a
//! position, as Fairy-Stockfish decides it (extinction first, then the
//! flag, then the checks given); what a stalemate is worth where the
//! pieces are counted, and a drawn end decided by material counting. Legality asks it first: a position it ends has no legal move.

use crate::geometry::Square;
use crate::goals::Flag;
use crate::mailbox::{EMPTY, cell_of, is, kind_of};
use crate::make::{play_into, take_back};
use crate::movegen::piece_moves;
use crate::position::{State, in_check};
use crate::rules::{MaterialCounting, Rules, Stalemate};
use crate::tables::Tables;
use crate::types::{Color, EndRule};

/// How many pieces of `color` there are of the kind written `letter`
/// (`*`: all its pieces), on the board and in hand (as Fairy-Stockfish
/// counts them).
fn count(rules: &Rules, t: &Tables, s: &State, color: Color, letter: char) -> u32 {
    let kind = rules.index(letter);
    let hand = &s.hands[color.index()];
    let mut n: u32 = match kind {
        _ if letter == '*' => hand.iter().map(|&k| u32::from(k)).sum(),
        Some(kind) => hand.get(kind).map_or(0, |&k| u32::from(k)),
        None => 0,
    };
    for &c in &t.squares {
        let cell = s.cells[c];
        if is(cell, color) && (letter == '*' || Some(kind_of(cell)) == kind) {
            n += 1;
        }
    }
    n
}

/// Whether `color` has reached its flag region. Where `safe` (flag pieces
/// must be safe, [`Flag::safe`]), with as many there as needed, one a
/// piece of the other side attacks does not count — even a piece pinned
/// to its king, as pyffish 0.0.90 reads it.
fn reached(rules: &Rules, t: &Tables, s: &State, flag: &Flag, color: Color, safe: bool) -> bool {
    let side = color.index();
    let region = flag.regions[side];
    let kind = flag.pieces[side].map(|l| rules.index(l));
    let (mut there, mut empty) = (Vec::new(), false);
    for &c in &t.squares {
        if !region.contains(t.square_of[c]) {
            continue;
        }
        let cell = s.cells[c];
        if is(cell, color) && kind.is_none_or(|k| Some(kind_of(cell)) == k) {
            there.push(c);
        } else if cell == EMPTY {
            empty = true;
        }
    }
    let n = there.len() as u32;
    let simple = n > 0 && (n >= flag.count || (flag.blocked_win && !empty));
    if !(simple && safe) || n > flag.count {
        return simple;
    }
    // (Fewer than needed, with the region blocked, are not enough here.)
    n == flag.count && there.iter().all(|&c| !t.attacked(&s.cells, c, !color))
}

/// The outcome a goal gives the position, if one ends it (in
/// Fairy-Stockfish's order: extinction, then the flag).
pub(crate) fn ended(rules: &Rules, t: &Tables, s: &State) -> Option<EndRule> {
    let us = s.turn;
    if let Some(e) = &rules.goals.extinction {
        for color in [!us, us] {
            for &letter in &e.pieces {
                let claim = u32::from(e.claim && color == us);
                if count(rules, t, s, color, letter) <= e.count
                    && count(rules, t, s, !color, letter) >= e.opponent_count + claim
                {
                    return Some(EndRule::Extinction {
                        color,
                        piece: letter,
                        ending: e.ending,
                    });
                }
            }
        }
    }
    if let Some(f) = &rules.goals.flag {
        // Reached, and the other side's one more move made: a win, or a
        // draw if Black reached it too with that move.
        // (The other side had its move to take a piece that must be
        // safe: one still there counts.)
        if f.one_more_move && reached(rules, t, s, f, us, false) {
            let draw = us == Color::White && reached(rules, t, s, f, !us, false);
            return Some(EndRule::Flag { color: us, draw });
        }
        // The one more move is the side to move's only if its own flag
        // piece is a king (it may follow; a knight may not).
        let king = f.pieces[us.index()]
            .and_then(|l| rules.piece(l))
            .is_some_and(|p| p.royal);
        // (A flag piece that must be safe and is wins at once, one more
        // move or not.)
        if (!f.one_more_move || king || f.safe) && reached(rules, t, s, f, !us, f.safe) {
            // Black may still reach it with one more move: the game goes
            // on if it can (racing kings).
            if f.one_more_move && us == Color::Black && !in_check(t, s, us) {
                let mut moves = Vec::new();
                for &c in &t.squares {
                    if is(s.cells[c], us) && t.is_royal(s.cells[c]) {
                        piece_moves(rules, t, s, &mut moves, c, None);
                    }
                }
                let mut after = s.clone();
                let reaches = moves.iter().any(|&m| {
                    f.regions[us.index()].contains(m.to) && {
                        play_into(t, s, m, &mut after);
                        let safe = !in_check(t, &after, us);
                        take_back(t, s, m, &mut after);
                        safe
                    }
                });
                if reaches {
                    return None;
                }
            }
            return Some(EndRule::Flag {
                color: !us,
                draw: false,
            });
        }
        // A flag piece that must be safe, and has stayed so: its side wins
        // on its own turn.
        if f.safe && !f.one_more_move && reached(rules, t, s, f, us, true) {
            return Some(EndRule::Flag {
                color: us,
                draw: false,
            });
        }
    }
    if t.castling_wins
        && let Some(end) = castling(rules, t, s)
    {
        return Some(end);
    }
    // The side that just moved has given its last check.
    if rules.goals.check_counting && s.checks[(!us).index()] == 0 {
        return Some(EndRule::Checks { color: !us });
    }
    // The side that just moved has its pieces in a row.
    if let Some(c) = &rules.goals.connect
        && in_a_row(rules, t, s, c, !us)
    {
        return Some(EndRule::Connect {
            color: !us,
            ending: c.ending,
        });
    }
    // No square of the board is left empty (walls are no squares).
    if rules.goals.full_board && t.squares.iter().all(|&c| s.cells[c] != EMPTY) {
        return Some(EndRule::FullBoard);
    }
    None
}

/// Where castling wins ([`crate::Goals::castling_wins`]): the side that
/// just castled on such a wing wins; a side without the right to castle
/// there loses (the side that just moved looked at first, as
/// Fairy-Stockfish looks: a rook taking a rook takes both sides' rights).
fn castling(rules: &Rules, t: &Tables, s: &State) -> Option<EndRule> {
    let wins = rules.goals.castling_wins;
    let us = s.turn;
    if let Some(king_side) = s.castled
        && wins[(!us).index()][usize::from(!king_side)]
    {
        return Some(EndRule::Castling {
            color: !us,
            won: true,
        });
    }
    for color in [!us, us] {
        for (wing, &must_keep) in wins[color.index()].iter().enumerate() {
            if must_keep && !may_castle(rules, t, s, color, wing == 0) {
                return Some(EndRule::Castling { color, won: false });
            }
        }
    }
    None
}

/// Whether `color` keeps a right to castle on its king's side
/// (`king_side`) or its queen's: one for a rook on that side of the piece
/// that castles, on its castling rank.
fn may_castle(rules: &Rules, t: &Tables, s: &State, color: Color, king_side: bool) -> bool {
    let rights = (s.castling >> (16 * color.index())) & 0xFFFF;
    let rank = crate::tables::castling_rank(rules, color);
    let on = |file: u8| s.cells[cell_of(Square::new(file, rank))];
    let Some(king) = (0..rules.geometry.files()).find(|&f| is(on(f), color) && t.castles(on(f)))
    else {
        return false;
    };
    (0..16u8).any(|file| rights & (1 << file) != 0 && (file > king) == king_side)
}

/// Whether `color` has `c.n` pieces of the kinds that count in a row
/// along a direction that counts, or a square of them `c.square` on a
/// side.
fn in_a_row(rules: &Rules, t: &Tables, s: &State, c: &crate::goals::Connect, color: Color) -> bool {
    let kinds = crate::tables::kind_bits(rules, &c.pieces);
    let counts = |cell: u8| is(cell, color) && kinds & (1 << kind_of(cell)) != 0;
    // (Walked a step at a time: the first cell that does not count, the
    // border's among them, ends the walk.)
    let (up, right) = (crate::mailbox::delta((0, 1)), crate::mailbox::delta((1, 0)));
    let square = |from: usize| {
        let mut row = from;
        (0..c.square).all(|y| {
            if y > 0 {
                row = crate::mailbox::step(row, up);
            }
            let mut at = row;
            (0..c.square).all(|x| {
                if x > 0 {
                    at = crate::mailbox::step(at, right);
                }
                counts(s.cells[at])
            })
        })
    };
    if c.square > 0 && crate::mailbox::cells(&s.occupied[color.index()]).any(square) {
        return true;
    }
    let mut directions = Vec::new();
    if c.horizontal {
        directions.push((1, 0));
    }
    if c.vertical {
        directions.push((0, 1));
    }
    if c.diagonal {
        directions.extend([(1, 1), (1, -1)]);
    }
    let pieces: Vec<usize> = (crate::mailbox::cells(&s.occupied[color.index()]))
        .filter(|&c| counts(s.cells[c]))
        .collect();
    if collinear(t, c.collinear, &pieces, &directions)
        || joined(t, s, c, &pieces, &directions, color)
    {
        return true;
    }
    c.n > 0
        && pieces.iter().any(|&from| {
            directions.iter().any(|&d| {
                let d = crate::mailbox::delta(d);
                let mut at = from;
                (1..c.n).all(|_| {
                    at = crate::mailbox::step(at, d);
                    counts(s.cells[at])
                })
            })
        })
}

/// Whether `n` (not 0) of `pieces` (cells) stand on one line along one
/// of `directions`, with anything between ([`Connect::collinear`](crate::Connect::collinear)).
fn collinear(t: &Tables, n: u8, pieces: &[usize], directions: &[(i8, i8)]) -> bool {
    n > 0
        && directions.iter().any(|&(dx, dy)| {
            // (The line a square is on: its rank, file or diagonal.)
            let line = |c: usize| {
                let sq = t.square_of[c];
                let (f, r) = (i32::from(sq.file), i32::from(sq.rank));
                i32::from(dy) * f - i32::from(dx) * r
            };
            let mut lines: Vec<i32> = pieces.iter().map(|&c| line(c)).collect();
            lines.sort_unstable();
            lines
                .chunk_by(|a, b| a == b)
                .any(|same| same.len() >= usize::from(n))
        })
}

/// Whether `color`'s `pieces` (cells) join its first region to its second
/// ([`Connect::regions`](crate::Connect::regions)), as Fairy-Stockfish
/// finds it: from those in the first, a step at a time along
/// `directions` only (never back), until one reached is in the second.
fn joined(
    t: &Tables,
    s: &State,
    c: &crate::goals::Connect,
    pieces: &[usize],
    directions: &[(i8, i8)],
    color: Color,
) -> bool {
    let [first, second] = c.regions[color.index()];
    let in_region =
        |region: crate::geometry::Region, cell: usize| region.contains(t.square_of[cell]);
    if !pieces.iter().any(|&p| in_region(first, p)) || !pieces.iter().any(|&p| in_region(second, p))
    {
        return false;
    }
    let ours = |cell: usize| pieces.contains(&cell);
    let mut current: Vec<usize> = pieces
        .iter()
        .copied()
        .filter(|&p| in_region(first, p))
        .collect();
    loop {
        let mut reached: Vec<usize> = Vec::new();
        for &d in directions {
            let d = crate::mailbox::delta(d);
            let from: Vec<usize> = current.iter().chain(&reached).copied().collect();
            for cell in from {
                let to = crate::mailbox::step(cell, d);
                if s.cells[to] != crate::mailbox::OFF && ours(to) && !reached.contains(&to) {
                    reached.push(to);
                }
            }
        }
        if reached.iter().any(|&r| in_region(second, r)) {
            return true;
        }
        if reached.iter().all(|r| current.contains(r)) {
            return false;
        }
        for r in reached {
            if !current.contains(&r) {
                current.push(r);
            }
        }
    }
}

/// How many pieces `color` has on the board.
fn pieces(s: &State, color: Color) -> u32 {
    s.occupied[color.index()]
        .iter()
        .map(|w| w.count_ones())
        .sum()
}

/// The janggi points of `color`'s pieces on the board
/// ([`MaterialCounting::Janggi`]).
fn points(rules: &Rules, s: &State, color: Color) -> u32 {
    let worth = |kind: usize| match rules.pieces[kind].name.as_str() {
        "rook" => 13,
        "janggi cannon" => 7,
        "horse" => 5,
        "janggi elephant" | "wazir" => 3,
        "soldier" => 2,
        _ => 0,
    };
    crate::mailbox::cells(&s.occupied[color.index()])
        .map(|c| worth(kind_of(s.cells[c])))
        .sum()
}

/// What a stalemate is worth for the side to move of `s`: the rule set's
/// stalemate, or where stalemates go by the pieces on the board
/// ([`Rules::stalemate_by_count`]), that for the side with fewer, its
/// opposite for the side with more, a draw for as many.
pub(crate) fn stalemate(rules: &Rules, s: &State) -> Stalemate {
    if !rules.stalemate_by_count {
        return rules.stalemate;
    }
    let (ours, theirs) = (pieces(s, s.turn), pieces(s, !s.turn));
    match (ours.cmp(&theirs), rules.stalemate) {
        (std::cmp::Ordering::Equal, _) => Stalemate::Draw,
        (std::cmp::Ordering::Less, worth) => worth,
        (std::cmp::Ordering::Greater, Stalemate::Win) => Stalemate::Loss,
        (std::cmp::Ordering::Greater, Stalemate::Loss) => Stalemate::Win,
        (std::cmp::Ordering::Greater, Stalemate::Draw) => Stalemate::Draw,
    }
}

/// `end`, an end of the game in `s`, as material counting decides it
/// where the rule set has it and the end is a draw
/// ([`Rules::material_counting`]).
pub(crate) fn counted(rules: &Rules, s: &State, end: EndRule) -> EndRule {
    let Some(counting) = rules.material_counting else {
        return end;
    };
    if end.winner(s.turn).is_some() {
        return end;
    }
    let winner = match counting {
        MaterialCounting::WhiteDrawOdds => Some(Color::White),
        MaterialCounting::BlackDrawOdds => Some(Color::Black),
        MaterialCounting::Unweighted => match pieces(s, Color::White).cmp(&pieces(s, Color::Black))
        {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        },
        // (Black's point more breaks every tie.)
        MaterialCounting::Janggi => {
            if points(rules, s, Color::White) > points(rules, s, Color::Black) + 1 {
                Some(Color::White)
            } else {
                Some(Color::Black)
            }
        }
    };
    EndRule::Counted { winner }
}

#[cfg(test)]
mod tests {
    use crate::{Color, EndRule, Ending, Position, ini};

    /// Janggi's points: 72 a side at the start (two rooks 13, cannons 7,
    /// horses 5, elephants and advisors 3, five soldiers 2); White wins a
    /// counted draw only with more than Black's point more, as pyffish
    /// 0.0.90 decides two passes in a row under the modern rules.
    #[test]
    fn janggi_points_and_blacks_point_more() {
        let modern = ini::builtin("janggimodern").unwrap().unwrap();
        let start = Position::start(&modern).unwrap();
        for color in [Color::White, Color::Black] {
            assert_eq!(super::points(&modern, &start.s, color), 72);
        }
        for (fen, winner) in [
            // An advisor against a soldier: one point ahead.
            ("3k5/9/9/9/9/9/p8/9/9/3KA4 w - - 0 1", Color::Black),
            // A horse against an advisor: two.
            ("3k5/3a5/9/9/9/9/9/9/9/3KN4 w - - 0 1", Color::White),
        ] {
            let pos = Position::from_fen(&modern, fen).unwrap();
            let pos = pos.play(pos.parse_move("d1d1").unwrap());
            let pos = pos.play(pos.parse_move("d10d10").unwrap());
            assert_eq!(
                pos.outcome(),
                Some(EndRule::Counted {
                    winner: Some(winner)
                }),
                "{fen}"
            );
        }
    }

    /// Racing to the eighth rank with one more move for Black, as
    /// pyffish 0.0.90 plays it (its legal moves and game ends, each
    /// position checked).
    /// Check counting as pyffish 0.0.90 plays it: the count in the FEN
    /// (White's first), each check counted for the side that gave it, the
    /// last one ending the game; castling and en passant may be left out
    /// before it.
    #[test]
    fn the_last_check_to_give_ends_the_game() {
        let three = ini::builtin("3check").unwrap().unwrap();
        let start = Position::start(&three).unwrap();
        assert_eq!(
            start.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
        );
        let mut pos = start;
        for m in ["e2e4", "f7f5", "d1h5"] {
            pos = pos.play(pos.parse_move(m).unwrap());
        }
        assert_eq!(
            pos.fen(),
            "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
        );
        assert_eq!(pos.outcome(), None);
        let last = Position::from_fen(&three, "4k3/8/8/8/8/8/8/R3K3 w Q - 1+2 0 1").unwrap();
        let after = last.play(last.parse_move("a1a8").unwrap());
        assert_eq!(
            after.outcome(),
            Some(EndRule::Checks {
                color: Color::White
            })
        );
        assert!(after.legal_moves().is_empty() && after.fen().contains(" 0+2 "));
        assert_eq!(after.perft(1), 0);
        // Black's count is Black's: its check counts down the second number.
        let black = Position::from_fen(&three, "r3k3/8/8/8/8/8/8/4K3 b - - 3+1 0 1").unwrap();
        let after = black.play(black.parse_move("a8a1").unwrap());
        assert_eq!(
            after.outcome(),
            Some(EndRule::Checks {
                color: Color::Black
            })
        );
        // Without castling and en passant, and without a count (the
        // start's); a count that is not one is refused.
        let bare = Position::from_fen(&three, "4k3/8/8/8/8/8/8/R3K3 w 1+2 0 1").unwrap();
        assert!(bare.fen().ends_with(" w - - 1+2 0 1"));
        let none = Position::from_fen(&three, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert!(none.fen().ends_with(" 3+3 0 1"));
        let e = Position::from_fen(&three, "4k3/8/8/8/8/8/8/R3K3 w - - 1++2 0 1").unwrap_err();
        assert!(
            e.message.contains("`1++2` is not a count of checks"),
            "{}",
            e.message
        );
        // Written as data and read back, the goal stays.
        assert_eq!(
            crate::data::read(&crate::data::write(&three)).as_ref(),
            Some(&three)
        );
    }

    #[test]
    fn one_more_move_to_reach_the_flag() {
        let text = "[race:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *8\n\
                    flagMove = true\ncastling = false\n";
        let race = ini::variants(text).unwrap().remove(0);
        let white = |draw| {
            Some(EndRule::Flag {
                color: Color::White,
                draw,
            })
        };
        let black = Some(EndRule::Flag {
            color: Color::Black,
            draw: false,
        });
        for (fen, moves, outcome) in [
            // White reached first; Black's king can follow: it moves on.
            ("4K3/1k6/8/8/8/8/8/8 b - - 0 1", 8, None),
            // It cannot: White has won.
            ("4K3/8/8/8/8/8/1k6/8 b - - 0 1", 0, white(false)),
            // Both reached: a draw.
            ("1k2K3/8/8/8/8/8/8/8 w - - 0 1", 0, white(true)),
            // Black's one more move made, not reaching: White wins.
            ("4K3/8/8/8/8/8/1k6/8 w - - 0 1", 0, white(false)),
            // Black reached first: no move for White.
            ("1k6/8/8/8/8/8/4K3/8 w - - 0 1", 0, black),
            ("1k6/4K3/8/8/8/8/8/8 w - - 0 1", 0, black),
        ] {
            let pos = Position::from_fen(&race, fen).unwrap();
            assert_eq!(pos.legal_moves().len(), moves, "{fen}");
            assert_eq!(pos.perft(1), moves as u64, "{fen}");
            assert_eq!(pos.outcome(), outcome, "{fen}");
        }
        // White's flag piece a king, Black's a knight: the one more move
        // is only for a side whose flag piece is a king.
        let text = "[race:chess]\nflagPieceWhite = k\nflagPieceBlack = n\nflagRegionWhite = *8\n\
                    flagRegionBlack = *1\nflagMove = true\ncastling = false\n";
        let race = ini::variants(text).unwrap().remove(0);
        for (fen, moves, outcome) in [
            ("4k3/8/8/8/8/8/8/1n2K3 w - - 0 1", 0, black),
            ("4K3/8/8/8/8/8/1n6/7k b - - 0 1", 7, None),
        ] {
            let pos = Position::from_fen(&race, fen).unwrap();
            assert_eq!(pos.legal_moves().len(), moves, "{fen}");
            assert_eq!(pos.outcome(), outcome, "{fen}");
        }
    }

    /// Extinction: each kind on its own, `*` all together, the counts and
    /// the claim (shatranj's bare king may be bared back).
    #[test]
    fn extinction_counts_kinds_and_waits_for_a_claim() {
        let shatranj = ini::builtin("shatranj").unwrap().unwrap();
        let loss = |color| {
            Some(EndRule::Extinction {
                color,
                piece: '*',
                ending: Ending::Loss,
            })
        };
        for (fen, outcome) in [
            // Black is bare with White to move: White has won.
            ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", loss(Color::Black)),
            // Black is bare but to move: it may bare White back, unless
            // White has one piece more.
            ("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", None),
            ("4k3/8/8/8/8/8/3PP3/4K3 b - - 0 1", loss(Color::Black)),
            // Both bare: no one has the pieces to win by it.
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None),
        ] {
            let pos = Position::from_fen(&shatranj, fen).unwrap();
            assert_eq!(pos.outcome(), outcome, "{fen}");
            assert_eq!(pos.legal_moves().is_empty(), outcome.is_some(), "{fen}");
        }
        let kinglet = ini::builtin("kinglet").unwrap().unwrap();
        let pos = Position::from_fen(&kinglet, "4k3/p7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            pos.outcome(),
            Some(EndRule::Extinction {
                color: Color::White,
                piece: 'P',
                ending: Ending::Loss
            })
        );
    }

    /// Giveaway, as pyffish 0.0.90 has it: a side with no move wins (its
    /// stalemate), and so does a side with no piece (its extinction).
    #[test]
    fn in_giveaway_having_no_move_or_no_piece_wins() {
        let giveaway = ini::builtin("giveaway").unwrap().unwrap();
        let stuck = Position::from_fen(&giveaway, "8/8/8/8/8/p7/P7/8 w - - 0 1").unwrap();
        let outcome = stuck.outcome().unwrap();
        assert_eq!(outcome, EndRule::Stalemate(crate::Stalemate::Win));
        assert_eq!(outcome.winner(Color::White), Some(Color::White));
        let bare = Position::from_fen(&giveaway, "8/8/8/8/8/8/8/k7 w - - 0 1").unwrap();
        let outcome = bare.outcome().unwrap();
        assert_eq!(
            outcome,
            EndRule::Extinction {
                color: Color::White,
                piece: '*',
                ending: Ending::Win
            }
        );
        assert_eq!(outcome.winner(Color::White), Some(Color::White));
    }
}
