//! The fields after a setup's board: side to move, castling rights, en
//! passant square, clocks, and what the variants add (a pocket in
//! brackets, Three-check's counters).

use shakmaty::{Bitboard, ByColor, Color, File, RemainingChecks, Square};

use crate::diagnostic::Diagnostic;
use crate::diagnostic::words::color_name;
use crate::input::Range;

use super::words::{Fields, Words};
use super::written::{SetupSyntax, malformed};
use crate::syntax::lexer::{Delim, Lex};

/// Crazyhouse pockets in brackets against a FEN board as words
/// (`…/4K3[Np]`, `…[]`), which the lexer reads as a bracket of their own:
/// the letters, their range and the brackets' range, taken.
pub(super) fn bracketed_pocket<'t>(
    words: &mut Words<'t>,
    board: Range,
) -> Option<(&'t str, Range, Range)> {
    let at = words.next;
    let open = words.lexemes.get(at)?;
    if open.kind != Lex::Open(Delim::Bracket) || open.range.start != board.end {
        return None;
    }
    let (letters, inner, close) = match words.lexemes.get(at + 1..at + 3)? {
        [word, close] if word.kind == Lex::Word && close.kind == Lex::Close(Delim::Bracket) => {
            (words.source.slice(word.range), word.range, *close)
        }
        [close, _] if close.kind == Lex::Close(Delim::Bracket) => {
            ("", Range::new(close.range.start, close.range.start), *close)
        }
        _ => return None,
    };
    words.next = at + if letters.is_empty() { 1 } else { 2 };
    words.bump();
    Some((letters, inner, open.range.to(close.range)))
}

