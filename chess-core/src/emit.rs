//! Stage 6, emit: what goes out. A verified game as the data of a `Game`
//! and as a `const` expression of the facade's `Game`; a diagnostic as a
//! `compile_error!` worded for the macros.
//!
//! A game is one string literal in the format of the `chess-format` crate —
//! header, start position, five base-64 digits per ply (the move and what
//! its SAN needs), tags — which the facade's `Game` decodes. One literal
//! without escapes is what costs the compiler least to carry.

extern crate proc_macro;

use chess_format::{CustomPly, Header, MoveKind, NotesWriter, Outcome, Start, write_custom_game};
use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use shakmaty::san::Suffix;
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Position, Rank, Role, Square};

use crate::diagnostic::{Diagnostic, Spelling};
use crate::input::{Mode, Source};
use crate::replay::custom::CustomGame;
use crate::replay::{Annotations, Rules, SanBits, VerifiedGame};
use crate::syntax::{Note, NoteKind};

/// The ply of a move and its SAN bits in a game's data. (One look at the
/// move and plain arithmetic: this runs for every ply.)
pub fn ply(m: &Move, san: SanBits) -> chess_format::Ply {
    let (from, target, kind, role, capture, promotion) = match *m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            // A pawn moves along its file: two ranks are 16 squares. (A
            // Horde pawn's two steps from the first rank are no double
            // push: no en passant follows.)
            let kind = if role == Role::Pawn
                && (from as u32).abs_diff(to as u32) == 16
                && matches!(from.rank(), Rank::Second | Rank::Seventh)
            {
                MoveKind::DoublePush
            } else {
                MoveKind::Normal
            };
            (from, to, kind, role, capture, promotion)
        }
        Move::EnPassant { from, to } => (
            from,
            to,
            MoveKind::EnPassant,
            Role::Pawn,
            Some(Role::Pawn),
            None,
        ),
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook.file() > king.file());
            let to = Square::from_coords(side.king_to_file(), king.rank());
            let kind = MoveKind::Castle {
                side: side.into(),
                rook: rook.into(),
            };
            (king, to, kind, Role::King, None, None)
        }
        Move::Put { role, to } => (to, to, MoveKind::Drop, role, None, None),
    };
    // Only a piece move writes its origin (a pawn capture's file follows
    // from the move).
    let piece = role != Role::Pawn;
    chess_format::Ply {
        from: from as u8,
        target: target as u8,
        kind,
        role: role as u8,
        capture: capture.map_or(0, |r| r as u8),
        promotion: promotion.map_or(0, |r| r as u8),
        san_file: piece && san.file(),
        san_rank: piece && san.rank(),
        suffix: match san.suffix() {
            None => chess_format::Suffix::None,
            Some(Suffix::Check) => chess_format::Suffix::Check,
            Some(Suffix::Checkmate) => chess_format::Suffix::Mate,
        },
    }
}

/// A position as a game's data records it.
fn start_of<P: Position>(pos: &P) -> Start {
    // Most games start from the standard position: no need to read its
    // board (this runs for every game a crate embeds).
    if is_standard_start(pos) {
        return Start::STANDARD;
    }
    let mut board = [b'.'; 64];
    for (sq, piece) in pos.board().iter() {
        board[usize::from(sq)] = piece.char() as u8;
    }
    let mut start = Start {
        board,
        white_to_move: pos.turn() == Color::White,
        castling: pos.castles().castling_rights().0,
        ep_square: pos.ep_square(EnPassantMode::Always).map(u8::from),
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves().get(),
        ..Start::STANDARD
    };
    if let Some(pockets) = pos.pockets() {
        for (side, pocket) in [&pockets.white, &pockets.black].into_iter().enumerate() {
            for (i, role) in Role::ALL[..5].iter().enumerate() {
                start.pockets[side][i] = *pocket.get(*role);
            }
        }
        start.promoted = pos.promoted().0;
    }
    if let Some(remaining) = pos.remaining_checks() {
        start.checks = [remaining.white, remaining.black].map(|r| 3u8.saturating_sub(u8::from(r)));
    }
    start
}

