//! Tokens out: a verified game as a `const` expression of the facade's
//! `Game`, or diagnostics as `compile_error!` invocations.
//!
//! The data is compact: all moves in one byte-string literal (three bytes per
//! ply, see `verified_chess::Move::__unpack`), all SAN in one string literal.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role};

use crate::diag::Diagnostic;
use crate::replay::VerifiedGame;
use crate::source::Source;
use crate::syntax::Tag;

/// Packs one move into the three bytes the facade decodes.
pub fn pack(m: &Move) -> [u8; 3] {
    let (from, target, kind) = match *m {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } if from.distance(to) == 2 => (from, to, 1),
        Move::Normal { from, to, .. } => (from, to, 0),
        Move::EnPassant { from, to } => (from, to, 2),
        Move::Castle { king, rook } => (king, rook, 3),
        Move::Put { to, .. } => (to, to, 0),
    };
    let promotion = m.promotion();
    let promo_bits = match promotion {
        Some(Role::Knight) | None => 0,
        Some(Role::Bishop) => 1,
        Some(Role::Rook) => 2,
        Some(_) => 3,
    };
    let capture = m.capture().map_or(0, |r| r as u8);
    [
        u8::from(from) | kind << 6,
        u8::from(target) | promo_bits << 6,
        m.role() as u8 | capture << 3 | if promotion.is_some() { 0x40 } else { 0 },
    ]
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
    let mut board = [b'.'; 64];
    for (sq, piece) in pos.board().iter() {
        board[usize::from(sq)] = piece.char() as u8;
    }
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

fn is_standard_start(pos: &Chess) -> bool {
    pos.board() == Chess::default().board()
        && pos.turn() == Color::White
        && pos.castles().castling_rights() == Chess::default().castles().castling_rights()
        && pos.maybe_ep_square().is_none()
        && pos.halfmoves() == 0
        && pos.fullmoves().get() == 1
}

/// The expression `krate::Game::__new(…)` for a verified game with its tags.
pub fn game_expr(
    krate: &TokenStream,
    source: &Source,
    tags: &[Tag],
    game: &VerifiedGame,
) -> TokenStream {
    // All tags in one literal: `name\0value\0…` (a NUL inside a value, which
    // PGN has no use for, becomes U+FFFD).
    let mut packed = String::new();
    for tag in tags {
        packed.push_str(tag.name(source));
        packed.push('\0');
        packed.extend(
            tag.value(source)
                .chars()
                .map(|c| if c == '\0' { '\u{FFFD}' } else { c }),
        );
        packed.push('\0');
    }
    let mut moves = Vec::with_capacity(game.moves.len() * 3);
    for m in &game.moves {
        moves.extend_from_slice(&pack(m));
    }

    let mut args = Out::new();
    args.tt(Literal::string(&packed)).comma();
    args.tokens.extend(position_expr(krate, &game.start).tokens);
    args.comma();
    args.tt(Literal::byte_string(&moves)).comma();
    args.tt(Literal::string(&game.san)).comma();
    args.tt(Literal::u8_suffixed(game.outcome_byte())).comma();
    let ended = game.end.map_or(u32::MAX, |(_, plies)| {
        u32::try_from(plies).unwrap_or(u32::MAX)
    });
    args.tt(Literal::u32_suffixed(ended)).comma();
    args.ident(if game.mode.is_chess960() {
        "true"
    } else {
        "false"
    });

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
        assert_eq!(pack(&e4), [12 | 1 << 6, 28, 1]);
        let castle = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        assert_eq!(pack(&castle), [60 | 3 << 6, 56, 6]);
        let promo = Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture: Some(Role::Rook),
            to: Square::A8,
            promotion: Some(Role::Queen),
        };
        assert_eq!(pack(&promo), [49, 56 | 3 << 6, 1 | 4 << 3 | 0x40]);
    }

    #[test]
    fn compile_error_tokens() {
        let ts = compile_error("bad", Span::call_site(), Span::call_site());
        assert_eq!(ts.to_string(), ":: core :: compile_error ! { \"bad\" }");
    }
}
