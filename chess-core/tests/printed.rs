//! `game!` reads a call the quick way where it can: the call's tokens as
//! the compiler prints them, taken only where every word reads as the
//! renderer writes it, then read whole by the express lane and verified
//! (`expand::game_as_printed`). Read token by token instead
//! (`expand::try_game`: each token rendered, then read), the same call must
//! give the same `Game`.
//!
//! The compiler's printing is modelled on the tokens
//! (`testing::printed_like_rustc`); `tests/printed.rs` at the repository's
//! root holds the quick way to rustc's own printing. Random games are written with the
//! spacing changed at random and words put in, on which the two ways must
//! agree; and the quick way must take most games as they are written.

mod common;

use chess_core::expand::{game_as_printed, try_game};
use chess_core::testing::{facade_split, printed_like_rustc, token_text, variant_game};
use common::{cases, random_game, rng};
use proc_macro2::TokenStream;
use proptest::prelude::*;
use rand::RngExt;

/// The two ways agree on `text` as a call's tokens: where the quick way
/// (given the options as the facade sets them apart, and the rest as rustc
/// prints it) gives a `Game`, the tokens give the same. Whether it did.
fn same_both_ways(text: &str) -> Result<bool, TestCaseError> {
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Ok(false);
    };
    let krate: TokenStream = "::verified_chess".parse().unwrap();
    let (options, moves) = facade_split(tokens.clone());
    let printed = printed_like_rustc(moves.clone());
    let Some(quick) = game_as_printed(krate.clone(), options, &moves, &printed) else {
        return Ok(false);
    };
    let mut call = krate;
    call.extend(";".parse::<TokenStream>().unwrap());
    call.extend(tokens);
    let tokens_way = try_game(call).map(|out| out.to_string()).ok();
    prop_assert_eq!(tokens_way, Some(quick.to_string()), "{:?}", text);
    Ok(true)
}

/// Words put in at random: marks, numbers, results, NAGs, the pieces of
/// words the two ways may write apart.
const WORDS: &[&str] = &[
    "+", "#", "!", "?", "!?", "=", "-", ".", "...", "*", "$1", "$ 14", "1-0", "0-1", "1/2-1/2",
    "e.p.", "0-0", "O-O-O", "e8=Q", "12.", "3...", "1", "Q", "e4", "--", "/", "\n", "x",
];

/// `text` with its spacing changed and words put in, `changes` times.
fn respaced(rng: &mut proptest::test_runner::TestRng, text: &str, changes: usize) -> String {
    let mut text = text.to_string();
    for _ in 0..changes {
        let at = rng.random_range(0..=text.len());
        match rng.random_range(0..3) {
            0 => {
                // A space taken out (two words joined).
                if let Some(space) = text[at..].find(' ') {
                    text.remove(at + space);
                }
            }
            1 => text.insert(at, ' '),
            _ => {
                let word = WORDS[rng.random_range(0..WORDS.len())];
                text.insert_str(at, word);
            }
        }
    }
    text
}

/// lichess's variants by the names `#![variant(…)]` takes.
const VARIANTS: [(shakmaty::variant::Variant, &str); 7] = [
    (shakmaty::variant::Variant::Crazyhouse, "crazyhouse"),
    (shakmaty::variant::Variant::Atomic, "atomic"),
    (shakmaty::variant::Variant::Antichess, "antichess"),
    (
        shakmaty::variant::Variant::KingOfTheHill,
        "king_of_the_hill",
    ),
    (shakmaty::variant::Variant::ThreeCheck, "three_check"),
    (shakmaty::variant::Variant::Horde, "horde"),
    (shakmaty::variant::Variant::RacingKings, "racing_kings"),
];

/// Options before the moves: a variant's, and others beside it.
const OPTIONS: &[&str] = &[
    "",
    "#![allow(moves_after_draw)]",
    "#![annotations(drop)]",
    "#![allow(unfinished_result)] #![annotations(keep)]",
    "#![piece_letters(de)]",
    "#![variant(chess960)]",
    "#![variant(standard)]",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(1024)))]

    #[test]
    fn respaced_games_read_the_same_both_ways(
        seed in any::<u64>(),
        changes in 0usize..4,
        result in 0usize..4,
    ) {
        let mut rng = rng(seed);
        let len = rng.random_range(0..80);
        let moves = random_game(&mut rng, len);
        let mut text = token_text(&shakmaty::Chess::default(), &moves);
        text.push_str(["", "*", "1-0", "1/2-1/2"][result]);
        let text = respaced(&mut rng, &text, changes);
        same_both_ways(&text)?;
    }

    #[test]
    fn games_with_options_read_the_same_both_ways(
        seed in any::<u64>(),
        variant in 0usize..8,
        other in 0usize..OPTIONS.len(),
        changes in 0usize..3,
        result in 0usize..4,
    ) {
        let mut rng = rng(seed);
        let len = rng.random_range(0..60);
        let (attribute, mut text) = match VARIANTS.get(variant) {
            Some(&(variant, name)) => {
                let (start, moves) = variant_game(variant, len, seed);
                (format!("#![variant({name})]"), token_text(&start, &moves))
            }
            None => {
                let moves = random_game(&mut rng, len);
                (String::new(), token_text(&shakmaty::Chess::default(), &moves))
            }
        };
        text.push_str(["", "*", "1-0", "1/2-1/2"][result]);
        let text = respaced(&mut rng, &text, changes);
        same_both_ways(&format!("{attribute} {} {text}", OPTIONS[other]))?;
    }
}

