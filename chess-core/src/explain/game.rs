//! A replay's failure in words: a move after the end of the game, a wrong
//! move number, an illegal move, a wrong marker, a result the position
//! contradicts.
//!
//! Kinds worded here: `game-over`, `wrong-move-number`, `wrong-marker`,
//! `wrong-result`, and every kind of illegal move (through `moves`).

use shakmaty::Color;

use crate::diagnostic::words::color_name;
use crate::diagnostic::{Diagnostic, ErrorKind, Help, OptIn};
use crate::input::{Range, Source};
use crate::replay::Rules;
use crate::replay::{End, EndInfo, Failure, PlyRef, VariantEnd};
use crate::syntax::{Marker, MoveNumber, PlySyntax};

use super::moves;
use super::rejection::{Context, Rejection};

/// The diagnostic for a replay's failure; `source` is the text it read.
pub fn replay_failure<P: Rules>(failure: &Failure<P>, source: &Source) -> Diagnostic {
    match failure {
        Failure::GameOver { ply, before, end } => game_over(end, ply, before, source),
        Failure::WrongNumber { number, before } => wrong_number(before, *number),
        Failure::Illegal {
            ply,
            before,
            lost,
            why,
        } => {
            let ctx = Context {
                pos: before,
                lost,
                text: source.slice(ply.range),
            };
            let rejection = moves::rejection(&ctx, &ply.mv, why);
            illegal(before, ply.range, &label(before, ply, source), rejection)
        }
        Failure::NotEnPassant { ply, before } => Diagnostic::new(
            ErrorKind::WrongMarker,
            ply.ep.unwrap_or(ply.range),
            format!(
                "`{}` is marked `e.p.`, but it is not an en passant capture",
                label(before, ply, source)
            ),
        )
        .with_note("remove `e.p.`"),
        Failure::WrongMarker {
            marker,
            range,
            check,
            mate,
            won,
            played,
            text,
        } => wrong_marker(
            *marker,
            *range,
            (*check, *mate, *won),
            played,
            source.slice(*text),
        ),
        Failure::WrongResult { range, end } => Diagnostic::new(
            ErrorKind::WrongResult,
            *range,
            format!(
                "the result `{}` contradicts the final position: {}",
                source.slice(*range),
                describe(*end)
            ),
        )
        .with(Help::Write {
            lead: "write ",
            choices: vec![end.result().as_str().to_string()],
        }),
    }
}

/// How the rules ended a game, as a clause.
fn describe(end: End) -> &'static str {
    match end {
        End::Checkmate(Color::White) => "White checkmated Black",
        End::Checkmate(Color::Black) => "Black checkmated White",
        End::Stalemate => "the game was drawn by stalemate",
        End::DeadPosition => {
            "the game was drawn: the position is dead (neither side has mating material)"
        }
        End::FivefoldRepetition => {
            "the game was drawn: the same position occurred for the fifth time"
        }
        End::SeventyFiveMoveRule => {
            "the game was drawn by the 75-move rule (75 moves each without a capture or pawn move)"
        }
        End::Variant(winner, how) => variant_end(winner, how),
    }
}

/// How a variant's own rule ended a game, as a clause.
fn variant_end(winner: Option<Color>, how: VariantEnd) -> &'static str {
    use Color::{Black, White};
    match (how, winner) {
        (VariantEnd::Hill, Some(White)) => "the white king reached the hill (King of the Hill)",
        (VariantEnd::Hill, _) => "the black king reached the hill (King of the Hill)",
        (VariantEnd::ThirdCheck, Some(White)) => "White gave the third check (Three-check)",
        (VariantEnd::ThirdCheck, _) => "Black gave the third check (Three-check)",
        (VariantEnd::Exploded, Some(White)) => "the black king exploded (Atomic)",
        (VariantEnd::Exploded, _) => "the white king exploded (Atomic)",
        (VariantEnd::NoPieces, Some(White)) => "White lost every piece and won (Antichess)",
        (VariantEnd::NoPieces, _) => "Black lost every piece and won (Antichess)",
        (VariantEnd::NoMoves, Some(White)) => "White had no move left and won (Antichess)",
        (VariantEnd::NoMoves, _) => "Black had no move left and won (Antichess)",
        (VariantEnd::HordeCaptured, _) => "Black captured the whole horde (Horde)",
        (VariantEnd::EighthRank, Some(White)) => {
            "the white king reached the eighth rank first (Racing Kings)"
        }
        (VariantEnd::EighthRank, Some(Black)) => {
            "the black king reached the eighth rank first (Racing Kings)"
        }
        (VariantEnd::EighthRank, None) => {
            "both kings reached the eighth rank: a draw (Racing Kings)"
        }
    }
}

