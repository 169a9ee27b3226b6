//! Tokens out: a verified game as a `const` expression of the facade's
//! `Game`, or diagnostics as `compile_error!` invocations.
//!
//! A game is one printable string literal — header, start position, five
//! base-64 digits per ply (the move and what its SAN needs), tags — decoded
//! by the facade (`verified_chess::Game::__new` documents the layout). One
//! literal without escapes is what costs the compiler least to carry.

use std::fmt::Write as _;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use shakmaty::san::Suffix;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role};

use crate::diag::Diagnostic;
use crate::replay::VerifiedGame;
use crate::san::SanBits;
use crate::source::Source;
use crate::syntax::Tag;

/// The facade's base-64 digits.
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The 27 bits of one ply, as the facade decodes them. (One look at the
/// move and plain arithmetic: this runs for every ply.)
pub fn pack(m: &Move, san: SanBits) -> u32 {
    let (from, target, kind, role, capture, promotion) = match *m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            // A pawn moves along its file: two ranks are 16 squares.
            let double = role == Role::Pawn && (from as u32).abs_diff(to as u32) == 16;
            (from, to, u32::from(double), role, capture, promotion)
        }
        Move::EnPassant { from, to } => (from, to, 2, Role::Pawn, Some(Role::Pawn), None),
        Move::Castle { king, rook } => (king, rook, 3, Role::King, None, None),
        Move::Put { role, to } => (to, to, 0, role, None, None),
    };
    // Only a piece move writes its origin (a pawn capture's file follows
    // from the move).
    let (file, rank) = if role == Role::Pawn {
        (false, false)
    } else {
        (san.file(), san.rank())
    };
    let suffix = match san.suffix() {
        None => 0,
        Some(Suffix::Check) => 1,
        Some(Suffix::Checkmate) => 2,
    };
    let capture = match capture {
        Some(r) => r as u32,
        None => 0,
    };
    let promotion = match promotion {
        Some(r) => r as u32,
        None => 0,
    };
    from as u32
        | (target as u32) << 6
        | kind << 12
        | (role as u32) << 14
        | capture << 17
        | promotion << 20
        | u32::from(file) << 23
        | u32::from(rank) << 24
        | suffix << 25
}

