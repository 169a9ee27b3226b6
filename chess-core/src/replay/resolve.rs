//! From a move as written to the one legal move it means.
//!
//! SAN is resolved from attack tables where they decide ([`table_move`]:
//! the pieces of the kind that reach the square, the one among them that
//! is legal and fits, and the rivals its canonical SAN must name), and
//! otherwise through shakmaty's `san_candidates` (the legal moves of one
//! piece kind to one square), which is also the list the canonical SAN is
//! disambiguated against, so nothing is generated twice. When no single
//! legal move fits, what was found is handed on ([`Unresolved`]) for
//! `explain` to word.

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Move, MoveList, Position, Role, Square};

use crate::syntax::MoveSyntax;

use super::failure::Unresolved;
use super::rules::{Rules, TableLookup};
use super::san::SanBits;

/// A resolved move and its canonical SAN (without check suffix).
pub struct Resolved {
    /// The move.
    pub m: Move,
    /// Canonical SAN, as the bits it adds to the move.
    pub san: SanBits,
}

fn matches_from(m: &Move, file: Option<shakmaty::File>, rank: Option<shakmaty::Rank>) -> bool {
    m.from().is_some_and(|from| {
        file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r)
    })
}

/// Whether `m` is a move that SAN with these parts describes (written out
/// plainly: this runs for every candidate of every ply; inlined, as the
/// move it is asked about is mostly made just before).
#[inline(always)]
fn san_fits(
    m: &Move,
    role: Role,
    file: Option<shakmaty::File>,
    rank: Option<shakmaty::Rank>,
    capture: bool,
    promotion: Option<Role>,
) -> bool {
    let (from, is_capture, promotes_to) = match *m {
        Move::Normal {
            from,
            capture,
            promotion,
            ..
        } => (from, capture.is_some(), promotion),
        Move::EnPassant { from, .. } => (from, true, None),
        Move::Castle { king, .. } => (king, false, None),
        Move::Put { .. } => return false,
    };
    if role == Role::Pawn && file.is_some() != is_capture || capture && !is_capture {
        return false;
    }
    if let Some(f) = file
        && from.file() != f
    {
        return false;
    }
    if let Some(r) = rank
        && from.rank() != r
    {
        return false;
    }
    promotion.is_none() || promotes_to == promotion
}

/// SAN's parts as written ([`MoveSyntax::San`]'s fields), taken out of
/// the move once by [`resolve`] for the lookups that follow.
#[derive(Clone, Copy)]
struct Written {
    role: Role,
    file: Option<shakmaty::File>,
    rank: Option<shakmaty::Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

/// The move SAN `written` means, and its canonical SAN, found with attack
/// tables, without generating the candidates: a pawn's one origin, or the
/// one piece of the kind that reaches `to`, when it fits and is legal
/// ([`safe`]); with `rivals`, also the one of several such pieces that is
/// legal and fits the origin written, whose canonical SAN names what tells
/// it from its legal rivals ([`rival`]). `rivals` only where [`safe`] is
/// the whole of legality (standard chess's rules), since a rival's
/// legality decides that SAN. `None` leaves every other case (en passant,
/// no fit, several, anything else) to the candidates.
#[inline(always)]
fn table_move<P: Position>(pos: &P, written: &Written, rivals: bool) -> Option<(Move, SanBits)> {
    use shakmaty::attacks;
    let Written {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *written;
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    if ours.contains(to) {
        return None;
    }
    let occupied = board.occupied();
    let mut san = SanBits::default();
    // (Whether the move's safety is known: a rival's is.)
    let mut checked = false;
    let from = if role == Role::Pawn {
        pawn_from(pos, file, to)?
    } else {
        let mine = board.by_piece(role.of(us));
        let reach = match role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occupied),
            Role::Rook => attacks::rook_attacks(to, occupied),
            Role::Queen => attacks::queen_attacks(to, occupied),
            _ => attacks::king_attacks(to),
        } & mine;
        if !reach.more_than_one() {
            reach.first()?
        } else if rivals && role != Role::King {
            checked = true;
            rival(board, us, role, reach, to, (file, rank), &mut san)?
        } else {
            return None;
        }
    };
    let taken = board.role_at(to);
    let last_rank = to.rank() == shakmaty::Rank::Eighth || to.rank() == shakmaty::Rank::First;
    let promotes = role == Role::Pawn && last_rank;
    if promotes != promotion.is_some() || matches!(promotion, Some(Role::King | Role::Pawn)) {
        return None;
    }
    let m = Move::Normal {
        role,
        from,
        capture: taken,
        to,
        promotion,
    };
    (san_fits(&m, role, file, rank, capture, promotion)
        && (checked || safe(board, us, role, from, to)))
    .then_some((m, san))
}

