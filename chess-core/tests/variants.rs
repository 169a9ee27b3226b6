//! Games of the variants lichess plays (Crazyhouse, Atomic, Antichess, King
//! of the Hill, Three-check, Horde, Racing Kings), verified through
//! `Games::check_syntax` under shakmaty's rules: random legal games written
//! in SAN (drops included, `#` on every decisive end as shakmaty writes
//! it) verify to the same moves; a move corrupted into one that is not
//! legal is rejected under exactly its own characters; each variant's own
//! reasons and ends are worded.

mod common;

use chess_core::{Checked, Diagnostic, ErrorKind, Help, Options, Source, verify};
use common::rng;
use rand::RngExt;
use shakmaty::san::{San, SanPlus};
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Outcome, Position};

const VARIANTS: [(&str, Variant); 7] = [
    ("Crazyhouse", Variant::Crazyhouse),
    ("Atomic", Variant::Atomic),
    ("Antichess", Variant::Antichess),
    ("King of the Hill", Variant::KingOfTheHill),
    ("Three-check", Variant::ThreeCheck),
    ("Horde", Variant::Horde),
    ("Racing Kings", Variant::RacingKings),
];

/// Every game of `text`, checked under its own rules.
fn check(text: &str) -> Vec<Result<Checked, Diagnostic>> {
    let source = Source::text(text, None, None);
    let mut games = verify(&source, Options::default());
    let mut out = Vec::new();
    while let Some(syntax) = games.next_syntax() {
        out.push(syntax.and_then(|g| games.check_syntax(&g)));
    }
    out
}

/// The only game of `text`: its SAN, or the error's kind, characters and
/// message.
fn one(text: &str) -> Result<String, (ErrorKind, String, String)> {
    let source = Source::text(text, None, None);
    let mut games = verify(&source, Options::default());
    let syntax = games.next_syntax().expect("a game");
    syntax
        .and_then(|g| games.check_syntax(&g))
        .map(|g| g.san())
        .map_err(|d| (d.kind, source.slice(d.range).to_string(), d.message))
}

/// A random legal game of `variant` in SAN, to its end or `max` plies.
fn random_game(seed: u64, variant: Variant, max: usize) -> Vec<(String, VariantPosition)> {
    let mut rng = rng(seed);
    let mut pos = VariantPosition::new(variant);
    let mut out = Vec::new();
    while out.len() < max && pos.outcome() == Outcome::Unknown {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        let before = pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
        out.push((san.to_string(), before));
    }
    out
}

/// PGN movetext for `sans`, numbered from move 1, White first; no result
/// (the rules' own, if the game ended).
fn movetext(sans: &[String]) -> String {
    let mut text = String::new();
    for (i, san) in sans.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(san);
        text.push(' ');
    }
    text
}

