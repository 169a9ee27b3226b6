//! Lose nothing: a verified game keeps its variations, comments and NAGs,
//! reachable as a tree ([`Node`]), and `pgn()` writes them back. The
//! round trip (read, emit, write, read again) keeps every one, on
//! annotated games written here, on the dialect corpus in the repository,
//! and (ignored unless the data is there) on every game of
//! `../shared/data`.

mod common;

use std::path::{Path, PathBuf};

use chess_core::{Options, Source, VerifiedGame, emit, verify};
use verified_chess::{Game, Node, game};

/// The runtime game the macros would emit for `verified`, with its notes.
fn annotated(verified: &VerifiedGame, source: &Source) -> (Game, String) {
    let notes = emit::notes(verified, source);
    let tags: Vec<(String, String)> = verified
        .tags
        .iter()
        .map(|t| (t.name(source).to_string(), t.value(source).into_owned()))
        .collect();
    let data = emit::game_data(verified, &notes, tags.iter().map(|(n, v)| (n, v)));
    (
        Game {
            __data: Box::leak(data.into_boxed_str()),
        },
        notes,
    )
}

/// The first game of `text`, verified and made a runtime `Game` with its
/// notes.
fn first_game(text: &str) -> (Game, String) {
    let source = Source::text(text, None, None);
    let verified = verify(&source, Options::default()).next().unwrap().unwrap();
    annotated(&verified, &source)
}

/// The SAN of each node's move.
fn sans(nodes: impl Iterator<Item = Node>) -> Vec<String> {
    nodes.map(|n| n.ply().unwrap().san.to_string()).collect()
}

/// Every node of the tree, depth first, main continuation first.
fn all_nodes(root: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        out.push(node);
        let children: Vec<Node> = node.children().collect();
        stack.extend(children.into_iter().rev());
    }
    out
}

/// Reads `text`, and for every legal game checks the round trip through
/// `pgn()`: the same moves, tags, and annotation text (every comment,
/// NAG and variation, in the same places). Returns how many games and
/// how many annotated ones were checked.
fn round_trip(name: &str, text: &str) -> (usize, usize, usize) {
    let source = Source::text(text, Some(name.to_string()), None);
    let (mut games, mut with_notes, mut nodes) = (0, 0, 0);
    // Records that go on after a draw the rules impose are games too.
    let options = Options {
        moves_after_draw: true,
        ..Options::default()
    };
    for verified in verify(&source, options).filter_map(Result::ok) {
        let (game, notes) = annotated(&verified, &source);
        let pgn = game.pgn().to_string();
        let again_source = Source::text(pgn.as_str(), None, None);
        let again = verify(&again_source, options)
            .next()
            .expect("a game")
            .unwrap_or_else(|d| panic!("{name}: {}\n{pgn}", d.message));
        let (back, notes_back) = annotated(&again, &again_source);
        assert_eq!(
            back.sans().collect::<Vec<_>>(),
            game.sans().collect::<Vec<_>>(),
            "{name}"
        );
        assert_eq!(notes_back, notes, "{name}:\n{pgn}");
        assert_eq!(back.result(), game.result(), "{name}");
        for (tag, value) in game.tags() {
            if !matches!(tag, "Result" | "SetUp" | "FEN" | "Variant") {
                assert_eq!(back.tag(tag), Some(value), "{name}: {tag}");
            }
        }
        // The tree agrees with itself: each child's parent is the node,
        // each position follows from its parent's by the move.
        let tree = all_nodes(game.root());
        for node in &tree {
            for child in node.children() {
                assert_eq!(child.parent(), Some(*node), "{name}");
                let ply = child.ply().expect("a move");
                assert_eq!(child.position(), node.position().after(&ply.mv));
            }
        }
        assert_eq!(
            tree.iter().filter(|n| n.is_main_line()).count(),
            game.len() + 1
        );
        // Every move of every variation is in the tree.
        let variation_plies = chess_format::Notes::new(&notes)
            .filter(|n| matches!(n, chess_format::Note::Ply(_)))
            .count();
        assert_eq!(
            tree.len(),
            game.len() + 1 + variation_plies,
            "{name}:\n{pgn}"
        );
        games += 1;
        with_notes += usize::from(!notes.is_empty());
        nodes += tree.len();
    }
    (games, with_notes, nodes)
}

