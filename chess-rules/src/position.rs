//! Positions under a rule set: FEN in and out, legal moves, moves played,
//! check, checkmate, stalemate, perft.
//!
//! The board is a mailbox: the squares of a 16 × 16 board with a border
//! of three off-board cells on every side (no atom leaps further than
//! three), so a step off the board lands on a border cell and every move
//! is an index plus a constant. The moves of each kind of piece, turned
//! for each side, are worked out once per rule set ([`Tables`]).
//! Legality: a move of a non-royal piece, when the side to move is not in
//! check, can only be illegal by uncovering a line onto a royal piece, so
//! only the pieces standing on such a line (and royal moves, en passant
//! and castling, and every move when in check) are tried on a scratch
//! board.

use core::fmt;
use std::sync::Arc;

use crate::geometry::{Geometry, MAX_SIDE, Square};
use crate::rules::{Rules, Stalemate};

/// A side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; forward is up the ranks.
    White,
    /// Forward is down the ranks.
    Black,
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl Color {
    fn index(self) -> usize {
        usize::from(self == Color::Black)
    }
}

/// A piece on the board: its side and its kind (an index into
/// [`Rules::pieces`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// Which of the rule set's pieces.
    pub kind: u8,
}

/// What a move does besides going from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or a capture.
    Normal,
    /// A pawn's capture of a pawn that passed the square it moves to.
    EnPassant {
        /// Where the captured pawn stands.
        captured: Square,
    },
    /// The king and a rook.
    Castle {
        /// The rook's square.
        rook_from: Square,
        /// The rook's square after castling.
        rook_to: Square,
    },
}

/// A move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's square (the king's, for castling).
    pub from: Square,
    /// Where it goes (the king's square after castling).
    pub to: Square,
    /// What a pawn becomes (a piece index).
    pub promotion: Option<u8>,
    /// What else it does.
    pub kind: MoveKind,
}

/// Why a FEN cannot be read under a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The byte where the problem is.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at)
    }
}

impl std::error::Error for FenError {}

/// How a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate(Stalemate),
}

/// Off-board cells on each side of the mailbox: no atom leaps further.
const PAD: usize = 3;
/// Cells per row of the mailbox.
const STRIDE: usize = MAX_SIDE as usize + 2 * PAD;
/// Cells in the mailbox.
const CELLS: usize = STRIDE * STRIDE;

const EMPTY: u8 = 0;
/// Words of a bit set of cells.
const WORDS: usize = CELLS.div_ceil(64);

/// A cell off the board (a kind no rule set has: at most 64).
const OFF: u8 = 0x7F;
const BLACK_BIT: u8 = 0x80;

/// The mailbox cell of a square.
fn cell_of(sq: Square) -> usize {
    (usize::from(sq.rank) + PAD) * STRIDE + usize::from(sq.file) + PAD
}

/// The square of an on-board cell.
fn square_of(cell: usize) -> Square {
    Square::new((cell % STRIDE - PAD) as u8, (cell / STRIDE - PAD) as u8)
}

/// A vector as a difference of cells.
fn delta((dx, dy): (i8, i8)) -> isize {
    isize::from(dy) * STRIDE as isize + isize::from(dx)
}

/// The cell `d` away from `cell` (on the mailbox for every step of at most
/// three files and ranks from a cell on the board or its border walk).
fn step(cell: usize, d: isize) -> usize {
    cell.wrapping_add_signed(d)
}

fn encode(piece: Piece) -> u8 {
    (piece.kind + 1)
        | if piece.color == Color::Black {
            BLACK_BIT
        } else {
            0
        }
}

fn decode(cell: u8) -> Option<Piece> {
    (cell != EMPTY && cell != OFF).then(|| Piece {
        color: if cell & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        },
        kind: (cell & !BLACK_BIT) - 1,
    })
}

/// The kind of a piece's cell.
fn kind_of(cell: u8) -> usize {
    usize::from((cell & !BLACK_BIT) - 1)
}

/// Whether a cell holds a piece of `color`.
fn is(cell: u8, color: Color) -> bool {
    cell != EMPTY && cell != OFF && ((cell & BLACK_BIT != 0) == (color == Color::Black))
}

/// The squares a lame leap by `(dx, dy)` passes, relative to its start:
/// straight and diagonal leaps every square on the line, oblique ones
/// their orthogonal steps first, then diagonal ones.
fn lame_path((dx, dy): (i8, i8)) -> Vec<(i8, i8)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut steps = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        for k in 1..ax.max(ay) {
            steps.push((sx * k, sy * k));
        }
    } else {
        let (major, minor) = (ax.max(ay), ax.min(ay));
        let (ox, oy) = if ax > ay { (sx, 0) } else { (0, sy) };
        let mut pos = (0, 0);
        for _ in 0..major - minor {
            pos = (pos.0 + ox, pos.1 + oy);
            steps.push(pos);
        }
        for _ in 1..minor {
            pos = (pos.0 + sx, pos.1 + sy);
            steps.push(pos);
        }
    }
    steps
}

/// Whether every cell of a lame path from `from` is empty.
fn path_clear(cells: &[u8; CELLS], from: usize, path: &[isize]) -> bool {
    path.iter().all(|&d| cells[step(from, d)] == EMPTY)
}

/// The most work one position may ask: moves per position times the
/// squares one legality test may look at.
pub const MAX_WORK: u64 = 1 << 28;

/// Refuses a rule set whose move generation would explode: an upper bound
/// of the moves of one position (every square holding the piece with the
/// most destinations, each promotion counted) times the squares an attack
/// test walks, above [`MAX_WORK`] (about a second per position).
fn check_work(rules: &Rules) -> Result<(), String> {
    let g = rules.geometry;
    let side = u64::from(g.files().max(g.ranks()));
    let squares = g.len() as u64;
    let reach = |atom: &crate::betza::Atom| {
        let steps = if atom.range == 0 {
            side - 1
        } else {
            u64::from(atom.range)
        };
        atom.vectors.len() as u64 * steps
    };
    let destinations = rules
        .pieces
        .iter()
        .map(|p| p.atoms.iter().map(reach).sum::<u64>().min(squares - 1))
        .max()
        .unwrap_or(0);
    let promotions = rules.promotion_pieces.len().max(1) as u64;
    let moves = squares * destinations * promotions;
    let walked: u64 = rules
        .pieces
        .iter()
        .flat_map(|p| &p.atoms)
        .filter(|a| a.captures)
        .map(reach)
        .sum::<u64>()
        .max(1);
    let work = moves.saturating_mul(walked);
    if work > MAX_WORK {
        return Err(format!(
            "{} asks too much of move generation: up to {moves} moves in a position, each tested along up to {walked} squares ({work} steps, the limit is {MAX_WORK}); use fewer or shorter-ranged pieces, fewer promotion pieces or a smaller board",
            rules.name
        ));
    }
    Ok(())
}

/// One direction of one kind of move of a kind of piece, turned for one
/// side: the cells walked `range` times (0: to the edge or the first
/// piece).
#[derive(Clone, Debug)]
struct Walk {
    delta: isize,
    range: u8,
    moves: bool,
    captures: bool,
    initial: bool,
    en_passant: bool,
    /// For a lame leap: the cells it passes, which must be empty.
    path: Option<Box<[isize]>>,
}

/// A move along a vector longer than the border is wide (a CustomChessKell
/// `Jump` of up to 15 squares): its destinations found by coordinates.
#[derive(Clone, Debug)]
struct FarWalk {
    vector: (i8, i8),
    range: u8,
    moves: bool,
    captures: bool,
    initial: bool,
}

/// A capture along such a vector: the kinds that have it, those that have
/// it from any square.
#[derive(Clone, Debug)]
struct FarRay {
    vector: (i8, i8),
    range: u8,
    kinds: u64,
    free: u64,
}

/// A capture by a plain leap: the kinds that have it, those of them that
/// have it from any square.
#[derive(Clone, Debug)]
struct LeapRay {
    delta: isize,
    kinds: u64,
    free: u64,
}

/// A leap of one step with no condition (but en passant).
#[derive(Clone, Debug)]
struct Leap {
    delta: isize,
    moves: bool,
    captures: bool,
}

/// A line some kinds of piece capture along: `vector` (turned for their
/// side), lame or not; `range` the furthest any of them reaches
/// (`u8::MAX`: any distance, so that a walk stops at `k > range` alone),
/// `kinds` a bit per piece kind that captures along it, and how far each
/// reaches.
#[derive(Clone, Debug)]
struct Ray {
    vector: (i8, i8),
    delta: isize,
    range: u8,
    lame: bool,
    path: Vec<isize>,
    kinds: u64,
    reaches: Vec<Reach>,
}

/// The kinds that capture `range` steps along a ray (0: any), `free`
/// those of them that do so from any square (not only from their start
/// square).
#[derive(Clone, Debug)]
struct Reach {
    range: u8,
    kinds: u64,
    free: u64,
}

impl Ray {
    /// Whether the piece `cell` on `at`, `k` steps back from the target,
    /// captures along the ray (its lame path aside).
    fn hits(&self, t: &Tables, cell: u8, at: usize, k: u8) -> bool {
        let bit = 1u64 << kind_of(cell);
        self.kinds & bit != 0
            && self.reaches.iter().any(|r| {
                r.kinds & bit != 0
                    && (r.range == 0 || r.range >= k)
                    && (r.free & bit != 0 || t.start[at] == cell)
            })
    }
}

/// What a rule set's pieces do, worked out once for the mailbox.
#[derive(Debug)]
struct Tables {
    /// The cells of the board's squares, rank by rank from `a1`.
    squares: Vec<usize>,
    /// Each side's moves, by kind.
    atoms: [Vec<Vec<Walk>>; 2],
    /// The same, split for counting: plain leaps (one step, no condition
    /// but en passant), plain slides (to the edge or the first piece, no
    /// condition) and the others.
    leaps: [Vec<Vec<Leap>>; 2],
    slides: [Vec<Vec<isize>>; 2],
    rides: [Vec<Vec<Walk>>; 2],
    /// How each side captures, for attack tests and for finding checks
    /// and pins: plain leaps (one square to look at) and the other rays.
    leap_rays: [Vec<LeapRay>; 2],
    line_rays: [Vec<Ray>; 2],
    /// Moves and captures along vectors longer than the border is wide.
    far: [Vec<Vec<FarWalk>>; 2],
    far_rays: [Vec<FarRay>; 2],
    /// Whether there are any far moves.
    has_far: bool,
    /// A bit per kind two of whose moves share a direction (so may reach
    /// a square both ways): its moves are listed, not counted, and listed
    /// once.
    overlapping: u64,
    /// The board.
    geometry: Geometry,
    /// A side has a lame capture (a move can uncover it off any line) or a
    /// far rider (not followed for pins): every move against it is tried.
    lame_captures: [bool; 2],
    /// A bit per royal kind.
    royal: u64,
    /// A bit per pawn kind.
    pawn: u64,
    /// A bit per kind that captures en passant.
    en_passant: u64,
    /// What a pawn may promote to.
    promotions: Vec<u8>,
    /// The start position's cells (where `i` moves may be made).
    start: [u8; CELLS],
    /// The square of each cell on the board.
    square_of: Vec<Square>,
    /// Each side's promotion zone: a bit per cell.
    zone: [[u64; WORDS]; 2],
    /// The cells from which a pawn's move may reach the zone.
    near_zone: [[u64; WORDS]; 2],
}