/// Whether `pos` is the standard starting position, clocks included, with
/// nothing in a pocket and no check given.
fn is_standard_start<P: Position>(pos: &P) -> bool {
    let standard = Chess::default();
    pos.board() == standard.board()
        && pos.turn() == Color::White
        && pos.castles().castling_rights() == standard.castles().castling_rights()
        && pos.maybe_ep_square().is_none()
        && pos.halfmoves() == 0
        && pos.fullmoves().get() == 1
        && pos
            .pockets()
            .is_none_or(|p| p.iter().all(|side| side.iter().all(|&n| n == 0)))
        && pos
            .remaining_checks()
            .is_none_or(|r| u8::from(r.white) == 3 && u8::from(r.black) == 3)
}

/// The header of a verified game.
fn header<P: Rules>(game: &VerifiedGame<P>) -> Header {
    let result = game.result;
    let outcome = game.end.map_or(Outcome::declared(result), |(end, _)| end);
    Header {
        result,
        outcome,
        chess960: game.mode.is_chess960(),
        variant: game.start.variant().into(),
        plies: game.moves.len().min(game.sans.len()),
        ended: game.end.map(|(_, plies)| plies),
    }
}

/// The data string of a verified game with its annotation text (see
/// [`notes`]; empty for none) and its `(name, value)` tag pairs, in the
/// format of the `chess-format` crate.
pub fn game_data<P: Rules, N: AsRef<str>, V: AsRef<str>>(
    game: &VerifiedGame<P>,
    notes: &str,
    tags: impl IntoIterator<Item = (N, V)>,
) -> String {
    let mut data = String::with_capacity(16 + game.moves.len() * chess_format::Ply::DIGITS);
    let (moves, sans) = (&game.moves, &game.sans);
    let ply_at = |i: usize| ply(&moves[i], sans[i]);
    // Writing to a `String` cannot fail.
    let _ = chess_format::write_game(
        &mut data,
        &header(game),
        &start_of(&game.start),
        ply_at,
        notes,
        tags,
    );
    data
}

/// A game's variations, comments and NAGs as the annotation text of its
/// data (`chess_format::notes`), reading comments from `source`; empty
/// for a game without any.
pub fn notes<P>(game: &VerifiedGame<P>, source: &Source) -> String {
    let Some(annotations) = game.annotations.as_deref() else {
        return String::new();
    };
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_notes(&mut out, game, annotations, source);
    out
}

/// What is left to write of a variation.
enum Task {
    Open(u32),
    Ply(u32, usize),
}

fn write_notes<P>(
    out: &mut String,
    game: &VerifiedGame<P>,
    annotations: &Annotations,
    source: &Source,
) -> std::fmt::Result {
    let mut sorted: Vec<&Note> = annotations.notes.iter().collect();
    sorted.sort_by_key(|n| (n.line, n.after));
    let notes_at = |line: u32, after: usize| -> &[&Note] {
        let key = (line, after as u32);
        let from = sorted.partition_point(|n| (n.line, n.after) < key);
        let to = sorted.partition_point(|n| (n.line, n.after) <= key);
        &sorted[from..to]
    };
    let branches_at = |line: u32, k: usize| -> &[(u32, u32)] {
        let branches = annotations
            .lines
            .get(line as usize)
            .map_or(&[][..], |l| &l.branches[..]);
        let from = branches.partition_point(|b| (b.0 as usize) < k);
        let to = branches.partition_point(|b| (b.0 as usize) <= k);
        &branches[from..to]
    };
    let mut w = NotesWriter::new(out);
    let write_at = |w: &mut NotesWriter<'_, String>, notes: &[&Note]| -> std::fmt::Result {
        for note in notes {
            match note.kind {
                NoteKind::Comment => w.comment(source.slice(note.range))?,
                NoteKind::Nag(nag) => w.nag(nag)?,
            }
        }
        Ok(())
    };
    let mut tasks: Vec<Task> = Vec::new();
    for k in 0..=game.moves.len() {
        // Node `k`: after `k` plies; its move's variations branch at ply `k - 1`.
        let notes = notes_at(0, k);
        let branches = k.checked_sub(1).map_or(&[][..], |ply| branches_at(0, ply));
        if notes.is_empty() && branches.is_empty() {
            continue;
        }
        w.main(k)?;
        write_at(&mut w, notes)?;
        tasks.extend(branches.iter().rev().map(|&(_, var)| Task::Open(var)));
        while let Some(task) = tasks.pop() {
            let (line, k) = match task {
                Task::Open(line) => {
                    let first = annotations
                        .lines
                        .get(line as usize)
                        .map_or(0, |l| l.first_ply);
                    w.open(first)?;
                    write_at(&mut w, notes_at(line, 0))?;
                    (line, 0)
                }
                Task::Ply(line, k) => (line, k),
            };
            let Some(verified) = annotations.lines.get(line as usize) else {
                continue;
            };
            let (Some(m), Some(&san)) = (verified.moves.get(k), verified.sans.get(k)) else {
                w.close(verified.first_ply + 1)?;
                continue;
            };
            w.ply(ply(m, san))?;
            write_at(&mut w, notes_at(line, k + 1))?;
            tasks.push(Task::Ply(line, k + 1));
            tasks.extend(
                branches_at(line, k)
                    .iter()
                    .rev()
                    .map(|&(_, var)| Task::Open(var)),
            );
        }
    }
    Ok(())
}

