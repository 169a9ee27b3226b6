//! What a rule set's pieces do, worked out once per rule set for the
//! mailbox ([`Tables`]): each kind's moves turned for each side and the
//! lines each side captures along (built in `rays.rs`), the promotion
//! zones and the cells by square, the bits of royal, pawn and en passant
//! kinds.

use crate::geometry::{Geometry, Square};
use crate::mailbox::{BLACK_BIT, CELLS, WORDS, cell_of, kind_of};
use crate::rays::{FarRay, HopRay, LeapRay, Moves, Ray, turned};
use crate::rules::{PieceDef, Rules};
use crate::types::Color;
use crate::walks::{FarWalk, Walks};

/// What a rule set's pieces do, worked out once for the mailbox.
#[derive(Debug)]
pub(crate) struct Tables {
    /// The cells of the board's squares, rank by rank from `a1`.
    pub(crate) squares: Vec<usize>,
    /// Each side's moves, by kind.
    pub(crate) atoms: [Vec<Walks>; 2],
    /// A bit per kind whose moves are all plain leaps (no far ones): a
    /// lone royal piece of such a kind is counted by its destinations.
    pub(crate) leaper: [u64; 2],
    /// How each side captures, for attack tests and for finding checks
    /// and pins: plain leaps (one square to look at) and the other rays.
    pub(crate) leap_rays: [Vec<LeapRay>; 2],
    pub(crate) line_rays: [Vec<Ray>; 2],
    /// Each side's captures by hopping.
    pub(crate) hop_rays: [Vec<HopRay>; 2],
    /// Moves and captures along vectors longer than the border is wide.
    pub(crate) far: [Vec<Vec<FarWalk>>; 2],
    pub(crate) far_rays: [Vec<FarRay>; 2],
    /// Whether there are any far moves.
    pub(crate) has_far: bool,
    /// A bit per kind two of whose moves share a direction (so may reach
    /// a square both ways): its moves are listed, not counted, and listed
    /// once.
    pub(crate) overlapping: u64,
    /// A bit per kind whose moves are listed and tried, never counted:
    /// those overlapping, and those that castle.
    pub(crate) listed: u64,
    /// The board.
    pub(crate) geometry: Geometry,
    /// The words of a bit set of cells that hold the board's cells (the
    /// others hold the border's only): a scan of a side's pieces looks at
    /// these.
    pub(crate) words: core::ops::Range<usize>,
    /// A side has a lame capture (a move can uncover it off any line) or a
    /// far rider (not followed for pins): every move against it is tried.
    pub(crate) lame_captures: [bool; 2],
    /// A bit per royal kind.
    pub(crate) royal: u64,
    /// Kinds royal while few ([`Rules::royal_while_few`]).
    pub(crate) few_royal: Option<FewRoyal>,
    /// Checks are counted ([`crate::Goals::check_counting`]).
    pub(crate) check_counting: bool,
    /// Castling may win or lose the game ([`crate::Goals::castling_wins`]).
    pub(crate) castling_wins: bool,
    /// Which pieces a move turns to its side ([`Rules::flip`]).
    pub(crate) flip: Option<crate::rules::Flip>,
    /// A bit per kind that castles: the royal kinds, or where there is
    /// none the piece written `K` (a king that is not royal, as in
    /// extinction chess).
    pub(crate) castler: u64,
    /// A bit per pawn kind, White's and Black's.
    pub(crate) pawn: [u64; 2],
    /// A bit per kind that captures en passant.
    pub(crate) en_passant: u64,
    /// How far (in files or ranks, the most of either) an en passant
    /// capture reaches at most: a piece further from the square passed
    /// takes nothing there.
    pub(crate) en_passant_reach: u8,
    /// What each side's pawns may promote to.
    pub(crate) promotions: [Vec<u8>; 2],
    /// The kinds a promotion to is limited
    /// ([`PieceDef::promotion_limit`](crate::PieceDef::promotion_limit)),
    /// each with its limit.
    pub(crate) limits: Vec<(u8, u8)>,
    /// A pawn may stay a pawn in its promotion zone
    /// ([`Rules::optional_pawn_promotion`]).
    pub(crate) pawns_may_stay: bool,
    /// The start position's cells (where `i` moves may be made, unless
    /// `initial` says).
    pub(crate) start: [u8; CELLS],
    /// The cells `i` moves may be made from, White's and Black's, when
    /// the rule set gives regions for them.
    pub(crate) initial: Option<[[u64; WORDS]; 2]>,
    /// The cells three-square `i` moves are made from, White's and
    /// Black's, where the rule set gives regions for them.
    pub(crate) triple: Option<[[u64; WORDS]; 2]>,
    /// A bit per kind with `i` moves of its own regions
    /// ([`PieceDef::initial_region`](crate::PieceDef::initial_region)),
    /// and their cells, by side and kind.
    pub(crate) own_initial: u64,
    pub(crate) own_initial_cells: [Vec<[u64; WORDS]>; 2],
    /// How pieces in hand are dropped, where they are
    /// ([`Rules::drops`](crate::Rules::drops)).
    pub(crate) drops: Option<crate::rules::Drops>,
    /// The one kind that must be dropped first, where pieces in hand must
    /// be ([`Drops::must_drop_kind`](crate::Drops::must_drop_kind)).
    pub(crate) must_drop_kind: Option<usize>,
    /// Moves put pieces from hand on gates ([`Rules::gating`](crate::Rules::gating)).
    pub(crate) gating: bool,
    /// Shatar's kinds, where its mating rules hold
    /// ([`Rules::shatar_mate`](crate::Rules::shatar_mate)).
    pub(crate) shatar: Option<Shaks>,
    /// Positions keep gates ([`Rules::has_gates`](crate::Rules::has_gates)).
    pub(crate) gates: bool,
    /// Cambodian chess's first leaps, where the rule set has them
    /// ([`Rules::cambodian_moves`](crate::Rules::cambodian_moves)).
    pub(crate) cambodian: Option<Leapers>,
    /// Each side's zone for sittuyin's promotion, where the rule set has it
    /// ([`Rules::sittuyin_promotion`](crate::Rules::sittuyin_promotion);
    /// then `zone` is empty: no pawn promotes by moving).
    pub(crate) sittuyin_zone: Option<[[u64; WORDS]; 2]>,
    /// A bit per kind that castles as the rook
    /// ([`Rules::castling_rooks`](crate::Rules::castling_rooks)).
    pub(crate) castling_rooks: u64,
    /// Placement chess's drops, where the rule set has them.
    pub(crate) placement: Option<Placement>,
    /// The cells a piece of each side and kind may be dropped on (a pawn
    /// not on its first rank nor in its zone, unless the rule set says).
    pub(crate) drop_cells: [Vec<[u64; WORDS]>; 2],
    /// Each side's first pawn kind (what a promoted piece of that side,
    /// taken, goes to hand as).
    pub(crate) pawn_kind: [Option<usize>; 2],
    /// The kind not dropped on a file where its side has that many of it
    /// ([`Drops::no_doubled`](crate::rules::Drops)), and the count.
    pub(crate) no_doubled: Option<(usize, u8)>,
    /// The cells of each file of the board.
    pub(crate) file_cells: Vec<[u64; WORDS]>,
    /// The castling right each cell stands for (a bit of
    /// `State::castling`): a move from or to
    /// the cell ends it, as the rook there has moved or is taken.
    pub(crate) castling_on: Vec<u32>,
    /// The square of each cell on the board.
    pub(crate) square_of: Vec<Square>,
    /// Each side's promotion zone: a bit per cell.
    pub(crate) zone: [[u64; WORDS]; 2],
    /// The cells from which a pawn's move may reach the zone.
    pub(crate) near_zone: [[u64; WORDS]; 2],
    /// How captures explode, where they do ([`Rules::blast`]).
    pub(crate) blast: Option<BlastKinds>,
    /// A bit per kind whose pieces may not capture one another
    /// ([`Rules::mutually_immune`]).
    pub(crate) mutually_immune: u64,
    /// Royal pieces may not face each other ([`Rules::flying_general`]).
    pub(crate) flying_general: bool,
    /// Where each side may take en passant ([`Rules::en_passant_regions`]).
    pub(crate) en_passant_regions: [Option<crate::geometry::Region>; 2],
    /// The cells on the diagonal lines ([`Rules::diagonal_lines`]).
    pub(crate) lines: [u64; WORDS],
    /// A bit per kind kept to a region ([`PieceDef::mobility`]): its moves
    /// are listed and kept to it, its attacks too.
    pub(crate) confined: u64,
    /// The cells each side's pieces of each kind may go to (all for a kind
    /// not confined).
    pub(crate) mobility: [Vec<[u64; WORDS]>; 2],
    /// Shogi-style promotions, where pieces promote so
    /// ([`PieceDef::promotes_to`](crate::PieceDef::promotes_to)).
    pub(crate) promoting: Option<crate::promote::Promoting>,
    /// Where each side's pieces of each kind could never move again
    /// ([`Rules::immobility_illegal`]), if that is illegal.
    pub(crate) stuck: Option<[Vec<[u64; WORDS]>; 2]>,
    /// A bit per kind whose moves may promote, demote, or strand it: they
    /// are listed and tried, never counted.
    pub(crate) changing: u64,
    /// The kind whose drop that checkmates loses
    /// ([`Drops::mate_loses`](crate::Drops::mate_loses)).
    pub(crate) mate_loses: Option<u8>,
    /// Walls a move puts down ([`Rules::walling`], [`Rules::petrify`]),
    /// if any.
    pub(crate) walls: Option<WallKinds>,
    /// Where a castling takes the other side's on its wing away
    /// ([`Rules::opposite_castling`]): the rank each side castles on.
    pub(crate) opposite_castling: Option<[u8; 2]>,
}