/// `(1. c4)` written inside `(1. d4 …)` right after its first move
/// replaces `1. d4`: both are alternatives to `1. e4`.
#[test]
fn a_variation_of_a_first_move_is_a_sibling() {
    let text = "1. e4 (1. d4 (1. c4 c5 (1... e5)) 1... d5) 1... e5 *";
    let (game, _) = first_game(text);
    let root = game.root();
    assert_eq!(sans(root.children()), ["e4", "d4", "c4"]);
    let c4 = root.children().nth(2).unwrap();
    assert_eq!(c4.parent(), Some(root));
    assert_eq!(sans(c4.children()), ["c5", "e5"]);
    assert_eq!(round_trip("siblings", text), (1, 1, 8));
}

const STUDY: &str = r#"[Event "Study"]
[White "A"]
[Black "B"]

{The Italian, annotated.} 1. e4 $1 {[%clk 0:05:00] best by test} (1. d4 {solid}
d5 (1... Nf6 2. c4 $5 (2. Nf3 g6)) 2. c4) (; a line comment } with a brace
1. c4) 1... e5 2. Nf3 Nc6 3. Bc4 !? ± {The Italian} (3. Bb5 a6 (3... Nf6 4. O-O)
4. Ba4) 3... Bc5 $14 4. c3 {Giuoco piano} *
"#;

#[test]
fn a_study_keeps_every_comment_nag_and_variation() {
    let (game, notes) = first_game(STUDY);
    assert!(game.is_annotated());
    assert!(!notes.is_empty());
    let root = game.root();
    assert_eq!(
        root.comments().map(|c| c.text()).collect::<Vec<_>>(),
        ["The Italian, annotated."]
    );
    let e4 = root.next().unwrap();
    assert_eq!(e4.nags().collect::<Vec<_>>(), [1]);
    let comment = e4.comments().next().unwrap();
    assert_eq!(comment.text(), "[%clk 0:05:00] best by test");
    assert_eq!(comment.commands().next().unwrap().value(), "0:05:00");
    // The root's children: e4, then the alternatives d4 and c4.
    assert_eq!(sans(root.children()), ["e4", "d4", "c4"]);
    let c4 = root.variations().nth(1).unwrap();
    assert_eq!(
        c4.starting_comments().map(|c| c.text()).collect::<Vec<_>>(),
        [" a line comment } with a brace"]
    );
    // 1. d4 d5 (1... Nf6 2. c4 (2. Nf3 g6)) 2. c4
    let d4 = root.variations().next().unwrap();
    assert_eq!(d4.comments().next().unwrap().text(), "solid");
    assert_eq!(sans(d4.mainline()), ["d5", "c4"]);
    let nf6 = d4.variations().next().unwrap();
    assert_eq!(nf6.ply().unwrap().san.as_str(), "Nf6");
    assert_eq!(
        (nf6.ply().unwrap().index, nf6.ply().unwrap().number),
        (1, 1)
    );
    let c4_after_nf6 = nf6.next().unwrap();
    assert_eq!(c4_after_nf6.nags().collect::<Vec<_>>(), [5]);
    let nf3 = nf6.variations().next().unwrap();
    assert_eq!(nf3.ply().unwrap().san.as_str(), "Nf3");
    assert_eq!(nf3.next().unwrap().ply().unwrap().san.as_str(), "g6");
    assert_eq!(nf3.parent(), Some(nf6));
    assert_eq!(nf6.parent(), Some(d4));
    assert_eq!(d4.parent(), Some(root));
    // `!?` and `±` after 3. Bc4 are NAGs 5 and 16; `$14` after 3... Bc5.
    let bc4 = root.mainline().nth(4).unwrap();
    assert_eq!(bc4.ply().unwrap().san.as_str(), "Bc4");
    assert_eq!(bc4.nags().collect::<Vec<_>>(), [5, 16]);
    assert_eq!(bc4.comments().next().unwrap().text(), "The Italian");
    let bc5 = bc4.next().unwrap();
    assert_eq!(bc5.nags().collect::<Vec<_>>(), [14]);
    assert_eq!(
        all_nodes(root).len(),
        1 + 7 + 3 + 2 + 2 + 1 + 3 + 2,
        "every move of every line"
    );

    // Written back as PGN: every comment, NAG and variation, in order.
    let pgn = game.pgn().to_string();
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        "{The Italian, annotated.} 1. e4 $1 {[%clk 0:05:00] best by test} (1. d4 {solid}\n\
         1... d5 (1... Nf6 2. c4 $5 (2. Nf3 g6)) 2. c4) (; a line comment } with a brace\n\
         1. c4) 1... e5 2. Nf3 Nc6 3. Bc4 $5 $16 {The Italian} (3. Bb5 a6 (3... Nf6\n\
         4. O-O) 4. Ba4) 3... Bc5 $14 4. c3 {Giuoco piano} *\n"
    );
    assert_eq!(round_trip("study", STUDY), (1, 1, 21));
}

