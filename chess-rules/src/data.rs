//! A rule set as data: one string that holds everything a [`Rules`] is
//! (the board, each piece's letter, symbols, name and moves as read, the
//! start, promotion region and pieces, castling, stalemate, goals, pieces
//! royal while few, drops, explosions), for a
//! program that carries a rule set without its rules file. `verified-chess` writes it when a
//! macro verifies a game under custom rules, and its `CustomGame` reads
//! it back at run time: the rules file is read once, at compile time.
//!
//! Numbers are written in decimal and end in `,`; texts are their length
//! in bytes, `:` and the text.
//!
//! ```
//! use chess_rules::{Rules, data};
//!
//! let chess = Rules::chess();
//! let written = data::write(&chess);
//! assert_eq!(data::read(&written), Some(chess));
//! assert_eq!(data::read("5:chess"), None);
//! ```

use crate::betza::{Atom, Hop};
use crate::geometry::{Geometry, Region};
use crate::goals::{Ending, Extinction, Flag, Goals};
use crate::rules::{
    Blast, Castling, Drops, Enclosing, Flip, MaterialCounting, PieceDef, PiecePromotion,
    RoyalWhileFew, Rules, Stalemate, WallRule, Walling,
};

/// `rules` as data.
pub fn write(rules: &Rules) -> String {
    let mut out = Out(String::new());
    out.text(&rules.name);
    out.number(rules.geometry.files());
    out.number(rules.geometry.ranks());
    out.text(&rules.start);
    for region in rules.promotion_region {
        out.region(region);
    }
    out.number(u8::from(rules.black_rotated));
    match rules.initial_region {
        None => out.number(0),
        Some(regions) => {
            out.number(1);
            for region in regions {
                out.region(region);
            }
        }
    }
    out.text(&rules.promotion_pieces.iter().collect::<String>());
    match &rules.black_promotion_pieces {
        None => out.number(0),
        Some(black) => {
            out.number(1);
            out.text(&black.iter().collect::<String>());
        }
    }
    match rules.castling {
        Some(c) => {
            out.number(1);
            out.number(c.king_side_file);
            out.number(c.queen_side_file);
            // Each rook's file to look from, plus one; 0 for the edge.
            for file in [c.king_side_rook_file, c.queen_side_rook_file] {
                out.number(file.map_or(0, |f| f + 1));
            }
        }
        None => out.number(0),
    }
    out.number(match rules.stalemate {
        Stalemate::Draw => 0,
        Stalemate::Loss => 1,
        Stalemate::Win => 2,
    });
    out.number(rules.checkmate as u8);
    out.number(
        u8::from(rules.must_capture)
            | u8::from(!rules.checks) << 1
            | u8::from(rules.goals.check_counting) << 2
            | u8::from(rules.chess960) << 3
            | u8::from(rules.flying_general) << 4
            | u8::from(rules.makpong) << 5
            | u8::from(rules.stalemate_by_count) << 6,
    );
    out.number(rules.pieces.len());
    for piece in &rules.pieces {
        out.text(&piece.letter.to_string());
        out.text(&piece.name);
        out.text(&piece.betza);
        // (A pawn to one side only also has the bit of the side it is
        // none to: a piece written before sides differed reads the same.)
        let [white, black] = piece.pawn;
        out.number(
            u8::from(piece.royal)
                | u8::from(white || black) << 1
                | u8::from(black && !white) << 2
                | u8::from(white && !black) << 3,
        );
        out.text(&piece.symbols.0.to_string());
        out.text(&piece.symbols.1.to_string());
        out.number(piece.atoms.len());
        for atom in &piece.atoms {
            out.number(atom.leap.0);
            out.number(atom.leap.1);
            out.number(atom.range);
            let flags = [
                atom.moves,
                atom.captures,
                atom.initial,
                atom.lame,
                atom.en_passant,
                // (Both for a hop not over its own kind.)
                matches!(atom.hop, Hop::Over | Hop::Unlike),
                matches!(atom.hop, Hop::Beyond | Hop::Unlike),
                atom.lines,
            ];
            out.number(
                flags
                    .iter()
                    .enumerate()
                    .fold(0u8, |acc, (i, &f)| acc | u8::from(f) << i),
            );
            out.number(atom.vectors.len());
            for &(dx, dy) in &atom.vectors {
                out.signed(dx);
                out.signed(dy);
            }
        }
    }
    // Pieces in a row: 0 for none, else 1, how many, the kinds, a bit per
    // direction (along a rank, a file, a diagonal), what it is worth and
    // the side of a square of pieces that is one too.
    match &rules.goals.connect {
        None => out.number(0),
        Some(c) => {
            out.number(1);
            out.number(c.n);
            out.text(&c.pieces.iter().collect::<String>());
            out.number(
                u8::from(c.horizontal) | u8::from(c.vertical) << 1 | u8::from(c.diagonal) << 2,
            );
            out.number(c.ending as u8);
            out.number(c.square);
            out.number(c.collinear);
            for region in c.regions.iter().flatten() {
                out.region(*region);
            }
        }
    }
    // The rank castling is on, from each side's own; the diagonal lines;
    // who may pass (a bit each), who passes where it has no move, whether
    // pieces in hand must be dropped, bikjang, opposite castling, gating,
    // Cambodian leaps, sittuyin's promotion, shatar's mates.
    out.text(&rules.castling_rooks.iter().collect::<String>());
    out.number(rules.castling_rank);
    out.region(rules.diagonal_lines);
    out.number(
        u16::from(rules.pass[0])
            | u16::from(rules.pass[1]) << 1
            | u16::from(rules.pass_on_stalemate[0]) << 2
            | u16::from(rules.pass_on_stalemate[1]) << 3
            | u16::from(rules.must_drop) << 4
            | u16::from(rules.bikjang) << 5
            | u16::from(rules.opposite_castling) << 6
            | u16::from(rules.gating) << 7
            | u16::from(rules.cambodian_moves) << 8
            | u16::from(rules.sittuyin_promotion) << 9
            | u16::from(rules.shatar_mate) << 10,
    );
    // Walls: 0 for none put after moves, else 1 + the rule (arrow, duck,
    // edge, past, static), 8 more for a wall instead of a move, and each
    // side's region; then the kinds turned into walls where they capture.
    match &rules.walling {
        None => out.number(0),
        Some(w) => {
            out.number((1 + w.rule as u8) | u8::from(w.or_move) << 3);
            for region in w.regions {
                out.maybe_region(region);
            }
        }
    }
    out.text(&rules.petrify.iter().collect::<String>());
    // Shogi-style promotion: a bit per switch (mandatory, on capture,
    // demotion, immobility illegal, optional pawn promotion), then each
    // piece that promotes and what to, two letters a piece.
    let p = rules.piece_promotion;
    out.number(
        u8::from(p.mandatory)
            | u8::from(p.on_capture) << 1
            | u8::from(p.demotion) << 2
            | u8::from(rules.immobility_illegal) << 3
            | u8::from(rules.optional_pawn_promotion) << 4,
    );
    out.text(
        &(rules.pieces.iter())
            .filter_map(|p| Some([p.letter, p.promotes_to?]))
            .flatten()
            .collect::<String>(),
    );
    match &rules.goals.extinction {
        None => out.number(0),
        Some(e) => {
            out.number(1);
            out.number(e.ending as u8);
            out.text(&e.pieces.iter().collect::<String>());
            out.number(e.count);
            out.number(e.opponent_count);
            out.number(u8::from(e.claim));
        }
    }
    match &rules.goals.flag {
        None => out.number(0),
        Some(f) => {
            out.number(1);
            for (piece, region) in f.pieces.iter().zip(f.regions) {
                out.text(&piece.map(String::from).unwrap_or_default());
                out.region(region);
            }
            out.number(f.count);
            out.number(
                u8::from(f.blocked_win) | u8::from(f.one_more_move) << 1 | u8::from(f.safe) << 2,
            );
        }
    }
    match &rules.royal_while_few {
        None => out.number(0),
        Some(few) => {
            // (2: with duple check.)
            out.number(1 + u8::from(few.duple));
            out.text(&few.pieces.iter().collect::<String>());
            out.number(few.count);
        }
    }
    // Drops: 0 for none, else 1 and a bit per switch, then each side's
    // region (0, or 1 and the region), the kind not doubled on a file
    // (its letter or nothing, and the count), the kind whose drop that
    // mates loses, and three switches: dropped kings and rooks castle,
    // rooks go to the first rank, a partner fills the hands.
    match &rules.drops {
        None => out.number(0),
        Some(d) => {
            out.number(
                1 | u8::from(d.captures_to_hand) << 1
                    | u8::from(d.keep_promoted) << 2
                    | u8::from(d.pawns_on_first_rank) << 3
                    | u8::from(d.pawns_in_zone) << 4
                    | u8::from(d.no_checks) << 5
                    | u8::from(d.promoted) << 6
                    | u8::from(d.opposite_bishops) << 7,
            );
            for region in d.regions {
                match region {
                    None => out.number(0),
                    Some(region) => {
                        out.number(1);
                        out.region(region);
                    }
                }
            }
            let (letter, count) = d.no_doubled.unzip();
            out.text(&letter.map(String::from).unwrap_or_default());
            out.number(count.unwrap_or(0));
            out.text(&d.mate_loses.map(String::from).unwrap_or_default());
            out.number(
                u8::from(d.castling)
                    | u8::from(d.rooks_on_first_rank) << 1
                    | u8::from(d.partner) << 2,
            );
            out.text(&d.must_drop_kind.map(String::from).unwrap_or_default());
        }
    }
    // Explosions: 0 for none, else 1, the pieces spared and those immune;
    // then the kinds that may not take their own.
    match &rules.blast {
        None => out.number(0),
        Some(b) => {
            out.number(1);
            out.text(&b.spared.iter().collect::<String>());
            out.text(&b.immune.iter().collect::<String>());
        }
    }
    out.text(&rules.mutually_immune.iter().collect::<String>());
    // Material counting: 0 for none, 1 White's draw odds, 2 Black's, 3
    // unweighted.
    out.number(match rules.material_counting {
        None => 0u8,
        Some(MaterialCounting::WhiteDrawOdds) => 1,
        Some(MaterialCounting::BlackDrawOdds) => 2,
        Some(MaterialCounting::Unweighted) => 3,
        Some(MaterialCounting::Janggi) => 4,
    });
    // Where each side takes en passant: 0 for anywhere, or 1 and the
    // region.
    for region in rules.en_passant_regions {
        out.maybe_region(region);
    }
    // The pieces kept to regions: how many, then each one's index and its
    // two regions.
    let confined: Vec<(usize, &PieceDef)> = (rules.pieces.iter().enumerate())
        .filter(|(_, p)| p.mobility != [None; 2])
        .collect();
    out.number(confined.len());
    for (i, piece) in confined {
        out.number(i);
        for region in piece.mobility {
            out.maybe_region(region);
        }
    }
    // The pieces with `i` moves of their own regions: how many, then each
    // one's index and its two regions.
    let own: Vec<(usize, [Region; 2])> = (rules.pieces.iter().enumerate())
        .filter_map(|(i, p)| Some((i, p.initial_region?)))
        .collect();
    out.number(own.len());
    for (i, regions) in own {
        out.number(i);
        for region in regions {
            out.region(region);
        }
    }
    // The pieces' second letters: how many, then each one's index and
    // letter.
    let named: Vec<(usize, char)> = (rules.pieces.iter().enumerate())
        .filter_map(|(i, p)| Some((i, p.synonym?)))
        .collect();
    out.number(named.len());
    for (i, letter) in named {
        out.number(i);
        out.text(&letter.to_string());
    }
    // The limits on promotions: how many, then each kind's index and
    // count.
    let limited: Vec<(usize, u8)> = (rules.pieces.iter().enumerate())
        .filter_map(|(i, p)| Some((i, p.promotion_limit?)))
        .collect();
    out.number(limited.len());
    for (i, limit) in limited {
        out.number(i);
        out.number(limit);
    }
    // The castlings that win: a bit each, White's king's side first.
    let [[wk, wq], [bk, bq]] = rules.goals.castling_wins;
    let wins = u8::from(wk) | u8::from(wq) << 1 | u8::from(bk) << 2 | u8::from(bq) << 3;
    // Then reversi's and ataxx's rules, as one number (the flip in bits
    // 0–1, a full board's end bit 2, free drops bit 3, the enclosing rule
    // in bits 4–6) and the start's squares.
    let drops = rules.drops.as_ref();
    let enclosing = drops.and_then(|d| d.enclosing).map_or(0, |e| match e {
        Enclosing::Reversi => 1u8,
        Enclosing::Ataxx => 2,
        Enclosing::Snort => 3,
        Enclosing::Anyside => 4,
        Enclosing::Top => 5,
    });
    let flipping = rules.flip.map_or(0, |f| match f {
        Flip::Reversi => 1u8,
        Flip::Ataxx => 2,
        Flip::Quadwrangle => 3,
    }) | u8::from(rules.goals.full_board) << 2
        | u8::from(drops.is_some_and(|d| d.free)) << 3
        | enclosing << 4;
    let start = drops.and_then(|d| d.enclosing_start);
    out.number(wins);
    out.number(flipping);
    out.maybe_region(start);
    // Then the pawn's triple-step regions, White's and Black's.
    for side in 0..2 {
        out.maybe_region(rules.triple_step_region.map(|r| r[side]));
    }
    out.0
}

