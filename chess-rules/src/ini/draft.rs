//! A section being read ([`Draft`]): the rule set so far, with what the
//! format keeps beside it (which key each piece came from, the rules held
//! that are not played yet, the goals' keys), and how it is finished into
//! a [`Rules`] or refused.

use super::keys::{self, Decided};
use crate::betza::{Atom, Hop};
use crate::geometry::Region;
use crate::goals::{Ending, Extinction, Flag, Goals};
use crate::rules::{Blast, Drops, PieceDef, RoyalWhileFew, Rules};

/// A rule set being read, with what the format keeps beside it.
#[derive(Clone, Debug)]
pub(crate) struct Draft {
    pub(super) rules: Rules,
    /// The key each entry of `rules.pieces` came from (`pawn`,
    /// `customPiece1`), so a child section can replace or remove it.
    pub(super) names: Vec<String>,
    /// The pieces pawns promote to, by key (Fairy-Stockfish keeps piece
    /// types, not letters: a piece that replaces the queen's letter is
    /// not a queen), White's and Black's.
    pub(super) promotion: [Vec<String>; 2],
    /// `doubleStep`: whether `i` moves are made at all.
    pub(super) double_step: bool,
    /// Where `i` moves are made when they are, White's and Black's.
    pub(super) double_step_region: [Region; 2],
    /// Where the pawn's triple steps are made, White's and Black's.
    pub(super) triple_step_region: [Region; 2],
    /// The rules set to other than the format's default that this engine
    /// does not play: the variant is refused while one holds (a child
    /// section may set it back).
    pub(super) pending: Vec<Pending>,
    /// `extinctionValue` (`None`: no extinction goal) and the other
    /// extinction keys.
    pub(super) extinction_value: Option<Ending>,
    pub(super) extinction: Extinction,
    /// `extinctionPseudoRoyal`: the extinction's pieces are royal while
    /// few, and their extinction ends nothing.
    pub(super) pseudo_royal: bool,
    /// `dupleCheck`: with `pseudo_royal`, all of a side's extinction
    /// pieces attacked at once is check.
    pub(super) duple_check: bool,
    /// `checkCounting`.
    pub(super) check_counting: bool,
    /// `castlingWins`: the rule set's [`Goals::castling_wins`].
    pub(super) castling_wins: [[bool; 2]; 2],
    /// `adjudicateFullBoard`: the rule set's [`Goals::full_board`].
    pub(super) full_board: bool,
    /// `connectN` (0: none) and its details: the rule set's
    /// [`Goals::connect`] when `n` is set.
    pub(super) connect: crate::goals::Connect,
    /// `promotionPawnTypes…` is not `-`: White's pawns, and Black's,
    /// promote.
    pub(super) promotes: [bool; 2],
    /// `pawnTypes`, `promotionPawnTypes…`: the pieces (by name) that are
    /// White's pawns, and Black's, where a key names them; `None`: the
    /// format's pawns (its pawn, and a custom piece written `p`).
    pub(super) pawns: [Option<Vec<String>>; 2],
    /// The flag keys: a goal when a side has a region.
    pub(super) flag: Flag,
    /// `pieceDrops`, and how drops go (`capturesToHand` and the rest):
    /// the rule set's [`Rules::drops`] when it is set.
    pub(super) piece_drops: bool,
    /// `seirawanGating`: with `gating`, the rule set's
    /// [`Rules::gating`](crate::Rules::gating).
    pub(super) seirawan_gating: bool,
    /// `cambodianMoves`: with `gating`, the rule set's
    /// [`Rules::cambodian_moves`](crate::Rules::cambodian_moves).
    pub(super) cambodian_moves: bool,
    pub(super) drops: Drops,
    /// `dropNoDoubled` and `dropNoDoubledCount`.
    pub(super) no_doubled: Option<char>,
    pub(super) no_doubled_count: u8,
    /// `soldierPromotionRank`: the rank (from 1, its side's) from which
    /// the soldier steps sideways too.
    pub(super) soldier_rank: u8,
    /// `mobilityRegion…`: a side, a piece's name (`King`,
    /// `CustomPiece2`), the squares it may go to.
    pub(super) mobility: Vec<(usize, String, Region)>,
    /// Second letters of pieces, by the piece's name (built-in variants'
    /// only: [`crate::builtin::SYNONYMS`]).
    pub(super) synonyms: Vec<(String, char)>,
    /// The king moves as Fairy-Stockfish's wazir type, which its format
    /// cannot write ([`crate::builtin::WAZIR_KINGS`]): along janggi's
    /// palace lines it steps diagonally too.
    pub(super) wazir_king: bool,
    /// `blastOnCapture`, and `blastImmuneTypes`: the rule set's
    /// [`Rules::blast`] when it is set.
    pub(super) blast: bool,
    /// `promotedPieceType`: each piece's letter and what it promotes to.
    pub(super) promoted: Vec<(char, char)>,
    /// `promotionLimit`: each limited piece's letter and its limit.
    pub(super) limits: Vec<(char, u8)>,
    /// `shogiPawnDropMateIllegal`: the shogi pawn's drop may not mate.
    pub(super) pawn_drop_mate_illegal: bool,
    pub(super) blast_immune: Vec<char>,
    /// `wallingRule` (`None`: `none`) and `wallingRegionWhite`/`Black`:
    /// the rule set's [`Rules::walling`] when a rule is set.
    pub(super) walling: Option<crate::rules::WallRule>,
    pub(super) walling_regions: [Option<Region>; 2],
    /// `wallOrMove`: the wall put down instead of a move.
    pub(super) wall_or_move: bool,
}

