//! PGN text and collections: the string form of `game!`, `games!` and
//! `include_pgn!` on files with real-world quirks (comments, NAGs, nested
//! variations, `%` lines, `;` comments, CRLF, setups, moves after a draw).

use verified_chess::{DrawReason, Game, GameResult, Outcome, game, games, include_pgn};

static MINIATURES: &[Game] = include_pgn!("tests/pgn/miniatures.pgn");
static CRLF: &[Game] = include_pgn!("tests/pgn/crlf.pgn");
static PLAYED_ON: &[Game] = include_pgn!(#![allow(moves_after_draw)] "tests/pgn/dead-position.pgn");

#[test]
fn include_pgn_reads_every_game() {
    assert_eq!(MINIATURES.len(), 3);
    let names: Vec<&str> = MINIATURES.iter().filter_map(|g| g.tag("Event")).collect();
    assert_eq!(
        names,
        ["Fool's mate", "Legal's mate", "Blackburne Shilling gambit"]
    );
    // Variations are verified but only the main line is kept.
    assert_eq!(MINIATURES[1].len(), 13);
    assert_eq!(MINIATURES[1].sans().next_back().as_deref(), Some("Nd5#"));
    assert_eq!(MINIATURES[1].tag("Black"), Some("Saint Brie"));
    assert_eq!(MINIATURES[2].result(), GameResult::BlackWins);
    assert_eq!(CRLF[0].sans().collect::<Vec<_>>(), ["d4", "d5", "c4", "e6"]);
}

#[test]
fn moves_after_a_dead_position_when_allowed() {
    let g = &PLAYED_ON[0];
    assert_eq!(g.len(), 4);
    assert_eq!(g.legal_end(), Some(1));
    assert_eq!(
        g.outcome(),
        Outcome::Draw {
            reason: DrawReason::DeadPosition
        }
    );
}

#[test]
fn string_form() {
    const LEGAL: Game = game!(
        r#"[Event "Legal's mate"]
        1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6? 5. Nxe5! Bxd1?? {5... dxe5 was better}
        (5... dxe5 6. Qxg4) 6. Bxf7+ Ke7 7. Nd5# 1-0"#
    );
    assert_eq!(LEGAL.len(), 13);
    assert_eq!(LEGAL.tag("Event"), Some("Legal's mate"));
    let in_fn: Game = game!("1. d4 d5 2. c4");
    assert_eq!(in_fn.len(), 3);
}

/// Tag values reach the runtime `Game` unchanged, whatever characters the
/// generated literal has to escape.
#[test]
fn tag_values_with_quotes_backslashes_and_non_ascii() {
    const TAGGED: Game =
        game!("[Event \"A \\\"quoted\\\" name \\\\ and\ta tab\"]\n[Site \"Zürich ♞\"]\n1. e4 *");
    assert_eq!(TAGGED.tag("Event"), Some("A \"quoted\" name \\ and\ta tab"));
    assert_eq!(TAGGED.tag("Site"), Some("Zürich ♞"));
    assert_eq!(TAGGED.len(), 1);
}

#[test]
fn games_in_token_and_string_form() {
    const TOKENS: &[Game] = games! {
        1. f3 e5 2. g4 Qh4 # 0-1
        [Event "second"] 1. e4 e5 *
        1. d4 1/2-1/2
    };
    assert_eq!(TOKENS.len(), 3);
    assert_eq!(TOKENS[1].tag("Event"), Some("second"));
    assert_eq!(TOKENS[2].result(), GameResult::Draw);
    let text: &'static [Game] = games!(r#"1. e4 e5 1-0 1. d4 d5 0-1"#);
    assert_eq!(text.len(), 2);
    assert_eq!(games! {}.len(), 0);
}
