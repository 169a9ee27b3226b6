//! What each key of a section does to the rule set being read: the
//! board, promotions, hands and drops, how games end and the goals of
//! pieces connected; a key it does not know, or a value it cannot take,
//! is a [`Problem`] at its place.

use crate::geometry::{Geometry, MAX_SIDE};
use crate::rules::{Enclosing, Flip, MaterialCounting, Rules, Stalemate, WallRule};

use super::draft::{Draft, Pending};
use super::keys::{self, Use};
use super::pieces::{NAMED, letter_pairs, piece, piece_key, single_letter};
use super::values::{
    Problem, boolean, ending, number, piece_set, rank_number, region, side, sides,
};

/// Applies one `key = value` (the key at byte `at` of the text).
pub(super) fn apply(draft: &mut Draft, key: &str, value: &str, at: usize) -> Result<(), Problem> {
    let key = keys::current(key);
    if piece_key(key) {
        return piece(draft, key, value);
    }
    let Some(found) = keys::lookup(key) else {
        let same = keys::names()
            .chain(NAMED.iter().map(|(n, _)| *n))
            .find(|k| k.eq_ignore_ascii_case(key));
        return Err(Problem::Key(match same {
            Some(k) => format!(
                "`{key}` is not a key of variants.ini: did you mean `{k}`? (keys are case-sensitive)"
            ),
            None => format!("`{key}` is not a key of variants.ini"),
        }));
    };
    match found {
        Use::Shown => return Ok(()),
        Use::Rule { feature, default } => {
            draft.pending.retain(|p| p.key != key);
            // Nothing is nothing however written (`-`, empty, `none`).
            let nothing = |v: &str| matches!(v, "" | "-" | "none");
            if value != default && !(nothing(value) && nothing(default)) {
                draft.pending.push(Pending {
                    key: key.to_string(),
                    value: value.to_string(),
                    feature,
                    at: Ok(at),
                });
            }
            return Ok(());
        }
        Use::Read => {}
    }
    if let Some(rest) = key.strip_prefix("mobilityRegion") {
        // The piece it names may be defined below, or not at all (the
        // region then keeps nothing): matched when the section is done.
        let (side, name) = match rest.strip_prefix("White") {
            Some(name) => (0, name),
            None => (1, rest.trim_start_matches("Black")),
        };
        let region = region(value)?;
        draft
            .mobility
            .retain(|(s, n, _)| !(*s == side && n.eq_ignore_ascii_case(name)));
        draft.mobility.push((side, name.to_string(), region));
        return Ok(());
    }
    let applied = board_key(draft, key, value)?
        || promotion_key(draft, key, value)?
        || hands_key(draft, key, value)?
        || ends_key(draft, key, value)?
        || connect_key(draft, key, value)?;
    assert!(applied, "`{key}` is read but not applied");
    Ok(())
}

