//! Hostile inputs: huge, deep or absurd macro input gets a clear answer —
//! a value or one error at the right place — without panicking, running
//! out of stack or taking more than linear time. (No timing is asserted;
//! a quadratic path would show as a slow test.)

use chess_core::expand::{self, Failure, try_game};
use chess_core::testing::{long_game, token_text};
use chess_core::{ErrorKind, Options, Source, verify};
use proc_macro2::TokenStream;
use shakmaty::Chess;

fn tokens(text: &str) -> TokenStream {
    format!("::verified_chess; {text}")
        .parse()
        .expect("Rust tokens")
}

/// The diagnostic `game!` gives for `text`, as (kind, text it covers,
/// message).
fn game_error(text: &str) -> (ErrorKind, String, String) {
    match try_game(tokens(text)) {
        Ok(out) => panic!(
            "compiled: {}",
            out.to_string().chars().take(200).collect::<String>()
        ),
        Err(Failure::Call(t)) => panic!("call error: {t}"),
        Err(Failure::Chess(source, d)) => (d.kind, source.slice(d.range).to_string(), d.message),
    }
}

/// Runs `f` on a thread with a small stack (1 MiB, half of a test
/// thread's), so that recursion in proportion to the input would overflow.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no panic, no stack overflow")
}

#[test]
fn a_million_tokens() {
    // 500,000 NAGs (`$1`, two tokens each) after the first move, then an
    // illegal move: the error is at the end, under the move.
    let mut text = String::from("1. e4 ");
    for _ in 0..500_000 {
        text.push_str("$1 ");
    }
    text.push_str("e5 2. Ke3");
    let (kind, at, message) = on_small_stack(move || game_error(&text));
    assert_eq!(
        (kind, at.as_str()),
        (ErrorKind::CannotReach, "Ke3"),
        "{message}"
    );
}

#[test]
fn variations_nested_ten_thousand_deep() {
    // 1. e4 (1. d4 (1. d4 (… 1. Ke3 …))) e5: every level is verified from
    // the start position; the innermost move is illegal. Ten thousand
    // variations nested, the innermost `(1. Ke3)` among them: as deep as
    // a game may nest them (`Limits::depth`).
    let depth = 9_999;
    let mut text = String::from("1. e4 ");
    for _ in 0..depth {
        text.push_str("(1. d4 ");
    }
    text.push_str("(1. Ke3)");
    text.push_str(&")".repeat(depth));
    text.push_str(" 1... e5");
    let text2 = text.clone();
    // Parsing, rendering, verifying and dropping 10,000 nested groups.
    let (kind, at, _) = on_small_stack(move || game_error(&text2));
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "Ke3"));

    // The same in a PGN string: the text front end.
    let (kind, at) = on_small_stack(move || {
        let source = Source::text(text, None, None);
        let d = verify(&source, Options::default())
            .next()
            .expect("a game")
            .expect_err("illegal");
        (d.kind, source.slice(d.range).to_string())
    });
    assert_eq!((kind, at.as_str()), (ErrorKind::CannotReach, "Ke3"));

    // Without the illegal move, nested variations verify.
    let mut legal = String::from("1. e4 ");
    legal.push_str(&"(1. d4 ".repeat(depth));
    legal.push_str(&")".repeat(depth));
    let out = on_small_stack(move || try_game(tokens(&legal)).is_ok());
    assert!(out);
}

#[test]
fn move_numbers_beyond_u64() {
    let (kind, at, message) = game_error("99999999999999999999999999. e4");
    assert_eq!(
        (kind, at.as_str()),
        (ErrorKind::WrongMoveNumber, "99999999999999999999999999.")
    );
    assert!(message.contains("far too large"), "{message}");
    // Inside a PGN string too.
    let (kind, _, _) = game_error("\"1. e4 18446744073709551616... e5\"");
    assert_eq!(kind, ErrorKind::WrongMoveNumber);
}

#[test]
fn a_hundred_thousand_games() {
    let text = "1. e4 e5 2. Nf3 * ".repeat(100_000);
    let out = on_small_stack(move || expand::games(tokens(&text)).to_string());
    assert_eq!(out.matches("Game { __data").count(), 100_000);
    assert!(!out.contains("compile_error"));

    // One bad game among them is reported, and only it.
    let mut text = "1. e4 e5 * ".repeat(50_000);
    text.push_str("1. e4 e5 2. Ke3 * ");
    text.push_str(&"1. d4 d5 * ".repeat(49_999));
    let out = on_small_stack(move || expand::games(tokens(&text)).to_string());
    assert_eq!(
        out.matches("compile_error").count(),
        1,
        "{}",
        &out[..out.len().min(500)]
    );
    assert!(out.contains("White cannot play `2. Ke3`"));
}

