//! Why a macro call gave no value.

use proc_macro2::TokenStream;

use crate::diagnostic::Diagnostic;
use crate::emit;
use crate::input::Source;

/// Why a macro call gave no value.
pub enum Failure {
    /// A problem in the chess: notation, a setup, an illegal move.
    Chess(Box<Source>, Diagnostic),
    /// A problem with the call itself (an unknown option), as the
    /// `compile_error!` to emit.
    Call(TokenStream),
}

impl Failure {
    /// The `compile_error!` invocation to emit.
    pub fn into_tokens(self) -> TokenStream {
        match self {
            Failure::Chess(source, d) => emit::diagnostic(&source, &d),
            Failure::Call(tokens) => tokens,
        }
    }
}