#[test]
fn random_games_of_every_variant_verify_and_corruptions_are_placed() {
    let mut corrupted = 0;
    let mut drops = 0;
    let mut ends = 0;
    for (v, &(name, variant)) in VARIANTS.iter().enumerate() {
        for seed in 0..30u64 {
            let game = random_game(seed * 7 + v as u64, variant, 120);
            let sans: Vec<String> = game.iter().map(|(s, _)| s.clone()).collect();
            drops += sans.iter().filter(|s| s.contains('@')).count();
            ends += usize::from(sans.last().is_some_and(|s| s.ends_with('#')));
            let text = format!("[Variant \"{name}\"]\n\n{}\n", movetext(&sans));
            assert_eq!(one(&text), Ok(sans.join(" ")), "{text}");
            // Corrupt one ply into the SAN of a later ply (the other side's
            // or a later move of the same side) where shakmaty finds it
            // illegal: the error is under that ply.
            let mut rng = rng(seed);
            for _ in 0..3 {
                if sans.len() < 3 {
                    break;
                }
                let k = rng.random_range(0..sans.len() - 1);
                let other = &sans[rng.random_range(k + 1..sans.len())];
                let word = other.trim_end_matches(['+', '#']).to_string();
                // Legal as written, or with the capture sign added or
                // dropped (which the verifier forgives): not a corruption.
                let san: San = word.parse().expect("shakmaty's SAN");
                let toggled = match san {
                    San::Normal {
                        role,
                        file,
                        rank,
                        capture,
                        to,
                        promotion,
                    } => San::Normal {
                        role,
                        file,
                        rank,
                        capture: !capture,
                        to,
                        promotion,
                    },
                    other => other,
                };
                if san.to_move(&game[k].1).is_ok() || toggled.to_move(&game[k].1).is_ok() {
                    continue;
                }
                let mut bad = sans.clone();
                bad[k] = word.clone();
                bad.truncate(k + 1);
                let text = format!("[Variant \"{name}\"]\n\n{}\n", movetext(&bad));
                let Err((_, found, message)) = one(&text) else {
                    panic!("accepted {text}");
                };
                assert_eq!(found, word, "{message} in {text}");
                corrupted += 1;
            }
        }
    }
    assert!(corrupted > 300, "{corrupted}");
    assert!(drops > 50, "{drops}");
    assert!(ends > 20, "{ends}");
}

#[test]
fn every_spelling_of_each_variant() {
    for (names, first) in [
        (
            &["Crazyhouse", "crazyhouse", "ZH", "Crazy House"][..],
            "1. e4 d5 2. exd5 Qxd5 3. P@e4 *",
        ),
        (
            &["Atomic", "atom", "Atomic chess"][..],
            "1. e4 d5 2. exd5 *",
        ),
        (
            &["Antichess", "Anti chess", "anti"][..],
            "1. e4 d5 2. exd5 *",
        ),
        (
            &["King of the Hill", "KOTH", "kingOfTheHill", "hill"][..],
            "1. e4 e5 *",
        ),
        (
            &["Three-check", "three check", "3check", "3-check"][..],
            "1. e4 e5 *",
        ),
        (&["Horde", "horde chess"][..], "1. e5 e6 *"),
        (&["Racing Kings", "racingkings", "race"][..], "1. Kh3 Ka3 *"),
    ] {
        for name in names {
            let text = format!("[Variant \"{name}\"]\n\n{first}\n");
            assert!(one(&text).is_ok(), "{name}: {:?}", one(&text));
        }
    }
    // Fairy-Stockfish's variants of these names, not lichess's Antichess:
    // verified under their own rules.
    for name in ["Giveaway", "Suicide", "Losers"] {
        let text = format!("[Variant \"{name}\"]\n\n1. e4 *\n");
        assert!(one(&text).is_ok(), "{name}: {:?}", one(&text));
    }
    for name in ["GiveawayChess", "Suicide Chess", "loserschess"] {
        let (kind, found, message) =
            one(&format!("[Variant \"{name}\"]\n\n1. e4 *\n")).unwrap_err();
        assert_eq!(kind, ErrorKind::BadSetup);
        assert_eq!(found, format!("\"{name}\""));
        assert!(message.contains("Antichess"), "{message}");
    }
}

#[test]
fn the_iterator_of_verify_refuses_a_variant_at_its_tag() {
    // The iterator of `verify` yields games of standard chess (what
    // puzzles and problems take; `check_syntax` takes any rules): a
    // variant is refused at its tag.
    let source = Source::text("[Variant \"Crazyhouse\"]\n\n1. e4 *\n", None, None);
    let d = verify(&source, Options::default())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(d.kind, ErrorKind::BadSetup);
    assert_eq!(source.slice(d.range), "\"Crazyhouse\"");
    // A drop in standard chess is still a drop error.
    let (kind, found, message) = one("1. e4 e5 2. N@f3 *").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::Drop, "N@f3"));
    assert!(message.ends_with("this is standard chess"), "{message}");
    let (kind, _, message) = one("[Variant \"Atomic\"]\n\n1. e4 e5 2. N@f3 *").unwrap_err();
    assert_eq!(kind, ErrorKind::Drop);
    assert!(message.ends_with("this game is Atomic"), "{message}");
}