/// The data string of a verified game with its `(name, value)` tag pairs
/// (see `verified_chess::Game::__new`).
pub fn game_data<'a, V: AsRef<str>>(
    game: &VerifiedGame,
    tags: impl IntoIterator<Item = (&'a str, V)>,
) -> String {
    let mut data = String::with_capacity(16 + game.moves.len() * 5);
    let byte = game.outcome_byte();
    data.push(char::from(b'0' + (byte >> 4)));
    data.push(char::from(b'0' + (byte & 15)));
    data.push(if game.mode.is_chess960() { '1' } else { '0' });
    let _ = write!(data, "{},", game.moves.len());
    if let Some((_, plies)) = game.end {
        let _ = write!(data, "{plies}");
    }
    data.push(',');
    let pos = &game.start;
    if is_standard_start(pos) {
        data.push('S');
    } else {
        data.push('P');
        data.extend(board_chars(pos).iter().map(|&b| char::from(b)));
        data.push(if pos.turn() == Color::White { 'w' } else { 'b' });
        let _ = write!(data, "{:016x}", pos.castles().castling_rights().0);
        match pos.ep_square(EnPassantMode::Always) {
            Some(sq) => {
                let _ = write!(data, "{sq}");
            }
            None => data.push_str("--"),
        }
        let _ = write!(data, "{}.{},", pos.halfmoves(), pos.fullmoves());
    }
    // Digits as bytes, checked as UTF-8 once (this runs for every ply).
    let plies = game.moves.len().min(game.sans.len());
    let mut digits = vec![0; plies * 5];
    for i in 0..plies {
        let bits = pack(&game.moves[i], game.sans[i]) as usize;
        let out = &mut digits[i * 5..i * 5 + 5];
        out[0] = DIGITS[bits & 63];
        out[1] = DIGITS[bits >> 6 & 63];
        out[2] = DIGITS[bits >> 12 & 63];
        out[3] = DIGITS[bits >> 18 & 63];
        out[4] = DIGITS[bits >> 24 & 63];
    }
    data.push_str(std::str::from_utf8(&digits).unwrap_or_default());
    // Tags: `name\0value\0` (a NUL inside a value, which PGN has no use
    // for, becomes U+FFFD).
    for (name, value) in tags {
        data.push_str(name);
        data.push('\0');
        data.extend(
            value
                .as_ref()
                .chars()
                .map(|c| if c == '\0' { '\u{FFFD}' } else { c }),
        );
        data.push('\0');
    }
    data
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

fn position_expr(krate: &TokenStream, pos: &Chess) -> Out {
    let mut out = Out::new();
    if is_standard_start(pos) {
        out.path(krate, &["Position", "START"]);
        return out;
    }
    let board = board_chars(pos);
    let castling = pos.castles().castling_rights().0;
    let ep = pos.ep_square(EnPassantMode::Always).map_or(64, u8::from);
    let mut args = Out::new();
    args.tt(Literal::byte_string(&board)).comma();
    args.path(
        krate,
        &[
            "Color",
            match pos.turn() {
                Color::White => "White",
                Color::Black => "Black",
            },
        ],
    )
    .comma();
    args.tt(Literal::u64_suffixed(castling)).comma();
    args.tt(Literal::u8_suffixed(ep)).comma();
    args.tt(Literal::u32_suffixed(pos.halfmoves())).comma();
    args.tt(Literal::u32_suffixed(pos.fullmoves().get()));
    out.path(krate, &["Position", "__from_parts"])
        .group(Delimiter::Parenthesis, args);
    out
}

/// The expression for a position: `krate::Position::START` or
/// `krate::Position::__from_parts(…)`.
pub fn position(krate: &TokenStream, pos: &Chess) -> TokenStream {
    position_expr(krate, pos).tokens
}

/// FEN piece letters from a1 to h8, `.` for an empty square.
fn board_chars(pos: &Chess) -> [u8; 64] {
    let mut board = [b'.'; 64];
    for (sq, piece) in pos.board().iter() {
        board[usize::from(sq)] = piece.char() as u8;
    }
    board
}

fn is_standard_start(pos: &Chess) -> bool {
    pos.board() == Chess::default().board()
        && pos.turn() == Color::White
        && pos.castles().castling_rights() == Chess::default().castles().castling_rights()
        && pos.maybe_ep_square().is_none()
        && pos.halfmoves() == 0
        && pos.fullmoves().get() == 1
}

/// The expression `krate::Game::__new("…")` for a verified game with its tags.
pub fn game_expr(
    krate: &TokenStream,
    source: &Source,
    tags: &[Tag],
    game: &VerifiedGame,
) -> TokenStream {
    let mut args = Out::new();
    let tags = tags.iter().map(|t| (t.name(source), t.value(source)));
    args.tt(Literal::string(&game_data(game, tags)));
    let mut out = Out::new();
    out.path(krate, &["Game", "__new"])
        .group(Delimiter::Parenthesis, args);
    out.tokens
}

/// `const GAMES: &[krate::Game] = &[g1, g2, …]; GAMES`
pub fn game_list(krate: &TokenStream, games: &[TokenStream]) -> TokenStream {
    let mut items = Out::new();
    for g in games {
        items.tokens.extend(g.clone());
        items.comma();
    }
    let mut ty = Out::new();
    ty.punct('&');
    let mut element = Out::new();
    element.path(krate, &["Game"]);
    ty.group(Delimiter::Bracket, element);
    let mut out = Out::new();
    out.ident("const").ident("GAMES").punct(':');
    out.tokens.extend(ty.tokens);
    out.punct('=').punct('&').group(Delimiter::Bracket, items);
    out.punct(';').ident("GAMES");
    out.tokens
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

/// A diagnostic as a `compile_error!` at its place in `source`.
pub fn diagnostic(source: &Source, d: &Diagnostic) -> TokenStream {
    let (start, end) = source
        .spans(d.range)
        .unwrap_or((Span::call_site(), Span::call_site()));
    compile_error(&d.render_for(source), start, end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn packs_kinds() {
        let e4 = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        };
        assert_eq!(
            pack(&e4, SanBits::default()),
            12 | 28 << 6 | 1 << 12 | 1 << 14
        );
        let castle = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        let mate = SanBits::default().with_suffix(Some(Suffix::Checkmate));
        assert_eq!(
            pack(&castle, mate),
            60 | 56 << 6 | 3 << 12 | 6 << 14 | 2 << 25
        );
    }

    #[test]
    fn compile_error_tokens() {
        let ts = compile_error("bad", Span::call_site(), Span::call_site());
        assert_eq!(ts.to_string(), ":: core :: compile_error ! { \"bad\" }");
    }
}