#[test]
fn games_without_annotations_are_unchanged() {
    let source = Source::text("1. e4 e5 2. Nf3 *", None, None);
    let verified = verify(&source, Options::default()).next().unwrap().unwrap();
    assert!(verified.annotations.is_none());
    assert_eq!(emit::notes(&verified, &source), "");
    let plain = common::runtime_game(&verified, &[]);
    assert!(!plain.is_annotated());
    assert_eq!(plain.root().children().count(), 1);
    assert_eq!(plain.root().mainline().count(), 3);
    assert_eq!(plain.root().comments().count(), 0);
    let expanded = chess_core::expand::game(
        "::verified_chess; 1. e4 e5 2. Nf3"
            .parse::<proc_macro2::TokenStream>()
            .unwrap(),
    )
    .to_string();
    // Header, start, three plies: no annotation section.
    assert!(
        expanded.contains("__data : \"0003,,SMcFAA0kFAAGVIAA\" }"),
        "{expanded}"
    );
}

/// The macros keep them too, in every form.
#[test]
fn macros_keep_annotations() {
    const TOKENS: Game = game! { 1. e4 { "king's pawn" } (1. d4 $1) e5 !? { "a } brace" } };
    assert_eq!(
        TOKENS.pgn().to_string().split("\n\n").nth(1).unwrap(),
        "1. e4 {king's pawn} (1. d4 $1) 1... e5 $5 *\n"
    );
    const G: Game = game!(r#"1. e4 {king's pawn} (1. d4 $1) e5 *"#);
    assert_eq!(G.root().children().count(), 2);
    assert_eq!(
        G.pgn().to_string().split("\n\n").nth(1).unwrap(),
        "1. e4 {king's pawn} (1. d4 $1) 1... e5 *\n"
    );
}

/// `#![annotations(drop)]` keeps only the main line (variations are
/// still verified): the data is what an unannotated game's is.
#[test]
fn annotations_can_be_dropped() {
    const KEPT: Game = game!(r#"1. e4 {best} (1. d4 $1) e5 *"#);
    const DROPPED: Game = game!(#![annotations(drop)] r#"1. e4 {best} (1. d4 $1) e5 *"#);
    const PLAIN: Game = game!(r#"1. e4 e5 *"#);
    assert!(KEPT.is_annotated());
    assert!(!DROPPED.is_annotated());
    assert_eq!(DROPPED, PLAIN);
    const ALL: &[Game] =
        verified_chess::games!(#![annotations(drop)] "1. e4 {x} *\n1. d4 (1. c4) *");
    assert!(ALL.iter().all(|g| !g.is_annotated()));
    let expanded = chess_core::expand::games(
        r#"::verified_chess; #![annotations(drop)] "1. e4 (1. Nf3 e5 2. Bb5) *""#
            .parse::<proc_macro2::TokenStream>()
            .unwrap(),
    )
    .to_string();
    assert!(
        expanded.contains("compile_error"),
        "variations are still verified: {expanded}"
    );
}

#[test]
fn the_dialect_corpus_round_trips() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("chess-verify/tests/dialects");
    let mut totals = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pgn") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (games, annotated, _) = round_trip(&path.display().to_string(), &text);
            totals.0 += games;
            totals.1 += annotated;
        }
    }
    assert!(totals.0 >= 12 && totals.1 >= 5, "{totals:?}");
}

/// Comments as python-chess keeps them: joined by a space, whitespace
/// collapsed.
fn squash<'a>(comments: impl Iterator<Item = verified_chess::Comment<'a>>) -> String {
    let joined: Vec<&str> = comments.map(|c| c.text()).collect();
    joined
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A node's move in the oracle's canonical form: starting comments in
/// `<…>`, the SAN, NAGs sorted and each once, comments in `{…}`.
fn move_tokens(node: Node, out: &mut Vec<String>) {
    let starting = squash(node.starting_comments());
    if !starting.is_empty() {
        out.push(format!("<{starting}>"));
    }
    out.push(node.ply().expect("a move").san.to_string());
    let mut nags: Vec<u8> = node.nags().collect();
    nags.sort_unstable();
    nags.dedup();
    out.extend(nags.iter().map(|n| format!("${n}")));
    let comment = squash(node.comments());
    if !comment.is_empty() {
        out.push(format!("{{{comment}}}"));
    }
}

fn line(mut node: Node, out: &mut Vec<String>) {
    loop {
        let children: Vec<Node> = node.children().collect();
        let Some(&main) = children.first() else {
            return;
        };
        move_tokens(main, out);
        for &alternative in &children[1..] {
            out.push("(".into());
            move_tokens(alternative, out);
            line(alternative, out);
            out.push(")".into());
        }
        node = main;
    }
}

/// A game's tree in the form `chess-verify/tests/dialects/oracle.py`
/// writes python-chess's.
fn canonical(game: &Game) -> String {
    let mut out = Vec::new();
    let comment = squash(game.root().comments());
    if !comment.is_empty() {
        out.push(format!("{{{comment}}}"));
    }
    line(game.root(), &mut out);
    out.join(" ")
}

/// Every game of the dialect corpus has the tree python-chess reads from
/// it: the same variations, comments (with their commands) and NAGs.
#[test]
fn trees_match_python_chess() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("chess-verify/tests/dialects");
    let oracle = std::fs::read_to_string(dir.join("oracle-tree.txt")).unwrap();
    let mut checked = 0;
    let mut with_variations = 0;
    for row in oracle.lines() {
        let mut fields = row.splitn(3, '\t');
        let (file, index, tree) = (
            fields.next().unwrap(),
            fields.next().unwrap().parse::<usize>().unwrap(),
            fields.next().unwrap(),
        );
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let source = Source::text(text.as_str(), Some(file.to_string()), None);
        let verified = verify(&source, Options::default())
            .skipping_text(false)
            .nth(index - 1)
            .unwrap_or_else(|| panic!("{file} {index}"))
            .unwrap_or_else(|d| panic!("{file} {index}: {}", d.message));
        let (game, _) = annotated(&verified, &source);
        assert_eq!(canonical(&game), tree, "{file} game {index}");
        checked += 1;
        with_variations += usize::from(tree.contains(" ( "));
    }
    assert!(
        checked >= 18 && with_variations >= 4,
        "{checked} {with_variations}"
    );
}

fn shared_data() -> PathBuf {
    std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    )
}

