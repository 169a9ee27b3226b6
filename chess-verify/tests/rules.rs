//! `chess-verify --rules FILE`: games under rules a user defines, checked
//! and reported like chess games (every format, `path:line:col` of the
//! move), the rules file's own errors at its key or value, `[Variant]`
//! and `--variant` picking a section of a `variants.ini`.

mod common;

use common::{dir, json_records, run, run_with};
use serde_json::json;

fn repo(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

const GAMES: &str = r#"[Event "Capablanca"]
[Variant "capablanca"]

1. e4 e5 2. Ad3 Nc6 3. Ae4 *

[Event "Janus"]
[Variant "Janus"]

1. e4 e5 2. Jc3 Nd6 (2... Jj6) 3. Jxe5 *
"#;

/// The codes of the problems `chess-verify` finds in `games` with `args`
/// and `--format json`, and the JSON.
fn problem_codes(args: &[&str], games: &str) -> (Vec<String>, String) {
    let args: Vec<&str> = args
        .iter()
        .copied()
        .chain(["--format", "json", "-"])
        .collect();
    let (_, json, _) = run_with(&args, games.as_bytes());
    let codes = json_records(&json)
        .iter()
        .filter(|r| r["type"] == "problem")
        .map(|r| r["code"].as_str().unwrap().to_string())
        .collect();
    (codes, json)
}

#[test]
fn each_game_under_the_section_its_tag_names() {
    let path = dir("rules").join("games.pgn");
    std::fs::write(&path, GAMES).unwrap();
    let ini = repo("chess-rules/tests/fairy/variants.ini");
    let (code, out, _) = run(&["--rules", &ini, "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let records = json_records(&out);
    let errors: Vec<_> = records.iter().filter(|r| r["type"] == "problem").collect();
    assert_eq!(errors.len(), 1, "{out}");
    assert_eq!(errors[0]["code"], "own-piece");
    assert_eq!(
        (errors[0]["line"].as_u64(), errors[0]["column"].as_u64()),
        (Some(4), Some(24))
    );
    let summary = records.last().unwrap();
    assert_eq!(summary["games"], 2, "{out}");
    assert_eq!(
        (summary["errors"].as_u64(), summary["plies"].as_u64()),
        (Some(1), Some(5)),
        "{out}"
    );

    // Human output: the move underlined, the reason, the piece's moves.
    let (_, human, _) = run(&["--rules", &ini, path.to_str().unwrap()]);
    assert!(
        human.contains(
            "error[own-piece]: White cannot play `3. Ae4`: e4 is occupied by White's own pawn"
        ),
        "{human}"
    );
    assert!(human.contains(":4:24"), "{human}");
    assert!(
        // (Its leaps first, then its slides.)
        human.contains("help: the archbishop on d3 can play `Af4`, `Ab4+`, `Axe5`, `Ac5+`, `Ac1`"),
        "{human}"
    );
}

#[test]
fn variant_option_stdin_and_other_formats() {
    let ini = repo("chess-rules/tests/fairy/variants.ini");
    let (code, out, err) = run_with(
        &["--rules", &ini, "--variant", "janus", "-"],
        b"1. e4 e5 2. Jc3 *\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("1 game (1 legal, 3 plies), no errors"),
        "{out}"
    );
    // Without a section named, the file's several sections are an error
    // at the game (from its first move number).
    let (code, out, _) = run_with(&["--rules", &ini, "-", "--format", "github"], b"1. e4 *\n");
    assert_eq!(code, 1);
    assert!(
        out.starts_with("::error file=<stdin>,line=1,col=1"),
        "{out}"
    );
    assert!(out.contains("say which"), "{out}");
    let (code, out, _) = run_with(
        &[
            "--rules",
            &ini,
            "--variant",
            "losalamos",
            "-",
            "--format",
            "sarif",
        ],
        b"1. b2 b4 *\n",
    );
    assert_eq!(code, 1);
    let sarif: serde_json::Value = serde_json::from_str(&out).unwrap();
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "cannot-reach", "{out}");
}

#[test]
fn chess_as_a_rules_file_and_a_yaml_file() {
    let chess = repo("chess-rules/rules/chess.ini");
    let (code, out, _) = run_with(&["--rules", &chess, "-"], b"1. f3 e5 2. g4 Qh4# 0-1\n");
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run_with(&["--rules", &chess, "-"], b"1. f3 e5 2. g4 Qh4# 1-0\n");
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "error[wrong-result]: the result `1-0` contradicts the final position: Black checkmated White"
        ),
        "{out}"
    );
    let mini = repo("chess-rules/tests/customchesskell/mini.yaml");
    let (code, out, _) = run_with(&["--rules", &mini, "-"], b"1. b1 b4\n");
    assert_eq!(code, 1);
    assert!(
        out.contains("b1 to b4 is not a Knight move: a Knight leaps (1,2)"),
        "{out}"
    );
}

#[test]
fn janggi_passes_and_pieces_put_down_alike() {
    // Janggi: a pass written as the general's move to its own square,
    // and two passes in a row end the game, decided by material (Black's
    // point more); kyoto shogi: `G@e4` may put down a knight or a lance
    // as a gold (Fairy-Stockfish's SAN never says which): both are read
    // until a move tells them apart, and `+L@e4` says which.
    let games = "[Variant \"janggimodern\"]\n\n1. Ke2 Ke9 0-1\n\n\
                 [Variant \"kyotoshogi\"]\n[FEN \"pk1s1/2n2/5/2K2/+L2SP[NL] w - - 1 6\"]\n\n6. G@e4 *\n\n\
                 [Variant \"kyotoshogi\"]\n[FEN \"pk1s1/2n2/5/2K2/+L2SP[NL] w - - 1 6\"]\n\n6. +L@e4 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("3 games (3 legal, 4 plies)"), "{out}");
    // A janggi cannon hops over no cannon and takes none.
    let cannons = "[Variant \"janggicasual\"]\n[FEN \"3k5/9/9/9/4c4/4p4/9/4C4/9/3K5 w - - 0 1\"]\n\n\
                   1. Cxe6 *\n\n[Variant \"janggicasual\"]\n\
                   [FEN \"3k5/9/9/9/4n4/4c4/9/4C4/9/3K5 w - - 0 1\"]\n\n1. Cxe6 *\n";
    let (_, out, _) = run_with(&["-"], cannons.as_bytes());
    assert!(
        out.contains(
            "the janggi cannon on e3 may not take a piece of its own kind, as the one on e6 is"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "the janggi cannon on e3 may not hop over a piece of its own kind, and one stands on e5"
        ),
        "{out}"
    );
}

