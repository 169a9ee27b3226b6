//! The token front end (`game!`, `games!`, `position!` on Rust tokens):
//! any input that Rust tokenizes expands to a value or to `compile_error!`
//! invocations, never a panic; and the tokens, rendered as the macros read
//! them, give the same games through the express lane as through the
//! lexer and grammar; and a `game!` call read the quick way (its options,
//! and the rest of its tokens as rustc prints them, modelled) gives what
//! its tokens give.
#![no_main]

use chess_core::expand;
use chess_core::syntax::Parser;
use libfuzzer_sys::fuzz_target;
use proc_macro2::TokenStream;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tokens) = format!("::verified_chess; {text}").parse::<TokenStream>() else {
        return;
    };
    if let Ok(input) = text.parse::<TokenStream>() {
        // As the facade passes a call on: its options, then the rest in a
        // group, which rustc prints.
        let (options, moves) = chess_core::testing::facade_split(input.clone());
        let printed = chess_core::testing::printed_like_rustc(moves.clone());
        let krate: TokenStream = "::verified_chess".parse().unwrap();
        if let Some(quick) = expand::game_as_printed(krate, options, &moves, &printed) {
            assert_eq!(
                quick.to_string(),
                expand::game(tokens.clone()).to_string(),
                "{printed:?}"
            );
        }
        let source = expand::front_end(input);
        for notes in [true, false] {
            let parser = |express: bool| {
                let parser = Parser::new(&source);
                let parser = if notes {
                    parser
                } else {
                    parser.without_notes()
                };
                let parser = if express {
                    parser
                } else {
                    parser.without_express_lane()
                };
                parser.collect::<Vec<_>>()
            };
            assert_eq!(parser(true), parser(false));
        }
    }
    for out in [
        expand::game(tokens.clone()),
        expand::games(tokens.clone()),
        expand::position(tokens),
    ] {
        let out = out.to_string();
        assert!(
            out.contains("compile_error")
                || out.contains("__data")
                || out.contains("Position")
                || out.contains("GAMES"),
            "{out}"
        );
    }
});
