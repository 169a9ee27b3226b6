//! chess-rules' reasons why a move of a game under rules a user defines is
//! refused ([`Refusal`]), in the sentences chess's are worded in: one
//! function a kind of reason — drops, a piece's own moves, promotions, and
//! what the rules demand besides (captures, checks, explosions, regions,
//! royal pieces).

use chess_rules::betza::Hop;
use chess_rules::{Position, Rejection as Refusal, Square};

use crate::diagnostic::ErrorKind;
use crate::diagnostic::words::{color_adj, color_name};

use super::custom_words::{
    color, drops_of, name, ordinal, own_piece_on, piece_on, promotions, region_words,
};
use super::reasons::{self, piece_can_play, write};
use super::rejection::Rejection;

/// A refused move: the position, where it goes from and to, what it
/// promotes to, and the kind a drop puts down.
struct Refused<'p, 'r> {
    pos: &'p Position<'r>,
    from: Square,
    to: Square,
    promotion: Option<char>,
    drop: Option<u8>,
}

/// chess-rules' reason why the piece on `from` cannot go to `to` (or,
/// for a drop of the kind `drop`, be put on `to`), in the sentences
/// chess's are worded in.
pub(super) fn refusal_rejection(
    pos: &Position<'_>,
    from: Square,
    to: Square,
    promotion: Option<char>,
    refusal: Refusal,
    drop: Option<u8>,
) -> Rejection {
    let r = Refused {
        pos,
        from,
        to,
        promotion,
        drop,
    };
    dropping(&r, refusal.clone())
        .or_else(|| promoting(&r, refusal.clone()))
        .or_else(|| demanded(&r, refusal.clone()))
        .or_else(|| moving(&r, refusal))
        // (Every refusal is one of the four kinds.)
        .unwrap_or_else(|| Rejection::new(ErrorKind::CannotReach, "this move is not legal here"))
}

/// A drop refused: where it may not go, what is not in hand.
fn dropping(r: &Refused<'_, '_>, refusal: Refusal) -> Option<Rejection> {
    let (pos, from, to) = (r.pos, r.from, r.to);
    let mover = color(pos);
    let piece = own_piece_on(pos, from);
    let kind_name = |kind: u8| pos.rules().pieces[usize::from(kind)].name.as_str();
    let promotion = r.promotion;
    Some(match refusal {
        Refusal::OffBoard => Rejection::new(
            ErrorKind::BadDrop,
            format!("{to} is not a square of the board"),
        ),
        Refusal::NotInHand(p) => {
            let held: Vec<String> = (0..pos.rules().pieces.len().min(64) as u8)
                .rev()
                .flat_map(|kind| {
                    let letter = pos.rules().pieces[usize::from(kind)].letter.to_string();
                    std::iter::repeat_n(letter, usize::from(pos.in_hand(pos.turn(), kind)))
                })
                .collect();
            reasons::not_in_hand(kind_name(p.kind), mover, &held)
        }
        Refusal::DropOnto(_) => reasons::drop_onto(&piece_on(pos, to)),
        Refusal::PawnDrop { first_rank, .. } => reasons::pawn_drop(if first_rank {
            "on its side's first rank"
        } else {
            "in its side's promotion zone"
        }),
        Refusal::DropRegion(p) => Rejection::new(
            ErrorKind::BadDrop,
            format!(
                "{} drops pieces only on some squares under {}, and {to} is not one of them",
                color_name(mover),
                pos.rules().name
            ),
        )
        .help(drops_of(pos, p.kind)),
        Refusal::BishopColours(p) => super::placement::bishop_colours(pos, p, to),
        Refusal::RookOffFirstRank(p) => super::sittuyin::rook_drop(pos, p, to),
        Refusal::NotEnclosing { piece: p, start } => {
            super::enclosing::not_enclosing(pos, p, to, start)
        }
        Refusal::SittuyinPromotion { why, .. } => {
            let kind = promotion.and_then(|l| pos.rules().index(l)).unwrap_or(0) as u8;
            super::sittuyin::promotion(pos, &piece, from, to, kind, why)
        }
        Refusal::Doubled { piece: p, count } => {
            let name = kind_name(p.kind);
            let many = if count == 1 {
                crate::diagnostic::words::a(name)
            } else {
                format!("{count} {name}s")
            };
            Rejection::new(
                ErrorKind::BadDrop,
                format!(
                    "a {name} may not be dropped on a file where its side has {many} already (the {}-file)",
                    char::from(b'a' + to.file)
                ),
            )
            .help(drops_of(pos, p.kind))
        }
        // (The replay asks for a move after the end before it asks why.)
        Refusal::NotDroppedPromoted(p) => {
            let def = &pos.rules().pieces[usize::from(p.kind)];
            let why = match def.promotes_to {
                None => format!(
                    "a {} promotes to nothing under {}",
                    def.name,
                    pos.rules().name
                ),
                Some(_) => format!("{} drops no piece promoted", pos.rules().name),
            };
            Rejection::new(ErrorKind::BadDrop, format!("`+{}`: {why}", def.letter))
                .help(drops_of(pos, p.kind))
        }
        Refusal::MustDrop => {
            let drops = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
            let first = (pos.rules().drops.as_ref())
                .and_then(|d| d.must_drop_kind)
                .and_then(|l| pos.rules().piece(l));
            // (What is held, and what must be dropped before what.)
            let (held, rule) = match first {
                Some(def) => (
                    crate::diagnostic::words::a(&def.name),
                    "it must be dropped before any other piece is dropped or moves",
                ),
                None => (
                    "pieces".to_string(),
                    "they must all be dropped before a piece on the board moves",
                ),
            };
            let message = format!(
                "{} holds {held} in hand, and under {} {rule}",
                color_name(mover),
                pos.rules().name
            );
            Rejection::new(ErrorKind::CompulsoryDrop, message)
                .help(piece_can_play("a piece in hand", drops))
        }
        _ => return None,
    })
}

