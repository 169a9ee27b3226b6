//! A rule set as data: one string that holds everything a [`Rules`] is
//! (the board, each piece's letter, symbols, name and moves as read, the
//! start, promotion region and pieces, castling, stalemate, goals, pieces
//! royal while few, drops, explosions), for a
//! program that carries a rule set without its rules file. `verified-chess` writes it when a
//! macro verifies a game under custom rules, and its `CustomGame` reads
//! it back at run time: the rules file is read once, at compile time.
//!
//! Numbers are written in decimal and end in `,`; texts are their length
//! in bytes, `:` and the text. The layout is written once, in `layout`:
//! each field of a rule set in its order, through a `Way` that writes it
//! ([`write()`]) or reads it in its place ([`read()`]). Its destructurings
//! name every field, so that a field added to a rule set does not compile
//! until the layout carries it. Only what `write` writes is read: a number
//! with a leading zero or a sign, a bit or a code beyond those defined, a
//! count past the data's end, or text left over, is no rule set.
//!
//! ```
//! use chess_rules::{Rules, data};
//!
//! let chess = Rules::chess();
//! let written = data::write(&chess);
//! assert_eq!(data::read(&written), Some(chess));
//! assert_eq!(data::read("5:chess"), None);
//! ```

use std::fmt::Write as _;

use crate::betza::{Atom, Hop};
use crate::geometry::{Geometry, Region};
use crate::goals::{Connect, Ending, Extinction, Flag, Goals};
use crate::rules::{
    Blast, Castling, Drops, Enclosing, Flip, MaterialCounting, PieceDef, PiecePromotion,
    RoyalWhileFew, Rules, Stalemate, WallRule, Walling,
};

/// `rules` as data.
pub fn write(rules: &Rules) -> String {
    let mut out = Out(String::new());
    let written = layout(&mut out, &mut rules.clone());
    debug_assert!(written.is_some(), "each value has its code");
    out.0
}

/// The rule set `data` holds, or `None` if it holds none (it was not
/// written by [`write()`], or was cut).
pub fn read(data: &str) -> Option<Rules> {
    let mut input = In(data);
    // (Every field is read in its place: the layout names each.)
    let mut rules = Rules::chess();
    layout(&mut input, &mut rules)?;
    input.0.is_empty().then_some(rules)
}

/// One direction of the layout: each value written as it is, or read in
/// its place (`None`: the data holds no such value).
trait Way {
    /// A number, in decimal and `,`.
    fn number<T: Copy + TryFrom<u64> + TryInto<u64>>(&mut self, n: &mut T) -> Option<()>;
    /// A number that may be negative.
    fn signed(&mut self, n: &mut i8) -> Option<()>;
    /// A text: its length in bytes, `:` and the text.
    fn text(&mut self, text: &mut String) -> Option<()>;
    /// How many items follow: `n`, written; or the count read, no more
    /// than the bytes left (each item takes one at least).
    fn count(&mut self, n: usize) -> Option<usize>;
}