impl Tables {
    fn new(rules: &Rules, start: [u8; CELLS]) -> Tables {
        let g = rules.geometry;
        let squares = g.squares().map(cell_of).collect();
        let mut atoms: [Vec<Vec<Walk>>; 2] = [Vec::new(), Vec::new()];
        let mut rays: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
        let mut far: [Vec<Vec<FarWalk>>; 2] = [Vec::new(), Vec::new()];
        let mut far_rays: [Vec<FarRay>; 2] = [Vec::new(), Vec::new()];
        let is_far =
            |(dx, dy): (i8, i8)| usize::from(dx.unsigned_abs().max(dy.unsigned_abs())) > PAD;
        for color in [Color::White, Color::Black] {
            let side = color.index();
            for (kind, def) in rules.pieces.iter().enumerate().take(64) {
                let mut walks = Vec::new();
                let mut far_walks = Vec::new();
                for atom in &def.atoms {
                    let vectors: Vec<(i8, i8)> = atom
                        .vectors
                        .iter()
                        .map(|&v| Position::turned(color, v))
                        .collect();
                    let paths = |v: (i8, i8)| -> Vec<isize> {
                        lame_path(v).into_iter().map(delta).collect()
                    };
                    for &v in vectors.iter().filter(|&&v| is_far(v)) {
                        far_walks.push(FarWalk {
                            vector: v,
                            range: atom.range,
                            moves: atom.moves,
                            captures: atom.captures,
                            initial: atom.initial,
                        });
                        if atom.captures {
                            let bit = 1u64 << kind;
                            let free = if atom.initial { 0 } else { bit };
                            match far_rays[side]
                                .iter_mut()
                                .find(|r| r.vector == v && r.range == atom.range)
                            {
                                Some(r) => {
                                    r.kinds |= bit;
                                    r.free |= free;
                                }
                                None => far_rays[side].push(FarRay {
                                    vector: v,
                                    range: atom.range,
                                    kinds: bit,
                                    free,
                                }),
                            }
                        }
                    }
                    let vectors: Vec<(i8, i8)> =
                        vectors.into_iter().filter(|&v| !is_far(v)).collect();
                    for &v in &vectors {
                        walks.push(Walk {
                            delta: delta(v),
                            range: atom.range,
                            moves: atom.moves,
                            captures: atom.captures,
                            initial: atom.initial,
                            en_passant: atom.en_passant,
                            path: atom.lame.then(|| paths(v).into()),
                        });
                    }
                    if !atom.captures {
                        continue;
                    }
                    for &vector in &vectors {
                        let ray = match rays[side]
                            .iter_mut()
                            .find(|r| r.vector == vector && r.lame == atom.lame)
                        {
                            Some(r) => r,
                            None => {
                                rays[side].push(Ray {
                                    vector,
                                    delta: delta(vector),
                                    range: atom.range,
                                    lame: atom.lame,
                                    path: if atom.lame { paths(vector) } else { Vec::new() },
                                    kinds: 0,
                                    reaches: Vec::new(),
                                });
                                rays[side].last_mut().expect("just pushed")
                            }
                        };
                        ray.range = if ray.range == 0 || atom.range == 0 {
                            0
                        } else {
                            ray.range.max(atom.range)
                        };
                        ray.kinds |= 1 << kind;
                        let reach = match ray.reaches.iter_mut().find(|r| r.range == atom.range) {
                            Some(r) => r,
                            None => {
                                ray.reaches.push(Reach {
                                    range: atom.range,
                                    kinds: 0,
                                    free: 0,
                                });
                                ray.reaches.last_mut().expect("just pushed")
                            }
                        };
                        reach.kinds |= 1 << kind;
                        if !atom.initial {
                            reach.free |= 1 << kind;
                        }
                    }
                }
                atoms[side].push(walks);
                far[side].push(far_walks);
            }
        }
        let bits = |f: fn(&crate::rules::PieceDef) -> bool| {
            rules
                .pieces
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, p)| f(p))
                .fold(0u64, |acc, (i, _)| acc | 1 << i)
        };
        // How many ranks forward a pawn's move goes at most: a pawn further
        // from the zone than that cannot promote with its next move.
        let pawn_reach = rules
            .pieces
            .iter()
            .filter(|p| p.pawn)
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
        let mut zone = [[0u64; WORDS]; 2];
        let mut near_zone = [[0u64; WORDS]; 2];
        for sq in g.squares() {
            let c = cell_of(sq);
            square_of[c] = sq;
            for color in [Color::White, Color::Black] {
                let relative = match color {
                    Color::White => sq.rank,
                    Color::Black => g.ranks() - 1 - sq.rank,
                };
                let to_zone = i16::from(g.ranks()) - i16::from(rules.promotion_ranks);
                if i16::from(relative) >= to_zone {
                    zone[color.index()][c / 64] |= 1 << (c % 64);
                }
                if i16::from(relative) + pawn_reach >= to_zone {
                    near_zone[color.index()][c / 64] |= 1 << (c % 64);
                }
            }
        }
        // En passant is left out of counting (a piece that could capture
        // en passant is tried move by move).
        let plain = |w: &Walk| w.range == 1 && !w.initial && w.path.is_none();
        let leaps = [0, 1].map(|side| {
            atoms[side]
                .iter()
                .map(|walks: &Vec<Walk>| {
                    walks
                        .iter()
                        .filter(|w| plain(w))
                        .map(|w| Leap {
                            delta: w.delta,
                            moves: w.moves,
                            captures: w.captures,
                        })
                        .collect()
                })
                .collect()
        });
        // Slides with no condition, moving and capturing, to the edge.
        let slide = |w: &Walk| {
            w.range == 0 && w.moves && w.captures && !w.initial && !w.en_passant && w.path.is_none()
        };
        let slides = [0, 1].map(|side| {
            atoms[side]
                .iter()
                .map(|walks: &Vec<Walk>| {
                    walks.iter().filter(|w| slide(w)).map(|w| w.delta).collect()
                })
                .collect()
        });
        let rides = [0, 1].map(|side| {
            atoms[side]
                .iter()
                .map(|walks: &Vec<Walk>| {
                    walks
                        .iter()
                        .filter(|w| !plain(w) && !slide(w))
                        .cloned()
                        .collect()
                })
                .collect()
        });
        // Built with 0 for any distance; walks compare with the furthest.
        for ray in rays.iter_mut().flatten().filter(|r| r.range == 0) {
            ray.range = u8::MAX;
        }
        let lame_captures = [0, 1].map(|s: usize| {
            rays[s].iter().any(|r| r.lame) || far_rays[s].iter().any(|r| r.range != 1)
        });
        let leap_ray = |r: &Ray| r.range == 1 && !r.lame;
        let leap_rays = [0, 1].map(|side| {
            rays[side]
                .iter()
                .filter(|r| leap_ray(r))
                .map(|r| LeapRay {
                    delta: r.delta,
                    kinds: r.kinds,
                    free: r.reaches.iter().fold(0, |acc, reach| acc | reach.free),
                })
                .collect()
        });
        let line_rays = [0, 1].map(|side| {
            rays[side]
                .iter()
                .filter(|r| !leap_ray(r))
                .cloned()
                .collect()
        });
        // Two moves of a kind reach the same square when their vectors lie
        // on one line in one direction and some multiples within their
        // ranges meet (`HH` and `W` reach three squares along a file both
        // ways; a pawn's step and double step never meet).
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
        Tables {
            overlapping,
            leap_rays,
            line_rays,
            slides,
            lame_captures,
            has_far: far.iter().flatten().any(|walks| !walks.is_empty()),
            far,
            far_rays,
            geometry: g,
            leaps,
            rides,
            squares,
            square_of,
            zone,
            near_zone,
            atoms,
            royal: bits(|p| p.royal),
            pawn: bits(|p| p.pawn),
            en_passant: bits(|p| p.atoms.iter().any(|a| a.en_passant)),
            // Each kind once, however often the rule set names it.
            promotions: rules
                .promotion_pieces
                .iter()
                .filter_map(|&l| rules.index(l).map(|i| i as u8))
                .fold(Vec::new(), |mut kinds, kind| {
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                    kinds
                }),
            start,
        }
    }

    fn is_royal(&self, cell: u8) -> bool {
        self.royal & (1 << kind_of(cell)) != 0
    }

    /// Whether `cell` is in `color`'s promotion zone.
    fn in_zone(&self, color: Color, cell: usize) -> bool {
        self.zone[color.index()][cell / 64] & (1 << (cell % 64)) != 0
    }

    fn is_pawn(&self, cell: u8) -> bool {
        self.pawn & (1 << kind_of(cell)) != 0
    }

    /// The far moves of a kind of piece of a side (none in most rule sets:
    /// then without an index into the table).
    #[inline]
    fn far_walks(&self, side: usize, kind: usize) -> &[FarWalk] {
        if self.has_far {
            &self.far[side][kind]
        } else {
            &[]
        }
    }

    /// The cell `k` times `v` away from the on-board cell `from`, if it is
    /// on the board.
    fn far_step(&self, from: usize, (dx, dy): (i8, i8), k: u8) -> Option<usize> {
        let sq = self.square_of[from];
        let k = i16::from(k);
        let file = i16::from(sq.file) + i16::from(dx) * k;
        let rank = i16::from(sq.rank) + i16::from(dy) * k;
        let on = (0..i16::from(self.geometry.files())).contains(&file)
            && (0..i16::from(self.geometry.ranks())).contains(&rank);
        on.then(|| cell_of(Square::new(file as u8, rank as u8)))
    }

    /// Whether `by` attacks `target` along a far vector.
    fn far_attacked(&self, cells: &[u8; CELLS], target: usize, by: Color) -> bool {
        for ray in &self.far_rays[by.index()] {
            let back = (-ray.vector.0, -ray.vector.1);
            let mut k = 1;
            while let Some(at) = self.far_step(target, back, k) {
                let cell = cells[at];
                if cell != EMPTY {
                    let bit = 1u64 << kind_of(cell);
                    if is(cell, by)
                        && ray.kinds & bit != 0
                        && (ray.free & bit != 0 || self.start[at] == cell)
                    {
                        return true;
                    }
                    break;
                }
                if ray.range != 0 && k >= ray.range {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// Whether `by` attacks the cell `target` on `cells`.
    fn attacked(&self, cells: &[u8; CELLS], target: usize, by: Color) -> bool {
        self.attacked_past(cells, target, by, usize::MAX)
    }

    /// Whether `by` attacks the cell `target` on `cells` with the cell
    /// `hole` taken as empty on lines (a royal piece moving away along
    /// one): only for rule sets with no lame or far captures, whose paths
    /// would need the same.
    #[inline]
    fn attacked_past(&self, cells: &[u8; CELLS], target: usize, by: Color, hole: usize) -> bool {
        if self.has_far && self.far_attacked(cells, target, by) {
            return true;
        }
        // Plain leaps: one square to look at each.
        for leap in &self.leap_rays[by.index()] {
            let at = step(target, -leap.delta);
            let cell = cells[at];
            if is(cell, by) {
                let bit = 1u64 << kind_of(cell);
                if leap.kinds & bit != 0 && (leap.free & bit != 0 || self.start[at] == cell) {
                    return true;
                }
            }
        }
        // Walk back from the target along each other ray a piece of `by`
        // captures along: the first piece met attacks if its kind has that
        // ray.
        for ray in &self.line_rays[by.index()] {
            let mut at = target;
            let mut k = 0u8;
            loop {
                at = step(at, -ray.delta);
                k += 1;
                let cell = if at == hole { EMPTY } else { cells[at] };
                if cell == OFF {
                    break;
                }
                if cell != EMPTY {
                    if is(cell, by)
                        && ray.hits(self, cell, at, k)
                        && (!ray.lame || path_clear(cells, at, &ray.path))
                    {
                        return true;
                    }
                    break;
                }
                if k >= ray.range {
                    break;
                }
            }
        }
        false
    }
}

/// What a position is, apart from its rule set.
#[derive(Clone)]
struct State {
    cells: [u8; CELLS],
    /// Each side's pieces: a bit per cell.
    occupied: [[u64; WORDS]; 2],
    /// Each side's royal pieces: a bit per cell.
    royal: [[u64; WORDS]; 2],
    turn: Color,
    /// Castling rights: a bit per rook that may still castle, at
    /// `16 × side + file` (the rook stands on its side's back rank).
    castling: u32,
    /// After a pawn's double step: the square it passed and where it
    /// stands.
    en_passant: Option<(Square, Square)>,
    halfmoves: u32,
    fullmoves: u32,
}

/// A position under a rule set.
#[derive(Clone)]
pub struct Position<'r> {
    rules: &'r Rules,
    tables: Arc<Tables>,
    s: State,
}

impl fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Each side's pieces on `cells` and its royal pieces, a bit per cell.
fn occupancy(t: &Tables, cells: &[u8; CELLS]) -> [[[u64; WORDS]; 2]; 2] {
    let mut occupied = [[[0; WORDS]; 2]; 2];
    for (c, &cell) in cells.iter().enumerate() {
        for color in [Color::White, Color::Black] {
            if is(cell, color) {
                occupied[0][color.index()][c / 64] |= 1 << (c % 64);
                if t.is_royal(cell) {
                    occupied[1][color.index()][c / 64] |= 1 << (c % 64);
                }
            }
        }
    }
    occupied
}

/// The royal pieces of the side to move, as cells.
#[derive(Default)]
struct Royals {
    few: [usize; 8],
    n: usize,
    more: Vec<usize>,
}

impl Royals {
    fn push(&mut self, cell: usize) {
        if self.n < self.few.len() {
            self.few[self.n] = cell;
            self.n += 1;
        } else {
            self.more.push(cell);
        }
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.few[..self.n].iter().chain(&self.more).copied()
    }
}

/// The back rank of `color` on `g`.
fn back_rank(g: Geometry, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => g.ranks() - 1,
    }
}

/// The pieces' placement of a FEN, as mailbox cells.
fn placement(rules: &Rules, placement: &str) -> Result<[u8; CELLS], FenError> {
    let g = rules.geometry;
    let mut cells = [OFF; CELLS];
    for sq in g.squares() {
        cells[cell_of(sq)] = EMPTY;
    }
    let err = |at: usize, message: String| FenError { at, message };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != usize::from(g.ranks()) {
        return Err(err(
            0,
            format!("{} ranks, the board has {}", ranks.len(), g.ranks()),
        ));
    }
    let mut at = 0;
    for (row, text) in ranks.iter().enumerate() {
        let rank = g.ranks() - 1 - row as u8;
        let mut file: u32 = 0;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_digit() {
                let len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let run = text[i..i + len].parse::<u32>().ok().filter(|&n| n >= 1);
                let Some(run) = run.filter(|&n| file + n <= u32::from(g.files())) else {
                    return Err(err(
                        at + i,
                        format!(
                            "`{}` empty squares do not fit rank {} of {} files",
                            &text[i..i + len],
                            rank + 1,
                            g.files()
                        ),
                    ));
                };
                file += run;
                i += len;
                continue;
            }
            let Some(kind) = rules.index(b as char) else {
                return Err(err(
                    at + i,
                    format!("`{}` is no piece of {}", b as char, rules.name),
                ));
            };
            if file >= u32::from(g.files()) {
                return Err(err(
                    at + i,
                    format!("rank {} has more than {} squares", rank + 1, g.files()),
                ));
            }
            let color = if b.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            cells[cell_of(Square::new(file as u8, rank))] = encode(Piece {
                color,
                kind: kind as u8,
            });
            file += 1;
            i += 1;
        }
        if file != u32::from(g.files()) {
            return Err(err(
                at,
                format!(
                    "rank {} has {file} squares, the board has {} files",
                    rank + 1,
                    g.files()
                ),
            ));
        }
        at += text.len() + 1;
    }
    Ok(cells)
}