/// A key of a rule not played here, set to other than its default.
#[derive(Clone, Debug)]
pub(super) struct Pending {
    pub(super) key: String,
    pub(super) value: String,
    pub(super) feature: &'static str,
    /// Where the key is in the text being read, or the variant it was
    /// inherited from.
    pub(super) at: Result<usize, String>,
}

impl Pending {
    /// Why the variant cannot be played, in words.
    pub(super) fn why(&self) -> String {
        let Pending {
            key,
            value,
            feature,
            at,
        } = self;
        let not = "which this engine does not play yet";
        match at {
            Ok(_) => format!("`{key} = {value}` needs {feature}, {not}"),
            Err(from) => format!("`{from}` has `{key} = {value}`: it needs {feature}, {not}"),
        }
    }
}

/// Why a draft is no rule set: at its header, or a rule not played here.
pub(super) enum Refusal {
    Header(String),
    Rule(Pending),
}

impl Draft {
    /// The empty template: chess's board, start position and switches,
    /// no pieces.
    pub(crate) fn template(name: &str) -> Draft {
        let mut rules = Rules::chess();
        rules.name = name.to_string();
        rules.pieces.clear();
        rules.black_rotated = true;
        Draft {
            rules,
            names: Vec::new(),
            promotion: [0, 1].map(|_| {
                ["queen", "rook", "bishop", "knight"]
                    .map(String::from)
                    .to_vec()
            }),
            double_step: true,
            double_step_region: [Region::rank(1), Region::rank(6)],
            triple_step_region: [Region::EMPTY; 2],
            pending: Vec::new(),
            extinction_value: None,
            pseudo_royal: false,
            duple_check: false,
            check_counting: false,
            castling_wins: [[false; 2]; 2],
            full_board: false,
            connect: crate::goals::Connect {
                n: 0,
                square: 0,
                pieces: vec!['*'],
                horizontal: true,
                vertical: true,
                diagonal: true,
                ending: Ending::Win,
                collinear: 0,
                regions: [[Region::EMPTY; 2]; 2],
            },
            promotes: [true; 2],
            pawns: [None, None],
            promoted: Vec::new(),
            limits: Vec::new(),
            pawn_drop_mate_illegal: false,
            extinction: Extinction {
                ending: Ending::Loss,
                pieces: Vec::new(),
                count: 0,
                opponent_count: 0,
                claim: false,
            },
            flag: Flag {
                pieces: [None, None],
                regions: [Region::EMPTY; 2],
                count: 1,
                blocked_win: false,
                one_more_move: false,
                safe: false,
            },
            piece_drops: false,
            seirawan_gating: false,
            cambodian_moves: false,
            drops: Drops::default(),
            no_doubled: None,
            no_doubled_count: 1,
            soldier_rank: 1,
            mobility: Vec::new(),
            synonyms: Vec::new(),
            wazir_king: false,
            blast: false,
            blast_immune: Vec::new(),
            walling: None,
            walling_regions: [None; 2],
            wall_or_move: false,
        }
    }

