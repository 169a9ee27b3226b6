//! What cannot be read: the grammar's messages, all in one place (the
//! setup grammar words its own in [`super::setup`]).
//!
//! Kinds worded here: `expected-move`, `number-without-dot`,
//! `number-without-move`, `bad-annotation`, `bad-nag`,
//! `marker-without-move`, `lexical`, `variation`, `misplaced-result`,
//! `bad-tag`, `long-form`, `null-move`, `drop`, `second-game`,
//! `too-large` (under
//! rules a user defines too: only a word that is no move there is worded
//! apart, with how moves are written under a rules file).

use chess_format::MoveLabel;

use crate::diagnostic::words::{join_and, join_or};
use crate::diagnostic::{Bound, Diagnostic, ErrorKind, Help, OptIn};
use crate::input::{Range, Source};

use super::letters::PieceLetters;
use super::lexer::BadLex;
use super::notation::{self, GameResult, Invalid};
use super::tree::MoveNumber;

/// A word, string or other lexeme where a move was expected; `found` says
/// what it is.
pub(crate) fn expected_move(range: Range, found: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::ExpectedMove,
        range,
        format!("expected a move, found {found}"),
    )
    .with_note(
        "moves are written like `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`, `g1f3` or `knight g1 to f3`",
    )
}

/// The square a word that is no move names off the board, if it ends in
/// one (a letter and a number, then only markers): `e9`, `Ni4`, `exd0+`.
fn off_board(word: &str) -> Option<&str> {
    let word = word.trim_end_matches(['+', '#', '!', '?']);
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let square = word.get(word.len().checked_sub(digits + 1)?..)?;
    let file = square.chars().next()?;
    let rank: u32 = square[1..].parse().ok()?;
    let off = !('a'..='h').contains(&file) || !(1..=8).contains(&rank);
    (digits > 0 && file.is_ascii_lowercase() && off).then_some(square)
}

/// A word that is no move under rules a user defines.
pub(crate) fn expected_rules_move(range: Range, source: &Source) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::ExpectedMove,
        range,
        format!("expected a move, found `{}`", source.slice(range)),
    )
    .with_note(
        "under a rules file, moves are written like `e4`, `Nf3`, `j10`, `Axd5`, `O-O`, `e8=Q`, `a2a3` or `a2 a3`, with the rule set's letters",
    )
}

/// A `-` that does not stand between the two squares of a move (`a2 - a3`),
/// under rules a user defines.
pub(crate) fn stray_dash(range: Range) -> Diagnostic {
    Diagnostic::new(ErrorKind::ExpectedMove, range, "expected a move, found `-`")
        .with_note("a `-` stands between the two squares of a move: `a2 - a3` or `a2-a3`")
}

pub(crate) fn string_among_moves(range: Range) -> Diagnostic {
    expected_move(range, "a string")
        .with_note("comments go in braces: `{ \"…\" }` (or `{ … }` in PGN text)")
}

pub(crate) fn number_without_move(n: MoveNumber) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::NumberWithoutMove,
        n.range,
        "this move number is not followed by a move",
    )
}

/// A move number naming a board (`1A.`) in a game of one board.
#[cold]
pub(crate) fn board_in_number(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::WrongMoveNumber,
        range,
        "this move number names a board, as a bughouse game's do, but the game is played on one board",
    )
    .with(Help::Note(
        "a bughouse game (BPGN) names its four players in tags (`[WhiteA \"…\"]`, `[BlackB \"…\"]`) or is tagged `[Variant \"bughouse\"]`".into(),
    ))
}

pub(crate) fn bad_lexeme(bad: BadLex, range: Range) -> Diagnostic {
    let message = match bad {
        BadLex::UnclosedComment => "this comment is never closed with `}`",
        BadLex::UnclosedString => "this string is never closed with `\"`",
        BadLex::StrayBrace => "`}` without a matching `{`",
    };
    Diagnostic::new(ErrorKind::Lexical, range, message)
}