struct Out {
    tokens: TokenStream,
}

impl Out {
    fn new() -> Out {
        Out {
            tokens: TokenStream::new(),
        }
    }

    fn tt(&mut self, tt: impl Into<TokenTree>) -> &mut Out {
        self.tokens.extend([tt.into()]);
        self
    }

    fn ident(&mut self, name: &str) -> &mut Out {
        self.tt(Ident::new(name, Span::call_site()))
    }

    fn punct(&mut self, c: char) -> &mut Out {
        self.tt(Punct::new(c, Spacing::Alone))
    }

    fn path_sep(&mut self) -> &mut Out {
        self.tt(Punct::new(':', Spacing::Joint));
        self.tt(Punct::new(':', Spacing::Alone))
    }

    /// `krate::a::b`
    fn path(&mut self, krate: &TokenStream, segments: &[&str]) -> &mut Out {
        self.tokens.extend(krate.clone());
        for s in segments {
            self.path_sep();
            self.ident(s);
        }
        self
    }

    fn group(&mut self, delimiter: Delimiter, inner: Out) -> &mut Out {
        self.tt(Group::new(delimiter, inner.tokens))
    }

    fn comma(&mut self) -> &mut Out {
        self.punct(',')
    }
}

/// The expression for a position: `krate::Position::__decode("…")`.
pub fn position(krate: &TokenStream, pos: &Chess) -> TokenStream {
    let mut data = String::new();
    // Writing to a `String` cannot fail.
    let _ = start_of(pos).write(&mut data);
    if let Some(expr) = krate_then(krate, "::Position::__decode(", &data, ")") {
        return expr;
    }
    let mut args = Out::new();
    args.tokens.extend(data_literal(&data));
    let mut out = Out::new();
    out.path(krate, &["Position", "__decode"])
        .group(Delimiter::Parenthesis, args);
    out.tokens
}

/// The expression `krate::Game { __data: "…" }` for a verified game with
/// its tags, read from `source`.
pub fn game_expr<P: Rules>(
    krate: &TokenStream,
    source: &Source,
    game: &VerifiedGame<P>,
) -> TokenStream {
    data_expr(krate, &whole_game_data(source, game))
}

/// A verified game's data: its moves, annotations and tags.
fn whole_game_data<P: Rules>(source: &Source, game: &VerifiedGame<P>) -> String {
    let tags = game.tags.iter().map(|t| (t.name(source), t.value(source)));
    game_data(game, &notes(game, source), tags)
}

/// `krate::Game { __data: "data" }`.
///
/// The value is a struct expression, not a call: the compiler evaluates a
/// `const` whose value is a call with its interpreter and keeps more of
/// it (`cargo xtask compile-bench`: 1,106 games written `Game::__new("…")`
/// took a dev rebuild 88.1 MB of memory and 1,923 M instructions, written
/// so 82.5 MB and 1,906 M; the null macro's 72.5 MB).
fn data_expr(krate: &TokenStream, data: &str) -> TokenStream {
    if let Some(expr) = krate_then(krate, "::Game { __data: ", data, " }") {
        return expr;
    }
    let mut field = Out::new();
    field.ident("__data").punct(':');
    field.tokens.extend(data_literal(data));
    struct_expr(krate, "Game", field)
}