/// A rule set's explosions, by kind: a bit per kind a blast beside it
/// spares (pawns), and per kind no blast removes.
#[derive(Debug)]
pub(crate) struct BlastKinds {
    pub(crate) spared: u64,
    pub(crate) immune: u64,
}

/// The rank `color` castles on, from 0 at White's side
/// ([`Rules::castling_rank`], counted from `color`'s own side).
pub(crate) fn castling_rank(rules: &Rules, color: Color) -> u8 {
    let rank = rules
        .castling_rank
        .min(rules.geometry.ranks().saturating_sub(1));
    match color {
        Color::White => rank,
        Color::Black => rules.geometry.ranks() - 1 - rank,
    }
}

/// The kinds `letters` name, a bit each (`*`: every kind).
pub(crate) fn kind_bits(rules: &Rules, letters: &[char]) -> u64 {
    if letters.contains(&'*') {
        return (0..rules.pieces.len().min(64)).fold(0, |bits, i| bits | 1 << i);
    }
    letters
        .iter()
        .filter_map(|&l| rules.index(l))
        .filter(|&i| i < 64)
        .fold(0, |bits, i| bits | 1 << i)
}

impl BlastKinds {
    pub(crate) fn new(rules: &Rules) -> Option<BlastKinds> {
        let blast = rules.blast.as_ref()?;
        Some(BlastKinds {
            spared: kind_bits(rules, &blast.spared),
            immune: kind_bits(rules, &blast.immune),
        })
    }

