//! Chess games as compile-time facts.
//!
//! ```
//! use verified_chess::{game, Game};
//!
//! const FOOLS_MATE_REVERSED: Game = game! { 1. e4 f5 2. Qf3 g5 3. Qh5 # 1-0 };
//! assert_eq!(FOOLS_MATE_REVERSED.len(), 5);
//! ```
//!
//! [`game!`] replays every move through a complete rules engine while your
//! crate compiles. An illegal move is a compile error underlining exactly that
//! move, saying why it is illegal and what would be legal instead:
//!
//! ```text
//! error: White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2
//!        help: legal bishop moves: `Bd2`, `Be3`, `Bf4`, `Bg5`, `Bh6`
//!        help: moves that reach c4: `c4`
//!  --> src/main.rs:5:33
//!   |
//! 5 |     let _ = game! { 1. d4 d5 2. Bc4 };
//!   |                                 ^^^
//! ```
//!
//! A verified game is plain `const` data ([`Game`]): the moves, their SAN and
//! UCI text, the outcome, and every position on demand — with no rules engine
//! at run time.
//!
//! # Features
//!
//! * `macros` — the `game!` macro. The macros run only inside the compiler
//!   and use the GPL-3.0-or-later rules engine [shakmaty]; nothing of them is
//!   linked into your program, whose only dependency from this project is this
//!   MIT/Apache-2.0 crate. The feature is off by default so that the default
//!   dependency graph is permissively licensed throughout; turn it on in the
//!   crate that writes games.
//! * `std` (default) — implementations that need the standard library.
//! * `shakmaty` — conversions of positions, moves, squares and pieces to and
//!   from [shakmaty]'s types. **shakmaty is GPL-3.0-or-later: this feature
//!   links it into your program.**
//! * `serde` — `Serialize` for games, positions and moves (squares as
//!   `"e4"`, positions as FEN), `Deserialize` for the plain value types.
//!
//! [shakmaty]: https://docs.rs/shakmaty
#![no_std]
#![warn(missing_docs)]

#[cfg(any(feature = "std", test))]
extern crate std;

mod board;
#[cfg(feature = "shakmaty")]
mod convert;
mod game;
mod moves;
mod pgn;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod types;

pub use board::{BoardDisplay, BoardStyle};
pub use game::{
    DecisiveReason, DrawReason, Game, GameResult, Moves, Outcome, Plies, Ply, Positions, Sans,
};
pub use moves::{Move, MoveKind, Uci};
pub use pgn::Pgn;
pub use position::{CastlingRights, Fen, Position};
pub use types::{CastlingSide, Color, File, Piece, Rank, Role, Square};

/// Implementation details of the macros. Not a public API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "macros")]
    pub use chess_macro::game_impl;
}

/// Verifies a chess game at compile time and yields it as a [`Game`].
///
/// ```
/// use verified_chess::{game, Game, GameResult};
///
/// const OPERA: Game = game! {
///     1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
///     7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7
///     12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8
///     17. Rd8 # 1-0
/// };
/// assert_eq!(OPERA.result(), GameResult::WhiteWins);
/// ```
///
/// The whole input is read as chess notation. Rust's tokenizer runs first, so
/// a few spellings differ from printed notation:
///
/// | write | for | because |
/// |---|---|---|
/// | `Qh5 #` or `Qh5++` | `Qh5#` | `Qh5#` is a Rust syntax error (reserved prefix) |
/// | `1/2-1/2` | `½-½` | `½` is not a Rust token |
/// | `// text` or `{ "text" }` | `{ text }` with apostrophes | `'` starts a Rust character literal |
///
/// Move numbers (`1.`, `1...`) are optional but must be right when present;
/// so are the markers `+`, `#`, `++` and `e.p.`. The notations accepted are
/// SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`), long algebraic (`Ng1-f3`, `e4xd5`),
/// UCI (`g1f3`, `e7e8q`) and the long form `knight g1 to f3`
/// (`pawn e7 to e8 becomes queen`, castling as `king e1 to g1`). See the
/// crate's README for the full grammar.
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! game {
    ($($input:tt)*) => {
        $crate::__private::game_impl! { $crate; $($input)* }
    };
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