#[test]
fn crazyhouse_drops_are_explained() {
    let zh = |moves: &str| one(&format!("[Variant \"Crazyhouse\"]\n\n{moves}\n"));
    assert_eq!(
        zh("1. e4 d5 2. exd5 Qxd5 3. N@f3 *").unwrap_err(),
        (
            ErrorKind::EmptyPocket,
            "N@f3".into(),
            "White cannot play `3. N@f3`: there is no knight in White's pocket (pocket: P)".into()
        )
    );
    let (kind, _, message) = zh("1. N@f3 *").unwrap_err();
    assert_eq!(kind, ErrorKind::EmptyPocket);
    assert!(message.ends_with("(it is empty)"), "{message}");
    let (kind, _, message) = zh("1. e4 d5 2. exd5 Qxd5 3. P@a8 *").unwrap_err();
    assert_eq!(kind, ErrorKind::BadDrop);
    assert!(
        message.contains("the black rook on a8 stands there"),
        "{message}"
    );
    let (kind, found, message) = zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d8 *").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::BadDrop, "P@d8"));
    assert!(message.contains("stands there"), "{message}");
    let (kind, _, message) =
        zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nf3 Qd7 5. P@h1 *").unwrap_err();
    assert_eq!(kind, ErrorKind::BadDrop);
    assert!(message.contains("stands there"), "{message}");
    // An empty last rank: the rank rule.
    let (kind, _, message) =
        zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nf3 Nf6 5. Bc4 e6 6. O-O Be7 7. P@e1 *")
            .unwrap_err();
    assert_eq!(kind, ErrorKind::BadDrop);
    assert!(
        message.ends_with("a pawn cannot be dropped on the first or last rank"),
        "{message}"
    );
    // `@e6` and `P@e6` are the same drop; a drop blocks a check.
    assert!(zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. @e4 *").is_ok());
    assert!(zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. P@e4 *").is_ok());
    let (kind, _, _) = zh("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. P@a3 *").unwrap_err();
    assert_eq!(kind, ErrorKind::InCheck);
    // A drop from the other side's pocket: was a move left out?
    let d = check("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 P@e6 *\n")
        .remove(0)
        .unwrap_err();
    assert_eq!(d.kind, ErrorKind::EmptyPocket);
    assert_eq!(
        d.help,
        [Help::Note(
            "`P@e6` is a legal move for White: is a move of Black's missing before it?".into()
        )]
    );
}

#[test]
fn antichess_captures_are_compulsory() {
    let (kind, found, message) = one("[Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n").unwrap_err();
    assert_eq!(
        (kind, found.as_str()),
        (ErrorKind::CompulsoryCapture, "Nf3")
    );
    assert_eq!(
        message,
        "White cannot play `2. Nf3`: captures are compulsory in antichess: `exd5` captures"
    );
    // A pawn promotes to a king (and the new king may be captured).
    let promotion =
        "[Variant \"Antichess\"]\n[FEN \"8/P7/8/8/8/8/8/7k w - - 0 1\"]\n\n1. a8=K Kg1 *\n";
    assert_eq!(one(promotion), Ok("a8=K Kg1".to_string()));
}

#[test]
fn variant_ends_end_the_game() {
    // The king reaches the hill: `#`, and a move after it is game over.
    let hill = "[Variant \"King of the Hill\"]\n\n1. d3 d6 2. Kd2 Kd7 3. Kc3 Kc6 4. Kc4 Kb6 5. Kd4";
    assert!(one(&format!("{hill}# 1-0\n")).is_ok());
    let (kind, found, message) = one(&format!("{hill}# Ka5 1-0\n")).unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::GameOver, "Ka5"));
    assert!(
        message.contains("the white king reached the hill"),
        "{message}"
    );
    // `+` or nothing where the game was won: a mate marker is expected;
    // a wrong result is held against the end.
    let (kind, _, message) = one(&format!("{hill}+ 1-0\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::WrongMarker);
    assert_eq!(
        message,
        "`5. Kd4` is marked `+`, but it wins the game (the white king reached the hill (King of the Hill)), which is marked `#`"
    );
    let (kind, _, message) = one(&format!("{hill}# 0-1\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::WrongResult);
    assert!(message.contains("hill"), "{message}");
    // The third check.
    let three =
        "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5#";
    assert!(
        one(&format!("{three} 1-0\n")).is_ok(),
        "{:?}",
        one(&format!("{three} 1-0\n"))
    );
    let (kind, _, message) = one(&format!("{three} Kd7 1-0\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::GameOver);
    assert!(message.contains("White gave the third check"), "{message}");
    // `#` where the game goes on.
    let (kind, found, _) =
        one("[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7# *\n").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::WrongMarker, "#"));
    // A king explodes; the capturing piece explodes too.
    let atomic = "[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ne5 a6 3. Nxf7#";
    assert!(
        one(&format!("{atomic} 1-0\n")).is_ok(),
        "{:?}",
        one(&format!("{atomic} 1-0\n"))
    );
    let (kind, _, message) = one(&format!("{atomic} e6 1-0\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::GameOver);
    assert!(message.contains("the black king exploded"), "{message}");
    let (kind, found, message) =
        one("[Variant \"Atomic\"]\n\n1. Nf3 e6 2. Ng5 Qxg5 3. d4 Qxg2 *\n").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::NoSuchPiece, "Qxg2"));
    assert!(message.ends_with("Black has no queen left"), "{message}");
}

#[test]
fn the_shared_variant_files_verify_in_checks_of_their_own() {
    // The same games as `../shared/data`'s crazyhouse and antichess files
    // are checked by `.ci/run`; here a short game of each kind of end.
    let games = check(
        "[Variant \"Antichess\"]\n\n1. e3 e6 2. Qh5 Qh4 3. Qxh4 *\n\n[Variant \"Racing Kings\"]\n\n1. Kh3 Ka3 *\n",
    );
    assert!(games.iter().all(Result::is_ok), "{games:?}");
}

/// python-chess's games (`variants/make_fixture.py` wrote them with its
/// `chess.variant` module, an independent implementation of the rules):
/// each replays to python-chess's SAN, with its result and its final
/// position, and every move python-chess refuses is refused here, under
/// its own characters.
#[test]
fn python_chess_agrees_on_every_game() {
    let text = include_str!("variants/python-chess.pgn");
    let source = Source::text(text, None, None);
    let mut games = verify(&source, Options::default());
    let (mut checked, mut refused, mut ended) = (0, 0, 0);
    while let Some(syntax) = games.next_syntax() {
        let syntax = syntax.expect("python-chess's PGN reads");
        let tag = |name: &str| {
            chess_core::syntax::Tag::find(&syntax.tags, &source, name)
                .map(|t| t.value(&source).into_owned())
        };
        let variant = tag("Variant").expect("a variant");
        let game_text = source.slice(syntax.range);
        let sans: Vec<&str> = game_text
            .lines()
            .filter(|l| !l.starts_with('['))
            .flat_map(str::split_whitespace)
            .filter(|w| !w.ends_with('.') && !matches!(*w, "1-0" | "0-1" | "1/2-1/2" | "*"))
            .collect();
        let Ok(Checked::Variant(game)) = games.check_syntax(&syntax) else {
            panic!("{variant}: {:?}", games.check_syntax(&syntax).err());
        };
        assert_eq!(game.san(), sans.join(" "), "{variant}");
        assert_eq!(
            game.result.as_str(),
            tag("Result").unwrap(),
            "{variant}: {}",
            game.san()
        );
        ended += usize::from(game.end.is_some());
        let fen = shakmaty::fen::Fen::from_position(&game.last, shakmaty::EnPassantMode::Legal);
        // The halfmove clock after a pawn drop: shakmaty resets it (a
        // pawn moved), python-chess does not; the rest must agree.
        let comparable = |fen: &str| {
            let fen = pockets_sorted(fen);
            let mut fields: Vec<&str> = fen.split(' ').collect();
            if variant == "Crazyhouse" {
                let clock = fields.len() - 2;
                fields.remove(clock);
            }
            fields.join(" ")
        };
        assert_eq!(
            comparable(&fen.to_string()),
            comparable(&tag("FinalFEN").unwrap()),
            "{variant}: {}",
            game.san()
        );
        // python-chess's final position as a setup (pockets, promoted
        // marks, check counters), in its own form and in lichess's
        // (`/pocket`, checks given `+a+b` after the move number), reads to
        // the same position.
        let final_fen = tag("FinalFEN").unwrap();
        for form in [final_fen.clone(), lichess_form(&final_fen)] {
            let result = tag("Result").unwrap();
            let text = format!("[Variant \"{variant}\"]\n[FEN \"{form}\"]\n\n{result}\n");
            let source = Source::text(text.as_str(), None, None);
            let mut games = verify(&source, Options::default());
            let syntax = games.next_syntax().unwrap().expect(&form);
            let Ok(Checked::Variant(start)) = games.check_syntax(&syntax) else {
                panic!("{form}: {:?}", games.check_syntax(&syntax).err());
            };
            let fen =
                shakmaty::fen::Fen::from_position(&start.start, shakmaty::EnPassantMode::Legal);
            assert_eq!(
                pockets_sorted(&fen.to_string()),
                pockets_sorted(&final_fen),
                "{form}"
            );
        }
        for illegal in syntax
            .tags
            .iter()
            .filter(|t| t.name(&source) == "Illegal")
            .map(|t| t.value(&source).into_owned())
        {
            let (k, san) = illegal.split_once(' ').unwrap();
            let k: usize = k.parse().unwrap();
            let mut bad: Vec<String> = sans[..k].iter().map(|s| s.to_string()).collect();
            bad.push(san.to_string());
            let text = format!("[Variant \"{variant}\"]\n\n{}\n", movetext(&bad));
            let Err((_, found, message)) = one(&text) else {
                panic!("accepted {text}");
            };
            assert_eq!(found, san, "{message} in {text}");
            refused += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, 280);
    assert!(refused > 600, "{refused}");
    assert!(ended > 100, "{ended}");
}

/// `fen` with the pieces of its crazyhouse pockets (`[…]`) in one order
/// (python-chess and shakmaty list them in different orders).
fn pockets_sorted(fen: &str) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(a), Some(b)) if a < b => {
            let mut pocket: Vec<char> = fen[a + 1..b].chars().collect();
            pocket.sort_unstable();
            format!(
                "{}{}{}",
                &fen[..=a],
                pocket.into_iter().collect::<String>(),
                &fen[b..]
            )
        }
        _ => fen.to_string(),
    }
}

/// `fen` as lichess writes it: a crazyhouse pocket as a ninth rank
/// (`…/RNBQKBNR/Qp`), three-check's counters as the checks given, last
/// (`… 0 1 +0+0`).
fn lichess_form(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if let Some(open) = fields[0].find('[') {
        let pocket = fields[0][open + 1..fields[0].len() - 1].to_string();
        fields[0] = format!("{}/{pocket}", &fields[0][..open]);
    }
    if let Some(i) = fields
        .iter()
        .position(|f| f.len() == 3 && f.as_bytes()[1] == b'+')
    {
        let remaining = fields.remove(i);
        let given = |c: u8| 3 - u32::from(c - b'0');
        let b = remaining.as_bytes();
        fields.push(format!("+{}+{}", given(b[0]), given(b[2])));
    }
    fields.join(" ")
}

#[test]
fn pockets_and_counters_belong_to_their_variants() {
    let (kind, found, message) =
        one("[FEN \"4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1\"]\n\n1. Kd2 *\n").unwrap_err();
    assert_eq!(kind, ErrorKind::BadSetup);
    // Under the pockets themselves.
    assert_eq!(found, "[Qp]");
    assert_eq!(
        message,
        "pockets belong to Crazyhouse setups, and this game is Standard: write `[Variant \"Crazyhouse\"]` if it is one"
    );
    let (kind, found, message) =
        one("[Variant \"Atomic\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1\"]\n\n1. Kd2 *\n")
            .unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::BadSetup, "3+3"));
    assert!(
        message.starts_with("check counters belong to Three-check setups, and this game is Atomic"),
        "{message}"
    );
    // A drop from a set-up pocket; a queen the pocket does not have.
    let zh = "[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1\"]\n\n";
    assert_eq!(
        one(&format!("{zh}1. N@f6+ Kf7 2. Nd5 @e2 *\n")),
        Ok("N@f6+ Kf7 Nd5 @e2".to_string())
    );
    let (kind, _, message) = one(&format!("{zh}1. Q@d4 *\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::EmptyPocket);
    assert!(message.ends_with("(pocket: N)"), "{message}");
    // A pocket that names a king, a stray `~`, too many checks.
    let (kind, found, message) =
        one("[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[K] w - - 0 1\"]\n\n*\n")
            .unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::BadSetup, "K"));
    assert_eq!(message, "a king cannot be in a pocket");
    let (_, found, _) =
        one("[Variant \"Crazyhouse\"]\n[FEN \"4k3/8/8/8/8/8/8/~4K3 w - - 0 1\"]\n\n*\n")
            .unwrap_err();
    assert_eq!(found, "~4K3");
    let (_, found, message) =
        one("[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0\"]\n\n*\n")
            .unwrap_err();
    assert_eq!(found, "+4+0");
    assert!(message.contains("at most 3"), "{message}");
    // Checks remaining carry on: one check left for White, and it wins.
    let three =
        "[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8# 1-0\n";
    assert_eq!(one(three), Ok("Ra8#".to_string()));
}

