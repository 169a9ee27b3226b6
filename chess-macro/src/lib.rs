//! The procedural macros of `verified-chess`. Use them through that crate
//! (feature `macros`): it passes its own path in, so the generated code works
//! under any dependency name.

use proc_macro::TokenStream;

/// Runs an expansion with chess-core's guard: an internal failure becomes
/// a `compile_error!`, never a compiler panic.
fn guarded(
    input: TokenStream,
    expand: fn(proc_macro2::TokenStream) -> proc_macro2::TokenStream,
) -> TokenStream {
    chess_core::expand::guarded(input.into(), expand).into()
}

#[doc(hidden)]
#[proc_macro]
pub fn game_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::game)
}

#[doc(hidden)]
#[proc_macro]
pub fn position_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::position)
}

#[doc(hidden)]
#[proc_macro]
pub fn games_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::games)
}

#[doc(hidden)]
#[proc_macro]
pub fn include_pgn_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::include_pgn)
}

#[doc(hidden)]
#[proc_macro]
pub fn include_puzzles_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::include_puzzles)
}

#[doc(hidden)]
#[proc_macro]
pub fn puzzle_impl(input: TokenStream) -> TokenStream {
    guarded(input, chess_core::expand::puzzle)
}
