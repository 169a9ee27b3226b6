//! The reasons a move is refused, each worded once for every rules —
//! chess's, its variants' and those a user defines — from descriptions of
//! the pieces and squares concerned ("the bishop on f1", "the white pawn
//! on e2"): each completes "White cannot play `12. Bc4`: …". And the help
//! that lists moves, or guesses the move meant.

use shakmaty::Color;

use crate::diagnostic::words::one_edit;
use crate::diagnostic::words::{color_adj, color_name, join_and};
use crate::diagnostic::{ErrorKind, Help};

use super::rejection::Rejection;

/// The piece (`piece`: "the bishop on f1") is blocked by `blocker`.
pub(super) fn blocked(piece: &str, blocker: &str) -> Rejection {
    Rejection::new(
        ErrorKind::Blocked,
        format!("{piece} is blocked by {blocker}"),
    )
}

/// The piece is pinned to its `king` ("king on e1") by `pinner`.
pub(super) fn pinned(piece: &str, king: &str, pinner: &str) -> Rejection {
    Rejection::new(
        ErrorKind::Pinned,
        format!("{piece} is pinned to its {king} by {pinner}"),
    )
}

/// The `king` ("king on e8") is in check from `checkers` (`double`: two of
/// them) and the move does not answer it.
pub(super) fn in_check(king: &str, checkers: &str, double: bool) -> Rejection {
    let reason = if double {
        format!(
            "the {king} is in double check from {checkers}, and only a king move answers a double check"
        )
    } else {
        format!("the {king} is in check from {checkers}, and this move does not answer it")
    };
    Rejection::new(ErrorKind::InCheck, reason)
}

/// The `king` (moving) would be in check on `to` from `attackers`.
pub(super) fn into_check(king: &str, to: &str, attackers: &str) -> Rejection {
    Rejection::new(
        ErrorKind::IntoCheck,
        format!("the {king} would be in check on {to} from {attackers}"),
    )
}

/// The move would expose the `king` to `attackers`.
pub(super) fn exposes(king: &str, attackers: &str) -> Rejection {
    Rejection::new(
        ErrorKind::IntoCheck,
        format!("it would expose the {king} to {attackers}"),
    )
}

/// A drop on a square `occupant` ("the white pawn on e4") stands on.
pub(super) fn drop_onto(occupant: &str) -> Rejection {
    Rejection::new(
        ErrorKind::BadDrop,
        format!("{occupant} stands there: a piece is dropped on an empty square"),
    )
}

/// A pawn dropped where pawns may not be (`place`: "on the first or last
/// rank").
pub(super) fn pawn_drop(place: &str) -> Rejection {
    Rejection::new(
        ErrorKind::BadDrop,
        format!("a pawn cannot be dropped {place}"),
    )
}

/// A drop of a piece (`name`: "knight") `mover` does not hold; `held`,
/// the letters of the pieces it holds.
pub(super) fn not_in_hand(name: &str, mover: Color, held: &[String]) -> Rejection {
    let listing = if held.is_empty() {
        "it is empty".to_string()
    } else {
        format!("pocket: {}", held.join(" "))
    };
    Rejection::new(
        ErrorKind::EmptyPocket,
        format!(
            "there is no {name} in {}'s pocket ({listing})",
            color_name(mover)
        ),
    )
}

/// A drop of a `name` ("knight") on `to` that leaves `mover` in check.
pub(super) fn drop_in_check(mover: Color, name: &str, to: &str) -> Rejection {
    Rejection::new(
        ErrorKind::InCheck,
        format!(
            "{} is in check, and a {name} on {to} does not answer it",
            color_name(mover)
        ),
    )
}

/// No piece stands on `from`.
pub(super) fn no_piece(from: &str) -> Rejection {
    Rejection::new(
        ErrorKind::WrongPiece,
        format!("there is no piece on {from}"),
    )
}

/// The piece (`piece`: "the black pawn on e7") is the other side's.
pub(super) fn not_yours(piece: &str, mover: Color) -> Rejection {
    Rejection::new(
        ErrorKind::WrongPiece,
        format!(
            "{piece} belongs to {}, and it is {}'s turn",
            color_name(!mover),
            color_name(mover)
        ),
    )
}

/// `to` holds a piece (`name`) of the side to move, `mover`.
pub(super) fn own_piece(to: &str, mover: Color, name: &str) -> Rejection {
    Rejection::new(
        ErrorKind::OwnPiece,
        format!("{to} is occupied by {}'s own {name}", color_name(mover)),
    )
}

