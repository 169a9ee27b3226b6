//! Why a move from one square to another is not legal, as data
//! ([`Rejection`]): the game is over, no piece or the other side's, a
//! square of its own, not a move of the piece (with its moves in words),
//! a blocker, a hop without the piece to hop over, the start square, the
//! promotion, a royal piece left attacked or blown up by its own side's
//! capture, a capture of a piece's own kind where the kind is immune to
//! itself, a square outside the piece's region, generals left facing
//! each other, a royal piece in check that
//! does not capture where it may only capture, a check the rules forbid, a capture they compel; and why a
//! drop is not (no such piece in hand, a piece on the square, a pawn's
//! rank). The verifier words it.

use crate::betza::Hop;
use crate::cambodian::LeapRefused;
use crate::geometry::Square;
use crate::mailbox::{cell_of, encode};
use crate::position::Position;
use crate::position::back_rank;
use crate::rays::turned;
use crate::sittuyin::PromotionRefused;
use crate::types::{Effect, EndRule, Move, Piece};

/// Why a move from one square to another is not legal, as data (the
/// verifier words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over.
    GameOver(EndRule),
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
    /// The piece goes along that line only by hopping, and the pieces
    /// between do not let it: a hop over one piece ([`Hop::Over`]) with
    /// none or several between, a hop to just beyond a piece
    /// ([`Hop::Beyond`]) with none right before the square or others
    /// before it.
    Hop {
        /// The piece.
        piece: Piece,
        /// How it hops.
        hop: Hop,
        /// The squares between with a piece on them, nearest first.
        between: Vec<Square>,
    },
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
    /// The move gives check, and the rules allow none (racing kings).
    GivesCheck,
    /// The royal piece is in check and the move captures nothing, and the
    /// rules let it only capture then ([`Rules::makpong`](crate::Rules::makpong)).
    Makpong(Piece),
    /// The move captures nothing, and a capture is compulsory (antichess):
    /// one the side to move has.
    MustCapture(Move),
    /// The side to move holds pieces in hand, which it must drop before
    /// it moves one on the board ([`Rules::must_drop`](crate::Rules::must_drop));
    /// or one of the kind that must be dropped first, before any other
    /// ([`Drops::must_drop_kind`](crate::Drops::must_drop_kind)).
    MustDrop,
    /// Where captures explode ([`Rules::blast`](crate::Rules::blast)):
    /// the capture blows up a royal piece of the side to move.
    BlowsUp {
        /// The royal piece's square before the move.
        royal: Square,
    },
    /// The piece may not capture one of its own kind
    /// ([`Rules::mutually_immune`](crate::Rules::mutually_immune)).
    MutuallyImmune(Piece),
    /// The square is outside the region the piece is kept to
    /// ([`PieceDef::mobility`](crate::PieceDef::mobility): xiangqi's
    /// palace).
    OutOfRegion(Piece),
    /// The move leaves the royal piece on `royal` facing the other side's
    /// on `other` along the file with nothing between
    /// ([`Rules::flying_general`](crate::Rules::flying_general)).
    FacesRoyal {
        /// The royal piece's square after the move.
        royal: Square,
        /// The other side's royal piece it faces.
        other: Square,
    },
    /// The move leaves a royal piece of the side to move attacked.
    LeavesRoyalAttacked {
        /// The royal piece's square after the move.
        royal: Square,
        /// A piece that attacks it then.
        by: Square,
    },
    /// A drop's square is off the board.
    OffBoard,
    /// The side to move has no piece of the kind in hand.
    NotInHand(Piece),
    /// A piece stands on the square a drop names.
    DropOnto(Piece),
    /// A pawn may not be dropped there: on its side's first rank
    /// (`first_rank`), or in its promotion zone.
    PawnDrop {
        /// The pawn.
        piece: Piece,
        /// The square is on its side's first rank (else in its zone).
        first_rank: bool,
    },
    /// The square is outside the region where its side drops.
    DropRegion(Piece),
    /// The piece may not be dropped promoted: it promotes to nothing, or
    /// the rule set drops no piece promoted
    /// ([`Drops::promoted`](crate::Drops::promoted)).
    NotDroppedPromoted(Piece),
    /// The piece would stand where it could never move again
    /// ([`Rules::immobility_illegal`](crate::Rules::immobility_illegal)):
    /// moved there, it must promote; it may not be dropped there.
    Stranded(Piece),
    /// The piece must promote (or, promoted, demote) on this move
    /// ([`PiecePromotion::mandatory`](crate::PiecePromotion::mandatory)):
    /// into or within its promotion zone it may not stay as it is.
    MustPromote(Piece),
    /// The piece may not be dropped on a file where its side has `count`
    /// of it (shogi's nifu: a pawn on a file with one).
    Doubled {
        /// The piece.
        piece: Piece,
        /// How many of it its side may not have on the file.
        count: u8,
    },
    /// The promotion is to a kind its side already has as many of as the
    /// rule set allows ([`PieceDef::promotion_limit`](crate::PieceDef::promotion_limit):
    /// grand chess's one queen).
    PromotionLimit {
        /// The kind promoted to.
        kind: u8,
        /// How many of it a side may have for a promotion to it.
        limit: u8,
    },
    /// The drop would leave a side's bishops on squares of one colour
    /// ([`Drops::opposite_bishops`](crate::Drops::opposite_bishops):
    /// placement chess): a bishop to a colour that has its share of them,
    /// or another piece to the last square of a colour a bishop in hand
    /// needs.
    BishopColours(Piece),
    /// The drop's square is not one where the rule set's drops must go
    /// ([`Drops::enclosing`](crate::Drops::enclosing): reversi's enclosing
    /// pieces, ataxx's beside its own, …); or, `start`, the start's
    /// squares are still open ([`Drops::enclosing_start`](crate::Drops::enclosing_start))
    /// and it is not one of them.
    NotEnclosing {
        /// The piece dropped.
        piece: Piece,
        /// The drops go to the start's squares yet.
        start: bool,
    },
    /// A rook dropped off its side's first rank
    /// ([`Drops::rooks_on_first_rank`](crate::Drops::rooks_on_first_rank):
    /// sittuyin).
    RookOffFirstRank(Piece),
    /// A sittuyin promotion ([`Rules::sittuyin_promotion`](crate::Rules::sittuyin_promotion))
    /// that may not be made.
    SittuyinPromotion {
        /// The pawn.
        piece: Piece,
        /// Why not.
        why: PromotionRefused,
    },
    /// A first leap of Cambodian chess ([`Rules::cambodian_moves`](crate::Rules::cambodian_moves):
    /// a king's like a knight one rank forward, a fers's two squares
    /// forward) that may not be made here.
    FirstLeap {
        /// The piece.
        piece: Piece,
        /// Why not.
        why: LeapRefused,
    },
}