/// Of the pieces on `reach` (two or more of one kind that reach one
/// square), the one that alone is legal (`safe`) and stands on the file
/// and rank written; `san` gets the origin that tells it from its legal
/// rivals, as shakmaty's `San::disambiguate` writes it: the file if no
/// legal rival shares it, else the rank if none shares that, else both.
/// (Out of line: a few plies in a hundred have rivals.)
#[inline(never)]
fn rival(
    board: &shakmaty::Board,
    us: shakmaty::Color,
    role: Role,
    reach: shakmaty::Bitboard,
    to: Square,
    (file, rank): (Option<shakmaty::File>, Option<shakmaty::Rank>),
    san: &mut SanBits,
) -> Option<Square> {
    use shakmaty::Bitboard;
    let legal = |from| safe(board, us, role, from, to);
    let mut fits = reach;
    if let Some(file) = file {
        fits &= Bitboard::from(file);
    }
    if let Some(rank) = rank {
        fits &= Bitboard::from(rank);
    }
    let mut fitting = fits.into_iter().filter(|&sq| legal(sq));
    let from = fitting.next()?;
    if fitting.next().is_some() {
        return None;
    }
    // (The others that fit are not legal.)
    let mut same_file = false;
    let mut same_rank = false;
    let mut any = false;
    for other in (reach & !fits).into_iter().filter(|&sq| legal(sq)) {
        any = true;
        same_file |= other.file() == from.file();
        same_rank |= other.rank() == from.rank();
    }
    if any && (!same_file || same_rank) {
        *san = san.with_file();
    }
    if same_file {
        *san = san.with_rank();
    }
    Some(from)
}

/// Whether the move of the `role` on `from` to `to` leaves the mover's
/// king safe: nothing of the other side (but what the move takes) attacks
/// it after the move, the one test for checks, pins and king steps. A
/// side without a king (Horde's White) has every move safe.
#[inline(always)]
fn safe(
    board: &shakmaty::Board,
    us: shakmaty::Color,
    role: Role,
    from: Square,
    to: Square,
) -> bool {
    let occupied = board.occupied() ^ from;
    let (king, occupied_after) = if role == Role::King {
        (to, occupied)
    } else {
        match board.king_of(us) {
            Some(king) => (king, occupied | to),
            None => return true,
        }
    };
    (board.attacks_to(king, !us, occupied_after) & !shakmaty::Bitboard::from(to)).is_empty()
}

/// The square a pawn move to `to` comes from: a capture from `file` onto a
/// piece, or a single or double step onto an empty square. `None` for
/// anything else (en passant included).
#[inline(always)]
fn pawn_from<P: Position>(pos: &P, file: Option<shakmaty::File>, to: Square) -> Option<Square> {
    let board = pos.board();
    let us = pos.turn();
    let pawns = board.by_piece(Role::Pawn.of(us));
    let back = if us == shakmaty::Color::White { -8 } else { 8 };
    match file {
        Some(file) => {
            if !board.by_color(!us).contains(to) {
                return None;
            }
            let from = Square::from_coords(file, to.rank()).offset(back)?;
            (pawns.contains(from) && from.file().distance(to.file()) == 1).then_some(from)
        }
        None => {
            if board.occupied().contains(to) {
                return None;
            }
            let one = to.offset(back)?;
            if pawns.contains(one) {
                return Some(one);
            }
            let double_rank = if us == shakmaty::Color::White {
                shakmaty::Rank::Fourth
            } else {
                shakmaty::Rank::Fifth
            };
            let two = one.offset(back)?;
            (to.rank() == double_rank && !board.occupied().contains(one) && pawns.contains(two))
                .then_some(two)
        }
    }
}