/// `from` to `to` is no move of a piece called `name`; `how` says how it
/// moves ("a knight jumps two squares one way and one the other").
pub(super) fn not_a_move(from: &str, to: &str, name: &str, how: &str) -> Rejection {
    Rejection::new(
        ErrorKind::CannotReach,
        format!(
            "{from} to {to} is not {} move: {how}",
            crate::diagnostic::words::a(name)
        ),
    )
}

/// A move that captures nothing while `captures` (SAN) are possible and
/// compulsory.
pub(super) fn compulsory_capture(variant: &str, captures: &[String]) -> Rejection {
    let sans: Vec<String> = captures.iter().take(4).map(|c| format!("`{c}`")).collect();
    let more = if captures.len() > 4 { " …" } else { "" };
    Rejection::new(
        ErrorKind::CompulsoryCapture,
        format!(
            "captures are compulsory in {variant}: {}{more} capture{}",
            join_and(sans),
            if captures.len() == 1 { "s" } else { "" }
        ),
    )
}

/// Where captures explode (atomic): a royal piece (`royal`: "king") of
/// `mover` that captures would blow itself up with `san`.
pub(super) fn royal_captures(variant: &str, royal: &str, san: &str, mover: Color) -> Rejection {
    Rejection::new(
        ErrorKind::AtomicCapture,
        format!(
            "in {variant} a {royal} cannot capture: `{san}` would explode the {} {royal} itself",
            color_adj(mover)
        ),
    )
}

/// Where captures explode (atomic): the explosion on `at` would take the
/// mover's royal piece (`royal`: "white king on e1") with it.
pub(super) fn blows_up(at: &str, royal: &str) -> Rejection {
    Rejection::new(
        ErrorKind::AtomicCapture,
        format!("the explosion on {at} would take the {royal} with it"),
    )
}

/// Where captures explode (atomic): royal pieces (`royal`: "king") that
/// touch are in no check, and the move parts them.
pub(super) fn touching_royals(variant: &str, royal: &str) -> Help {
    Help::Note(format!(
        "in {variant} the {royal}s may stand next to each other, and while they touch neither is in check (a {royal} that captured the other would explode with it); after this move they would not touch"
    ))
}

/// A move (`the_move`: "`Rd8`", "moving the rook on d1 to d8") that
/// gives check under rules that allow none.
pub(super) fn gives_check(variant: &str, the_move: &str, checked: Color) -> Rejection {
    Rejection::new(
        ErrorKind::RacingCheck,
        format!(
            "{variant} forbids giving check, and {the_move} checks the {} king",
            color_adj(checked)
        ),
    )
}

/// Nothing stands on `to` for a move that captures.
pub(super) fn nothing_to_capture(to: &str) -> Rejection {
    Rejection::new(
        ErrorKind::NothingToCapture,
        format!("there is nothing to capture on {to}"),
    )
}

/// A piece (`piece`: "the pawn") reaches `zone` ("the last rank") on `to`
/// and must say what it becomes.
pub(super) fn must_promote(piece: &str, zone: &str, to: &str) -> Rejection {
    Rejection::new(
        ErrorKind::PromotionMissing,
        format!("{piece} reaches {zone} on {to} and must promote"),
    )
}

/// Several pieces (`pieces`: "the knight on b5") can go to `to`; `choices`
/// say which.
pub(super) fn ambiguous(pieces: Vec<String>, to: &str, choices: Vec<String>) -> Rejection {
    Rejection::new(
        ErrorKind::Ambiguous,
        format!(
            "it is ambiguous: {} {} can go to {to}",
            if pieces.len() == 2 { "both" } else { "all of" },
            join_and(pieces)
        ),
    )
    .help(Help::Write {
        lead: "say which: ",
        choices,
    })
}

/// None of `mover`'s pieces called `name`, on `squares`, can reach `to`.
pub(super) fn none_reaches(mover: Color, name: &str, to: &str, squares: Vec<String>) -> Rejection {
    Rejection::new(
        ErrorKind::CannotReach,
        format!(
            "no {} {name} can reach {to} (they are on {})",
            color_adj(mover),
            join_and(squares)
        ),
    )
}

/// `mover` has no piece called `name` (`names`, in the plural) at `place`
/// (" on the b-file", or nothing) that could go to `to`; `all` are the
/// squares of those it has.
pub(super) fn no_such_piece(
    mover: Color,
    (name, names): (&str, &str),
    place: &str,
    to: &str,
    all: Vec<String>,
) -> Rejection {
    let have = match all.len() {
        0 => String::new(),
        1 => format!(" ({} has its {name} on {})", color_name(mover), all[0]),
        _ => format!(" ({} has {names} on {})", color_name(mover), join_and(all)),
    };
    Rejection::new(
        ErrorKind::NoSuchPiece,
        format!(
            "{} has no {name}{place} that could go to {to}{have}",
            color_name(mover)
        ),
    )
}

