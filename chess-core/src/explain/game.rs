//! A replay's failure in words: a move after the end of the game, a wrong
//! move number, an illegal move, a wrong marker, a result the position
//! contradicts.
//!
//! Kinds worded here: `game-over`, `wrong-move-number`, `wrong-marker`,
//! `wrong-result`, and every kind of illegal move (through `moves`).

use chess_format::{DecisiveReason, DrawReason, MoveLabel, Outcome};
use shakmaty::Color;

use crate::diagnostic::words::color_name;
use crate::diagnostic::{Before, Diagnostic, ErrorKind, Help, OptIn};
use crate::input::{Range, Source};
use crate::replay::Rules;
use crate::replay::{self, Expected, Failure, Numbering, WrongResult};
use crate::syntax::{GameResult, Marker, MoveNumber, PlySyntax};

use super::moves;
use super::rejection::{Context, Rejection};

/// The diagnostic for a replay's failure; `source` is the text it read.
pub fn replay_failure<P: Rules>(failure: &Failure<P>, source: &Source) -> Diagnostic {
    let diagnostic = worded(failure, source);
    match failure {
        Failure::GameOver { before, .. }
        | Failure::WrongNumber { before, .. }
        | Failure::Illegal { before, .. }
        | Failure::NotEnPassant { before, .. } => {
            diagnostic.in_position(Before::of(before, before.variant()))
        }
        Failure::WrongMarker { .. } | Failure::WrongResult(_) => diagnostic,
    }
}

/// The words of a replay's failure.
fn worded<P: Rules>(failure: &Failure<P>, source: &Source) -> Diagnostic {
    match failure {
        Failure::GameOver {
            ply,
            before,
            end,
            numbering,
        } => {
            let by = end.by.map(|by| {
                (
                    by.to_string(),
                    matches!(
                        end.end,
                        Outcome::Decisive {
                            reason: DecisiveReason::Checkmate,
                            ..
                        }
                    ),
                )
            });
            let d = game_over(
                ply.range,
                &label(before, ply, source, *numbering),
                describe(end.end),
                by,
                replay::is_continuable(end.end),
            );
            match end.by.and_then(|by| by.range) {
                Some(range) => {
                    d.with_related(range, format!("the game ended here: {}", describe(end.end)))
                }
                None => d,
            }
        }
        Failure::WrongNumber {
            number, expected, ..
        } => wrong_number(*number, *expected),
        Failure::Illegal {
            ply,
            before,
            lost,
            why,
            numbering,
        } => {
            let ctx = Context {
                pos: before,
                lost,
                text: source.slice(ply.range),
            };
            let rejection = moves::rejection(&ctx, &ply.mv, why);
            illegal(
                before.turn(),
                ply.range,
                &label(before, ply, source, *numbering),
                rejection,
            )
        }
        Failure::NotEnPassant {
            ply,
            before,
            numbering,
        } => not_en_passant(
            ply.ep.unwrap_or(ply.range),
            &label(before, ply, source, *numbering),
        ),
        Failure::WrongMarker {
            marker,
            range,
            check,
            mate,
            won,
            played,
            text,
        } => {
            let san = played.san.san_plus(played.m).to_string();
            wrong_marker(
                *marker,
                *range,
                (*check, *mate, won.map(describe)),
                &numbered(played.number, played.color, source.slice(*text)),
                san,
            )
        }
        Failure::WrongResult(wrong) => wrong_result(
            wrong,
            source,
            |end| describe(end).to_string(),
            Outcome::result,
        ),
    }
}

/// The result `*` (at `star`) accepted after the rules ended the game
/// ([`Options::unfinished_result`](crate::replay::Options)), `end` being
/// what ended it in words and the result that gives: the `wrong-result`
/// diagnostic it would be as an error (without the option that accepts
/// it, and with the `[Result]` tag, `tag`, where it does not say what the
/// rules decided), as a warning.
pub fn unfinished_result(
    star: Range,
    tag: Option<(GameResult, Range)>,
    (ended, right): (String, GameResult),
    source: &Source,
) -> Diagnostic {
    let wrong = WrongResult::Written {
        written: GameResult::Unknown,
        range: star,
        end: (),
        tag: tag.filter(|&(t, _)| t != right).map(|t| t.1),
    };
    let mut d = wrong_result(&wrong, source, |()| ended.clone(), |()| right);
    d.help.retain(|h| !matches!(h, Help::OptIn { .. }));
    d.with_note("`*` is read as a record left unfinished; this is a warning")
}