/// A move the piece does not make: none there, not its own, blocked, not
/// from where it stands.
fn moving(r: &Refused<'_, '_>, refusal: Refusal) -> Option<Rejection> {
    let (pos, from, to) = (r.pos, r.from, r.to);
    let mover = color(pos);
    let piece = own_piece_on(pos, from);
    Some(match refusal {
        Refusal::GameOver(_) => Rejection::new(ErrorKind::GameOver, "the game is over"),
        Refusal::NoPiece => reasons::no_piece(&from.to_string()),
        Refusal::NotYours(_) => reasons::not_yours(&piece_on(pos, from), mover),
        Refusal::OwnPiece(_) => reasons::own_piece(&to.to_string(), mover, name(pos, to)),
        Refusal::NotAMove { moves, .. } => {
            reasons::not_a_move(&from.to_string(), &to.to_string(), name(pos, from), &moves)
        }
        Refusal::CannotCapture(_) => Rejection::new(
            ErrorKind::CannotReach,
            format!(
                "{piece} goes to {to} only when it is empty, and {} stands there",
                piece_on(pos, to)
            ),
        ),
        Refusal::OnlyCaptures(_) => Rejection::new(
            ErrorKind::NothingToCapture,
            format!(
                "{piece} goes to {to} only to capture, and there is nothing to capture on {to}"
            ),
        ),
        Refusal::NotFromStart(p)
            if pos.rules().pieces[usize::from(p.kind)]
                .initial_region
                .is_some() =>
        {
            Rejection::new(
                ErrorKind::CannotReach,
                format!(
                    "{piece} makes that move only from some squares under {} (a xiangqi soldier \
                     steps sideways only across the river), and {from} is not one of them",
                    pos.rules().name
                ),
            )
        }
        Refusal::NotFromStart(p) => match pos.rules().initial_region {
            // The rule set's own squares (Fairy-Stockfish's
            // `doubleStepRegion`), not the start position's.
            Some(regions) => Rejection::new(
                ErrorKind::CannotReach,
                format!(
                    "{piece} makes that move only from {}, and {from} is not there",
                    region_words(
                        regions[usize::from(p.color == chess_rules::Color::Black)],
                        pos.rules().geometry
                    )
                ),
            ),
            None => Rejection::new(
                ErrorKind::CannotReach,
                format!("{piece} makes that move only from its start square"),
            ),
        },
        Refusal::Blocked { at, .. } => reasons::blocked(&piece, &piece_on(pos, at)),
        Refusal::FirstLeap { why, .. } => super::gates::first_leap(pos, &piece, from, to, why),
        Refusal::Hop { hop, between, .. } => {
            let on = |squares: &[Square]| {
                let list: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
                list.join(", ")
            };
            let kind_on = |sq: Square| pos.piece_at(sq).map(|p| p.kind);
            let message = match (hop, between.as_slice()) {
                (Hop::Unlike, [screen]) if kind_on(*screen) == kind_on(from) => format!(
                    "{piece} may not hop over a piece of its own kind, and one stands on {screen}"
                ),
                (Hop::Unlike, [_]) => {
                    format!("{piece} may not take a piece of its own kind, as the one on {to} is")
                }
                (Hop::Beyond, _) => format!(
                    "{piece} goes along that line only to the square just beyond a piece, and {}",
                    match between.as_slice() {
                        [] => format!("no piece stands between {from} and {to}"),
                        squares => format!("the pieces between stand on {}", on(squares)),
                    }
                ),
                (_, []) => format!(
                    "{piece} goes to {to} only by hopping over one piece, and no piece stands between {from} and {to}"
                ),
                (_, squares) => format!(
                    "{piece} hops over one piece only, and {} stand between it and {to} ({})",
                    squares.len(),
                    on(squares)
                ),
            };
            Rejection::new(ErrorKind::CannotReach, message)
        }
        _ => return None,
    })
}