/// A castling field, or something meant as one (letters only, with a `K`
/// or `Q` in either case, and not a word of the long move form).
fn looks_like_castling(w: &str) -> bool {
    w == "-"
        || (!w.is_empty()
            && w.len() <= 4
            && w.bytes().all(|b| b.is_ascii_alphabetic())
            && (w.bytes().any(|b| matches!(b, b'K' | b'Q' | b'k' | b'q'))
                || w.bytes().all(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h')))
            && !matches!(w, "king" | "to"))
}

fn looks_like_ep(w: &str) -> bool {
    w == "-" || Square::from_ascii(w.as_bytes()).is_ok()
}

fn looks_like_clock(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// Reads the side to move and, positionally, castling, en passant and the
/// clocks. In a FEN string (`strict`) every field present must be valid;
/// after words (where the moves follow directly) an optional field ends the
/// setup as soon as the next word does not look like that field. A square
/// right after the castling field is read as the en passant square.
pub(super) fn read_fields<'t>(
    setup: &mut SetupSyntax,
    (turn, turn_range): (&'t str, Range),
    fields: &mut dyn Fields<'t>,
    strict: bool,
) -> Result<(), Diagnostic> {
    setup.setup.turn = match turn {
        "w" | "white" | "White" => Color::White,
        "b" | "black" | "Black" => Color::Black,
        _ => {
            return Err(malformed(
                turn_range,
                format!("`{turn}` is not a side to move: expected `w` (White) or `b` (Black)"),
            ));
        }
    };
    setup.turn = turn_range;
    setup.range = setup.range.to(turn_range);

    let mut take = |looks: fn(&str) -> bool| match fields.peek() {
        Some((w, r)) if strict || looks(w) => {
            fields.bump();
            Some((w, r))
        }
        _ => None,
    };
    let Some((castling, range)) = take(looks_like_castling) else {
        return Ok(());
    };
    parse_castling(setup, castling, range)?;
    let Some((ep, range)) = take(looks_like_ep) else {
        return Ok(());
    };
    parse_ep(setup, ep, range)?;
    // Three-check's remaining checks (`3+3`), before the clocks.
    if let Some((w, r)) = fields.peek()
        && let Some(checks) = check_counts(w)
    {
        fields.bump();
        set_checks(setup, checks, false, r)?;
    }
    let mut take = |looks: fn(&str) -> bool| match fields.peek() {
        Some((w, r)) if strict || looks(w) => {
            fields.bump();
            Some((w, r))
        }
        _ => None,
    };
    let Some((half, range)) = take(looks_like_clock) else {
        return Ok(());
    };
    setup.setup.halfmoves = half.parse().map_err(|_| {
        malformed(
            range,
            format!("`{half}` is not a halfmove clock: expected a number of plies, such as `0`"),
        )
    })?;
    setup.halfmoves = Some(range);
    setup.range = setup.range.to(range);
    let Some((full, range)) = take(looks_like_clock) else {
        return Ok(());
    };
    let number = full.parse::<u32>().map_err(|_| {
        malformed(
            range,
            format!("`{full}` is not a move number: expected a number from 1 up, such as `1`"),
        )
    })?;
    // `0` is read as 1 (with a warning), as python-chess and lichess do.
    setup.fullmove_zero = number == 0;
    setup.setup.fullmoves = std::num::NonZeroU32::new(number).unwrap_or(std::num::NonZeroU32::MIN);
    setup.fullmoves = Some(range);
    setup.range = setup.range.to(range);
    // lichess's Three-check form: the checks given, `+0+0`, last.
    if let Some((w, r)) = fields.peek()
        && let Some(checks) = w.strip_prefix('+').and_then(check_counts)
    {
        fields.bump();
        set_checks(setup, checks, true, r)?;
    }
    Ok(())
}

/// `a+b`: two counts of checks (White's, Black's), each one digit.
fn check_counts(w: &str) -> Option<(u32, u32)> {
    let (a, b) = w.split_once('+')?;
    let digit = |s: &str| match s.as_bytes() {
        [d @ b'0'..=b'9'] => Some(u32::from(d - b'0')),
        _ => None,
    };
    Some((digit(a)?, digit(b)?))
}

/// Three-check's counters: the checks each side has still to give, or
/// (`given`) has given, at most 3.
fn set_checks(
    setup: &mut SetupSyntax,
    (white, black): (u32, u32),
    given: bool,
    range: Range,
) -> Result<(), Diagnostic> {
    if white > 3 || black > 3 {
        let what = if given { "given" } else { "remaining" };
        return Err(malformed(
            range,
            format!("three-check counts at most 3 checks per side ({what}: {white} and {black})"),
        ));
    }
    let (white, black) = if given {
        (3 - white, 3 - black)
    } else {
        (white, black)
    };
    setup.setup.remaining_checks = Some(ByColor {
        white: RemainingChecks::new(white),
        black: RemainingChecks::new(black),
    });
    setup.checks = Some(range);
    setup.range = setup.range.to(range);
    Ok(())
}

fn parse_castling(setup: &mut SetupSyntax, field: &str, range: Range) -> Result<(), Diagnostic> {
    setup.castling = Some(range);
    setup.range = setup.range.to(range);
    if field == "-" {
        return Ok(());
    }
    let board = &setup.setup.board;
    let mut rights = Bitboard::EMPTY;
    // The letter that named each right so far.
    let mut named: Vec<(Square, char)> = Vec::new();
    for ch in field.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.backrank();
        // `K` and `Q` name the outermost rook on the king's side of its
        // back rank (X-FEN); without a king there, the corner, so that the
        // position's check says what is missing.
        let rooks = board.by_color(color) & board.rooks() & back;
        let king = (board.by_color(color) & board.kings() & back).first();
        let sq = match ch.to_ascii_lowercase() {
            'k' => king
                .and_then(|k| rooks.into_iter().rev().find(|sq| sq.file() > k.file()))
                .unwrap_or_else(|| Square::from_coords(File::H, back)),
            'q' => king
                .and_then(|k| rooks.into_iter().find(|sq| sq.file() < k.file()))
                .unwrap_or_else(|| Square::from_coords(File::A, back)),
            c => match File::from_char(c) {
                Some(file) => Square::from_coords(file, back),
                None => {
                    return Err(malformed(
                        range,
                        format!(
                            "`{field}` is not a castling field: expected `-` or letters from `KQkq` (or rook files `A`-`H`, `a`-`h` for Chess960)"
                        ),
                    ));
                }
            },
        };
        if let Some(&(_, first)) = named.iter().find(|(s, _)| *s == sq) {
            let how = if first == ch {
                format!("`{ch}` twice")
            } else {
                format!("both `{first}` and `{ch}`")
            };
            return Err(malformed(
                range,
                format!(
                    "castling field `{field}` gives {} castling with the rook on {sq} twice ({how}): give each right once",
                    color_name(color)
                ),
            ));
        }
        named.push((sq, ch));
        rights.add(sq);
    }
    for color in [Color::White, Color::Black] {
        if (rights & color.backrank()).count() > 2 {
            return Err(malformed(
                range,
                format!(
                    "castling field `{field}` gives {} more than two castling rights",
                    color_name(color)
                ),
            ));
        }
    }
    setup.setup.castling_rights = rights;
    Ok(())
}

fn parse_ep(setup: &mut SetupSyntax, field: &str, range: Range) -> Result<(), Diagnostic> {
    setup.ep = Some(range);
    setup.range = setup.range.to(range);
    if field == "-" {
        return Ok(());
    }
    match Square::from_ascii(field.as_bytes()) {
        Ok(sq) => {
            setup.setup.ep_square = Some(sq);
            Ok(())
        }
        Err(_) => Err(malformed(
            range,
            format!("`{field}` is not an en passant field: expected `-` or a square such as `e3`"),
        )),
    }
}