/// The layout of a rule set: every field, in order.
fn layout<W: Way>(w: &mut W, rules: &mut Rules) -> Option<()> {
    let Rules {
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
        optional_pawn_promotion,
        castling,
        castling_rank,
        stalemate,
        checkmate,
        goals,
        must_capture,
        checks,
        royal_while_few,
        chess960,
        flip,
        drops,
        blast,
        en_passant_regions,
        stalemate_by_count,
        material_counting,
        makpong,
        flying_general,
        diagonal_lines,
        pass: [pass_white, pass_black],
        pass_on_stalemate: [pass_on_stalemate_white, pass_on_stalemate_black],
        must_drop,
        bikjang,
        opposite_castling,
        castling_rooks,
        gating,
        cambodian_moves,
        sittuyin_promotion,
        shatar_mate,
        mutually_immune,
        piece_promotion:
            PiecePromotion {
                mandatory,
                on_capture,
                demotion,
            },
        immobility_illegal,
        walling,
        petrify,
    } = rules;
    w.text(name)?;
    board(w, geometry)?;
    w.text(start)?;
    list(w, pieces, blank_piece, piece)?;
    pair(w, promotion_region, region)?;
    maybe(w, initial_region, Default::default, |w, r| {
        pair(w, r, region)
    })?;
    maybe(w, triple_step_region, Default::default, |w, r| {
        pair(w, r, region)
    })?;
    pair(w, en_passant_regions, maybe_region)?;
    region(w, diagonal_lines)?;
    chars(w, promotion_pieces)?;
    maybe(w, black_promotion_pieces, Vec::new, chars)?;
    maybe(w, castling, || Castling::new(0, 0), castling_files)?;
    w.number(castling_rank)?;
    chars(w, castling_rooks)?;
    let stalemates = [Stalemate::Draw, Stalemate::Loss, Stalemate::Win];
    code(w, stalemate, &stalemates)?;
    ending(w, checkmate)?;
    goals_layout(w, goals)?;
    maybe(w, royal_while_few, blank_few, few)?;
    let countings = [
        None,
        Some(MaterialCounting::WhiteDrawOdds),
        Some(MaterialCounting::BlackDrawOdds),
        Some(MaterialCounting::Unweighted),
        Some(MaterialCounting::Janggi),
    ];
    code(w, material_counting, &countings)?;
    let flips = [
        None,
        Some(Flip::Reversi),
        Some(Flip::Ataxx),
        Some(Flip::Quadwrangle),
    ];
    code(w, flip, &flips)?;
    maybe(w, drops, Drops::default, drops_layout)?;
    maybe(w, blast, Blast::default, |w, b| {
        chars(w, &mut b.spared)?;
        chars(w, &mut b.immune)
    })?;
    chars(w, mutually_immune)?;
    maybe(w, walling, blank_walling, walls)?;
    chars(w, petrify)?;
    bits(
        w,
        [
            black_rotated,
            optional_pawn_promotion,
            must_capture,
            checks,
            chess960,
            stalemate_by_count,
            makpong,
            flying_general,
            pass_white,
            pass_black,
            pass_on_stalemate_white,
            pass_on_stalemate_black,
            must_drop,
            bikjang,
            opposite_castling,
            gating,
            cambodian_moves,
            sittuyin_promotion,
            shatar_mate,
            immobility_illegal,
            mandatory,
            on_capture,
            demotion,
        ],
    )
}

/// The board's files and ranks.
fn board<W: Way>(w: &mut W, geometry: &mut Geometry) -> Option<()> {
    let (mut files, mut ranks) = (geometry.files(), geometry.ranks());
    w.number(&mut files)?;
    w.number(&mut ranks)?;
    *geometry = Geometry::new(files, ranks)?;
    Some(())
}

/// A piece: its letter, name and moves (as written, and as read), its
/// kind, symbols, regions and other letter, what it promotes to and how
/// often.
fn piece<W: Way>(w: &mut W, piece: &mut PieceDef) -> Option<()> {
    let PieceDef {
        letter,
        name,
        betza,
        atoms,
        royal,
        pawn: [white_pawn, black_pawn],
        symbols: (white_symbol, black_symbol),
        mobility,
        initial_region,
        synonym,
        promotes_to,
        promotion_limit,
    } = piece;
    char(w, letter)?;
    w.text(name)?;
    w.text(betza)?;
    list(w, atoms, blank_atom, atom)?;
    bits(w, [royal, white_pawn, black_pawn])?;
    char(w, white_symbol)?;
    char(w, black_symbol)?;
    pair(w, mobility, maybe_region)?;
    maybe(w, initial_region, Default::default, |w, r| {
        pair(w, r, region)
    })?;
    maybe_char(w, synonym)?;
    maybe_char(w, promotes_to)?;
    maybe(w, promotion_limit, || 0, |w, n| w.number(n))
}

/// One of a piece's ways of moving.
fn atom<W: Way>(w: &mut W, atom: &mut Atom) -> Option<()> {
    let Atom {
        leap: (leap_x, leap_y),
        vectors,
        range,
        moves,
        captures,
        initial,
        lame,
        en_passant,
        hop,
        lines,
    } = atom;
    w.number(leap_x)?;
    w.number(leap_y)?;
    w.number(range)?;
    code(w, hop, &[Hop::No, Hop::Over, Hop::Beyond, Hop::Unlike])?;
    bits(w, [moves, captures, initial, lame, en_passant, lines])?;
    list(w, vectors, Default::default, |w, (dx, dy)| {
        w.signed(dx)?;
        w.signed(dy)
    })
}

