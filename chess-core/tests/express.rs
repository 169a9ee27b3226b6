//! The express lane reads plain games straight from their bytes; the
//! lexer and the grammar read every game. Both must give the same games,
//! the same errors and the same notes, on any text: random collections,
//! the same damaged at random, every PGN file of the repository and the
//! shared collections; and games as a macro reads them (Rust tokens
//! rendered as text, where `;` and `%` are ordinary).

mod common;

use std::path::{Path, PathBuf};

use chess_core::syntax::Parser;
use chess_core::testing::read_recycled;
use chess_core::{Options, Source};
use common::{cases, checked_games, messy_pgn, random_game, rng};
use proptest::prelude::*;
use rand::RngExt;

/// Every game of `text` read with and without the express lane, keeping
/// notes and not, must be the same.
fn same_both_ways(text: &str) -> Result<(), TestCaseError> {
    same_both_ways_in(&Source::text(text, None, None))
}

/// [`same_both_ways`] for `text` as the tokens of a macro call, if Rust
/// reads it as tokens: rendered as the macro renders them. (A lone string
/// literal is PGN text: read both ways too.)
fn same_both_ways_as_tokens(text: &str) -> Result<(), TestCaseError> {
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return Ok(());
    };
    same_both_ways_in(&chess_core::expand::front_end(tokens))
}

/// Every game of `source` read with and without the express lane,
/// keeping notes and not, must be the same; and read each into the room
/// of the game before ([`Parser::recycle`]), with the lane and without.
fn same_both_ways_in(source: &Source) -> Result<(), TestCaseError> {
    let express: Vec<_> = Parser::new(source).collect();
    let general: Vec<_> = Parser::new(source).without_express_lane().collect();
    prop_assert_eq!(&express, &general, "{:?}", source.as_str());
    prop_assert_eq!(&read_recycled(Parser::new(source)), &express);
    prop_assert_eq!(
        &read_recycled(Parser::new(source).without_express_lane()),
        &express
    );
    let express: Vec<_> = Parser::new(source).without_notes().collect();
    let general: Vec<_> = Parser::new(source)
        .without_notes()
        .without_express_lane()
        .collect();
    prop_assert_eq!(&express, &general, "{:?}", source.as_str());
    Ok(())
}

/// Rust tokens that take the lane off its path, or onto an error, in a
/// macro call.
const TOKEN_SNIPPETS: &[&str] = &[
    "(1. d4)",
    "{ \"a comment\" }",
    "{ 12 }",
    "{ \"}\" }",
    "[Event \"x\"]",
    "[PieceLetters \"de\"]",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]",
    ";",
    "%",
    "$5",
    "!?",
    "?",
    "+",
    "#",
    "e.p.",
    "knight g1 to f3",
    "--",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "12.",
    "3...",
    "...",
    "\"e4\"",
    "e8=Q+",
    "O-O-O #",
    "N@f3",
    "fen",
    "8/8/8/8/8/8/8/K1k5 w - - 0 1",
    "é",
    "r#e4",
    "'a",
    "1e4",
];

/// Text that takes the lane off its path, or onto an error.
const SNIPPETS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "\"",
    ";x\n",
    "\n%esc\n",
    "%",
    "$5 ",
    "!?",
    "?",
    "+",
    "#",
    "e.p.",
    "\u{1}",
    "é",
    "\u{a0}",
    "♘",
    "½",
    "knight g1 to f3 ",
    "-- ",
    "1-0 ",
    "*",
    "12. ",
    "3... ",
    "...",
    "\n[Event \"x\"]\n",
    "[Site \"a\"] ",
    "\n[PieceLetters \"de\"]\n",
    "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n",
    "[Variant \"Crazyhouse\"]\n",
    "fen ",
    "N@f3 ",
    "e8=Q+ ",
    "O-O-O# ",
    "\u{feff}",
    "\r",
    "\n",
    " ",
    "[pgn]\n",
    "\\",
    "{ [%clk 0:01:00] } ",
    // A line break inside a tag's brackets: the splitter ends the tag
    // there, and a `[` in the first column after it begins a game.
    "\n[Event\n\"x\"]\n",
    "[Site \"a\\\n\"]\n",
    "1-0\n[",
    "1-0 [Event \"y\"]\n",
];

