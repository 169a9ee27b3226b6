//! Why a setup is not a legal position, in words: the rule it breaks
//! (`chess_format::Illegal`, whose sentence is written there, once) with
//! what shakmaty's board shows of it, and the squares concerned.
//!
//! Kind worded here: `illegal-position`.

use std::fmt::Write as _;

use chess_format::{CastlingFault, Illegal, Seen};
use shakmaty::variant::Variant;
use shakmaty::{Bitboard, Board, Color, PositionErrorKinds, Rank, Square};

use crate::diagnostic::words::{color_adj, color_name, role_name, squares};
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::Range;
use crate::start::IllegalPosition;

/// Why a setup is not a legal position: the first rule it breaks, under
/// the rank, entry or field concerned.
pub fn illegal_position(illegal: &IllegalPosition) -> Diagnostic {
    let rules: [fn(&IllegalPosition) -> Option<Diagnostic>; 7] = [
        kings,
        pawns_on_back_ranks,
        opposite_check,
        castling_rights,
        en_passant_square,
        impossible_check,
        too_much_material,
    ];
    rules
        .iter()
        .find_map(|rule| rule(illegal))
        .unwrap_or_else(|| {
            fail(
                illegal.setup.board,
                format!("illegal position ({:?})", illegal.kinds),
            )
        })
}

/// An `illegal-position` diagnostic.
fn fail(range: Range, message: String) -> Diagnostic {
    Diagnostic::new(ErrorKind::IllegalPosition, range, message)
}

/// The `illegal-position` diagnostic that says `illegal` with what was
/// `seen` of it.
fn say(range: Range, illegal: Illegal, seen: Seen<'_>) -> Diagnostic {
    let mut message = String::new();
    let _ = illegal.write(&mut message, &seen);
    fail(range, message)
}

/// An empty board, a side without a king or with more than one.
fn kings(p: &IllegalPosition) -> Option<Diagnostic> {
    let (s, board) = (&p.setup, &p.setup.setup.board);
    if p.kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        return Some(say(s.board, Illegal::EmptyBoard, Seen::default()));
    }
    // (Only where shakmaty found it: Horde's White and Antichess have
    // no king to keep.)
    if !p
        .kinds
        .intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS)
    {
        return None;
    }
    for color in [Color::White, Color::Black] {
        if color == Color::White && p.variant == Variant::Horde {
            continue;
        }
        let kings = board.kings() & board.by_color(color);
        if kings.is_empty() {
            return Some(say(s.board, Illegal::NoKing(color.into()), Seen::default()));
        }
        if kings.more_than_one() {
            let second = kings.into_iter().nth(1).unwrap_or(Square::A1);
            let on = squares(kings);
            let seen = Seen {
                count: Some(kings.count() as u32),
                pieces: Some(&on),
                ..Seen::default()
            };
            return Some(say(s.at_square(second), Illegal::Kings(color.into()), seen));
        }
    }
    None
}

/// A pawn on the first or last rank.
/// In Horde, White's pawns may stand on the first rank.
fn pawns_on_back_ranks(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p.kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        return None;
    }
    let (s, board) = (&p.setup, &p.setup.setup.board);
    let horde = p.variant == Variant::Horde;
    let mut back_rank_pawns = board.pawns() & Bitboard::BACKRANKS;
    if horde {
        back_rank_pawns &= !(board.white() & Bitboard::from_rank(Rank::First));
    }
    let sq = back_rank_pawns.first()?;
    let color = board.piece_at(sq).map_or(Color::White, |p| p.color);
    let pawns = squares(back_rank_pawns);
    let seen = Seen {
        color: Some(color.into()),
        pieces: Some(&pawns),
        ..Seen::default()
    };
    let d = say(s.at_square(sq), Illegal::PawnOnBackRank(sq.into()), seen);
    Some(if horde {
        d.with_note("in Horde only White's pawns may stand on the first rank")
    } else if color == Color::White && sq.rank() == Rank::First {
        d.with_note("in Horde White's pawns may stand on the first rank: `[Variant \"Horde\"]`")
    } else {
        d
    })
}

/// The side not to move in check.
fn opposite_check(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p.kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        return None;
    }
    let (s, setup) = (&p.setup, &p.setup.setup);
    let board = &setup.board;
    let not_moving = !setup.turn;
    let king = board.king_of(not_moving).unwrap_or(Square::A1);
    let checkers = board.attacks_to(king, setup.turn, board.occupied());
    let checkers = pieces(board, checkers);
    let seen = Seen {
        king: Some(king.into()),
        pieces: Some(&checkers),
        ..Seen::default()
    };
    Some(
        say(s.turn, Illegal::OppositeCheck(not_moving.into()), seen).with_note(format!(
            "if {} is to move, write `{}`",
            color_name(not_moving),
            if not_moving == Color::White { "w" } else { "b" }
        )),
    )
}