/// Where castling takes the king (and from where the rooks are looked
/// for).
fn castling_files<W: Way>(w: &mut W, castling: &mut Castling) -> Option<()> {
    let Castling {
        king_side_file,
        queen_side_file,
        king_side_rook_file,
        queen_side_rook_file,
    } = castling;
    w.number(king_side_file)?;
    w.number(queen_side_file)?;
    maybe(w, king_side_rook_file, || 0, |w, n| w.number(n))?;
    maybe(w, queen_side_rook_file, || 0, |w, n| w.number(n))
}

/// What ends a game besides checkmate and stalemate.
fn goals_layout<W: Way>(w: &mut W, goals: &mut Goals) -> Option<()> {
    let Goals {
        extinction,
        flag,
        check_counting,
        connect,
        castling_wins:
            [
                [white_king_side, white_queen_side],
                [black_king_side, black_queen_side],
            ],
        full_board,
    } = goals;
    maybe(w, extinction, blank_extinction, |w, e| {
        let Extinction {
            ending: worth,
            pieces,
            count,
            opponent_count,
            claim,
        } = e;
        ending(w, worth)?;
        chars(w, pieces)?;
        w.number(count)?;
        w.number(opponent_count)?;
        bits(w, [claim])
    })?;
    maybe(w, flag, blank_flag, |w, f| {
        let Flag {
            pieces,
            regions,
            count,
            blocked_win,
            one_more_move,
            safe,
        } = f;
        pair(w, pieces, maybe_char)?;
        pair(w, regions, region)?;
        w.number(count)?;
        bits(w, [blocked_win, one_more_move, safe])
    })?;
    maybe(w, connect, blank_connect, in_a_row)?;
    bits(
        w,
        [
            check_counting,
            full_board,
            white_king_side,
            white_queen_side,
            black_king_side,
            black_queen_side,
        ],
    )
}

/// Pieces in a row (or a square, or on a line, or joining two regions).
fn in_a_row<W: Way>(w: &mut W, connect: &mut Connect) -> Option<()> {
    let Connect {
        n,
        square,
        pieces,
        horizontal,
        vertical,
        diagonal,
        ending: worth,
        collinear,
        regions: [white, black],
    } = connect;
    w.number(n)?;
    w.number(square)?;
    w.number(collinear)?;
    chars(w, pieces)?;
    ending(w, worth)?;
    pair(w, white, region)?;
    pair(w, black, region)?;
    bits(w, [horizontal, vertical, diagonal])
}

/// Pieces royal while a side has few of them.
fn few<W: Way>(w: &mut W, few: &mut RoyalWhileFew) -> Option<()> {
    let RoyalWhileFew {
        pieces,
        count,
        duple,
    } = few;
    chars(w, pieces)?;
    w.number(count)?;
    bits(w, [duple])
}

/// Pieces in hand and where they go.
fn drops_layout<W: Way>(w: &mut W, drops: &mut Drops) -> Option<()> {
    let Drops {
        captures_to_hand,
        keep_promoted,
        pawns_on_first_rank,
        pawns_in_zone,
        regions,
        no_doubled,
        no_checks,
        promoted,
        mate_loses,
        opposite_bishops,
        castling,
        rooks_on_first_rank,
        partner,
        must_drop_kind,
        enclosing,
        enclosing_start,
        free,
    } = drops;
    pair(w, regions, maybe_region)?;
    maybe(
        w,
        no_doubled,
        || ('P', 0),
        |w, (letter, count)| {
            char(w, letter)?;
            w.number(count)
        },
    )?;
    maybe_char(w, mate_loses)?;
    maybe_char(w, must_drop_kind)?;
    let enclosings = [
        None,
        Some(Enclosing::Reversi),
        Some(Enclosing::Ataxx),
        Some(Enclosing::Snort),
        Some(Enclosing::Anyside),
        Some(Enclosing::Top),
    ];
    code(w, enclosing, &enclosings)?;
    maybe_region(w, enclosing_start)?;
    bits(
        w,
        [
            captures_to_hand,
            keep_promoted,
            pawns_on_first_rank,
            pawns_in_zone,
            no_checks,
            promoted,
            opposite_bishops,
            castling,
            rooks_on_first_rank,
            partner,
            free,
        ],
    )
}

/// Walls put down as a game goes.
fn walls<W: Way>(w: &mut W, walling: &mut Walling) -> Option<()> {
    let Walling {
        rule,
        regions,
        or_move,
    } = walling;
    let rules = [
        WallRule::Arrow,
        WallRule::Duck,
        WallRule::Edge,
        WallRule::Past,
        WallRule::Static,
    ];
    code(w, rule, &rules)?;
    pair(w, regions, maybe_region)?;
    bits(w, [or_move])
}