/// Inserts a snippet at a random character boundary of `text`, or cuts a
/// random piece out of it.
fn damage(rng: &mut proptest::test_runner::TestRng, text: &mut String) {
    let boundaries: Vec<usize> = (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    let at = boundaries[rng.random_range(0..boundaries.len())];
    if rng.random_bool(0.8) {
        text.insert_str(at, SNIPPETS[rng.random_range(0..SNIPPETS.len())]);
    } else {
        let end = boundaries[rng.random_range(0..boundaries.len())].max(at);
        text.replace_range(at..end, "");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn random_collections_read_the_same_both_ways(
        seed in any::<u64>(),
        games in 1usize..4,
        damages in 0usize..4,
        crlf in any::<bool>(),
    ) {
        let mut rng = rng(seed);
        let mut text = String::new();
        for _ in 0..games {
            let len = rng.random_range(0..60);
            let moves = random_game(&mut rng, len);
            let (game, _) = messy_pgn(&mut rng, &moves, crlf);
            text.push_str(&game);
            text.push_str(["", "\n", "\n\n"][rng.random_range(0..3)]);
        }
        for _ in 0..damages {
            damage(&mut rng, &mut text);
        }
        same_both_ways(&text)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn games_as_tokens_read_the_same_both_ways(
        seed in any::<u64>(),
        result in any::<bool>(),
        damages in 0usize..4,
    ) {
        let mut rng = rng(seed);
        let len = rng.random_range(0..60);
        let moves = random_game(&mut rng, len);
        let mut words: Vec<String> = chess_core::testing::token_text(&shakmaty::Chess::default(), &moves)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        if result {
            words.push("*".to_string());
        }
        for _ in 0..damages {
            let at = rng.random_range(0..=words.len());
            if rng.random_bool(0.8) {
                let snippet = TOKEN_SNIPPETS[rng.random_range(0..TOKEN_SNIPPETS.len())];
                words.insert(at, snippet.to_string());
            } else if at < words.len() {
                words.remove(at);
            }
        }
        same_both_ways_as_tokens(&words.join(" "))?;
    }
}

#[test]
fn games_as_tokens_read_the_same_both_ways_by_hand() {
    // Calls the lane reads (with a result or without) and calls it gives
    // up on (the general parser then reads the game); whether it reads them
    // is `syntax::express`'s unit test.
    for text in [
        "1. e4 e5 2. Nf3 Nc6",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0",
        "[Event \"x\"] 1. d4 { \"a comment\" } d5 *",
        "1. e4 ; e5",
        "% 1. e4",
        "1. e4 (1. d4) e5",
    ] {
        same_both_ways_as_tokens(text).unwrap();
    }
}

/// The `.pgn` files under `dir`, recursively.
fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

/// Every game of each file read the same both ways ([`same_both_ways`]),
/// and checked the same in the room of the game before as fresh.
fn read_the_same_both_ways(files: &[PathBuf]) {
    for file in files {
        let bytes = std::fs::read(file).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = same_both_ways(&text) {
            panic!("{}: {e}", file.display());
        }
        let source = Source::text(text.as_ref(), None, None);
        for options in [
            Options::default(),
            Options {
                moves_after_draw: true,
                drop_annotations: true,
                ..Options::default()
            },
        ] {
            let fresh = checked_games(&source, options, false);
            let recycled = checked_games(&source, options, true);
            assert!(recycled == fresh, "{}", file.display());
        }
    }
}

#[test]
fn every_pgn_file_of_the_repository_reads_the_same_both_ways() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["chess-core", "chess-verify", "tests", "examples", "docs"] {
        pgn_files(&root.join(dir), &mut files);
    }
    assert!(files.len() >= 10, "{files:?}");
    read_the_same_both_ways(&files);
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_shared_collection_reads_the_same_both_ways() {
    let dir = std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    );
    let mut files = Vec::new();
    pgn_files(&dir, &mut files);
    assert!(files.len() >= 10, "{}: {files:?}", dir.display());
    read_the_same_both_ways(&files);
}