/// Resolves `mv` in `pos`.
///
/// Inlined into the replay loop: the common cases (the only candidate
/// fits; exactly one of several fits) are a candidate lookup and one look
/// or one pass over it; everything else goes to `resolve_san_rest` and
/// `resolve_rest`.
#[inline(always)]
pub(super) fn resolve<P: Rules>(
    pos: &P,
    mv: &MoveSyntax,
    mode: CastlingMode,
) -> Result<Resolved, Unresolved> {
    let MoveSyntax::San {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *mv
    else {
        return resolve_rest(pos, mv, mode);
    };
    let written = Written {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    };
    // Most often one piece of the kind can go there at all, or one of
    // them is legal and fits: no list. (Rivals only where legality is
    // standard chess's, the king's safety.)
    let lookup = if P::STANDARD {
        TableLookup::Any
    } else {
        pos.table_lookup()
    };
    if lookup != TableLookup::None
        && let Some((m, san)) = table_move(pos, &written, lookup == TableLookup::Any)
        && match lookup {
            TableLookup::Any => true,
            TableLookup::Quiet => !m.is_capture(),
            TableLookup::NoCheck => !super::candidates::checks_after(pos.board(), pos.turn(), m),
            TableLookup::None => false,
        }
    {
        return Ok(Resolved { m, san });
    }
    let candidates = pos.candidates(role, to);
    // Most often the only candidate, which writes no origin.
    if let [m] = candidates.as_slice()
        && san_fits(m, role, file, rank, capture, promotion)
        && (promotion.is_some() || !m.is_promotion())
    {
        return Ok(Resolved {
            m: *m,
            san: SanBits::default(),
        });
    }
    // Without building any list: exactly one fit.
    let mut fitting = 0;
    let mut fit = None;
    for m in candidates.as_slice() {
        if san_fits(m, role, file, rank, capture, promotion) {
            fitting += 1;
            fit = Some(*m);
        }
    }
    if let (1, Some(m)) = (fitting, fit)
        && (promotion.is_some() || !m.is_promotion())
    {
        return Ok(Resolved {
            m,
            san: disambiguate(m, &candidates),
        });
    }
    resolve_san_rest(written, &candidates)
}

/// SAN that no legal move or several fit: promotion, ambiguity or an
/// explanation.
#[cold]
#[inline(never)]
fn resolve_san_rest(written: Written, candidates: &MoveList) -> Result<Resolved, Unresolved> {
    let Written {
        role,
        file,
        rank,
        capture,
        promotion,
        ..
    } = written;
    let mut found = candidates.clone();
    // Promotion is checked by `choose`.
    found.retain(|m| san_fits(m, role, file, rank, capture, None));
    if found.is_empty() {
        // Perhaps only the capture sign is wrong.
        if capture {
            let mut without = candidates.clone();
            without.retain(|m| matches_from(m, file, rank) && !m.is_capture());
            if let [m] = without.as_slice() {
                return Err(Unresolved::NothingToCapture(*m));
            }
        }
        return Err(Unresolved::NoMatch);
    }
    let m = choose(found, promotion, candidates)?;
    Ok(Resolved {
        m,
        san: bits(&San::disambiguate(m, candidates)),
    })
}

/// Castling on `side` in standard chess (or Chess960), if it is legal:
/// the rook keeps its right, the squares it and the king cross or reach
/// are empty, and the king neither stands, passes nor lands on an
/// attacked square (where it lands, with the rook moved too). shakmaty's
/// rule, without the list of moves its `castling_moves` returns.
fn castle<P: Position>(pos: &P, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let castles = pos.castles();
    let rook = castles.rook(us, side)?;
    let board = pos.board();
    let occupied = board.occupied();
    if (castles.path(us, side) & occupied).any() {
        return None;
    }
    let king = board.king_of(us)?;
    let (them, king_to) = (!us, side.king_to(us));
    let after = occupied ^ king ^ rook ^ side.rook_to(us);
    if board.attacks_to(king_to, them, after).any() {
        return None;
    }
    for crossed in shakmaty::attacks::between(king, king_to).with(king) {
        if board.attacks_to(crossed, them, occupied ^ king).any() {
            return None;
        }
    }
    Some(Move::Castle { king, rook })
}

/// Castling, from-to notations, and what is never legal here.
#[inline(never)]
fn resolve_rest<P: Rules>(
    pos: &P,
    mv: &MoveSyntax,
    mode: CastlingMode,
) -> Result<Resolved, Unresolved> {
    match *mv {
        MoveSyntax::Castle(side) => {
            let castling = match P::STANDARD {
                true => castle(pos, side),
                false => pos.castling_moves(side).first().copied(),
            };
            match castling {
                Some(m) => Ok(Resolved {
                    m,
                    san: SanBits::default(),
                }),
                None => Err(Unresolved::NoMatch),
            }
        }
        MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            promotion,
        } => {
            let legal = pos.legal_moves();
            let mut found = legal.clone();
            found.retain(|m| {
                m.from() == Some(from)
                    && role.is_none_or(|r| r == m.role())
                    && destination_matches(m, to, mode)
                    && (!capture || m.is_capture())
            });
            if found.is_empty() {
                if capture {
                    let mut without = legal.clone();
                    without.retain(|m| {
                        m.from() == Some(from)
                            && role.is_none_or(|r| r == m.role())
                            && destination_matches(m, to, mode)
                    });
                    if let [m] = without.as_slice() {
                        return Err(Unresolved::NothingToCapture(*m));
                    }
                }
                return Err(Unresolved::NoMatch);
            }
            let m = choose(found, promotion, &legal)?;
            Ok(Resolved {
                m,
                san: bits(&San::from_move(pos, m)),
            })
        }
        MoveSyntax::Drop { role, to } => pos
            .san_candidates(role, to)
            .iter()
            .find(|m| matches!(m, Move::Put { .. }))
            .map(|&m| Resolved {
                m,
                san: SanBits::default(),
            })
            .ok_or(Unresolved::NoMatch),
        // (A move under a rules file is replayed by `custom`, never here.)
        MoveSyntax::San { .. } | MoveSyntax::Rules(_) => Err(Unresolved::NoMatch),
    }
}