#[test]
fn a_built_in_variant_of_fairy_stockfish_by_name() {
    let games =
        b"[Variant \"Capablanca\"]\n\n1. e4 e5 2. Ad3 Ad6 3. Nh3 Nh6 *\n\n1. e4 e5 2. Ac4 *\n";
    let (code, out, _) = run_with(&["--variant", "capablanca", "-"], games);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal, 6 plies)"), "{out}");
    assert!(
        out.contains("White cannot play `2. Ac4`: c1 to c4 is not an archbishop move"),
        "{out}"
    );
    // Ataxx: a piece clones itself beside one of its own, or leaps two
    // squares; a clone elsewhere is refused, with where it may go.
    let games = b"1. P@f2 P@b2 2. Pe3 Pc3 *\n\n1. P@f2 P@d4 *\n";
    let (code, out, _) = run_with(&["--variant", "ataxx", "-"], games);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal, 4 plies)"), "{out}");
    assert!(
        out.contains(
            "Black cannot play `1... P@d4`: a piece dropped under ataxx goes beside one of \
             Black's own, and d4 is beside none"
        ),
        "{out}"
    );
    // Bughouse: a game of one board is played with the hands its start
    // gives (as Fairy-Stockfish plays it), and a record of two (BPGN's
    // `1A.`, `1b.`) passes what one board takes to the partner on the
    // other.
    let games = b"1. e4 d5 2. exd5 *\n\n1A. e4 1B. d4 1a. d5 1b. e6 2A. exd5 2a. Qxd5 2B. P@e4 *\n";
    let (code, out, _) = run_with(&["--variant", "bughouse", "-"], games);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("2 games (2 legal, 10 plies)"), "{out}");
    // Named by each game's `[Variant]` tag, among games of chess: no
    // option needed; an illegal move is refused at the move, in JSON too.
    let games = b"[Variant \"Capablanca\"]\n\n1. e4 e5 2. Ad3 Ad6 *\n\n1. e4 e5 *\n\n\
                  [Variant \"coregal\"]\n\n1. d4 e5 2. Bg5 Nc6 *\n\n\
                  [Variant \"ataxx\"]\n\n1. P@d4 *\n";
    let (code, out, _) = run_with(&["-"], games);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (2 legal, 6 plies)"), "{out}");
    assert!(
        out.contains("the queen on d8 is in check from the white bishop on g5"),
        "{out}"
    );
    let (_, json, _) = run_with(&["--format", "json", "-"], games);
    let refused = json
        .lines()
        .find(|l| l.contains("ataxx"))
        .unwrap_or_else(|| panic!("{json}"));
    assert!(refused.contains("\"code\":\"bad-drop\""), "{refused}");
    assert!(refused.contains("\"line\":13,"), "{refused}");
    assert!(
        refused.contains("goes beside one of White's own, and d4 is beside none"),
        "{refused}"
    );
}

/// Fairy-Stockfish's goals end games under a rules file: a king on the
/// hill (capture the flag) and a king taken (extinction); a move after
/// either is refused, and so is a result they contradict.
#[test]
fn goals_of_a_rules_file_end_games() {
    let ini = dir("rules").join("goals.ini");
    std::fs::write(
        &ini,
        "[hill:kingofthehill]\n\n[lastking:chess]\nking = -\ncommoner = k\n\
         extinctionValue = loss\nextinctionPieceTypes = k\n",
    )
    .unwrap();
    let ini = ini.to_str().unwrap();
    let hill = "1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4";
    let games = format!(
        "[Variant \"hill\"]\n\n{hill} 1-0\n\n[Variant \"hill\"]\n\n{hill} Kc6 1-0\n\n\
         [Variant \"hill\"]\n\n{hill} 0-1\n\n\
         [Variant \"lastking\"]\n\n1. e4 f5 2. Qh5 a6 3. Qxe8 1-0\n\n\
         [Variant \"lastking\"]\n\n1. e4 f5 2. Qh5 a6 3. Qxe8 a5 1-0\n"
    );
    let (code, out, _) = run_with(&["--rules", ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("5 games (2 legal"), "{out}");
    assert!(
        out.contains(
            "`4... Kc6` comes after the end of the game: White brought its king to its flag \
             region (d4, e4, d5, e5), which wins under these rules with `4. Kd4`"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "the result `0-1` contradicts the final position: White brought its king to its \
             flag region (d4, e4, d5, e5), which wins under these rules"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "`3... a5` comes after the end of the game: Black has no commoner left, which loses \
             under these rules after `3. Qxe8`"
        ),
        "{out}"
    );
}

/// Pieces royal while few (Fairy-Stockfish's `extinctionPseudoRoyal`):
/// coregal's queens are checked and checkmated as its kings are, in
/// moves read as SAN and as coordinates.
#[test]
fn pieces_royal_while_few_are_checked() {
    let games = "1. d4 e5 2. Bg5 Nc6 *\n\n1. d2d4 e7e5 2. c1g5 b8c6 *\n\n\
                 1. e4 e5 2. Qh5 Nf6 3. Nc3 *\n\n1. e4 e5 2. Qh5 Nf6 3. Qxe5+ Be7 *\n";
    let (code, out, _) = run_with(&["--variant", "coregal", "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (1 legal"), "{out}");
    let answer = "Black cannot play `2... Nc6`: the queen on d8 is in check from the white \
                  bishop on g5, and this move does not answer it";
    assert!(out.contains(answer), "{out}");
    assert!(
        out.contains("Black cannot play `2... b8c6`: the queen on d8"),
        "{out}"
    );
    assert!(
        out.contains("moves that answer the check: `f6`, `Qxg5`, `Be7`, `Ne7`, `Nf6`"),
        "{out}"
    );
    assert!(
        out.contains("the queen on h5 is in check from the black knight on f6"),
        "{out}"
    );
}

/// A checkmate that wins the side checkmated (misère chess): the result
/// it gives, and `#` still marks it.
#[test]
fn a_checkmate_may_win_the_side_checkmated() {
    let games = "[Variant \"misere\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n\
                 [Variant \"misere\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
                 [Variant \"misere\"]\n\n1. f3 e5 2. g4 Qh4+ 1-0\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (1 legal, 4 plies)"), "{out}");
    assert!(
        out.contains(
            "the result `0-1` contradicts the final position: White is checkmated, which wins \
             under these rules"
        ),
        "{out}"
    );
    assert!(
        out.contains("`2... Qh4` is marked `+`, but it is checkmate"),
        "{out}"
    );
}

/// Check counting: five-check's last check wins, and is marked `#`.
#[test]
fn the_last_check_to_give_wins() {
    let fen = "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+5 0 2\"]";
    let games = format!(
        "[Variant \"5check\"]\n{fen}\n\n2. Bc4 Nc6 3. Bxf7# 1-0\n\n\
         [Variant \"5check\"]\n{fen}\n\n2. Bc4 Nc6 3. Bxf7+ Kxf7 *\n"
    );
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal, 3 plies)"), "{out}");
    assert!(
        out.contains(
            "`3. Bxf7` is marked `+`, but it wins the game (White gave its fifth check, which \
             wins under these rules), which is marked `#`"
        ),
        "{out}"
    );
}

