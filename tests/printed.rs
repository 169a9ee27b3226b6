//! `game!` reads a call the quick way where it can: the call's tokens as
//! rustc prints them, where every word reads as the renderer writes it (see
//! `chess_core::expand::game_as_printed`). Each call here is expanded by
//! rustc, the quick way where it applies, and its `Game` held to what the
//! same tokens give read one by one (`chess_core::expand::try_game`, in
//! process): games written as the guide writes them, and with the spacing
//! rustc prints differently from the source (around a lone `.`, a name and
//! `!`) or the renderer joins or parts (`Nf3 +`, `e8 = Q`, `Qh5 #`,
//! `2...Nc6`, `e4!?`). `chess-core/tests/printed.rs` holds the two ways
//! to each other on random games, with a model of rustc's printing
//! (`chess_core::testing::printed_like_rustc`), which these cases hold to
//! rustc's own.

use verified_chess::{Game, game};

/// The data the tokens' way gives for the call's tokens `text`.
fn tokens_way(text: &str) -> String {
    let call = format!("::verified_chess; {text}");
    let out = chess_core::expand::try_game(call.parse().unwrap())
        .unwrap_or_else(|_| panic!("{text}: no game"))
        .to_string();
    let data = out
        .split("__data : ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("{out}"));
    data.to_string()
}

/// The tokens of the case `name` below as written in this file (rustc's
/// printing, `stringify!`, joins some that are written apart).
fn written(name: &str) -> &'static str {
    let file = include_str!("printed.rs");
    let start = file
        .find(&format!("    {name} ("))
        .unwrap_or_else(|| panic!("{name}"));
    let rest = &file[start..];
    let open = rest.find('{').unwrap() + 1;
    &rest[open..open + rest[open..].find('}').unwrap()]
}

/// Whether `game!` reads `printed` (the tokens as rustc prints them) the
/// quick way.
fn quick(written: &str, printed: &str) -> bool {
    chess_core::expand::game_as_printed(
        "::verified_chess".parse().unwrap(),
        Default::default(),
        &written.parse().unwrap(),
        printed,
    )
    .is_some()
}

macro_rules! both_ways {
    ($($name:ident ($quick:literal): { $($t:tt)* })*) => {
        $(
            #[test]
            fn $name() {
                const GAME: Game = game! { $($t)* };
                let text = written(stringify!($name));
                assert_eq!(format!("{:?}", GAME.__data), tokens_way(text), "{text}");
                let printed = stringify!($($t)*);
                assert_eq!(quick(text, printed), $quick, "{printed}");
                // The model of rustc's printing the other tests use.
                let model = chess_core::testing::printed_like_rustc(text.parse().unwrap());
                assert_eq!(model, printed.replace('\n', " "), "{text}");
            }
        )*
    };
}

both_ways! {
    plain_game (true): { 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 }
    mate_and_result (true): { 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 }
    promotion_castling_and_draw (true): {
        1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q Nb6
        6. Nf3 e6 7. Be2 Bd6 8. O-O Ke7 1/2-1/2
    }
    nags_and_annotations (true): { 1. e4!? e5 2. Nf3 $1 Nc6 3. Bb5 a6 4. Ba4?! Nf6 * }
    black_move_numbers (true): { 1. e4 e5 2. Nf3 2...Nc6 3. Bb5 3...a6 }
    spaced_marks (false): { 1. e4 e5 2. Bc4 Nc6 3. Bxf7 + Kxf7 4. Nf3 ! Nf6 5. Qe2 ?! d5 }
    spaced_promotion (false): { 1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8 = Q Nb6 }
    joined_move_numbers (false): { 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 }
    spaced_castling_and_result (false): { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O - O Nf6 1 - 0 }
    long_and_uci (false): { 1. e2-e4 e7 - e5 2. g1f3 b8c6 }
    en_passant (false): { 1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 }
}

/// A call with options: the facade sets them apart from the moves, which
/// are read the quick way under them (a variant's rules among them), as
/// token by token.
#[test]
fn options_before_the_moves() {
    const ATOMIC: Game = game! { #![variant(atomic)] 1. e4 d5 2. exd5 Nf6 3. Bb5+ c6 };
    const THREE_CHECK: Game = game! {
        #![variant(three_check)] #![annotations(drop)] 1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *
    };
    // Drops: a pawn's after castling, a knight's.
    const CRAZYHOUSE: Game = game! {
        #![variant(crazyhouse)]
        1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Bc4 Bg4 6. O-O @e3 7. fxe3 Bxf3 8. Qxf3 N@e5
    };
    const AFTER_DRAW: Game = game! {
        #![allow(moves_after_draw)]
        1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4
    };
    for (game, options, moves) in [
        (
            ATOMIC,
            "#![variant(atomic)]",
            "1. e4 d5 2. exd5 Nf6 3. Bb5+ c6",
        ),
        (
            THREE_CHECK,
            "#![variant(three_check)] #![annotations(drop)]",
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *",
        ),
        (
            CRAZYHOUSE,
            "#![variant(crazyhouse)]",
            "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Bc4 Bg4 6. O-O @e3 7. fxe3 Bxf3 8. Qxf3 N@e5",
        ),
        (
            AFTER_DRAW,
            "#![allow(moves_after_draw)]",
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4",
        ),
    ] {
        assert_eq!(
            format!("{:?}", game.__data),
            tokens_way(&format!("{options} {moves}")),
            "{options} {moves}"
        );
        let quick = chess_core::expand::game_as_printed(
            "::verified_chess".parse().unwrap(),
            options.parse().unwrap(),
            &moves.parse().unwrap(),
            moves,
        );
        assert!(quick.is_some(), "{options} {moves}");
    }
}