    /// Whether the piece `cell` stays where a blast reaches it: always if
    /// immune, beside the capture's square if spared.
    #[inline]
    pub(crate) fn stays(&self, cell: u8, centre: bool) -> bool {
        let bit = 1u64 << kind_of(cell);
        self.immune & bit != 0 || (!centre && self.spared & bit != 0)
    }
}

/// A rule set's walls ([`crate::walls`]), worked out for the mailbox.
#[derive(Debug)]
pub(crate) struct WallKinds {
    /// Where the wall of a move goes ([`Rules::walling`]), if anywhere.
    pub(crate) rule: Option<crate::rules::WallRule>,
    /// The cells each side may put a wall on.
    pub(crate) regions: [[u64; WORDS]; 2],
    /// The cells of the board's edge.
    pub(crate) edge: [u64; WORDS],
    /// A bit per kind turned into a wall where it captures.
    pub(crate) petrify: u64,
    /// The wall is put down instead of a move ([`Walling::or_move`](crate::Walling::or_move)).
    pub(crate) or_move: bool,
}

impl WallKinds {
    /// The rule set's walls, if it puts any on the board.
    pub(crate) fn new(rules: &Rules) -> Option<WallKinds> {
        let petrify = kind_bits(rules, &rules.petrify);
        if rules.walling.is_none() && petrify == 0 {
            return None;
        }
        let g = rules.geometry;
        let mut regions = [[0u64; WORDS]; 2];
        let mut edge = [0u64; WORDS];
        for sq in g.squares() {
            let c = cell_of(sq);
            let bit = 1u64 << (c % 64);
            for (side, region) in regions.iter_mut().enumerate() {
                let within = rules.walling.as_ref().and_then(|w| w.regions[side]);
                if within.is_none_or(|r| r.contains(sq)) {
                    region[c / 64] |= bit;
                }
            }
            if sq.file == 0 || sq.rank == 0 || sq.file + 1 == g.files() || sq.rank + 1 == g.ranks()
            {
                edge[c / 64] |= bit;
            }
        }
        Some(WallKinds {
            rule: rules.walling.as_ref().map(|w| w.rule),
            regions,
            edge,
            petrify,
            or_move: rules.walling.as_ref().is_some_and(|w| w.or_move),
        })
    }
}

/// Kinds royal while their side has at most `count` of them: a bit per
/// kind counted on its own, and whether all of a side's pieces are
/// counted together too.
#[derive(Debug)]
pub(crate) struct FewRoyal {
    pub(crate) kinds: u64,
    pub(crate) all: bool,
    pub(crate) count: u32,
    /// Duple check ([`crate::duple`]).
    pub(crate) duple: bool,
}

/// The cells where a piece of each side and kind has no move on an empty
/// board (its `i` moves aside), for [`Rules::immobility_illegal`]: a bit
/// per cell, or `None` where the rule set has no such rule.
pub(crate) fn stuck(rules: &Rules) -> Option<[Vec<[u64; WORDS]>; 2]> {
    if !rules.immobility_illegal {
        return None;
    }
    let g = rules.geometry;
    Some([Color::White, Color::Black].map(|color| {
        (rules.pieces.iter().take(64))
            .map(|def| {
                let mut cells = [0u64; WORDS];
                for sq in g.squares() {
                    let moves = def.atoms.iter().filter(|a| a.moves && !a.initial);
                    let goes = moves.flat_map(|a| &a.vectors).any(|&v| {
                        let (dx, dy) = turned(rules, color, v);
                        let file = i16::from(sq.file) + i16::from(dx);
                        let rank = i16::from(sq.rank) + i16::from(dy);
                        (0..i16::from(g.files())).contains(&file)
                            && (0..i16::from(g.ranks())).contains(&rank)
                    });
                    if !goes {
                        let c = cell_of(sq);
                        cells[c / 64] |= 1 << (c % 64);
                    }
                }
                cells
            })
            .collect()
    }))
}

/// What a walk along `atom` may do ([`Walk::may`]).
/// The cells of `regions` (White's and Black's) on the board `g`.
fn cells_of(g: &crate::Geometry, regions: [crate::Region; 2]) -> [[u64; WORDS]; 2] {
    regions.map(|region| cells_where(g, |sq| region.contains(sq)))
}

