//! The setup grammar: setups written before the moves or in a `[FEN]` tag,
//! read into a shakmaty `Setup` (not yet validated: that is the start
//! stage's job) with the range of each of their parts.
//!
//! Four forms, all ending in FEN's positional fields (side to move, then
//! optionally castling rights, en passant square, halfmove clock, fullmove
//! number):
//!
//! * `fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`
//! * `fen "…"` (a FEN string), or the PGN tags `[SetUp "1"] [FEN "…"]`
//! * `board` followed by a diagram, rank 8 first, one rank per line, pieces
//!   as FEN letters and empty squares as `.` or digits, then the fields
//! * `white: Ke1 Qd1 e2 …; black: Ke8 …` (pawns with or without `P`), then
//!   the fields
//!
//! Diagrams and piece lists have no castling rights unless given. Every part
//! keeps its source range, so a problem is reported under the rank, field or
//! entry concerned.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the forms, read one after the other; a game's setup, and whether it fits its variant |
//! | `written.rs` | a setup as written, with the ranges of its parts |
//! | `words.rs` | the words a setup is read from |
//! | `board.rs` | a FEN's piece placement: ranks, promoted marks, pockets |
//! | `fields.rs` | the fields after the board: side, castling, en passant, clocks, Three-check's counters |
//! | `diagram.rs` | diagrams and piece lists |
//! | `rules_fen.rs` | a game's `[FEN]` tag under rules a user defines, as written, for the rule set to read |

use chess_format::{Named, Variant};

use crate::diagnostic::Diagnostic;
use crate::input::{Range, Source};

use super::lexer::{Lex, Lexeme};
use super::tag::Tag;

mod board;
mod diagram;
mod fields;
mod rules_fen;
mod words;
mod written;

pub use rules_fen::RulesFen;
use words::{Fields, Listed, Words};
pub(crate) use written::malformed;
pub use written::{SetupForm, SetupSyntax, fullmove_zero};

use board::{fen_board, read_pocket};
use diagram::{diagram, list_header, piece_lists};
use fields::{bracketed_pocket, read_fields};

/// Reads a setup if `lexemes` start with one (`fen`, `board`, `white:` or
/// `black:`): the setup and how many lexemes it took.
pub(crate) fn parse(
    source: &Source,
    lexemes: &[Lexeme],
) -> Result<Option<(SetupSyntax, usize)>, Diagnostic> {
    let Some(first) = lexemes.first().filter(|l| l.kind == Lex::Word).copied() else {
        return Ok(None);
    };
    let keyword = source.slice(first.range);
    let mut words = Words {
        source,
        lexemes,
        next: 0,
    };
    let setup = match keyword {
        "fen" | "FEN" => {
            words.bump();
            match words.peek_lexeme() {
                Some(l) if l.kind == Lex::Str => {
                    words.bump();
                    fen_in_string(source, l.range, first.range.to(l.range))?
                }
                _ => fen_words(&mut words, first.range)?,
            }
        }
        "board" => {
            words.bump();
            diagram(&mut words, first.range)?
        }
        _ if list_header(keyword, &words).is_some() => piece_lists(&mut words, first.range)?,
        _ => return Ok(None),
    };
    Ok(Some((setup, words.next)))
}

