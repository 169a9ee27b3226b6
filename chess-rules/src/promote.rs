//! Shogi-style promotion ([`PieceDef::promotes_to`](crate::PieceDef)):
//! which moves of a piece may or must turn it into its promoted piece (or,
//! with demotion, back), as Fairy-Stockfish has them. A promoted piece is
//! a piece of the kind it promoted to, marked promoted with the kind it
//! was (`State::unpromoted`): `make` keeps the mark. (Where a piece could
//! never move again, [`Rules::immobility_illegal`], is in `tables`.)

use crate::mailbox::{CELLS, WORDS};
use crate::rules::{PiecePromotion, Rules};
use crate::types::{Effect, Move};

/// A rule set's shogi-style promotions, by kind.
#[derive(Debug)]
pub(crate) struct Promoting {
    /// What each kind promotes to, if it does.
    pub(crate) to: Vec<Option<u8>>,
    pub(crate) rule: PiecePromotion,
    /// Pieces may be dropped promoted ([`Drops::promoted`](crate::Drops)).
    pub(crate) drops: bool,
    /// A bit per kind that is a piece moving as a pawn but not the pawn
    /// itself (a custom piece written `p`): with nothing to promote to as
    /// a pawn, it promotes shogi-style as any piece does, staying as it is
    /// if it will (Fairy-Stockfish's custom pawns), where the pawn itself
    /// must promote in its zone.
    pub(crate) like_pawns: u64,
}

impl Promoting {
    /// The rule set's promotions, if any piece promotes shogi-style.
    pub(crate) fn new(rules: &Rules) -> Option<Promoting> {
        let to: Vec<Option<u8>> = (rules.pieces.iter().take(64))
            .map(|p| p.promotes_to.and_then(|l| rules.index(l)).map(|k| k as u8))
            .collect();
        let like_pawns = (rules.pieces.iter().take(64).enumerate())
            .filter(|(_, p)| p.is_pawn() && !p.is_the_pawn())
            .fold(0, |bits, (k, _)| bits | 1 << k);
        to.iter().any(Option::is_some).then(|| Promoting {
            to,
            rule: rules.piece_promotion,
            drops: rules.drops.as_ref().is_some_and(|d| d.promoted),
            like_pawns,
        })
    }

    /// A bit per kind whose moves may promote or demote: those that
    /// promote, and (with demotion) those promoted pieces are.
    pub(crate) fn kinds(&self) -> u64 {
        let mut bits = 0u64;
        for (kind, to) in self.to.iter().enumerate() {
            if let Some(to) = to {
                bits |= 1 << kind;
                if self.rule.demotion {
                    bits |= 1 << to;
                }
            }
        }
        bits
    }
}

/// What a piece's move may do beside going there, worked out for its
/// square before its moves are listed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    /// What it may promote to.
    pub(crate) up: Option<u8>,
    /// What it may demote to (the kind it was).
    pub(crate) down: Option<u8>,
    pub(crate) rule: PiecePromotion,
    /// Its square is in its side's zone.
    pub(crate) from_zone: bool,
}

impl Change {
    /// The changes open to the piece of `kind` on `from` (`was`: the kind
    /// it was plus one, if it is promoted shogi-style), if any.
    pub(crate) fn of(p: &Promoting, kind: usize, was: u8, from_zone: bool) -> Option<Change> {
        let up = p.to.get(kind).copied().flatten();
        let down = (p.rule.demotion && was != 0).then(|| was - 1);
        (up.is_some() || down.is_some()).then_some(Change {
            up,
            down,
            rule: p.rule,
            from_zone,
        })
    }

    /// The moves of a piece (not a pawn) to `to`: promoting or demoting
    /// where it may, and as itself where it need not change.
    pub(crate) fn moves(self, m: Move, to_zone: bool, capture: bool, out: &mut Vec<Move>) {
        let zone = self.from_zone || to_zone;
        if zone && (!self.rule.on_capture || capture) {
            if let Some(up) = self.up {
                out.push(Move {
                    promotion: Some(up),
                    kind: Effect::Promote,
                    ..m
                });
            }
            if let Some(down) = self.down {
                out.push(Move {
                    promotion: Some(down),
                    kind: Effect::Demote,
                    ..m
                });
            }
        }
        if !self.rule.mandatory || !zone || (self.rule.on_capture && !capture) {
            out.push(m);
        }
    }

    /// A pawn's promotion to its promoted piece on `to`, in its zone, if
    /// it may (Fairy-Stockfish's pawn: it must promote there).
    pub(crate) fn pawn(self, m: Move, capture: bool) -> Option<Move> {
        let up = self.up.filter(|_| !self.rule.on_capture || capture)?;
        Some(Move {
            promotion: Some(up),
            kind: Effect::Promote,
            ..m
        })
    }
}

/// What each piece promoted shogi-style was, its kind plus one by cell
/// (0 for none), held only once a piece has promoted so: a position of
/// chess carries none (its state is copied at every node of a search).
#[derive(Clone, Debug, Default)]
pub(crate) struct Unpromoted(Option<Box<[u8; CELLS]>>);

impl Unpromoted {
    /// What the piece on `c` was, plus one (0: nothing recorded).
    #[inline]
    pub(crate) fn get(&self, c: usize) -> u8 {
        self.0.as_ref().map_or(0, |cells| cells[c])
    }

    /// Records `was` for the cell `c`.
    #[inline]
    pub(crate) fn set(&mut self, c: usize, was: u8) {
        if was != 0 || self.0.is_some() {
            self.0.get_or_insert_with(|| Box::new([0; CELLS]))[c] = was;
        }
    }
}

/// The kind a piece marked promoted on `c` was, plus one (0: promoted as
/// chess's pawns are, or not promoted).
#[inline]
pub(crate) fn was(promoted: &[u64; WORDS], unpromoted: &Unpromoted, c: usize) -> u8 {
    if promoted[c / 64] & (1 << (c % 64)) != 0 {
        unpromoted.get(c)
    } else {
        0
    }
}
