//! Each kind's moves turned for each side, and the lines each side
//! captures along (rays: for attack tests, checks and pins), built once
//! per rule set from its pieces' atoms ([`Moves::of`]) for the
//! [`Tables`](crate::tables::Tables).

use crate::betza::Hop;
use crate::mailbox::{CAPTURE, PAD, QUIET, delta, lame_path};
use crate::rules::Rules;
use crate::types::Color;
use crate::walks::{FarWalk, Shape, Walk, Walks};

/// A vector of an atom, turned for `color` under `rules` (Black's forward
/// is down; its left is White's left, or with
/// [`Rules::black_rotated`] White's right).
pub(crate) fn turned(rules: &Rules, color: Color, (dx, dy): (i8, i8)) -> (i8, i8) {
    match color {
        Color::White => (dx, dy),
        Color::Black if rules.black_rotated => (-dx, -dy),
        Color::Black => (dx, -dy),
    }
}

/// A capture along such a vector: the kinds that have it, those that have
/// it from any square.
#[derive(Clone, Debug)]
pub(crate) struct FarRay {
    pub(crate) vector: (i8, i8),
    pub(crate) range: u8,
    pub(crate) kinds: u64,
    pub(crate) free: u64,
}

/// A capture by a plain leap: the kinds that have it, those of them that
/// have it from any square.
#[derive(Clone, Debug)]
pub(crate) struct LeapRay {
    pub(crate) delta: isize,
    pub(crate) kinds: u64,
    pub(crate) free: u64,
}

/// A line some kinds of piece capture along: `vector` (turned for their
/// side), lame or not; `range` the furthest any of them reaches
/// (`u8::MAX`: any distance, so that a walk stops at `k > range` alone),
/// `kinds` a bit per piece kind that captures along it, and how far each
/// reaches.
#[derive(Clone, Debug)]
pub(crate) struct Ray {
    pub(crate) vector: (i8, i8),
    pub(crate) delta: isize,
    pub(crate) range: u8,
    pub(crate) lame: bool,
    pub(crate) path: Vec<isize>,
    pub(crate) kinds: u64,
    pub(crate) reaches: Vec<Reach>,
    /// Only from and to cells on the diagonal lines.
    pub(crate) lines: bool,
}

/// The kinds that capture `range` steps along a ray (0: any), `free`
/// those of them that do so from any square (not only from their start
/// square).
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    pub(crate) range: u8,
    pub(crate) kinds: u64,
    pub(crate) free: u64,
}

/// A line some kinds of piece capture along by hopping: `delta` (turned
/// for their side), how they hop, and a bit per kind.
#[derive(Clone, Debug)]
pub(crate) struct HopRay {
    pub(crate) delta: isize,
    pub(crate) hop: Hop,
    pub(crate) kinds: u64,
    /// Only from and to cells on the diagonal lines.
    pub(crate) lines: bool,
    /// The most steps from the hopper to where it lands (0: any).
    pub(crate) range: u8,
}

