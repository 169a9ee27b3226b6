//! The text front end (PGN strings, `include_pgn!` files, `chess-verify`):
//! any bytes are either rejected as not UTF-8 or give every game a verdict,
//! and every diagnostic renders with a location inside the text. Every
//! legal game's tree (variations, comments, NAGs) holds together in the
//! facade, and `pgn()` writes it back to the same game and annotations.
//! The express lane reads every game as the lexer and grammar do, a game
//! read into the room of the one before is the same game, and the tree
//! holds every event the grammar hands its consumers. Every
//! position of a legal game of chess reads back from its FEN; the last
//! draws as an SVG image. The
//! same text read under rules files (chess written as one, a CustomChessKell
//! file, five Fairy-Stockfish variants): every game a verdict, every legal
//! one a `CustomGame` whose positions replay its moves to the end.
#![no_main]

use std::sync::OnceLock;

use chess_core::syntax::{Parser, PieceLetters, RuleSets};
use chess_core::{Checked, Options, Source, VerifiedGame, emit, verify};
use libfuzzer_sys::fuzz_target;
use verified_chess::{CustomGame, Game, Node, Position, Variant};

/// The rules files games are read under.
fn rules_files() -> &'static [RuleSets] {
    static FILES: OnceLock<Vec<RuleSets>> = OnceLock::new();
    FILES.get_or_init(|| {
        [
            ("chess.ini", include_str!("../../chess-rules/rules/chess.ini")),
            (
                "mini.yaml",
                include_str!("../../chess-rules/tests/customchesskell/mini.yaml"),
            ),
            (
                "variants.ini",
                include_str!("../../chess-rules/tests/fairy/variants.ini"),
            ),
        ]
        .into_iter()
        .map(|(name, text)| {
            let source = Source::text(text, Some(name.into()), None);
            let sets = RuleSets::read(&source).expect("the rules files read");
            // The variants.ini's games without a tag are Capablanca games.
            let default = (sets.sets.len() > 1).then(|| "capablanca".to_string());
            sets.with_default(default)
        })
        .collect()
    })
}

/// Every game of `source` under each rules file: a verdict placed in the
/// text, and each legal game a `CustomGame` whose positions replay it.
fn check_under_rules(source: &Source, text: &str) {
    for rules in rules_files() {
        let mut games = verify(source, Options::default()).under_rules(rules);
        while let Some(result) = games.next_checked() {
            match result {
                Ok(Checked::Custom(game)) if game.boards.is_empty() => {
                    let set = match game.builtin {
                        true => &RuleSets::builtins().sets[game.set],
                        false => &rules.sets[game.set],
                    };
                    let data = emit::custom_game_data(&game, set, source);
                    let rules_data = chess_rules::data::write(set);
                    // SAFETY: no `CustomGame` made from them outlives this block.
                    let (data, rules_data): (&'static str, &'static str) = unsafe {
                        (
                            &*(data.as_str() as *const str),
                            &*(rules_data.as_str() as *const str),
                        )
                    };
                    let value = CustomGame {
                        __data: data,
                        __rules: rules_data,
                        __path: "fuzz",
                    };
                    assert_eq!(value.len(), game.moves.len());
                    let rules = value.rules();
                    assert_eq!(&rules, set);
                    assert_eq!(value.positions(&rules).len(), game.moves.len() + 1);
                }
                // (A bughouse record of two boards is no one board's game;
                // a game whose tag names chess or one of lichess's variants
                // is played by shakmaty under a rules file too.)
                Ok(_) => {}
                Err(d) => {
                    assert!(d.range.end as usize <= text.len());
                    assert!(text.is_char_boundary(d.range.start as usize));
                    assert!(text.is_char_boundary(d.range.end as usize));
                    let rendered = emit::message(&d, source);
                    assert!(rendered.starts_with("fuzz.pgn:"));
                }
            }
        }
    }
}

