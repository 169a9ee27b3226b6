//! Chess games as compile-time facts.
//!
//! ```
//! use verified_chess::{game, Game};
//!
//! const FOOLS_MATE_REVERSED: Game = game! { 1. e4 f5 2. Qf3 g5 3. Qh5 # 1-0 };
//! assert_eq!(FOOLS_MATE_REVERSED.len(), 5);
//! ```
//!
//! `game!` replays every move through a complete rules engine while your
//! crate compiles. An illegal move is a compile error underlining exactly that
//! move, saying why it is illegal and what would be legal instead:
//!
//! ```text
//! error: White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2
//!        help: did you mean `Bf4`?
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
//! The [guide](https://docs.rs/verified-chess/latest/verified_chess/guide/index.html)
//! (the module `guide`, with the `macros` feature) has a chapter for each
//! thing the crate does — notation, setups, collections, variants, puzzles
//! and problems, your own rules, the command line, the editor, the error
//! catalogue, performance — with examples the test suite runs.
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
//!   `"e4"`, positions as FEN), `Deserialize` for the plain value types and
//!   positions (through `FromStr`).
//! * `custom-rules` — the rules and positions of games under rules you
//!   define ([`CustomGame`]), from the permissively licensed `chess-rules`.
//!
//! [shakmaty]: https://docs.rs/shakmaty
#![no_std]
// On docs.rs, each item says which feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

#[cfg(any(feature = "std", test))]
extern crate std;

mod board;
#[cfg(feature = "shakmaty")]
mod convert;
mod custom;
mod fen;
mod game;
#[cfg(feature = "macros")]
pub mod guide;
mod moves;
mod parse;
mod pgn;
mod position;
mod puzzle;
#[cfg(feature = "serde")]
mod serde_impls;
mod svg;
mod tree;
mod validity;
mod variant;

pub use board::{BoardDisplay, BoardStyle};
pub use chess_format::{
    CastlingSide, Color, DecisiveReason, DrawReason, File, GameResult, Illegal, Labelled, MoveKind,
    MoveLabel, NameError, Outcome, ParseError, Piece, Problem, Rank, Role, Square, Variant,
};
/// The rules engine of games under rules you define (the
/// permissively licensed `chess-rules` crate; feature `custom-rules`):
/// the types [`CustomGame::rules`] and [`CustomGame::positions`] return
/// (`Rules`, `Position`, `Move`, `BoardStyle` …), by name.
#[cfg(feature = "custom-rules")]
pub use chess_rules as custom_rules;
pub use custom::{CustomGame, CustomMove, CustomSquare};
pub use fen::Fen;
pub use game::{Game, Moves, Plies, Ply, Positions, Sans, Tags};
pub use moves::{Move, San, Uci};
pub use pgn::Pgn;
pub use position::{CastlingRights, Position};
pub use puzzle::{ProblemKind, Puzzle, Stipulation, StipulationError};
pub use svg::BoardSvg;
pub use tree::{Children, Command, Commands, Comment, Node};
pub use variant::Pockets;