pub(crate) fn invalid_word(invalid: Invalid, range: Range, source: &Source) -> Diagnostic {
    let text = source.slice(range);
    match invalid {
        Invalid::NotNotation => match (other_language(text), off_board(text)) {
            // What it is says more than how moves are written.
            (Some(note), _) => Diagnostic::new(
                ErrorKind::ExpectedMove,
                range,
                format!("expected a move, found `{text}`"),
            )
            .with_note(note),
            (None, Some(square)) => Diagnostic::new(
                ErrorKind::ExpectedMove,
                range,
                format!(
                    "expected a move, found `{text}`: `{square}` is off the board (files `a` to `h`, ranks `1` to `8`)"
                ),
            ),
            (None, None) => expected_move(range, &format!("`{text}`")),
        },
        Invalid::UpperCaseSquare => expected_move(range, &format!("`{text}`"))
            .with_note("files are lower-case letters: `e4`, not `E4`"),
        Invalid::NumberWithoutDot => Diagnostic::new(
            ErrorKind::NumberWithoutDot,
            range,
            format!("`{text}` is not a move; a move number needs a dot"),
        )
        .with_note({
            let [white, black] = [false, true].map(|b| MoveLabel::new(0, b).dots());
            format!("write `{text}{white}` before White's move or `{text}{black}` before Black's")
        }),
        Invalid::BadAnnotation => Diagnostic::new(
            ErrorKind::BadAnnotation,
            range,
            format!("`{text}` is not an annotation"),
        )
        .with_note("annotations are `!`, `?`, `!!`, `??`, `!?` and `?!`; other symbols are written as NAGs like `$14`"),
        Invalid::BadNag => Diagnostic::new(
            ErrorKind::BadNag,
            range,
            format!("`{text}` is not a NAG"),
        )
        .with_note("NAGs are `$0` to `$255`"),
    }
}

pub(crate) fn null_move(range: Range, source: &Source) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::NullMove,
        range,
        format!(
            "`{}` is a null move (passing the turn), which is not a legal chess move",
            source.slice(range)
        ),
    )
    .with_note("remove it; analysis null moves cannot be verified")
}

/// A drop in a game of `variant`'s rules, which have none.
pub(crate) fn drop(range: Range, source: &Source, variant: chess_format::Named) -> Diagnostic {
    let game = if variant.variant == chess_format::Variant::Standard {
        "this is standard chess".to_string()
    } else {
        format!("this game is {}", variant.name())
    };
    Diagnostic::new(
        ErrorKind::Drop,
        range,
        format!(
            "`{}` drops a piece, which only crazyhouse allows; {game}",
            source.slice(range)
        ),
    )
    .with_note(match source.mode() {
        crate::input::Mode::Tokens => {
            "for a crazyhouse game, start with `#![variant(crazyhouse)]` or the tag `[Variant \"Crazyhouse\"]`"
        }
        _ => "for a crazyhouse game, write the tag `[Variant \"Crazyhouse\"]`",
    })
}

/// `to` or `becomes` without the piece name that starts a long-form move.
pub(crate) fn stray_long_form_word(range: Range, source: &Source) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::LongForm,
        range,
        format!(
            "`{}` belongs to a long-form move, which starts with a piece name",
            source.slice(range)
        ),
    )
    .with_note("write long-form moves like `knight g1 to f3` or `pawn e7 to e8 becomes queen`")
}

/// A long-form move that stops short: `piece` is its piece name as written.
pub(crate) fn incomplete_long_form(range: Range, piece: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::LongForm,
        range,
        format!("incomplete long-form move `{piece} …`: expected {expected}"),
    )
    .with_note("long-form moves read `knight g1 to f3`; promotions add `becomes queen`")
}

pub(crate) fn second_marker(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::MarkerWithoutMove,
        range,
        "this move already has a check or mate marker",
    )
}

pub(crate) fn second_en_passant(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::MarkerWithoutMove,
        range,
        "this move already has an `e.p.`",
    )
}

pub(crate) fn marker_without_move(range: Range, source: &Source) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::MarkerWithoutMove,
        range,
        format!("`{}` must follow a move", source.slice(range)),
    )
}

pub(crate) fn result_in_variation(range: Range, result: GameResult) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::MisplacedResult,
        range,
        format!(
            "the result `{}` cannot stand inside a variation",
            result.as_str()
        ),
    )
    .with_note("close the variation with `)` first")
}

pub(crate) fn variation_without_move(open: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::Variation,
        open,
        "a variation must follow the move it replaces",
    )
}

pub(crate) fn unopened_variation(close: Range) -> Diagnostic {
    Diagnostic::new(ErrorKind::Variation, close, "`)` without a matching `(`")
}

pub(crate) fn unclosed_variation(open: Range) -> Diagnostic {
    Diagnostic::new(ErrorKind::Variation, open, "this variation is never closed")
        .with_note("close it with `)` after its last move")
}

/// The part at `range` passes the bound `bound` of a game's size, at most
/// `limit`.
#[cold]
#[inline(never)]
pub(crate) fn too_large(bound: Bound, limit: u32, range: Range) -> Diagnostic {
    let part = match bound {
        Bound::Plies => "ply",
        Bound::Variations | Bound::Depth => "variation",
        Bound::Notes => "comment or NAG",
        Bound::Tags => "tag",
    };
    Diagnostic::new(
        ErrorKind::TooLarge,
        range,
        format!(
            "a game may have at most {limit} {}, and this {part} is one more",
            bound.counts()
        ),
    )
    .with(Help::OptIn {
        otherwise: None,
        option: OptIn::Limit(bound),
    })
}