/// A key of the board, its start and how pieces move: size, start,
/// castling, double steps, passing, gating, walls, checks and captures. Returns whether `key` is one.
fn board_key(draft: &mut Draft, key: &str, value: &str) -> Result<bool, Problem> {
    let bad = Problem::Value;
    let rules = &mut draft.rules;
    let file_letter = |value: &str| match value.as_bytes() {
        [c @ b'a'..=b'p'] => Ok(c - b'a'),
        _ => Err(bad(format!("`{value}`: a file letter"))),
    };
    match key {
        "maxFile" | "maxRank" => {
            let n =
                side(value).ok_or_else(|| bad(format!("`{value}`: a board side is 1 to 16")))?;
            let (files, ranks) = if key == "maxFile" {
                (n, rules.geometry.ranks())
            } else {
                (rules.geometry.files(), n)
            };
            rules.geometry = Geometry::new(files, ranks).expect("checked sides");
        }
        "startFen" => rules.start = value.to_string(),
        "castlingRookPieces" => draft.rules.castling_rooks = piece_set(&draft.rules, value)?,
        "castlingRank" => rules.castling_rank = rank_number(value)? - 1,
        "diagonalLines" => rules.diagonal_lines = region(value)?,
        "pass" => rules.pass = [boolean(value)?; 2],
        "passWhite" => rules.pass[0] = boolean(value)?,
        "passBlack" => rules.pass[1] = boolean(value)?,
        "passOnStalemate" => rules.pass_on_stalemate = [boolean(value)?; 2],
        "passOnStalemateWhite" => rules.pass_on_stalemate[0] = boolean(value)?,
        "passOnStalemateBlack" => rules.pass_on_stalemate[1] = boolean(value)?,
        "seirawanGating" => draft.seirawan_gating = boolean(value)?,
        "cambodianMoves" => draft.cambodian_moves = boolean(value)?,
        "doubleStep" => draft.double_step = boolean(value)?,
        "doubleStepRegionWhite" => draft.double_step_region[0] = region(value)?,
        "doubleStepRegionBlack" => draft.double_step_region[1] = region(value)?,
        "tripleStepRegionWhite" => draft.triple_step_region[0] = region(value)?,
        "tripleStepRegionBlack" => draft.triple_step_region[1] = region(value)?,
        "castling" => {
            if !boolean(value)? {
                rules.castling = None;
            } else if rules.castling.is_none() {
                rules.castling = Rules::chess().castling;
            }
        }
        "castlingKingsideFile"
        | "castlingQueensideFile"
        | "castlingRookKingsideFile"
        | "castlingRookQueensideFile" => {
            let file = file_letter(value)?;
            let castling = rules
                .castling
                .get_or_insert(Rules::chess().castling.expect("chess castles"));
            match key {
                "castlingKingsideFile" => castling.king_side_file = file,
                "castlingQueensideFile" => castling.queen_side_file = file,
                "castlingRookKingsideFile" => castling.king_side_rook_file = Some(file),
                _ => castling.queen_side_rook_file = Some(file),
            }
        }
        "mustCapture" => draft.rules.must_capture = boolean(value)?,
        "checking" => draft.rules.checks = boolean(value)?,
        "chess960" => draft.rules.chess960 = boolean(value)?,
        "flyingGeneral" => draft.rules.flying_general = boolean(value)?,
        "makpongRule" => draft.rules.makpong = boolean(value)?,
        "enPassantRegion" | "enPassantRegionWhite" | "enPassantRegionBlack" => {
            let region = match value {
                "AllSquares" => None,
                _ => Some(region(value)?),
            };
            for side in sides(key) {
                draft.rules.en_passant_regions[side] = region;
            }
        }
        "wallOrMove" => draft.wall_or_move = boolean(value)?,
        "wallingRule" => {
            draft.walling = match value {
                "none" => None,
                "arrow" => Some(WallRule::Arrow),
                "duck" => Some(WallRule::Duck),
                "edge" => Some(WallRule::Edge),
                "past" => Some(WallRule::Past),
                "static" => Some(WallRule::Static),
                _ => {
                    return Err(Problem::Value(format!(
                        "`{value}`: `arrow`, `duck`, `edge`, `past`, `static` or `none`"
                    )));
                }
            };
        }
        "wallingRegionWhite" | "wallingRegionBlack" => {
            let region = Some(region(value)?);
            for side in sides(key) {
                draft.walling_regions[side] = region;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// A key of promotions: what to, where, how many, shogi-style. Returns whether `key` is one.
fn promotion_key(draft: &mut Draft, key: &str, value: &str) -> Result<bool, Problem> {
    let bad = Problem::Value;
    let rules = &mut draft.rules;
    match key {
        "promotionPieceTypes" | "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
            // `-`: none; `*` (every piece) is no piece to promote to.
            let names = piece_names(draft, value, "the letters of the pieces promoted to")?;
            for side in sides(key) {
                draft.promotion[side] = names.clone();
            }
        }
        "promotionRegionWhite" => rules.promotion_region[0] = region(value)?,
        "promotionRegionBlack" => rules.promotion_region[1] = region(value)?,
        "promotionRank" => {
            let rank = rank_number(value)?;
            rules.promotion_region =
                rules.last_ranks(rules.geometry.ranks().saturating_sub(rank) + 1);
        }
        "pawnTypes"
        | "promotionPawnTypes"
        | "promotionPawnTypesWhite"
        | "promotionPawnTypesBlack" => {
            // The pieces that are pawns (`h`, `ps`), resolved by name as
            // promotions are; `-` promotes no pawn, or with `pawnTypes`
            // makes none.
            let names = piece_names(draft, value, "the letters of the pieces that are pawns")?;
            for side in sides(key) {
                if key != "pawnTypes" && value == "-" {
                    draft.promotes[side] = false;
                } else {
                    draft.promotes[side] = true;
                    draft.pawns[side] = Some(names.clone());
                }
            }
        }
        "sittuyinPromotion" => draft.rules.sittuyin_promotion = boolean(value)?,
        "soldierPromotionRank" => {
            draft.soldier_rank = value
                .parse()
                .ok()
                .filter(|r| (1..=MAX_SIDE).contains(r))
                .ok_or_else(|| bad(format!("`{value}`: a rank is 1 to 16")))?;
        }
        "immobilityIllegal" => draft.rules.immobility_illegal = boolean(value)?,
        "mandatoryPiecePromotion" => draft.rules.piece_promotion.mandatory = boolean(value)?,
        "mandatoryPawnPromotion" => draft.rules.optional_pawn_promotion = !boolean(value)?,
        "promotionLimit" => {
            // `q:1 r:2`: pairs of a letter and a count, each replacing
            // that piece's limit and keeping the others', as
            // Fairy-Stockfish reads them.
            let pairs = letter_pairs(value, |count| count.parse::<u8>().ok()).ok_or_else(|| {
                bad(format!(
                    "`{value}`: pairs of a letter and a count, e.g. `q:1 r:2`"
                ))
            })?;
            for (letter, count) in pairs {
                draft
                    .limits
                    .retain(|&(l, _)| !l.eq_ignore_ascii_case(&letter));
                draft.limits.push((letter, count));
            }
        }
        "piecePromotionOnCapture" => draft.rules.piece_promotion.on_capture = boolean(value)?,
        "pieceDemotion" => draft.rules.piece_promotion.demotion = boolean(value)?,
        "promotedPieceType" => {
            // `p:g s:g`: pairs of letters (resolved once the pieces are),
            // each replacing what the piece promoted to and keeping the
            // others, as Fairy-Stockfish reads them; `g:-` promotes the
            // piece to nothing.
            let to = |to: &str| match to {
                "-" => Some(None),
                _ => single_letter(to).map(Some),
            };
            let pairs = letter_pairs(value, to)
                .ok_or_else(|| bad(format!("`{value}`: pairs of letters, e.g. `p:g s:g`")))?;
            for (from, to) in pairs {
                draft
                    .promoted
                    .retain(|&(f, _)| !f.eq_ignore_ascii_case(&from));
                draft.promoted.extend(to.map(|to| (from, to)));
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The one piece a value names by its letter, or why not, saying what
/// else the key takes (`none`: "`-`").
fn one_piece(rules: &Rules, value: &str, none: &str) -> Result<char, Problem> {
    match piece_set(rules, value)?.as_slice() {
        [letter] if *letter != '*' => Ok(*letter),
        _ => Err(Problem::Value(format!(
            "`{value}`: one piece's letter, or {none}"
        ))),
    }
}

/// The names of the pieces a value lists by letter (`ps`; `-`: none), or
/// why not, saying what the letters are (`what`).
fn piece_names(draft: &Draft, value: &str, what: &str) -> Result<Vec<String>, Problem> {
    let letters = piece_set(&draft.rules, value)?;
    letters
        .iter()
        .map(|&c| draft.rules.index(c).map(|i| draft.names[i].clone()))
        .collect::<Option<_>>()
        .ok_or_else(|| Problem::Value(format!("`{value}`: {what}")))
}

/// A key of pieces in hand and pieces taken: drops, captures to hand,
/// explosions, petrification. Returns whether `key` is one.
fn hands_key(draft: &mut Draft, key: &str, value: &str) -> Result<bool, Problem> {
    let bad = Problem::Value;
    let rules = &mut draft.rules;
    match key {
        "mustDrop" => rules.must_drop = boolean(value)?,
        "mustDropType" => {
            draft.drops.must_drop_kind = match value {
                "*" => None,
                _ => Some(one_piece(&draft.rules, value, "`*`")?),
            };
        }
        "pieceDrops" => draft.piece_drops = boolean(value)?,
        "capturesToHand" => draft.drops.captures_to_hand = boolean(value)?,
        "dropChecks" => draft.drops.no_checks = !boolean(value)?,
        "dropOppositeColoredBishop" => draft.drops.opposite_bishops = boolean(value)?,
        "castlingDroppedPiece" => draft.drops.castling = boolean(value)?,
        "sittuyinRookDrop" => draft.drops.rooks_on_first_rank = boolean(value)?,
        "twoBoards" => draft.drops.partner = boolean(value)?,
        "blastOnCapture" => draft.blast = boolean(value)?,
        "blastImmuneTypes" => draft.blast_immune = piece_set(&draft.rules, value)?,
        "mutuallyImmuneTypes" => {
            draft.rules.mutually_immune = piece_set(&draft.rules, value)?;
        }
        "dropLoop" => draft.drops.keep_promoted = boolean(value)?,
        "dropPromoted" => draft.drops.promoted = boolean(value)?,
        "shogiPawnDropMateIllegal" => draft.pawn_drop_mate_illegal = boolean(value)?,
        "petrifyOnCaptureTypes" => draft.rules.petrify = piece_set(&draft.rules, value)?,
        "dropRegionWhite" | "dropRegionBlack" => {
            let side = usize::from(key == "dropRegionBlack");
            draft.drops.regions[side] = match value {
                "" | "-" => None,
                _ => Some(region(value)?),
            };
        }
        "dropNoDoubled" => {
            draft.no_doubled = match value {
                "" | "-" => None,
                _ => Some(one_piece(&draft.rules, value, "`-`")?),
            };
        }
        "dropNoDoubledCount" => {
            draft.no_doubled_count =
                u8::try_from(number(value)?).map_err(|_| bad(format!("`{value}`: at most 255")))?;
        }
        "enclosingDrop" => {
            draft.drops.enclosing = match value {
                "none" => None,
                "reversi" => Some(Enclosing::Reversi),
                "ataxx" => Some(Enclosing::Ataxx),
                "snort" => Some(Enclosing::Snort),
                "anyside" => Some(Enclosing::Anyside),
                "top" => Some(Enclosing::Top),
                _ => {
                    return Err(bad(format!(
                        "`{value}`: a drop's rule is `reversi`, `ataxx`, `snort`, `anyside`, `top` or `none`"
                    )));
                }
            };
        }
        "enclosingDropStart" => {
            draft.drops.enclosing_start = match value {
                "" | "-" => None,
                _ => Some(region(value)?),
            };
        }
        "flipEnclosedPieces" => {
            // (Fairy-Stockfish reads a drop's rules here too, and flips
            // nothing by them.)
            draft.rules.flip = match value {
                "reversi" => Some(Flip::Reversi),
                "ataxx" => Some(Flip::Ataxx),
                "quadwrangle" => Some(Flip::Quadwrangle),
                "none" | "snort" | "anyside" | "top" => None,
                _ => {
                    return Err(bad(format!(
                        "`{value}`: pieces are flipped by `reversi`, `ataxx` or `quadwrangle`, or `none`"
                    )));
                }
            };
        }
        "firstRankPawnDrops" => draft.drops.pawns_on_first_rank = boolean(value)?,
        "promotionZonePawnDrops" => draft.drops.pawns_in_zone = boolean(value)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// A key of how games end: stalemate and checkmate, extinction, flags,
/// checks, counting, repetition and move rules. Returns whether `key` is
/// one.
fn ends_key(draft: &mut Draft, key: &str, value: &str) -> Result<bool, Problem> {
    let bad = Problem::Value;
    let rules = &mut draft.rules;
    match key {
        "bikjangRule" => rules.bikjang = boolean(value)?,
        "oppositeCastling" => rules.opposite_castling = boolean(value)?,
        "stalemateValue" => {
            draft.pending.retain(|p| p.key != key);
            draft.rules.stalemate = match value {
                "draw" => Stalemate::Draw,
                "loss" => Stalemate::Loss,
                "win" => Stalemate::Win,
                other => {
                    return Err(bad(format!(
                        "`{other}`: a stalemate is `draw`, `loss` or `win`"
                    )));
                }
            };
        }
        "checkmateValue" => {
            draft.rules.checkmate = match value {
                "none" | "" | "-" => {
                    return Err(bad(format!(
                        "`{value}`: a checkmate's result is `win`, `loss` or `draw`"
                    )));
                }
                other => ending(other)?,
            }
        }
        "extinctionValue" => {
            draft.extinction_value = match value {
                "none" | "" | "-" => None,
                other => Some(ending(other)?),
            }
        }
        "extinctionClaim" => draft.extinction.claim = boolean(value)?,
        "extinctionPseudoRoyal" => draft.pseudo_royal = boolean(value)?,
        "dupleCheck" => draft.duple_check = boolean(value)?,
        "checkCounting" => draft.check_counting = boolean(value)?,
        "castlingWins" => {
            // `KQkq` as a FEN's castling field writes them; `-`: none.
            let mut wins = [[false; 2]; 2];
            for c in value.chars().filter(|_| value != "-") {
                let (side, wing) = match c {
                    'K' => (0, 0),
                    'Q' => (0, 1),
                    'k' => (1, 0),
                    'q' => (1, 1),
                    _ => {
                        return Err(Problem::Value(format!(
                            "`{value}`: castlings as a FEN writes them (`KQkq`), or `-`"
                        )));
                    }
                };
                wins[side][wing] = true;
            }
            draft.castling_wins = wins;
        }
        "shatarMateRule" => draft.rules.shatar_mate = boolean(value)?,
        "stalematePieceCount" => draft.rules.stalemate_by_count = boolean(value)?,
        "adjudicateFullBoard" => draft.full_board = boolean(value)?,
        "materialCounting" => {
            draft.pending.retain(|p| p.key != key);
            draft.rules.material_counting = match value {
                "none" => None,
                "whitedrawodds" => Some(MaterialCounting::WhiteDrawOdds),
                "blackdrawodds" => Some(MaterialCounting::BlackDrawOdds),
                "unweighted" => Some(MaterialCounting::Unweighted),
                "janggi" => Some(MaterialCounting::Janggi),
                _ => {
                    return Err(bad(format!(
                        "`{value}`: `whitedrawodds`, `blackdrawodds`, `unweighted`, `janggi` or `none`"
                    )));
                }
            };
        }
        "extinctionPieceTypes" => {
            draft.extinction.pieces = piece_set(&draft.rules, value)?;
        }
        "extinctionPieceCount" => draft.extinction.count = number(value)?,
        "extinctionOpponentPieceCount" => draft.extinction.opponent_count = number(value)?,
        "flagPiece" | "flagPieceWhite" | "flagPieceBlack" => {
            let piece = match piece_set(&draft.rules, value)?.as_slice() {
                [] | ['*'] => None,
                [one] => Some(*one),
                _ => return Err(bad(format!("`{value}`: one piece letter, or `*`"))),
            };
            for side in sides(key) {
                draft.flag.pieces[side] = piece;
            }
        }
        "flagRegion" | "flagRegionWhite" | "flagRegionBlack" => {
            let region = region(value)?;
            for side in sides(key) {
                draft.flag.regions[side] = region;
            }
        }
        "flagPieceCount" => draft.flag.count = number(value)?,
        "flagPieceBlockedWin" => draft.flag.blocked_win = boolean(value)?,
        "flagMove" => draft.flag.one_more_move = boolean(value)?,
        "flagPieceSafe" => draft.flag.safe = boolean(value)?,
        "nMoveRule" | "nFoldRule" => {
            value
                .parse::<u32>()
                .map_err(|_| bad(format!("`{value}`: a number")))?;
        }
        "nMoveRuleTypes" | "nMoveRuleTypesWhite" | "nMoveRuleTypesBlack" => {}
        "nFoldValue" => {
            ending(value)?;
        }
        "nFoldValueAbsolute" | "perpetualCheckIllegal" | "moveRepetitionIllegal" => {
            boolean(value)?;
        }
        "chasingRule" => match value {
            "none" | "axf" => {}
            _ => return Err(bad(format!("`{value}`: `axf` or `none`"))),
        },
        "countingRule" => match value {
            "none" | "makruk" | "cambodian" | "asean" => {}
            _ => {
                return Err(bad(format!(
                    "`{value}`: `makruk`, `cambodian`, `asean` or `none`"
                )));
            }
        },
        _ => return Ok(false),
    }
    Ok(true)
}

/// A key of the goals of pieces connected: in a row (`connectN`), in a
/// square (`connectNxN`), on a line (`collinearN`), or joining two
/// regions. Returns whether `key` is one.
pub(super) fn connect_key(draft: &mut Draft, key: &str, value: &str) -> Result<bool, Problem> {
    // A count of pieces, of at most a board's side (`limit` says so).
    let count = |limit: String| {
        u8::try_from(number(value)?)
            .ok()
            .filter(|&n| n <= MAX_SIDE)
            .ok_or_else(|| Problem::Value(format!("`{value}`: {limit}")))
    };
    match key {
        "connectN" => draft.connect.n = count(format!("at most {MAX_SIDE} in a row"))?,
        "connectNxN" => {
            draft.connect.square = count(format!("a square's side is at most {MAX_SIDE}"))?;
        }
        "collinearN" => draft.connect.collinear = count(format!("at most {MAX_SIDE} on a line"))?,
        "connectRegion1White"
        | "connectRegion2White"
        | "connectRegion1Black"
        | "connectRegion2Black" => {
            let side = usize::from(key.ends_with("Black"));
            let which = usize::from(key.starts_with("connectRegion2"));
            draft.connect.regions[side][which] = match value {
                "" | "-" => crate::geometry::Region::EMPTY,
                _ => region(value)?,
            };
        }
        "connectPieceTypes" => draft.connect.pieces = piece_set(&draft.rules, value)?,
        "connectHorizontal" => draft.connect.horizontal = boolean(value)?,
        "connectVertical" => draft.connect.vertical = boolean(value)?,
        "connectDiagonal" => draft.connect.diagonal = boolean(value)?,
        "connectValue" => draft.connect.ending = ending(value)?,
        _ => return Ok(false),
    }
    Ok(true)
}