#[test]
fn a_five_thousand_ply_game() {
    let moves = long_game(5_000, 7);
    assert_eq!(moves.len(), 5_000);
    let text = token_text(&Chess::default(), &moves);
    let out = on_small_stack(move || expand::game(tokens(&text)).to_string());
    assert!(
        out.contains("Game { __data"),
        "{}",
        &out[..out.len().min(300)]
    );
    // 5,000 plies of five digits each.
    assert!(out.len() > 25_000);
}

#[test]
fn binary_data_in_a_string() {
    // Every byte value that is a char, NULs and control characters
    // included: an error, not a panic.
    let junk: String = (0u8..=255).map(char::from).collect::<String>().repeat(40);
    let literal = proc_macro2::Literal::string(&junk);
    let input: TokenStream = format!("::verified_chess; {literal}")
        .parse()
        .expect("a literal");
    match try_game(input) {
        Err(Failure::Chess(_, d)) => assert!(!d.message.is_empty()),
        Err(Failure::Call(_)) => {}
        Ok(_) => panic!("junk compiled"),
    }
}

/// The error a game of `text` read under `limits` gives, as (kind, text
/// it covers, message); by the lexer and grammar, and by the express
/// lane, which gives up to the grammar.
fn bound_error(text: &str, limits: chess_core::syntax::Limits) -> (ErrorKind, String, String) {
    let options = Options {
        limits,
        ..Options::default()
    };
    let source = Source::text(text, None, None);
    let d = verify(&source, options)
        .next()
        .expect("a game")
        .expect_err("past a bound");
    (d.kind, source.slice(d.range).to_string(), d.message)
}

#[test]
fn each_bound_on_a_games_size_is_an_error_where_it_is_passed() {
    use chess_core::syntax::{Bound, Limits};
    let small = |bound, n| Limits::default().with(bound, n);
    let cases = [
        ("1. e4 e5 2. Nf3 Nc6 *", small(Bound::Plies, 3), "Nc6"),
        (
            "1. e4 (1. d4) (1. c4) e5 *",
            small(Bound::Variations, 1),
            "(",
        ),
        ("1. e4 (1. d4 (1. c4)) e5 *", small(Bound::Depth, 1), "("),
        ("1. e4 {a} e5 $1 {b} *", small(Bound::Notes, 2), "{b}"),
        ("1. e4 e5 $1 $2 $3 *", small(Bound::Notes, 2), "$3"),
        (
            "[A \"1\"]\n[B \"2\"]\n\n1. e4 *",
            small(Bound::Tags, 1),
            "[B \"2\"]",
        ),
    ];
    for (text, limits, at) in cases {
        let (kind, found, message) = bound_error(text, limits);
        assert_eq!(
            (kind, found.as_str()),
            (ErrorKind::TooLarge, at),
            "{text}: {message}"
        );
        // One bound more and the game is read.
        let more = Limits {
            plies: limits.plies + 1,
            variations: limits.variations + 1,
            depth: limits.depth + 1,
            notes: limits.notes + 1,
            tags: limits.tags + 1,
        };
        let options = Options {
            limits: more,
            ..Options::default()
        };
        let source = Source::text(text, None, None);
        assert!(verify(&source, options).next().unwrap().is_ok(), "{text}");
    }
    // The second nested variation is the one past a depth of 1.
    let (_, _, message) = bound_error("1. e4 (1. d4 (1. c4)) e5 *", small(Bound::Depth, 1));
    assert_eq!(
        message,
        "a game may have at most 1 variations nested in one another, and this variation is one more"
    );
}

#[test]
fn five_million_variations_stop_at_the_bound() {
    // 40 MB of `(1. d4) `: the 100,001st variation is the error, and the
    // game's tree holds no more than the bound.
    let text = format!("1. e4 {}*", "(1. d4) ".repeat(5_000_000));
    let (kind, at, message) = bound_error(&text, chess_core::syntax::Limits::default());
    assert_eq!((kind, at.as_str()), (ErrorKind::TooLarge, "("));
    assert!(
        message.starts_with("a game may have at most 100000 variations"),
        "{message}"
    );
    // And in a macro's tokens.
    let (kind, _, _) =
        on_small_stack(|| game_error(&format!("1. e4 {}", "(1. d4) ".repeat(100_001))));
    assert_eq!(kind, ErrorKind::TooLarge);
}

#[test]
fn a_square_off_the_board_is_named() {
    for (text, square) in [
        ("1. e9", "e9"),
        ("1. Ni4", "i4"),
        ("1. e4 exd0+", "d0"),
        ("1. e10", "e10"),
    ] {
        let (kind, _, message) = game_error(text);
        assert_eq!(kind, ErrorKind::ExpectedMove);
        assert!(
            message.ends_with(&format!(
                "`{square}` is off the board (files `a` to `h`, ranks `1` to `8`)"
            )),
            "{text}: {message}"
        );
    }
    // Words that name no square keep the general help.
    let (_, _, message) = game_error("1. xyz");
    assert_eq!(message, "expected a move, found `xyz`");
}