/// Every game of every file in `../shared/data` that verifies (all but the
/// null move and the crazyhouse and antichess games): written back by
/// `pgn()` and read again, the same moves, comments, NAGs and variations.
#[test]
#[ignore = "needs ../shared/data"]
fn every_shared_game_round_trips() {
    let mut totals = (0, 0, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared_data())
        .expect("../shared/data (set VERIFIED_CHESS_DATA)")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    for path in files {
        let text = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
        let (games, annotated, nodes) = round_trip(&path.display().to_string(), &text);
        println!(
            "{}: {games} games, {annotated} annotated, {nodes} nodes",
            path.display()
        );
        totals = (totals.0 + games, totals.1 + annotated, totals.2 + nodes);
    }
    println!("total: {totals:?}");
    assert_eq!((totals.0, totals.1), (1722, 485), "games, annotated games");
}

/// An empty variation (`()`) hides none of the alternatives written
/// after it: each is a child of the node, as the notes hold it.
#[test]
fn an_empty_variation_hides_no_alternative() {
    let text = "1. e4 () (1. d4) (1. c4 c5) 1... e5 *\n";
    let (game, _) = first_game(text);
    assert_eq!(sans(game.root().children()), ["e4", "d4", "c4"]);
    assert_eq!(all_nodes(game.root()).len(), 1 + 2 + 1 + 2);
    assert_eq!(round_trip("empty", text), (1, 1, 6));
}