/// The SAN bits of `san` (no suffix).
fn bits(san: &San) -> SanBits {
    SanBits::of(&shakmaty::san::SanPlus {
        san: *san,
        suffix: None,
    })
}

/// Canonical SAN of `m` among the legal moves of its kind to its square
/// (shakmaty's rule; a pawn move or a piece that is the only candidate
/// writes no origin, and needs no look at the others).
#[inline(always)]
fn disambiguate(m: Move, candidates: &MoveList) -> SanBits {
    match (m, candidates.as_slice()) {
        (
            Move::Normal {
                role: Role::Pawn, ..
            }
            | Move::EnPassant { .. },
            _,
        )
        | (Move::Normal { .. }, [_]) => SanBits::default(),
        _ => bits(&San::disambiguate(m, candidates)),
    }
}

/// Does `m` go to `to` as a from-to notation writes it? Castling is written
/// with the king's destination (`e1g1`) or, as Chess960 engines do, with the
/// rook's square (`e1h1`).
fn destination_matches(m: &Move, to: Square, mode: CastlingMode) -> bool {
    match *m {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            // In Chess960 a king step to the castling square is an ordinary
            // king move when one exists; only the rook square means castling
            // then.
            to == rook || (to == king_to && (mode.is_standard() || king.distance(king_to) >= 2))
        }
        _ => m.to() == to,
    }
}