/// What an ending is worth.
fn ending<W: Way>(w: &mut W, ending: &mut Ending) -> Option<()> {
    code(w, ending, &[Ending::Win, Ending::Loss, Ending::Draw])
}

/// Switches, a bit each (the first the lowest); a bit beyond them is no
/// rule set.
fn bits<W: Way, const N: usize>(w: &mut W, switches: [&mut bool; N]) -> Option<()> {
    let mut n = (switches.iter().enumerate()).fold(0u64, |n, (i, on)| n | u64::from(**on) << i);
    w.number(&mut n)?;
    if n >> N != 0 {
        return None;
    }
    for (i, on) in switches.into_iter().enumerate() {
        *on = n >> i & 1 == 1;
    }
    Some(())
}

/// A value of a few, as its index in `table`.
fn code<W: Way, T: Copy + PartialEq>(w: &mut W, value: &mut T, table: &[T]) -> Option<()> {
    let mut i = table.iter().position(|t| t == value)?;
    w.number(&mut i)?;
    *value = *table.get(i)?;
    Some(())
}

/// A value or none: `0`, or `1` and the value (`blank` to read it in).
fn maybe<W: Way, T>(
    w: &mut W,
    value: &mut Option<T>,
    blank: impl FnOnce() -> T,
    each: impl FnOnce(&mut W, &mut T) -> Option<()>,
) -> Option<()> {
    let mut some = value.is_some();
    bits(w, [&mut some])?;
    if !some {
        *value = None;
        return Some(());
    }
    each(w, value.get_or_insert_with(blank))
}

/// A list: how many, then each (`blank` to read one in).
fn list<W: Way, T>(
    w: &mut W,
    items: &mut Vec<T>,
    blank: impl FnMut() -> T,
    mut each: impl FnMut(&mut W, &mut T) -> Option<()>,
) -> Option<()> {
    let n = w.count(items.len())?;
    items.resize_with(n, blank);
    items.iter_mut().try_for_each(|item| each(w, item))
}

/// White's and Black's.
fn pair<W: Way, T>(
    w: &mut W,
    pair: &mut [T; 2],
    mut each: impl FnMut(&mut W, &mut T) -> Option<()>,
) -> Option<()> {
    pair.iter_mut().try_for_each(|item| each(w, item))
}

/// A region: its four words.
fn region<W: Way>(w: &mut W, region: &mut Region) -> Option<()> {
    let mut words = region.words();
    for word in &mut words {
        w.number(word)?;
    }
    *region = Region::from_words(words);
    Some(())
}

/// A region or none.
fn maybe_region<W: Way>(w: &mut W, region_: &mut Option<Region>) -> Option<()> {
    maybe(w, region_, Region::default, region)
}

/// Letters, as one text.
fn chars<W: Way>(w: &mut W, chars: &mut Vec<char>) -> Option<()> {
    let mut text: String = chars.iter().collect();
    w.text(&mut text)?;
    *chars = text.chars().collect();
    Some(())
}

/// One letter or none, as a text of one or none.
fn maybe_char<W: Way>(w: &mut W, letter: &mut Option<char>) -> Option<()> {
    let mut text = letter.map(String::from).unwrap_or_default();
    w.text(&mut text)?;
    let mut chars = text.chars();
    *letter = chars.next();
    chars.next().is_none().then_some(())
}

/// One letter.
fn char<W: Way>(w: &mut W, letter: &mut char) -> Option<()> {
    let mut one = Some(*letter);
    maybe_char(w, &mut one)?;
    *letter = one?;
    Some(())
}

/// A piece to read in.
fn blank_piece() -> PieceDef {
    PieceDef {
        letter: '?',
        name: String::new(),
        betza: String::new(),
        atoms: Vec::new(),
        royal: false,
        pawn: [false; 2],
        symbols: ('?', '?'),
        mobility: [None; 2],
        initial_region: None,
        synonym: None,
        promotes_to: None,
        promotion_limit: None,
    }
}

/// A way of moving to read in.
fn blank_atom() -> Atom {
    Atom {
        leap: (0, 0),
        vectors: Vec::new(),
        range: 0,
        moves: false,
        captures: false,
        initial: false,
        lame: false,
        en_passant: false,
        hop: Hop::No,
        lines: false,
    }
}