#[test]
fn pockets_in_every_setup_form() {
    // A diagram and piece lists take `pocket …` before the side to move;
    // FEN has its own two forms.
    let drop = "1. N@f6+ Kf7 2. Nd5 @e2 *\n";
    let diagram = "[Variant \"Crazyhouse\"]\n\nboard\n\
        4k3\n8\n8\n8\n8\n8\n8\n4K3\npocket Np\nw - - 0 1\n";
    let lists = "[Variant \"Crazyhouse\"]\n\nwhite: Ke1 black: Ke8 pocket: Np w\n";
    let fen = "[Variant \"Crazyhouse\"]\n\nfen 4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1\n";
    for setup in [diagram, lists, fen] {
        assert_eq!(
            one(&format!("{setup}{drop}")),
            Ok("N@f6+ Kf7 Nd5 @e2".to_string()),
            "{setup}"
        );
    }
    // `pocket -`: none; a piece not there.
    let empty = "[Variant \"Crazyhouse\"]\n\nwhite: Ke1 a2 black: Ke8 h7 pocket - w\n";
    let (kind, _, message) = one(&format!("{empty}1. N@f3 *\n")).unwrap_err();
    assert_eq!(kind, ErrorKind::EmptyPocket);
    assert!(message.ends_with("(it is empty)"), "{message}");
    // A king in a pocket; pockets in standard chess; nothing after `pocket`.
    let (kind, found, _) =
        one("[Variant \"Crazyhouse\"]\n\nwhite: Ke1 black: Ke8 pocket Kp w\n*\n").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::BadSetup, "K"));
    let (kind, _, message) = one("white: Ke1 black: Ke8 pocket Np w\n*\n").unwrap_err();
    assert_eq!(kind, ErrorKind::BadSetup);
    assert!(message.contains("Crazyhouse"), "{message}");
    let (kind, found, _) =
        one("[Variant \"Crazyhouse\"]\n\nwhite: Ke1 black: Ke8 pocket").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::BadSetup, "pocket"));
}