/// A `;` comment ends with its line, at `\n`, `\r\n` or a `\r` alone:
/// `;a } b\r\r\n` is the comment `a } b` and an empty line, and it
/// reads back the same through `pgn()`.
#[test]
fn a_line_comment_ends_at_a_carriage_return() {
    let text = "1. e4 ;a } b\r\r\ne5 *\n";
    let (game, _) = first_game(text);
    let e4 = game.root().next().unwrap();
    assert_eq!(
        e4.comments().map(|c| c.text()).collect::<Vec<_>>(),
        ["a } b"]
    );
    assert_eq!(
        game.pgn().to_string().split("\n\n").nth(1),
        Some("1. e4 ;a } b\n1... e5 *\n")
    );
    assert_eq!(round_trip("crlf", text), (1, 1, 3));
}

/// A game's comments and tags come through the macro's string literal
/// unchanged: text the literal must escape (`"`, `\`, a carriage return, a
/// text-direction control) and text it holds as it is.
#[test]
fn data_keeps_every_character() {
    const QUOTES: Game = game!("[Event \"a \\\"quoted\\\" name\"]\n\n1. e4 {\"x\"} *");
    const BACKSLASH: Game = game!("1. e4 {C:\\new} *");
    const RETURN: Game = game!("1. e4 {one\r\ntwo} *");
    const DIRECTION: Game = game!("1. e4 {\u{202E}x} *");
    const AS_IS: Game = game!("[Event \"Café\"]\n\n1. e4 {tab\there, ß} *");
    let moves = |g: Game| {
        g.pgn()
            .to_string()
            .split("\n\n")
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert!(
        QUOTES
            .pgn()
            .to_string()
            .starts_with("[Event \"a \\\"quoted\\\" name\"]\n")
    );
    assert_eq!(moves(QUOTES), "1. e4 {\"x\"} *\n");
    assert_eq!(moves(BACKSLASH), "1. e4 {C:\\new} *\n");
    assert_eq!(moves(RETURN), "1. e4 {one\r\ntwo} *\n");
    assert_eq!(moves(DIRECTION), "1. e4 {\u{202E}x} *\n");
    assert!(AS_IS.pgn().to_string().starts_with("[Event \"Café\"]\n"));
    assert_eq!(moves(AS_IS), "1. e4 {tab\there, ß} *\n");
}