/// The string literal of a value's data (a game's, a position's, a rule
/// set's), as one token.
fn data_literal(data: &str) -> TokenStream {
    read_by_compiler("", data, "")
        .unwrap_or_else(|| TokenStream::from(TokenTree::Literal(Literal::string(data))))
}

/// `before`, then `data` as a string literal, then `after`, as the
/// compiler reads that text — in one call, where `data` is something a
/// literal holds as it is ([`holds_as_is`]) and a proc macro is running;
/// `None` otherwise.
///
/// `Literal::string` escapes its text a character at a time (std's
/// `escape_debug`): for the 1,106 games of `cargo xtask compile-bench`,
/// 58 M instructions in every profile. Data between quotes read by the
/// compiler costs 33 M, and the tokens around it read along with it next
/// to nothing, where each token put together here is a call into the
/// compiler: `Game { __data: … }` put together around each game's literal
/// cost the benchmark 14 M instructions more with `build-override`
/// (825 M against 811 M), 18 M more in the dev profile.
fn read_by_compiler(before: &str, data: &str, after: &str) -> Option<TokenStream> {
    if !proc_macro::is_available() || !holds_as_is(data) {
        return None;
    }
    let mut text = String::with_capacity(before.len() + data.len() + after.len() + 2);
    text.push_str(before);
    text.push('"');
    text.push_str(data);
    text.push('"');
    text.push_str(after);
    text.parse::<proc_macro::TokenStream>()
        .ok()
        .map(TokenStream::from)
}

/// `krate`, then the tokens [`read_by_compiler`] reads.
fn krate_then(krate: &TokenStream, before: &str, data: &str, after: &str) -> Option<TokenStream> {
    let rest = read_by_compiler(before, data, after)?;
    let mut out = krate.clone();
    out.extend([rest]);
    Some(out)
}

/// Whether a string literal that is `data` between quotes reads back as
/// `data`: no `"` or `\`, no carriage return (the compiler takes none bare
/// in a literal), and no byte that may begin a text-direction control
/// (U+202A–U+202E, U+2066–U+2069), which the compiler lints against in a
/// literal.
fn holds_as_is(data: &str) -> bool {
    let bytes = data.as_bytes();
    memchr::memchr3(b'"', b'\\', b'\r', bytes).is_none() && memchr::memchr(0xE2, bytes).is_none()
}

/// `krate::Type { fields }`.
fn struct_expr(krate: &TokenStream, ty: &str, fields: Out) -> TokenStream {
    let mut out = Out::new();
    out.path(krate, &[ty]).group(Delimiter::Brace, fields);
    out.tokens
}

/// `const GAMES: &[krate::Game] = &[g1, g2, …]; GAMES`
pub fn game_list(krate: &TokenStream, games: &[TokenStream]) -> TokenStream {
    list(krate, "Game", "GAMES", games)
}

/// `const NAME: &[&str] = &[s1, s2, …];` (the strings given as literals).
pub fn str_list(name: &str, items: &[TokenStream]) -> TokenStream {
    let mut values = Out::new();
    for item in items {
        values.tokens.extend(item.clone());
        values.comma();
    }
    let mut out = Out::new();
    out.ident("const").ident(name).punct(':').punct('&');
    let mut element = Out::new();
    element.punct('&').ident("str");
    out.group(Delimiter::Bracket, element);
    out.punct('=').punct('&').group(Delimiter::Bracket, values);
    out.punct(';');
    out.tokens
}

/// `const NAME: &[krate::Type] = &[v1, v2, …]; NAME`
pub fn list(krate: &TokenStream, ty: &str, name: &str, items: &[TokenStream]) -> TokenStream {
    let mut values = Out::new();
    for item in items {
        values.tokens.extend(item.clone());
        values.comma();
    }
    let mut slice = Out::new();
    slice.punct('&');
    let mut element = Out::new();
    element.path(krate, &[ty]);
    slice.group(Delimiter::Bracket, element);
    let mut out = Out::new();
    out.ident("const").ident(name).punct(':');
    out.tokens.extend(slice.tokens);
    out.punct('=').punct('&').group(Delimiter::Bracket, values);
    out.punct(';').ident(name);
    out.tokens
}