#[test]
fn atomic_and_racing_kings_say_what_their_rules_forbid() {
    let atomic = |fen: &str, moves: &str| {
        one(&format!(
            "[Variant \"Atomic\"]\n[FEN \"{fen}\"]\n\n{moves}\n"
        ))
    };
    let (kind, found, message) =
        atomic("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "1. Kxd2 *").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::AtomicCapture, "Kxd2"));
    assert_eq!(
        message,
        "White cannot play `1. Kxd2`: in atomic a king cannot capture: `Kxd2` would explode the white king itself"
    );
    let (kind, _, message) = atomic("4k3/8/8/8/8/8/R2n4/4K3 w - - 0 1", "1. Rxd2 *").unwrap_err();
    assert_eq!(kind, ErrorKind::AtomicCapture);
    assert!(
        message.ends_with("the explosion on d2 would take the white king on e1 with it"),
        "{message}"
    );
    // Far from the king the same capture is legal: both pieces explode,
    // and two bare kings are a dead position.
    assert!(atomic("4k3/8/8/8/8/8/R6n/4K3 w - - 0 1", "1. Rxh2 1/2-1/2").is_ok());
    let racing = |moves: &str| {
        one(&format!(
            "[Variant \"Racing Kings\"]\n[FEN \"8/8/8/8/8/k7/8/1R5K w - - 0 1\"]\n\n{moves}\n"
        ))
    };
    let (kind, found, message) = racing("1. Ra1 *").unwrap_err();
    assert_eq!((kind, found.as_str()), (ErrorKind::RacingCheck, "Ra1"));
    assert!(
        message.ends_with("Racing Kings forbids giving check, and `Ra1+` checks the black king"),
        "{message}"
    );
    assert!(racing("1. Rb2 *").is_ok());
}

#[test]
fn chess960_starts_combine_with_the_variants() {
    // A Chess960 start under a variant's tag: its castling rights name the
    // rooks' files (Shredder-FEN), and castling follows Chess960's rules
    // (the king on f1 and the rook on g1 swap, nothing between them).
    let frc = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    for (name, moves, san) in [
        ("Crazyhouse", "1. O-O O-O 2. e3 *", "O-O O-O e3"),
        ("King of the Hill", "1. O-O O-O 2. e3 *", "O-O O-O e3"),
        ("Three-check", "1. O-O O-O 2. e3 *", "O-O O-O e3"),
        ("Atomic", "1. O-O O-O 2. e3 *", "O-O O-O e3"),
    ] {
        let text = format!("[Variant \"{name}\"]\n[FEN \"{frc}\"]\n\n{moves}\n");
        assert_eq!(one(&text), Ok(san.to_string()), "{name}");
    }
    // Antichess has no castling.
    let text = format!("[Variant \"Antichess\"]\n[FEN \"{frc}\"]\n\n1. O-O *\n");
    assert!(one(&text).is_err());
}

/// The first game of `text`, which must fail: its diagnostic, and its
/// help as text.
fn first_error(text: &str) -> (Diagnostic, String) {
    let d = check(text)
        .into_iter()
        .next()
        .expect("a game")
        .expect_err("illegal");
    let help = format!("{:?}", d.help);
    (d, help)
}

/// The first game of `text` is legal.
fn assert_first_ok(text: &str) {
    let games = check(text);
    assert!(games[0].is_ok(), "{:?}", games[0].as_ref().err());
}

#[test]
fn horde_setups_say_what_horde_allows() {
    // A black pawn on the first rank: never, in Horde either.
    let (d, help) =
        first_error("[Variant \"Horde\"]\n[FEN \"4k3/8/8/8/8/8/8/PPPPPPPp w - - 0 1\"]\n\n*\n");
    assert_eq!(d.kind, ErrorKind::IllegalPosition);
    assert!(
        d.message
            .starts_with("the black pawn on h1 stands on the first rank"),
        "{}",
        d.message
    );
    assert!(
        help.contains("in Horde only White's pawns may stand on the first rank"),
        "{help}"
    );
    // A white pawn there in standard chess: Horde is named.
    let (d, help) = first_error("[FEN \"4k3/8/8/8/8/8/8/P3K3 w - - 0 1\"]\n\n*\n");
    assert!(
        d.message
            .starts_with("the white pawn on a1 stands on the first rank"),
        "{}",
        d.message
    );
    assert!(help.contains("[Variant \\\"Horde\\\"]"), "{help}");
    // White has no king in Horde; Black needs one.
    let (d, _) = first_error("[Variant \"Horde\"]\n[FEN \"8/8/8/8/8/8/8/PPPP4 w - - 0 1\"]\n\n*\n");
    assert_eq!(d.message, "Black has no king");
    // Antichess needs no king at all.
    assert_first_ok(
        "[Variant \"Antichess\"]\n[FEN \"8/8/8/8/8/p7/1P6/8 w - - 0 1\"]\n\n1. bxa3# 0-1\n",
    );
}

#[test]
fn atomic_kings_that_touch_are_explained() {
    // White's king on b1 touches Black's on c2: the rook's file does not
    // matter while they touch; stepping away into it does.
    let text = "[Variant \"Atomic\"]\n[FEN \"r7/7p/8/8/8/8/2k4P/1K4N1 w - - 0 1\"]\n\n";
    assert_first_ok(&format!("{text}1. Kc1 *\n"));
    let (d, help) = first_error(&format!("{text}1. Ka2 *\n"));
    assert_eq!(d.kind, ErrorKind::IntoCheck);
    assert!(
        d.message
            .contains("the king would be in check on a2 from the black rook on a8"),
        "{}",
        d.message
    );
    assert!(
        help.contains("while they touch neither is in check"),
        "{help}"
    );
    // In standard chess the note is not given.
    let (_, help) = first_error("[FEN \"r7/8/8/8/8/8/3k4/1K6 w - - 0 1\"]\n\n1. Ka2 *\n");
    assert!(!help.contains("touch"), "{help}");
}

/// The only game of `text` read with `variant` for games without a tag
/// (the macros' `#![variant(..)]`): its SAN, or the error's characters
/// and message.
fn one_under(text: &str, variant: &str) -> Result<String, (String, String)> {
    let source = Source::text(text, None, None);
    let options = Options {
        variant: Some(chess_format::Named::from_name(variant).expect("a variant")),
        ..Options::default()
    };
    let mut games = verify(&source, options);
    let syntax = games.next_syntax().expect("a game");
    syntax
        .and_then(|g| games.check_syntax(&g))
        .map(|g| g.san())
        .map_err(|d| (source.slice(d.range).to_string(), d.message))
}

#[test]
fn a_variant_given_by_option_rules_games_without_a_tag() {
    // Untagged: the option's rules, drops included.
    let drop = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e6 *";
    assert_eq!(
        one_under(drop, "crazyhouse"),
        Ok("e4 d5 exd5 Qxd5 Nc3 Qa5 @e6".to_string())
    );
    // A tag names the game's own rules, and the option gives way.
    let tagged = format!("[Variant \"Standard\"]\n\n{drop}");
    let (at, message) = one_under(&tagged, "crazyhouse").expect_err("no drops in chess");
    assert_eq!(at, "P@e6");
    assert!(message.contains("crazyhouse"), "{message}");
    let tagged = format!("[Variant \"Atomic\"]\n\n{drop}");
    let (at, _) = one_under(&tagged, "crazyhouse").expect_err("no drops in atomic");
    assert_eq!(at, "P@e6");
}