/// Drops (Fairy-Stockfish's `pieceDrops`; here loop chess with pawns
/// dropped on the first rank too, as chessgi has them): a game with drops verifies, a drop from an
/// empty pocket, onto a piece or of a pawn on the last rank is refused
/// saying so, in JSON too; a rules file's section drops as its parent.
#[test]
fn drops_verify_and_are_refused_with_the_reason() {
    let ini = dir("rules").join("drops.ini");
    std::fs::write(&ini, "[smallhouse:loop]\nfirstRankPawnDrops = true\n").unwrap();
    let games = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b1 N@c6 *\n\n\
                 1. e4 d5 2. exd5 Qxd5 3. P@d5 *\n\n\
                 1. e4 d5 2. exd5 Qxd5 3. P@d8 *\n";
    let (code, out, _) = run_with(&["--rules", ini.to_str().unwrap(), "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (0 legal"), "{out}");
    for expected in [
        "Black cannot play `4... N@c6`: there is no knight in Black's pocket (pocket: P)",
        "White cannot play `3. P@d5`: the black queen on d5 stands there: a piece is dropped \
         on an empty square",
        "White cannot play `3. P@d8`: a pawn cannot be dropped in its side's promotion zone",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
    let (codes, json) = problem_codes(&["--rules", ini.to_str().unwrap()], games);
    assert_eq!(codes, ["empty-pocket", "bad-drop", "bad-drop"], "{json}");
    // A pawn dropped on the first rank, and Black's drop: legal.
    let (code, out, _) = run_with(
        &["--rules", ini.to_str().unwrap(), "-"],
        b"1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b1 P@e5 *\n",
    );
    assert_eq!(code, 0, "{out}");
}

/// Shogi's nifu (`dropNoDoubled`) and drop regions, worded with the
/// drops the piece has.
#[test]
fn drops_off_a_file_or_out_of_a_region_are_refused_with_the_drops_there_are() {
    let ini = repo("chess-rules/tests/fairy/positions.ini");
    let games = "[Variant \"nifuhouse\"]\n\
                 [FEN \"4k3/pp6/8/8/8/8/P1P1P3/4K3[PPp] w - - 0 1\"]\n\n1. P@a4 *\n\n\
                 [Variant \"regionhouse\"]\n\
                 [FEN \"4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1\"]\n\n1. N@c3 *\n";
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    for expected in [
        "White cannot play `1. P@a4`: a pawn may not be dropped on a file where its side has \
         a pawn already (the a-file)",
        "a pawn in hand can play `P@b2`",
        "White cannot play `1. N@c3`: White drops pieces only on some squares under \
         regionhouse, and c3 is not one of them",
        "a knight in hand can play `N@a1`",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
}

/// Hoppers (Betza's `p` and `g`): a cannon takes over exactly one piece,
/// a grasshopper lands just beyond one; a move without that is refused
/// naming the pieces between.
#[test]
fn hoppers_are_refused_with_the_pieces_between() {
    let ini = dir("rules").join("hoppers.ini");
    std::fs::write(
        &ini,
        "[cannon8:chess]\ncustomPiece1 = c:mRcpR\ncustomPiece2 = g:gB\n\
         startFen = rnbqkbnr/pppppppp/1c4c1/8/8/1CG3C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    let games = "1. Cxb6 *\n\n1. Cxb8 *\n\n1. Cxb7 Cbe6+ 2. Ce3 *\n\n1. Ge5 *\n";
    let (code, out, _) = run_with(&["--rules", ini.to_str().unwrap(), "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (1 legal"), "{out}");
    for expected in [
        "White cannot play `1. Cxb6`: the cannon on b3 goes to b6 only by hopping over one \
         piece, and no piece stands between b3 and b6",
        "White cannot play `1. Cxb8`: the cannon on b3 hops over one piece only, and 2 stand \
         between it and b8 (b6, b7)",
        "White cannot play `1. Ge5`: the custom piece 2 on c3 goes along that line only to the \
         square just beyond a piece, and no piece stands between c3 and e5",
        "the custom piece 2 on c3 can play `Gxh8`",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
}

/// Rules that forbid moves chess allows: a capture compulsory
/// (`mustCapture`, Fairy-Stockfish's giveaway) and no check (`checking =
/// false`, racing kings), worded as lichess's antichess and racing kings
/// are; a stalemate that wins.
#[test]
fn captures_compelled_and_checks_forbidden_by_a_rules_file() {
    let games = b"[Variant \"giveaway\"]\n\n1. e3 b5 2. Nf3 *\n\n\
                  [Variant \"racingkings\"]\n\n1. Nc3 *\n\n\
                  [Variant \"giveaway\"]\n\n1. e3 b5 2. Bxb5 *\n";
    let ini = dir("rules").join("builtins.ini");
    std::fs::write(&ini, "[giveaway:giveaway]\n[racingkings:racingkings]\n").unwrap();
    let (code, out, _) = run_with(&["--rules", ini.to_str().unwrap(), "-"], games);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "error[compulsory-capture]: White cannot play `2. Nf3`: captures are compulsory in \
             giveaway: `Bxb5` captures"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "error[racing-check]: White cannot play `1. Nc3`: racingkings forbids giving check, \
             and moving the knight on e2 to c3 checks the black king"
        ),
        "{out}"
    );
}

#[test]
fn a_broken_rules_file_is_reported_at_its_value() {
    let path = dir("rules").join("broken.ini");
    std::fs::write(&path, "[tall]\nmaxRank = 20\n").unwrap();
    let (code, out, err) = run_with(&["--rules", path.to_str().unwrap(), "-"], b"1. e4\n");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("error[rules-file]: `20`: a board side is 1 to 16"),
        "{err}"
    );
    assert!(err.contains("broken.ini:2:11"), "{err}");
    // In JSON the rules file's problem is a record like a game's.
    let (code, out, _) = run_with(
        &["--rules", path.to_str().unwrap(), "--format", "json", "-"],
        b"1. e4\n",
    );
    assert_eq!(code, 2, "{out}");
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        (
            &first["code"],
            &first["line"],
            &first["column"],
            &first["text"]
        ),
        (&json!("rules-file"), &json!(2), &json!(11), &json!("20")),
        "{out}"
    );
    assert!(out.contains("\"unreadable\":1"), "{out}");
    // A file with a section that plays: the broken one is refused only
    // for the games that name it, with where and why.
    std::fs::write(
        &path,
        "[tall:chess]\nmaxRank = 20\n[gates:chess]\ngating = true\n[plain:chess]\n",
    )
    .unwrap();
    let games = b"[Variant \"plain\"]\n\n1. e4 e5 *\n\n[Variant \"gates\"]\n\n1. e4 *\n";
    let (code, out, _) = run_with(&["--rules", path.to_str().unwrap(), "-"], games);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "error[rules-file]: the rules file's `gates` cannot be played: {}:4:1: `gating = true` needs gates that no piece is put on or leaps from",
            path.display()
        )),
        "{out}"
    );
    assert!(out.contains("2 games (1 legal"), "{out}");
    let (code, _, err) = run_with(&["--rules", "/nonexistent/rules.ini", "-"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
    // --variant needs --rules; --rules and --puzzles exclude each other.
    let (code, _, _) = run(&["--variant", "x", "-"]);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["--rules", "x.ini", "--puzzles", "-"]);
    assert_eq!(code, 2);
}

#[test]
fn games_under_custom_rules_stream_in_pieces_and_split_into_shards() {
    use chess_verify::read::Limits;
    use chess_verify::rules::load;
    use chess_verify::run::Task;
    let ini = repo("chess-rules/tests/fairy/variants.ini");
    let rules = Task::Rules(std::sync::Arc::new(load(&ini, None, false).unwrap()));
    // Twenty copies of two games, one with an illegal move, and a game
    // whose tag names no section.
    let path = dir("rules-stream").join("games.pgn");
    let mut text = GAMES.repeat(20);
    text.push_str("\n[Variant \"nonesuch\"]\n\n1. e4 *\n");
    std::fs::write(&path, text).unwrap();
    let big = Limits::default();
    let whole = common::streamed(&path, &rules, 1, big, None);
    assert_eq!((whole.0, whole.1, whole.2.len()), (41, 41, 21), "{whole:?}");
    for (piece, block, jobs) in [(1, 1, 1), (1, 5, 8), (150, 64, 3)] {
        let limits = Limits {
            piece,
            block,
            ..big
        };
        let streamed = common::streamed(&path, &rules, jobs, limits, None);
        assert_eq!(streamed, whole, "{piece} {block} {jobs}");
    }
    let shards: Vec<_> = (1..=4)
        .map(|k| common::streamed(&path, &rules, 2, big, Some(&format!("{k}/4"))))
        .collect();
    assert_eq!(shards.iter().map(|s| s.1).sum::<u64>(), 41);
    let mut union: Vec<_> = shards.into_iter().flat_map(|s| s.2).collect();
    union.sort();
    assert_eq!(union, whole.2);
}