#[test]
fn the_quick_way_takes_games_of_variants() {
    // Every random game of lichess's variants, crazyhouse games with drops
    // (`N@f3`, `@e3`) among them: quick, and as the tokens read it.
    let mut drops = 0;
    for (i, &(variant, name)) in VARIANTS.iter().enumerate() {
        for seed in 0..20 {
            let (start, moves) = variant_game(variant, 60, seed * 7 + i as u64);
            let text = format!("#![variant({name})] {}", token_text(&start, &moves));
            drops += usize::from(text.contains('@'));
            assert!(same_both_ways(&text).unwrap(), "{text}");
        }
    }
    assert!(drops >= 10, "only {drops} games with a drop");
}

#[test]
fn the_quick_way_takes_games_as_they_are_written() {
    let mut rng = rng(7);
    let mut quick = 0;
    for _ in 0..200 {
        let len = rng.random_range(1..100);
        let moves = random_game(&mut rng, len);
        let text = token_text(&shakmaty::Chess::default(), &moves);
        if same_both_ways(&text).unwrap() {
            quick += 1;
        }
    }
    // Every one (a game that ends in mate has a ` #`, taken too).
    assert_eq!(quick, 200);
}

#[test]
fn spacing_the_renderer_joins_or_parts_is_read_token_by_token() {
    for text in [
        "1.e4 e5",
        "1 . e4 e5",
        "1. e4 e5 2 . Nf3",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O - O",
        "1. e4 e5 2. Nf3 + Nc6",
        "1. e4 d5 2. exd5 e.p. Qxd5",
        "1. e4 e5 2. Nf3 Nc6 3... a6",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1 - 0",
        "1. e4 e5 2. Nf3 $1 Nc6 $ 2",
    ] {
        // The quick way leaves these to the tokens' way: the printed text is
        // not as the renderer writes it.
        assert!(!same_both_ways(text).unwrap(), "{text:?}");
    }
    for text in [
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *",
        "1. e4!? e5 2. Nf3 $1 Nc6 3. Bb5 a6 1/2-1/2",
        "1. e4 e5 2. Nf3 2...Nc6 3. Bb5",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4 9. Bxc4 Nd5 10. Bxe7 Qxe7 11. O-O Nxc3 12. Rxc3 e5 13. Qc2 e4 14. Nd2 Nf6",
    ] {
        assert!(same_both_ways(text).unwrap(), "{text:?}");
    }
}

#[test]
fn a_call_wrapped_as_the_facade_wraps_it_reads_as_its_tokens() {
    // The facade's `game!` passes its tokens as one brace group: read the
    // quick way or token by token, the call gives what its bare tokens
    // give, a game or the same errors.
    for text in [
        "1. e4 e5 2. Nf3",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0",
        "[Event \"x\"] 1. d4 { \"a comment\" } d5 *",
        "#![allow(moves_after_draw)] 1. e4",
        "1. e4 e5 2. Ke3",
        "1. e4 e5 2 . Nf3",
        "",
    ] {
        let read = |call: String| {
            try_game(call.parse().unwrap())
                .unwrap_or_else(|failure| failure.into_tokens())
                .to_string()
        };
        assert_eq!(
            read(format!("::verified_chess; {{ {text} }}")),
            read(format!("::verified_chess; {text}")),
            "{text:?}"
        );
    }
    // A call of one brace group is the facade's wrapping: a game that is
    // one comment is wrapped once more.
    let comment = try_game("::verified_chess; { { \"a comment\" } }".parse().unwrap());
    assert!(comment.is_ok_and(|out| out.to_string().contains("__data")));
}

#[test]
fn options_the_quick_way_leaves_to_the_tokens() {
    // A legal game whose pieces read alike in English and German (kings
    // and pawns only), under options the lane does not read by: other
    // piece letters, a rules file, a built-in variant of Fairy-Stockfish,
    // a puzzle's options. The quick way leaves each to the tokens.
    let moves = "1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6";
    let krate: TokenStream = "::verified_chess".parse().unwrap();
    for options in [
        "#![piece_letters(de)]",
        "#![rules(\"chess.ini\")]",
        "#![variant(capablanca)]",
        "#![search_budget(1000)]",
        "#![deny(other_mates)]",
        "#![annotations(drop)] #![search_budget(1000)]",
    ] {
        let tokens = moves.parse().unwrap();
        let quick = game_as_printed(krate.clone(), options.parse().unwrap(), &tokens, moves);
        assert!(quick.is_none(), "{options}");
    }
    // Read token by token: the same game in German; a puzzle's option
    // refused.
    let read = |call: &str| {
        try_game(call.parse().unwrap())
            .unwrap_or_else(|failure| failure.into_tokens())
            .to_string()
    };
    assert_eq!(
        read(&format!(
            "::verified_chess; #![piece_letters(de)] {{ {moves} }}"
        )),
        read(&format!("::verified_chess; {{ {moves} }}"))
    );
    let puzzle = read(&format!(
        "::verified_chess; #![search_budget(1000)] {{ {moves} }}"
    ));
    assert!(puzzle.contains("are options of `puzzle!`"), "{puzzle}");
    // Options and then something else than the group of the moves: not
    // the facade's wrapping, so not the quick way either.
    let tokens = moves.parse().unwrap();
    let quick = game_as_printed(
        krate,
        "#![annotations(drop)] x".parse().unwrap(),
        &tokens,
        moves,
    );
    assert!(quick.is_none());
}
