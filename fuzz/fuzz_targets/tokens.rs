//! The token front end (`game!`, `games!`, `position!` on Rust tokens):
//! any input that Rust tokenizes expands to a value or to `compile_error!`
//! invocations, never a panic.
#![no_main]

use chess_core::expand;
use libfuzzer_sys::fuzz_target;
use proc_macro2::TokenStream;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tokens) = format!("::verified_chess; {text}").parse::<TokenStream>() else {
        return;
    };
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