/// The rule set `data` holds, or `None` if it holds none (it was not
/// written by [`write()`], or was cut).
pub fn read(data: &str) -> Option<Rules> {
    let mut input = In(data);
    let name = input.text()?.to_string();
    let geometry = Geometry::new(input.number()?, input.number()?)?;
    let start = input.text()?.to_string();
    let promotion_region = [input.region()?, input.region()?];
    let black_rotated = match input.number::<u8>()? {
        0 => false,
        1 => true,
        _ => return None,
    };
    let initial_region = match input.number::<u8>()? {
        0 => None,
        1 => Some([input.region()?, input.region()?]),
        _ => return None,
    };
    let promotion_pieces = input.text()?.chars().collect();
    let black_promotion_pieces = match input.number::<u8>()? {
        0 => None,
        1 => Some(input.text()?.chars().collect()),
        _ => return None,
    };
    let castling = match input.number::<u8>()? {
        0 => None,
        1 => Some(Castling {
            king_side_file: input.number()?,
            queen_side_file: input.number()?,
            king_side_rook_file: input.number::<u8>()?.checked_sub(1),
            queen_side_rook_file: input.number::<u8>()?.checked_sub(1),
        }),
        _ => return None,
    };
    let stalemate = match input.number::<u8>()? {
        0 => Stalemate::Draw,
        1 => Stalemate::Loss,
        2 => Stalemate::Win,
        _ => return None,
    };
    let checkmate = ending(input.number()?)?;
    let switches: u8 = input.number()?;
    if switches > 127 {
        return None;
    }
    let count: usize = input.number()?;
    let mut pieces = Vec::new();
    for _ in 0..count {
        let letter = input.char()?;
        let name = input.text()?.to_string();
        let betza = input.text()?.to_string();
        let kind: u8 = input.number()?;
        let symbols = (input.char()?, input.char()?);
        let atom_count: usize = input.number()?;
        let mut atoms = Vec::new();
        for _ in 0..atom_count {
            let leap = (input.number()?, input.number()?);
            let range = input.number()?;
            let flags: u8 = input.number()?;
            let vector_count: usize = input.number()?;
            let mut vectors = Vec::new();
            for _ in 0..vector_count {
                vectors.push((input.signed()?, input.signed()?));
            }
            let flag = |i: u8| flags >> i & 1 == 1;
            atoms.push(Atom {
                leap,
                vectors,
                range,
                moves: flag(0),
                captures: flag(1),
                initial: flag(2),
                lame: flag(3),
                en_passant: flag(4),
                hop: match (flag(5), flag(6)) {
                    (false, false) => Hop::No,
                    (true, false) => Hop::Over,
                    (false, true) => Hop::Beyond,
                    (true, true) => Hop::Unlike,
                },
                lines: flag(7),
            });
        }
        pieces.push(PieceDef {
            letter,
            name,
            betza,
            atoms,
            royal: kind & 1 != 0,
            pawn: [
                kind & 2 != 0 && kind & 4 == 0,
                kind & 2 != 0 && kind & 8 == 0,
            ],
            symbols,
            mobility: [None; 2],
            initial_region: None,
            synonym: None,
            promotes_to: None,
            promotion_limit: None,
        });
    }
    let connect = match input.number::<u8>()? {
        0 => None,
        1 => {
            let n = input.number()?;
            let pieces = input.text()?.chars().collect();
            let directions: u8 = input.number()?;
            if directions > 7 {
                return None;
            }
            Some(crate::goals::Connect {
                n,
                pieces,
                horizontal: directions & 1 != 0,
                vertical: directions & 2 != 0,
                diagonal: directions & 4 != 0,
                ending: ending(input.number()?)?,
                square: input.number()?,
                collinear: input.number()?,
                regions: [
                    [input.region()?, input.region()?],
                    [input.region()?, input.region()?],
                ],
            })
        }
        _ => return None,
    };
    let castling_rooks = input.text()?.chars().collect();
    let castling_rank = input.number()?;
    let diagonal_lines = input.region()?;
    let passing = input.number::<u16>()?;
    if passing >> 11 != 0 {
        return None;
    }
    let bit = |i: u8| passing >> i & 1 != 0;
    let walling = match input.number::<u8>()? {
        0 => None,
        n => {
            let rule = match n & 0b111 {
                1 => WallRule::Arrow,
                2 => WallRule::Duck,
                3 => WallRule::Edge,
                4 => WallRule::Past,
                5 => WallRule::Static,
                _ => return None,
            };
            if n >> 4 != 0 {
                return None;
            }
            Some(Walling {
                rule,
                regions: [input.maybe_region()?, input.maybe_region()?],
                or_move: n & 8 != 0,
            })
        }
    };
    let petrify = input.text()?.chars().collect();
    let promotion_switches: u8 = input.number()?;
    if promotion_switches > 31 {
        return None;
    }
    let promoting: Vec<char> = input.text()?.chars().collect();
    if !promoting.len().is_multiple_of(2) {
        return None;
    }
    for pair in promoting.chunks(2) {
        pieces.iter_mut().find(|p| p.letter == pair[0])?.promotes_to = Some(pair[1]);
    }
    let extinction = match input.number::<u8>()? {
        0 => None,
        1 => Some(Extinction {
            ending: ending(input.number()?)?,
            pieces: input.text()?.chars().collect(),
            count: input.number()?,
            opponent_count: input.number()?,
            claim: input.flag()?,
        }),
        _ => return None,
    };
    let flag = match input.number::<u8>()? {
        0 => None,
        1 => {
            let white = (input.maybe_char()?, input.region()?);
            let black = (input.maybe_char()?, input.region()?);
            let count = input.number()?;
            let flags: u8 = input.number()?;
            if flags > 7 {
                return None;
            }
            Some(Flag {
                pieces: [white.0, black.0],
                regions: [white.1, black.1],
                count,
                blocked_win: flags & 1 != 0,
                one_more_move: flags & 2 != 0,
                safe: flags & 4 != 0,
            })
        }
        _ => return None,
    };
    let royal_while_few = match input.number::<u8>()? {
        0 => None,
        tag @ (1 | 2) => Some(RoyalWhileFew {
            pieces: input.text()?.chars().collect(),
            count: input.number()?,
            duple: tag == 2,
        }),
        _ => return None,
    };
    let drops = match input.number::<u8>()? {
        0 => None,
        bits if bits & 1 != 0 => {
            let mut regions = [None; 2];
            for region in &mut regions {
                *region = match input.number::<u8>()? {
                    0 => None,
                    1 => Some(input.region()?),
                    _ => return None,
                };
            }
            let letter = input.maybe_char()?;
            let count: u8 = input.number()?;
            let mate_loses = input.maybe_char()?;
            let placing = input.number::<u8>()?;
            if placing > 7 {
                return None;
            }
            let must_drop_kind = input.maybe_char()?;
            Some(Drops {
                captures_to_hand: bits & 2 != 0,
                keep_promoted: bits & 4 != 0,
                pawns_on_first_rank: bits & 8 != 0,
                pawns_in_zone: bits & 16 != 0,
                regions,
                no_doubled: letter.map(|l| (l, count)),
                no_checks: bits & 32 != 0,
                promoted: bits & 64 != 0,
                mate_loses,
                opposite_bishops: bits & 128 != 0,
                castling: placing & 1 != 0,
                rooks_on_first_rank: placing & 2 != 0,
                partner: placing & 4 != 0,
                must_drop_kind,
                enclosing: None,
                enclosing_start: None,
                free: false,
            })
        }
        _ => return None,
    };
    let blast = match input.number::<u8>()? {
        0 => None,
        1 => Some(Blast {
            spared: input.text()?.chars().collect(),
            immune: input.text()?.chars().collect(),
        }),
        _ => return None,
    };
    let mutually_immune = input.text()?.chars().collect();
    let material_counting = match input.number::<u8>()? {
        0 => None,
        1 => Some(MaterialCounting::WhiteDrawOdds),
        2 => Some(MaterialCounting::BlackDrawOdds),
        3 => Some(MaterialCounting::Unweighted),
        4 => Some(MaterialCounting::Janggi),
        _ => return None,
    };
    let mut en_passant_regions = [None; 2];
    for region in &mut en_passant_regions {
        *region = input.maybe_region()?;
    }
    let confined: usize = input.number()?;
    for _ in 0..confined {
        let i: usize = input.number()?;
        let white = input.maybe_region()?;
        let black = input.maybe_region()?;
        pieces.get_mut(i)?.mobility = [white, black];
    }
    let own: usize = input.number()?;
    for _ in 0..own {
        let i: usize = input.number()?;
        let regions = [input.region()?, input.region()?];
        pieces.get_mut(i)?.initial_region = Some(regions);
    }
    let named: usize = input.number()?;
    for _ in 0..named {
        let i: usize = input.number()?;
        let letter = input.char()?;
        pieces.get_mut(i)?.synonym = Some(letter);
    }
    let limited: usize = input.number()?;
    for _ in 0..limited {
        let i: usize = input.number()?;
        pieces.get_mut(i)?.promotion_limit = Some(input.number()?);
    }
    let wins: u8 = input.number()?;
    let castling_wins = [
        [wins & 1 != 0, wins & 2 != 0],
        [wins & 4 != 0, wins & 8 != 0],
    ];
    let flipping: u8 = input.number()?;
    let first = input.maybe_region()?;
    let triple_step_region = match (input.maybe_region()?, input.maybe_region()?) {
        (Some(white), Some(black)) => Some([white, black]),
        (None, None) => None,
        _ => return None,
    };
    let flip = match flipping & 3 {
        0 => None,
        1 => Some(Flip::Reversi),
        2 => Some(Flip::Ataxx),
        _ => Some(Flip::Quadwrangle),
    };
    let enclosing = match flipping >> 4 {
        0 => None,
        1 => Some(Enclosing::Reversi),
        2 => Some(Enclosing::Ataxx),
        3 => Some(Enclosing::Snort),
        4 => Some(Enclosing::Anyside),
        5 => Some(Enclosing::Top),
        _ => return None,
    };
    let free = flipping & 8 != 0;
    let drops = match drops {
        Some(d) => Some(Drops {
            enclosing,
            enclosing_start: first,
            free,
            ..d
        }),
        None if enclosing.is_none() && first.is_none() && !free => None,
        None => return None,
    };
    input.0.is_empty().then_some(Rules {
        name,
        geometry,
        pieces,
        start,
        promotion_region,
        initial_region,
        triple_step_region,
        black_rotated,
        promotion_pieces,
        black_promotion_pieces,
        castling,
        stalemate,
        checkmate,
        goals: Goals {
            extinction,
            flag,
            check_counting: switches & 4 != 0,
            connect,
            castling_wins,
            full_board: flipping & 4 != 0,
        },
        must_capture: switches & 1 != 0,
        checks: switches & 2 == 0,
        royal_while_few,
        chess960: switches & 8 != 0,
        flying_general: switches & 16 != 0,
        makpong: switches & 32 != 0,
        stalemate_by_count: switches & 64 != 0,
        material_counting,
        drops,
        blast,
        mutually_immune,
        en_passant_regions,
        piece_promotion: PiecePromotion {
            mandatory: promotion_switches & 1 != 0,
            on_capture: promotion_switches & 2 != 0,
            demotion: promotion_switches & 4 != 0,
        },
        immobility_illegal: promotion_switches & 8 != 0,
        optional_pawn_promotion: promotion_switches & 16 != 0,
        walling,
        flip,
        petrify,
        castling_rank,
        diagonal_lines,
        pass: [bit(0), bit(1)],
        pass_on_stalemate: [bit(2), bit(3)],
        must_drop: bit(4),
        bikjang: bit(5),
        opposite_castling: bit(6),
        castling_rooks,
        gating: bit(7),
        cambodian_moves: bit(8),
        sittuyin_promotion: bit(9),
        shatar_mate: bit(10),
    })
}