/// The facade's game for `verified`, read from `source`: its tree holds
/// together, and its PGN export reads back to the same moves and notes.
fn check_tree(verified: &VerifiedGame, source: &Source, options: Options) {
    let notes = emit::notes(verified, source);
    let data = emit::game_data(verified, &notes, None::<(&str, &str)>);
    // SAFETY: no `Game` or `Node` made from `data` outlives this function.
    let data: &'static str = unsafe { &*(data.as_str() as *const str) };
    let game = Game { __data: data };
    let mut stack: Vec<Node> = vec![game.root()];
    let mut count = 0;
    while let Some(node) = stack.pop() {
        count += 1;
        assert!(count < 100_000);
        let _ = (node.comments().count(), node.nags().count());
        let _ = node.starting_comments().count();
        // A position of chess reads back from its FEN (and one of a
        // variant is refused without a panic).
        let pos = node.position();
        let read = pos.fen().to_string().parse::<Position>();
        if pos.variant() == Variant::Standard {
            assert_eq!(read, Ok(pos), "{}", pos.fen());
        }
        for child in node.children() {
            assert_eq!(child.parent(), Some(node));
            let ply = child.ply().expect("a move");
            assert_eq!(child.position(), node.position().after(&ply.mv));
            stack.push(child);
        }
    }
    // Every move of every variation is in the tree.
    let variation_plies = chess_format::Notes::new(&notes)
        .filter(|n| matches!(n, chess_format::Note::Ply(_)))
        .count();
    assert_eq!(count, game.len() + 1 + variation_plies);
    // The last position draws as an image, the last move marked.
    let last = game.moves().next_back();
    let end = game.final_position();
    let svg = match &last {
        Some(m) => end.svg().last_move(m).to_string(),
        None => end.svg().to_string(),
    };
    assert!(svg.ends_with("</svg>\n"));
    let pgn = game.pgn().to_string();
    let again_source = Source::text(pgn.as_str(), None, None);
    let again = verify(&again_source, options)
        .next()
        .expect("a game")
        .unwrap_or_else(|d| panic!("{}\n{pgn}", d.message));
    assert_eq!(again.san(), verified.san(), "{pgn}");
    assert_eq!(emit::notes(&again, &again_source), notes, "{pgn}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = Source::text(text, Some("fuzz.pgn".into()), None);
    let express: Vec<_> = Parser::new(&source).collect();
    let general: Vec<_> = Parser::new(&source).without_express_lane().collect();
    assert_eq!(express, general);
    // Each game read into the room of the one before, given back.
    let recycled = chess_core::testing::read_recycled(Parser::new(&source));
    assert_eq!(recycled, express);
    let express: Vec<_> = Parser::new(&source).without_notes().collect();
    let general: Vec<_> = Parser::new(&source)
        .without_notes()
        .without_express_lane()
        .collect();
    assert_eq!(express, general);
    // The tree holds every event the grammar hands its consumers.
    chess_core::testing::assert_tree_holds_the_events(&source, None);
    for rules in rules_files() {
        chess_core::testing::assert_tree_holds_the_events(&source, Some(rules));
    }
    let options = [
        Options::default(),
        Options {
            moves_after_draw: true,
            ..Options::default()
        },
        Options {
            piece_letters: PieceLetters::German,
            ..Options::default()
        },
    ];
    for options in options {
        for result in verify(&source, options) {
            if let Ok(game) = &result
                && options.piece_letters == PieceLetters::English
            {
                check_tree(game, &source, options);
            }
            if let Err(d) = result {
                assert!(d.range.end as usize <= text.len());
                assert!(text.is_char_boundary(d.range.start as usize));
                assert!(text.is_char_boundary(d.range.end as usize));
                let rendered = emit::message(&d, &source);
                assert!(rendered.starts_with("fuzz.pgn:"));
            }
        }
    }
    check_under_rules(&source, text);
});
