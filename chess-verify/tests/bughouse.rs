//! Bughouse games on two boards, as bughousedb.com records them in BPGN:
//! the five real records of `../shared/reference/bpgn/` verify across
//! both boards, and each corruption of one is refused at its move,
//! naming the board.

mod common;

use common::{dir, run, run_with};

/// The path of a record of `../shared/reference/bpgn/`.
fn record(name: &str) -> String {
    format!(
        "{}/../../shared/reference/bpgn/{name}.bpgn",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Checks `games` from standard input: the summary says `summary`, and
/// each `(message, at)` is a problem shown with its place.
fn refused(games: &str, summary: &str, problems: &[(&str, &str)]) {
    let (code, out, _) = run_with(&["-"], games.as_bytes());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(summary), "{summary}\n\n{out}");
    for (message, at) in problems {
        let shown = out
            .find(message)
            .unwrap_or_else(|| panic!("{message}\n\n{out}"));
        let next = out[shown..].lines().nth(1).unwrap();
        assert_eq!(next.trim_start(), format!("--> {at}"), "{out}");
    }
}

const RECORDS: [&str; 5] = ["1283326", "1934301", "1934461", "1934587", "1934660"];

#[test]
fn the_five_bughousedb_records_verify_across_both_boards() {
    let paths: Vec<String> = RECORDS.iter().map(|r| record(r)).collect();
    let args: Vec<&str> = paths.iter().map(String::as_str).collect();
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{out}{err}");
    // (1283326 is a game aborted after eight plies; the others are played
    // to a checkmate, a loss on time.)
    assert!(
        out.contains("checked 5 files: 5 games (5 legal, 440 plies), no errors"),
        "{out}"
    );
}

/// `name`'s record with `from` (a move as written, once in it) made `to`:
/// the record, and the line and column of the move.
fn corrupted(name: &str, from: &str, to: &str) -> (String, usize, usize) {
    let text = std::fs::read_to_string(record(name)).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from} in {name}");
    let at = text.find(from).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    (text.replacen(from, to, 1), line, col)
}

#[test]
fn a_corrupted_record_is_refused_at_the_move_naming_the_board() {
    let cases = [
        // A queen the partner never took, dropped on board B.
        (
            "1934301",
            "5b. P@f6",
            "5b. Q@f6",
            "error[empty-pocket]: on board B: Black cannot play `5... Q@f6`: there is no queen in Black's pocket (pocket: N P)",
            "on board B, pieces in hand come from what the partner takes on board A",
            "Q@f6",
        ),
        // A knight move to a square it does not reach, on board A.
        (
            "1934301",
            "4A. Nc3",
            "4A. Nc4",
            "error[cannot-reach]: on board A: White cannot play `4. Nc4`",
            "",
            "Nc4",
        ),
        // A mate marked as a check.
        (
            "1934301",
            "23B. B@g7#",
            "23B. B@g7+",
            "error[wrong-marker]: on board B: `23. B@g7` is marked `+`, but it is checkmate",
            "write `B@g7#`",
            "+",
        ),
        // The number of a move of the other side.
        (
            "1934587",
            "27A. N@g4#",
            "27a. N@g4#",
            "error[wrong-move-number]",
            "",
            "27a.",
        ),
        // A result for the side checkmated on the board where the game
        // ended.
        (
            "1934301",
            "{BobBughouse checkmated} 1-0",
            "{BobBughouse checkmated} 0-1",
            "error[wrong-result]: on board B:",
            "",
            "0-1",
        ),
    ];
    for (name, from, to, message, help, covered) in cases {
        let (text, line, col) = corrupted(name, from, to);
        let col = col + to.find(covered).unwrap();
        let path = dir("bughouse").join(format!("{name}.bpgn"));
        std::fs::write(&path, &text).unwrap();
        let (code, out, _) = run(&[path.to_str().unwrap()]);
        assert_eq!(code, 1, "{out}");
        assert!(out.contains(message), "{to}: {message}\n\n{out}");
        assert!(out.contains(help), "{to}: {help}\n\n{out}");
        let at = format!("{name}.bpgn:{line}:{col}");
        assert!(out.contains(&at), "{to}: {at}\n\n{out}");
        assert!(out.contains("1 error"), "{out}");
    }
}

#[test]
fn a_piece_taken_on_one_board_goes_to_the_partner_on_the_other() {
    // White takes a black pawn on board A: Black on board B may drop it
    // then, not before; and White on board A holds nothing.
    let game = |moves: &str| {
        format!("[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n\n{moves} *\n\n")
    };
    let games = [
        game("1A. e4 1B. d4 1a. d5 2A. exd5 1b. P@e6"),
        game("1A. e4 1B. d4 1a. d5 1b. P@e6 2A. exd5"),
        // Black takes a white pawn on board A: White on board B drops it.
        game("1A. e4 1B. d4 1a. d5 1b. e6 2A. exd5 2a. Qxd5 2B. P@e4"),
        // A ply without a board number is played on the board before.
        game("1A. e4 1a. e5 1B. d4 d5"),
        game("1A. e4 1B. d4 1a. d5 1b. e6 2B. P@e4"),
    ]
    .concat();
    refused(
        &games,
        "5 games (3 legal, 16 plies), 2 errors",
        &[
            (
                "error[empty-pocket]: on board B: Black cannot play `1... P@e6`: there is no pawn in Black's pocket (it is empty)",
                "<stdin>:13:26",
            ),
            (
                "error[empty-pocket]: on board B: White cannot play `2. P@e4`: there is no pawn in White's pocket (it is empty)",
                "<stdin>:34:33",
            ),
        ],
    );
}

#[test]
fn a_board_number_in_a_game_of_one_board_is_refused() {
    let (code, out, _) = run_with(&["-"], b"1A. e4 1a. e5 *\n");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[wrong-move-number]: this move number names a board, as a bughouse game's do, but the game is played on one board"),
        "{out}"
    );
    assert!(out.contains("<stdin>:1:1"), "{out}");
    // Under a variant of one board too.
    let (code, out, _) = run_with(&["-"], b"[Variant \"shatranj\"]\n\n1A. e3 *\n");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[wrong-move-number]: this move number names a board"),
        "{out}"
    );
    assert!(out.contains("<stdin>:3:1"), "{out}");
}

#[test]
fn a_check_a_drop_could_block_is_no_mate_as_fics_plays_it() {
    // Fool's mate on board A is no mate in bughouse: a piece dropped on f2
    // would block it, so White waits for one (its partner takes a pawn on
    // board B) and drops it; `#` there is refused. A check no drop can
    // block is mate, and ends the game on both boards.
    let game = |moves: &str| format!("[WhiteA \"a\"]\n[WhiteB \"b\"]\n\n{moves} *\n\n");
    let games = [
        game("1A. f3 1a. e5 2A. g4 2a. Qh4+ 1B. e4 1b. d5 2B. Nc3 2b. dxe4 3A. P@f2"),
        game("1A. f3 1a. e5 2A. g4 2a. Qh4#"),
        game("1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 4A. Qxf7# 1B. e4"),
    ]
    .concat();
    refused(
        &games,
        "3 games (1 legal, 9 plies), 2 errors",
        &[
            (
                "error[wrong-marker]: on board A: `2... Qh4` is marked `#`, but it is only check, not mate",
                "<stdin>:9:29",
            ),
            (
                "error[game-over]: on board B: `1. e4` comes after the end of the game: on board A, White checkmated Black with `4. Qxf7#`",
                "<stdin>:14:61",
            ),
        ],
    );
}
