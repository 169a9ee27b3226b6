//! The procedural macros of `verified-chess`. Use them through that crate
//! (feature `macros`): it passes its own path in, so the generated code works
//! under any dependency name.

use proc_macro::TokenStream;

/// Runs an expansion, turning any internal failure into a `compile_error!`
/// instead of a compiler panic.
fn guarded(
    input: TokenStream,
    expand: fn(proc_macro2::TokenStream) -> proc_macro2::TokenStream,
) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    match std::panic::catch_unwind(move || expand(input)) {
        Ok(out) => out.into(),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let message = format!(
                "internal error in verified-chess ({what}); this is a bug, please report it with the macro input"
            );
            chess_core::emit::compile_error(
                &message,
                proc_macro2::Span::call_site(),
                proc_macro2::Span::call_site(),
            )
            .into()
        }
    }
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