/// A tag pair after the first move; `hint` adds where tags go.
pub(crate) fn tag_among_moves(range: Range, hint: bool) -> Diagnostic {
    let d = Diagnostic::new(
        ErrorKind::BadTag,
        range,
        "a tag pair cannot stand among the moves",
    );
    if hint {
        d.with_note("write tag pairs like `[Event \"…\"]` before the first move")
    } else {
        d
    }
}

pub(crate) fn unopened_tag(range: Range) -> Diagnostic {
    Diagnostic::new(ErrorKind::BadTag, range, "`]` without a matching `[`")
}

/// A tag pair that is not `[Name "value"]`; `what` says what is wrong.
/// For a move written in another language's piece letters (`Sf3`): which
/// language's, and how to opt in.
fn other_language(text: &str) -> Option<String> {
    let first = *text.as_bytes().first()?;
    let (languages, piece) = PieceLetters::meanings(first)?;
    // Only if it is a move once read in that language.
    let english: Vec<u8> = text.bytes().map(|b| languages[0].to_english(b)).collect();
    let mut parts = Vec::new();
    notation::split_word(&english, 0, &mut parts);
    if !matches!(parts.first(), Some(p) if matches!(p.part, notation::Part::Move(_))) {
        return None;
    }
    let letter = first as char;
    let names: Vec<String> = languages
        .iter()
        .map(|l| match l.word_for(first) {
            Some(word) => format!("{} (`{word}`)", l.name()),
            None => l.name().to_string(),
        })
        .collect();
    let others: Vec<String> = languages[1..]
        .iter()
        .map(|l| format!("`{}`", l.code()))
        .collect();
    let mut tag = format!("`[PieceLetters \"{}\"]`", languages[0].code());
    if !others.is_empty() {
        tag.push_str(&format!(" (or {})", join_or(others)));
    }
    Some(format!(
        "`{letter}` is the {piece} in {}: to read these piece letters, add the tag {tag} before the moves",
        join_and(names)
    ))
}

/// A game of one of Fairy-Stockfish's built-in variants (its `[Variant]`
/// tag's value at `range`) where only the verified rules' games go: a
/// puzzle, a problem, the facade's `Game`.
pub(crate) fn builtin_game(range: Range, value: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::BadSetup,
        range,
        format!(
            "this game is Fairy-Stockfish's `{}`, not standard chess, Chess960 or one of lichess's variants",
            value.trim()
        ),
    )
    .with_note(
        "`game!`, `games!` with `#![variant(…)]`, `include_pgn!` with it and `chess-verify` check such games under its rules",
    )
}

/// A `[PieceLetters]` tag naming no language we read.
pub(crate) fn unknown_piece_letters(range: Range, value: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::BadTag,
        range,
        format!("`{value}` names no language whose piece letters are read"),
    )
    .with_note(
        "write `de` (K D T L S), `fr` (R D T F C), `es` or `it` (R D T A C), `nl` (K D T L P), `pt` (R D T B C) or `en`",
    )
}

pub(crate) fn malformed_tag(range: Range, what: &str) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::BadTag,
        range,
        format!("malformed tag pair: {what}"),
    )
    .with_note("tag pairs look like `[Event \"World Championship\"]`")
}

/// A second game in the input of a macro that takes one game: `second`
/// covers it; `first_result` is the result that ended the first, if any.
pub fn second_game(second: Range, first_result: Option<GameResult>) -> Diagnostic {
    match first_result {
        Some(result) => Diagnostic::new(
            ErrorKind::MisplacedResult,
            second,
            format!(
                "the game ended with its result `{}`; nothing may follow it",
                result.as_str()
            ),
        ),
        None => Diagnostic::new(
            ErrorKind::SecondGame,
            second,
            "a second game starts here, but `game!` takes one game",
        ),
    }
    .with_note("`games!` takes several games")
}

/// Moves in the input of `position!`, from the first of them.
pub fn moves_in_position(first: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::ExpectedMove,
        first,
        "`position!` takes a position, not moves",
    )
    .with_note("`game!` takes a setup followed by moves")
}

/// A result in the input of `position!`.
pub fn result_in_position(range: Range) -> Diagnostic {
    Diagnostic::new(
        ErrorKind::MisplacedResult,
        range,
        "`position!` takes a position, not a result",
    )
}
