//! A piece's moves as walks, worked out once per rule set for the mailbox
//! ([`crate::tables::Tables::atoms`]): each walk's shape (a plain leap, a
//! slide to the first piece, a walk with conditions, a hop, a walk along
//! janggi's palace lines), a kind's walks grouped by shape so that the
//! one walk of `movegen` goes through each group with no test of its
//! shape, and the moves longer than the mailbox's border is wide.

use crate::betza::Hop;

/// How a walk goes, for the one walk that generates and counts moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// One step, no condition (but en passant): one square to look at.
    Leap,
    /// To the edge or the first piece, moving and capturing, no condition.
    Slide,
    /// Anything else: a range, a lame path, the start square, en passant
    /// along a line, moves only or captures only along a line.
    Ride,
    /// A hop over a piece ([`Hop`]).
    Hop(Hop),
    /// Along the diagonal lines only ([`Atom::lines`](crate::betza::Atom::lines)),
    /// a step or a slide (not a hop).
    Lines,
}

/// One direction of one kind of move of a kind of piece, turned for one
/// side: the cells walked `range` times (0: to the edge or the first
/// piece).
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    pub(crate) shape: Shape,
    pub(crate) delta: isize,
    pub(crate) range: u8,
    /// Whether it moves ([`QUIET`](crate::mailbox::QUIET)) and captures ([`CAPTURE`](crate::mailbox::CAPTURE)): a bit
    /// each, to mask what a cell [`offers`](crate::mailbox::offers).
    pub(crate) may: u8,
    pub(crate) initial: bool,
    /// An `i` move of three squares, made from the triple-step region
    /// ([`Rules::triple_step_region`](crate::Rules::triple_step_region)).
    pub(crate) triple: bool,
    pub(crate) en_passant: bool,
    /// For a lame leap: the cells it passes, which must be empty.
    pub(crate) path: Option<Box<[isize]>>,
    /// Only from and to cells on the diagonal lines ([`Atom::lines`]).
    pub(crate) lines: bool,
}

/// The walks of a kind of piece for one side: its leaps first, then its
/// slides, then the rest (each group in the rule set's order), so that
/// the walk goes through each group with no test of its shape.
#[derive(Clone, Debug)]
pub(crate) struct Walks {
    pub(crate) all: Vec<Walk>,
    /// Where its leaps end, and its slides.
    leaps: usize,
    slides: usize,
}

impl Walks {
    pub(crate) fn new(mut all: Vec<Walk>) -> Walks {
        all.sort_by_key(|w| match w.shape {
            Shape::Leap => 0,
            Shape::Slide => 1,
            Shape::Ride | Shape::Hop(_) | Shape::Lines => 2,
        });
        let leaps = all.iter().filter(|w| w.shape == Shape::Leap).count();
        let slides = leaps + all.iter().filter(|w| w.shape == Shape::Slide).count();
        Walks { all, leaps, slides }
    }

    #[inline(always)]
    pub(crate) fn leaps(&self) -> &[Walk] {
        &self.all[..self.leaps]
    }

    #[inline(always)]
    pub(crate) fn slides(&self) -> &[Walk] {
        &self.all[self.leaps..self.slides]
    }

    /// The walks with conditions, and hops.
    #[inline(always)]
    pub(crate) fn rest(&self) -> &[Walk] {
        &self.all[self.slides..]
    }
}

/// A move along a vector longer than the border is wide (a CustomChessKell
/// `Jump` of up to 15 squares): its destinations found by coordinates.
#[derive(Clone, Debug)]
pub(crate) struct FarWalk {
    pub(crate) vector: (i8, i8),
    pub(crate) range: u8,
    /// As [`Walk::may`].
    pub(crate) may: u8,
    pub(crate) initial: bool,
}

impl Shape {
    /// The shape of a walk along one of `atom`'s vectors (one within the
    /// mailbox's border).
    pub(crate) fn of(atom: &crate::betza::Atom) -> Shape {
        let plain = !atom.initial && !atom.lame;
        if atom.hop != Hop::No {
            Shape::Hop(atom.hop)
        } else if atom.lines {
            Shape::Lines
        } else if plain && atom.range == 1 {
            Shape::Leap
        } else if plain && atom.range == 0 && atom.moves && atom.captures && !atom.en_passant {
            Shape::Slide
        } else {
            Shape::Ride
        }
    }
}