impl<'r> Position<'r> {
    /// The rule set's start position.
    pub fn start(rules: &'r Rules) -> Result<Position<'r>, FenError> {
        Position::from_fen(rules, &rules.start)
    }

    /// A position from FEN: ranks from the top, runs of empty squares of
    /// any length (`10`), the rule set's piece letters; side to move;
    /// castling (`KQkq` for the outermost rooks, or rook files `HAha`);
    /// en passant square; clocks (optional).
    pub fn from_fen(rules: &'r Rules, fen: &str) -> Result<Position<'r>, FenError> {
        let err = |at: usize, message: String| FenError { at, message };
        if rules.pieces.len() > 64 {
            return Err(err(
                0,
                format!(
                    "{} kinds of piece: a rule set has at most 64",
                    rules.pieces.len()
                ),
            ));
        }
        check_work(rules).map_err(|message| err(0, message))?;
        let g = rules.geometry;
        let mut fields = Vec::new();
        let mut offset = 0;
        for part in fen.split(' ') {
            if !part.is_empty() {
                fields.push((offset, part));
            }
            offset += part.len() + 1;
        }
        let Some(&(_, first)) = fields.first() else {
            return Err(err(0, "an empty FEN".into()));
        };
        let cells = placement(rules, first)?;
        let start = if fen == rules.start {
            cells
        } else {
            let start_fen = rules.start.split(' ').find(|p| !p.is_empty()).unwrap_or("");
            placement(rules, start_fen)?
        };
        let field = |n: usize| fields.get(n).copied();
        let turn = match field(1) {
            None | Some((_, "w")) => Color::White,
            Some((_, "b")) => Color::Black,
            Some((at, other)) => {
                return Err(err(at, format!("`{other}` is not a side to move (w or b)")));
            }
        };
        let tables = Arc::new(Tables::new(rules, start));
        let [occupied, royal] = occupancy(&tables, &cells);
        let mut position = Position {
            rules,
            tables,
            s: State {
                occupied,
                royal,
                cells,
                turn,
                castling: 0,
                en_passant: None,
                halfmoves: 0,
                fullmoves: 1,
            },
        };
        if let Some((at, rights)) = field(2).filter(|(_, r)| *r != "-") {
            for (i, c) in rights.char_indices() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let Some(rook) = position.castling_rook(color, c.to_ascii_uppercase()) else {
                    return Err(err(
                        at + i,
                        format!("`{c}`: no rook that could castle there"),
                    ));
                };
                position.s.castling |= 1 << (16 * color.index() + usize::from(rook.file));
            }
        }
        if let Some((at, ep)) = field(3).filter(|(_, e)| *e != "-") {
            let passed = Square::parse(ep)
                .filter(|&s| g.contains(s))
                .ok_or_else(|| err(at, format!("`{ep}` is not a square of the board")))?;
            let dy = if turn == Color::White { -1 } else { 1 };
            let pawn = g
                .offset(passed, 0, dy)
                .ok_or_else(|| err(at, format!("`{ep}` cannot be an en passant square")))?;
            position.s.en_passant = Some((passed, pawn));
        }
        if let Some((at, n)) = field(4) {
            position.s.halfmoves = n
                .parse()
                .map_err(|_| err(at, format!("`{n}` is not a number")))?;
        }
        if let Some((at, n)) = field(5) {
            position.s.fullmoves = n
                .parse()
                .map_err(|_| err(at, format!("`{n}` is not a number")))?;
        }
        // The side that just moved cannot have left a royal piece attacked.
        let side = |c: Color| if c == Color::White { "White" } else { "Black" };
        for sq in g.squares() {
            let Some(piece) = position.piece_at(sq) else {
                continue;
            };
            let def = &rules.pieces[usize::from(piece.kind)];
            if piece.color != turn && def.royal && position.attacked(sq, turn) {
                return Err(err(
                    0,
                    format!(
                        "{}'s {} on {sq} is attacked with {} to move: no move can lead to this position",
                        side(piece.color),
                        def.name,
                        side(turn)
                    ),
                ));
            }
        }
        Ok(position)
    }

    /// The rook a castling letter stands for: `K`/`Q` the outermost rook
    /// on that side of the king on the back rank, a file letter the rook
    /// on that file.
    fn castling_rook(&self, color: Color, letter: char) -> Option<Square> {
        self.rules.castling?;
        let g = self.rules.geometry;
        let rank = back_rank(g, color);
        let king = (0..g.files()).find(|&f| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && self.rules.pieces[p.kind as usize].royal)
        })?;
        let rook = self.rules.index('R')?;
        let is_rook = |f: u8| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && usize::from(p.kind) == rook)
        };
        let file = match letter {
            'K' => (king + 1..g.files()).rev().find(|&f| is_rook(f))?,
            'Q' => (0..king).find(|&f| is_rook(f))?,
            l @ 'A'..='P' => Some(l as u8 - b'A').filter(|&f| is_rook(f))?,
            _ => return None,
        };
        Some(Square::new(file, rank))
    }

    /// The rule set.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.s.turn
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if !self.geometry().contains(sq) {
            return None;
        }
        decode(self.s.cells[cell_of(sq)])
    }

    fn geometry(&self) -> Geometry {
        self.rules.geometry
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        let g = self.geometry();
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            let mut empty = 0;
            for file in 0..g.files() {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = self.rules.pieces[p.kind as usize].letter;
                        out.push(if p.color == Color::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.s.turn == Color::White {
            " w "
        } else {
            " b "
        });
        if self.s.castling == 0 {
            out.push('-');
        }
        // X-FEN: `K`/`Q` for the outermost rook on its side of the king,
        // the rook's file otherwise.
        for color in [Color::White, Color::Black] {
            for file in (0..16u8).rev() {
                if self.s.castling & (1 << (16 * color.index() + usize::from(file))) == 0 {
                    continue;
                }
                let rook = Square::new(file, back_rank(self.geometry(), color));
                let letter = ['K', 'Q']
                    .into_iter()
                    .find(|&l| self.castling_rook(color, l) == Some(rook))
                    .unwrap_or((b'A' + file) as char);
                out.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
        }
        match self.s.en_passant {
            Some((passed, _)) => out.push_str(&format!(" {passed}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.s.halfmoves, self.s.fullmoves));
        out
    }

    /// A vector of an atom, turned for `color` (Black's forward is down).
    fn turned(color: Color, (dx, dy): (i8, i8)) -> (i8, i8) {
        match color {
            Color::White => (dx, dy),
            Color::Black => (dx, -dy),
        }
    }

    /// Whether the squares a lame leap from `from` by `(dx, dy)` passes
    /// are empty.
    fn path_clear(&self, from: Square, v: (i8, i8)) -> bool {
        let path: Vec<isize> = lame_path(v).into_iter().map(delta).collect();
        path_clear(&self.s.cells, cell_of(from), &path)
    }

    /// Whether `piece` stands where a piece of its kind and side stood at
    /// the start (where `i` moves may be made).
    fn on_start_square(&self, sq: Square, piece: Piece) -> bool {
        self.tables.start[cell_of(sq)] == encode(piece)
    }

    /// Whether `color` attacks `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.geometry().contains(target) && self.tables.attacked(&self.s.cells, cell_of(target), by)
    }

    /// Whether the side to move is in check (a royal piece of it is
    /// attacked).
    pub fn is_check(&self) -> bool {
        in_check(&self.tables, &self.s, self.s.turn)
    }

    /// Every move of the side to move that follows its pieces' moves,
    /// whether or not it leaves a royal piece attacked.
    fn pseudo_legal(&self) -> Vec<Move> {
        let mut out = Vec::new();
        pseudo_legal(self.rules, &self.tables, &self.s, &mut out);
        out
    }

    /// The position after `m` (which must be one of [`Position::legal_moves`]).
    pub fn play(&self, m: Move) -> Position<'r> {
        Position {
            rules: self.rules,
            tables: Arc::clone(&self.tables),
            s: play(self.rules.geometry, &self.tables, &self.s, m),
        }
    }

    /// The legal moves: those that leave no royal piece of the side to
    /// move attacked.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves(self.rules, &self.tables, &self.s, &mut out);
        out
    }

    /// Checkmate or stalemate, if the side to move has no move.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Checkmate
        } else {
            Outcome::Stalemate(self.rules.stalemate)
        })
    }

    /// A move in UCI-like coordinates (`e2e4`, `j9j10`, `e7e8q`; castling
    /// as the king's move, or as the king taking its rook where the king's
    /// move could also be a step).
    pub fn uci(&self, m: Move) -> String {
        // A castling whose king goes where it could also step is written
        // as the king taking its own rook, as Chess960's UCI writes every
        // castling: `h8i8` is the step.
        let to = match m.kind {
            MoveKind::Castle { rook_from, .. }
                if self
                    .legal_moves()
                    .iter()
                    .any(|o| *o != m && o.from == m.from && o.to == m.to) =>
            {
                rook_from
            }
            _ => m.to,
        };
        let mut out = format!("{}{to}", m.from);
        if let Some(kind) = m.promotion {
            out.push(self.rules.pieces[kind as usize].letter.to_ascii_lowercase());
        }
        out
    }

    /// The number of move sequences of `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers = Vec::new();
        perft(self.rules, &self.tables, &self.s, depth, &mut buffers)
    }
}