    /// The first rule it holds that is not played here, leaving out
    /// details that do nothing alone ([`keys::DECIDED_BY`]).
    pub(super) fn pending(&self) -> Option<&Pending> {
        self.pending.iter().find(
            |p| match keys::DECIDED_BY.iter().find(|(f, _)| *f == p.feature) {
                Some((_, Decided::Castling)) => self.rules.castling.is_some(),
                Some((_, Decided::NotGating)) => !self.seirawan_gating && !self.cambodian_moves,
                None => true,
            },
        )
    }

    /// The goals the keys read give: an extinction with a value and piece
    /// types, a flag with a region.
    pub(super) fn goals(&self) -> Goals {
        Goals {
            // (Pieces royal while few are checkmated, not made extinct:
            // Fairy-Stockfish ends no game by their extinction, unless
            // captures explode, which blows them up: atomic chess.)
            extinction: self
                .extinction_value
                .filter(|_| {
                    !self.extinction.pieces.is_empty() && (!self.pseudo_royal || self.blast)
                })
                .map(|ending| Extinction {
                    ending,
                    ..self.extinction.clone()
                }),
            flag: (self.flag.regions != [Region::EMPTY; 2]).then(|| self.flag.clone()),
            check_counting: self.check_counting,
            castling_wins: self.castling_wins,
            full_board: self.full_board,
            connect: {
                let c = &self.connect;
                let joined = c.regions.iter().any(|[first, _]| *first != Region::EMPTY);
                (c.n > 0 || c.square > 0 || c.collinear > 0 || joined).then(|| c.clone())
            },
        }
    }

    /// The extinction's pieces, royal while a side has at most one more
    /// than the extinction's count (`extinctionPseudoRoyal`).
    pub(super) fn royal_while_few(&self) -> Option<RoyalWhileFew> {
        (self.pseudo_royal && !self.extinction.pieces.is_empty()).then(|| RoyalWhileFew {
            pieces: self.extinction.pieces.clone(),
            count: self.extinction.count.saturating_add(1),
            duple: self.duple_check,
        })
    }

