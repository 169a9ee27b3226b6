//! PGN import format as real files write it: every quirk on its own, and a
//! property test with random games written as messy PGN.

mod common;

use chess_core::syntax::Parser;
use chess_core::{ErrorKind, LineCol, Options, Source, VerifiedGame, verify};
use common::{cases, messy_pgn, random_game, rng};
use proptest::prelude::*;

fn verify_all(text: &str) -> Vec<Result<VerifiedGame, (ErrorKind, LineCol, String)>> {
    let source = Source::text(text, Some("t.pgn".into()), None);
    verify(&source, Options::default())
        .map(|g| {
            g.map_err(|d| {
                (
                    d.kind,
                    source.line_col(d.range.start),
                    source.slice(d.range).to_string(),
                )
            })
        })
        .collect()
}

fn sans(text: &str) -> Vec<String> {
    verify_all(text)
        .into_iter()
        .map(|g| {
            g.map(|g| g.san())
                .unwrap_or_else(|e| panic!("{e:?} in {text:?}"))
        })
        .collect()
}

#[test]
fn tag_escapes_and_tricky_values() {
    let text = r#"[Event "Quote \" and backslash \\"]
[Site "1. e4 O-O ... 1-0"]
[Annotator "{not a comment}"]

1. e4 e5 1-0"#;
    let source = Source::text(text, None, None);
    let game = Parser::new(&source).next().unwrap().unwrap();
    assert_eq!(
        game.tag(&source, "Event").as_deref(),
        Some(r#"Quote " and backslash \"#)
    );
    assert_eq!(
        game.tag(&source, "Site").as_deref(),
        Some("1. e4 O-O ... 1-0")
    );
    assert_eq!(
        game.tag(&source, "Annotator").as_deref(),
        Some("{not a comment}")
    );
    assert_eq!(game.main_line().count(), 2);
}

#[test]
fn comments_of_every_kind() {
    let text = "1. e4 { [%clk 0:05:00] (not a variation) ; not a line comment } e5 ; rest of line { ignored\n\
                2. Nf3 {multi\nline} Nc6 *";
    assert_eq!(sans(text), ["e4 e5 Nf3 Nc6"]);
}

#[test]
fn nags_numbers_and_ellipses() {
    let text = "1. e4 $1 e5 $2 2. Nf3 {x} 2... Nc6 3. Bb5 a6 $14 4. Ba4 1... ";
    // A move number with nothing after it is an error, under the number.
    let got = verify_all(text);
    assert!(matches!(&got[0], Err((ErrorKind::NumberWithoutMove, _, n)) if n == "1..."));
    assert_eq!(
        sans("1. e4 $1 e5 $2 2. Nf3 {x} 2... Nc6 3. Bb5 a6 $14 *"),
        ["e4 e5 Nf3 Nc6 Bb5 a6"]
    );
    assert_eq!(sans("1. e4 1... e5 2. Nf3 2. ... Nc6"), ["e4 e5 Nf3 Nc6"]);
}

#[test]
fn escape_lines_only_in_the_first_column() {
    let text = "% an escape line with 1. e4\n[Event \"x\"]\n\n%another\n1. d4 d5 *";
    assert_eq!(sans(text), ["d4 d5"]);
}

#[test]
fn variations_nest_and_are_verified() {
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) 2. Nf3 *";
    assert_eq!(sans(text), ["e4 e5 Nf3"]);
    let bad = "1. e4 e5 (1... c5 2. Nf3 (2. c3 Kd5)) 2. Nf3 *";
    let got = verify_all(bad);
    assert!(
        matches!(&got[0], Err((ErrorKind::CannotReach, lc, m)) if m == "Kd5" && lc.col == 33),
        "{got:?}"
    );
}

#[test]
fn several_games_results_and_missing_results() {
    let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4 c5\n\n[Event \"d\"]\n1/2-1/2\n";
    let got = sans(text);
    assert_eq!(got, ["e4 e5", "d4", "c4 c5", ""]);
}

#[test]
fn byte_order_mark_crlf_and_blank_lines_in_tags() {
    let text = "\u{feff}[Event \"a\"]\r\n\r\n[Site \"b\"]\r\n\r\n1. e4\r\ne5 *\r\n";
    assert_eq!(sans(text), ["e4 e5"]);
    let source = Source::text(text, None, None);
    let game = Parser::new(&source).next().unwrap().unwrap();
    assert_eq!(game.tags.len(), 2);
}

#[test]
fn errors_give_line_and_column() {
    let text = "[Event \"x\"]\n\n1. e4 e5\n2. Nf3 Nc6\n3. Bc5 a6 *";
    let got = verify_all(text);
    let (kind, lc, found) = got[0].clone().unwrap_err();
    assert_eq!(
        (kind, lc, found.as_str()),
        (ErrorKind::CannotReach, LineCol { line: 5, col: 4 }, "Bc5")
    );
}

#[test]
fn null_moves_are_rejected() {
    for null in ["--", "Z0", "0000"] {
        let got = verify_all(&format!("1. e4 e5 2. {null} Nc6 *"));
        assert!(
            matches!(&got[0], Err((ErrorKind::NullMove, _, n)) if n == null),
            "{got:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(128)))]

    #[test]
    fn messy_pgn_verifies(seed in any::<u64>(), len in 1usize..120, crlf in any::<bool>()) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        let (text, _) = messy_pgn(&mut rng, &moves, crlf);
        let got = verify_all(&text);
        prop_assert_eq!(got.len(), 1);
        match &got[0] {
            Ok(g) => prop_assert_eq!(&g.moves, &moves, "{}", text),
            Err(e) => prop_assert!(false, "{:?} in {}", e, text),
        }
    }

    #[test]
    fn corruption_is_reported_at_its_line_and_column(seed in any::<u64>(), len in 1usize..100, which in any::<prop::sample::Index>()) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        prop_assume!(!moves.is_empty());
        let k = which.index(moves.len());
        let (text, at) = messy_pgn(&mut rng, &moves, false);
        // Replace move k by a king move to a far square, which is never legal.
        let far = common::far_from_king(&moves, k);
        prop_assume!(far.is_some());
        let bad = format!("K{}", far.unwrap());
        let (line, col) = at[k];
        let corrupted = common::replace_at(&text, (line, col), &[' '], &bad);
        let got = verify_all(&corrupted);
        match &got[0] {
            Ok(_) => prop_assert!(false, "accepted {} in {}", bad, corrupted),
            Err((_, lc, found)) => {
                prop_assert_eq!((lc.line as usize, lc.col as usize), (line, col), "{}", corrupted);
                prop_assert_eq!(found, &bad);
            }
        }
    }
}