/// Pieces royal while few, to read in.
fn blank_few() -> RoyalWhileFew {
    RoyalWhileFew {
        pieces: Vec::new(),
        count: 0,
        duple: false,
    }
}

/// Extinction, to read in.
fn blank_extinction() -> Extinction {
    Extinction {
        ending: Ending::Win,
        pieces: Vec::new(),
        count: 0,
        opponent_count: 0,
        claim: false,
    }
}

/// A flag to reach, to read in.
fn blank_flag() -> Flag {
    Flag {
        pieces: [None; 2],
        regions: [Region::EMPTY; 2],
        count: 0,
        blocked_win: false,
        one_more_move: false,
        safe: false,
    }
}

/// Pieces in a row, to read in.
fn blank_connect() -> Connect {
    Connect {
        n: 0,
        square: 0,
        pieces: Vec::new(),
        horizontal: false,
        vertical: false,
        diagonal: false,
        ending: Ending::Win,
        collinear: 0,
        regions: [[Region::EMPTY; 2]; 2],
    }
}

/// Walls, to read in.
fn blank_walling() -> Walling {
    Walling {
        rule: WallRule::Duck,
        regions: [None; 2],
        or_move: false,
    }
}

/// The data being written.
struct Out(String);

impl Way for Out {
    fn number<T: Copy + TryFrom<u64> + TryInto<u64>>(&mut self, n: &mut T) -> Option<()> {
        let n: u64 = (*n).try_into().ok()?;
        write!(self.0, "{n},").ok()
    }

    fn signed(&mut self, n: &mut i8) -> Option<()> {
        write!(self.0, "{n},").ok()
    }

    fn text(&mut self, text: &mut String) -> Option<()> {
        write!(self.0, "{}:{text}", text.len()).ok()
    }

    fn count(&mut self, n: usize) -> Option<usize> {
        self.number(&mut { n })?;
        Some(n)
    }
}

/// The data still to read.
struct In<'a>(&'a str);

impl<'a> In<'a> {
    /// The text up to `end`, and the rest after it.
    fn until(&mut self, end: char) -> Option<&'a str> {
        let (head, rest) = self.0.split_once(end)?;
        self.0 = rest;
        Some(head)
    }

    /// A number up to `end` as [`Out`] writes it: digits, no leading zero.
    fn digits(&mut self, end: char) -> Option<u64> {
        unsigned(self.until(end)?)
    }
}