/// The expression `krate::Puzzle { __game: krate::Game { __data: "…" } }`
/// for a proven lichess puzzle:
/// its game's data, with the row's cells as tags named by their columns.
pub fn puzzle_expr(
    krate: &TokenStream,
    source: &Source,
    row: &crate::syntax::puzzles::PuzzleSyntax,
    checked: &crate::puzzle::CheckedPuzzle,
) -> TokenStream {
    let tags = crate::syntax::puzzles::COLUMNS
        .iter()
        .zip(&row.cells)
        .filter(|(_, cell)| !cell.is_empty())
        .map(|(name, &cell)| (*name, source.slice(cell)));
    puzzle_of(krate, &game_data(&checked.game, "", tags))
}

/// The expression `krate::Puzzle { __game: krate::Game { __data: "…" } }`
/// for a proven problem: its game's data (the solution's variations among
/// its annotations, the stipulation among its tags).
pub fn problem_expr(
    krate: &TokenStream,
    source: &Source,
    checked: &crate::puzzle::CheckedProblem,
) -> TokenStream {
    puzzle_of(krate, &whole_game_data(source, &checked.game))
}

/// `krate::Puzzle { __game: krate::Game { __data: "data" } }`.
fn puzzle_of(krate: &TokenStream, data: &str) -> TokenStream {
    let mut field = Out::new();
    field.ident("__game").punct(':');
    field.tokens.extend(data_expr(krate, data));
    struct_expr(krate, "Puzzle", field)
}

/// `::core::compile_error!{"message"}` spanning from `start` to `end`: the
/// compiler underlines everything between the two tokens.
pub fn compile_error(message: &str, start: Span, end: Span) -> TokenStream {
    let mut out = Out::new();
    let mut spanned = |tt: TokenTree| {
        let mut tt = tt;
        tt.set_span(start);
        out.tt(tt);
    };
    spanned(Punct::new(':', Spacing::Joint).into());
    spanned(Punct::new(':', Spacing::Alone).into());
    spanned(Ident::new("core", start).into());
    spanned(Punct::new(':', Spacing::Joint).into());
    spanned(Punct::new(':', Spacing::Alone).into());
    spanned(Ident::new("compile_error", start).into());
    spanned(Punct::new('!', Spacing::Alone).into());
    let mut group = Group::new(
        Delimiter::Brace,
        TokenStream::from(TokenTree::Literal(Literal::string(message))),
    );
    group.set_span(end);
    out.tt(group);
    out.tokens
}

/// How the macros spell help: options are inner attributes at the start of
/// the input, and in the token form a mate is written `Qh5 #`.
pub fn spelling(source: &Source) -> Spelling {
    Spelling {
        opt_in: |option| format!("{} at the start of the macro input", option.attribute()),
        rust_tokens: source.mode() == Mode::Tokens,
    }
}

/// A diagnostic's message as the compiler shows it: with its help lines,
/// and for text inside a string literal or a file, where in it (`line
/// 3:14`, `path:3:14`) and the offending text, because a span cannot point
/// inside a literal.
pub fn message(d: &Diagnostic, source: &Source) -> String {
    let rendered = d.render(&spelling(source));
    if source.mode() == Mode::Tokens {
        return rendered;
    }
    let lc = source.line_col(d.range.start);
    let text = source.slice(d.range);
    let location = match source.name() {
        Some(name) => format!("{name}:{}:{}", lc.line, lc.col),
        None => format!("line {}:{}", lc.line, lc.col),
    };
    // The offending text, unless the message already quotes it.
    if text.is_empty() || d.message.contains(&format!("`{text}`")) {
        format!("{location}: {rendered}")
    } else {
        format!("{location} `{text}`: {rendered}")
    }
}

/// A diagnostic as a `compile_error!` at its place in `source`.
pub fn diagnostic(source: &Source, d: &Diagnostic) -> TokenStream {
    let (start, end) = source
        .spans(d.range)
        .unwrap_or((Span::call_site(), Span::call_site()));
    compile_error(&message(d, source), start, end)
}

