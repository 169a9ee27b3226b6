//! The macros' entry points, on `proc_macro2` tokens so that they can be
//! tested without a compiler.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::diag::{Diagnostic, ErrorKind};
use crate::replay::Options;
use crate::source::{Range, Source};
use crate::{emit, setup, syntax, tokens, verify_game};

/// Splits `path; rest` (the facade passes its `$crate` path first).
fn split_crate(input: TokenStream) -> (TokenStream, TokenStream) {
    let mut krate = TokenStream::new();
    let mut iter = input.into_iter();
    for tt in iter.by_ref() {
        if matches!(&tt, TokenTree::Punct(p) if p.as_char() == ';') {
            return (krate, iter.collect());
        }
        krate.extend([tt]);
    }
    // Called without a path: assume the facade's usual name.
    ("::verified_chess".parse().unwrap_or_default(), krate)
}

/// The options the input starts with, as inner attributes:
/// `#![allow(moves_after_draw)]`.
pub fn options(input: TokenStream) -> Result<(Options, TokenStream), TokenStream> {
    let mut options = Options::default();
    let mut rest: Vec<TokenTree> = input.into_iter().collect();
    loop {
        let is_attr = matches!(
            rest.as_slice(),
            [TokenTree::Punct(hash), TokenTree::Punct(bang), TokenTree::Group(g), ..]
                if hash.as_char() == '#' && bang.as_char() == '!' && g.delimiter() == Delimiter::Bracket
        );
        if !is_attr {
            break;
        }
        let TokenTree::Group(group) = rest[2].clone() else {
            break;
        };
        let words: Vec<String> = group
            .stream()
            .into_iter()
            .flat_map(|tt| match tt {
                TokenTree::Group(inner) => inner
                    .stream()
                    .into_iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>(),
                other => vec![other.to_string()],
            })
            .filter(|w| w != ",")
            .collect();
        match words.split_first() {
            Some((allow, names)) if allow == "allow" && !names.is_empty() => {
                for name in names {
                    match name.as_str() {
                        "moves_after_draw" => options.moves_after_draw = true,
                        other => {
                            return Err(emit::compile_error(
                                &format!(
                                    "unknown option `{other}`\nhelp: the only option is `#![allow(moves_after_draw)]`"
                                ),
                                group.span(),
                                group.span(),
                            ));
                        }
                    }
                }
            }
            _ => {
                return Err(emit::compile_error(
                    "unknown attribute\nhelp: the only option is `#![allow(moves_after_draw)]`",
                    rest[0].span(),
                    group.span(),
                ));
            }
        }
        rest.drain(..3);
    }
    Ok((options, rest.into_iter().collect()))
}

/// The source for a macro's input: PGN text for a single string literal,
/// the rendered tokens otherwise.
pub fn front_end(input: TokenStream) -> Source {
    let mut iter = input.clone().into_iter();
    if let (Some(TokenTree::Literal(lit)), None) = (iter.next(), iter.next())
        && let syn::Lit::Str(s) = syn::Lit::new(lit.clone())
    {
        return Source::text(s.value(), None, Some(lit.span()));
    }
    tokens::render(input, Span::call_site())
}