/// `digits` as a number, if they are one as [`Out`] writes it.
fn unsigned(digits: &str) -> Option<u64> {
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

impl Way for In<'_> {
    fn number<T: Copy + TryFrom<u64> + TryInto<u64>>(&mut self, n: &mut T) -> Option<()> {
        *n = T::try_from(self.digits(',')?).ok()?;
        Some(())
    }

    fn signed(&mut self, n: &mut i8) -> Option<()> {
        let text = self.until(',')?;
        *n = match text.strip_prefix('-') {
            Some(digits) => i8::try_from(-i64::try_from(unsigned(digits)?).ok()?)
                .ok()
                .filter(|&n| n != 0)?,
            None => i8::try_from(unsigned(text)?).ok()?,
        };
        Some(())
    }

    fn text(&mut self, text: &mut String) -> Option<()> {
        let len = usize::try_from(self.digits(':')?).ok()?;
        let read = self.0.get(..len)?;
        self.0 = &self.0[len..];
        *text = read.to_string();
        Some(())
    }

    fn count(&mut self, _: usize) -> Option<usize> {
        let n = usize::try_from(self.digits(',')?).ok()?;
        (n <= self.0.len()).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drops with every switch on in one or the other, each region, a
    /// kind not doubled, a mate that loses, a kind to drop first, and
    /// reversi's rules.
    fn two_drops() -> [Drops; 2] {
        [
            Drops {
                captures_to_hand: true,
                pawns_on_first_rank: true,
                regions: [Some(Region::rank(0)), None],
                no_doubled: Some(('P', 1)),
                no_checks: true,
                promoted: true,
                mate_loses: Some('P'),
                opposite_bishops: true,
                rooks_on_first_rank: true,
                must_drop_kind: Some('K'),
                enclosing: Some(Enclosing::Anyside),
                enclosing_start: Some(Region::rank(3)),
                free: true,
                ..Drops::default()
            },
            Drops {
                keep_promoted: true,
                pawns_in_zone: true,
                regions: [None, Some(Region::rank(7))],
                castling: true,
                partner: true,
                ..Drops::default()
            },
        ]
    }

    /// Chess changed in the rules its readers never set together: each
    /// end, switch and code, drops, walls, goals, explosions.
    fn varied() -> Vec<Rules> {
        let chess = Rules::chess();
        let mut all = Vec::new();
        let [winning_drops, losing_drops] = two_drops();
        let mut winning = Rules {
            stalemate: Stalemate::Win,
            checkmate: Ending::Draw,
            chess960: true,
            must_capture: true,
            checks: false,
            drops: Some(winning_drops),
            flip: Some(Flip::Quadwrangle),
            triple_step_region: Some([Region::rank(1), Region::rank(6)]),
            flying_general: true,
            makpong: true,
            stalemate_by_count: true,
            ..chess.clone()
        };
        winning.goals.check_counting = true;
        winning.goals.full_board = true;
        let losing = Rules {
            stalemate: Stalemate::Loss,
            checkmate: Ending::Win,
            castling: None,
            drops: Some(losing_drops),
            ..chess.clone()
        };
        // Every enclosing rule and flip.
        let enclosings = [
            Enclosing::Reversi,
            Enclosing::Ataxx,
            Enclosing::Snort,
            Enclosing::Anyside,
            Enclosing::Top,
        ];
        let flips = [None, Some(Flip::Reversi), Some(Flip::Ataxx)];
        for (enclosing, flip) in enclosings.into_iter().zip(flips.into_iter().cycle()) {
            let mut reversi = losing.clone();
            reversi.flip = flip;
            reversi.drops.as_mut().unwrap().enclosing = Some(enclosing);
            all.push(reversi);
        }
        all.extend([winning, losing]);
        // Each switch of passing, castling and promotion alone.
        for bit in 0..16 {
            let on = |i: u8| bit == i;
            let mut one = chess.clone();
            one.pass = [on(0), on(1)];
            one.pass_on_stalemate = [on(2), on(3)];
            (one.must_drop, one.bikjang, one.opposite_castling) = (on(4), on(5), on(6));
            (one.gating, one.cambodian_moves) = (on(7), on(8));
            (one.sittuyin_promotion, one.shatar_mate) = (on(9), on(10));
            (one.immobility_illegal, one.optional_pawn_promotion) = (on(11), on(12));
            one.piece_promotion = PiecePromotion {
                mandatory: on(13),
                on_capture: on(14),
                demotion: on(15),
            };
            all.push(one);
        }
        // Pieces royal while few (with duple check or not), explosions,
        // kinds immune to their own, en passant in a region, each
        // material counting.
        for duple in [false, true] {
            let mut few = chess.clone();
            few.royal_while_few = Some(RoyalWhileFew {
                pieces: vec!['Q', '*'],
                count: 65,
                duple,
            });
            all.push(few);
        }
        let mut atomic = crate::ini::builtin("atomar").unwrap().unwrap();
        atomic.blast.as_mut().unwrap().spared.push('N');
        atomic.mutually_immune.push('Q');
        atomic.en_passant_regions[1] = Some(Region::rank(2));
        for counting in [
            MaterialCounting::WhiteDrawOdds,
            MaterialCounting::BlackDrawOdds,
            MaterialCounting::Unweighted,
            MaterialCounting::Janggi,
        ] {
            atomic.material_counting = Some(counting);
            all.push(atomic.clone());
        }
        all.extend(walled_and_connected());
        all
    }

    /// Walls of each rule, kinds turned to walls; castling with rooks of
    /// given files; pieces in a row, each direction on or off, each worth.
    fn walled_and_connected() -> Vec<Rules> {
        let mut all = Vec::new();
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
                all.push(walled.clone());
            }
        }
        walled.castling_rank = 1;
        walled.castling_rooks = vec!['R', 'Q'];
        walled.diagonal_lines = Region::rank(2);
        walled.castling = Some(Castling {
            king_side_rook_file: Some(8),
            queen_side_rook_file: Some(0),
            ..Castling::new(7, 3)
        });
        for directions in 0..8u8 {
            for ending in [Ending::Win, Ending::Loss, Ending::Draw] {
                walled.goals.connect = Some(Connect {
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
                all.push(walled.clone());
            }
        }
        all
    }

    /// Fairy-Stockfish's variants with goals, piece promotions, kinds kept
    /// to regions and limits on promotions; a draw by extinction and a
    /// flag with every switch among them.
    fn builtins() -> Vec<Rules> {
        let mut all: Vec<Rules> = [
            "kingofthehill",
            "jesonmor",
            "fox-and-hounds",
            "shatranj",
            "threekings",
            "giveaway",
            "minixiangqi",
            "xiangqi",
            "grand",
            "minishogi",
        ]
        .map(|name| crate::ini::builtin(name).unwrap().unwrap())
        .into();
        let mut drawn = all[3].clone();
        drawn.goals.extinction.as_mut().unwrap().ending = Ending::Draw;
        let mut flagged = all[0].clone();
        let f = flagged.goals.flag.as_mut().unwrap();
        (f.blocked_win, f.one_more_move, f.safe, f.count) = (true, true, true, 2);
        f.pieces[1] = None;
        all.extend([drawn, flagged]);
        all
    }

    #[test]
    fn rule_sets_of_every_reader_round_trip() {
        let ini = crate::ini::variants(include_str!("../tests/fairy/variants.ini")).unwrap();
        let yaml = crate::yaml::rules(include_str!("../tests/customchesskell/mini.yaml")).unwrap();
        let all: Vec<Rules> = (ini.into_iter())
            .chain([yaml, Rules::chess()])
            .chain(builtins())
            .chain(varied())
            .collect();
        assert!(
            all.iter()
                .any(|r| r.goals.flag.is_some() && r.goals.extinction.is_none())
        );
        for rules in &all {
            let data = write(rules);
            assert_eq!(read(&data).as_ref(), Some(rules), "{data}");
            // Cut anywhere, it reads as nothing.
            for cut in (0..data.len()).filter(|&i| data.is_char_boundary(i)) {
                assert_eq!(read(&data[..cut]), None, "{}", &data[..cut]);
            }
        }
    }

    /// Whatever is read is what writing that rule set writes: data changed
    /// anywhere (a character replaced, dropped or added) reads as nothing
    /// or as a rule set written exactly so. (A bit, a code or a count
    /// beyond those defined, a leading zero or a sign, would break it.)
    #[test]
    fn only_what_write_writes_is_read() {
        let mut rule_sets = vec![Rules::chess()];
        let varied = varied();
        rule_sets.extend([&varied[5], &varied[6], &varied[25], &varied[27]].map(Clone::clone));
        rule_sets.extend(builtins().into_iter().skip(6).step_by(2));
        let mut accepted = 0;
        for rules in &rule_sets {
            let data = write(rules);
            for (at, c) in data.char_indices() {
                let (before, after) = (&data[..at], &data[at + c.len_utf8()..]);
                let changed = ["0", "1", "2", "9", "-", ",", ":", "x", "", "0c", "1c", "9c"]
                    .map(|by| format!("{before}{}{after}", by.replace('c', &c.to_string())));
                for changed in changed {
                    if let Some(again) = read(&changed) {
                        assert_eq!(write(&again), changed, "read from {data}");
                        accepted += 1;
                    }
                }
            }
        }
        // (Some changes are other rule sets: a number, a letter.)
        assert!(accepted > 1000, "{accepted}");
        let chess = write(&Rules::chess());
        for bad in [
            format!("{chess}x"),
            chess.replacen("8,8,", "08,8,", 1),
            chess.replacen("8,8,", "+8,8,", 1),
        ] {
            assert_eq!(read(&bad), None, "{bad}");
        }
    }

    #[test]
    fn a_count_past_the_end_or_a_signed_zero_is_no_rule_set() {
        let chess = Rules::chess();
        let written = write(&chess);
        // (The six pieces follow the start.)
        let pieces = written.find(&chess.start).unwrap() + chess.start.len();
        assert!(written[pieces..].starts_with("6,1:P"), "{written}");
        let far = format!("{}99999,{}", &written[..pieces], &written[pieces + 2..]);
        assert_eq!(read(&far), None);
        let mut knight = Rules::chess();
        knight.pieces[1].atoms[0].vectors[0] = (-1, 2);
        let written = write(&knight);
        assert_eq!(read(&written), Some(knight));
        assert!(written.contains("-1,2,"), "{written}");
        assert_eq!(read(&written.replacen("-1,2,", "-0,2,", 1)), None);
        assert_eq!(read(&written.replacen("-1,2,", "-129,2,", 1)), None);
    }
}
