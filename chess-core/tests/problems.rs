//! Chess problems proven (`chess_core::puzzle::check_problem`): published
//! problems (`tests/puzzles/problems.pgn` of the facade, each citing its
//! source) are sound; every single-move corruption of their solutions is
//! rejected exactly when the naive search says the corrupted claim is
//! false; random mates in 1 and 2 found by brute force are accepted with
//! their key and rejected with another.

use chess_core::puzzle::{CheckedProblem, PuzzleOptions, check_problem};
use chess_core::search::Search;
use chess_core::syntax::{GameSyntax, Parser};
use chess_core::testing::{
    Rng, naive_keys, naive_mates, naive_self_keys, naive_selfmates, random_endgame,
};
use chess_core::{Diagnostic, ErrorKind, Source};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

fn published_text() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/puzzles/problems.pgn");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Each published problem: its tag's value, its FEN, its stipulation and
/// the main line's moves as SAN.
struct Published {
    source: String,
    fen: String,
    stipulation: String,
    main: Vec<String>,
}

fn published() -> Vec<Published> {
    let text = published_text();
    let source = Source::text(&text, None, None);
    Parser::new(&source)
        .map(|game| {
            let game = game.expect("problems.pgn reads");
            let tag = |name: &str| {
                chess_core::syntax::Tag::find(&game.tags, &source, name)
                    .map(|t| t.value(&source).into_owned())
                    .unwrap_or_default()
            };
            let main = game.lines[0]
                .plies
                .iter()
                .map(|&p| source.slice(game.plies[p as usize].range).to_string())
                .collect();
            Published {
                source: tag("Source"),
                fen: tag("FEN"),
                stipulation: tag("Stipulation"),
                main,
            }
        })
        .collect()
}

fn check(text: &str, budget: u64) -> Result<CheckedProblem, Diagnostic> {
    let source = Source::text(text, None, None);
    let game: GameSyntax = Parser::new(&source)
        .next()
        .expect("one game")
        .map_err(|d| panic!("{text}: {}", d.message))
        .unwrap();
    check_problem(
        &game,
        &source,
        PuzzleOptions {
            budget,
            ..PuzzleOptions::default()
        },
    )
}

fn problem(fen: &str, stipulation: &str, moves: &str) -> String {
    format!("[FEN \"{fen}\"]\n[Stipulation \"{stipulation}\"]\n\n{moves}\n")
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

/// `moves` as numbered SAN from `pos`.
fn movetext(pos: &Chess, moves: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let san = SanPlus::from_move(pos.clone(), m).to_string();
        out.push(match (pos.turn(), i) {
            (Color::White, _) => format!("{}. {san}", pos.fullmoves()),
            (Color::Black, 0) => format!("{}... {san}", pos.fullmoves()),
            (Color::Black, _) => san,
        });
        pos.play_unchecked(m);
    }
    out.join(" ")
}

fn main_line(p: &Published) -> (Chess, Vec<Move>) {
    let start = position(&p.fen);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for san in &p.main {
        let m = san
            .trim_end_matches(['!', '?'])
            .parse::<shakmaty::san::San>()
            .expect("SAN")
            .to_move(&pos)
            .expect("legal");
        moves.push(m);
        pos.play_unchecked(m);
    }
    (start, moves)
}

#[test]
fn every_published_problem_is_sound() {
    let text = published_text();
    let source = Source::text(&text, Some("problems.pgn".into()), None);
    let mut kinds = Vec::new();
    for game in Parser::new(&source) {
        let game = game.expect("reads");
        let checked = check_problem(&game, &source, PuzzleOptions::default())
            .unwrap_or_else(|d| panic!("{}: {}", source.slice(game.range), d.message));
        kinds.push(checked.stipulation.to_string());
    }
    assert_eq!(kinds, ["#2", "#2", "s#2", "s#2", "s#3", "h#2", "h#2"]);
}

#[test]
fn published_keys_are_the_only_keys_and_helpmates_have_their_counts() {
    for p in published() {
        let (start, moves) = main_line(&p);
        let n: u32 = p
            .stipulation
            .trim_start_matches(['h', 's', '#'])
            .parse()
            .unwrap();
        let mut search = Search::new(u64::MAX);
        match &p.stipulation[..1] {
            "#" => {
                assert_eq!(search.keys(&start, n).unwrap(), [moves[0]], "{}", p.source);
                assert_eq!(naive_keys(&start, n, &mut 0), [moves[0]], "{}", p.source);
                assert!(!naive_mates(&start, n - 1, &mut 0), "{}", p.source);
            }
            "s" => {
                let keys = search
                    .keys_for(&start, chess_core::search::Goal::SelfMate, n)
                    .unwrap();
                assert_eq!(keys, [moves[0]], "{}", p.source);
                if n < 3 {
                    assert_eq!(
                        naive_self_keys(&start, n, &mut 0),
                        [moves[0]],
                        "{}",
                        p.source
                    );
                }
                assert!(!naive_selfmates(&start, n - 1, &mut 0), "{}", p.source);
            }
            _ => {
                // Both helpmates are published with two solutions.
                let solutions = search.helpmates(&start, n).unwrap();
                assert_eq!(solutions.len(), 2, "{}", p.source);
                assert!(solutions.contains(&moves), "{}", p.source);
                let naive = chess_core::testing::naive_helpmates(&start, n, &mut 0);
                assert_eq!(naive.len(), 2, "{}", p.source);
            }
        }
    }
}