/// The cells of the squares of the board that `keep` keeps.
fn cells_where(g: &crate::Geometry, keep: impl Fn(Square) -> bool) -> [u64; WORDS] {
    let mut cells = [0u64; WORDS];
    for sq in g.squares().filter(|&sq| keep(sq)) {
        let c = cell_of(sq);
        cells[c / 64] |= 1 << (c % 64);
    }
    cells
}

/// The kinds of piece of `rules` (as bits) with two moves that reach the
/// same square: their vectors lie on one line in one direction and some
/// multiples within their ranges meet (`HH` and `W` reach three squares
/// along a file both ways; a pawn's step and double step never meet).
fn overlapping(rules: &Rules) -> u64 {
    let mut overlapping = 0u64;
    for (kind, def) in rules.pieces.iter().enumerate().take(64) {
        let lines: Vec<((i8, i8), u8)> = def
            .atoms
            .iter()
            .flat_map(|a| a.vectors.iter().map(move |&v| (v, a.range)))
            .collect();
        let meet = |((x1, y1), r1): ((i8, i8), u8), ((x2, y2), r2): ((i8, i8), u8)| {
            let (x1, y1, x2, y2) = (i32::from(x1), i32::from(y1), i32::from(x2), i32::from(y2));
            if x1 * y2 != x2 * y1 || x1 * x2 + y1 * y2 <= 0 {
                return false;
            }
            // v1 = a·u and v2 = b·u for the primitive u of the line.
            let gcd = |mut a: i32, mut b: i32| {
                (a, b) = (a.abs(), b.abs());
                while b != 0 {
                    (a, b) = (b, a % b);
                }
                a
            };
            let (a, b) = (gcd(x1, y1), gcd(x2, y2));
            let lcm = a / gcd(a, b) * b;
            let within = |step: i32, range: u8| range == 0 || lcm / step <= i32::from(range);
            within(a, r1) && within(b, r2)
        };
        let overlaps = lines
            .iter()
            .enumerate()
            .any(|(i, &l1)| lines[i + 1..].iter().any(|&l2| meet(l1, l2)));
        if overlaps {
            overlapping |= 1 << kind;
        }
    }
    overlapping
}

/// How far, in steps along a file, rank or diagonal, an en passant
/// capture of `rules` reaches at most.
fn en_passant_reach(rules: &Rules) -> u8 {
    (rules.pieces.iter().flat_map(|p| &p.atoms))
        .filter(|a| a.en_passant)
        .flat_map(|a| {
            let range = if a.range == 0 { u8::MAX } else { a.range };
            (a.vectors.iter())
                .map(move |&(x, y)| x.unsigned_abs().max(y.unsigned_abs()).saturating_mul(range))
        })
        .max()
        .unwrap_or(0)
}

/// The kinds each side promotes to, each once however often the rule set
/// names it.
fn promotion_kinds(rules: &Rules) -> [Vec<u8>; 2] {
    [&rules.promotion_pieces[..], rules.black_promotions()].map(|letters| {
        letters
            .iter()
            .filter_map(|&l| rules.index(l).map(|i| i as u8))
            .fold(Vec::new(), |mut kinds, kind| {
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
                kinds
            })
    })
}

impl FewRoyal {
    /// The pieces of `rules` royal while few, if any.
    fn of(rules: &Rules) -> Option<FewRoyal> {
        rules.royal_while_few.as_ref().map(|few| FewRoyal {
            kinds: few
                .pieces
                .iter()
                .filter_map(|&l| rules.index(l))
                .filter(|&i| i < 64)
                .fold(0, |bits, i| bits | 1 << i),
            all: few.pieces.contains(&'*'),
            count: few.count,
            duple: few.duple,
        })
    }
}

/// The kinds (as bits) a move may change into another, whose moves are
/// listed: those that promote, those stuck where they would stand, and
/// pawns whose promotions may be limited (`limits`) or that may stay
/// pawns.
fn changing(
    rules: &Rules,
    promoting: Option<&crate::promote::Promoting>,
    stuck: Option<&[Vec<[u64; WORDS]>; 2]>,
    limits: &[(u8, u8)],
) -> u64 {
    let stuck_kinds = stuck.map_or(0, |stuck| {
        (0..rules.pieces.len().min(64))
            .filter(|&k| stuck.iter().any(|side| side[k].iter().any(|&w| w != 0)))
            .fold(0, |bits, k| bits | 1 << k)
    });
    let pawns_changing = if limits.is_empty() && !rules.optional_pawn_promotion {
        0
    } else {
        kinds_where(rules, PieceDef::is_pawn)
    };
    promoting.map_or(0, |p| p.kinds()) | stuck_kinds | pawns_changing
}

/// The kinds of piece of `rules` (as bits) that `keep` keeps.
fn kinds_where(rules: &Rules, keep: impl Fn(&PieceDef) -> bool) -> u64 {
    (rules.pieces.iter().take(64).enumerate())
        .filter(|(_, p)| keep(p))
        .fold(0u64, |acc, (i, _)| acc | 1 << i)
}

