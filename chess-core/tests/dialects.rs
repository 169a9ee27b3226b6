//! PGN as other producers write it: figurines, Unicode punctuation,
//! evaluation glyphs, NAGs against their moves, other languages' piece
//! letters (behind the opt-in), every spelling of the `[Variant]` of plain
//! chess, and the re-worded errors. A property test renders random legal
//! games in those dialects and checks that they verify to the same moves,
//! and that a corrupted move is reported under exactly its own characters.

mod common;

use chess_core::syntax::PieceLetters;
use chess_core::{ErrorKind, Help, LineCol, Options, Source, VerifiedGame, verify};
use common::{cases, random_game, rng};
use proptest::prelude::*;
use proptest::test_runner::TestRng;
use rand::RngExt;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

type Verified = Result<VerifiedGame, (ErrorKind, LineCol, String, String)>;

fn verify_all(text: &str) -> Vec<Verified> {
    let source = Source::text(text, Some("t.pgn".into()), None);
    verify(&source, Options::default())
        .map(|g| {
            g.map_err(|d| {
                (
                    d.kind,
                    source.line_col(d.range.start),
                    source.slice(d.range).to_string(),
                    d.message.clone(),
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

/// The first problem in `text`, as a diagnostic.
fn first_error(text: &str) -> chess_core::Diagnostic {
    let source = Source::text(text, None, None);
    verify(&source, Options::default())
        .next()
        .expect("a game")
        .expect_err("an error")
}

fn error(text: &str) -> (ErrorKind, String, String) {
    match verify_all(text).remove(0) {
        Ok(g) => panic!("accepted {text:?}: {}", g.san()),
        Err((kind, _, found, message)) => (kind, found, message),
    }
}

#[test]
fn every_spelling_of_standard_chess_and_chess960() {
    for name in [
        "Standard",
        "standard",
        "normal",
        "Normal",
        "Chess",
        "Classical",
        "From Position",
        "fromPosition",
        "from_position",
        "",
    ] {
        let text = format!("[Variant \"{name}\"]\n\n1. e4 e5 *\n");
        assert_eq!(sans(&text), ["e4 e5"], "{name}");
    }
    // lichess's export of a game from a set-up position.
    let from_position = "[Variant \"From Position\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\
        [SetUp \"1\"]\n\n1... e5 2. Nf3 *\n";
    assert_eq!(sans(from_position), ["e5 Nf3"]);
    let frc = "rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKNNR w KQkq - 0 1";
    for name in [
        "Chess960",
        "chess 960",
        "fischerandom",
        "Fischer Random",
        "FRC",
        "960",
    ] {
        let text = format!("[Variant \"{name}\"]\n[FEN \"{frc}\"]\n\n1. e4 e5 *\n");
        assert_eq!(sans(&text), ["e4 e5"], "{name}");
    }
    // A variant is verified by `Games::check_syntax` (tests/variants.rs);
    // the iterator of `verify` yields games of standard chess (what
    // puzzles and problems take), so it refuses one at its tag.
    let (kind, found, message) = error("[Variant \"Atomic\"]\n\n1. e4 *\n");
    assert_eq!(kind, ErrorKind::BadSetup);
    assert_eq!(found, "\"Atomic\"");
    assert!(
        message.starts_with(
            "this game is Atomic: puzzles and problems are standard chess or Chess960"
        ),
        "{message}"
    );
    let (kind, found, message) = error("[Variant \"Shogi\"]\n\n1. e4 *\n");
    assert_eq!(kind, ErrorKind::BadSetup);
    assert_eq!(found, "\"Shogi\"");
    assert!(message.contains("`Shogi`"), "{message}");
}

#[test]
fn a_nag_against_its_move() {
    assert_eq!(sans("1. f3! e5$71 2. g4 Qh4#$1 0-1"), ["f3 e5 g4 Qh4#"]);
    // The error after such a NAG points at the move alone.
    let (kind, found, _) = error("1. f3! e5$71 2. g4 Nf3$1 *");
    assert_eq!(kind, ErrorKind::CannotReach);
    assert_eq!(found, "Nf3");
}

#[test]
fn a_king_stepping_two_squares_is_not_castling() {
    let (kind, found, message) = error("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *");
    assert_eq!(kind, ErrorKind::CannotReach);
    assert_eq!(found, "Kg1");
    assert_eq!(
        message,
        "White cannot play `4. Kg1`: a king steps one square; castling kingside is written `O-O`, which is legal here"
    );
    // Every accepted way of writing it.
    for castle in [
        "O-O", "0-0", "o-o", "O–O", "Ke1g1", "Ke1-g1", "e1g1", "e1h1",
    ] {
        let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. {castle} *");
        assert_eq!(sans(&text), ["e4 e5 Nf3 Nc6 Bc4 Bc5 O-O"], "{castle}");
    }
}

#[test]
fn castling_fields_say_what_is_wrong() {
    let (kind, _, message) = error("[FEN \"r7/4k3/8/8/8/8/8/4K3 w kq - 0 1\"]\n\n1. Ke2 *");
    assert_eq!(kind, ErrorKind::IllegalPosition);
    assert_eq!(
        message,
        "invalid castling rights: the black king is on e7, not on its first rank; there is no black rook on h8"
    );
    let (kind, found, message) = error("[FEN \"4k3/8/8/8/8/8/8/R3K2R w KKq - 0 1\"]\n\n1. Ke2 *");
    assert_eq!((kind, found.as_str()), (ErrorKind::BadSetup, "KKq"));
    assert_eq!(
        message,
        "castling field `KKq` gives White castling with the rook on h1 twice (`K` twice): give each right once"
    );
}

#[test]
fn unicode_results_castling_and_spaces() {
    assert_eq!(sans("1. e4 e5 1–0"), ["e4 e5"]);
    assert_eq!(sans("1. e4 e5 ½–½"), ["e4 e5"]);
    assert_eq!(sans("1. e4 e5 1/2–1/2"), ["e4 e5"]);
    assert_eq!(sans("1. e4 e5 0—1"), ["e4 e5"]);
    // Three games, none lost to another's result.
    assert_eq!(
        sans("1. e4 e5 1–0\n\n1. d4 d5 ½–½\n\n1. c4 c5 1/2‒1/2\n"),
        ["e4 e5", "d4 d5", "c4 c5"]
    );
    assert_eq!(
        sans("1.\u{a0}e4\u{a0}e5 2.\u{202f}Nf3 Nc6 3.\u{a0}Bc4 Bc5 4.\u{a0}O–O 4…Nf6 *"),
        ["e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6"]
    );
}

#[test]
fn a_result_glued_to_the_last_move_is_the_result() {
    // As pgn-reader's test files write it; python-chess reads it so.
    assert_eq!(sans("1. f3 e5 2. g4 Qh4#!?0-1"), ["f3 e5 g4 Qh4#"]);
    assert_eq!(
        sans("1. f3 e5 2. g4 Qh4#0-1\n\n1. e4 *"),
        ["f3 e5 g4 Qh4#", "e4"]
    );
    // The result is checked as one written apart is, where it stands.
    let (kind, found, message) = error("1. f3 e5 2. g4 Qh4#!?1-0");
    assert_eq!((kind, found.as_str()), (ErrorKind::WrongResult, "1-0"));
    assert!(message.contains("Black checkmated White"), "{message}");
    let d = first_error("1. f3 e5 2. g4 Qh4#!?1-0");
    assert_eq!((d.range.start, d.range.end), (21, 24));
}

#[test]
fn figurines_and_glyphs() {
    assert_eq!(
        sans("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗×c6 d×c6 5. O–O ♕f6± 6. d4 e×d4 ∓ 7. ♕×d4 □ *"),
        ["e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qf6 d4 exd4 Qxd4"]
    );
    assert_eq!(
        sans("1. e4 f5 2. exf5 g5 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=♕ +− *"),
        ["e4 f5 exf5 g5 fxg6 Nf6 gxh7 Ng8 hxg8=Q"]
    );
    assert_eq!(
        sans("1. e4 e5 2. Nf3 += Nc6 =+ 3. Bb5 +/- a6 -/+ 4. Ba4 = *"),
        ["e4 e5 Nf3 Nc6 Bb5 a6 Ba4"]
    );
}

#[test]
fn comment_commands_stay_comments() {
    let text = "1. e4 { [%clk 0:05:00] [%emt 0:00:03] } e5 { [%eval 0.17] [%evp 12,15,9] } \
                2. Nf3 { [%csl Gd4,Re5] [%cal Ge2e4,Rd7d5] } Nc6 {+0.32/12 0.5s} \
                3. Bb5 {-0.10/15 1.2s} *";
    assert_eq!(sans(text), ["e4 e5 Nf3 Nc6 Bb5"]);
}

/// The figurine of `role` in White's or Black's set.
fn figurine(letter: char, black: bool) -> char {
    let white = match letter {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        _ => return letter,
    };
    if black {
        char::from_u32(u32::from(white) + 6).unwrap_or(white)
    } else {
        white
    }
}

const DASHES: [&str; 5] = ["-", "–", "—", "‒", "\u{2011}"];
const SPACES: [&str; 4] = [" ", " ", "\u{a0}", "\u{202f}"];
const GLYPHS: [&str; 10] = ["±", "∓", "⩲", "⩱", "∞", "□", "+−", "−+", "=", "+/-"];

/// A move's SAN in a random dialect, with `letters` for the pieces that
/// are not figurines.
fn dialect_san(rng: &mut TestRng, san: &str, letters: PieceLetters) -> String {
    let black = rng.random_bool(0.5);
    let fan = rng.random_bool(0.6);
    let dash = DASHES[rng.random_range(0..DASHES.len())];
    let mut out = String::new();
    for c in san.chars() {
        match c {
            'K' | 'Q' | 'R' | 'B' | 'N' if fan => out.push(figurine(c, black)),
            'K' | 'Q' | 'R' | 'B' | 'N' => {
                let i = "KQRBN".find(c).unwrap_or(0);
                out.push(letters.letters().as_bytes()[i] as char);
            }
            'x' if rng.random_bool(0.5) => out.push('×'),
            '-' => out.push_str(dash),
            _ => out.push(c),
        }
    }
    out
}

/// A random game in a random mix of dialects, and where each move starts
/// (line, column in characters).
fn dialect_pgn(rng: &mut TestRng, moves: &[Move]) -> (String, Vec<(usize, usize)>) {
    let mut text = String::from("[Event \"Dialects\"]\n[Variant \"Normal\"]\n");
    let letters = PieceLetters::ALL[rng.random_range(0..PieceLetters::ALL.len())];
    if letters != PieceLetters::English {
        text.push_str(&format!("[PieceLetters \"{}\"]\n", letters.code()));
    }
    text.push('\n');
    let mut at = Vec::new();
    let mut pos = Chess::default();
    for (i, &m) in moves.iter().enumerate() {
        let space = SPACES[rng.random_range(0..SPACES.len())];
        if pos.turn() == Color::White {
            text.push_str(&format!("{}.{space}", pos.fullmoves()));
        } else if i == 0 || rng.random_bool(0.2) {
            let dots = if rng.random_bool(0.5) { "…" } else { "..." };
            text.push_str(&format!("{}{dots}{space}", pos.fullmoves()));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        let line = text.matches('\n').count() + 1;
        let col = text.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        at.push((line, col));
        text.push_str(&dialect_san(rng, &san, letters));
        match rng.random_range(0..8) {
            0 => text.push_str(&format!("${}", rng.random_range(0..256))),
            1 => text.push_str(GLYPHS[rng.random_range(0..GLYPHS.len())]),
            2 => text.push_str(&format!(" {}", GLYPHS[rng.random_range(0..GLYPHS.len())])),
            3 => text.push_str(" { [%clk 0:05:00] [%eval 0.3] }"),
            4 => text.push_str(" {+0.32/12 0.5s}"),
            _ => {}
        }
        text.push_str(SPACES[rng.random_range(0..SPACES.len())]);
        if rng.random_bool(0.1) {
            text.push('\n');
        }
    }
    let dash = DASHES[rng.random_range(0..DASHES.len())];
    let result = match pos.outcome().winner() {
        Some(Color::White) => format!("1{dash}0"),
        Some(Color::Black) => format!("0{dash}1"),
        None if pos.is_stalemate() => format!("½{dash}½"),
        None => "*".to_string(),
    };
    text.push_str(&result);
    text.push('\n');
    (text, at)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(128)))]

    #[test]
    fn dialects_verify_to_the_same_moves(seed in any::<u64>(), len in 1usize..120) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        let (text, _) = dialect_pgn(&mut rng, &moves);
        let got = verify_all(&text);
        prop_assert_eq!(got.len(), 1);
        match &got[0] {
            Ok(g) => prop_assert_eq!(&g.moves, &moves, "{}", text),
            Err(e) => prop_assert!(false, "{:?} in {}", e, text),
        }
    }

    #[test]
    fn a_corrupted_move_is_reported_under_its_own_characters(
        seed in any::<u64>(),
        len in 1usize..100,
        which in any::<prop::sample::Index>(),
    ) {
        let mut rng = rng(seed);
        let moves = random_game(&mut rng, len);
        prop_assume!(!moves.is_empty());
        let k = which.index(moves.len());
        let (text, at) = dialect_pgn(&mut rng, &moves);
        // Replace move k by a king move (as a figurine) to a far square;
        // the move with anything written against it, up to a separator.
        let far = common::far_from_king(&moves, k);
        prop_assume!(far.is_some());
        let bad = format!("♔{}", far.unwrap());
        let (line, col) = at[k];
        let corrupted = common::replace_at(&text, (line, col), &[' ', '\u{a0}', '\u{202f}'], &bad);
        let got = verify_all(&corrupted);
        match &got[0] {
            Ok(_) => prop_assert!(false, "accepted {} in {}", bad, corrupted),
            Err((_, lc, found, _)) => {
                prop_assert_eq!((lc.line as usize, lc.col as usize), (line, col), "{}", corrupted);
                prop_assert_eq!(found, &bad);
            }
        }
    }
}

#[test]
fn piece_letters_of_other_languages_behind_the_tag() {
    let german = "[PieceLetters \"de\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Dd7 *";
    assert_eq!(
        sans(german),
        ["e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Qd7"]
    );
    let french = "[PieceLetters \"Français\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. Re2 *";
    assert_eq!(sans(french), ["e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2"]);
    let spanish = "[PieceLetters \"es\"]\n\n1. e4 f5 2. exf5 g5 3. Dh5# 1-0";
    assert_eq!(sans(spanish), ["e4 f5 exf5 g5 Qh5#"]);
    // The tag holds for its game only.
    let two = "[PieceLetters \"de\"]\n\n1. Sf3 *\n\n[Event \"b\"]\n\n1. Nf3 *\n";
    assert_eq!(sans(two), ["Nf3", "Nf3"]);
    // Or for every game, as the macros' attribute and the CLI's flag set it.
    let source = Source::text("1. Sf3 Sf6 2. g3 g6 3. Lg2 Lg7 *", None, None);
    let options = Options {
        piece_letters: PieceLetters::German,
        ..Options::default()
    };
    let got: Vec<String> = verify(&source, options).map(|g| g.unwrap().san()).collect();
    assert_eq!(got, ["Nf3 Nf6 g3 g6 Bg2 Bg7"]);
}

#[test]
fn piece_letters_without_the_opt_in_say_how() {
    let (kind, found, _) = error("1. e4 e5 2. Sf3 *");
    assert_eq!((kind, found.as_str()), (ErrorKind::ExpectedMove, "Sf3"));
    let d = first_error("1. e4 e5 2. Sf3 *");
    assert_eq!(
        d.help,
        [Help::Note("`S` is the knight in German (`Springer`): to read these piece letters, add the tag `[PieceLetters \"de\"]` before the moves".into())]
    );
    let d = first_error("1. e4 e5 2. Cf3 *");
    assert_eq!(
        d.help,
        [Help::Note("`C` is the knight in French (`cavalier`), Spanish (`caballo`), Italian (`cavallo`) and Portuguese (`cavalo`): to read these piece letters, add the tag `[PieceLetters \"fr\"]` (or `es`, `it` or `pt`) before the moves".into())]
    );
    // A word that is no move in any language gets no such help.
    let d = first_error("1. e4 e5 2. Sx *");
    assert!(
        d.help
            .iter()
            .all(|h| !matches!(h, Help::Note(n) if n.contains("PieceLetters")))
    );
    let (kind, found, message) = error("[PieceLetters \"Klingon\"]\n\n1. e4 *");
    assert_eq!((kind, found.as_str()), (ErrorKind::BadTag, "\"Klingon\""));
    assert_eq!(
        message,
        "`Klingon` names no language whose piece letters are read"
    );
}

/// The warnings of the only game of `text`, checked with `*` after the
/// end of the game accepted (as `chess-verify` checks), under `rules` if
/// given: (kind, text under it, message) each; or the error.
fn warnings(
    text: &str,
    rules: Option<&chess_core::RuleSets>,
) -> Result<Vec<(ErrorKind, String, String)>, String> {
    let source = Source::text(text, None, None);
    let options = Options {
        unfinished_result: true,
        ..Options::default()
    };
    let mut games = verify(&source, options);
    if let Some(rules) = rules {
        games = games.under_rules(rules);
    }
    let game = games
        .next_syntax()
        .expect("a game")
        .map_err(|d| d.message)?;
    let checked = games.check_syntax(&game).map_err(|d| d.message)?;
    Ok(games
        .warnings(&game, &checked)
        .into_iter()
        .map(|d| {
            let spelling = chess_core::Spelling {
                opt_in: |o| format!("`--{}`", o.name()),
                rust_tokens: false,
            };
            (
                d.kind,
                source.slice(d.range).to_string(),
                d.render(&spelling),
            )
        })
        .collect())
}

#[test]
fn a_star_after_the_end_of_the_game_is_an_unfinished_record() {
    // Refused by default, with the option that accepts it.
    let (kind, found, message) = error("1. f3 e5 2. g4 Qh4# *");
    assert_eq!((kind, found.as_str()), (ErrorKind::WrongResult, "*"));
    assert_eq!(
        message,
        "the result `*` contradicts the final position: Black checkmated White"
    );
    let d = first_error("1. f3 e5 2. g4 Qh4# *");
    assert!(
        d.help.iter().any(|h| matches!(
            h,
            Help::OptIn {
                otherwise: None,
                option: chess_core::OptIn::UnfinishedResult
            }
        )),
        "{:?}",
        d.help
    );
    // Accepted with the option, with a warning worded as the error,
    // without the option's help.
    let found = warnings("1. f3 e5 2. g4 Qh4# *", None).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    let (kind, at, rendered) = &found[0];
    assert_eq!((*kind, at.as_str()), (ErrorKind::WrongResult, "*"));
    assert_eq!(
        rendered,
        "the result `*` contradicts the final position: Black checkmated White\nhelp: write `0-1`\nhelp: `*` is read as a record left unfinished; this is a warning"
    );
    // A stalemate too; a game not over, or with its right result, has no
    // warning; another wrong result stays an error.
    let stalemate = "[FEN \"k7/8/3Q4/8/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 *";
    assert!(
        warnings(stalemate, None).unwrap()[0]
            .2
            .contains("stalemate")
    );
    assert_eq!(warnings("1. e4 e5 *", None), Ok(vec![]));
    assert_eq!(warnings("1. f3 e5 2. g4 Qh4# 0-1", None), Ok(vec![]));
    assert!(warnings("1. f3 e5 2. g4 Qh4# 1-0", None).is_err());
    // A variant's end, and a rule set's.
    let atomic = "[Variant \"Atomic\"]\n\n1. e4 d5 2. Qh5 dxe4 3. Qxf7# *";
    assert_eq!(warnings(atomic, None).unwrap()[0].1, "*");
    let ini = Source::text("[chess]\n", Some("chess.ini".into()), None);
    let rules = chess_core::RuleSets::read(&ini).unwrap();
    let found = warnings("1. f3 e5 2. g4 Qh4# *", Some(&rules)).unwrap();
    assert_eq!(
        (found[0].0, found[0].1.as_str()),
        (ErrorKind::WrongResult, "*")
    );
    assert!(
        found[0]
            .2
            .starts_with("the result `*` contradicts the final position: ")
            && found[0].2.ends_with("this is a warning"),
        "{found:?}"
    );
    // A `[Result]` tag that does not say what the rules decided is
    // written too; one that does is not.
    for (tag, wrong_too) in [("*", true), ("0-1", false)] {
        let text = format!("[Result \"{tag}\"]\n\n1. f3 e5 2. g4 Qh4# *");
        let source = Source::text(&text, None, None);
        let options = Options {
            unfinished_result: true,
            ..Options::default()
        };
        let mut games = verify(&source, options);
        let game = games.next_syntax().unwrap().unwrap();
        let checked = games.check_syntax(&game).unwrap();
        let found = games.warnings(&game, &checked);
        assert_eq!(found.len(), 1, "{tag}");
        let fixes_tag = found[0].help.iter().any(|h| {
            matches!(h, Help::WriteThere { range, text, .. }
                if source.slice(*range) == tag && text == "0-1")
        });
        assert_eq!(fixes_tag, wrong_too, "{tag}: {:?}", found[0].help);
        assert_eq!(found[0].related.len(), usize::from(wrong_too), "{tag}");
    }
}

#[test]
fn a_fullmove_number_of_zero_is_a_warning() {
    let found = warnings(
        "[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0\"]\n\n1. Re8# 1-0",
        None,
    )
    .unwrap();
    assert_eq!(
        found,
        [(
            ErrorKind::BadSetup,
            "0".to_string(),
            "the fullmove number `0` is read as 1: moves are numbered from 1\nhelp: write `1`\nhelp: python-chess and lichess read it so; this is a warning".to_string()
        )]
    );
    // The game counts its moves from 1.
    assert_eq!(
        error("fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 0 2. Re8#").0,
        ErrorKind::WrongMoveNumber
    );
    assert_eq!(
        warnings("fen 6k1/5ppp/8/8/8/8/8/4R1K1 w - - 1 1 1. Re8#", None),
        Ok(vec![])
    );
}