fn perft(rules: &Rules, t: &Tables, s: &State, depth: u32, buffers: &mut Vec<Vec<Move>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = buffers.pop().unwrap_or_default();
    moves.clear();
    if depth > 1 {
        legal_moves(rules, t, s, &mut moves);
    }
    let n = if depth == 1 {
        count_legal(rules, t, s, &mut moves)
    } else {
        // Each move made on one copy of the state and taken back.
        let mut next = s.clone();
        let mut n = 0;
        for &m in &moves {
            play_into(rules.geometry, t, s, m, &mut next);
            n += perft(rules, t, &next, depth - 1, buffers);
            take_back(s, m, &mut next);
        }
        n
    };
    buffers.push(moves);
    n
}

/// Whether a royal piece of `color` is attacked.
fn in_check(t: &Tables, s: &State, color: Color) -> bool {
    t.squares.iter().any(|&c| {
        let cell = s.cells[c];
        is(cell, color) && t.is_royal(cell) && t.attacked(&s.cells, c, !color)
    })
}

/// Every move of the side to move that follows its pieces' moves, added to
/// `out`.
fn pseudo_legal(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    let us = s.turn;
    let side = us.index();
    let ep = s
        .en_passant
        .map(|(passed, captured)| (cell_of(passed), captured));
    for (word, &bits) in s.occupied[side].iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let from = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            piece_moves(rules, t, s, out, from, ep);
        }
    }
}

/// How many pseudo-legal moves the piece on `from` has, castling and en
/// passant aside (it is not royal, and no en passant capture is possible
/// for it), with few branches: a leap's destination is counted by
/// arithmetic, not by branching on what stands there.
fn count_piece(t: &Tables, s: &State, from: usize) -> u64 {
    let near_zone = t.near_zone[s.turn.index()][from / 64] & (1 << (from % 64)) != 0;
    if near_zone && t.is_pawn(s.cells[from]) {
        count_piece_as::<true>(t, s, from)
    } else {
        count_piece_as::<false>(t, s, from)
    }
}

/// [`count_piece`] for a pawn (`PAWN`: its moves into the promotion zone
/// count once per promotion) or any other piece.
#[inline]
fn count_piece_as<const PAWN: bool>(t: &Tables, s: &State, from: usize) -> u64 {
    let us = s.turn;
    let cell = s.cells[from];
    let side = us.index();
    let kind = kind_of(cell);
    let black = u8::from(us == Color::Black) << 7;
    let zone = &t.zone[side];
    let promotions = t.promotions.len() as u64;
    let times = |to: usize| {
        if PAWN && zone[to / 64] >> (to % 64) & 1 != 0 {
            // None at all when there is nothing to promote to.
            promotions
        } else {
            1
        }
    };
    let mut n = 0;
    for leap in &t.leaps[side][kind] {
        let to = step(from, leap.delta);
        let target = s.cells[to];
        let empty = target == EMPTY;
        let enemy = !empty & (target != OFF) & (target & BLACK_BIT != black);
        n += times(to) * (u64::from(empty & leap.moves) + u64::from(enemy & leap.captures));
    }
    // Plain slides: the empty squares, and the first piece if it is the
    // other side's.
    for &d in &t.slides[side][kind] {
        let mut to = step(from, d);
        while s.cells[to] == EMPTY {
            n += times(to);
            to = step(to, d);
        }
        let target = s.cells[to];
        n += times(to) * u64::from((target != OFF) & (target & BLACK_BIT != black));
    }
    let at_start = t.start[from] == cell;
    for walk in &t.rides[side][kind] {
        if walk.initial && !at_start {
            continue;
        }
        if let Some(path) = &walk.path
            && !path_clear(&s.cells, from, path)
        {
            continue;
        }
        let mut to = from;
        let mut k = 0u8;
        loop {
            to = step(to, walk.delta);
            k += 1;
            let target = s.cells[to];
            let empty = target == EMPTY;
            let enemy = !empty && target != OFF && !is(target, us);
            n += times(to) * (u64::from(empty & walk.moves) + u64::from(enemy & walk.captures));
            if walk.range == k || !empty {
                break;
            }
        }
    }
    for walk in t.far_walks(side, kind) {
        if walk.initial && !at_start {
            continue;
        }
        let mut k = 1;
        while let Some(to) = t.far_step(from, walk.vector, k) {
            let target = s.cells[to];
            let empty = target == EMPTY;
            let enemy = !empty && !is(target, us);
            n += times(to) * (u64::from(empty & walk.moves) + u64::from(enemy & walk.captures));
            if walk.range == k || !empty {
                break;
            }
            k += 1;
        }
    }
    n
}