/// What the tables keep square by square.
struct BySquare {
    /// Each cell's square.
    square_of: Vec<Square>,
    /// The castling right (a bit of `State::castling`) of a rook on each
    /// cell.
    castling_on: Vec<u32>,
    /// Where each side may drop each kind.
    drop_cells: [Vec<[u64; WORDS]>; 2],
    /// Each file's cells.
    file_cells: Vec<[u64; WORDS]>,
    /// Each side's promotion zone.
    zone: [[u64; WORDS]; 2],
    /// The cells from which a pawn may reach its side's zone in a move.
    near_zone: [[u64; WORDS]; 2],
}

impl BySquare {
    /// The tables of the squares of `rules`'s board.
    fn of(rules: &Rules) -> BySquare {
        let g = rules.geometry;
        // How many ranks forward a pawn's move goes at most: a pawn further
        // from the zone than that cannot promote with its next move.
        let pawn_reach = rules
            .pieces
            .iter()
            .filter(|p| p.is_pawn())
            .flat_map(|p| &p.atoms)
            .flat_map(|a| {
                let steps = if a.range == 0 { g.ranks() } else { a.range };
                a.vectors
                    .iter()
                    .map(move |&(_, dy)| i16::from(dy) * i16::from(steps))
            })
            .max()
            .unwrap_or(0);
        let mut square_of = vec![Square::new(0, 0); CELLS];
        let mut castling_on = vec![0u32; CELLS];
        let kinds = rules.pieces.len().min(64);
        let mut drop_cells = [vec![[0u64; WORDS]; kinds], vec![[0u64; WORDS]; kinds]];
        let mut file_cells = vec![[0u64; WORDS]; usize::from(g.files())];
        let mut zone = [[0u64; WORDS]; 2];
        let mut near_zone = [[0u64; WORDS]; 2];
        let relative = |color: Color, rank: u8| match color {
            Color::White => rank,
            Color::Black => g.ranks() - 1 - rank,
        };
        // The rank of each side's zone nearest its own side (relative to
        // that side), for the squares a pawn may reach it from.
        let nearest = [Color::White, Color::Black].map(|color| {
            g.squares()
                .filter(|&sq| rules.promotion_region[color.index()].contains(sq))
                .map(|sq| relative(color, sq.rank))
                .min()
        });
        for sq in g.squares() {
            let c = cell_of(sq);
            square_of[c] = sq;
            for color in [Color::White, Color::Black] {
                let first_rank = relative(color, sq.rank) == 0;
                if sq.rank == castling_rank(rules, color) {
                    castling_on[c] |= 1 << (16 * color.index() + usize::from(sq.file));
                }
                if let Some(drops) = &rules.drops {
                    let in_zone = rules.promotion_region[color.index()].contains(sq);
                    let pawn_may = (drops.pawns_on_first_rank || !first_rank)
                        && (drops.pawns_in_zone || !in_zone);
                    let in_region = drops.regions[color.index()].is_none_or(|r| r.contains(sq));
                    let rook_may = !drops.rooks_on_first_rank || first_rank;
                    for (kind, cells) in drop_cells[color.index()].iter_mut().enumerate() {
                        let def = &rules.pieces[kind];
                        let may = match def.name.as_str() {
                            _ if def.is_the_pawn() => pawn_may,
                            "rook" => rook_may,
                            _ => true,
                        };
                        if in_region && may {
                            cells[c / 64] |= 1 << (c % 64);
                        }
                    }
                }
                file_cells[usize::from(sq.file)][c / 64] |= 1 << (c % 64);
                if rules.promotion_region[color.index()].contains(sq) {
                    zone[color.index()][c / 64] |= 1 << (c % 64);
                }
                if let Some(nearest) = nearest[color.index()]
                    && i16::from(relative(color, sq.rank)) + pawn_reach >= i16::from(nearest)
                {
                    near_zone[color.index()][c / 64] |= 1 << (c % 64);
                }
            }
        }
        BySquare {
            square_of,
            castling_on,
            drop_cells,
            file_cells,
            zone,
            near_zone,
        }
    }
}

impl Ray {
    /// Whether the piece `cell` on `at`, `k` steps back from the target,
    /// captures along the ray (its lame path aside).
    pub(crate) fn hits(&self, t: &Tables, cell: u8, at: usize, k: u8) -> bool {
        let bit = 1u64 << kind_of(cell);
        self.kinds & bit != 0
            && self.reaches.iter().any(|r| {
                r.kinds & bit != 0
                    && (r.range == 0 || r.range >= k)
                    && (r.free & bit != 0 || t.initial(at, cell))
            })
    }
}

/// The kinds (as bits) that attack nothing: a royal kind (or one royal
/// while few) that turns into a wall where it captures may not capture
/// (it would be gone), as Fairy-Stockfish has it (petrified chess's
/// kings may stand side by side).
fn unattacking(rules: &Rules) -> u64 {
    kind_bits(rules, &rules.petrify)
        & rules
            .pieces
            .iter()
            .enumerate()
            .take(64)
            .filter(|(_, p)| {
                p.royal
                    || rules
                        .royal_while_few
                        .as_ref()
                        .is_some_and(|f| f.pieces.contains(&p.letter) || f.pieces.contains(&'*'))
            })
            .fold(0u64, |bits, (i, _)| bits | 1 << i)
}