/// Adds to `rays` the capture of `atom` (of piece kind `kind`) along
/// `vector`: a ray of its own, or one more kind and reach of the ray
/// already there.
fn add_ray(rays: &mut Vec<Ray>, vector: (i8, i8), atom: &crate::betza::Atom, kind: usize) {
    let ray = match rays
        .iter_mut()
        .find(|r| r.vector == vector && r.lame == atom.lame && r.lines == atom.lines)
    {
        Some(r) => r,
        None => {
            rays.push(Ray {
                vector,
                delta: delta(vector),
                range: atom.range,
                lame: atom.lame,
                path: if atom.lame {
                    lame_path(vector).into_iter().map(delta).collect()
                } else {
                    Vec::new()
                },
                kinds: 0,
                reaches: Vec::new(),
                lines: atom.lines,
            });
            rays.last_mut().expect("just pushed")
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

fn may(atom: &crate::betza::Atom) -> u8 {
    (if atom.moves { QUIET } else { 0 }) | if atom.captures { CAPTURE } else { 0 }
}

/// Each side's moves by kind of piece, and the lines along which they
/// attack, grouped for the search of attacks.
pub(crate) struct Moves {
    /// The moves of each kind within a cell's padding.
    pub(crate) atoms: [Vec<Walks>; 2],
    /// The lines of attack of captures within the padding.
    pub(crate) rays: [Vec<Ray>; 2],
    /// The lines of attack of hops.
    pub(crate) hop_rays: [Vec<HopRay>; 2],
    /// The moves of each kind beyond the padding.
    pub(crate) far: [Vec<Vec<FarWalk>>; 2],
    /// The lines of attack of captures beyond the padding.
    pub(crate) far_rays: [Vec<FarRay>; 2],
}

impl Moves {
    /// The moves of the pieces of `rules`, each side's turned its way;
    /// the kinds of `unattacking` (as bits) attack nothing.
    pub(crate) fn of(rules: &Rules, unattacking: u64) -> Moves {
        let mut atoms: [Vec<Walks>; 2] = [Vec::new(), Vec::new()];
        let mut rays: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
        let mut hop_rays: [Vec<HopRay>; 2] = [Vec::new(), Vec::new()];
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
                        .map(|&v| turned(rules, color, v))
                        .collect();
                    let paths = |v: (i8, i8)| -> Vec<isize> {
                        lame_path(v).into_iter().map(delta).collect()
                    };
                    for &v in vectors.iter().filter(|&&v| is_far(v)) {
                        far_walks.push(FarWalk {
                            vector: v,
                            range: atom.range,
                            may: may(atom),
                            initial: atom.initial,
                        });
                        if atom.captures && unattacking & (1 << kind) == 0 {
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
                            shape: Shape::of(atom),
                            delta: delta(v),
                            range: atom.range,
                            may: may(atom),
                            initial: atom.initial,
                            triple: atom.initial
                                && atom.leap == (3, 0)
                                && rules.triple_step_region.is_some(),
                            en_passant: atom.en_passant,
                            path: atom.lame.then(|| paths(v).into()),
                            lines: atom.lines,
                        });
                    }
                    if !atom.captures || unattacking & (1 << kind) != 0 {
                        continue;
                    }
                    if atom.hop != Hop::No {
                        for &v in &vectors {
                            let d = delta(v);
                            match hop_rays[side].iter_mut().find(|r| {
                                r.delta == d
                                    && r.hop == atom.hop
                                    && r.lines == atom.lines
                                    && r.range == atom.range
                            }) {
                                Some(r) => r.kinds |= 1 << kind,
                                None => hop_rays[side].push(HopRay {
                                    delta: d,
                                    hop: atom.hop,
                                    kinds: 1 << kind,
                                    lines: atom.lines,
                                    range: atom.range,
                                }),
                            }
                        }
                        continue;
                    }
                    for &vector in &vectors {
                        add_ray(&mut rays[side], vector, atom, kind);
                    }
                }
                atoms[side].push(Walks::new(walks));
                far[side].push(far_walks);
            }
        }
        // Built with 0 for any distance; walks compare with the furthest.
        for ray in rays.iter_mut().flatten().filter(|r| r.range == 0) {
            ray.range = u8::MAX;
        }
        Moves {
            atoms,
            rays,
            hop_rays,
            far,
            far_rays,
        }
    }

    /// Each side's kinds (as bits) that only leap.
    pub(crate) fn leapers(&self) -> [u64; 2] {
        let Moves { atoms, far, .. } = self;
        [0, 1].map(|side: usize| {
            (0..atoms[side].len())
                .filter(|&kind| {
                    far[side][kind].is_empty()
                        && atoms[side][kind].all.iter().all(|w| w.shape == Shape::Leap)
                })
                .fold(0u64, |acc, kind| acc | 1 << kind)
        })
    }

    /// Whether a side's captures may be uncovered or blocked along their
    /// way: a lame or far reaching one, or a hop's (a hop's capture is
    /// uncovered, and made, by a piece moving onto its line as well as
    /// off it: every move is tried against it).
    pub(crate) fn lame_captures(&self) -> [bool; 2] {
        let Moves {
            rays,
            far_rays,
            hop_rays,
            ..
        } = self;
        [0, 1].map(|s: usize| {
            rays[s].iter().any(|r| r.lame)
                || far_rays[s].iter().any(|r| r.range != 1)
                || !hop_rays[s].is_empty()
        })
    }

    /// Each side's rays split: the leaps of one step, and the lines.
    pub(crate) fn split_rays(&self) -> ([Vec<LeapRay>; 2], [Vec<Ray>; 2]) {
        let rays = &self.rays;
        let leap_ray = |r: &Ray| r.range == 1 && !r.lame && !r.lines;
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
        (leap_rays, line_rays)
    }
}