/// The pseudo-legal moves of the piece on `from`, added to `out` once
/// each: a kind whose moves overlap (`HHH`: a rider and a leaper along the
/// same line) could give a move twice.
fn piece_moves(
    rules: &Rules,
    t: &Tables,
    s: &State,
    out: &mut Vec<Move>,
    from: usize,
    ep: Option<(usize, Square)>,
) {
    let start = out.len();
    one_piece(rules, t, s, out, from, ep);
    if t.overlapping & (1 << kind_of(s.cells[from])) != 0 {
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if !out[start..kept].contains(&m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

/// The pseudo-legal moves of the piece on `from`.
#[inline]
fn one_piece(
    rules: &Rules,
    t: &Tables,
    s: &State,
    out: &mut impl Sink,
    from: usize,
    ep: Option<(usize, Square)>,
) {
    let us = s.turn;
    let side = us.index();
    let cell = s.cells[from];
    {
        let kind = kind_of(cell);
        let pawn = t.is_pawn(cell);
        let from_sq = t.square_of[from];
        let at_start = t.start[from] == cell;
        for walk in &t.atoms[side][kind] {
            if walk.initial && !at_start {
                continue;
            }
            if let Some(path) = &walk.path
                && !path_clear(&s.cells, from, path)
            {
                continue;
            }
            let mut to = from;
            let mut k = 0u8;
            loop {
                to = step(to, walk.delta);
                k += 1;
                let target = s.cells[to];
                if target == OFF {
                    break;
                }
                if target == EMPTY {
                    if walk.moves {
                        out.add(t, pawn, us, from_sq, to, MoveKind::Normal);
                    } else if walk.en_passant
                        && let Some((passed, captured)) = ep
                        && passed == to
                    {
                        out.add(t, pawn, us, from_sq, to, MoveKind::EnPassant { captured });
                    }
                } else {
                    if walk.captures && !is(target, us) {
                        out.add(t, pawn, us, from_sq, to, MoveKind::Normal);
                    }
                    break;
                }
                if walk.range != 0 && k >= walk.range {
                    break;
                }
            }
        }
        for walk in t.far_walks(side, kind) {
            if walk.initial && !at_start {
                continue;
            }
            let mut k = 1;
            while let Some(to) = t.far_step(from, walk.vector, k) {
                let target = s.cells[to];
                if target == EMPTY {
                    if walk.moves {
                        out.add(t, pawn, us, from_sq, to, MoveKind::Normal);
                    }
                } else {
                    if walk.captures && !is(target, us) {
                        out.add(t, pawn, us, from_sq, to, MoveKind::Normal);
                    }
                    break;
                }
                if walk.range == k {
                    break;
                }
                k += 1;
            }
        }
        if t.is_royal(cell) && s.castling != 0 {
            castles(rules, t, s, out, square_of(from));
        }
    }
}

/// Where generated moves go: a list, or a count.
trait Sink {
    /// A move of a piece (a pawn's once per promotion on the promotion
    /// ranks).
    fn add(
        &mut self,
        t: &Tables,
        pawn: bool,
        color: Color,
        from: Square,
        to: usize,
        kind: MoveKind,
    );
    /// A move as it is (castling).
    fn add_move(&mut self, m: Move);
}

impl Sink for Vec<Move> {
    #[inline]
    fn add(
        &mut self,
        t: &Tables,
        pawn: bool,
        color: Color,
        from: Square,
        to: usize,
        kind: MoveKind,
    ) {
        let in_zone = pawn && t.in_zone(color, to);
        let to = t.square_of[to];
        if in_zone {
            for &promotion in &t.promotions {
                self.push(Move {
                    from,
                    to,
                    promotion: Some(promotion),
                    kind,
                });
            }
            return;
        }
        self.push(Move {
            from,
            to,
            promotion: None,
            kind,
        });
    }

    fn add_move(&mut self, m: Move) {
        self.push(m);
    }
}

/// Moves counted, not listed (perft's last ply).
struct Count(u64);

impl Sink for Count {
    #[inline]
    fn add(&mut self, t: &Tables, pawn: bool, color: Color, _: Square, to: usize, _: MoveKind) {
        self.0 += if pawn && t.in_zone(color, to) {
            t.promotions.len() as u64
        } else {
            1
        };
    }

    fn add_move(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Castling moves of the royal piece on `king`: with each rook that still
/// may, the squares between the two and their destinations empty, the king
/// not in check and not passing an attacked square.
fn castles(rules: &Rules, t: &Tables, s: &State, out: &mut impl Sink, king: Square) {
    let Some(castling) = rules.castling else {
        return;
    };
    let us = s.turn;
    let g = rules.geometry;
    let rank = back_rank(g, us);
    if king.rank != rank {
        return;
    }
    let occupied = |f: u8| s.cells[cell_of(Square::new(f, rank))] != EMPTY;
    let attacked = |f: u8| t.attacked(&s.cells, cell_of(Square::new(f, rank)), !us);
    // The king's own square is looked at once, when a castling's squares
    // are clear.
    let mut in_check = None;
    let mut rights = (s.castling >> (16 * us.index())) & 0xFFFF;
    while rights != 0 {
        let file = rights.trailing_zeros() as u8;
        rights &= rights - 1;
        let rook = Square::new(file, rank);
        let king_side = rook.file > king.file;
        let king_to = Square::new(
            if king_side {
                castling.king_side_file
            } else {
                castling.queen_side_file
            },
            rank,
        );
        let rook_file = if king_side {
            king_to.file.wrapping_sub(1)
        } else {
            king_to.file + 1
        };
        if rook_file >= g.files() || king_to.file >= g.files() {
            continue;
        }
        let rook_to = Square::new(rook_file, rank);
        let lo = king.file.min(rook.file).min(king_to.file).min(rook_to.file);
        let hi = king.file.max(rook.file).max(king_to.file).max(rook_to.file);
        let clear = (lo..=hi).all(|f| f == king.file || f == rook.file || !occupied(f));
        if !clear || *in_check.get_or_insert_with(|| attacked(king.file)) {
            continue;
        }
        let (a, b) = (king.file.min(king_to.file), king.file.max(king_to.file));
        if (a..=b).any(|f| f != king.file && attacked(f)) {
            continue;
        }
        out.add_move(Move {
            from: king,
            to: king_to,
            promotion: None,
            kind: MoveKind::Castle {
                rook_from: rook,
                rook_to,
            },
        });
    }
}

/// The cells a move changes, with what they hold after it.
fn apply(cells: &mut [u8; CELLS], color: Color, m: Move) {
    let from = cell_of(m.from);
    let moving = cells[from];
    cells[from] = EMPTY;
    match m.kind {
        MoveKind::Castle { rook_from, rook_to } => {
            let rook = cells[cell_of(rook_from)];
            cells[cell_of(rook_from)] = EMPTY;
            cells[cell_of(rook_to)] = rook;
        }
        MoveKind::EnPassant { captured } => cells[cell_of(captured)] = EMPTY,
        MoveKind::Normal => {}
    }
    cells[cell_of(m.to)] = match m.promotion {
        Some(kind) => encode(Piece { color, kind }),
        None => moving,
    };
}

/// The state after `m`.
fn play(g: Geometry, t: &Tables, s: &State, m: Move) -> State {
    let mut next = s.clone();
    play_into(g, t, s, m, &mut next);
    next
}

/// The squares a move changes.
fn touched(m: Move) -> impl Iterator<Item = Square> {
    [Some(m.from), Some(m.to), castle_or_ep(m), rook_to(m)]
        .into_iter()
        .flatten()
}

/// Makes `next`, a copy of `s`, the state after `m`.
fn play_into(g: Geometry, t: &Tables, s: &State, m: Move, next: &mut State) {
    let moving = s.cells[cell_of(m.from)];
    let captured = s.cells[cell_of(m.to)] != EMPTY || matches!(m.kind, MoveKind::EnPassant { .. });
    apply(&mut next.cells, s.turn, m);
    for sq in touched(m) {
        let c = cell_of(sq);
        let cell = next.cells[c];
        for color in [Color::White, Color::Black] {
            let (bit, side) = (1 << (c % 64), color.index());
            let ours = is(cell, color);
            let word = &mut next.occupied[side][c / 64];
            *word = if ours { *word | bit } else { *word & !bit };
            let word = &mut next.royal[side][c / 64];
            *word = if ours && t.is_royal(cell) {
                *word | bit
            } else {
                *word & !bit
            };
        }
    }
    let pawn = moving != EMPTY && t.is_pawn(moving);
    let royal = moving != EMPTY && t.is_royal(moving);
    // A pawn's straight two-square step allows en passant.
    next.en_passant = None;
    if pawn && m.from.file == m.to.file && m.from.rank.abs_diff(m.to.rank) == 2 {
        let passed = Square::new(m.from.file, m.from.rank.min(m.to.rank) + 1);
        next.en_passant = Some((passed, m.to));
    }
    // Castling rights: a royal piece that moves loses its side's; a rook
    // that moves or is taken loses its own.
    if royal {
        next.castling &= !(0xFFFF << (16 * s.turn.index()));
    }
    for color in [Color::White, Color::Black] {
        for sq in [m.from, m.to] {
            if sq.rank == back_rank(g, color) {
                next.castling &= !(1 << (16 * color.index() + usize::from(sq.file)));
            }
        }
    }
    next.halfmoves = if pawn || captured { 0 } else { s.halfmoves + 1 };
    if s.turn == Color::Black {
        next.fullmoves += 1;
    }
    next.turn = !s.turn;
}

/// Makes `next`, the state after `m` played in `s` by [`play_into`], a
/// copy of `s` again.
fn take_back(s: &State, m: Move, next: &mut State) {
    for sq in touched(m) {
        let c = cell_of(sq);
        next.cells[c] = s.cells[c];
        for side in 0..2 {
            next.occupied[side][c / 64] = s.occupied[side][c / 64];
            next.royal[side][c / 64] = s.royal[side][c / 64];
        }
    }
    next.turn = s.turn;
    next.castling = s.castling;
    next.en_passant = s.en_passant;
    next.halfmoves = s.halfmoves;
    next.fullmoves = s.fullmoves;
}

/// What the legality test needs to know of a position: the royal pieces
/// of the side to move, which of its pieces are pinned, and whether every
/// move must be tried (in check, or the other side has captures a move
/// may uncover off any line).
struct Guard {
    royals: Royals,
    pinned: [u64; WORDS],
    every: bool,
}

impl Guard {
    #[inline]
    fn new(t: &Tables, s: &State) -> Guard {
        let us = s.turn;
        let them = !us;
        let side = us.index();
        let mut royals = Royals::default();
        for (word, &bits) in s.royal[side].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                royals.push(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        // One walk back from each royal piece along each line the other side
        // captures along finds both a check (the first piece met is theirs
        // and captures along it) and a pin (the first is ours, the next
        // theirs): moving a pinned piece may uncover the line.
        let mut in_check = false;
        let mut pinned = [0u64; WORDS];
        for r in royals.iter() {
            // Leaps: one square to look at each, nothing to pin.
            for leap in &t.leap_rays[them.index()] {
                let at = step(r, -leap.delta);
                let cell = s.cells[at];
                if is(cell, them) {
                    let bit = 1u64 << kind_of(cell);
                    in_check |=
                        leap.kinds & bit != 0 && (leap.free & bit != 0 || t.start[at] == cell);
                }
            }
            for ray in &t.line_rays[them.index()] {
                let mut at = r;
                let mut k = 0u8;
                let mut ours = None;
                loop {
                    at = step(at, -ray.delta);
                    k += 1;
                    let cell = s.cells[at];
                    if cell == OFF || k > ray.range {
                        break;
                    }
                    if cell == EMPTY {
                        continue;
                    }
                    if is(cell, us) {
                        if ours.is_some() || ray.range == 1 || ray.lame {
                            break;
                        }
                        ours = Some(at);
                        continue;
                    }
                    if ray.hits(t, cell, at, k) {
                        match ours {
                            Some(p) => pinned[p / 64] |= 1 << (p % 64),
                            None => in_check |= !ray.lame || path_clear(&s.cells, at, &ray.path),
                        }
                    }
                    break;
                }
            }
        }
        if t.has_far {
            in_check |= royals.iter().any(|r| t.far_attacked(&s.cells, r, them));
        }
        Guard {
            every: in_check || t.lame_captures[them.index()],
            royals,
            pinned,
        }
    }

    /// Whether the moves of the piece on `from` must be tried one by one
    /// (en passant and castling aside).
    fn all(&self, t: &Tables, s: &State, from: usize) -> bool {
        self.every || self.pinned[from / 64] & (1 << (from % 64)) != 0 || t.is_royal(s.cells[from])
    }
}

/// The legal moves, added to `out`.
fn legal_moves(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) {
    legal::<false>(rules, t, s, out);
}

/// How many legal moves there are.
fn count_legal(rules: &Rules, t: &Tables, s: &State, scratch: &mut Vec<Move>) -> u64 {
    legal::<true>(rules, t, s, scratch)
}

/// The legal moves added to `out`, or (`COUNT`) counted: then `out` is
/// scratch space, and only the moves that must be tried are listed.
fn legal<const COUNT: bool>(rules: &Rules, t: &Tables, s: &State, out: &mut Vec<Move>) -> u64 {
    let mut count = Count(0);
    let us = s.turn;
    let them = !us;
    let side = us.index();
    let guard = Guard::new(t, s);
    let (royals, every) = (&guard.royals, guard.every);
    let ep = s
        .en_passant
        .map(|(passed, captured)| (cell_of(passed), captured));
    let mut scratch = None;
    for (word, &bits) in s.occupied[side].iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let from = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Only moves that may uncover or leave an attack are tried:
            // every move when in check, a pinned or royal piece's moves,
            // en passant (two pieces leave the line) and castling.
            let all = guard.all(t, s, from);
            let bit = 1u64 << kind_of(s.cells[from]);
            let en_passant = ep.filter(|_| t.en_passant & bit != 0);
            // (A capture en passant into the promotion zone is listed, with
            // its promotions.)
            let into_zone = en_passant.is_some_and(|(passed, _)| t.in_zone(us, passed));
            let tried = all || t.overlapping & bit != 0 || into_zone;
            if COUNT && !tried {
                // Counted, and an en passant capture (two pieces leave
                // their squares) tried on its own.
                count.0 += count_piece(t, s, from);
                if let Some(ep) = en_passant
                    && let Some(m) = en_passant_capture(t, s, from, ep)
                {
                    let scratch = scratch.get_or_insert(s.cells);
                    count.0 += u64::from(safe_after(t, s, scratch, royals, m));
                }
                continue;
            }
            let tried = tried || en_passant.is_some();
            let cell = s.cells[from];
            let (side, kind) = (us.index(), kind_of(cell));
            if COUNT
                && !every
                && royals.n == 1
                && t.is_royal(cell)
                && t.overlapping & (1 << kind) == 0
                && t.rides[side][kind].is_empty()
                && t.slides[side][kind].is_empty()
                && t.far[side][kind].is_empty()
                && !(ep.is_some() && t.en_passant & (1 << kind) != 0)
            {
                // The only royal piece, out of check, with plain leaps:
                // each destination counted if it is not attacked once the
                // piece has left its square (no lame or far captures, so
                // only lines pass it); castling tried in full.
                for leap in &t.leaps[side][kind] {
                    let to = step(from, leap.delta);
                    let target = s.cells[to];
                    let goes = if target == EMPTY {
                        leap.moves
                    } else {
                        leap.captures && target != OFF && !is(target, us)
                    };
                    if goes && !t.attacked_past(&s.cells, to, them, from) {
                        count.0 += 1;
                    }
                }
                if s.castling != 0 {
                    out.clear();
                    castles(rules, t, s, out, t.square_of[from]);
                    if out.is_empty() {
                        continue;
                    }
                    let scratch = scratch.get_or_insert(s.cells);
                    let safe = out
                        .iter()
                        .filter(|&&m| safe_after(t, s, scratch, royals, m));
                    count.0 += safe.count() as u64;
                }
                continue;
            }
            if COUNT {
                out.clear();
            }
            let start = out.len();
            piece_moves(rules, t, s, out, from, ep);
            if !tried {
                continue;
            }
            let scratch = scratch.get_or_insert(s.cells);
            let mut kept = start;
            for i in start..out.len() {
                let m = out[i];
                if (all || !matches!(m.kind, MoveKind::Normal))
                    && !safe_after(t, s, scratch, royals, m)
                {
                    continue;
                }
                out[kept] = m;
                kept += 1;
            }
            out.truncate(kept);
            if COUNT {
                count.0 += out.len() as u64;
            }
        }
    }
    count.0
}

/// The en passant capture of the piece on `from` (of a kind that captures
/// en passant), if it has one: `ep` is the square passed and the pawn
/// that passed it.
fn en_passant_capture(t: &Tables, s: &State, from: usize, ep: (usize, Square)) -> Option<Move> {
    let (passed, captured) = ep;
    let cell = s.cells[from];
    let at_start = t.start[from] == cell;
    let walks = &t.atoms[s.turn.index()][kind_of(cell)];
    let reaches = |walk: &Walk| {
        let mut to = from;
        for k in 1.. {
            to = step(to, walk.delta);
            if to == passed {
                return true;
            }
            if s.cells[to] != EMPTY || (walk.range != 0 && k >= walk.range) {
                return false;
            }
        }
        false
    };
    walks
        .iter()
        .filter(|w| w.en_passant && !w.moves && (at_start || !w.initial))
        .filter(|w| {
            w.path
                .as_ref()
                .is_none_or(|path| path_clear(&s.cells, from, path))
        })
        .any(reaches)
        .then(|| Move {
            from: t.square_of[from],
            to: t.square_of[passed],
            promotion: None,
            kind: MoveKind::EnPassant { captured },
        })
}

/// Whether no royal piece of the side to move is attacked after `m`,
/// tried on `scratch` (a copy of the board, left as it was).
fn safe_after(t: &Tables, s: &State, scratch: &mut [u8; CELLS], royals: &Royals, m: Move) -> bool {
    let us = s.turn;
    apply(scratch, us, m);
    let (from, to) = (cell_of(m.from), cell_of(m.to));
    let safe = royals.iter().all(|r| {
        let r = if r == from { to } else { r };
        !t.attacked(scratch, r, !us)
    });
    for sq in touched(m) {
        scratch[cell_of(sq)] = s.cells[cell_of(sq)];
    }
    safe
}

/// Where castling puts the rook.
fn rook_to(m: Move) -> Option<Square> {
    match m.kind {
        MoveKind::Castle { rook_to, .. } => Some(rook_to),
        _ => None,
    }
}

/// The other square a move empties: the rook's for castling, the captured
/// pawn's for en passant.
fn castle_or_ep(m: Move) -> Option<Square> {
    match m.kind {
        MoveKind::Castle { rook_from, .. } => Some(rook_from),
        MoveKind::EnPassant { captured } => Some(captured),
        MoveKind::Normal => None,
    }
}

/// How a board is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// Letters (upper case White, lower case Black), `.` for empty squares.
    Ascii,
    /// Unicode figurines for the pieces named as chess pieces (`King`,
    /// `Queen`, `Rook`, `Bishop`, `Knight`, `Pawn`, any case), the rule
    /// set's symbols for the others, as CustomChessKell draws them.
    Symbols,
}

impl Position<'_> {
    /// The board as text: ranks from the top, each with its number, files
    /// lettered below.
    ///
    /// ```
    /// use chess_rules::{BoardStyle, Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let board = start.board(BoardStyle::Symbols);
    /// assert!(board.starts_with(" 8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    /// assert!(board.ends_with("     a b c d e f g h\n"));
    /// ```
    pub fn board(&self, style: BoardStyle) -> String {
        let g = self.geometry();
        let width = if g.ranks() >= 10 { 2 } else { 1 };
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            out.push_str(&format!(" {:>width$} |", u32::from(rank) + 1));
            for file in 0..g.files() {
                out.push(' ');
                out.push(match self.piece_at(Square::new(file, rank)) {
                    None => '.',
                    Some(p) => self.symbol(p, style),
                });
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(width + 3));
        out.push_str(&"--".repeat(usize::from(g.files())));
        out.push('\n');
        out.push_str(&" ".repeat(width + 4));
        let files: Vec<String> = (0..g.files())
            .map(|f| char::from(b'a' + f).to_string())
            .collect();
        out.push_str(&files.join(" "));
        out.push('\n');
        out
    }

    fn symbol(&self, piece: Piece, style: BoardStyle) -> char {
        let def = &self.rules.pieces[piece.kind as usize];
        let white = piece.color == Color::White;
        if style == BoardStyle::Symbols {
            let figurine = match def.name.to_ascii_lowercase().as_str() {
                "king" => Some(('♔', '♚')),
                "queen" => Some(('♕', '♛')),
                "rook" => Some(('♖', '♜')),
                "bishop" => Some(('♗', '♝')),
                "knight" => Some(('♘', '♞')),
                "pawn" => Some(('♙', '♟')),
                _ => None,
            };
            let (w, b) = figurine.unwrap_or(def.symbols);
            return if white { w } else { b };
        }
        if white {
            def.letter
        } else {
            def.letter.to_ascii_lowercase()
        }
    }

    /// `m` in standard algebraic notation with the rule set's letters:
    /// the piece's letter (none for a pawn), the file, rank or square
    /// that tells it from another piece of its kind that could go there,
    /// `x` for a capture, the square (`j10`), `=` and the promotion,
    /// `O-O` or `O-O-O` for castling, `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut out = String::new();
        let piece = self.piece_at(m.from).expect("a legal move's piece");
        let def = &self.rules.pieces[piece.kind as usize];
        let capture = self.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::EnPassant { .. });
        if let MoveKind::Castle { rook_from, .. } = m.kind {
            out.push_str(if rook_from.file > m.from.file {
                "O-O"
            } else {
                "O-O-O"
            });
        } else if def.pawn {
            if capture {
                out.push(char::from(b'a' + m.from.file));
                out.push('x');
            }
            out.push_str(&m.to.to_string());
        } else {
            out.push(def.letter);
            // Others of the kind that could go there too.
            let others: Vec<Square> = self
                .legal_moves()
                .into_iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && !matches!(o.kind, MoveKind::Castle { .. })
                        && self.piece_at(o.from) == Some(piece)
                })
                .map(|o| o.from)
                .collect();
            if !others.is_empty() {
                let file_unique = others.iter().all(|o| o.file != m.from.file);
                let rank_unique = others.iter().all(|o| o.rank != m.from.rank);
                if file_unique {
                    out.push(char::from(b'a' + m.from.file));
                } else if rank_unique {
                    out.push_str(&(u32::from(m.from.rank) + 1).to_string());
                } else {
                    out.push_str(&m.from.to_string());
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&m.to.to_string());
        }
        if let Some(kind) = m.promotion {
            out.push('=');
            out.push(self.rules.pieces[kind as usize].letter);
        }
        let after = self.play(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    /// The legal move `text` means: coordinates as CustomChessKell's CLI
    /// takes them (`a2 a3`, `a2a3`, `a2-a3`, a promotion letter after), or
    /// SAN with the rule set's letters (`+`, `#`, `!`, `?` after it are
    /// ignored). `None` if it means no legal move, or more than one.
    ///
    /// ```
    /// use chess_rules::{Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let e4 = start.parse_move("e2 e4").unwrap();
    /// assert_eq!(start.parse_move("e4"), Some(e4));
    /// assert_eq!(start.parse_move("e2-e4"), Some(e4));
    /// assert_eq!(start.san(start.parse_move("g1f3").unwrap()), "Nf3");
    /// assert_eq!(start.parse_move("e5"), None);
    /// ```
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        // Only the moves that could be meant are listed and tried: those of
        // the piece on the first square to the second for coordinates, of
        // the kind named to the square named for SAN (the royal pieces'
        // for castling).
        let compact: String = text.chars().filter(|c| *c != ' ' && *c != '-').collect();
        let square_len = |t: &str| {
            1 + t
                .as_bytes()
                .get(1..)
                .map_or(0, |b| b.iter().take_while(|c| c.is_ascii_digit()).count())
        };
        let first_len = square_len(&compact);
        let on_board = |sq: Square| self.geometry().contains(sq);
        if let Some(from) = compact
            .get(..first_len)
            .and_then(Square::parse)
            .filter(|&sq| on_board(sq))
        {
            let rest = &compact[first_len..];
            let to = rest.get(..square_len(rest)).and_then(Square::parse);
            let from = cell_of(from);
            let moves = self.legal_of(|cell| cell == from, to);
            if let Some(m) = self.coordinates(&compact, &moves) {
                return Some(m);
            }
            // A royal piece taking its own rook: its castling (whose
            // destination is another square).
            let byte = self.s.cells[from];
            if is(byte, self.s.turn) && self.tables.is_royal(byte) {
                let moves = self.legal_of(|cell| cell == from, None);
                if let Some(m) = self.coordinates(&compact, &moves) {
                    return Some(m);
                }
            }
        }
        let castle = matches!(text.replace('0', "O").as_str(), "O-O" | "O-O-O");
        let kind = match text.chars().next() {
            _ if castle => None,
            Some(c) if c.is_ascii_uppercase() => Some(self.rules.index(c)?),
            _ => Some(self.rules.pieces.iter().position(|p| p.pawn)?),
        };
        // The square: the last letter and its digits, a promotion aside.
        let body = text.trim_end_matches(|c: char| c.is_ascii_uppercase() || c == '=');
        let to = body
            .rfind(|c: char| c.is_ascii_lowercase())
            .and_then(|at| Square::parse(&body[at..]));
        let t = &self.tables;
        let moves = self.legal_of(
            |cell| {
                let byte = self.s.cells[cell];
                match kind {
                    Some(kind) => kind_of(byte) == kind,
                    None => t.is_royal(byte),
                }
            },
            if castle { None } else { to },
        );
        self.san_move(text, &moves)
    }

    /// The legal moves of the pieces of the side to move whose cells
    /// `pick` accepts, to `to` if given: each tried on a scratch board.
    fn legal_of(&self, pick: impl Fn(usize) -> bool, to: Option<Square>) -> Vec<Move> {
        let (t, s) = (&*self.tables, &self.s);
        let ep = s
            .en_passant
            .map(|(passed, captured)| (cell_of(passed), captured));
        let mut royals = Royals::default();
        let mut out = Vec::new();
        for (word, &bits) in s.occupied[s.turn.index()].iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let from = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if t.is_royal(s.cells[from]) {
                    royals.push(from);
                }
                if pick(from) {
                    piece_moves(self.rules, t, s, &mut out, from, ep);
                }
            }
        }
        if let Some(to) = to {
            out.retain(|m| m.to == to);
        }
        let mut scratch = s.cells;
        out.retain(|&m| safe_after(t, s, &mut scratch, &royals, m));
        out
    }

    /// SAN read as written: castling, or a piece letter (none for a pawn),
    /// a file and/or rank telling it apart, `x`, the square, a promotion.
    fn san_move(&self, text: &str, moves: &[Move]) -> Option<Move> {
        let castle = text.replace('0', "O");
        if castle == "O-O" || castle == "O-O-O" {
            let king_side = castle == "O-O";
            let mut castles = moves.iter().copied().filter(|m| match m.kind {
                MoveKind::Castle { rook_from, .. } => (rook_from.file > m.from.file) == king_side,
                _ => false,
            });
            let m = castles.next()?;
            return castles.next().is_none().then_some(m);
        }
        let mut rest = text;
        // The promotion: `=Q` or `Q` at the end.
        let mut promotion = None;
        if let Some(last) = rest.chars().last()
            && last.is_ascii_uppercase()
            && rest.len() > 1
        {
            promotion = Some(self.rules.index(last)? as u8);
            rest = rest[..rest.len() - 1].trim_end_matches('=');
        }
        // The piece.
        let first = rest.chars().next()?;
        let kind = if first.is_ascii_uppercase() {
            rest = &rest[1..];
            self.rules.index(first)?
        } else {
            self.rules.pieces.iter().position(|p| p.pawn)?
        };
        // The square: the last letter and its digits.
        let square_at = rest.rfind(|c: char| c.is_ascii_lowercase())?;
        let to = Square::parse(&rest[square_at..])?;
        let mut prefix = rest[..square_at].trim_end_matches('x');
        prefix = prefix.trim_end_matches(':');
        let file = prefix
            .chars()
            .next()
            .filter(char::is_ascii_lowercase)
            .map(|c| c as u8 - b'a');
        let rank_text = prefix.trim_start_matches(|c: char| c.is_ascii_lowercase());
        let rank = if rank_text.is_empty() {
            None
        } else {
            Some(rank_text.parse::<u8>().ok()?.checked_sub(1)?)
        };
        if file.is_none() && rank.is_none() && !prefix.is_empty() {
            return None;
        }
        let mut found = moves.iter().copied().filter(|m| {
            !matches!(m.kind, MoveKind::Castle { .. })
                && m.to == to
                && m.promotion == promotion
                && self
                    .piece_at(m.from)
                    .is_some_and(|p| usize::from(p.kind) == kind)
                && file.is_none_or(|f| m.from.file == f)
                && rank.is_none_or(|r| m.from.rank == r)
        });
        let m = found.next()?;
        found.next().is_none().then_some(m)
    }

    /// `a2a3`, `j9j10`, `e7e8q`: two squares and a promotion letter.
    fn coordinates(&self, text: &str, moves: &[Move]) -> Option<Move> {
        // Split after the first square: a letter, then digits.
        let bytes = text.as_bytes();
        let first_len = 1 + bytes
            .get(1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let from = Square::parse(text.get(..first_len)?)?;
        let rest = &text[first_len..];
        let second_len = 1 + rest
            .as_bytes()
            .get(1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let to = Square::parse(rest.get(..second_len)?)?;
        let promotion = match &rest[second_len..] {
            "" => None,
            p if p.chars().count() == 1 => Some(self.rules.index(p.chars().next()?)? as u8),
            _ => return None,
        };
        let castles_with = |m: &Move| matches!(m.kind, MoveKind::Castle { rook_from, .. } if m.from == from && rook_from == to);
        moves
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion)
            // The king taking its own rook: castling with that rook.
            .or_else(|| {
                moves
                    .iter()
                    .copied()
                    .find(|m| promotion.is_none() && castles_with(m))
            })
    }
}