impl Tables {
    /// Whether the rule set puts a wall on the board after every move
    /// ([`Rules::walling`]).
    #[inline]
    pub(crate) fn walling(&self) -> bool {
        self.walls.as_ref().is_some_and(|w| w.rule.is_some())
    }

    pub(crate) fn new(rules: &Rules, start: [u8; CELLS]) -> Tables {
        let g = rules.geometry;
        let squares = g.squares().map(cell_of).collect();
        let moves = Moves::of(rules, unattacking(rules));
        let (leaper, lame_captures) = (moves.leapers(), moves.lame_captures());
        let (leap_rays, line_rays) = moves.split_rays();
        let Moves {
            atoms,
            hop_rays,
            far,
            far_rays,
            ..
        } = moves;
        let BySquare {
            square_of,
            castling_on,
            mut drop_cells,
            file_cells,
            mut zone,
            mut near_zone,
        } = BySquare::of(rules);
        // (Under sittuyin's promotion no pawn promotes by moving: the zone
        // is its promotion's alone.)
        let sittuyin_zone = rules.sittuyin_promotion.then(|| {
            near_zone = [[0; WORDS]; 2];
            std::mem::replace(&mut zone, [[0; WORDS]; 2])
        });
        let overlapping = overlapping(rules);
        // The cells each side's pieces of each kind may go to.
        let mobility = [0, 1].map(|side: usize| {
            (rules.pieces.iter().take(64))
                .map(|p| cells_where(&g, |sq| p.mobility[side].is_none_or(|r| r.contains(sq))))
                .collect::<Vec<_>>()
        });
        for (side, cells) in drop_cells.iter_mut().enumerate() {
            for (kind, cells) in cells.iter_mut().enumerate() {
                for (w, m) in cells.iter_mut().zip(mobility[side][kind]) {
                    *w &= m;
                }
            }
        }
        let confined = kinds_where(rules, |p| p.mobility != [None; 2]);
        let own_initial = kinds_where(rules, |p| p.initial_region.is_some());
        let own_initial_cells = [0, 1].map(|side: usize| {
            (rules.pieces.iter().take(64))
                .map(|p| {
                    cells_where(&g, |sq| {
                        p.initial_region.is_some_and(|r| r[side].contains(sq))
                    })
                })
                .collect::<Vec<_>>()
        });
        let castler = match kinds_where(rules, |p| p.royal) {
            0 => kinds_where(rules, |p| p.letter == 'K'),
            royal => royal,
        };
        let promoting = crate::promote::Promoting::new(rules);
        let stuck = stuck(rules);
        let limits: Vec<(u8, u8)> = (rules.pieces.iter().take(64).enumerate())
            .filter_map(|(k, p)| Some((k as u8, p.promotion_limit?)))
            .collect();
        let changing = changing(rules, promoting.as_ref(), stuck.as_ref(), &limits);
        let words = cell_of(Square::new(0, 0)) / 64
            ..cell_of(Square::new(g.files() - 1, g.ranks() - 1)) / 64 + 1;
        Tables {
            words,
            overlapping,
            listed: overlapping | castler | confined | changing,
            promoting,
            stuck,
            changing,
            mate_loses: (rules.drops.as_ref())
                .and_then(|d| d.mate_loses)
                .and_then(|l| rules.index(l))
                .map(|k| k as u8),
            confined,
            lines: cells_where(&g, |sq| rules.diagonal_lines.contains(sq)),
            mobility,
            own_initial,
            own_initial_cells,
            leap_rays,
            line_rays,
            hop_rays,
            lame_captures,
            has_far: far.iter().flatten().any(|walks| !walks.is_empty()),
            far,
            far_rays,
            geometry: g,
            leaper,
            squares,
            square_of,
            castling_on,
            gating: rules.gating,
            shatar: Shaks::of(rules),
            gates: rules.has_gates(),
            cambodian: Leapers::of(rules),
            placement: Placement::of(rules),
            castling_rooks: (rules.castling_rooks.iter())
                .filter_map(|&l| rules.index(l))
                .fold(0, |bits, kind| bits | 1 << kind),
            sittuyin_zone,
            zone,
            near_zone,
            atoms,
            royal: kinds_where(rules, |p| p.royal),
            check_counting: rules.goals.check_counting,
            castling_wins: rules.goals.castling_wins != [[false; 2]; 2],
            flip: rules.flip,
            few_royal: FewRoyal::of(rules),
            castler,
            drops: rules.drops.clone(),
            must_drop_kind: (rules.drops.as_ref())
                .filter(|_| rules.must_drop)
                .and_then(|d| d.must_drop_kind)
                .and_then(|l| rules.index(l))
                .filter(|&i| i < 64),
            blast: BlastKinds::new(rules),
            mutually_immune: kind_bits(rules, &rules.mutually_immune),
            walls: WallKinds::new(rules),
            opposite_castling: rules
                .opposite_castling
                .then(|| [Color::White, Color::Black].map(|c| castling_rank(rules, c))),
            flying_general: rules.flying_general,
            en_passant_regions: rules.en_passant_regions,
            drop_cells,
            pawn_kind: [0, 1].map(|side| rules.pieces.iter().take(64).position(|p| p.pawn[side])),
            no_doubled: rules
                .drops
                .as_ref()
                .and_then(|d| d.no_doubled)
                .and_then(|(letter, count)| Some((rules.index(letter)?, count))),
            file_cells,
            pawn: [0, 1].map(|side| kinds_where(rules, |p| p.pawn[side])),
            en_passant: kinds_where(rules, |p| p.atoms.iter().any(|a| a.en_passant)),
            en_passant_reach: en_passant_reach(rules),
            promotions: promotion_kinds(rules),
            limits,
            pawns_may_stay: rules.optional_pawn_promotion,
            start,
            initial: rules.initial_region.map(|regions| cells_of(&g, regions)),
            triple: rules
                .triple_step_region
                .map(|regions| cells_of(&g, regions)),
        }
    }

