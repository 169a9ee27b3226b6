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

use shakmaty::{
    Bitboard, Board, ByColor, ByRole, Color, File, Piece, Rank, RemainingChecks, Role, Setup,
    Square,
};

use chess_format::{NAMES, NameError, Named, Variant};

use crate::diagnostic::words::{color_adj, color_name, role_name};
use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};

use super::lexer::{Delim, Lex, Lexeme};
use super::tag::Tag;

/// Which form a setup was written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupForm {
    /// FEN fields as words.
    FenTokens,
    /// A FEN string (`fen "…"` or a `[FEN "…"]` tag).
    FenString,
    /// A board diagram.
    Diagram,
    /// Piece lists.
    PieceList,
}

/// A setup as written: the position (not yet validated) and where each part
/// of it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupSyntax {
    /// How it was written.
    pub form: SetupForm,
    /// The position.
    pub setup: Setup,
    /// The whole setup.
    pub range: Range,
    /// The board (FEN board field, diagram or piece lists).
    pub board: Range,
    /// Each rank, rank 1 first, when written separately.
    pub ranks: [Option<Range>; 8],
    /// Each piece-list entry.
    pub entries: Vec<(Square, Range)>,
    /// Side-to-move field.
    pub turn: Range,
    /// Castling field.
    pub castling: Option<Range>,
    /// En passant field.
    pub ep: Option<Range>,
    /// Halfmove clock field.
    pub halfmoves: Option<Range>,
    /// Fullmove number field.
    pub fullmoves: Option<Range>,
    /// Crazyhouse's pockets, where written.
    pub pockets: Option<Range>,
    /// Three-check's counters, where written.
    pub checks: Option<Range>,
}

impl SetupSyntax {
    fn new(form: SetupForm, start: Range) -> SetupSyntax {
        SetupSyntax {
            form,
            setup: Setup::empty(),
            range: start,
            board: start,
            ranks: [None; 8],
            entries: Vec::new(),
            turn: start,
            castling: None,
            ep: None,
            halfmoves: None,
            fullmoves: None,
            pockets: None,
            checks: None,
        }
    }

    /// Where to point for a problem with the piece on `sq`.
    pub fn at_square(&self, sq: Square) -> Range {
        if let Some((_, r)) = self.entries.iter().find(|(s, _)| *s == sq) {
            return *r;
        }
        self.ranks[sq.rank() as usize].unwrap_or(self.board)
    }
}

/// A `bad-setup` diagnostic: every kind of malformed setup is worded in
/// this module.
fn malformed(range: Range, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(ErrorKind::BadSetup, range, message)
}

/// Words of the raw lexemes, with their text.
struct Words<'a> {
    source: &'a Source,
    lexemes: &'a [Lexeme],
    next: usize,
}

impl<'a> Words<'a> {
    fn peek(&self) -> Option<(&'a str, Range)> {
        let l = self.lexemes.get(self.next)?;
        (l.kind == Lex::Word).then(|| (self.source.slice(l.range), l.range))
    }

    fn peek_lexeme(&self) -> Option<Lexeme> {
        self.lexemes.get(self.next).copied()
    }

    fn bump(&mut self) {
        self.next += 1;
        self.skip_comments();
    }

    fn skip_comments(&mut self) {
        while self
            .lexemes
            .get(self.next)
            .is_some_and(|l| l.kind == Lex::Comment)
        {
            self.next += 1;
        }
    }
}

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

/// Where the fields after the board come from.
trait Fields<'t> {
    fn peek(&self) -> Option<(&'t str, Range)>;
    fn bump(&mut self);
}

/// The fields of a FEN string.
struct Listed<'a, 't> {
    fields: &'a [(&'t str, Range)],
    next: usize,
}

impl<'t> Fields<'t> for Listed<'_, 't> {
    fn peek(&self) -> Option<(&'t str, Range)> {
        self.fields.get(self.next).copied()
    }
    fn bump(&mut self) {
        self.next += 1;
    }
}

impl<'t> Fields<'t> for Words<'t> {
    fn peek(&self) -> Option<(&'t str, Range)> {
        Words::peek(self)
    }
    fn bump(&mut self) {
        Words::bump(self);
    }
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