/// A promotion refused: to what, how many, where it must be made.
fn promoting(r: &Refused<'_, '_>, refusal: Refusal) -> Option<Rejection> {
    let (pos, from, to) = (r.pos, r.from, r.to);
    let mover = color(pos);
    let piece = own_piece_on(pos, from);
    let kind_name = |kind: u8| pos.rules().pieces[usize::from(kind)].name.as_str();
    let promotion = r.promotion;
    let drop = r.drop;
    Some(match refusal {
        Refusal::Promotion => {
            let choices = promotions(pos, from, to);
            match promotion {
                None => reasons::must_promote(&piece, "its promotion zone", &to.to_string())
                    .help(write(choices)),
                Some(letter) => Rejection::new(
                    ErrorKind::BadPromotion,
                    format!("{piece} cannot become `{letter}` on {to}"),
                )
                .help(write(choices)),
            }
        }
        Refusal::PromotionLimit { kind, limit } => {
            let name = kind_name(kind);
            let none = match limit {
                1 => "none".to_string(),
                limit => format!("fewer than {limit}"),
            };
            let has = match pos.count(pos.turn(), kind) {
                1 => "one".to_string(),
                has => has.to_string(),
            };
            Rejection::new(
                ErrorKind::BadPromotion,
                format!(
                    "{piece} cannot become a {name} on {to}: a side promotes to a {name} only while it has {none} on the board, and {} has {has}",
                    color_name(mover)
                ),
            )
            .help(write(promotions(pos, from, to)))
        }
        Refusal::MustPromote(p) => {
            let changes: Vec<chess_rules::Move> = (pos.legal_moves().into_iter())
                .filter(|m| m.from == from && m.to == to)
                .collect();
            let demotes = !changes.is_empty()
                && changes
                    .iter()
                    .all(|m| m.kind == chess_rules::Effect::Demote);
            let change = if demotes { "demote" } else { "promote" };
            let zone =
                pos.rules().promotion_region[usize::from(p.color == chess_rules::Color::Black)];
            let how = if zone.contains(to) {
                format!("moving to {to}, in its promotion zone")
            } else {
                format!("leaving its promotion zone from {from}")
            };
            let choices = changes.iter().map(|&m| pos.san(m)).collect();
            // (A promoted piece says what it was: `+M`.)
            let was = match pos.promoted_from(from) {
                Some(kind) => format!(" (a promoted {})", kind_name(kind)),
                None => String::new(),
            };
            Rejection::new(
                ErrorKind::PromotionMissing,
                format!(
                    "{piece}{was} must {change} {how}, under {}",
                    pos.rules().name
                ),
            )
            .help(write(choices))
        }
        Refusal::Stranded(p) => {
            let name = kind_name(p.kind);
            match drop {
                Some(_) => Rejection::new(
                    ErrorKind::BadDrop,
                    format!(
                        "a {name} dropped on {to} could never move again, which {} forbids",
                        pos.rules().name
                    ),
                )
                .help(drops_of(pos, p.kind)),
                None => {
                    let choices = (pos.legal_moves().into_iter())
                        .filter(|m| m.from == from && m.to == to)
                        .map(|m| pos.san(m))
                        .collect();
                    Rejection::new(
                        ErrorKind::PromotionMissing,
                        format!(
                            "{piece} could never move again from {to}, which {} forbids: it must \
                             promote there",
                            pos.rules().name
                        ),
                    )
                    .help(write(choices))
                }
            }
        }
        _ => return None,
    })
}