/// The data string of a game verified under rules a user defines, in the
/// format of the `chess-format` crate (`chess_format::CustomGameData`):
/// its result and end, the name of its rule set (`rules`), its start when
/// it sets one up, its moves as coordinates, its tags (read from
/// `source`).
pub fn custom_game_data(game: &CustomGame, rules: &chess_rules::Rules, source: &Source) -> String {
    let result = game.result;
    let outcome = game
        .end
        .map_or(Outcome::declared(result), |(end, to_move)| {
            end.outcome(to_move)
        });
    let header = Header {
        result,
        outcome,
        chess960: false,
        variant: chess_format::Variant::Standard,
        plies: game.moves.len(),
        ended: game.end.map(|_| game.moves.len()),
    };
    let plies: &[CustomPly] = &game.moves;
    let tags = game.tags.iter().map(|t| (t.name(source), t.value(source)));
    let mut data = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_custom_game(
        &mut data,
        &header,
        &rules.name,
        game.start.as_deref(),
        plies,
        tags,
    );
    data
}

/// A rule set as the string a `CustomGame` reads it from at run time
/// (`chess_rules::data`): the literal, or a name it is bound to.
pub fn rules_literal(rules: &chess_rules::Rules) -> TokenStream {
    data_literal(&chess_rules::data::write(rules))
}

/// `krate::CustomGame { __data: "data", __rules: rules, __path: "path" }`
/// for a game verified under rules a user defines: its data
/// ([`custom_game_data`]), the rule set (`rules`: [`rules_literal`], or a
/// name bound to it) and the rules file's path.
pub fn custom_game_expr(
    krate: &TokenStream,
    data: &str,
    rules: &TokenStream,
    path: &str,
) -> TokenStream {
    let mut fields = Out::new();
    fields.ident("__data").punct(':');
    fields.tokens.extend(data_literal(data));
    fields.comma().ident("__rules").punct(':');
    fields.tokens.extend(rules.clone());
    fields
        .comma()
        .ident("__path")
        .punct(':')
        .tt(Literal::string(path));
    struct_expr(krate, "CustomGame", fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn plies_of_every_kind() {
        let e4 = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        };
        assert_eq!(
            ply(&e4, SanBits::default()).to_bits(),
            12 | 28 << 6 | 1 << 12 | 1 << 14
        );
        let castle = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        let mate = SanBits::default().with_suffix(Some(Suffix::Checkmate));
        assert_eq!(
            ply(&castle, mate).to_bits(),
            60 | 56 << 6 | 3 << 12 | 6 << 14 | 2 << 25
        );
        // A pawn never writes its origin, whatever the bits say.
        let exd5 = Move::Normal {
            role: Role::Pawn,
            from: Square::E4,
            capture: Some(Role::Pawn),
            to: Square::D5,
            promotion: None,
        };
        let p = ply(&exd5, SanBits::default().with_file().with_rank());
        assert!(!p.san_file && !p.san_rank);
    }

    #[test]
    fn messages_locate_text_sources() {
        use crate::diagnostic::ErrorKind;
        use crate::input::Range;
        let src = Source::text("1. e4\n2. Bc4", Some("g.pgn".into()), None);
        let d = Diagnostic::new(ErrorKind::Blocked, Range::new(9, 12), "illegal move `Bc4`")
            .with_note("try Nf3");
        assert_eq!(
            message(&d, &src),
            "g.pgn:2:4: illegal move `Bc4`\nhelp: try Nf3"
        );
        let d = Diagnostic::new(ErrorKind::Blocked, Range::new(9, 12), "illegal move");
        assert_eq!(message(&d, &src), "g.pgn:2:4 `Bc4`: illegal move");
    }

    #[test]
    fn compile_error_tokens() {
        let ts = compile_error("bad", Span::call_site(), Span::call_site());
        assert_eq!(ts.to_string(), ":: core :: compile_error ! { \"bad\" }");
    }

    #[test]
    fn which_data_a_literal_holds_as_it_is() {
        assert!(holds_as_is("00074,,SLbFAA-tIAAKaFAA"));
        assert!(holds_as_is("Café, ß, a\ttab and a\nline"));
        for escaped in ["a \"b\"", "C:\\new", "one\r\ntwo", "\u{202E}x", "x\u{2069}"] {
            assert!(!holds_as_is(escaped), "{escaped:?}");
        }
    }

    /// Outside a proc macro the literal is `Literal::string`'s, whatever
    /// the data.
    #[test]
    fn data_literals_outside_a_macro() {
        for data in ["00074,,SLbFAA", "a \"b\""] {
            assert_eq!(
                data_literal(data).to_string(),
                Literal::string(data).to_string()
            );
        }
    }
}