/// `game! { … }`: one game, verified, as a `Game` expression or a
/// `compile_error!`.
pub fn game(input: TokenStream) -> TokenStream {
    let (krate, input) = split_crate(input);
    let (options, input) = match options(input) {
        Ok(split) => split,
        Err(error) => return error,
    };
    let source = front_end(input);
    let mut parsed = syntax::parse(&source);
    if parsed.len() > 1 {
        let second = match &parsed[1] {
            Ok(g) => g.range,
            Err(d) => d.range,
        };
        if let Ok(first) = &parsed[0] {
            let d = match first.result {
                Some((result, _)) => Diagnostic::new(
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
            .with_help("`games!` takes several games");
            return emit::diagnostic(&source, &d);
        }
    }
    let game = match parsed.drain(..).next() {
        None => syntax::GameSyntax {
            lines: vec![syntax::Line::default()],
            range: Range::default(),
            ..Default::default()
        },
        Some(Ok(game)) => game,
        Some(Err(d)) => return emit::diagnostic(&source, &d),
    };
    match verify_game(&game, &source, options) {
        Ok(verified) => emit::game_expr(&krate, &source, &game.tags, &verified),
        Err(d) => emit::diagnostic(&source, &d),
    }
}

/// Verifies every game of `source` and emits
/// `{ const GAMES: &[krate::Game] = &[…]; GAMES }`, or one `compile_error!`
/// per bad game. `prelude` goes first (e.g. `include_bytes!` for rebuild
/// tracking).
fn games_output(
    krate: &TokenStream,
    source: &Source,
    options: Options,
    prelude: TokenStream,
) -> TokenStream {
    let mut errors = TokenStream::new();
    let mut games = Vec::new();
    for parsed in syntax::parse(source) {
        match parsed.and_then(|g| verify_game(&g, source, options).map(|v| (g, v))) {
            Ok((syntax, verified)) => {
                if errors.is_empty() {
                    games.push(emit::game_expr(krate, source, &syntax.tags, &verified));
                }
            }
            Err(d) => errors.extend(emit::diagnostic(source, &d)),
        }
    }
    let mut out = prelude;
    if !errors.is_empty() {
        // Every bad game is reported; the value is then an empty list, so
        // that no further type errors pile up.
        out.extend(errors);
        out.extend(";".parse::<TokenStream>().unwrap_or_default());
        games.clear();
    }
    out.extend(emit::game_list(krate, &games));
    let mut block = TokenStream::new();
    block.extend([TokenTree::Group(proc_macro2::Group::new(
        Delimiter::Brace,
        out,
    ))]);
    block
}

/// `games! { … }` or `games!("…")`: several games, each verified.
pub fn games(input: TokenStream) -> TokenStream {
    let (krate, input) = split_crate(input);
    let (options, input) = match options(input) {
        Ok(split) => split,
        Err(error) => return error,
    };
    let source = front_end(input);
    games_output(&krate, &source, options, TokenStream::new())
}

/// `include_pgn!("path")`: the games of a PGN file in the crate, verified.
pub fn include_pgn(input: TokenStream) -> TokenStream {
    let (krate, input) = split_crate(input);
    let (options, input) = match options(input) {
        Ok(split) => split,
        Err(error) => return error,
    };
    let mut iter = input.into_iter();
    let literal = match (iter.next(), iter.next()) {
        (Some(TokenTree::Literal(lit)), None) => lit,
        (first, _) => {
            let span = first.map_or_else(Span::call_site, |t| t.span());
            return emit::compile_error(
                "`include_pgn!` takes the path of a PGN file, relative to the crate's directory: `include_pgn!(\"games/collection.pgn\")`",
                span,
                span,
            );
        }
    };
    let span = literal.span();
    let fail = |message: String| emit::compile_error(&message, span, span);
    let syn::Lit::Str(path) = syn::Lit::new(literal.clone()) else {
        return fail("`include_pgn!` takes the path as a string literal".into());
    };
    let path = path.value();
    let file = match crate::files::read_in_crate(&path) {
        Ok(file) => file,
        Err(message) => return fail(message),
    };
    let Some(absolute) = file.absolute.to_str() else {
        return fail(format!("the path of `{path}` is not valid UTF-8"));
    };
    // `const _: &[u8] = include_bytes!("…");` makes cargo rebuild when the
    // file changes (the stable replacement for tracked paths).
    let mut prelude = TokenStream::new();
    prelude.extend(
        format!("const _: &[u8] = ::core::include_bytes!({:?});", absolute)
            .parse::<TokenStream>()
            .unwrap_or_default(),
    );
    let source = Source::text(file.text, Some(path), Some(span));
    games_output(&krate, &source, options, prelude)
}

/// `position! { … }`: a setup, validated, as a `Position` expression or a
/// `compile_error!`.
pub fn position(input: TokenStream) -> TokenStream {
    let (krate, input) = split_crate(input);
    let mut iter = input.clone().into_iter();
    // A lone string is a FEN.
    if let (Some(TokenTree::Literal(lit)), None) = (iter.next(), iter.next())
        && let syn::Lit::Str(s) = syn::Lit::new(lit.clone())
    {
        let source = Source::text(s.value(), None, Some(lit.span()));
        let whole = Range::new(0, source.as_str().len() as u32);
        return match setup::fen_string(source.as_str(), 0, whole)
            .and_then(|setup| setup::validate(&setup, None))
        {
            Ok((pos, _)) => emit::position(&krate, &pos),
            Err(d) => emit::diagnostic(&source, &d),
        };
    }
    let source = front_end(input);
    let mut parsed = syntax::parse(&source);
    let game = match parsed.drain(..).next() {
        None => {
            return emit::compile_error(
                "expected a position: `fen …`, `board …`, `white: … black: …` or `[FEN \"…\"]`",
                Span::call_site(),
                Span::call_site(),
            );
        }
        Some(Err(d)) => return emit::diagnostic(&source, &d),
        Some(Ok(game)) => game,
    };
    if let Some(first) = game.main_line().next() {
        let d = Diagnostic::new(
            ErrorKind::ExpectedMove,
            first.range,
            "`position!` takes a position, not moves",
        )
        .with_help("`game!` takes a setup followed by moves");
        return emit::diagnostic(&source, &d);
    }
    if let Some((_, range)) = game.result {
        let d = Diagnostic::new(
            ErrorKind::MisplacedResult,
            range,
            "`position!` takes a position, not a result",
        );
        return emit::diagnostic(&source, &d);
    }
    match setup::setup_of(&game, &source) {
        Ok(None) => emit::compile_error(
            "expected a position: `fen …`, `board …`, `white: … black: …` or `[FEN \"…\"]`",
            Span::call_site(),
            Span::call_site(),
        ),
        Ok(Some(_)) => match setup::position(&game, &source) {
            Ok((pos, _)) => emit::position(&krate, &pos),
            Err(d) => emit::diagnostic(&source, &d),
        },
        Err(d) => emit::diagnostic(&source, &d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(input: &str) -> String {
        game(input.parse().unwrap()).to_string()
    }

    #[test]
    fn expands_to_game_data() {
        let out = expand("$crate; 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0");
        // `$crate` parses as `$` `crate` outside a compiler.
        assert!(out.starts_with("$ crate :: Game :: __new ("), "{out}");
        assert!(out.contains("$ crate :: Position :: START"), "{out}");
        assert!(out.contains("\"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#\""), "{out}");
        // result 1-0 (1) and checkmate by White (1)
        assert!(out.contains("17u8"), "{out}");
    }

    #[test]
    fn errors_become_compile_errors() {
        let out = expand("$crate; 1. e4 e5 2. Ke3");
        assert!(out.starts_with(":: core :: compile_error !"), "{out}");
        assert!(out.contains("White cannot play `2. Ke3`"), "{out}");
    }

    #[test]
    fn string_form_gives_line_and_column() {
        let out = expand("$crate; \"1. e4 e5\\n2. Ke3\"");
        assert!(
            out.contains("line 2:4 `Ke3`:") || out.contains("line 2:4:"),
            "{out}"
        );
    }

    #[test]
    fn one_game_only() {
        let out = expand("$crate; 1. e4 1-0 1. d4");
        assert!(out.contains("nothing may follow"), "{out}");
    }

    #[test]
    fn options_come_first() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4";
        assert!(expand(&format!("$crate; {shuffle}")).contains("compile_error"));
        let out = expand(&format!("$crate; #![allow(moves_after_draw)] {shuffle}"));
        assert!(out.contains("Game :: __new"), "{out}");
        assert!(expand("$crate; #![allow(nonsense)] 1. e4").contains("unknown option `nonsense`"));
        assert!(expand("$crate; #![deny(x)] 1. e4").contains("unknown attribute"));
    }

    #[test]
    fn several_games() {
        let out = games("$crate; 1. e4 e5 1-0 1. d4 d5 0-1".parse().unwrap()).to_string();
        assert!(out.contains("const GAMES"), "{out}");
        assert_eq!(out.matches("Game :: __new").count(), 2, "{out}");
        // Every bad game is reported.
        let out = games(
            "$crate; 1. e4 e5 2. Ke3 1-0 1. d4 d5 * 1. Nf3 Nf6 2. Nf7 *"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(!out.contains("Game :: __new"), "{out}");
    }

    #[test]
    fn positions() {
        let out = position(
            "$crate; fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("Position :: __from_parts"), "{out}");
        let out = position(
            "$crate; \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("Position :: START"), "{out}");
        let out =
            position("$crate; fen 4k3/8/8/8/8/8/8/4K2R w 1. Kd2".parse().unwrap()).to_string();
        assert!(out.contains("takes a position, not moves"), "{out}");
        let out = position("$crate; ".parse().unwrap()).to_string();
        assert!(out.contains("expected a position"), "{out}");
        let out = position("$crate; \"8/8/8/8/8/8/8/8 w\"".parse().unwrap()).to_string();
        assert!(out.contains("the board is empty"), "{out}");
    }

    #[test]
    fn empty_game_is_the_start_position() {
        let out = expand("$crate;");
        assert!(out.contains("Position :: START"), "{out}");
    }
}