/// A written result the game contradicts (`describe`: how an end ended
/// the game, in words; `right`: the result it gives): after the moves, or
/// in the `[Result]` tag.
pub(super) fn wrong_result<E: Copy>(
    wrong: &WrongResult<E>,
    source: &Source,
    describe: impl Fn(E) -> String,
    right: impl Fn(E) -> GameResult,
) -> Diagnostic {
    let write = |r: GameResult| Help::Write {
        lead: "write ",
        choices: vec![r.as_str().to_string()],
    };
    // The diagnostic, and whether what is wrong is a `*` after the end,
    // which the option accepts as a record left unfinished.
    let (d, unfinished) = match *wrong {
        WrongResult::Written {
            written,
            range,
            end,
            tag,
        } => {
            let d = Diagnostic::new(
                ErrorKind::WrongResult,
                range,
                format!(
                    "the result `{}` contradicts the final position: {}",
                    source.slice(range),
                    describe(end)
                ),
            )
            .with(write(right(end)));
            let d = match tag {
                Some(tag) => d
                    .with(Help::WriteThere {
                        range: tag,
                        place: "the `[Result]` tag",
                        text: right(end).as_str().to_string(),
                    })
                    .with_related(tag, "the `[Result]` tag, which is wrong too"),
                None => d,
            };
            (d, written == GameResult::Unknown)
        }
        WrongResult::TagAgainstWritten {
            range, written, at, ..
        } => {
            let d = Diagnostic::new(
                ErrorKind::ResultTag,
                range,
                format!(
                    "the `[Result]` tag's `{}` contradicts the result after the moves, `{}`",
                    source.slice(range),
                    source.slice(at)
                ),
            )
            .with(write(written))
            .with_related(at, "the result after the moves");
            (d, false)
        }
        WrongResult::TagAgainstEnd { tag, range, end } => {
            let d = Diagnostic::new(
                ErrorKind::ResultTag,
                range,
                format!(
                    "the `[Result]` tag's `{}` contradicts the final position: {}",
                    source.slice(range),
                    describe(end)
                ),
            )
            .with(write(right(end)));
            (d, tag == GameResult::Unknown)
        }
    };
    if unfinished {
        d.with(Help::OptIn {
            otherwise: None,
            option: OptIn::UnfinishedResult,
        })
    } else {
        d
    }
}

/// `e.p.` written on a move (`label`) that is no en passant capture.
pub(super) fn not_en_passant(range: Range, label: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::WrongMarker,
        range,
        format!("`{label}` is marked `e.p.`, but it is not an en passant capture"),
    )
    .with_note("remove `e.p.`")
}

/// How the rules ended a game, as a clause ("White checkmated Black").
pub fn describe(end: Outcome) -> &'static str {
    use DecisiveReason as Won;
    use chess_format::Color::{Black, White};
    match end {
        Outcome::Decisive { winner, reason } => match (reason, winner) {
            (Won::Checkmate, White) => "White checkmated Black",
            (Won::Checkmate, Black) => "Black checkmated White",
            (Won::Hill, White) => "the white king reached the hill (King of the Hill)",
            (Won::Hill, Black) => "the black king reached the hill (King of the Hill)",
            (Won::ThirdCheck, White) => "White gave the third check (Three-check)",
            (Won::ThirdCheck, Black) => "Black gave the third check (Three-check)",
            (Won::KingExploded, White) => "the black king exploded (Atomic)",
            (Won::KingExploded, Black) => "the white king exploded (Atomic)",
            (Won::NoPiecesLeft, White) => "White lost every piece and won (Antichess)",
            (Won::NoPiecesLeft, Black) => "Black lost every piece and won (Antichess)",
            (Won::NoMoves, White) => "White had no move left and won (Antichess)",
            (Won::NoMoves, Black) => "Black had no move left and won (Antichess)",
            (Won::HordeCaptured, _) => "Black captured the whole horde (Horde)",
            (Won::EighthRank, White) => {
                "the white king reached the eighth rank first (Racing Kings)"
            }
            (Won::EighthRank, Black) => {
                "the black king reached the eighth rank first (Racing Kings)"
            }
            // Rules a user defines word their own ends (`explain::custom`),
            // and a declared result is not the rules' end.
            (_, White) => "the rules gave the game to White",
            (_, Black) => "the rules gave the game to Black",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Stalemate => "the game was drawn by stalemate",
            DrawReason::DeadPosition => {
                "the game was drawn: the position is dead (neither side has mating material)"
            }
            DrawReason::FivefoldRepetition => {
                "the game was drawn: the same position occurred for the fifth time"
            }
            DrawReason::SeventyFiveMoveRule => {
                "the game was drawn by the 75-move rule (75 moves each without a capture or pawn move)"
            }
            DrawReason::BothKingsOnEighthRank => {
                "both kings reached the eighth rank: a draw (Racing Kings)"
            }
            _ => "the rules drew the game",
        },
        Outcome::Ongoing => "the game goes on",
    }
}

/// A move as written with its number: "12. Bc4".
pub(super) fn numbered(number: u32, color: Color, text: &str) -> String {
    MoveLabel::new(number, color == Color::Black)
        .before(text)
        .to_string()
}

/// The move `ply` as written with its number in `before`, as the game
/// numbers its moves: "12. Bc4" ("1... Bc4" for White's first move where
/// the game counts from Black's, written `1.`, as pychess.org exports it).
fn label<P: Rules>(before: &P, ply: &PlySyntax, source: &Source, numbering: Numbering) -> String {
    counted_label(
        numbering,
        before.fullmoves().get(),
        before.turn() == Color::Black,
        source.slice(ply.range),
    )
}