/// Explosions on capture: games of Fairy-Stockfish's atomic family by
/// name (nocheckatomic, atomar) and under a rules file (its atomic: the
/// lichess name is shakmaty's), a blown-up king ending the game; a king
/// that would blow itself up, or be blown up by its side's capture, and
/// atomar's kings taking each other refused saying so; a king parted
/// from the other into an attack, with the note that touching kings are
/// in no check.
#[test]
fn explosions_verify_and_are_refused_with_the_reason() {
    // By name: a king blown up ends the game; atomar's king survives its
    // own capture, and may not take the other.
    let games = "[Variant \"nocheckatomic\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7 1-0\n\n\
                 [Variant \"atomar\"]\n[FEN \"4k3/8/8/8/8/3q4/3K4/8 w - - 0 1\"]\n\n1. Kxd3 Ke7 *\n\n\
                 [Variant \"atomar\"]\n[FEN \"8/8/8/8/8/3k4/3K4/8 w - - 0 1\"]\n\n1. Kxd3 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (2 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `1. Kxd3`: under atomar a commoner may not capture a commoner: \
             the commoner on d2 cannot take the black commoner on d3"
        ),
        "{out}"
    );
    // Under a rules file: atomic's king, royal while it is its side's
    // last (the name `atomic` alone is lichess's, played by shakmaty).
    let ini = dir("rules").join("atomic.ini");
    std::fs::write(&ini, "[myatomic:atomic]\n").unwrap();
    let games = "1. e4 d5 2. Ke2 d4 3. Kd3 c5 4. Kxd4 *\n\n\
                 [FEN \"4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1\"]\n\n1. Rxd2 *\n\n\
                 [FEN \"8/8/8/8/8/3k4/3K4/7r w - - 0 1\"]\n\n1. Kd1 *\n\n\
                 [FEN \"8/8/8/8/8/3k4/3K4/7r w - - 0 1\"]\n\n1. Kc3 Kc4 2. Kd2 *\n";
    let (code, out, _) = run_with(&["--rules", ini.to_str().unwrap(), "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (1 legal"), "{out}");
    for expected in [
        "White cannot play `4. Kxd4`: in myatomic a commoner cannot capture: `Kxd4` would \
         explode the white commoner itself",
        "White cannot play `1. Rxd2`: the explosion on d2 would take the white commoner on e1 \
         with it",
        "White cannot play `1. Kd1`: the commoner would be in check on d1 from the black rook \
         on h1",
        "in myatomic the commoners may stand next to each other, and while they touch neither \
         is in check",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
    let (codes, json) = problem_codes(&["--rules", ini.to_str().unwrap()], games);
    assert_eq!(
        codes,
        ["atomic-capture", "atomic-capture", "into-check"],
        "{json}"
    );
}

/// The flying general (`flyingGeneral`): a move that leaves the kings
/// facing each other is refused saying which faces which, a piece
/// between as pinned, a king as stepping into check.
#[test]
fn facing_generals_are_refused_saying_so() {
    let ini = repo("chess-rules/tests/fairy/positions.ini");
    let games = "[Variant \"facing\"]\n[FEN \"4k3/8/8/8/8/8/4N3/4K3 w - - 0 1\"]\n\n1. Nc3 *\n\n\
                 [Variant \"facing\"]\n[FEN \"3k4/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kf2 Ke8 2. Ke2 *\n\n\
                 [Variant \"facing\"]\n[FEN \"3k4/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kf2 Ke8 2. Kg3 *\n";
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (1 legal"), "{out}");
    for expected in [
        "error[pinned]: White cannot play `1. Nc3`: the king on e1 would face the black king on \
         e8 along the e-file with nothing between, which facing forbids (the flying general)",
        "error[into-check]: White cannot play `2. Ke2`: the king on e2 would face the black king \
         on e8 along the e-file",
    ] {
        assert!(out.contains(expected), "{expected}\n{out}");
    }
}

/// Makpong: a king in check that steps away instead of capturing is
/// refused saying that it may only capture.
#[test]
fn a_makpong_king_in_check_may_only_capture() {
    let games = "[Variant \"makpong\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kd1 *\n\n\
                 [Variant \"makpong\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "error[in-check]: White cannot play `1. Kd1`: under makpong a king in check may \
             only capture, and the king on e1 captures nothing on d1"
        ),
        "{out}"
    );
}

/// Armageddon's draw odds (`materialCounting = blackdrawodds`): a
/// stalemate, a draw, is Black's win; a drawn result is refused saying so.
#[test]
fn a_drawn_end_decided_by_material_counting() {
    let games = "[Variant \"armageddon\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1/2-1/2\n\n\
                 [Variant \"armageddon\"]\n[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 0-1\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "the result `1/2-1/2` contradicts the final position: the game ended drawn, and \
             material counting gives it to Black under these rules"
        ),
        "{out}"
    );
}

/// Names whose rules differ from lichess's Antichess (`giveaway`,
/// `suicide`, `losers`) are Fairy-Stockfish's variants of those names:
/// a game tagged so verifies under them (suicide: the stalemated side
/// with fewer pieces wins, as pyffish has it), as `--variant` does.
#[test]
fn names_related_to_antichess_are_fairy_stockfishs_variants() {
    let games = "[Variant \"suicide\"]\n[FEN \"8/8/8/8/8/p7/P6p/8 b - - 0 1\"]\n\n1... h1=N 1-0\n\n\
                 [Variant \"suicide\"]\n[FEN \"8/8/8/8/8/p7/P6p/8 b - - 0 1\"]\n\n1... h1=N 1/2-1/2\n\n\
                 [Variant \"giveaway\"]\n\n1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (2 legal"), "{out}");
    assert!(
        out.contains(
            "the result `1/2-1/2` contradicts the final position: White had no move, and a \
             stalemate, counted by the pieces on the board, wins for it under these rules"
        ),
        "{out}"
    );
    let (code, out, _) = run_with(&["--variant", "losers", "-"], b"1. e4 d5 2. exd5 *\n");
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = run_with(&["--variant", "giveawaychess", "-"], b"1. e4 *\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("its rules differ from lichess's Antichess"),
        "{err}"
    );
}

/// Pieces kept to regions (minixiangqi's palace, by name): a move out of
/// it is refused naming the region; the horse's SAN letter `H` reads.
#[test]
fn a_piece_kept_to_its_region() {
    let games = "[Variant \"minixiangqi\"]\n[FEN \"3k3/7/7/7/7/2K4/7 w - - 0 1\"]\n\n1. Kb2 *\n\n\
                 [Variant \"minixiangqi\"]\n\n1. f1f3 b7b4 2. b1b2 g6f6 3. e2f2 c6c5 4. f3c3 g7g6 \
                 5. c3d3 Hd5 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `1. Kb2`: the king on c2 may not leave its region (c1, d1, e1, \
             c2, d2, e2, c3, d3, e3) under minixiangqi, and b2 is outside it"
        ),
        "{out}"
    );
}

/// Xiangqi by name: a game in Fairy-Stockfish's SAN verifies (as pyffish
/// writes it: `Hc3`, `Ece3`, a soldier across the river stepping
/// sideways, `Pb6`); a soldier's sideways step before the river is
/// refused saying why.
#[test]
fn xiangqi_by_name() {
    let games = "[Variant \"xiangqi\"]\n\n1. Hc3 Hc8 2. Ece3 Ece8 3. Pa5 Pi6 4. Pa6 Pi5 5. Pb6 *\n\n\
                 [Variant \"xiangqi\"]\n[FEN \"4k4/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1\"]\n\n1. Pd5 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `1. Pd5`: the soldier on e5 makes that move only from some \
             squares under xiangqi (a xiangqi soldier steps sideways only across the river), and \
             e5 is not one of them"
        ),
        "{out}"
    );
}