    /// The rule set, its pieces and promotions settled; or why not.
    pub(super) fn finish(&self) -> Result<Rules, Refusal> {
        if let Some(p) = self.pending() {
            return Err(Refusal::Rule(p.clone()));
        }
        let mut rules = self.rules.clone();
        let gates = self.pending.iter().any(|p| p.key == "gating");
        rules.gating = self.seirawan_gating && gates;
        rules.cambodian_moves = self.cambodian_moves && gates;
        rules.drops = self.piece_drops.then(|| Drops {
            no_doubled: self
                .no_doubled
                .map(|letter| (letter, self.no_doubled_count)),
            ..self.drops.clone()
        });
        // Every piece's `i` moves (the pawn's double step among them) are
        // made from the double-step regions, or nowhere without
        // `doubleStep`.
        rules.initial_region = Some(if self.double_step {
            self.double_step_region
        } else {
            [Region::EMPTY; 2]
        });
        // (Triple steps, where a region holds them, from theirs.)
        let triples = self.triple_step_region != [Region::EMPTY; 2];
        rules.triple_step_region = triples.then_some(self.triple_step_region);
        self.settle_pieces(&mut rules, triples);
        // (A pawn with nothing to promote to stays a pawn.)
        let [white, black] = [0, 1].map(|side| {
            (self.promotion[side].iter())
                .filter(|_| self.promotes[side])
                .filter_map(|name| self.names.iter().position(|n| n == name))
                .map(|i| rules.pieces[i].letter)
                .collect::<Vec<char>>()
        });
        rules.black_promotion_pieces = (black != white).then_some(black);
        rules.promotion_pieces = white;
        let mut letters: Vec<char> = rules.pieces.iter().map(|p| p.letter).collect();
        letters.sort_unstable();
        if let Some(w) = letters.windows(2).find(|w| w[0] == w[1]) {
            return Err(Refusal::Header(format!(
                "two pieces are written `{}`",
                w[0]
            )));
        }
        // (A piece the variant no longer has promotes to nothing.)
        for &(from, to) in &self.promoted {
            let Some(i) = rules.index(from) else {
                continue;
            };
            if rules.index(to).is_none() {
                return Err(Refusal::Header(format!(
                    "`promotedPieceType` promotes `{}` to `{}`, which is no piece of this variant",
                    from.to_ascii_lowercase(),
                    to.to_ascii_lowercase()
                )));
            }
            rules.pieces[i].promotes_to = Some(to.to_ascii_uppercase());
        }
        // (As Fairy-Stockfish has it, a limit on a piece the variant no
        // longer has limits nothing.)
        for &(letter, limit) in &self.limits {
            if let Some(i) = rules.index(letter) {
                rules.pieces[i].promotion_limit = Some(limit);
            }
        }
        if let Some(drops) = &mut rules.drops {
            // (Fairy-Stockfish's shogi pawn, whatever its letter.)
            drops.mate_loses = (rules.pieces.iter().zip(&self.names))
                .find(|(_, name)| *name == "shogiPawn")
                .map(|(p, _)| p.letter)
                .filter(|_| self.pawn_drop_mate_illegal);
        }
        rules.goals = self.goals();
        rules.royal_while_few = self.royal_while_few();
        if self.blast {
            self.explosions(&mut rules)?;
        }
        // Fairy-Stockfish cannot use kings with flipping: a king turned
        // to the other side would leave a side without one.
        if rules.flip.is_some()
            && let Some(king) = rules.pieces.iter().find(|p| p.royal)
        {
            return Err(Refusal::Header(format!(
                "pieces flipped (`flipEnclosedPieces`) beside a royal king (`king = {}`) are not \
                 played here: Fairy-Stockfish cannot use kings with them",
                king.letter.to_ascii_lowercase()
            )));
        }
        rules.walling = self.walling.map(|rule| crate::rules::Walling {
            rule,
            regions: self.walling_regions,
            or_move: self.wall_or_move,
        });
        // (Pieces marked promoted at the start where nothing is dropped,
        // jieqi's covered pieces, are read as Fairy-Stockfish reads them:
        // the marks change no move, and its FEN leaves them out.)
        if rules.castling.is_none() && !rules.has_gates() {
            // A start inherited with castling rights (chess's `KQkq`)
            // under `castling = false`: Fairy-Stockfish ignores them (but
            // reads gates there: Cambodian chess's `DEde`).
            let mut fields: Vec<&str> = rules.start.split(' ').collect();
            if let Some(rights) = fields.get_mut(2)
                && !rights.bytes().all(|b| b.is_ascii_digit())
            {
                *rights = "-";
            }
            rules.start = fields.join(" ");
        }
        let letters = (rules.goals.extinction.iter().map(|e| &e.pieces))
            .chain(rules.royal_while_few.iter().map(|r| &r.pieces))
            .flatten()
            .copied();
        let flags = rules.goals.flag.iter().flat_map(|f| f.pieces).flatten();
        if let Some(l) = letters
            .chain(flags)
            .find(|&l| l != '*' && rules.index(l).is_none())
        {
            return Err(Refusal::Header(format!(
                "a goal names `{}`, which is no piece of this variant",
                l.to_ascii_lowercase()
            )));
        }
        Ok(rules)
    }