/// An ending as written (`Ending as u8`).
fn ending(n: u8) -> Option<Ending> {
    match n {
        0 => Some(Ending::Win),
        1 => Some(Ending::Loss),
        2 => Some(Ending::Draw),
        _ => None,
    }
}

/// The data being written.
struct Out(String);

impl Out {
    fn number(&mut self, n: impl ToString) {
        self.0.push_str(&n.to_string());
        self.0.push(',');
    }

    fn signed(&mut self, n: i8) {
        self.0.push_str(&n.to_string());
        self.0.push(',');
    }

    fn text(&mut self, text: &str) {
        self.0.push_str(&text.len().to_string());
        self.0.push(':');
        self.0.push_str(text);
    }

    fn region(&mut self, region: Region) {
        for word in region.words() {
            self.number(word);
        }
    }

    /// 0 for none, or 1 and the region.
    fn maybe_region(&mut self, region: Option<Region>) {
        match region {
            None => self.number(0),
            Some(region) => {
                self.number(1);
                self.region(region);
            }
        }
    }
}

/// The data still to read.
struct In<'a>(&'a str);

impl<'a> In<'a> {
    /// The digits up to `end`, and the rest after it.
    fn until(&mut self, end: char) -> Option<&'a str> {
        let (head, rest) = self.0.split_once(end)?;
        self.0 = rest;
        Some(head)
    }

    fn number<T: TryFrom<u64>>(&mut self) -> Option<T> {
        let digits = self.until(',')?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        T::try_from(digits.parse::<u64>().ok()?).ok()
    }

    fn signed(&mut self) -> Option<i8> {
        self.until(',')?.parse().ok()
    }

    fn text(&mut self) -> Option<&'a str> {
        let len: usize = self.until(':')?.parse().ok()?;
        let text = self.0.get(..len)?;
        self.0 = &self.0[len..];
        Some(text)
    }

    fn region(&mut self) -> Option<Region> {
        let mut words = [0u64; 4];
        for word in &mut words {
            *word = self.number()?;
        }
        Some(Region::from_words(words))
    }

    /// A region written by `Out::maybe_region`: `Some(None)` for none.
    fn maybe_region(&mut self) -> Option<Option<Region>> {
        match self.number::<u8>()? {
            0 => Some(None),
            1 => Some(Some(self.region()?)),
            _ => None,
        }
    }

    fn flag(&mut self) -> Option<bool> {
        match self.number::<u8>()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    /// One character, or none (an empty text).
    fn maybe_char(&mut self) -> Option<Option<char>> {
        let mut chars = self.text()?.chars();
        let c = chars.next();
        chars.next().is_none().then_some(c)
    }

    fn char(&mut self) -> Option<char> {
        let mut chars = self.text()?.chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_sets_of_every_reader_round_trip() {
        let ini = crate::ini::variants(include_str!("../tests/fairy/variants.ini")).unwrap();
        let yaml = crate::yaml::rules(include_str!("../tests/customchesskell/mini.yaml")).unwrap();
        let mut losing = Rules::chess();
        losing.stalemate = Stalemate::Loss;
        losing.checkmate = Ending::Win;
        let mut winning = Rules::chess();
        winning.stalemate = Stalemate::Win;
        winning.checkmate = Ending::Draw;
        winning.chess960 = true;
        winning.goals.check_counting = true;
        winning.must_capture = true;
        winning.checks = false;
        losing.castling = None;
        // Drops, each switch on in one rule set or the other.
        winning.drops = Some(Drops {
            captures_to_hand: true,
            keep_promoted: false,
            pawns_on_first_rank: true,
            pawns_in_zone: false,
            regions: [Some(Region::rank(0)), None],
            no_doubled: Some(('P', 1)),
            no_checks: true,
            promoted: true,
            mate_loses: Some('P'),
            opposite_bishops: true,
            castling: false,
            rooks_on_first_rank: true,
            partner: false,
            must_drop_kind: Some('K'),
            enclosing: Some(Enclosing::Anyside),
            enclosing_start: Some(Region::rank(3)),
            free: true,
        });
        winning.flip = Some(Flip::Quadwrangle);
        winning.goals.full_board = true;
        winning.triple_step_region = Some([Region::rank(1), Region::rank(6)]);
        losing.drops = Some(Drops {
            captures_to_hand: false,
            keep_promoted: true,
            pawns_on_first_rank: false,
            pawns_in_zone: true,
            regions: [None, Some(Region::rank(7))],
            no_doubled: None,
            no_checks: false,
            promoted: false,
            mate_loses: None,
            opposite_bishops: false,
            castling: true,
            rooks_on_first_rank: false,
            partner: true,
            must_drop_kind: None,
            enclosing: None,
            enclosing_start: None,
            free: false,
        });
        // Every enclosing rule and flip, each read back as written.
        let enclosings = [
            Enclosing::Reversi,
            Enclosing::Ataxx,
            Enclosing::Snort,
            Enclosing::Anyside,
            Enclosing::Top,
        ];
        let flips = [
            None,
            Some(Flip::Reversi),
            Some(Flip::Ataxx),
            Some(Flip::Quadwrangle),
        ];
        for (enclosing, flip) in enclosings.into_iter().zip(flips.into_iter().cycle()) {
            let mut reversi = losing.clone();
            reversi.flip = flip;
            reversi.drops.as_mut().unwrap().enclosing = Some(enclosing);
            assert_eq!(read(&write(&reversi)), Some(reversi));
        }
        // A free hand, an enclosing rule or a start without drops is no
        // rule set.
        let undropped = Rules {
            drops: None,
            ..Rules::chess()
        };
        let written = write(&undropped);
        let bare = written.strip_suffix("0,0,0,").unwrap();
        for more in ["0,8,0,", "0,16,0,", "0,0,1,0,0,0,0,"] {
            assert_eq!(read(&format!("{bare}{more}")), None, "{more}");
        }
        // Goals: flags (one side's, one more move) and extinctions (a
        // claim, counts).
        let goals = [
            "kingofthehill",
            "jesonmor",
            "fox-and-hounds",
            "shatranj",
            "threekings",
            "giveaway",
        ]
        .map(|name| crate::ini::builtin(name).unwrap().unwrap());
        assert!(goals.iter().all(|g| g.goals.any()));
        // A draw by extinction; a flag with every switch.
        let mut drawn = goals[3].clone();
        if let Some(e) = &mut drawn.goals.extinction {
            e.ending = Ending::Draw;
        }
        let mut flagged = goals[0].clone();
        if let Some(f) = &mut flagged.goals.flag {
            (f.blocked_win, f.one_more_move, f.safe, f.count) = (true, true, true, 2);
        }
        let written = write(&flagged);
        assert!(
            written.ends_with(",2,7,0,0,0,0:0,0,0,0,0,0,0,0,0,0,0,0,"),
            "{written}"
        );
        let bad = format!(
            "{},8,0,0,0,0:0,0,0,0,0,0,0,0,0,0,0,0,",
            &written[..written.len() - 34]
        );
        assert_eq!(read(&bad), None, "{bad}");
        // Every switch (127); a switch more is no rule set.
        winning.flying_general = true;
        winning.makpong = true;
        winning.stalemate_by_count = true;
        let written = write(&winning);
        assert!(written.contains(",127,"), "{written}");
        let bad = written.replacen(",127,", ",128,", 1);
        assert_eq!(read(&bad), None);
        // Pieces royal while few; an unknown tag for them is no rule set.
        let mut few = Rules::chess();
        few.royal_while_few = Some(RoyalWhileFew {
            pieces: vec!['Q', '*'],
            count: 65,
            duple: false,
        });
        let written = write(&few);
        assert!(
            written.ends_with(",1,2:Q*65,0,0,0:0,0,0,0,0,0,0,0,0,0,0,0,"),
            "{written}"
        );
        let bad = format!("{}2,", &written[..written.len() - 39]);
        assert_eq!(read(&bad), None, "{bad}");
        // Drops: a first number without its first bit, or with a bit
        // more than the switches, is no rule set.
        let written = write(&losing);
        let undropped = write(&Rules {
            drops: None,
            ..losing.clone()
        });
        let (before, after) = written.split_at(undropped.len() - 30);
        assert!(after.starts_with("21,"), "{after}");
        for bits in ["20", "277"] {
            let bad = format!("{before}{bits}{}", &after[2..]);
            assert_eq!(read(&bad), None, "{bad}");
        }
        // (Dropped kings and rooks castle, rooks on the first rank only, a
        // partner fills the hands: a bit each.)
        assert!(after.contains(",0:0,0:5,"), "{after}");
        let bad = written.replacen(",0:0,0:5,", ",0:0,0:8,", 1);
        assert_eq!(read(&bad), None, "{bad}");
        // Explosions and pieces immune to their own kind; an unknown tag
        // for explosions is no rule set.
        let mut atomic = crate::ini::builtin("atomar").unwrap().unwrap();
        atomic.blast.as_mut().unwrap().spared.push('N');
        atomic.mutually_immune.push('Q');
        let written = write(&atomic);
        assert!(
            written.ends_with(",1,2:PN1:K2:KQ0,0,0,0,0,0,0,0,0,0,0,0,"),
            "{written}"
        );
        let bad = format!(
            "{}2,2:PN1:K2:KQ0,0,0,0,0,0,0,0,0,0,0,0,",
            &written[..written.len() - 38]
        );
        assert_eq!(read(&bad), None, "{bad}");
        // En passant on some squares: White's anywhere, Black's on the
        // third rank; an unknown tag for them is no rule set.
        atomic.en_passant_regions[1] = Some(Region::rank(2));
        let written = write(&atomic);
        let tail = format!(
            ":KQ0,0,1,{},0,0,0,0,0,0,0,0,0,0,0,0,",
            Region::rank(2).words()[0]
        );
        assert!(written.ends_with(&tail), "{written}");
        let bad = format!("{}:KQ0,0,2,", &written[..written.len() - tail.len()]);
        assert_eq!(read(&bad), None, "{bad}");
        // Material counting, each kind; an unknown one is no rule set.
        atomic.material_counting = Some(MaterialCounting::Unweighted);
        let written = write(&atomic);
        assert!(written.contains(":KQ3,0,1,"), "{written}");
        atomic.material_counting = Some(MaterialCounting::Janggi);
        assert_eq!(read(&write(&atomic)), Some(atomic.clone()));
        let bad = written.replacen(":KQ3,0,1,", ":KQ5,0,1,", 1);
        assert_eq!(read(&bad), None, "{bad}");
        atomic.material_counting = Some(MaterialCounting::Unweighted);
        // Pieces kept to regions and a piece's second letter (minixiangqi's
        // palace and horse); an index past the pieces is no rule set.
        let palace = crate::ini::builtin("minixiangqi").unwrap().unwrap();
        let written = write(&palace);
        assert!(written.ends_with(",0,1,3,1:H0,0,0,0,0,0,"), "{written}");
        let bad = format!("{}9,1:H0,0,0,0,0,0,", &written[..written.len() - 17]);
        assert_eq!(read(&bad), None, "{bad}");
        // Limits on promotions (grand chess's); a limit past 255 or an
        // index past the pieces is no rule set.
        let grand = crate::ini::builtin("grand").unwrap().unwrap();
        let written = write(&grand);
        assert!(
            written.ends_with(",6,1,2,2,2,3,2,4,1,5,1,6,1,0,0,0,0,0,"),
            "{written}"
        );
        assert_eq!(read(&written), Some(grand.clone()));
        for bad in [
            ",6,1,2,2,2,3,2,4,1,5,1,6,256,0,0,0,0,0,",
            ",6,1,2,2,2,3,2,4,1,5,1,9,1,0,0,0,0,0,",
        ] {
            let bad = format!("{}{bad}", &written[..written.len() - 38]);
            assert_eq!(read(&bad), None, "{bad}");
        }
        // Shogi-style promotions, every switch; a switch more, an odd
        // letter, or a letter no piece has is no rule set.
        let mut shogi = crate::ini::builtin("minishogi").unwrap().unwrap();
        shogi.piece_promotion = PiecePromotion {
            mandatory: true,
            on_capture: true,
            demotion: true,
        };
        (shogi.immobility_illegal, shogi.optional_pawn_promotion) = (true, true);
        let written = write(&shogi);
        assert_eq!(read(&written), Some(shogi.clone()));
        let promoting = ":31,8:BHRDSGPG0,";
        assert!(written.contains(promoting), "{written}");
        for bad in [":32,8:BHRDSGPG0,", ":31,7:BHRDSGP0,", ":31,2:XG0,"] {
            let bad = written.replacen(promoting, bad, 1);
            assert_eq!(read(&bad), None, "{bad}");
        }
        // Walls: each rule, a region for one side, the kinds petrified; a
        // rule beyond the five or a region flag beyond 1 is no rule set.
        let mut walled = Rules::chess();
        walled.petrify = vec!['Q', 'N'];
        for rule in [
            WallRule::Arrow,
            WallRule::Duck,
            WallRule::Edge,
            WallRule::Past,
            WallRule::Static,
        ] {
            for or_move in [true, false] {
                walled.walling = Some(Walling {
                    rule,
                    regions: [Some(Region::rank(3)), None],
                    or_move,
                });
                assert_eq!(read(&write(&walled)), Some(walled.clone()));
            }
        }
        // Pieces in a row, each direction on or off, each worth; the
        // rank castling is on.
        walled.castling_rank = 1;
        walled.pass = [true, false];
        walled.pass_on_stalemate = [false, true];
        walled.must_drop = true;
        walled.bikjang = true;
        walled.opposite_castling = true;
        walled.gating = true;
        walled.cambodian_moves = true;
        walled.sittuyin_promotion = true;
        walled.castling_rooks = vec!['R', 'Q'];
        walled.diagonal_lines = Region::rank(2);
        // (The kinds that castle as the rook, the rank castling is on, the
        // lines, who passes: a bit each.)
        let passing = "2:RQ1,281470681743360,0,0,0,1017,";
        assert!(write(&walled).contains(passing), "{}", write(&walled));
        let bad = write(&walled).replacen(passing, "2:RQ1,281470681743360,0,0,0,2048,", 1);
        assert_eq!(read(&bad), None, "{bad}");
        // Each of those switches alone.
        for bit in 0..11 {
            let mut one = Rules::chess();
            let on = |i: u8| bit == i;
            one.pass = [on(0), on(1)];
            one.pass_on_stalemate = [on(2), on(3)];
            (one.must_drop, one.bikjang, one.opposite_castling) = (on(4), on(5), on(6));
            (one.gating, one.cambodian_moves) = (on(7), on(8));
            (one.sittuyin_promotion, one.shatar_mate) = (on(9), on(10));
            assert_eq!(read(&write(&one)), Some(one.clone()), "{bit}");
        }
        walled.castling = Some(Castling {
            king_side_rook_file: Some(8),
            queen_side_rook_file: Some(0),
            ..Castling::new(7, 3)
        });
        assert!(write(&walled).contains(",1,7,3,9,1,"));
        for directions in 0..8u8 {
            for ending in [Ending::Win, Ending::Loss, Ending::Draw] {
                walled.goals.connect = Some(crate::goals::Connect {
                    n: 4,
                    square: directions % 3,
                    pieces: vec!['Q', 'N'],
                    horizontal: directions & 1 != 0,
                    vertical: directions & 2 != 0,
                    diagonal: directions & 4 != 0,
                    ending,
                    collinear: directions,
                    regions: [
                        [Region::rank(directions), Region::EMPTY],
                        [Region::EMPTY, Region::file(1)],
                    ],
                });
                assert_eq!(read(&write(&walled)), Some(walled.clone()));
            }
        }
        let written = write(&walled);
        // (A goal, 4 in a row, the kinds, every direction, a draw, a 1 × 1
        // square, 7 on a line, White's first region the eighth rank and
        // Black's second the b-file; the rook and the queen castle, on the
        // second rank.)
        let words = |r: Region| r.words().map(|w| format!("{w},")).concat();
        let regions = [
            Region::rank(7),
            Region::EMPTY,
            Region::EMPTY,
            Region::file(1),
        ]
        .map(words)
        .concat();
        let connect = format!(",1,4,2:QN7,2,1,7,{regions}2:RQ1,");
        assert!(written.contains(&connect), "{written}");
        for bad in [
            format!(",2,4,2:QN7,2,1,7,{regions}2:RQ1,"),
            format!(",1,4,2:QN8,2,1,7,{regions}2:RQ1,"),
            format!(",1,4,2:QN7,3,1,7,{regions}2:RQ1,"),
        ] {
            let bad = written.replacen(&connect, &bad, 1);
            assert_eq!(read(&bad), None, "{bad}");
        }
        walled.goals.connect = None;
        walled.castling_rooks = vec!['R'];
        walled.castling_rank = 0;
        walled.pass = [false; 2];
        walled.pass_on_stalemate = [false; 2];
        walled.must_drop = false;
        walled.bikjang = false;
        walled.opposite_castling = false;
        walled.gating = false;
        walled.cambodian_moves = false;
        walled.sittuyin_promotion = false;
        walled.diagonal_lines = Region::EMPTY;
        let written = write(&walled);
        let walls = ",5,1,18446462598732840960,0,0,0,0,2:QN";
        assert!(written.contains(walls), "{written}");
        for bad in [
            ",6,1,18446462598732840960,0,0,0,0,2:QN",
            ",5,2,18446462598732840960,0,0,0,0,2:QN",
            ",21,1,18446462598732840960,0,0,0,0,2:QN",
        ] {
            let bad = written.replacen(walls, bad, 1);
            assert_eq!(read(&bad), None, "{bad}");
        }
        for rules in ini
            .into_iter()
            .chain([yaml, Rules::chess(), losing, winning])
            .chain(goals)
            .chain([drawn, flagged, few, atomic.clone(), palace])
            .chain([crate::ini::builtin("xiangqi").unwrap().unwrap(), shogi])
            .chain(
                [
                    MaterialCounting::WhiteDrawOdds,
                    MaterialCounting::BlackDrawOdds,
                ]
                .map(|counting| Rules {
                    material_counting: Some(counting),
                    ..atomic.clone()
                }),
            )
        {
            let data = write(&rules);
            assert_eq!(read(&data).as_ref(), Some(&rules), "{data}");
            // Cut anywhere, it reads as nothing.
            for cut in (0..data.len()).filter(|&i| data.is_char_boundary(i)) {
                assert_eq!(read(&data[..cut]), None, "{}", &data[..cut]);
            }
        }
        assert_eq!(read(&format!("{}x", write(&Rules::chess()))), None);
        // Numbers are digits only.
        let signed = write(&Rules::chess()).replacen("8,8,", "+8,8,", 1);
        assert_eq!(read(&signed), None);
    }
}