/// Drops that may not give check (`dropChecks = false`): such a drop is
/// refused saying so.
#[test]
fn a_drop_that_may_not_check() {
    let ini = repo("chess-rules/tests/fairy/positions.ini");
    let games = "[Variant \"nocheckdrops\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[RNr] w - - 0 1\"]\n\n\
                 1. R@e4 *\n\n\
                 [Variant \"nocheckdrops\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[RNr] w - - 0 1\"]\n\n\
                 1. R@a6 *\n";
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("2 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "error[bad-drop]: White cannot play `1. R@e4`: a drop may not give check under \
             nocheckdrops, and a rook dropped on e4 checks the black king"
        ),
        "{out}"
    );
}

/// Shogi by name: moves in SAN and in Fairy-Stockfish's coordinates
/// (`a4a5+` promotes), a pawn that would be stranded on the last rank, a
/// piece that must promote or demote, a pawn's drop that checkmates
/// (the side checkmated wins), and pieces dropped promoted (`+S@a1`).
/// Grand chess by pychess.org's name: a pawn may stay a pawn on the 8th
/// and 9th ranks, must promote on the 10th, and promotes to a kind only
/// while its side has fewer than the limit (one queen); the refusal says
/// so at the move.
#[test]
fn grand_chess_promotions_at_will_and_within_their_limits() {
    let start = "[Variant \"Grand\"]\n[FEN \"4k5/P9/10/10/10/10/10/10/10/Q3K5 w - - 0 1\"]\n\
                 [SetUp \"1\"]\n\n";
    let games = format!(
        "{start}1. a10=R+ Kd9 *\n\n\
         [Variant \"Grand\"]\n[FEN \"4k5/10/P9/10/10/10/10/10/10/4K5 w - - 0 1\"]\n\n\
         1. a9 Kd9 2. a10=Q *\n\n\
         {start}1. a10=Q *\n\n{start}1. a10 *\n"
    );
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (2 legal, 5 plies)"), "{out}");
    assert!(
        out.contains(
            "error[bad-promotion]: White cannot play `1. a10=Q`: the pawn on a9 cannot become a \
             queen on a10: a side promotes to a queen only while it has none on the board, and \
             White has one\n  --> <stdin>:16:4"
        ),
        "{out}"
    );
    assert!(
        out.contains("help: write `a10=A`, `a10=C+`, `a10=R+`, `a10=B` or `a10=N`"),
        "{out}"
    );
    assert!(
        out.contains(
            "White cannot play `1. a10`: the pawn on a9 could never move again from a10, which \
             grand forbids: it must promote there"
        ),
        "{out}"
    );
}

#[test]
fn shogi_by_name_and_its_promotions() {
    let games = "[Variant \"minishogi\"]\n\n1. Pa3 Bc4 2. Pa4 Bb5 3. Pxa5=G *\n\n\
                 [Variant \"minishogi\"]\n\n1. a2a3 b5c4 2. a3a4 c4b5 3. a4a5+ *\n\n\
                 [Variant \"minishogi\"]\n\n1. Pa3 Bc4 2. Pa4 Bb5 3. Pxa5 *\n\n\
                 [Variant \"minishogi\"]\n[FEN \"k4/5/G4/5/1R2K[P] w - - 0 1\"]\n\n1. P@a4# 0-1\n\n\
                 [Variant \"minishogi\"]\n[FEN \"k4/5/G4/5/1R2K[P] w - - 0 1\"]\n\n1. P@a4# 1-0\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("5 games (3 legal"), "{out}");
    assert!(
        out.contains(
            "error[promotion-missing]: White cannot play `3. Pxa5`: the shogi pawn on a4 could \
             never move again from a5, which minishogi forbids: it must promote there"
        ),
        "{out}"
    );
    assert!(out.contains("help: write `Pxa5=G`\n"), "{out}");
    assert!(
        out.contains(
            "the result `1-0` contradicts the final position: Black is checkmated by a drop of \
             a shogi pawn, which minishogi forbids: the side checkmated so wins"
        ),
        "{out}"
    );
    // Pieces that flip on every move, dropped promoted or not.
    let ini = repo("chess-rules/tests/fairy/positions.ini");
    let start =
        "[Variant \"flipping\"]\n[FEN \"1pk4/4+m2/7/7/3+M1S1/5P1/3K+fF1[S] w - - 0 11\"]\n\n";
    let games = format!(
        "{start}11. d3b2- *\n\n{start}11. Nb2=M *\n\n{start}11. +S@a1 *\n\n{start}11. B@a1 *\n\n\
         {start}11. d3b2 *\n\n{start}11. f1e2 *\n"
    );
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("6 games (4 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `11. d3b2`: the knight on d3 (a promoted commoner) must demote \
             moving to b2, in its promotion zone, under flipping"
        ),
        "{out}"
    );
    assert!(out.contains("help: write `Nb2=M`"), "{out}");
    assert!(
        out.contains(
            "White cannot play `11. f1e2`: the fers on f1 must promote moving to e2, in its \
             promotion zone, under flipping"
        ),
        "{out}"
    );
    assert!(out.contains("help: write `Fe2=C`"), "{out}");
    // A piece that must promote leaving its zone, and Black's in its own
    // zone (euroshogi's bishop).
    let games = "[Variant \"euroshogi\"]\n[FEN \"k7/8/4B3/8/8/8/8/K7[] w - - 0 1\"]\n\n1. Bd5 *\n\n\
                 [Variant \"euroshogi\"]\n[FEN \"k7/8/8/8/8/4b3/8/K7[] b - - 0 1\"]\n\n1... Bd2 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "White cannot play `1. Bd5`: the bishop on e6 must promote leaving its promotion \
             zone from e6, under euroshogi"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "Black cannot play `1... Bd2`: the bishop on e3 must promote moving to d2, in its \
             promotion zone, under euroshogi"
        ),
        "{out}"
    );
    assert!(out.contains("help: write `Bd2=H`\n"), "{out}");
    // Drops where the piece could never move, or promoted where the
    // rules drop nothing promoted.
    let games = "[Variant \"shogi\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K4[LS] w - - 0 1\"]\n\n1. L@a9 *\n\n\
                 [Variant \"shogi\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K4[LS] w - - 0 1\"]\n\n1. +S@a1 *\n\n\
                 [Variant \"shogi\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K4[LS] w - - 0 1\"]\n\n1. L@a8 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (1 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `1. L@a9`: a lance dropped on a9 could never move again, which \
             shogi forbids"
        ),
        "{out}"
    );
    assert!(
        out.contains("White cannot play `1. +S@a1`: `+S`: shogi drops no piece promoted"),
        "{out}"
    );
}

/// Walls by name: duck chess's games in SAN and in coordinates (the duck
/// after a comma), the amazons', petrified chess's; a wall where it may
/// not go, and a move that leaves out its wall, as `bad-wall`.
#[test]
fn walls_by_name() {
    let games = "[Variant \"duck\"]\n\n1. e4,e5 Nf6,e6 2. Nc3,d4 *\n\n\
                 [Variant \"duck\"]\n\n1. e2e4,e4e5 g8f6,f6e6 *\n\n\
                 [Variant \"amazons\"]\n\n1. Qdd7,c6 Qe8,f7 *\n\n\
                 [Variant \"petrified\"]\n[FEN \"4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1\"]\n\n1. Nxd5 *\n\n\
                 [Variant \"duck\"]\n\n1. e4,e5 Nf6,e5 *\n\n\
                 [Variant \"duck\"]\n\n1. e4 *\n";
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("6 games (4 legal"), "{out}");
    assert!(
        out.contains(
            "error[bad-wall]: Black cannot play `1... Nf6,e5`: the wall after Nf6 may not go on \
             e5: the duck stands on e5 and must move"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "White cannot play `1. e4`: duck puts a wall down after every move, and this one \
             says not where: 32 squares may take it"
        ),
        "{out}"
    );
    let (codes, _) = problem_codes(&[], games);
    assert_eq!(codes, ["bad-wall", "bad-wall"]);
}