/// Picks the one move among those matching, handling promotion and
/// ambiguity.
fn choose(
    mut found: MoveList,
    promotion: Option<Role>,
    candidates: &MoveList,
) -> Result<Move, Unresolved> {
    let promotes = found.iter().any(|m| m.promotion().is_some());
    match promotion {
        Some(wanted) => {
            let before = found.clone();
            found.retain(|m| m.promotion() == Some(wanted));
            if found.is_empty() {
                return Err(Unresolved::BadPromotion {
                    wanted,
                    matches: before.to_vec(),
                    candidates: candidates.to_vec(),
                });
            }
        }
        None if promotes => {
            return Err(Unresolved::PromotionMissing {
                matches: found.to_vec(),
                candidates: candidates.to_vec(),
            });
        }
        None => {}
    }
    match found.as_slice() {
        [m] => Ok(*m),
        _ => Err(Unresolved::Ambiguous {
            matches: found.to_vec(),
            candidates: candidates.to_vec(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table-driven path answers only for a move that is legal and the
    /// only one the SAN fits, with shakmaty's canonical SAN: every piece
    /// kind to every square, with and without `x`, origin file and rank,
    /// and promotion, in positions of random games. Without `rivals` a
    /// piece it finds has no legal rival; with them, some have.
    #[test]
    fn table_move_is_the_candidates_answer() {
        let mut calls = 0usize;
        let (mut found, mut with_rivals) = (0usize, 0usize);
        crate::testing::every_legal_move(17, 60, 160, |pos, _| {
            calls += 1;
            if !calls.is_multiple_of(127) {
                return;
            }
            for role in Role::ALL {
                for to in Square::ALL {
                    let candidates = pos.san_candidates(role, to);
                    let files = [
                        None,
                        Some(shakmaty::File::A),
                        Some(to.file()),
                        to.file().offset(1),
                    ];
                    let ranks = [None, Some(shakmaty::Rank::First), to.rank().offset(-1)];
                    for capture in [false, true] {
                        for promotion in [None, Some(Role::Queen), Some(Role::King)] {
                            for (file, rank) in
                                files.into_iter().flat_map(|f| ranks.map(|r| (f, r)))
                            {
                                let written = Written {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                };
                                for rivals in [false, true] {
                                    let Some((m, san)) = table_move(pos, &written, rivals) else {
                                        continue;
                                    };
                                    found += 1;
                                    let fitting: Vec<Move> = candidates
                                        .iter()
                                        .filter(|c| {
                                            san_fits(c, role, file, rank, capture, promotion)
                                        })
                                        .copied()
                                        .collect();
                                    assert_eq!(fitting, [m], "{m:?} in {pos:?}");
                                    assert_eq!(
                                        san,
                                        disambiguate(m, &candidates),
                                        "{m:?} in {pos:?}"
                                    );
                                    if role != Role::Pawn && candidates.len() > 1 {
                                        assert!(rivals, "{m:?} has rivals in {pos:?}");
                                        with_rivals += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        });
        assert!(
            found > 300_000 && with_rivals > 1_000,
            "{found} {with_rivals}"
        );
    }

    /// Where pieces of one kind rival for a square, every legal move's SAN
    /// (its canonical SAN, and a piece's with whatever part of its origin
    /// still tells it alone) resolves to the move, with shakmaty's
    /// canonical SAN: three queens (a SAN that names file and rank), a
    /// pinned rival, and the variants whose legality is more than the
    /// king's safety, where rivals are left to the candidates: an Atomic
    /// rook pinned by standard rules, which may move while the kings
    /// touch, and a Racing Kings knight that may not uncover a check.
    #[test]
    fn rivals_resolve_as_shakmaty_writes_them() {
        use shakmaty::fen::Fen;
        use shakmaty::variant::{Variant, VariantPosition};
        for (variant, fen, example) in [
            (Variant::Chess, "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1b2"),
            (Variant::Chess, "4r2k/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "Nc3"),
            (Variant::Atomic, "8/8/5R2/3k4/rR1K4/8/8/8 w - - 0 1", "Rbb6"),
            (
                Variant::RacingKings,
                "8/4k3/8/8/8/2N1N3/8/4R2K w - - 0 1",
                "Nd1",
            ),
        ] {
            let setup: Fen = fen.parse().unwrap();
            let pos =
                VariantPosition::from_setup(variant, setup.into_setup(), CastlingMode::Standard)
                    .unwrap_or_else(|e| panic!("{fen}: {e}"));
            let legal = pos.legal_moves();
            let mut seen = false;
            for &m in legal.iter().filter(|m| !m.is_castle()) {
                let canonical = San::from_move(&pos, m);
                seen |= canonical.to_string() == example;
                let San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                } = canonical
                else {
                    panic!("{canonical} in {fen}");
                };
                let from = m.from().expect("a board move");
                let mut forms = vec![(file, rank)];
                if role != Role::Pawn {
                    forms.extend([
                        (None, None),
                        (Some(from.file()), None),
                        (None, Some(from.rank())),
                        (Some(from.file()), Some(from.rank())),
                    ]);
                }
                for (file, rank) in forms {
                    let alone = legal
                        .iter()
                        .filter(|o| o.role() == role && o.to() == to && o.promotion() == promotion)
                        .filter(|o| matches_from(o, file, rank))
                        .count()
                        == 1;
                    if !alone {
                        continue;
                    }
                    let mv = MoveSyntax::San {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    };
                    let Ok(resolved) = resolve(&pos, &mv, CastlingMode::Standard) else {
                        panic!("{m:?} written {file:?} {rank:?} is rejected in {fen}");
                    };
                    assert_eq!(resolved.m, m, "{fen}");
                    assert_eq!(resolved.san.san(m), canonical, "{m:?} in {fen}");
                }
            }
            assert!(seen, "{example} is not among the moves of {fen}");
        }
    }

    /// Castling found from attack tables is shakmaty's: on both sides,
    /// for both colours, in every position of random games from the
    /// standard start and from Chess960 starts (rooks beside the king, a
    /// king on b1 with its rook on a1, paths crossed by checks).
    #[test]
    fn castling_is_shakmatys() {
        use shakmaty::fen::Fen;
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1",
            "nrkrbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKRBBQN w KQkq - 0 1",
            "bbrnkrqn/pppppppp/8/8/8/8/PPPPPPPP/BBRNKRQN w KQkq - 0 1",
            "qnnbrkbr/pppppppp/8/8/8/8/PPPPPPPP/QNNBRKBR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ];
        let (mut positions, mut castles) = (0, 0);
        let mut rng = crate::testing::Rng::new(5);
        for fen in starts {
            let setup: Fen = fen.parse().unwrap();
            let start: shakmaty::Chess = setup.into_position(CastlingMode::Chess960).unwrap();
            for _ in 0..60 {
                let mut pos = start.clone();
                for _ in 0..40 {
                    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                        let want = pos.castling_moves(side).first().copied();
                        assert_eq!(castle(&pos, side), want, "{side:?} in {pos:?}");
                        castles += usize::from(want.is_some());
                    }
                    positions += 1;
                    let legal = pos.legal_moves();
                    let Some(&m) = legal.get(rng.below(legal.len())) else {
                        break;
                    };
                    pos.play_unchecked(m);
                }
            }
        }
        assert!(
            positions > 10_000 && castles > 1_000,
            "{positions} {castles}"
        );
    }

    /// Every legal move of random games, written as its canonical SAN,
    /// resolves to itself with that SAN: the only-candidate path, the
    /// one-fit path, rivals, promotions, en passant and castling.
    #[test]
    fn canonical_san_resolves_to_its_move() {
        let checked = crate::testing::every_legal_move(17, 200, 150, |pos, m| {
            let san = San::from_move(pos, m);
            // Read by the grammar's own move parser, as a game would be
            // (castling, `O-O`, is put together by the lexer before it).
            let mv = match san {
                San::Castle(side) => MoveSyntax::Castle(side),
                _ => crate::syntax::notation::parse_move(&san.to_string())
                    .unwrap_or_else(|_| panic!("{san} does not parse")),
            };
            let Ok(resolved) = resolve(pos, &mv, CastlingMode::Standard) else {
                panic!("{san} is rejected in {pos:?}");
            };
            assert_eq!(resolved.m, m, "{san}");
            assert_eq!(resolved.san.san(m), san, "{san}");
        });
        assert!(checked > 200_000, "{checked}");
    }

    /// The written-out rule gives shakmaty's canonical SAN for every legal
    /// move but castling (resolved elsewhere) of random games: pawn pushes
    /// and captures, promotions, en passant, pieces with and without rivals.
    #[test]
    fn disambiguate_agrees_with_shakmaty() {
        let checked = crate::testing::every_legal_move(11, 300, 150, |pos, m| {
            if !m.is_castle() {
                let candidates = pos.san_candidates(m.role(), m.to());
                assert_eq!(
                    disambiguate(m, &candidates).san(m),
                    San::from_move(pos, m),
                    "{m:?}"
                );
            }
        });
        assert!(checked > 500_000, "{checked}");
    }
}