    /// Settles each piece of `rules` as the format's names make it: the
    /// pawn's steps (`triples`: from a triple-step region too), pawns,
    /// kings, mobility regions, synonyms, xiangqi's soldier and moves
    /// along the diagonal lines.
    fn settle_pieces(&self, rules: &mut Rules, triples: bool) {
        for (piece, name) in rules.pieces.iter_mut().zip(&self.names) {
            if name == "pawn" {
                let betza = match (self.double_step, triples) {
                    (true, false) => "fmWfceFifmnD",
                    (false, false) => "fmWfceF",
                    (true, true) => "fmWfceFifmnDifmnH",
                    (false, true) => "fmWfceFifmnH",
                };
                *piece = PieceDef {
                    letter: piece.letter,
                    symbols: piece.symbols,
                    ..PieceDef::new(piece.letter, "pawn", betza).expect("the pawn reads")
                };
            }
            // The format's pawn, and those a key names (a custom piece
            // written `p` is none unless `pawnTypes` names it, as ataxx's
            // is not: pyffish 0.0.90 counts its leaps toward the move
            // rule); its pawn all the same (Fairy-Stockfish promotes its
            // pawn type whatever the key says).
            let pawn = name == "pawn";
            piece.pawn =
                (self.pawns.clone()).map(|names| names.map_or(pawn, |n| pawn || n.contains(name)));
            piece.royal = name == "king";
            for (side, named, region) in &self.mobility {
                if named.eq_ignore_ascii_case(name) {
                    piece.mobility[*side] = Some(*region);
                }
            }
            piece.synonym = (self.synonyms.iter())
                .find(|(named, _)| named == name)
                .map(|&(_, letter)| letter);
            // Xiangqi's soldier: forward, and sideways too from its rank
            // (an `i` move, from squares of its own).
            if name == "soldier" && self.soldier_rank > 1 {
                let ranks = rules.geometry.ranks();
                let beyond = (self.soldier_rank - 1..ranks)
                    .fold(Region::EMPTY, |r, rank| r.union(Region::rank(rank)));
                *piece = PieceDef {
                    letter: piece.letter,
                    symbols: piece.symbols,
                    initial_region: Some([beyond, beyond.mirrored(ranks)]),
                    mobility: piece.mobility,
                    synonym: piece.synonym,
                    ..PieceDef::new(piece.letter, "soldier", "fWisW").expect("the soldier reads")
                };
            }
        }
        // Along the diagonal lines (janggi's palace), as Fairy-Stockfish
        // moves its pieces by type: a wazir (and a king moving as one) a
        // step, a soldier a step forward, a rook sliding, a janggi cannon
        // hopping.
        if rules.diagonal_lines != Region::EMPTY {
            for (piece, name) in rules.pieces.iter_mut().zip(&self.names) {
                let betza = match name.as_str() {
                    "wazir" => "F",
                    "king" if self.wazir_king => "F",
                    "soldier" => "fF",
                    "rook" => "B",
                    "janggiCannon" => "pB",
                    _ => continue,
                };
                let lines = PieceDef::new(piece.letter, name, betza).expect("the lines read");
                piece.atoms.extend(lines.atoms.into_iter().map(|atom| Atom {
                    lines: true,
                    hop: if atom.hop == Hop::No {
                        Hop::No
                    } else {
                        Hop::Unlike
                    },
                    ..atom
                }));
            }
        }
    }

    /// Explosions on capture (`blastOnCapture`): the pawns they spare and
    /// the pieces immune; or why they are not played here.
    fn explosions(&self, rules: &mut Rules) -> Result<(), Refusal> {
        // Fairy-Stockfish's pawns are spared by a blast beside them
        // (a custom piece moving as a pawn is not: allexplodeatomic).
        let spared = (rules.pieces.iter().zip(&self.names))
            .filter(|(_, name)| *name == "pawn")
            .map(|(p, _)| p.letter)
            .collect();
        rules.blast = Some(Blast {
            spared,
            immune: self.blast_immune.clone(),
        });
        // A king of the royal kind under explosions may blow itself up
        // in Fairy-Stockfish, and be blown up; atomic's king is a
        // piece royal while few (`king = -`, `commoner = k`).
        if let Some(king) = rules.pieces.iter().find(|p| p.royal) {
            return Err(Refusal::Header(format!(
                "explosions on capture beside a royal king (`king = {}`) are not played here: \
                 atomic chess has `king = -`, `commoner = k` and `extinctionPseudoRoyal = true`",
                king.letter.to_ascii_lowercase()
            )));
        }
        // Fairy-Stockfish (pyffish 0.0.90) tells legal moves as if a
        // piece immune to blasts were blown up beside the capture, and
        // plays them keeping it: a royal piece it attacks then is left
        // attacked. Which it means is not settled.
        if !self.blast_immune.is_empty() && rules.royal_while_few.is_some() {
            return Err(Refusal::Header(
                "pieces immune to blasts beside pieces royal while few \
                 (`blastImmuneTypes` with `extinctionPseudoRoyal`) are not played here: \
                 Fairy-Stockfish tells their legal moves as if the immune pieces were \
                 blown up, and keeps them on the board"
                    .into(),
            ));
        }
        Ok(())
    }
}