/// Implementation details of the macros. Not a public API.
#[doc(hidden)]
pub mod __private {
    #[cfg(feature = "macros")]
    pub use chess_macro::{
        game_impl, games_impl, include_pgn_impl, include_puzzles_impl, position_impl, puzzle_impl,
    };
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
/// (`pawn e7 to e8 becomes queen`, castling as `king e1 to g1`).
///
/// A game may start from a setup written before the moves — FEN words
/// (`fen 4k3/8/8/8/8/8/8/4K2R w K`), a FEN string (`fen "…"`), the tags
/// `[SetUp "1"] [FEN "…"]`, a board diagram (`board`, then rank 8 first, one
/// rank per line) or piece lists (`white: Ke1 Rh1; black: Ke8`), followed by
/// the side to move and optional castling, en passant and clock fields; see
/// [`position!`] for examples. `[Variant "Chess960"]` selects Chess960.
///
/// `#![allow(moves_after_draw)]` at the start of the input accepts records
/// that go on after a dead position, fivefold repetition or the 75-move rule;
/// [`Game::legal_end`] then says where the game legally ended.
/// `#![allow(unfinished_result)]` accepts the result `*` after the end of
/// the game (a record left unfinished); both fit in one attribute:
/// `#![allow(moves_after_draw, unfinished_result)]`. Move numbers continue
/// from a setup (`23... Rxe4`); `#![allow(numbers_from_first_move)]`
/// accepts a set-up game numbered from its own first move instead (`1.`
/// before Black's first move, or `1...`), as pychess.org exports one.
///
/// ```
/// use verified_chess::{game, Game, GameResult};
///
/// const UNFINISHED: Game = game! { #![allow(unfinished_result)] 1. f3 e5 2. g4 Qh4 # * };
/// assert_eq!(UNFINISHED.result(), GameResult::Unknown);
/// const FROM_ONE: Game = game! {
///     #![allow(numbers_from_first_move)]
///     fen 4r1k1/5ppp/8/8/4R3/8/5PPP/6K1 b - - 0 23
///     1. Rxe4 Kf1 2. Re8
/// };
/// assert_eq!(FROM_ONE.len(), 3);
/// ```
///
/// Comments (`{ "text" }` in tokens, `{text}` in text), NAGs and variations
/// are kept with the game and reachable from [`Game::root`];
/// `#![annotations(drop)]` keeps only the main line (variations are still
/// verified).
///
/// A single string literal is read as PGN text: `game!(r#"1. e4 e5 …"#)`;
/// errors then give the line and column inside the string.
///
/// The guide's [notation chapter](crate::guide::notation) has the full
/// grammar.
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! game {
    (# ! $option:tt $($input:tt)*) => {
        $crate::__game_options! { [] $option $option $($input)* }
    };
    ($($input:tt)*) => {
        // (The call's tokens in one group: the macro can have them printed
        // by the compiler at once.)
        $crate::__private::game_impl! { $crate; { $($input)* } }
    };
}

/// `game!`'s options (`#![…]`, at the start) set apart from its moves, which
/// go in one group as they do without options: `[options so far]`, then
/// the group after a `#!` twice (one copy to see that it is bracketed,
/// the other passed on with its span), then the rest. Not a public API.
#[doc(hidden)]
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! __game_options {
    ([$($options:tt)*] [$($check:tt)*] $option:tt # ! $next:tt $($input:tt)*) => {
        $crate::__game_options! { [$($options)* # ! $option] $next $next $($input)* }
    };
    // The last option (or a `#!` before anything but brackets, which the
    // macro refuses there).
    ([$($options:tt)*] $check:tt $option:tt $($input:tt)*) => {
        $crate::__private::game_impl! { $crate; $($options)* # ! $option { $($input)* } }
    };
}

/// Verifies several games at compile time and yields them as a
/// `&'static [Game]`.
///
/// The games follow each other as in a PGN file: each ends with its result,
/// or the next starts with its tags. Every illegal game is reported, each
/// under its own first illegal move.
///
/// ```
/// use verified_chess::{games, Game, GameResult};
///
/// const MINIATURES: &[Game] = games! {
///     [Event "Fool's mate"] 1. f3 e5 2. g4 Qh4 # 0-1
///     [Event "Scholar's mate"] 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 # 1-0
/// };
/// assert_eq!(MINIATURES.len(), 2);
/// assert_eq!(MINIATURES[0].result(), GameResult::BlackWins);
///
/// // PGN text in a string works too (`#` needs no space there).
/// let more: &[Game] = games!(r#"1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0 1. d4 d5 *"#);
/// assert_eq!(more.len(), 2);
/// ```
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! games {
    ($($input:tt)*) => {
        $crate::__private::games_impl! { $crate; $($input)* }
    };
}

/// Verifies the games of a PGN file at compile time and yields them as a
/// `&'static [Game]`.
///
/// The path is relative to the directory of the crate being compiled (its
/// `Cargo.toml`); paths leading out of it are refused. The crate is rebuilt
/// when the file changes. Every illegal game is reported, with
/// `path:line:col`, the move and the reason:
///
/// ```text
/// error: games/world-championship.pgn:214:19 `Bxf7`: White cannot play `23. Bxf7`: …
/// ```
///
/// The file is read as PGN: tags, `{}` and `;` comments, NAGs, `%` escape
/// lines, nested variations (verified too), several games, a UTF-8
/// byte-order mark, CRLF line ends. `#![allow(moves_after_draw)]` before the
/// path accepts records that go on after a draw the rules impose:
/// `include_pgn!(#![allow(moves_after_draw)] "games/twic.pgn")`.
///
/// ```
/// use verified_chess::{include_pgn, Game};
///
/// static MINIATURES: &[Game] = include_pgn!("tests/pgn/miniatures.pgn");
/// assert_eq!(MINIATURES[1].tag("Event"), Some("Legal's mate"));
/// ```
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! include_pgn {
    ($($input:tt)*) => {
        $crate::__private::include_pgn_impl! { $crate; $($input)* }
    };
}

/// Verifies the puzzles of a lichess puzzle file at compile time and yields
/// them as a `&'static [Puzzle]`.
///
/// The file is in the public lichess puzzle format (CSV:
/// `PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`;
/// the first move of `Moves`, in UCI, is the opponent's), relative to the
/// crate's directory like [`include_pgn!`]'s. Every row's position and moves
/// must be legal; a row themed `mateIn1` … `mateIn5` must mate after exactly
/// that many moves of the solver, each proven the only move that keeps the
/// forced mate (a mate search: see [`Puzzle`]). Each unsound row is a
/// compile error at `path:line:col` of the cell concerned, with the line
/// that proves it:
///
/// ```text
/// error: puzzles.csv:2:46 `f3f2`: `2. Qf2+` is not the only move that forces mate in 2: `2. Re2+` does too
///        help: the proof: 2. Re2+ Kb1 3. Qf1#
/// ```
///
/// Options, as inner attributes before the path: `#![search_budget(N)]` (the
/// positions the search may visit for one puzzle, 2,000,000 by default; a
/// puzzle it cannot settle within them is an error that says so) and
/// `#![deny(other_mates)]` (another mate on the last move is an error too).
///
/// ```
/// use verified_chess::{include_puzzles, Puzzle};
///
/// static PUZZLES: &[Puzzle] = include_puzzles!(#![search_budget(5_000_000)] "tests/puzzles/mates.csv");
/// assert!(PUZZLES.iter().all(|p| p.mate_in().is_some()));
/// ```
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! include_puzzles {
    ($($input:tt)*) => {
        $crate::__private::include_puzzles_impl! { $crate; $($input)* }
    };
}

/// Proves a chess problem at compile time and yields it as a [`Puzzle`].
///
/// The input is a setup in any form [`game!`] takes (a `[FEN]` tag, FEN
/// words, a diagram, piece lists), a `[Stipulation]` tag as problem
/// databases write it, and the claimed solution as movetext: the key
/// first (its `!` optional), then other defences, tries (variations of the
/// key, with their refutation) and, for a helpmate, other solutions as
/// PGN variations. As tokens, or as PGN text in one string literal:
/// `puzzle!(r#"[FEN "…"] [Stipulation "#2"] 1. Qd7! …"#)`.
///
/// What is proven, each failure a compile error under the move or the
/// stipulation concerned, with a line that proves it:
///
/// * the position is legal and every written move is legal;
/// * `#n` (direct mate): the key forces mate in at most `n` moves
///   against every defence; there is no mate in fewer moves
///   (`short-solution`); no other first move forces mate in `n` (a cook,
///   `second-solution`, reported with its proof line); every written
///   move of the mating side keeps the mate in the moves left
///   (`not-mate`); a try's written refutation refutes it (`not-refuted`);
///   a written threat is one (`not-threat`);
/// * `s#n` (selfmate): the same, for forcing the other side to mate;
/// * `h#n` (helpmate: the side to move, usually Black, is mated, both
///   sides cooperate): every written line is a solution, and every
///   solution is written (`missing-solution`);
/// * a claim the search cannot settle within its budget of positions is
///   an error that says so (`search-budget`), never a wrong "sound":
///   raise the budget with `#![search_budget(N)]` at the start.
///
/// A threat (what the mating side plays if the defence passes) is
/// written as a comment after that side's move, as problem solvers print
/// it: `1. Rg6! { "threat: 2. Nd2#" }` in tokens, `{threat: 2. Nd2#}` in
/// PGN text. It is proven to be legal after a pass and to force the goal
/// in the moves left (`not-threat`), and kept as the move's comment.
///
/// ```
/// use verified_chess::{puzzle, Puzzle};
///
/// // Ivan Denkovski, 3rd commendation, Belgrade Internet Tourney 2010.
/// const DENKOVSKI: Puzzle = puzzle! {
///     [FEN "4K3/B6Q/1R5N/p3p1n1/rP3p2/5k2/2R2P2/1N2nB2 w - - 0 1"]
///     [Stipulation "#2"]
///     1. Rg6! { "threat: 2. Nd2#" }        // the key and its threat
///         (1. Re2? Ra2! (1... Ne4 2. Qxe4 #)) // a try, its refutation
///         (1. Qd3+? Nxd3!)                   // another
///     1... Ke4 (1... Ne4 2. Be2 #) 2. Qb7 #
/// };
/// assert_eq!(DENKOVSKI.key().unwrap().san.as_str(), "Rg6");
/// ```
///
/// A second key does not compile:
///
/// ```compile_fail
/// use verified_chess::{puzzle, Puzzle};
///
/// // Without Black's rook on a4, nothing refutes 1. Re2: a second key.
/// const COOKED: Puzzle = puzzle! {
///     [FEN "4K3/B6Q/1R5N/p3p1n1/1P3p2/5k2/2R2P2/1N2nB2 w - - 0 1"]
///     [Stipulation "#2"]
///     1. Rg6! Ke4 2. Qb7 #
/// };
/// ```
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! puzzle {
    ($($input:tt)*) => {
        $crate::__private::puzzle_impl! { $crate; $($input)* }
    };
}

/// Validates a chess position at compile time and yields it as a
/// [`Position`].
///
/// The same setups as [`game!`] accepts, without moves:
///
/// ```
/// use verified_chess::{position, Color, Piece, Position, Role, Square};
///
/// // FEN, as words or as a string.
/// const ITALIAN: Position =
///     position! { fen r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 };
/// const SAME: Position =
///     position!("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
/// assert_eq!(ITALIAN, SAME);
///
/// // A diagram: rank 8 first, one rank per line, `.` or digits for empty squares.
/// const LUCENA: Position = position! {
///     board
///         . K . . . . . .
///         . P . k . . . .
///         . . . . . . . .
///         . . . . . . . .
///         . . . . . . . .
///         . . . . . . . .
///         r . . . . . . .
///         . . . . . R . .
///     w
/// };
/// assert_eq!(LUCENA.piece_at(Square::B8), Some(Piece { color: Color::White, role: Role::King }));
///
/// // Piece lists (pawns with or without `P`), then the side to move.
/// const ENDGAME: Position = position! { white: Kg1 Rd1 f2 g2 h2; black: Kg8 Rd8 f7 g7 h7 w };
/// assert_eq!(ENDGAME.fen().to_string(), "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
/// ```
///
/// An impossible position is a compile error naming the rule broken (two
/// kings, a pawn on the last rank, the side not to move in check, castling
/// rights without king and rook at home, an impossible en passant square,
/// too much material) under the rank or field concerned.
#[cfg(feature = "macros")]
#[macro_export]
macro_rules! position {
    ($($input:tt)*) => {
        $crate::__private::position_impl! { $crate; $($input)* }
    };
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