/// The moves in SAN after `lead`, at most `limit` of them.
pub(super) fn listing(lead: String, mut moves: Vec<String>, limit: usize) -> Help {
    let more = moves.len().saturating_sub(limit);
    moves.truncate(limit);
    Help::Moves { lead, moves, more }
}

/// "the knight on g1 can play `Nf3`, `Nh3`", or "… has no legal move".
pub(super) fn piece_can_play(piece: &str, moves: Vec<String>) -> Help {
    if moves.is_empty() {
        Help::Note(format!("{piece} has no legal move"))
    } else {
        listing(format!("{piece} can play "), moves, 10)
    }
}

/// In check, every legal move (`moves`, in SAN) answers it: "moves that
/// answer the check: `g6`", the only one, or that none does.
pub(super) fn check_answers(moves: Vec<String>) -> Help {
    match moves.len() {
        0 => Help::Note("it is checkmate: no move answers the check".to_string()),
        1 => listing(
            "the only move that answers the check is ".to_string(),
            moves,
            1,
        ),
        _ => listing("moves that answer the check: ".to_string(), moves, 10),
    }
}

/// "write `a` or `b`"
pub(super) fn write(choices: Vec<String>) -> Help {
    Help::Write {
        lead: "write ",
        choices,
    }
}

/// Adds "`Ba4` is a legal move for White: is a move of Black's missing
/// before it?" to a rejection that says the side to move (`us`) has no
/// piece that could be meant (none of the kind, none that reaches the
/// square, the square its own, a square of the other side's named as the
/// piece's, an empty pocket), where the move (`written`) is one legal move
/// for the other side (`the_other_sides`, asked only then) — the mark of
/// a ply left out of the record. Not where the mover's piece could make
/// the move but for what stands in its way, a pawn's rules, a pin or a
/// check (a slip more likely than a ply left out), nor for castling,
/// which both sides write alike.
pub(super) fn with_the_other_sides(
    rejection: Rejection,
    us: Color,
    written: &str,
    the_other_sides: impl FnOnce() -> bool,
) -> Rejection {
    let about_the_pieces = matches!(
        rejection.kind,
        ErrorKind::NoSuchPiece
            | ErrorKind::CannotReach
            | ErrorKind::OwnPiece
            | ErrorKind::WrongPiece
            | ErrorKind::EmptyPocket
    );
    if about_the_pieces && the_other_sides() {
        rejection.help(Help::Note(format!(
            "`{written}` is a legal move for {}: is a move of {}'s missing before it?",
            color_name(!us),
            color_name(us)
        )))
    } else {
        rejection
    }
}

/// `rejection` with the legal moves one edit away from what was written
/// (`moves`, if any) first among its help: "did you mean `Nf3`?" (not when
/// the help proposes exactly these moves already).
pub(super) fn with_guess(mut rejection: Rejection, moves: Option<Vec<String>>) -> Rejection {
    let Some(moves) = moves else {
        return rejection;
    };
    let repeated = rejection.help.iter().any(|help| {
        let listed = help.proposals();
        matches!(help, Help::DidYouMean(_))
            || listed.len() == moves.len() && moves.iter().all(|m| listed.contains(m))
    });
    if !repeated {
        rejection.help.insert(0, Help::DidYouMean(moves));
    }
    rejection
}

/// The moves of `spelled` (legal moves, spelled as the move was written)
/// one edit (a wrong, missing or extra character: a file, a rank, a
/// piece letter) away from `written`, if there are one to three of them.
/// A piece letter added or dropped turns a piece move into a pawn move or
/// back: too far to guess.
pub(super) fn one_edit_away(
    written: &str,
    spelled: impl Iterator<Item = String>,
) -> Option<Vec<String>> {
    let written: Vec<char> = written
        .chars()
        .filter(|c| !matches!(c, '+' | '#'))
        .collect();
    if written.len() > 12 {
        return None;
    }
    let piece_letter = |w: Option<&char>| w.is_some_and(char::is_ascii_uppercase);
    let mut found: Vec<String> = Vec::new();
    for spelled in spelled {
        if piece_letter(written.first()) != piece_letter(spelled.chars().next().as_ref()) {
            continue;
        }
        if one_edit(&written, &spelled) && !found.contains(&spelled) {
            found.push(spelled);
        }
    }
    (1..=3).contains(&found.len()).then_some(found)
}