/// Whether `m` from `before` keeps the goal in `left` moves, by the naive
/// search.
fn naive_works(selfmate: bool, before: &Chess, m: Move, left: u32) -> bool {
    let keys = if selfmate {
        naive_self_keys(before, left, &mut 0)
    } else {
        naive_keys(before, left, &mut 0)
    };
    keys.contains(&m)
}

#[test]
fn every_single_move_corruption_of_a_published_solution_is_judged_as_the_naive_search_judges_it() {
    let (mut rejected, mut accepted) = (0, 0);
    for p in published() {
        if p.stipulation == "s#3" {
            // The naive selfmate search takes minutes here.
            continue;
        }
        let (start, moves) = main_line(&p);
        let kind = &p.stipulation[..1];
        let n: u32 = p
            .stipulation
            .trim_start_matches(['h', 's', '#'])
            .parse()
            .unwrap();
        let mut pos = start.clone();
        for k in 0..moves.len() {
            // A helpmate is searched whole for every corruption: a sample of
            // 6 per ply keeps the test short.
            let others: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| m != moves[k])
                .collect();
            let step = if kind == "h" {
                others.len().div_ceil(6).max(1)
            } else {
                1
            };
            for &other in others.iter().step_by(step) {
                // The main line up to ply k, `other` there, then the rest of
                // the written line as long as it stays legal.
                let mut line = moves[..k].to_vec();
                line.push(other);
                let mut after = pos.clone();
                after.play_unchecked(other);
                for &rest in &moves[k + 1..] {
                    if !after.is_legal(rest) {
                        break;
                    }
                    line.push(rest);
                    after.play_unchecked(rest);
                }
                let text = problem(&p.fen, &p.stipulation, &movetext(&start, &line));
                let result = check(&text, 50_000_000);
                // What the naive search says of the corrupted claim.
                let sound = match kind {
                    // Any change to a helpmate's only written line loses a
                    // solution.
                    "h" => false,
                    _ => {
                        let selfmate = kind == "s";
                        let mut q = start.clone();
                        let mut good = true;
                        for (i, &m) in line.iter().enumerate() {
                            if i % 2 == 0 {
                                good &= naive_works(selfmate, &q, m, n - i as u32 / 2);
                            }
                            q.play_unchecked(m);
                        }
                        // A first move other than the key is never sound.
                        good && (k > 0)
                    }
                };
                match (&result, sound) {
                    (Ok(_), true) => accepted += 1,
                    (Err(d), false) => {
                        rejected += 1;
                        // The error says why, with the line that proves it.
                        if d.kind == ErrorKind::NotMate && k % 2 == 0 && kind != "h" {
                            let source = Source::text(&text, None, None);
                            let at = source.slice(d.range);
                            assert!(
                                d.message.contains("escapes")
                                    || d.message.contains("stalemates")
                                    || d.message.contains("not mate")
                                    || d.message.contains("mates at once")
                                    || d.message.contains("mates Black")
                                    || d.message.contains("mates White"),
                                "{text}\n{}",
                                d.message
                            );
                            assert!(!at.is_empty(), "{text}");
                        }
                    }
                    (Ok(_), false) => panic!("accepted, but unsound:\n{text}"),
                    (Err(d), true) => panic!("rejected, but sound:\n{text}\n{}", d.message),
                }
            }
            pos.play_unchecked(moves[k]);
        }
    }
    assert!(
        rejected > 200 && accepted > 0,
        "{rejected} rejected, {accepted} accepted"
    );
}

#[test]
fn a_helpmate_too_long_for_the_budget_says_so() {
    // Zdravko Maslar, Die Schwalbe 1981: helpmate in 8 (Wikipedia,
    // Helpmate). Far beyond a small budget: an error, not a hang.
    let text = problem(
        "8/8/N7/8/8/6q1/3K2k1/3b4 b - - 0 1",
        "h#8",
        "1... Kf3 2. Kd3 Bb3 3. Kc3 Ke4+ 4. Kd2 Kd4 5. Ke2 Kc3 6. Nb4 Kb2 7. Kd2 Ka1 8. Kc1 Ba2 9. Nc2#",
    );
    let d = check(&text, 100_000).unwrap_err();
    assert_eq!(d.kind, ErrorKind::SearchBudget, "{}", d.message);
    assert!(d.message.contains("every solution"), "{}", d.message);
}