/// A move (`text`) as written with its number, as `numbering` numbers the
/// move of a position with `fullmoves` and `black` to move.
pub(super) fn counted_label(
    numbering: Numbering,
    fullmoves: u32,
    black: bool,
    text: &str,
) -> String {
    let expected = numbering.expected(fullmoves, black);
    MoveLabel::new(expected.value, expected.black)
        .before(text)
        .to_string()
}

/// A move (`label`, at `range`) after the end of the game, which
/// `describe` says how it ended: `by` the move that ended it (with its
/// number, and whether it mated), none for the starting position;
/// `continuable` a draw that an option lets a game go on after.
pub(super) fn game_over(
    range: Range,
    label: &str,
    describe: &str,
    by: Option<(String, bool)>,
    continuable: bool,
) -> Diagnostic {
    let when = match by {
        Some((by, true)) => format!(" with `{by}`"),
        Some((by, false)) => format!(" after `{by}`"),
        None => " in the starting position".to_string(),
    };
    let d = Diagnostic::new(
        ErrorKind::GameOver,
        range,
        format!("`{label}` comes after the end of the game: {describe}{when}"),
    );
    let otherwise = "remove this move and everything after it";
    if continuable {
        d.with(Help::OptIn {
            otherwise: Some(otherwise),
            option: OptIn::MovesAfterDraw,
        })
    } else {
        d.with_note(otherwise)
    }
}

/// A move number that is not `expected`.
pub(super) fn wrong_number(n: MoveNumber, expected: Expected) -> Diagnostic {
    // (A board's number in a game of one board: the board is what is
    // wrong, not the number.)
    if n.board.is_some() {
        return crate::syntax::errors::board_in_number(n.range);
    }
    let right = MoveLabel::new(expected.value, expected.black).to_string();
    let message = if expected.counted {
        // (The game counts its moves from its first; which side moves
        // does not decide the dots.)
        format!(
            "move number `{}` does not match: this game numbers its moves from its first move, so the move after it is `{right}`",
            written_number(n)
        )
    } else {
        let turn = if expected.black { "Black" } else { "White" };
        let value = expected.value;
        match n.value {
            None => format!(
                "this move number is far too large: the move after it is {turn}'s move {value}"
            ),
            Some(v) if v != value => {
                format!(
                    "move number {v} does not match: the move after it is {turn}'s move {value}"
                )
            }
            Some(_) => {
                let (marks, turn) = if n.black {
                    ("Black", "White")
                } else {
                    ("White", "Black")
                };
                let label = MoveLabel::new(value, n.black);
                format!("`{label}` marks a {marks} move, but it is {turn}'s turn")
            }
        }
    };
    let d = Diagnostic::new(ErrorKind::WrongMoveNumber, n.range, message).with(Help::Write {
        lead: "write ",
        choices: vec![right],
    });
    if expected.opt_in {
        d.with(Help::OptIn {
            otherwise: None,
            option: OptIn::NumbersFromFirstMove,
        })
    } else {
        d
    }
}

/// The warning on a set-up game that numbers its moves from its first
/// move (at `range`, its first number), which `chess-verify` accepts
/// ([`Options::numbers_from_first_move`](crate::Options::numbers_from_first_move)).
pub fn numbered_from_first_move(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::WrongMoveNumber,
        range,
        "this game numbers its moves from its first move, not from its position's move number",
    )
    .with_note("pychess.org exports a game set up from a position so; this is a warning")
}

/// A move number as written (a value too large for 32 bits as `…`).
fn written_number(n: MoveNumber) -> String {
    match n.value {
        Some(v) => MoveLabel::new(v, n.black).to_string(),
        None => format!("…{}", MoveLabel::new(0, n.black).dots()),
    }
}

/// A `+`, `#` or `++` (at `range`) that is not true of the move `label`
/// (as written, with its number; `san` as it is), which gives check and
/// mates as `(check, mate)` say, or wins by a variant's own rule (`won`,
/// how, as a clause).
pub(super) fn wrong_marker(
    marker: Marker,
    range: Range,
    (check, mate, won): (bool, bool, Option<&str>),
    label: &str,
    san: String,
) -> Diagnostic {
    // (A `+` on a check that is not mate, or `#` on a mate, never fails.)
    let (message, help) = match marker {
        Marker::Check if mate => (
            match won {
                Some(end) => format!(
                    "`{label}` is marked `+`, but it wins the game ({end}), which is marked `#`"
                ),
                None => format!("`{label}` is marked `+`, but it is checkmate"),
            },
            Help::WriteMate(san.clone()),
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

/// A move `color` cannot play (`label`, at `range`), and why.
pub(super) fn illegal(color: Color, range: Range, label: &str, rejection: Rejection) -> Diagnostic {
    Diagnostic {
        kind: rejection.kind,
        range,
        message: format!(
            "{} cannot play `{label}`: {}",
            color_name(color),
            rejection.reason
        ),
        help: rejection.help,
        position: None,
        related: rejection.related,
    }
}