/// Parses the FEN string of a `[FEN "…"]` tag or a `fen "…"` setup.
pub(crate) fn fen_string(text: &str, base: u32, whole: Range) -> Result<SetupSyntax, Diagnostic> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_whitespace() || c == '_', start) {
            (true, Some(s)) => {
                fields.push((&text[s..i], Range::new(base + s as u32, base + i as u32)));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let mut setup = SetupSyntax::new(SetupForm::FenString, whole);
    let Some(&(board, board_range)) = fields.first() else {
        return Err(malformed(
            whole,
            "empty FEN: expected the piece placement, then the side to move",
        ));
    };
    fen_board(&mut setup, board, board_range)?;
    let Some(&turn) = fields.get(1) else {
        return Err(malformed(
            board_range,
            "FEN without side to move: write `w` or `b` after the piece placement",
        ));
    };
    let mut rest = Listed {
        fields: &fields[2..],
        next: 0,
    };
    read_fields(&mut setup, turn, &mut rest, true)?;
    if let Some((extra, range)) = rest.peek() {
        return Err(malformed(
            range,
            format!("unexpected `{extra}` after the fullmove number: a FEN has six fields"),
        ));
    }
    setup.range = whole;
    Ok(setup)
}

/// `fen <board> <side> [castling [ep [halfmoves [fullmoves]]]]` as words.
fn fen_words(words: &mut Words<'_>, keyword: Range) -> Result<SetupSyntax, Diagnostic> {
    let mut setup = SetupSyntax::new(SetupForm::FenTokens, keyword);
    let Some((board, board_range)) = words.peek() else {
        return Err(malformed(
            keyword,
            "expected the FEN piece placement after `fen`",
        ));
    };
    words.bump();
    fen_board(&mut setup, board, board_range)?;
    let board_range = match bracketed_pocket(words, board_range) {
        Some((letters, pocket, whole)) => {
            read_pocket(&mut setup, letters, pocket.start)?;
            setup.pockets = Some(whole);
            setup.board = board_range.to(whole);
            setup.range = setup.range.to(whole);
            board_range.to(whole)
        }
        None => board_range,
    };
    let Some(turn) = words.peek() else {
        return Err(malformed(
            board_range,
            "expected the side to move (`w` or `b`) after the piece placement",
        ));
    };
    words.bump();
    read_fields(&mut setup, turn, words, false)?;
    Ok(setup)
}

/// A FEN in the string literal at `string` (quotes included). A FEN needs
/// no escapes, so its text is the literal's and every field keeps its
/// place in the source; a backslash is an error under it.
fn fen_in_string(source: &Source, string: Range, whole: Range) -> Result<SetupSyntax, Diagnostic> {
    let raw = source.slice(string);
    let start = string.start + u32::from(raw.starts_with('"'));
    let inner = raw.strip_prefix('"').unwrap_or(raw);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    if let Some(i) = inner.find('\\') {
        let at = start + i as u32;
        return Err(malformed(
            Range::new(at, at + 1),
            "a FEN has no `\\`: write the position's fields without escapes",
        ));
    }
    fen_string(inner, start, whole)
}

/// `setup` if what it holds besides the board fits the game's `variant`:
/// pockets and promoted marks only in Crazyhouse, check counters only in
/// Three-check (shakmaty's standard chess would drop them unsaid).
pub(crate) fn fits_variant(
    setup: Option<Box<SetupSyntax>>,
    variant: &Result<Named, Diagnostic>,
) -> Result<Option<Box<SetupSyntax>>, Diagnostic> {
    let (Some(s), Ok(variant)) = (&setup, variant) else {
        return Ok(setup);
    };
    let misfit = |what: &str, at: Option<Range>, rules: Variant| {
        malformed(
            at.unwrap_or(s.board),
            format!(
                "{what} belong to {} setups, and this game is {}: write `[Variant \"{}\"]` if it is one",
                rules.name(),
                variant.name(),
                rules.name()
            ),
        )
    };
    if variant.variant != Variant::Crazyhouse {
        if s.setup.pockets.is_some() {
            return Err(misfit("pockets", s.pockets, Variant::Crazyhouse));
        }
        if s.setup.promoted.any() {
            return Err(misfit(
                "promoted-piece marks (`~`)",
                None,
                Variant::Crazyhouse,
            ));
        }
    }
    if variant.variant != Variant::ThreeCheck && s.setup.remaining_checks.is_some() {
        return Err(misfit("check counters", s.checks, Variant::ThreeCheck));
    }
    Ok(setup)
}

/// The setup of a game: the one `written` before its moves, or its
/// `[FEN]` tag among `tags`.
pub(crate) fn of_game(
    tags: &[Tag],
    written: Option<Box<SetupSyntax>>,
    source: &Source,
) -> Result<Option<Box<SetupSyntax>>, Diagnostic> {
    match (written, Tag::find(tags, source, "FEN")) {
        (Some(s), Some(_)) => Err(malformed(
            s.range,
            "the game has both a `[FEN]` tag and this setup: keep one of them",
        )),
        (Some(s), None) => Ok(Some(s)),
        (None, Some(tag)) => {
            fen_in_string(source, tag.value_range, tag.value_range).map(|s| Some(Box::new(s)))
        }
        (None, None) => Ok(None),
    }
}