/// Castling rights without the king and rook they need.
fn castling_rights(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p
        .kinds
        .contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS)
    {
        return None;
    }
    let (s, setup, mode) = (&p.setup, &p.setup.setup, p.mode);
    let board = &setup.board;
    let range = s.castling.unwrap_or(s.board);
    let valid = shakmaty::Castles::from_setup(setup, mode)
        .unwrap_or_else(|c| c)
        .castling_rights();
    let invalid = setup.castling_rights & !valid;
    let mut reasons = Vec::new();
    for sq in invalid {
        let color = if sq.rank() == Rank::First {
            Color::White
        } else {
            Color::Black
        };
        let king = board.king_of(color);
        let reason = if board.piece_at(sq) != Some(color.rook()) {
            CastlingFault::NoRook(sq.into())
        } else if let Some(k) = king.filter(|k| k.rank() != color.backrank()) {
            CastlingFault::KingOffItsRank(color.into(), k.into())
        } else if king.is_none() {
            CastlingFault::NoKing(color.into())
        } else if mode.is_standard() {
            CastlingFault::NotStandard(chess_format::Square::from(sq).rank())
        } else {
            CastlingFault::NotTheCastlingRook(sq.into())
        };
        // One reason for both rights it takes away.
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    let (first, others) = reasons.split_first()?;
    let mut message = String::new();
    let _ = first.write_all(&mut message, others);
    Some(
        fail(range, message)
        .with_note("castling needs the king and the rook on their starting squares; give only rights that exist, or `-`"),
    )
}

/// An en passant square no double step can have left.
fn en_passant_square(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p.kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        return None;
    }
    let (s, setup) = (&p.setup, &p.setup.setup);
    let range = s.ep.unwrap_or(s.board);
    let ep = setup.ep_square?;
    let seen = Seen {
        color: Some(setup.turn.into()),
        ..Seen::default()
    };
    Some(
        say(range, Illegal::EnPassant(ep.into()), seen)
            .with_note("write `-` if no pawn has just made a two-square advance"),
    )
}

/// A check no legal move can give.
fn impossible_check(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p.kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        return None;
    }
    let (s, setup) = (&p.setup, &p.setup.setup);
    let board = &setup.board;
    let king = board.king_of(setup.turn).unwrap_or(Square::A1);
    let checkers = pieces(board, board.attacks_to(king, !setup.turn, board.occupied()));
    let seen = Seen {
        color: Some(setup.turn.into()),
        pieces: Some(&checkers),
        ..Seen::default()
    };
    Some(say(s.board, Illegal::ImpossibleCheck(king.into()), seen))
}

/// More pieces than promotions can make.
fn too_much_material(p: &IllegalPosition) -> Option<Diagnostic> {
    if !p.kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        return None;
    }
    let board = &p.setup.setup.board;
    let mut counts = String::new();
    for color in [Color::White, Color::Black] {
        let ours = board.by_color(color);
        let _ = write!(
            counts,
            "{}{}: {} pawns, {} knights, {} bishops, {} rooks, {} queens",
            if counts.is_empty() { "" } else { "; " },
            color_name(color),
            (board.pawns() & ours).count(),
            (board.knights() & ours).count(),
            (board.bishops() & ours).count(),
            (board.rooks() & ours).count(),
            (board.queens() & ours).count()
        );
    }
    let seen = Seen {
        pieces: Some(&counts),
        ..Seen::default()
    };
    // (Said with both sides' material, the sentence names neither side.)
    let illegal = Illegal::TooMuchMaterial(chess_format::Color::White);
    Some(say(p.setup.board, illegal, seen))
}

/// "the white queen on e2 and the black rook on e8" (`nothing` if none).
fn pieces(board: &Board, squares: Bitboard) -> String {
    let names: Vec<String> = squares
        .into_iter()
        .filter_map(|sq| {
            board
                .piece_at(sq)
                .map(|p| format!("the {} {} on {sq}", color_adj(p.color), role_name(p.role)))
        })
        .collect();
    match names.len() {
        0 => "nothing".to_string(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// Why a game has no start position, as a diagnostic.
pub fn start_failure(failure: crate::start::Failure) -> Diagnostic {
    match failure {
        crate::start::Failure::Unreadable(d) => d,
        crate::start::Failure::Illegal(illegal) => illegal_position(&illegal),
        crate::start::Failure::Variant { variant, at } => Diagnostic::new(
            ErrorKind::BadSetup,
            at,
            format!(
                "this game is {}: puzzles and problems are standard chess or Chess960",
                variant.name()
            ),
        )
        .with_note(format!(
            "`game!`, `games!`, `include_pgn!` and `chess-verify` check {} games under their rules",
            variant.name()
        )),
    }
}