/// "12." or "12..." for the side to move in `pos`.
fn number_label<P: Rules>(pos: &P) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// The move as written with its number: "12. Bc4".
fn label<P: Rules>(before: &P, ply: &PlySyntax, source: &Source) -> String {
    format!("{} {}", number_label(before), source.slice(ply.range))
}

fn game_over<P: Rules>(end: &EndInfo, ply: &PlySyntax, before: &P, source: &Source) -> Diagnostic {
    let when = match (&end.by, end.end) {
        (Some(by), End::Checkmate(_)) => format!(" with `{by}`"),
        (Some(by), _) => format!(" after `{by}`"),
        (None, _) => " in the starting position".to_string(),
    };
    let d = Diagnostic::new(
        ErrorKind::GameOver,
        ply.range,
        format!(
            "`{}` comes after the end of the game: {}{when}",
            label(before, ply, source),
            describe(end.end)
        ),
    );
    let otherwise = "remove this move and everything after it";
    if end.end.is_continuable() {
        d.with(Help::OptIn {
            otherwise,
            option: OptIn::MovesAfterDraw,
        })
    } else {
        d.with_note(otherwise)
    }
}

fn wrong_number<P: Rules>(before: &P, n: MoveNumber) -> Diagnostic {
    let expected = before.fullmoves().get();
    let turn = before.turn();
    let message = match n.value {
        None => format!(
            "this move number is far too large: the move after it is {}'s move {expected}",
            color_name(turn)
        ),
        Some(v) if v != expected => format!(
            "move number {v} does not match: the move after it is {}'s move {expected}",
            color_name(turn)
        ),
        Some(_) => {
            if n.black {
                format!("`{expected}...` marks a Black move, but it is White's turn")
            } else {
                format!("`{expected}.` marks a White move, but it is Black's turn")
            }
        }
    };
    Diagnostic::new(ErrorKind::WrongMoveNumber, n.range, message).with(Help::Write {
        lead: "write ",
        choices: vec![number_label(before)],
    })
}

/// A `+`, `#` or `++` (at `range`) that is not true of the move `played`,
/// written `text`, which gives check and mates as `(check, mate)` say.
fn wrong_marker(
    marker: Marker,
    range: Range,
    (check, mate, won): (bool, bool, Option<End>),
    played: &PlyRef,
    text: &str,
) -> Diagnostic {
    let dots = if played.color == Color::White {
        "."
    } else {
        "..."
    };
    let label = format!("{}{dots} {text}", played.number);
    let san = played.san.san_plus(played.m);
    // (A `+` on a check that is not mate, or `#` on a mate, never fails.)
    let (message, help) = match marker {
        Marker::Check if mate => (
            match won {
                Some(end) => format!(
                    "`{label}` is marked `+`, but it wins the game ({}), which is marked `#`",
                    describe(end)
                ),
                None => format!("`{label}` is marked `+`, but it is checkmate"),
            },
            Help::WriteMate(san.to_string()),
        ),
        Marker::Check => (
            format!("`{label}` is marked `+`, but it gives no check"),
            Help::Note("remove the `+`".to_string()),
        ),
        Marker::Mate | Marker::DoublePlus if check => (
            format!(
                "`{label}` is marked `{}`, but it is only check, not mate",
                marker.as_str()
            ),
            Help::Write {
                lead: "write ",
                choices: vec!["+".to_string()],
            },
        ),
        Marker::Mate | Marker::DoublePlus => (
            format!(
                "`{label}` is marked `{}`, but it gives neither check nor mate",
                marker.as_str()
            ),
            Help::Note(format!("remove the `{}`", marker.as_str())),
        ),
    };
    let d = Diagnostic::new(ErrorKind::WrongMarker, range, message).with(help);
    if mate && marker == Marker::Check {
        d
    } else {
        d.with_note(format!("the move is `{san}`"))
    }
}

fn illegal<P: Rules>(before: &P, range: Range, label: &str, rejection: Rejection) -> Diagnostic {
    Diagnostic {
        kind: rejection.kind,
        range,
        message: format!(
            "{} cannot play `{label}`: {}",
            color_name(before.turn()),
            rejection.reason
        ),
        help: rejection.help,
    }
}