/// Walls instead of moves, and triple steps: Fairy-Stockfish's own
/// atlantis and wildebeest, from its `variants.ini`, in its SAN (a move
/// written with the wall on a1 it never puts down, `c3,a1`; a pass that
/// puts one down, `Ra1,a3`); a wall written after a move, and a triple
/// step taken en passant.
#[test]
fn walls_instead_of_moves_and_triple_steps() {
    let ini = format!(
        "{}/../../shared/reference/fairy-stockfish-variants.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    let games = "[Variant \"Atlantis\"]\n\n1. c3,a1 a5 2. Ra1,a3 a5,h6 3. b4 *\n\n\
                 [Variant \"Atlantis\"]\n\n1. c3,a1 a5 2. b4,h6 *\n\n\
                 [Variant \"Wildebeest\"]\n\n1. d5 a8 2. d6 a7 3. h3 c6 4. dxc7 *\n\n\
                 [Variant \"Wildebeest\"]\n\n1. c3 d6 2. c6 *\n";
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("4 games (2 legal"), "{out}");
    assert!(
        out.contains(
            "White cannot play `2. b4,h6`: the wall after b4 may not go on h6: atlantis puts \
             a wall down instead of a move, never after one"
        ),
        "{out}"
    );
    assert!(
        out.contains("help: or put a wall down instead of moving: `Ra1,"),
        "{out}"
    );
    // (Three squares from the second rank only; two from the third.)
    assert!(out.contains("help: did you mean `c4` or `c5`?"), "{out}");
    let (codes, _) = problem_codes(&["--rules", &ini], games);
    assert_eq!(codes, ["bad-wall", "cannot-reach"]);
}

/// Pieces in a row: a game that ends so, and a result that says
/// otherwise, worded.
#[test]
fn pieces_in_a_row_by_a_section() {
    let ini = repo("chess-rules/tests/fairy/positions.ini");
    let games = "[Variant \"rowofthree\"]\n\n1. P@a1 P@b1 2. P@a2 P@b2 3. P@a3 1-0\n\n\
                 [Variant \"rowofthree\"]\n\n1. P@a1 P@b1 2. P@a2 P@b2 3. P@a3 0-1\n\n\
                 [Variant \"rowofthree\"]\n\n1. P@a1 P@b1 2. P@a2 P@b2 3. P@a3 P@c3 *\n";
    let (code, out, _) = run_with(&["--rules", &ini, "-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 games (1 legal"), "{out}");
    assert!(
        out.contains("White has 3 pieces in a row, which wins under these rules"),
        "{out}"
    );
    let (codes, _) = problem_codes(&["--rules", &ini], games);
    assert_eq!(codes, ["wrong-result", "game-over"]);
}

/// What checking an export of `tests/fairy/` (`{name}.pgn`, and
/// `{corrupted}.pgn` with its rows in `{corrupted}.tsv`) with `args`
/// finds: every game of a variant that plays verifies, and a game of one
/// that does not (`refused`) is refused at its tag with the reason
/// (`rules-file`); each corrupted game is refused at its replaced move,
/// at its line and column. The games checked, the games refused, the
/// corrupted games refused at the move, and the warnings on the games.
fn export_checks(
    args: &[&str],
    name: &str,
    corrupted: &str,
    refused: &[&str],
) -> (u64, usize, usize, Vec<serde_json::Value>) {
    let run_json = |file: &str| {
        let path = repo(&format!("chess-verify/tests/fairy/{file}.pgn"));
        let args: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--format", "json", &path])
            .collect();
        let (_, out, _) = run(&args);
        json_records(&out)
    };
    let records = run_json(name);
    let problems: Vec<_> = records.iter().filter(|r| r["type"] == "problem").collect();
    for p in &problems {
        assert_eq!(p["code"], "rules-file", "{p}");
    }
    let summary = records.last().unwrap();
    let games = summary["games"].as_u64().unwrap();
    assert_eq!(summary["errors"], problems.len(), "{summary}");
    let warnings: Vec<serde_json::Value> = (records.iter())
        .filter(|r| r["type"] == "warning")
        .cloned()
        .collect();
    let problems = problems.len();
    // (Long games: the legal ones hold 100 plies a game or more.)
    let legal = games - problems as u64;
    assert!(
        summary["plies"].as_u64().unwrap() >= 100 * legal,
        "{summary}"
    );

    let expected =
        std::fs::read_to_string(repo(&format!("chess-verify/tests/fairy/{corrupted}.tsv")))
            .unwrap();
    let records = run_json(corrupted);
    let broken: Vec<_> = records.iter().filter(|r| r["type"] == "problem").collect();
    let rows: Vec<Vec<&str>> = expected
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(broken.len(), rows.len(), "one problem a game");
    let mut refused_at_the_move = 0;
    for (row, p) in rows.iter().zip(&broken) {
        let [variant, line, column, written] = row[..] else {
            panic!("a row of four: {row:?}");
        };
        if refused.contains(&variant) {
            assert_eq!(p["code"], "rules-file", "{variant}: {p}");
            continue;
        }
        let at = (p["line"].as_u64().unwrap(), p["column"].as_u64().unwrap());
        assert_eq!(
            at,
            (line.parse().unwrap(), column.parse().unwrap()),
            "{variant}: `{written}` is refused at its place: {p}"
        );
        assert_ne!(p["code"], "rules-file", "{variant}: {p}");
        refused_at_the_move += 1;
    }
    (games, problems, refused_at_the_move, warnings)
}

/// Games of every one-board variant Fairy-Stockfish plays without a rules
/// file, as pychess.org exports them (`tests/fairy/make_export.py`, with
/// pyffish: pychess's tags and capitalized names, Fairy-Stockfish's SAN,
/// 100 to 160 plies or to the end, the result), checked as
/// [`export_checks`] says.
#[test]
fn fairy_stockfish_san_as_pychess_exports_it() {
    let builtins = chess_core::RuleSets::builtins();
    let refused: Vec<&str> = builtins.refused.iter().map(|r| r.name.as_str()).collect();
    let (games, problems, at_the_move, warnings) =
        export_checks(&[], "export", "corrupted", &refused);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(games, 236, "two games of each of 118 variants");
    let one_board = |n: &&&str| !["bughouse", "koedem", "supply"].contains(*n);
    assert_eq!(problems, 2 * refused.iter().filter(one_board).count());
    // (Every corrupted game, each refused at the move replaced.)
    assert_eq!(at_the_move, 224);
}

/// Games of each of pychess.org's one-board variants as its export writes
/// them (`make_export.py --pychess`: the server's list, its names
/// capitalized, crazyhouse's FEN without `[]`, no `[FEN]` for chess from
/// its start; the second game of each set up from a position with Black
/// to move at move 4, numbered from `1.` as the export numbers it),
/// checked with `--rules` and pychess.org's own `variants.ini`, which adds
/// to Fairy-Stockfish's built-in variants and lichess's: every game of a
/// variant that plays verifies (a set-up game with a warning on its
/// numbering), each corrupted one is refused at its move.
#[test]
fn every_pychess_variant_as_its_export_writes_it() {
    let pychess = format!(
        "{}/../../shared/reference/pychess-variants.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&pychess).unwrap();
    let source = chess_core::Source::text(&text, Some("pychess-variants.ini".into()), None);
    let sets = chess_core::RuleSets::read(&source).unwrap();
    let builtins = chess_core::RuleSets::builtins();
    let refused: Vec<&str> = (sets.refused.iter())
        .chain(&builtins.refused)
        .map(|r| r.name.as_str())
        .collect();
    let (games, problems, at_the_move, warnings) = export_checks(
        &["--rules", &pychess],
        "pychess",
        "pychess-corrupted",
        &refused,
    );
    assert_eq!(games, 122, "two games of each of 61 variants");
    assert_eq!(problems, 0);
    assert_eq!(at_the_move, 120);
    // Every set-up game is numbered from its first move, and verifies
    // with a warning at that number.
    assert_eq!(warnings.len(), 61, "{warnings:?}");
    for w in &warnings {
        assert_eq!(
            (w["code"].as_str(), w["text"].as_str()),
            (Some("wrong-move-number"), Some("1.")),
            "{w}"
        );
    }
}

#[test]
fn placement_setups_verify_and_their_drops_are_refused_with_why() {
    // Placement chess as pychess.org names it: dropped king and rooks
    // castle; a second bishop on the first's colour, a piece on the last
    // square the bishop in hand needs, and a king dropped into attack are
    // refused at their drops.
    let game = |fen: &str, moves: &str| {
        format!("[Variant \"Placement\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n\n")
    };
    let bishops = "8/pppppppp/8/8/8/8/PPPPPPPP/2BRNNQR[KBkqrrbbnn] w - - 0 1";
    let games = [
        game(
            "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kk] w - - 0 1",
            "1. K@e1 K@e8 2. O-O O-O-O",
        ),
        game(bishops, "1. B@b1 K@e8 2. K@a1"),
        game(bishops, "1. B@a1"),
        game(bishops, "1. K@b1"),
        game("q7/8/8/8/8/8/1PPPPPPP/8[KRRk] w - - 0 1", "1. K@a1"),
    ]
    .concat();
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("5 games (2 legal, 7 plies), 3 errors"),
        "{out}"
    );
    for expected in [
        "error[bad-drop]: White cannot play `1. B@a1`: White's bishops stand on squares of both \
         colours under placement, and its dark squares have their share of them already: a1 is \
         dark\n  --> <stdin>:17:4",
        "help: where it may go: `B@b1`",
        "error[bad-drop]: White cannot play `1. K@b1`: b1 is the last light square left for \
         White's bishop still in hand: under placement a side's bishops stand on squares of both \
         colours\n  --> <stdin>:23:4",
        "error[into-check]: White cannot play `1. K@a1`: the king would be in check on a1 from the \
         black queen on a8\n  --> <stdin>:29:4",
    ] {
        assert!(out.contains(expected), "{expected}\n\n{out}");
    }
}

#[test]
fn sittuyin_promotions_and_rook_drops_are_refused_with_why() {
    // Sittuyin as pychess.org names it: a setup and a promotion beside
    // (`d5c4=F`, as Fairy-Stockfish writes it) verify; a promotion where
    // the met would attack a piece, past the one met, out of the zone, one
    // that uncovers a check, and a rook dropped off the first rank are
    // refused at the move.
    let game = |fen: &str, moves: &str| {
        format!("[Variant \"Sittuyin\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n\n")
    };
    let two = "8/6k1/8/3P4/8/2P5/8/K7 w - - 0 1";
    let games = [
        game(two, "1. d5c4=F Kf6 2. Fd3"),
        game("8/1r4k1/8/3P4/8/8/8/K7 w - - 0 1", "1. d5c6=F"),
        game("8/6k1/8/3P4/8/2P5/8/K4F2 w - - 0 1", "1. d5=F"),
        game(two, "1. c3=F"),
        game(
            "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
            "1. R@a2",
        ),
        game("3k4/8/8/3P4/8/8/8/K2R4 w - - 0 1", "1. d5c4=F"),
    ]
    .concat();
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("6 games (1 legal, 3 plies), 5 errors"),
        "{out}"
    );
    for expected in [
        "error[bad-promotion]: White cannot play `1. d5c6=F`: a fers on c6 would attack the rook on \
         b7, and a promoted piece may attack none\n  --> <stdin>:11:4",
        "help: its promotions here: `d5=F`, `d5e6=F`, `d5e4=F` or `d5c4=F`",
        "error[bad-promotion]: White cannot play `1. d5=F`: the pawn on d5 cannot become a fers on \
         d5: a side promotes to a fers only while it has none on the board, and White has one",
        "error[bad-promotion]: White cannot play `1. c3=F`: under sittuyin a pawn promotes only in \
         its zone while White has another pawn, and c3 is not in it\n  --> <stdin>:23:4",
        "error[bad-drop]: White cannot play `1. R@a2`: under sittuyin a rook is dropped only on its \
         side's first rank, and a2 is not on it\n  --> <stdin>:29:4",
        "help: where it may go: `R@a1`, `R@b1`",
        "error[bad-promotion]: White cannot play `1. d5c4=F`: under sittuyin a promotion may not \
         give check\n  --> <stdin>:35:4",
    ] {
        assert!(out.contains(expected), "{expected}\n\n{out}");
    }
    assert!(!out.contains("help: write \n"), "{out}");
}