    /// Whether the piece `cell` on `at` may make its three-square `i`
    /// moves there ([`Walk::triple`](crate::walks::Walk::triple)).
    pub(crate) fn triple(&self, at: usize, cell: u8) -> bool {
        let side = usize::from(cell & BLACK_BIT != 0);
        (self.triple.as_ref()).is_some_and(|cells| cells[side][at / 64] >> (at % 64) & 1 != 0)
    }

    /// Whether the piece `cell` on `at` may make its `i` moves there.
    #[inline]
    pub(crate) fn initial(&self, at: usize, cell: u8) -> bool {
        if self.own_initial & (1 << kind_of(cell)) != 0 {
            let side = usize::from(cell & BLACK_BIT != 0);
            return self.own_initial_cells[side][kind_of(cell)][at / 64] >> (at % 64) & 1 != 0;
        }
        match &self.initial {
            None => self.start[at] == cell,
            Some(cells) => {
                let side = usize::from(cell & BLACK_BIT != 0);
                cells[side][at / 64] >> (at % 64) & 1 != 0
            }
        }
    }

    /// Whether `cell` holds a royal piece.
    #[inline]
    pub(crate) fn is_royal(&self, cell: u8) -> bool {
        self.royal & (1 << kind_of(cell)) != 0
    }

    /// Whether the cell `c` is on the diagonal lines.
    #[inline(always)]
    pub(crate) fn on_lines(&self, c: usize) -> bool {
        self.lines[c / 64] & (1 << (c % 64)) != 0
    }

    /// Whether the piece `cell` may go to (move to, capture on, attack)
    /// the cell `to`: anywhere unless its kind is confined.
    #[inline(always)]
    pub(crate) fn may_go(&self, cell: u8, to: usize) -> bool {
        let kind = kind_of(cell);
        self.confined & (1 << kind) == 0 || {
            let side = usize::from(cell & BLACK_BIT != 0);
            self.mobility[side][kind][to / 64] & (1 << (to % 64)) != 0
        }
    }

    /// Whether a piece of `kind` of `color` could never move again from
    /// `to`, where that is illegal ([`Rules::immobility_illegal`]).
    #[inline]
    pub(crate) fn stuck_on(&self, color: Color, kind: u8, to: Square) -> bool {
        self.stuck.as_ref().is_some_and(|stuck| {
            let c = cell_of(to);
            stuck[color.index()]
                .get(usize::from(kind))
                .is_some_and(|cells| cells[c / 64] >> (c % 64) & 1 != 0)
        })
    }

    /// Whether `cell` holds a piece that castles.
    #[inline]
    pub(crate) fn castles(&self, cell: u8) -> bool {
        self.castler & (1 << kind_of(cell)) != 0
    }

    /// Whether `cell` is in `color`'s promotion zone.
    #[inline]
    pub(crate) fn in_zone(&self, color: Color, cell: usize) -> bool {
        self.zone[color.index()][cell / 64] & (1 << (cell % 64)) != 0
    }

    /// Whether `cell` holds a pawn.
    #[inline]
    pub(crate) fn is_pawn(&self, cell: u8) -> bool {
        self.pawn[usize::from(cell & BLACK_BIT != 0)] & (1 << kind_of(cell)) != 0
    }

    /// The far moves of a kind of piece of a side (none in most rule sets:
    /// then without an index into the table).
    #[inline]
    pub(crate) fn far_walks(&self, side: usize, kind: usize) -> &[FarWalk] {
        if self.has_far {
            &self.far[side][kind]
        } else {
            &[]
        }
    }

    /// The cell `k` times `v` away from the on-board cell `from`, if it is
    /// on the board.
    #[inline]
    pub(crate) fn far_step(&self, from: usize, (dx, dy): (i8, i8), k: u8) -> Option<usize> {
        let sq = self.square_of[from];
        let k = i16::from(k);
        let file = i16::from(sq.file) + i16::from(dx) * k;
        let rank = i16::from(sq.rank) + i16::from(dy) * k;
        let on = (0..i16::from(self.geometry.files())).contains(&file)
            && (0..i16::from(self.geometry.ranks())).contains(&rank);
        on.then(|| cell_of(Square::new(file as u8, rank as u8)))
    }
}