/// What the rules demand besides: captures, no check, no explosion of a
/// royal piece, regions, royal pieces kept safe.
fn demanded(r: &Refused<'_, '_>, refusal: Refusal) -> Option<Rejection> {
    let (pos, from, to) = (r.pos, r.from, r.to);
    let mover = color(pos);
    let piece = own_piece_on(pos, from);
    let royal_name = |sq: Square| name(pos, sq).to_string();
    let kind_name = |kind: u8| pos.rules().pieces[usize::from(kind)].name.as_str();
    let drop = r.drop;
    Some(match refusal {
        Refusal::MustCapture(_) => {
            let captures: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
            reasons::compulsory_capture(&pos.rules().name, &captures)
        }
        Refusal::GivesCheck if drop.is_some() && pos.rules().checks => Rejection::new(
            ErrorKind::BadDrop,
            format!(
                "a drop may not give check under {}, and a {} dropped on {to} checks the {} king",
                pos.rules().name,
                kind_name(drop.unwrap_or(0)),
                color_adj(!mover)
            ),
        ),
        Refusal::GivesCheck => reasons::gives_check(
            &pos.rules().name,
            &match drop {
                Some(kind) => format!(
                    "{} dropped on {to}",
                    crate::diagnostic::words::a(kind_name(kind))
                ),
                None => format!("moving {piece} to {to}"),
            },
            !mover,
        ),
        Refusal::BlowsUp { royal } if royal == from => {
            let letter =
                pos.rules().pieces[usize::from(pos.piece_at(from).map_or(0, |p| p.kind))].letter;
            reasons::royal_captures(
                &pos.rules().name,
                name(pos, from),
                &format!("{letter}x{to}"),
                mover,
            )
        }
        Refusal::BlowsUp { royal } => reasons::blows_up(
            &to.to_string(),
            &format!("{} {} on {royal}", color_adj(mover), name(pos, royal)),
        ),
        Refusal::MutuallyImmune(_) => Rejection::new(
            ErrorKind::CannotReach,
            format!(
                "under {} a {kind} may not capture a {kind}: {piece} cannot take {}",
                pos.rules().name,
                piece_on(pos, to),
                kind = name(pos, from),
            ),
        ),
        Refusal::OutOfRegion(p) => {
            let def = &pos.rules().pieces[usize::from(p.kind)];
            let region = def.mobility[usize::from(p.color == chess_rules::Color::Black)];
            let squares: Vec<String> = region
                .iter()
                .flat_map(|r| r.squares())
                .filter(|&sq| pos.rules().geometry.contains(sq))
                .map(|sq| sq.to_string())
                .collect();
            let place = if squares.len() <= 12 {
                format!("its region ({})", squares.join(", "))
            } else {
                "its region".to_string()
            };
            Rejection::new(
                ErrorKind::CannotReach,
                format!(
                    "{piece} may not leave {place} under {}, and {to} is outside it",
                    pos.rules().name
                ),
            )
        }
        Refusal::Makpong(_) => Rejection::new(
            ErrorKind::InCheck,
            format!(
                "under {} a {kind} in check may only capture, and {piece} captures nothing on {to}",
                pos.rules().name,
                kind = name(pos, from),
            ),
        ),
        Refusal::FacesRoyal { royal, other } => {
            let line = if royal.file == other.file {
                format!("{}-file", char::from(b'a' + royal.file))
            } else {
                format!("{} rank", ordinal(u32::from(royal.rank) + 1))
            };
            // (The royal piece moving there, or the one a move uncovers.)
            let (kind, who) = if pos.is_royal(from) {
                (
                    ErrorKind::IntoCheck,
                    format!("the {} on {royal}", royal_name(from)),
                )
            } else {
                (
                    ErrorKind::Pinned,
                    format!("the {} on {royal}", royal_name(royal)),
                )
            };
            Rejection::new(
                kind,
                format!(
                    "{who} would face {} along the {line} with nothing between, which {} forbids \
                     (the flying general)",
                    piece_on(pos, other),
                    pos.rules().name
                ),
            )
        }
        Refusal::LeavesRoyalAttacked { royal, by } => {
            // (A royal piece dropped is the one attacked.)
            let dropped = drop.filter(|&k| pos.rules().pieces[usize::from(k)].royal);
            let moving_royal = pos.is_royal(from);
            // (The attacker stands on `by` before the move too.)
            let attacker = piece_on(pos, by);
            if let Some(kind) = dropped {
                reasons::into_check(kind_name(kind), &royal.to_string(), &attacker)
            } else if moving_royal && pos.shielded(from) {
                reasons::into_check(&royal_name(from), &royal.to_string(), &attacker)
                    .help(reasons::touching_royals(&pos.rules().name, name(pos, from)))
            } else if moving_royal {
                reasons::into_check(&royal_name(from), &royal.to_string(), &attacker)
            } else if pos.is_check() {
                let answers = pos.legal_moves().into_iter().map(|m| pos.san(m)).collect();
                reasons::in_check(
                    &format!("{} on {royal}", royal_name(royal)),
                    &attacker,
                    false,
                )
                .help(reasons::check_answers(answers))
            } else {
                reasons::pinned(
                    &piece,
                    &format!("{} on {royal}", royal_name(royal)),
                    &attacker,
                )
            }
        }
        _ => return None,
    })
}