/// Crazyhouse pockets in brackets against a FEN board as words
/// (`…/4K3[Np]`, `…[]`), which the lexer reads as a bracket of their own:
/// the letters, their range and the brackets' range, taken.
fn bracketed_pocket<'t>(words: &mut Words<'t>, board: Range) -> Option<(&'t str, Range, Range)> {
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
fn read_fields<'t>(
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
    setup.setup.fullmoves = full
        .parse::<u32>()
        .ok()
        .and_then(std::num::NonZeroU32::new)
        .ok_or_else(|| {
            malformed(
                range,
                format!("`{full}` is not a move number: expected a number from 1 up, such as `1`"),
            )
        })?;
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

fn piece_of_char(c: char) -> Option<Piece> {
    Piece::from_char(c)
}

/// A FEN piece placement (`rnbqkbnr/pppppppp/8/…`).
fn fen_board(setup: &mut SetupSyntax, text: &str, range: Range) -> Result<(), Diagnostic> {
    setup.board = range;
    setup.range = setup.range.to(range);
    // Crazyhouse pockets: `…/RNBQKBNR[Qp]`, or lichess's ninth part
    // `…/RNBQKBNR/Qp`.
    let text = match (text.find('['), text.strip_suffix(']')) {
        (Some(open), Some(_)) => {
            read_pocket(
                setup,
                &text[open + 1..text.len() - 1],
                range.start + open as u32 + 1,
            )?;
            setup.pockets = Some(Range::new(range.start + open as u32, range.end));
            &text[..open]
        }
        // (A ninth part with digits or dots is a ninth rank, an error.)
        _ if text.matches('/').count() == 8
            && text
                .rsplit('/')
                .next()
                .is_some_and(|p| p.chars().all(|c| "PNBRQKpnbrqk".contains(c))) =>
        {
            let slash = text.rfind('/').unwrap_or(text.len());
            read_pocket(setup, &text[slash + 1..], range.start + slash as u32 + 1)?;
            setup.pockets = Some(Range::new(range.start + slash as u32 + 1, range.end));
            &text[..slash]
        }
        _ => text,
    };
    let ranks: Vec<(usize, &str)> = text
        .split('/')
        .scan(0usize, |offset, part| {
            let at = *offset;
            *offset += part.len() + 1;
            Some((at, part))
        })
        .collect();
    if ranks.len() != 8 {
        return Err(malformed(
            range,
            format!(
                "the piece placement has {} rank{}: a FEN has 8, separated by `/`",
                ranks.len(),
                if ranks.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    for (i, (offset, part)) in ranks.into_iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let rank_range = Range::new(
            range.start + offset as u32,
            range.start + (offset + part.len()) as u32,
        );
        setup.ranks[rank as usize] = Some(rank_range);
        read_rank(
            &mut setup.setup.board,
            &mut setup.setup.promoted,
            rank,
            part.chars().map(|c| (c, rank_range)),
            rank_range,
            part,
        )?;
    }
    Ok(())
}

/// The pieces of the crazyhouse pockets, `text` starting at `start`:
/// White's in capitals, Black's in small letters, any order.
fn read_pocket(setup: &mut SetupSyntax, text: &str, start: u32) -> Result<(), Diagnostic> {
    let mut pockets: ByColor<ByRole<u8>> = ByColor::default();
    for (i, c) in text.char_indices() {
        let at = Range::new(start + i as u32, start + (i + c.len_utf8()) as u32);
        match piece_of_char(c) {
            Some(piece) if piece.role != Role::King => {
                let n = pockets.get_mut(piece.color).get_mut(piece.role);
                *n = n.saturating_add(1);
            }
            Some(_) => return Err(malformed(at, "a king cannot be in a pocket")),
            None => {
                return Err(malformed(
                    at,
                    format!(
                        "`{c}` is not a piece for a pocket: White's pieces are `QRBNP`, Black's `qrbnp`"
                    ),
                ));
            }
        }
    }
    setup.setup.pockets = Some(pockets);
    Ok(())
}

/// Places one rank's squares: letters, digits for empty squares, `.`; a
/// `~` after a piece marks it promoted (crazyhouse: it returns to a
/// pocket as a pawn).
fn read_rank(
    board: &mut Board,
    promoted: &mut Bitboard,
    rank: Rank,
    chars: impl Iterator<Item = (char, Range)>,
    rank_range: Range,
    text: &str,
) -> Result<(), Diagnostic> {
    let mut file = 0u32;
    for (c, at) in chars {
        let n = match c {
            '~' => {
                let last = file
                    .checked_sub(1)
                    .map(|f| Square::from_coords(File::new(f.min(7)), rank))
                    .filter(|sq| board.occupied().contains(*sq));
                match last {
                    Some(sq) => promoted.add(sq),
                    None => {
                        return Err(malformed(
                            at,
                            "`~` marks a promoted piece: write it right after the piece",
                        ));
                    }
                }
                0
            }
            '.' | '-' | '_' => 1,
            '1'..='8' => c as u32 - '0' as u32,
            _ => match piece_of_char(c) {
                Some(piece) => {
                    if file < 8 {
                        board.set_piece_at(Square::from_coords(File::new(file), rank), piece);
                    }
                    1
                }
                None => {
                    return Err(malformed(
                        at,
                        format!(
                            "`{c}` is not a piece: pieces are `KQRBNP` (White) and `kqrbnp` (Black), empty squares `.` or a digit"
                        ),
                    ));
                }
            },
        };
        file += n;
    }
    if file != 8 {
        return Err(malformed(
            rank_range,
            format!(
                "rank {} (`{text}`) has {file} square{}, not 8",
                rank.char(),
                if file == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(())
}

/// `board` followed by 8 ranks, one per line, then the fields.
fn diagram(words: &mut Words<'_>, keyword: Range) -> Result<SetupSyntax, Diagnostic> {
    let mut setup = SetupSyntax::new(SetupForm::Diagram, keyword);
    let lines = diagram_lines(words, keyword);
    let board_range = lines
        .iter()
        .flatten()
        .map(|(_, r)| *r)
        .reduce(Range::to)
        .unwrap_or(keyword);
    setup.board = board_range;
    setup.range = keyword.to(board_range);
    if lines.len() != 8 {
        return Err(malformed(
            board_range,
            format!(
                "the diagram has {} rank{}: write 8 ranks, rank 8 first, one per line",
                lines.len(),
                if lines.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    for (i, line) in lines.iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let rank_range = line
            .iter()
            .map(|(_, r)| *r)
            .reduce(Range::to)
            .unwrap_or(board_range);
        setup.ranks[rank as usize] = Some(rank_range);
        let text: String = line.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(" ");
        let chars = line.iter().flat_map(|(w, r)| {
            w.char_indices().map(move |(i, c)| {
                (
                    c,
                    Range::new(r.start + i as u32, r.start + (i + c.len_utf8()) as u32),
                )
            })
        });
        read_rank(
            &mut setup.setup.board,
            &mut setup.setup.promoted,
            rank,
            chars,
            rank_range,
            &text,
        )
        .map_err(|d| {
            if text.starts_with("b ") || text == "b" {
                d.with_note("if this line is the side to move, the diagram is short of ranks")
            } else {
                d
            }
        })?;
    }
    pocket_words(&mut setup, words)?;
    let Some(turn) = words.peek() else {
        return Err(malformed(
            board_range,
            "expected the side to move (`w` or `b`) after the diagram",
        ));
    };
    words.bump();
    read_fields(&mut setup, turn, words, false)?;
    Ok(setup)
}

/// The words after `board`, grouped into the diagram's lines: by the lines
/// they stand on, or where the source has no lines (all words on one),
/// every eight squares.
fn diagram_lines<'t>(words: &mut Words<'t>, keyword: Range) -> Vec<Vec<(&'t str, Range)>> {
    let source = words.source;
    let mut lines: Vec<Vec<(&str, Range)>> = Vec::new();
    let mut last_line = None;
    let mut squares_seen = 0usize;
    let keyword_line = source.line_of(keyword.start);
    let by_lines = {
        // Positions are usable if the diagram's words are not all on one line.
        let probe: Vec<u32> = words.lexemes[words.next..]
            .iter()
            .take(16)
            .filter(|l| l.kind == Lex::Word)
            .map(|l| source.line_of(l.range.start))
            .collect();
        probe.iter().any(|&l| l != keyword_line) || probe.len() < 2
    };
    let squares_in = |w: &str| {
        w.chars()
            .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
            .sum::<usize>()
    };
    while let Some((word, range)) = words.peek() {
        let line = source.line_of(range.start);
        // `b` is also a black bishop: only unambiguous words end a diagram
        // that is short of ranks.
        let is_side = matches!(word, "w" | "white" | "black" | "White" | "Black");
        if by_lines {
            if last_line != Some(line) {
                if lines.len() == 8 || (is_side && line != keyword_line) {
                    break;
                }
                lines.push(Vec::new());
                last_line = Some(line);
                squares_seen = 0;
            } else if lines.len() == 8 && squares_seen >= 8 {
                // The fields may follow rank 1 on its line.
                break;
            }
        } else if squares_seen.is_multiple_of(8) {
            if squares_seen == 64 || is_side {
                break;
            }
            lines.push(Vec::new());
        }
        squares_seen += squares_in(word);
        if let Some(current) = lines.last_mut() {
            current.push((word, range));
        }
        words.bump();
    }
    lines
}

/// Whether `word` starts the pockets of a diagram or piece lists.
fn is_pocket_word(word: &str) -> bool {
    matches!(word, "pocket" | "pockets" | "pocket:" | "pockets:")
}

/// Crazyhouse pockets after a diagram or piece lists, before the side to
/// move: `pocket Qp` (`pocket:`, `pockets`; White's pieces in upper case,
/// Black's in lower case, as FEN writes them), `pocket -` for none.
fn pocket_words(setup: &mut SetupSyntax, words: &mut Words<'_>) -> Result<(), Diagnostic> {
    let Some((word, mut range)) = words.peek() else {
        return Ok(());
    };
    if !is_pocket_word(word) {
        return Ok(());
    }
    words.bump();
    if !word.ends_with(':')
        && let Some((":", colon)) = words.peek()
    {
        words.bump();
        range = range.to(colon);
    }
    let Some((letters, at)) = words.peek() else {
        return Err(malformed(
            range,
            "expected the pieces in the pockets after `pocket`: `pocket Qp` (White's in upper case), or `pocket -` for none",
        ));
    };
    words.bump();
    if letters == "-" {
        setup.setup.pockets = Some(ByColor::default());
    } else {
        read_pocket(setup, letters, at.start)?;
    }
    setup.pockets = Some(range.to(at));
    setup.range = setup.range.to(at);
    Ok(())
}

/// `white:` or `black:` (also split as `white` `:`), with how many words it
/// takes.
fn list_header(word: &str, words: &Words<'_>) -> Option<(Color, usize)> {
    let color = |w: &str| match w {
        "white" | "White" => Some(Color::White),
        "black" | "Black" => Some(Color::Black),
        _ => None,
    };
    if let Some(name) = word.strip_suffix(':') {
        return color(name).map(|c| (c, 1));
    }
    let c = color(word)?;
    let next = words.lexemes.get(words.next + 1)?;
    (next.kind == Lex::Word && words.source.slice(next.range) == ":").then_some((c, 2))
}

/// `white: Ke1 Qd1 e2; black: Ke8 …` then the fields.
fn piece_lists(words: &mut Words<'_>, keyword: Range) -> Result<SetupSyntax, Diagnostic> {
    let mut setup = SetupSyntax::new(SetupForm::PieceList, keyword);
    let mut seen = ByColor::new_with(|_| false);
    let mut board_range = keyword;
    while let Some((word, range)) = words.peek() {
        let Some((color, taken)) = list_header(word, words) else {
            break;
        };
        if std::mem::replace(seen.get_mut(color), true) {
            return Err(malformed(
                range,
                format!("the list of {} pieces is given twice", color_name(color)),
            ));
        }
        for _ in 0..taken {
            words.bump();
        }
        board_range = board_range.to(range);
        while let Some((entry, range)) = words.peek() {
            if list_header(entry, words).is_some() {
                break;
            }
            let trimmed = entry.trim_end_matches([';', ',']);
            if trimmed.is_empty() {
                words.bump();
                if entry.contains(';') {
                    break;
                }
                continue;
            }
            if is_pocket_word(trimmed) {
                break;
            }
            let Some((role, sq)) = parse_entry(trimmed) else {
                if setup.entries.is_empty() || matches!(trimmed, "w" | "b" | "white" | "black") {
                    break;
                }
                return Err(malformed(
                    range,
                    format!(
                        "`{trimmed}` is not a piece: write a piece letter and a square (`Ke1`, `Nf3`; pawns as `e2` or `Pe2`)"
                    ),
                ));
            };
            let entry_range = Range::new(range.start, range.start + trimmed.len() as u32);
            if let Some(previous) = setup.setup.board.piece_at(sq) {
                return Err(malformed(
                    entry_range,
                    format!(
                        "{sq} is given twice: it already holds the {} {}",
                        color_adj(previous.color),
                        role_name(previous.role)
                    ),
                ));
            }
            setup.setup.board.set_piece_at(sq, Piece { color, role });
            setup.entries.push((sq, entry_range));
            board_range = board_range.to(range);
            words.bump();
            if entry.ends_with(';') {
                break;
            }
        }
    }
    setup.board = board_range;
    setup.range = board_range;
    pocket_words(&mut setup, words)?;
    let Some(turn) = words.peek() else {
        return Err(malformed(
            board_range,
            "expected the side to move (`w` or `b`) after the piece lists",
        ));
    };
    words.bump();
    read_fields(&mut setup, turn, words, false)?;
    Ok(setup)
}

fn parse_entry(entry: &str) -> Option<(Role, Square)> {
    let b = entry.as_bytes();
    let (role, square) = match b.len() {
        2 => (Role::Pawn, b),
        3 => (
            match b[0] {
                b'K' => Role::King,
                b'Q' => Role::Queen,
                b'R' => Role::Rook,
                b'B' => Role::Bishop,
                b'N' => Role::Knight,
                b'P' => Role::Pawn,
                _ => return None,
            },
            &b[1..],
        ),
        _ => return None,
    };
    Some((role, Square::from_ascii(square).ok()?))
}

/// The rules the `[Variant]` tag among `tags` names (standard chess when
/// there is none).
pub(crate) fn variant(tags: &[Tag], source: &Source) -> Result<Named, Diagnostic> {
    variant_of(Tag::find(tags, source, "Variant"), source)
}

/// The rules a `[Variant]` tag names (standard chess without one).
pub(crate) fn variant_of(tag: Option<&Tag>, source: &Source) -> Result<Named, Diagnostic> {
    let Some(tag) = tag else {
        return Ok(Named::STANDARD);
    };
    let value = tag.value(source);
    variant_named(&value).map_err(|message| malformed(tag.value_range, message))
}

/// The rules a name stands for, as the `[Variant]` tag and the macros'
/// `#![variant(…)]` write it (see [`Named::from_name`]: lichess's names,
/// python-chess's and Cute Chess's; case, spaces, hyphens and underscores
/// do not matter); else why not, in words. The one wording of a name that
/// names no verified rules.
///
/// ```
/// use chess_core::syntax::variant_named;
/// use chess_format::Variant;
///
/// assert_eq!(variant_named("three_check").map(|n| n.variant), Ok(Variant::ThreeCheck));
/// assert!(variant_named("fischerandom").unwrap().chess960);
/// assert!(variant_named("suicide").unwrap_err().contains("Antichess"));
/// ```
pub fn variant_named(value: &str) -> Result<Named, String> {
    Named::from_name(value).map_err(|error| match error {
        NameError::Related(variant) => format!(
            "`{value}` is not verified: its rules differ from lichess's {0} (castling, or who wins a stalemate); write `[Variant \"{0}\"]` if the game was played under those",
            variant.name()
        ),
        NameError::Unknown => {
            let names: Vec<&str> = NAMES
                .iter()
                .map(|entry| {
                    if entry.rules == Named::STANDARD {
                        "standard chess"
                    } else {
                        entry.name
                    }
                })
                .collect();
            format!(
                "the variant `{value}` is not one verified: {}",
                names.join(", ")
            )
        }
    })
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
    setup: Option<SetupSyntax>,
    variant: &Result<Named, Diagnostic>,
) -> Result<Option<SetupSyntax>, Diagnostic> {
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
    written: Option<SetupSyntax>,
    source: &Source,
) -> Result<Option<SetupSyntax>, Diagnostic> {
    match (written, Tag::find(tags, source, "FEN")) {
        (Some(s), Some(_)) => Err(malformed(
            s.range,
            "the game has both a `[FEN]` tag and this setup: keep one of them",
        )),
        (Some(s), None) => Ok(Some(s)),
        (None, Some(tag)) => fen_in_string(source, tag.value_range, tag.value_range).map(Some),
        (None, None) => Ok(None),
    }
}