#[test]
fn chess960_games_as_pychess_names_them_verify() {
    // pychess.org names a game of a variant under Chess960 castling by the
    // variant's name and `960`, its FEN as Fairy-Stockfish writes it (the
    // rooks' files, `HAha`): Fairy-Stockfish's built-ins (gating among
    // them) and lichess's variants alike. Moves by pyffish 0.0.90 with
    // chess960 on: its `8... Re8/H` says neither rook (its SAN never tells
    // gated moves apart), and is read both ways. A variant that cannot
    // castle has no such name.
    let game = |variant: &str, fen: &str, moves: &str| {
        format!("[Variant \"{variant}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n\n")
    };
    let games = [
        game(
            "Capablanca960",
            "rbqnkbnrac/pppppppppp/10/10/10/10/PPPPPPPPPP/RBQNKBNRAC w HAha - 0 1",
            "1. j4 i6 2. Aj2 b5 3. Ci3 b4 4. Cd3 Qa6 5. i4 d6 6. c4 h6 7. Qc3 Qc8 8. Ni2 Qh3",
        ),
        game(
            "Seirawan960",
            "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB[EHeh] w FDABCEGHfdabcegh - 0 1",
            "1. Nb3/H d6 2. Nd4 h6 3. a3 Kd7 4. h3 g5 5. b4 e5 6. Qa2 c5 7. g3 a5 8. Qb3 Re8/H",
        ),
        game(
            "Kingofthehill960",
            "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w FDfd - 0 1",
            "1. g4 e6 2. e3 e5 3. a3 g6 4. Bc6 h6 5. Ke2 Ke7 6. d4 d5 7. Bxb7 a5 8. Bxd5 Bxd5",
        ),
        game(
            "Shogi960",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            "1. e4",
        ),
    ]
    .concat();
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("4 games (3 legal, 48 plies), 1 error"),
        "{out}"
    );
    assert!(
        out.contains("error[bad-tag]: no variant `Shogi960`"),
        "{out}"
    );
    assert!(out.contains("help: did you mean `\"shogi\"`?"), "{out}");
}