/// Why a move from one square to another is not legal, as data (the
/// verifier words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over.
    GameOver(Outcome),
    /// No piece stands on the square.
    NoPiece,
    /// The piece is the other side's.
    NotYours(Piece),
    /// The destination holds a piece of the side to move.
    OwnPiece(Piece),
    /// No move of the piece goes there; what its moves are, in words.
    NotAMove {
        /// The piece.
        piece: Piece,
        /// Its moves, in words ("a camel leaps (1,3)").
        moves: String,
    },
    /// The move goes there only to an empty square, and a piece is there.
    CannotCapture(Piece),
    /// The move goes there only to capture, and the square is empty.
    OnlyCaptures(Piece),
    /// The move is made only from the piece's start square.
    NotFromStart(Piece),
    /// A piece stands in the way.
    Blocked {
        /// Where.
        at: Square,
        /// What.
        by: Piece,
    },
    /// A pawn reaching the promotion zone must say what it becomes (or it
    /// named a piece it may not become).
    Promotion,
    /// The move leaves a royal piece of the side to move attacked.
    LeavesRoyalAttacked {
        /// The royal piece's square after the move.
        royal: Square,
        /// A piece that attacks it then.
        by: Square,
    },
}

impl Position<'_> {
    /// Why the move from `from` to `to` (becoming `promotion`, if given)
    /// is not legal, or `None` if it is.
    ///
    /// ```
    /// use chess_rules::{Position, Rejection, Rules, Square};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let sq = |s| Square::parse(s).unwrap();
    /// assert!(matches!(start.why_not(sq("a1"), sq("a3"), None), Some(Rejection::Blocked { .. })));
    /// match start.why_not(sq("b1"), sq("b3"), None) {
    ///     Some(Rejection::NotAMove { moves, .. }) => assert_eq!(moves, "a knight leaps (1,2)"),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(start.why_not(sq("g1"), sq("f3"), None), None);
    /// ```
    pub fn why_not(&self, from: Square, to: Square, promotion: Option<u8>) -> Option<Rejection> {
        let legal = self.legal_moves();
        let matching = |m: &&Move| m.from == from && m.to == to;
        if legal
            .iter()
            .filter(matching)
            .any(|m| m.promotion == promotion)
        {
            return None;
        }
        if legal.is_empty() {
            return Some(Rejection::GameOver(self.outcome()?));
        }
        let g = self.geometry();
        if !g.contains(from) || !g.contains(to) {
            return Some(Rejection::NoPiece);
        }
        let Some(piece) = self.piece_at(from) else {
            return Some(Rejection::NoPiece);
        };
        if piece.color != self.s.turn {
            return Some(Rejection::NotYours(piece));
        }
        let target = self.piece_at(to);
        if let Some(own) = target.filter(|p| p.color == self.s.turn) {
            return Some(Rejection::OwnPiece(own));
        }
        // The piece goes there: either the promotion is wrong, or the move
        // leaves a royal piece attacked.
        let pseudo = self.pseudo_legal();
        let goes: Vec<&Move> = pseudo.iter().filter(matching).collect();
        if !goes.is_empty() {
            return Some(match goes.iter().find(|m| m.promotion == promotion) {
                Some(m) => self.attacked_after(**m),
                None => Rejection::Promotion,
            });
        }
        // Which of the piece's moves could reach `to`, and what stops it.
        let def = &self.rules.pieces[piece.kind as usize];
        let mut best: Option<Rejection> = None;
        for atom in &def.atoms {
            for &v in &atom.vectors {
                let (dx, dy) = Self::turned(piece.color, v);
                let (tx, ty) = (
                    i16::from(to.file) - i16::from(from.file),
                    i16::from(to.rank) - i16::from(from.rank),
                );
                let k = if dx != 0 {
                    tx / i16::from(dx)
                } else {
                    ty / i16::from(dy)
                };
                if k < 1 || tx != k * i16::from(dx) || ty != k * i16::from(dy) {
                    continue;
                }
                if atom.range != 0 && k > i16::from(atom.range) {
                    continue;
                }
                let reason = if atom.initial && !self.on_start_square(from, piece) {
                    Rejection::NotFromStart(piece)
                } else if let Some((at, by)) = (1..k).find_map(|j| {
                    let s = g.offset(from, dx * j as i8, dy * j as i8)?;
                    Some((s, self.piece_at(s)?))
                }) {
                    Rejection::Blocked { at, by }
                } else if atom.lame && !self.path_clear(from, (dx, dy)) {
                    let blocker = g.squares().find(|&s| {
                        s != from && s != to && self.piece_at(s).is_some() && {
                            // A square on the lame path: any occupied square
                            // next to the start in the move's direction.
                            s.file.abs_diff(from.file) <= 1 && s.rank.abs_diff(from.rank) <= 1
                        }
                    });
                    match blocker.and_then(|s| Some((s, self.piece_at(s)?))) {
                        Some((at, by)) => Rejection::Blocked { at, by },
                        None => Rejection::NotAMove {
                            piece,
                            moves: def.describe(),
                        },
                    }
                } else if target.is_some() && !atom.captures {
                    Rejection::CannotCapture(piece)
                } else if target.is_none() && !atom.moves {
                    Rejection::OnlyCaptures(piece)
                } else {
                    continue;
                };
                // A reason that names a blocker beats a general one.
                if best.is_none() || matches!(reason, Rejection::Blocked { .. }) {
                    best = Some(reason);
                }
            }
        }
        Some(best.unwrap_or(Rejection::NotAMove {
            piece,
            moves: def.describe(),
        }))
    }

    /// The royal piece a pseudo-legal move leaves attacked, and by what.
    fn attacked_after(&self, m: Move) -> Rejection {
        let after = self.play(m);
        let g = self.geometry();
        for royal in g.squares() {
            let Some(p) = after.piece_at(royal) else {
                continue;
            };
            if p.color != self.s.turn || !self.rules.pieces[p.kind as usize].royal {
                continue;
            }
            if let Some(by) = g.squares().find(|&by| {
                after.piece_at(by).is_some_and(|q| q.color != self.s.turn)
                    && after.attacks_from(by, royal)
            }) {
                return Rejection::LeavesRoyalAttacked { royal, by };
            }
        }
        // Not reached for a move that is pseudo-legal and not legal.
        Rejection::Promotion
    }

    /// Whether the piece on `from` attacks `target`.
    fn attacks_from(&self, from: Square, target: Square) -> bool {
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let mut only = self.clone();
        // The same board, with only this piece of its side: `attacked`
        // then answers for it alone. The other pieces of its side stay as
        // blockers, turned to the side attacked (they block, they do not
        // attack).
        for sq in self.geometry().squares() {
            if let Some(p) = self.piece_at(sq)
                && sq != from
                && p.color == piece.color
            {
                only.s.cells[cell_of(sq)] = encode(Piece {
                    color: !piece.color,
                    kind: p.kind,
                });
            }
        }
        only.attacked(target, piece.color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PieceDef;

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// The legal moves the slow way: every pseudo-legal move played, and
    /// kept if no move of the other side then captures a royal piece of
    /// the mover (attacks found by generating moves, not by the walk back
    /// along rays the engine uses).
    fn naive(pos: &Position<'_>) -> Vec<Move> {
        pos.pseudo_legal()
            .into_iter()
            .filter(|&m| {
                let after = pos.play(m);
                !after.pseudo_legal().iter().any(|reply| {
                    after.piece_at(reply.to).is_some_and(|p| {
                        p.color == pos.turn() && pos.rules.pieces[p.kind as usize].royal
                    })
                })
            })
            .collect()
    }

    /// Rule sets that exercise every shortcut of the legality test: lame
    /// leapers (which moving any piece may uncover), riders of leaps,
    /// moves from the start square only, a non-pawn that captures en
    /// passant, several royal pieces, a royal rider, boards of other sizes.
    fn rule_sets() -> Vec<Rules> {
        let piece = |l, n, b| PieceDef::new(l, n, b).unwrap();
        let mut out = Vec::new();
        let mut xiangqi_ish = Rules::chess();
        xiangqi_ish.pieces[1] = piece('N', "horse", "nN");
        xiangqi_ish.pieces.push(piece('E', "elephant", "nA"));
        xiangqi_ish.start = "rnbqkbnr/pppppppp/8/2E2e2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into();
        out.push(xiangqi_ish);
        let mut riders = Rules::chess();
        riders.geometry = Geometry::new(10, 10).unwrap();
        riders.pieces.push(piece('X', "nightrider", "NN"));
        riders.pieces.push(piece('Y', "pusher", "ifmW3cF"));
        riders.pieces.push(piece('Z', "sneak", "fmWfceF"));
        // A rider and a leaper along the same lines (found by the fuzz
        // target: each move was listed twice).
        riders.pieces.push(piece('O', "double", "NNN"));
        // Moves along one line with different steps that meet: a rider of
        // threes and a lame stepper of up to three.
        riders.pieces.push(piece('S', "meeting", "HHnW3"));
        riders.castling = None;
        riders.start =
            "rnbxqkyznr/pppppppppp/10/10/10/10/4s5/5S4/PPPPPPPPPP/RNBXQKYZNO w - - 0 1".into();
        out.push(riders);
        // Far leaps, as CustomChessKell's Jumps may be (up to 15 squares,
        // beyond the mailbox's border), by a piece and by a royal piece.
        let far = |leap: (u8, u8)| {
            let (a, b) = (leap.0 as i8, leap.1 as i8);
            let mut vectors = Vec::new();
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if !vectors.contains(&(x * sx, y * sy)) {
                        vectors.push((x * sx, y * sy));
                    }
                }
            }
            crate::betza::Atom {
                leap,
                vectors,
                range: 1,
                moves: true,
                captures: true,
                initial: false,
                lame: false,
                en_passant: false,
            }
        };
        let mut far_leaps = Rules::chess();
        far_leaps.geometry = Geometry::new(16, 16).unwrap();
        far_leaps.castling = None;
        let mut giraffe = piece('G', "giraffe", "W");
        giraffe.atoms = vec![far((4, 1)), far((15, 1))];
        far_leaps.pieces.push(giraffe);
        far_leaps.pieces[5].atoms.push(far((6, 0)));
        far_leaps.start = "rnbqkbnrgg6/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNRGG6 w - - 0 1".into();
        out.push(far_leaps);
        let mut two_kings = Rules::chess();
        two_kings.pieces[5] = piece('K', "king", "K").royal();
        two_kings
            .pieces
            .push(piece('G', "royal queen", "Q").royal());
        two_kings.castling = None;
        two_kings.start = "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w - - 0 1".into();
        out.push(two_kings);
        out
    }

    #[test]
    fn fast_legality_and_counting_agree_with_the_naive_way() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for rules in rule_sets() {
            for _ in 0..20 {
                let mut pos = Position::start(&rules).unwrap();
                for _ in 0..80 {
                    let mut fast: Vec<String> =
                        pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
                    let mut slow: Vec<String> =
                        naive(&pos).into_iter().map(|m| pos.uci(m)).collect();
                    fast.sort();
                    slow.sort();
                    let mut once = fast.clone();
                    once.dedup();
                    assert_eq!(once, fast, "a move listed twice in {}", pos.fen());
                    assert_eq!(fast, slow, "{} in {}", rules.name, pos.fen());
                    assert_eq!(pos.perft(1), slow.len() as u64, "{}", pos.fen());
                    if checked % 100 == 0 {
                        // Three plies: each move made and taken back on one
                        // copy of the state (a royal piece that moved at
                        // the first ply counts at the third), against a new
                        // position each.
                        let by_play: u64 =
                            naive(&pos).into_iter().map(|m| pos.play(m).perft(2)).sum();
                        assert_eq!(pos.perft(3), by_play, "{}", pos.fen());
                        // The state kept along the way (pieces, royal
                        // pieces) is the one a FEN gives.
                        let again = Position::from_fen(&rules, &pos.fen()).unwrap();
                        assert_eq!(again.perft(3), by_play, "{}", pos.fen());
                    }
                    checked += 1;
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos = pos.play(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn pawns_with_nothing_to_promote_to_count_no_move_into_the_zone() {
        // Found by the `rules` fuzz target: counting multiplied by the
        // number of promotions less one, which underflowed at none.
        let mut rules = Rules::chess();
        rules.promotion_pieces.clear();
        rules.start = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        assert_eq!(pos.perft(1), pos.legal_moves().len() as u64);
        assert!(pos.legal_moves().iter().all(|m| m.to.rank != 7));
    }

    #[test]
    fn a_piece_named_twice_among_the_promotions_promotes_once() {
        // Found by the `rules` fuzz target: `promotionPieceTypes = qrrn`
        // listed the rook promotion twice, so its coordinates read back
        // as ambiguous.
        let mut rules = Rules::chess();
        rules.promotion_pieces = vec!['Q', 'R', 'R', 'N', 'R'];
        rules.start = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        let moves = pos.legal_moves();
        let a7 = |m: &&Move| m.from == Square::new(0, 6);
        // a8 and b8, each as a queen, a rook and a knight.
        assert_eq!(moves.iter().filter(a7).count(), 6);
        assert_eq!(pos.perft(1), moves.len() as u64);
        for m in moves.iter().filter(a7) {
            assert_eq!(pos.parse_move(&pos.uci(*m)), Some(*m));
        }
        let ini = crate::ini::variants("[twice:chess]\npromotionPieceTypes = qrrn\n").unwrap();
        assert_eq!(ini[0].promotion_pieces, ['Q', 'R', 'N']);
    }

    #[test]
    fn a_royal_piece_of_the_side_not_to_move_may_not_be_attacked() {
        // Found by the `rules` fuzz target: a start position with Black's
        // king attacked and White to move let White take the king.
        let mut rules = Rules::chess();
        rules.start = "rnbqkbnr/pppppPpp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 1".into();
        let error = Position::start(&rules).unwrap_err();
        assert_eq!(
            error.message,
            "Black's king on e8 is attacked with White to move: no move can lead to this position"
        );
        // With Black to move it is a check, as any.
        rules.start = rules.start.replace(" w ", " b ");
        assert!(Position::start(&rules).unwrap().is_check());
    }

    #[test]
    fn a_castling_the_king_could_also_step_is_written_king_takes_rook() {
        // Found by the `rules` fuzz target: the king castles from h8 to i8
        // with the rook on j8, and h8i8 is also a step of the king.
        let mut rules = Rules::chess();
        rules.geometry = Geometry::new(10, 8).unwrap();
        let castling = rules.castling.as_mut().unwrap();
        castling.king_side_file = 8;
        rules.start = "7k1r/10/10/10/10/10/10/4K5 b k - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        let moves = pos.legal_moves();
        let castle = *moves
            .iter()
            .find(|m| matches!(m.kind, MoveKind::Castle { .. }))
            .unwrap();
        assert_eq!(pos.uci(castle), "h8j8");
        assert_eq!(pos.parse_move("h8j8"), Some(castle));
        let step = pos.parse_move("h8i8").unwrap();
        assert_eq!(
            (step.kind, pos.uci(step).as_str()),
            (MoveKind::Normal, "h8i8")
        );
        // Where the king goes two squares, its castling is written as usual.
        let chess = Rules::chess();
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let castle = pos.parse_move("O-O").unwrap();
        assert_eq!(pos.uci(castle), "e1g1");
        assert_eq!(pos.parse_move("e1h1"), Some(castle));
    }

    #[test]
    fn many_royal_pieces() {
        // More royal pieces than the shortcut's list holds inline.
        let mut rules = Rules::chess();
        rules.castling = None;
        rules.start = "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1".into();
        let pos = Position::start(&rules).unwrap();
        assert_eq!(pos.legal_moves().len(), naive(&pos).len());
        assert_eq!(pos.perft(2), {
            pos.legal_moves()
                .into_iter()
                .map(|m| naive(&pos.play(m)).len() as u64)
                .sum::<u64>()
        });
    }
}

#[cfg(test)]
mod work {
    use super::*;
    use crate::rules::PieceDef;

    fn work(rules: &Rules) -> Result<(), String> {
        check_work(rules)
    }

    #[test]
    fn real_variants_pass_and_an_explosion_is_refused() {
        let text = include_str!("../tests/fairy/variants.ini");
        for rules in crate::ini::variants(text).unwrap() {
            assert!(work(&rules).is_ok(), "{}", rules.name);
        }
        assert!(work(&Rules::chess()).is_ok());
        // Chess on 16 x 16 with an amazon promoting: fine.
        let mut big = Rules::chess();
        big.geometry = Geometry::new(16, 16).unwrap();
        big.pieces.push(PieceDef::new('A', "amazon", "QN").unwrap());
        assert!(work(&big).is_ok());
        // Every leap as a rider, on 16 x 16, promoting to 40 kinds.
        let mut huge = big.clone();
        huge.pieces
            .push(PieceDef::new('X', "everything", "WWFFDDNNAAHHCCZZGG").unwrap());
        huge.promotion_pieces
            .extend(('B'..='Z').chain('a'..='p').take(40));
        let error = work(&huge).unwrap_err();
        assert!(
            error.contains("asks too much of move generation"),
            "{error}"
        );
        let start = Position::start(&huge).unwrap_err();
        assert!(start.message.contains("too much"), "{}", start.message);
    }
}