#[test]
fn random_mates_are_accepted_with_their_key_and_rejected_with_another() {
    let mut rng = Rng::new(2026);
    // [sound, another key rejected, cooked, shorter]
    let mut seen = [0usize; 4];
    let mut tried = 0;
    while seen[0] < 40 || seen[2] < 5 {
        tried += 1;
        assert!(tried < 20_000, "{seen:?}");
        let Some(pos) = random_endgame(&mut rng, Color::White) else {
            continue;
        };
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        for n in 1..=2u32 {
            let keys = naive_keys(&pos, n, &mut 0);
            if keys.is_empty() {
                continue;
            }
            let stipulation = format!("#{n}");
            let claim = problem(&fen, &stipulation, &movetext(&pos, &keys[..1]));
            let result = check(&claim, u64::MAX);
            if n > 1 && naive_mates(&pos, n - 1, &mut 0) {
                assert_eq!(
                    result.unwrap_err().kind,
                    ErrorKind::ShortSolution,
                    "{claim}"
                );
                seen[3] += 1;
                continue;
            }
            if keys.len() > 1 {
                let d = result.unwrap_err();
                assert_eq!(d.kind, ErrorKind::SecondSolution, "{claim}");
                assert!(
                    d.help
                        .iter()
                        .any(|h| format!("{h:?}").contains("the proof")),
                    "{claim}"
                );
                seen[2] += 1;
                continue;
            }
            assert!(result.is_ok(), "{claim}: {}", result.unwrap_err().message);
            seen[0] += 1;
            let other = pos
                .legal_moves()
                .into_iter()
                .find(|m| *m != keys[0])
                .expect("another move");
            let wrong = problem(&fen, &stipulation, &movetext(&pos, &[other]));
            let d = check(&wrong, u64::MAX).unwrap_err();
            assert_eq!(d.kind, ErrorKind::NotMate, "{wrong}");
            seen[1] += 1;
        }
    }
    assert!(seen[1] == seen[0] && seen[3] > 0, "{seen:?}");
}

#[test]
fn threats_are_what_the_mating_side_plays_after_a_pass() {
    let denkovski = "4K3/B6Q/1R5N/p3p1n1/rP3p2/5k2/2R2P2/1N2nB2 w - - 0 1";
    let with = |comment: &str| {
        problem(
            denkovski,
            "#2",
            &format!("1. Rg6! {{{comment}}} 1... Ke4 (1... Ne4 2. Be2#) 2. Qb7#"),
        )
    };
    // As the Andante solver prints it: 1.Rb6-g6! (2.Sb1-d2#).
    for written in ["threat: 2. Nd2#", "Threat 2.Nd2#", "threat: Nd2"] {
        assert!(check(&with(written), u64::MAX).is_ok(), "{written}");
    }
    // Not a threat: the move does not mate after a pass, or is not legal.
    for (written, at, says) in [
        ("threat: 2. Qb7+", "Qb7+", "does not force mate in 1"),
        ("threat: 2. Nf3", "Nf3", "no legal move"),
        ("threat: 2. Nd9", "Nd9", "no legal move"),
    ] {
        let text = with(written);
        let d = check(&text, u64::MAX).unwrap_err();
        let source = Source::text(text.as_str(), None, None);
        assert_eq!(d.kind, ErrorKind::NotThreat, "{written}: {}", d.message);
        assert_eq!(source.slice(d.range), at, "{written}");
        assert!(d.message.contains(says), "{written}: {}", d.message);
    }
    // A comment that is not a threat is only a comment.
    assert!(check(&with("threatening nothing"), u64::MAX).is_ok());
    // After a defence, or after a checking key, there is no threat.
    let text = problem(denkovski, "#2", "1. Rg6! Ke4 {threat: 2. Qb7#} 2. Qb7#");
    assert_eq!(
        check(&text, u64::MAX).unwrap_err().kind,
        ErrorKind::NotThreat
    );
    let argunow = "2N2bBR/4P1k1/7p/2N2p1P/3p1P2/1PpP4/2Kp4/1n1R4 w - - 0 1";
    let text = problem(
        argunow,
        "s#2",
        "1. Ne6+! {threat: 2. exf8=R} Kxh8 2. exf8=R Na3#",
    );
    let d = check(&text, u64::MAX).unwrap_err();
    assert!(d.message.contains("gives check"), "{}", d.message);
}