#[test]
fn cambodian_first_leaps_verify_and_are_refused_with_why() {
    // Ouk Chaktrang and Kar Ouk as pychess.org names them: the king's leap
    // and the met's two squares from their gates; then each leap refused
    // where it may not be made, at its move.
    let game = |variant: &str, fen: &str, moves: &str| match fen {
        "" => format!("[Variant \"{variant}\"]\n\n{moves} *\n\n"),
        fen => format!("[Variant \"{variant}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} *\n\n"),
    };
    let games = [
        game("Karouk", "", "1. Kb2 Kc7 2. e4 d5 3. Me3 Md6"),
        game("Cambodian", "", "1. Kc2 Kf7 2. Kd1 Ke8 3. Kb2"),
        game("Cambodian", "", "1. e4 Rh7 2. Me3 Rd7 3. Kb2"),
        game("Cambodian", "3k4/8/8/8/8/8/8/r2K4 w Dd - 0 1", "1. Kb2"),
        game("Cambodian", "3k4/8/8/8/8/4p3/8/3KM3 w DEd - 0 1", "1. Mxe3"),
        game("Cambodian", "3k4/8/8/8/8/8/8/3KM2r w DEd - 0 1", "1. Me3"),
    ]
    .concat();
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("6 games (1 legal, 6 plies), 5 errors"),
        "{out}"
    );
    let no_gate = "is a king's first leap (like a knight, one rank forward), which the king \
                   makes only from its gate: once it has moved, or a rook of the other side has \
                   come to its rank or file, d1 is no gate";
    for expected in [
        format!(
            "error[cannot-reach]: White cannot play `3. Kb2`: d1 to b2 {no_gate}\n --> <stdin>:7:26"
        ),
        format!(
            "error[cannot-reach]: White cannot play `3. Kb2`: d1 to b2 {no_gate}\n  --> <stdin>:11:25"
        ),
        "error[in-check]: White cannot play `1. Kb2`: the king on d1 may not leap from its gate \
         while in check\n  --> <stdin>:17:4"
            .to_string(),
        "error[nothing-to-capture]: White cannot play `1. Mxe3`: e1 to e3 is a first step of two \
         squares forward, which goes only to an empty square\n  --> <stdin>:23:4"
            .to_string(),
        "error[pinned]: White cannot play `1. Me3`: the fers on e1 is pinned to its king on d1 by \
         the black rook on h1\n  --> <stdin>:29:4"
            .to_string(),
    ] {
        assert!(out.contains(&expected), "{expected}\n\n{out}");
    }
}

#[test]
fn s_chess_gates_as_pychess_exports_it() {
    // S-chess and S-house as pychess.org exports them (its names, the FEN,
    // Fairy-Stockfish's SAN): a hawk gated on the rook's square of a
    // castling (`O-O/Hh1`) and on the king's (`O-O/He8`); then the same
    // game in Fairy-Stockfish's coordinates (`h1e1h`, `e8g8h`).
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let tags =
        |variant: &str| format!("[Variant \"{variant}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n");
    let games = format!(
        "{}1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O/Hh1 Nf6 5. d3 O-O/He8 6. Nc3/E *\n\n\
         {}1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 f8c5 4. h1e1h g8f6 5. d2d3 e8g8h 6. b1c3e *\n\n\
         {}1. e4 d5 2. exd5 Qxd5 3. Nc3/E Qa5 4. d4 P@e4 5. Nf3/H *\n\n\
         {}1. Nf3/H Nf6/H 2. Ng1/E *\n\n\
         {}1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O/H *\n\n\
         {}1. e4 e5 2. Nf3/Q *\n",
        tags("Seirawan"),
        tags("Seirawan"),
        tags("Shouse"),
        tags("Seirawan"),
        tags("Seirawan"),
        tags("Seirawan"),
    );
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("6 games (3 legal, 31 plies)"), "{out}");
    assert!(
        out.contains(
            "error[own-piece]: White cannot play `2. Ng1/E`: g1 is occupied by White's own \
             archbishop\n  --> <stdin>:23:19"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "error[ambiguous]: White cannot play `4. O-O/H`: it does not say which square the \
             piece goes on: e1 or h1\n  --> <stdin>:29:35"
        ),
        "{out}"
    );
    assert!(
        out.contains("help: say which: `O-O/He1` or `O-O/Hh1`"),
        "{out}"
    );
    assert!(
        out.contains(
            "error[bad-gate]: White cannot play `2. Nf3/Q`: the piece after Nf3: White has no \
             queen in hand to put on a gate\n  --> <stdin>:35:13"
        ),
        "{out}"
    );
    assert!(
        out.contains("help: put a piece there as the move may: `Nf3/H` or `Nf3/E`"),
        "{out}"
    );
}

/// Koedem's king in hand comes first (`mustDropType`): another piece
/// dropped, or one on the board moved, while White holds its king is
/// refused at the move with the drops it may make; the king dropped, the
/// knight follows.
#[test]
fn koedem_drops_its_king_first() {
    let game = |moves: &str| {
        format!(
            "[Variant \"koedem\"]\n\
             [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 1\"]\n\n{moves} *\n\n"
        )
    };
    let games = [game("1. N@e4"), game("1. e4"), game("1. K@e4 e5 2. N@e3")].concat();
    let (codes, json) = problem_codes(&[], &games);
    assert_eq!(codes, ["compulsory-drop", "compulsory-drop"], "{json}");
    let records = json_records(&json);
    assert_eq!(records[0]["text"], "N@e4", "{json}");
    assert!(
        records[0]["message"]
            .as_str()
            .unwrap()
            .contains("White holds a commoner in hand, and under koedem it must be dropped before any other piece"),
        "{json}"
    );
    assert_eq!(records[1]["text"], "e4", "{json}");
    assert!(
        records[1]["help"][0].as_str().unwrap().contains("`K@e1`"),
        "{json}"
    );
    assert_eq!(records.last().unwrap()["games"], 3, "{json}");
}

/// A set-up game numbered from its first move (pychess.org's export):
/// an illegal move is named by the game's own numbers, as written, under
/// Fairy-Stockfish's rules as under chess's: White's second move after
/// Black's first is `2... Ra3`, not the position's `5. Ra3`.
#[test]
fn a_move_is_named_by_the_numbers_the_game_writes() {
    let game = |tag: &str, fen: &str, knight: &str| {
        format!("{tag}[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e5 {knight} 2. Nc6 Ra3 *\n\n")
    };
    let games = [
        game(
            "[Variant \"Capablanca\"]\n",
            "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 4",
            "Nh3",
        ),
        game(
            "",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4",
            "Nf3",
        ),
    ]
    .concat();
    let (_, json) = problem_codes(&[], &games);
    let records = json_records(&json);
    let illegal: Vec<&str> = (records.iter())
        .filter(|r| r["text"] == "Ra3")
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(illegal.len(), 2, "{json}");
    for message in illegal {
        assert!(
            message.starts_with("White cannot play `2... Ra3`"),
            "{json}"
        );
    }
}

/// Castle chess from Fairy-Stockfish's own file: Black's lost right to
/// castle queenside ends the game, and a move after it is refused with
/// the end in words.
#[test]
fn castle_chess_ends_when_black_loses_its_right_to_castle() {
    let file = format!(
        "{}/../../shared/reference/fairy-stockfish-variants.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    let game = b"[Variant \"castle\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Nf3 *\n";
    let (code, out, _) = run_with(&["--rules", &file, "-"], game);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "`3. Nf3` comes after the end of the game: Black lost its right to castle \
             queenside, which loses under castle after `2... Ke7`"
        ),
        "{out}"
    );
}