/// Whether `sq` is a square of the board `rules` has (for the tests).
/// Shatar's kinds by what their checks count as: a bit per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shaks {
    /// The knights: a checkmate by them alone wins for the side
    /// checkmated.
    pub(crate) knights: u64,
    /// The kinds whose check is a shak: knight, rook, bers.
    pub(crate) shak: u64,
}

impl Shaks {
    /// Shatar's kinds, where `rules` mates by shatar's rules.
    pub(crate) fn of(rules: &Rules) -> Option<Shaks> {
        let kinds = |names: &[&str]| {
            (rules.pieces.iter().enumerate())
                .filter(|(_, p)| names.contains(&p.name.as_str()))
                .fold(0, |bits, (kind, _)| bits | 1 << kind)
        };
        rules.shatar_mate.then(|| Shaks {
            knights: kinds(&["knight"]),
            shak: kinds(&["knight", "rook", "bers"]),
        })
    }
}

#[cfg(test)]
fn on(rules: &Rules, sq: crate::geometry::Square) -> bool {
    sq.file < rules.geometry.files() && sq.rank < rules.geometry.ranks()
}

#[cfg(test)]
mod stuck_tests {
    use super::*;

    #[test]
    fn a_lance_is_stuck_on_its_last_rank_and_a_knight_on_its_last_two() {
        let mut rules = crate::ini::builtin("minishogi")
            .unwrap()
            .unwrap_or_else(|_| {
                panic!("minishogi plays");
            });
        rules
            .pieces
            .push(crate::PieceDef::new('L', "lance", "fR").unwrap());
        rules
            .pieces
            .push(crate::PieceDef::new('N', "shogi knight", "fN").unwrap());
        // One that captures only backwards (its captures are no moves),
        // one that only steps right (from White's side).
        rules
            .pieces
            .push(crate::PieceDef::new('X', "backward", "mfWcbW").unwrap());
        rules
            .pieces
            .push(crate::PieceDef::new('Y', "rightward", "rW").unwrap());
        let stuck = stuck(&rules).unwrap();
        let at = |side: usize, letter: char, sq: Square| {
            let kind = rules.index(letter).unwrap();
            let c = cell_of(sq);
            assert!(on(&rules, sq));
            stuck[side][kind][c / 64] >> (c % 64) & 1 != 0
        };
        // White's lance on the fifth rank, Black's on the first.
        assert!(at(0, 'L', Square::new(2, 4)));
        assert!(!at(0, 'L', Square::new(2, 3)));
        assert!(at(1, 'L', Square::new(2, 0)));
        assert!(!at(1, 'L', Square::new(2, 4)));
        assert!(at(0, 'N', Square::new(0, 3)) && at(0, 'N', Square::new(0, 4)));
        assert!(!at(0, 'N', Square::new(0, 2)));
        // A king goes somewhere from everywhere.
        assert!(!at(0, 'K', Square::new(0, 4)));
        assert!(at(0, 'X', Square::new(3, 4)) && !at(0, 'X', Square::new(3, 3)));
        assert!(at(0, 'Y', Square::new(4, 2)) && !at(0, 'Y', Square::new(0, 2)));
    }
}

/// The kinds Cambodian chess's leaps concern besides the royal king: the
/// fers, which steps two squares from its gate, and the rook, which
/// closes the other king's gate where it comes to its rank or file (as
/// Fairy-Stockfish has them: by piece type, `fers` and `rook`).
#[derive(Clone, Debug)]
pub(crate) struct Leapers {
    pub(crate) fers: Option<u8>,
    pub(crate) rook: Option<u8>,
}

impl Leapers {
    /// The kinds of `rules`, where it has Cambodian chess's leaps.
    pub(crate) fn of(rules: &Rules) -> Option<Leapers> {
        let kind = |name: &str| (rules.pieces.iter().position(|p| p.name == name)).map(|k| k as u8);
        rules.cambodian_moves.then(|| Leapers {
            fers: kind("fers"),
            rook: kind("rook"),
        })
    }
}

/// What Placement chess's drops concern ([`crate::placement`]).
#[derive(Clone, Debug)]
pub(crate) struct Placement {
    /// The bishop's kind, where bishops are dropped on both colours
    /// ([`Drops::opposite_bishops`](crate::Drops)).
    pub(crate) bishop: Option<u8>,
    /// Where dropped kings and rooks castle ([`Drops::castling`](crate::Drops)):
    /// the king's file (Fairy-Stockfish's `e`).
    pub(crate) castling: Option<u8>,
}

impl Placement {
    /// The kinds of `rules`, where its drops are Placement chess's.
    pub(crate) fn of(rules: &Rules) -> Option<Placement> {
        let drops = rules.drops.as_ref()?;
        let kind = |name: &str| (rules.pieces.iter().position(|p| p.name == name)).map(|k| k as u8);
        let placement = Placement {
            bishop: kind("bishop").filter(|_| drops.opposite_bishops),
            castling: (drops.castling && rules.castling.is_some()).then_some(4),
        };
        (placement.bishop.is_some() || placement.castling.is_some()).then_some(placement)
    }
}