/// Whether `piece` is a pawn of `pos`'s rule set.
fn def_is_pawn(pos: &Position<'_>, piece: Piece) -> bool {
    pos.rules.pieces[usize::from(piece.kind)].pawn[piece.color.index()]
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
        if crate::legality::must_drop(self.rules, &self.tables, &self.s) {
            return Some(Rejection::MustDrop);
        }
        if let Some(kind) =
            promotion.filter(|_| self.rules.sittuyin_promotion && def_is_pawn(self, piece))
        {
            return Some(self.sittuyin_refused(piece, from, to, kind, &legal));
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
                Some(m) => self.pseudo_legal_refused(**m, &legal),
                // (A piece that promotes shogi-style, moving as itself
                // where it must promote or demote.)
                None if promotion.is_none()
                    && goes
                        .iter()
                        .all(|m| matches!(m.kind, Effect::Promote | Effect::Demote)) =>
                {
                    Rejection::MustPromote(piece)
                }
                None => match promotion.and_then(|kind| Some((kind, self.limit_reached(kind)?))) {
                    Some((kind, limit)) => Rejection::PromotionLimit { kind, limit },
                    None => Rejection::Promotion,
                },
            });
        }
        if let Some(why) = crate::cambodian::refused(self, piece, from, to) {
            return Some(Rejection::FirstLeap { piece, why });
        }
        Some(self.walk_refused(piece, from, to, target))
    }

    /// Why sittuyin's promotion of the pawn on `from` to `kind` on `to`
    /// is not legal (`legal`: the position's legal moves).
    fn sittuyin_refused(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        kind: u8,
        legal: &[Move],
    ) -> Rejection {
        if let Some(limit) = self.limit_reached(kind) {
            return Rejection::PromotionLimit { kind, limit };
        }
        let m = Move::promoting(from, to, kind);
        // (The check it gives, played here.)
        let refused = crate::sittuyin::refused(self.rules, &self.tables, &self.s, from, to, kind)
            .or_else(|| {
                self.play(m)
                    .is_check()
                    .then_some(PromotionRefused::GivesCheck)
            });
        match refused {
            Some(why) => Rejection::SittuyinPromotion { piece, why },
            // (A promotion it may make: it leaves a royal piece attacked.)
            None => self.pseudo_legal_refused(m, legal),
        }
    }

    /// Which of the moves of `piece`, on `from`, could reach `to` (where
    /// `target` stands), and what stops it: a reason naming a blocker, or
    /// the pieces a hop needs, before a general one.
    fn walk_refused(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        target: Option<Piece>,
    ) -> Rejection {
        let def = &self.rules.pieces[piece.kind as usize];
        let mut best: Option<Rejection> = None;
        let lines = self.rules.diagonal_lines;
        for atom in &def.atoms {
            // (A move along the palace's lines is none elsewhere.)
            if atom.lines && !(lines.contains(from) && lines.contains(to)) {
                continue;
            }
            for &v in &atom.vectors {
                let Some(reason) = self.vector_refused(piece, atom, v, from, to, target) else {
                    continue;
                };
                // A reason that names a blocker, or the pieces a hop
                // needs, beats a general one.
                if best.is_none()
                    || matches!(reason, Rejection::Blocked { .. } | Rejection::Hop { .. })
                {
                    best = Some(reason);
                }
            }
        }
        best.unwrap_or(Rejection::NotAMove {
            piece,
            moves: def.describe(),
        })
    }

    /// What stops `piece` on `from` reaching `to` along `v`, a vector of
    /// `atom`, if `v` leads there at all (`target`: what stands on `to`).
    fn vector_refused(
        &self,
        piece: Piece,
        atom: &crate::betza::Atom,
        v: (i8, i8),
        from: Square,
        to: Square,
        target: Option<Piece>,
    ) -> Option<Rejection> {
        let g = self.geometry();
        let def = &self.rules.pieces[piece.kind as usize];
        let (dx, dy) = turned(self.rules, piece.color, v);
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
            return None;
        }
        if atom.range != 0 && k > i16::from(atom.range) {
            return None;
        }
        let between: Vec<Square> = (1..k)
            .filter_map(|j| g.offset(from, dx * j as i8, dy * j as i8))
            .filter(|&s| self.piece_at(s).is_some())
            .collect();
        let hops = match atom.hop {
            Hop::No => true,
            Hop::Over => between.len() == 1,
            Hop::Unlike => {
                let own = |s: Square| self.piece_at(s).is_some_and(|p| p.kind == piece.kind);
                between.len() == 1 && !own(between[0]) && !own(to)
            }
            Hop::Beyond => {
                between.len() == 1 && g.offset(to, -dx, -dy).is_some_and(|s| between[0] == s)
            }
        };
        Some(if !hops {
            Rejection::Hop {
                piece,
                hop: atom.hop,
                between,
            }
        } else if atom.initial && !self.on_start_square(from, piece) {
            Rejection::NotFromStart(piece)
        } else if atom.hop != Hop::No {
            if target.is_some() && !atom.captures {
                Rejection::CannotCapture(piece)
            } else if target.is_none() && !atom.moves {
                Rejection::OnlyCaptures(piece)
            } else {
                return None;
            }
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
            return None;
        })
    }

    /// Why putting a piece of `kind` from the hand of the side to move on
    /// `to` (`promoted`: as the piece it promotes to,
    /// [`Drops::promoted`](crate::Drops::promoted)) is not legal
    /// ([`Rules::drops`](crate::Rules::drops)), or `None` if it is.
    ///
    /// ```
    /// use chess_rules::{Position, Rejection, Square, ini};
    ///
    /// let loop_chess = ini::builtin("loop").unwrap().unwrap();
    /// let pos = Position::from_fen(&loop_chess, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    /// let pawn = loop_chess.index('P').unwrap() as u8;
    /// let knight = loop_chess.index('N').unwrap() as u8;
    /// let sq = |s| Square::parse(s).unwrap();
    /// assert_eq!(pos.why_not_drop(pawn, sq("e4"), false), None);
    /// assert!(matches!(pos.why_not_drop(pawn, sq("e8"), false), Some(Rejection::DropOnto(_))));
    /// assert!(matches!(pos.why_not_drop(pawn, sq("d8"), false), Some(Rejection::PawnDrop { first_rank: false, .. })));
    /// assert!(matches!(pos.why_not_drop(knight, sq("e4"), false), Some(Rejection::NotInHand(_))));
    /// assert!(matches!(pos.why_not_drop(pawn, sq("e4"), true), Some(Rejection::NotDroppedPromoted(_))));
    /// ```
    pub fn why_not_drop(&self, kind: u8, to: Square, promoted: bool) -> Option<Rejection> {
        let up = (self.rules.pieces.get(usize::from(kind)))
            .and_then(|def| def.promotes_to)
            .and_then(|l| self.rules.index(l))
            .map(|k| k as u8);
        let m = Move {
            from: to,
            to,
            promotion: if promoted { up } else { None },
            kind: Effect::Drop { kind },
            wall: None,
            gate: None,
        };
        let legal = self.legal_moves();
        if (!promoted || up.is_some()) && legal.contains(&m) {
            return None;
        }
        if legal.is_empty() {
            return Some(Rejection::GameOver(self.outcome()?));
        }
        let piece = Piece {
            color: self.s.turn,
            kind,
        };
        if !self.geometry().contains(to) {
            return Some(Rejection::OffBoard);
        }
        let free = self.rules.drops.as_ref().is_some_and(|d| d.free);
        if self.in_hand(self.s.turn, kind) == 0 && !free {
            return Some(Rejection::NotInHand(piece));
        }
        // (Where one kind must be dropped first, another waits while its
        // side holds one.)
        if let Some(first) = self.tables.must_drop_kind
            && first != usize::from(kind)
            && self.s.hands[self.s.turn.index()]
                .get(first)
                .is_some_and(|&n| n > 0)
        {
            return Some(Rejection::MustDrop);
        }
        if promoted && (up.is_none() || !self.rules.drops.as_ref().is_some_and(|d| d.promoted)) {
            return Some(Rejection::NotDroppedPromoted(piece));
        }
        if let Some(occupant) = self.piece_at(to) {
            return Some(Rejection::DropOnto(occupant));
        }
        let drops = self.rules.drops.as_ref()?;
        let side = self.s.turn.index();
        if self
            .tables
            .stuck_on(self.s.turn, m.promotion.unwrap_or(kind), to)
        {
            let placed = Piece {
                color: self.s.turn,
                kind: m.promotion.unwrap_or(kind),
            };
            return Some(Rejection::Stranded(placed));
        }
        if drops.regions[side].is_some_and(|r| !r.contains(to)) {
            return Some(Rejection::DropRegion(piece));
        }
        if drops.rooks_on_first_rank
            && self.rules.pieces[usize::from(kind)].name == "rook"
            && to.rank != back_rank(self.geometry(), self.s.turn)
        {
            return Some(Rejection::RookOffFirstRank(piece));
        }
        let first_rank = to.rank == back_rank(self.geometry(), self.s.turn);
        let in_zone = self.rules.promotion_region[side].contains(to);
        if self.rules.pieces[usize::from(kind)].is_the_pawn()
            && ((first_rank && !drops.pawns_on_first_rank) || (in_zone && !drops.pawns_in_zone))
        {
            return Some(Rejection::PawnDrop { piece, first_rank });
        }
        if crate::movegen::doubled_files(&self.tables, &self.s, usize::from(kind))
            .contains(&usize::from(to.file))
        {
            let count = self.tables.no_doubled.map_or(1, |(_, count)| count);
            return Some(Rejection::Doubled { piece, count });
        }
        let mut cell = [0u64; crate::mailbox::WORDS];
        let c = cell_of(to);
        cell[c / 64] = 1 << (c % 64);
        crate::placement::restrict(&self.tables, &self.s, usize::from(kind), &mut cell);
        if cell[c / 64] == 0 {
            return Some(Rejection::BishopColours(piece));
        }
        crate::enclosing::restrict(&self.tables, &self.s, &mut cell);
        if cell[c / 64] == 0 {
            let start = crate::enclosing::open_start(&self.tables, &self.s).is_some();
            return Some(Rejection::NotEnclosing { piece, start });
        }
        Some(self.pseudo_legal_refused(m, &legal))
    }

    /// Why `m`, pseudo-legal and not legal, is refused: it leaves a royal
    /// piece attacked, gives a check the rules forbid, or a capture is
    /// compulsory (the first of `legal` is one).
    fn pseudo_legal_refused(&self, m: Move, legal: &[Move]) -> Rejection {
        let moving = self.s.cells[cell_of(m.from)];
        // (A drop's square is empty: its region is in its drop squares.)
        if !matches!(m.kind, Effect::Drop { .. }) && !self.tables.may_go(moving, cell_of(m.to)) {
            return Rejection::OutOfRegion(self.piece_at(m.from).expect("a move's piece"));
        }
        if crate::blast::immune_capture(&self.tables, &self.s.cells, m) {
            let piece = self.piece_at(m.from).expect("a capture's piece");
            return Rejection::MutuallyImmune(piece);
        }
        if crate::legality::strands(&self.tables, &self.s, m) {
            return Rejection::Stranded(self.piece_at(m.from).expect("a move's piece"));
        }
        let mut safe = Vec::new();
        crate::legality::safe_moves(self.rules, &self.tables, &self.s, &mut safe);
        // (Under bikjang, a move that leaves the generals facing.)
        if !safe.contains(&m) || crate::passing::bikjang(self.rules, &self.tables, &self.s) {
            self.blown_up(m).map_or_else(
                || self.attacked_after(m),
                |royal| Rejection::BlowsUp { royal },
            )
        } else if (!self.rules.checks
            || (matches!(m.kind, Effect::Drop { .. })
                && self.rules.drops.as_ref().is_some_and(|d| d.no_checks)))
            && self.play(m).is_check()
        {
            Rejection::GivesCheck
        } else if self.rules.makpong
            && self.is_check()
            && self.is_royal(m.from)
            && !crate::mailbox::captures(&self.s.cells, m)
        {
            Rejection::Makpong(self.piece_at(m.from).expect("a move's piece"))
        } else {
            // Forbidden by neither of those: a capture is compulsory, and
            // the legal moves are captures.
            Rejection::MustCapture(legal[0])
        }
    }

    /// The square of a royal piece of the side to move that the capture
    /// `m` blows up, if it blows one up.
    fn blown_up(&self, m: Move) -> Option<Square> {
        crate::blast::blast_at(&self.tables, &self.s.cells, m)?;
        let after = self.play(m);
        self.geometry().squares().find(|&sq| {
            let now = if sq == m.from { m.to } else { sq };
            self.piece_at(sq).is_some_and(|p| p.color == self.s.turn)
                && self.is_royal(sq)
                && after.piece_at(now).is_none()
        })
    }

    /// The royal piece a pseudo-legal move leaves attacked, and by what.
    fn attacked_after(&self, m: Move) -> Rejection {
        let after = self.play(m);
        let g = self.geometry();
        for royal in g.squares() {
            let Some(p) = after.piece_at(royal) else {
                continue;
            };
            if p.color != self.s.turn || !after.is_royal(royal) {
                continue;
            }
            if let Some(by) = g.squares().find(|&by| {
                after.piece_at(by).is_some_and(|q| q.color != self.s.turn)
                    && after.attacks_from(by, royal)
            }) {
                return Rejection::LeavesRoyalAttacked { royal, by };
            }
            let t = &after.tables;
            if (t.flying_general || crate::passing::bikjang(self.rules, t, &self.s))
                && let Some(other) = t.facing(&after.s.cells, cell_of(royal), !self.s.turn)
            {
                let other = t.square_of[other];
                return Rejection::FacesRoyal { royal, other };
            }
        }
        // Not reached for a move that is pseudo-legal and not legal.
        Rejection::Promotion
    }

    /// The limit on promotions to `kind`, if the side to move has reached
    /// it.
    fn limit_reached(&self, kind: u8) -> Option<u8> {
        let limit = self.rules.pieces.get(usize::from(kind))?.promotion_limit?;
        (self.count(self.s.turn, kind) >= u32::from(limit)).then_some(limit)
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
    use crate::betza::Hop;
    use crate::{Position, Rejection, Square, ini};

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    /// A hop without the piece to hop over, or with others in the way, is
    /// the reason, naming the pieces between.
    #[test]
    fn a_hop_needs_its_piece_to_hop_over() {
        let text = "[hops:chess]\ncustomPiece1 = c:mRcpR\ncustomPiece2 = g:gB\n\
                    customPiece3 = a:mpR\ncustomPiece4 = d:cpR\ncustomPiece5 = h:mgB\n\
                    startFen = rnbqkbnr/pppppppp/1c4c1/8/8/1CG3C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
        let rules = ini::variants(text).unwrap().remove(0);
        let pos = Position::start(&rules).unwrap();
        let piece = |at: &str| pos.piece_at(sq(at)).unwrap();
        let hop = |from: &str, to: &str| pos.why_not(sq(from), sq(to), None);
        let (cannon, grasshopper) = (piece("b3"), piece("c3"));
        let over = |between: &[&str]| {
            Some(Rejection::Hop {
                piece: cannon,
                hop: Hop::Over,
                between: between.iter().map(|s| sq(s)).collect(),
            })
        };
        // No piece to take over, or two.
        assert_eq!(hop("b3", "b6"), over(&[]));
        assert_eq!(hop("b3", "b8"), over(&["b6", "b7"]));
        assert_eq!(hop("b3", "b7"), None);
        assert_eq!(hop("b3", "b5"), None);
        // A grasshopper lands just beyond a piece: along a diagonal with
        // none, with one not next to the square, down towards a1.
        let beyond = |between: &[&str]| {
            Some(Rejection::Hop {
                piece: grasshopper,
                hop: Hop::Beyond,
                between: between.iter().map(|s| sq(s)).collect(),
            })
        };
        assert_eq!(hop("c3", "e5"), beyond(&[]));
        assert_eq!(hop("c3", "g7"), beyond(&[]));
        assert_eq!(hop("c3", "h8"), None);
        let fen = "4k3/8/8/8/3P4/2G5/8/4K3 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).unwrap();
        let hurdle = vec![sq("d4")];
        assert!(
            matches!(pos.why_not(sq("c3"), sq("f6"), None), Some(Rejection::Hop { between, .. }) if between == hurdle)
        );
        assert_eq!(pos.why_not(sq("c3"), sq("e5"), None), None);
        assert!(matches!(
            pos.why_not(sq("c3"), sq("a1"), None),
            Some(Rejection::Hop { hop: Hop::Beyond, between, .. }) if between.is_empty()
        ));
        // (A hurdle two squares on, along a diagonal of four.)
        let pos = Position::from_fen(&rules, "4k3/8/8/8/8/2P5/8/G3K3 w - - 0 1").unwrap();
        assert!(matches!(
            pos.why_not(sq("a1"), sq("e5"), None),
            Some(Rejection::Hop { between, .. }) if between == vec![sq("c3")]
        ));
        // A grasshopper that only moves lands beyond its hurdle, and takes
        // nothing there.
        let pos = Position::from_fen(&rules, "4k3/8/8/4p3/3P4/2H5/8/4K3 w - - 0 1").unwrap();
        let grasshopper = pos.piece_at(sq("c3")).unwrap();
        assert_eq!(
            pos.why_not(sq("c3"), sq("e5"), None),
            Some(Rejection::CannotCapture(grasshopper))
        );
        // Over the piece, and still not a move of the hop: a hop that only
        // moves takes nothing; one that only takes goes to no empty square
        // (a cannon's slide is blocked there).
        let fen = "4k3/1p6/8/8/1P6/1A6/7C/4K3 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).unwrap();
        let mover = pos.piece_at(sq("b3")).unwrap();
        assert_eq!(
            pos.why_not(sq("b3"), sq("b7"), None),
            Some(Rejection::CannotCapture(mover))
        );
        assert_eq!(pos.why_not(sq("b3"), sq("b5"), None), None);
        // A pawn's double step from other than its start square.
        let chess = crate::Rules::chess();
        let pos = Position::from_fen(&chess, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1").unwrap();
        let pawn = pos.piece_at(sq("e3")).unwrap();
        assert_eq!(
            pos.why_not(sq("e3"), sq("e5"), None),
            Some(Rejection::NotFromStart(pawn))
        );
        let fen = "4k3/8/8/8/8/7P/7D/4K3 w - - 0 1";
        let pos = Position::from_fen(&rules, fen).unwrap();
        let taker = pos.piece_at(sq("h2")).unwrap();
        assert_eq!(
            pos.why_not(sq("h2"), sq("h5"), None),
            Some(Rejection::OnlyCaptures(taker))
        );
    }

    /// The royal piece a pinned piece's move leaves attacked is named,
    /// not another piece of the side that is attacked too (the knight on
    /// b1 comes first on the board).
    #[test]
    fn the_royal_piece_left_attacked_is_named() {
        let chess = crate::Rules::chess();
        let pos = Position::from_fen(&chess, "1r2k3/8/8/q7/8/8/3B4/1N2K3 w - - 0 1").unwrap();
        assert_eq!(
            pos.why_not(sq("d2"), sq("e3"), None),
            Some(Rejection::LeavesRoyalAttacked {
                royal: sq("e1"),
                by: sq("a5")
            })
        );
    }

    /// The rules that forbid moves chess allows are the reasons given, and
    /// reading a move obeys them; a pinned piece stays pinned under them.
    #[test]
    fn a_capture_compelled_and_a_check_forbidden_are_the_reasons() {
        let giveaway = ini::builtin("giveaway").unwrap().unwrap();
        let fen = "rnbqkbnr/p1pppppp/8/1p6/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2";
        let pos = Position::from_fen(&giveaway, fen).unwrap();
        let bxb5 = pos.parse_move("Bxb5").unwrap();
        assert_eq!(pos.legal_moves(), vec![bxb5]);
        assert_eq!(pos.why_not(sq("f1"), sq("b5"), None), None);
        assert_eq!(
            pos.why_not(sq("g1"), sq("f3"), None),
            Some(Rejection::MustCapture(bxb5))
        );
        assert_eq!(pos.parse_move("Nf3"), None);
        assert_eq!(pos.parse_move("g1f3"), None);

        let race = ini::builtin("racingkings").unwrap().unwrap();
        let pos = Position::start(&race).unwrap();
        assert_eq!(
            pos.why_not(sq("e2"), sq("c3"), None),
            Some(Rejection::GivesCheck)
        );
        assert_eq!(pos.parse_move("Nc3"), None);
        let nd4 = pos.parse_move("Nd4").unwrap();
        assert_eq!((nd4.from, nd4.to), (sq("e2"), sq("d4")));
        assert_eq!(pos.parse_move("e2d4"), Some(nd4));

        // A check is no reason where checks are allowed: a capture is.
        let text = "[a:chess]\nmustCapture = true\n";
        let capturing = ini::variants(text).unwrap().remove(0);
        let pos = Position::from_fen(&capturing, "4k3/8/8/p7/8/8/8/R6K w - - 0 1").unwrap();
        let rxa5 = pos.parse_move("Rxa5").unwrap();
        assert_eq!(pos.legal_moves(), vec![rxa5]);
        assert_eq!(
            pos.why_not(sq("a1"), sq("e1"), None),
            Some(Rejection::MustCapture(rxa5))
        );

        let pinned = Position::from_fen(&race, "4r3/k7/8/8/8/8/4R3/4K3 w - - 0 1").unwrap();
        assert_eq!(
            pinned.why_not(sq("e2"), sq("d2"), None),
            Some(Rejection::LeavesRoyalAttacked {
                royal: sq("e1"),
                by: sq("e8")
            })
        );
    }
}
