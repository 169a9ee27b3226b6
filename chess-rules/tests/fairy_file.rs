//! Fairy-Stockfish's variants as Fairy-Stockfish itself plays them:
//! `tests/fairy/oracle.txt` (written by `make_oracle.py` with pyffish)
//! holds, for each of its 121 built-in variants and each section of its
//! own `variants.ini`, the start position and perft to depth 3 (2 where
//! 3 is large). Every variant chess-rules plays must give the same; the
//! others are refused with a reason. `guide/fairy_stockfish.md` lists
//! them all: the tests hold it to what is played and refused
//! (`VERIFIED_CHESS_BLESS=1` rewrites it after a change).

use chess_rules::{Position, ini};

/// The guide's page of Fairy-Stockfish's variants.
const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../guide/fairy_stockfish.md");

/// One row of a table: the variant and what is done with it.
fn row(name: &str, played: Result<&Played, &str>) -> String {
    match played {
        Ok(p) => {
            let counts: Vec<String> = p.perft.iter().map(|n| n.to_string()).collect();
            format!("| `{name}` | plays (perft {}) |\n", counts.join(", "))
        }
        // Markdown: no table cell ends, no link begins.
        Err(why) => format!(
            "| `{name}` | {} |\n",
            why.replace('|', "\\|")
                .replace('[', "\\[")
                .replace(']', "\\]")
        ),
    }
}

/// A table of `rows`, with its count of variants that play.
fn table(title: &str, rows: &[(String, bool)]) -> String {
    let plays = rows.iter().filter(|(_, p)| *p).count();
    let mut out = format!(
        "## {title}\n\n{plays} of {} play.\n\n| variant | here |\n|---|---|\n",
        rows.len()
    );
    for (r, _) in rows {
        out.push_str(r);
    }
    out
}

/// Holds the guide's page to `expected`, or rewrites it with
/// `VERIFIED_CHESS_BLESS=1`; with `whole` false, only that the page holds
/// `expected`.
fn guide_page(expected: &str, whole: bool) {
    if std::env::var_os("VERIFIED_CHESS_BLESS").is_some() && whole {
        std::fs::write(TABLES, expected).unwrap();
        return;
    }
    let page = std::fs::read_to_string(TABLES).unwrap();
    if whole {
        assert_eq!(
            page, expected,
            "guide/fairy_stockfish.md is not up to date (VERIFIED_CHESS_BLESS=1)"
        );
    } else {
        assert!(
            page.contains(expected),
            "guide/fairy_stockfish.md is not up to date (VERIFIED_CHESS_BLESS=1)"
        );
    }
}

/// The page's text before its tables.
const PAGE_HEAD: &str = "# Fairy-Stockfish's variants

Which of Fairy-Stockfish's variants chess-rules plays: its built-in
variants by name, the sections of its own `variants.ini` (the file in
its repository, 143 sections), and those of pychess.org's (the file its
server loads over the built-in variants, 34 sections; a section
Fairy-Stockfish does not load is not listed). A variant that plays gives
Fairy-Stockfish's start position and its perft (the counts to depth 3,
or 2 where 3 is large, written here), and replays two games pyffish
played in it move by move — the same legal moves at every ply, each
move written alike in SAN, the same end (a flag reached, a kind of
piece gone, checkmate, stalemate) — pyffish is the oracle
(`chess-rules/tests/fairy/make_oracle.py`, `make_games.py`); one that
does not play is refused, and a game under it fails, with the reason
below. The tests (`chess-rules/tests/fairy_file.rs`) hold this page to
what the engine does.

";

/// One variant of the oracle: its name, start position and perft counts.
struct Played {
    name: String,
    fen: String,
    perft: Vec<u64>,
}

fn oracle(kind: &str) -> Vec<Played> {
    let text = include_str!("fairy/oracle.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells[0] == kind)
        .map(|cells| Played {
            name: cells[1].to_string(),
            fen: cells[2].to_string(),
            perft: cells[3..].iter().map(|n| n.parse().unwrap()).collect(),
        })
        .collect()
}

/// Checks `rules` against what Fairy-Stockfish plays.
fn agrees(rules: &chess_rules::Rules, theirs: &Played) {
    let start = Position::start(rules).unwrap_or_else(|e| panic!("{}: {e}", theirs.name));
    // The board and the side to move (White's where a start position
    // leaves it out, as nim's does).
    // (An empty hand may be left out, or written `[-]`, as some of
    // Fairy-Stockfish's start positions have it; the pieces in hand are
    // compared whatever their order: a start position is given as its
    // rule set writes it.)
    let board = |fen: &str| {
        let mut fields = fen.split(' ');
        let board = fields.next().unwrap_or_default();
        let (board, hand) = board.split_once('[').unwrap_or((board, "]"));
        let mut hand: Vec<char> = hand
            .trim_end_matches(']')
            .replace('-', "")
            .chars()
            .collect();
        hand.sort_unstable();
        let hand: String = hand.into_iter().collect();
        format!("{board}[{hand}] {}", fields.next().unwrap_or("w"))
    };
    // (Where nothing is dropped, marks of promoted pieces change no
    // move and Fairy-Stockfish's FEN leaves them out: pyffish's `get_fen`
    // of jieqi's start, written with them, has none.)
    let fen = match rules.drops {
        Some(_) => theirs.fen.clone(),
        None => theirs.fen.replace('~', ""),
    };
    assert_eq!(board(&start.fen()), board(&fen), "{}", theirs.name);
    for (depth, &nodes) in theirs.perft.iter().enumerate() {
        assert_eq!(
            start.perft(depth as u32 + 1),
            nodes,
            "{} perft {}",
            theirs.name,
            depth + 1
        );
    }
}

/// The rows of the built-in variants: each plays as Fairy-Stockfish
/// plays it, or is refused with a reason.
fn builtin_rows() -> Vec<(String, bool)> {
    let builtin = oracle("builtin");
    assert_eq!(builtin.len(), 121);
    builtin
        .iter()
        .map(
            |theirs| match ini::builtin(&theirs.name).expect("every built-in name is known") {
                Ok(rules) => {
                    agrees(&rules, theirs);
                    (row(&theirs.name, Ok(theirs)), true)
                }
                Err(refused) => (row(&theirs.name, Err(&refused.why)), false),
            },
        )
        .collect()
}

#[test]
fn built_in_variants_played_agree_with_fairy_stockfish() {
    let rows = builtin_rows();
    let played = rows.iter().filter(|(_, p)| *p).count();
    assert!(played >= 102, "{played}");
    guide_page(&table("Built-in variants", &rows), false);
}

/// What keeps a variant from playing may be set back by a section that
/// starts from it: three-check without its check counting is chess, and
/// king of the hill without its flag region too (a flag piece alone
/// does nothing).
/// Positions in the middle of a game (`fairy/positions.txt`, written by
/// `make_positions.py`): their FEN read and written back, and perft from
/// them as Fairy-Stockfish counts it — for rules a start position does
/// not reach within a few plies (pieces in hand and their drops, drop
/// regions, shogi's nifu), of built-in variants and of the sections of
/// `fairy/positions.ini`.
#[test]
fn positions_in_play_count_as_fairy_stockfish_counts() {
    let text = include_str!("fairy/positions.txt");
    let sections = ini::sections(include_str!("fairy/positions.ini")).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let cells: Vec<&str> = line.split('\t').collect();
        let (variant, fen) = (cells[0], cells[1]);
        let rules = match sections.iter().find(|s| s.name == variant) {
            Some(section) => section.rules.clone().unwrap(),
            None => ini::builtin(variant).unwrap().unwrap(),
        };
        let pos = Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "{variant}");
        for (depth, n) in cells[2..].iter().enumerate() {
            let n: u64 = n.parse().unwrap();
            assert_eq!(
                pos.perft(depth as u32 + 1),
                n,
                "{variant} {fen} perft {}",
                depth + 1
            );
        }
        checked += 1;
    }
    assert!(checked >= 200, "{checked}");
}

#[test]
fn a_section_may_set_back_what_its_parent_needs() {
    let text = "[plain:3check]\ncheckCounting = false\n\
                startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                [hill:kingofthehill]\nflagRegionWhite = -\nflagRegionBlack =\n\
                [dking:chess]\ncastlingKingFile = d\n[still:dking]\n";
    let sections = ini::sections(text).unwrap();
    for section in &sections[..2] {
        let rules = section.rules.as_ref().unwrap();
        assert_eq!(
            Position::start(rules).unwrap().perft(3),
            8_902,
            "{}",
            section.name
        );
    }
    let refused = sections[3].rules.as_ref().unwrap_err();
    assert_eq!(&text[refused.span.clone()], "dking");
    assert!(
        refused
            .message
            .contains("`dking` has `castlingKingFile = d`"),
        "{refused:?}"
    );
}

/// A pawn's move that its destination alone does not name is written as a
/// piece's, as Fairy-Stockfish writes it (`pyffish.get_san` of pyffish
/// 0.0.90 gave each of these), and reads back.
#[test]
fn pawns_that_step_aside_are_written_as_fairy_stockfish_writes_them() {
    let allways =
        ini::sections("[allwayspawns:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n")
            .unwrap();
    let allways = allways[0].rules.as_ref().unwrap();
    let berolina = ini::builtin("berolina").unwrap().unwrap();
    for (rules, fen, uci, san) in [
        (
            allways,
            "r1bqkbnr/1ppppp1p/2n3p1/p7/3P3P/3Q4/PPP1PPP1/RNB1KBNR w KQkq a6 0 4",
            "e2d2",
            "Ped2",
        ),
        (
            allways,
            "r1bqkbnr/1ppppp1p/2n3p1/p7/3P3P/3Q4/PPP1PPP1/RNB1KBNR w KQkq a6 0 4",
            "c2d2",
            "Pcd2",
        ),
        (allways, "4k3/8/8/8/3P4/8/3P4/4K3 w - - 0 1", "d4d3", "P4d3"),
        (allways, "4k3/8/8/8/3P4/8/3P4/4K3 w - - 0 1", "d2d3", "P2d3"),
        (
            &berolina,
            "4k3/8/8/8/8/8/2P1P3/4K3 w - - 0 1",
            "c2d3",
            "Pcd3",
        ),
        (
            &berolina,
            "4k3/8/8/8/8/8/2P1P3/4K3 w - - 0 1",
            "e2d3",
            "Ped3",
        ),
        (&berolina, "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1", "c2d3", "Pd3"),
    ] {
        let pos = Position::from_fen(rules, fen).unwrap();
        let m = pos
            .parse_move(uci)
            .unwrap_or_else(|| panic!("{uci} in {fen}"));
        assert_eq!(pos.san(m), san, "{uci} in {fen}");
        assert_eq!(pos.parse_move(san), Some(m), "{san} in {fen}");
    }
}

/// A rules file of `../shared/reference` (`VERIFIED_CHESS_REFERENCE`,
/// else `reference` beside `VERIFIED_CHESS_DATA`, else
/// `../shared/reference` beside the repository): Fairy-Stockfish's own
/// `variants.ini`, `fairy-stockfish-variants.ini`, or pychess.org's,
/// `pychess-variants.ini`.
fn reference(name: &str) -> String {
    let dir = std::env::var_os("VERIFIED_CHESS_REFERENCE")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("VERIFIED_CHESS_DATA")
                .map(|d| std::path::PathBuf::from(d).join("../reference"))
        })
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference")
        });
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}

/// The rows of a rules file of `../shared/reference` ([`reference`]),
/// whole, against the oracle's rows of `kind`: each section plays as
/// Fairy-Stockfish plays it, or is refused with a reason.
fn file_rows(name: &str, kind: &str) -> Vec<(String, bool)> {
    let text = reference(name);
    let sections = ini::sections(&text).expect("the whole file loads");
    let theirs = oracle(kind);
    let mut rows = Vec::new();
    for theirs in &theirs {
        let section = (sections.iter().find(|s| s.name == theirs.name))
            .unwrap_or_else(|| panic!("{name}: no section {}", theirs.name));
        rows.push(match &section.rules {
            Ok(rules) => {
                agrees(rules, theirs);
                (row(&section.name, Ok(theirs)), true)
            }
            Err(e) => {
                let why = format!("line {}: {}", e.line, e.message);
                (row(&section.name, Err(&why)), false)
            }
        });
    }
    // (Fairy-Stockfish loads every section of both.)
    assert_eq!(rows.len(), sections.len(), "{name}");
    rows
}

/// Both real files load ([`reference`]), each section plays as
/// Fairy-Stockfish plays it or is refused with a reason.
#[test]
#[ignore = "reads ../shared/reference: cargo test -p chess-rules --test fairy_file -- --ignored"]
fn the_real_variants_ini_loads_and_agrees_with_fairy_stockfish() {
    let rows = file_rows("fairy-stockfish-variants.ini", "file");
    let played = rows.iter().filter(|(_, p)| *p).count();
    assert!(played >= 120, "{played}");
    let pychess = file_rows("pychess-variants.ini", "pychess");
    let played = pychess.iter().filter(|(_, p)| *p).count();
    assert!(played >= 25, "{played}");
    let page = format!(
        "{PAGE_HEAD}{}\n{}\n{}",
        table("Built-in variants", &builtin_rows()),
        table("Fairy-Stockfish's own variants.ini", &rows),
        table("pychess.org's variants.ini", &pychess)
    );
    guide_page(&page, true);
}

/// One game Fairy-Stockfish played (`tests/fairy/games.txt`, written by
/// `make_games.py`).
struct Game {
    name: String,
    moves: Vec<String>,
    counts: Vec<usize>,
    sans: Vec<String>,
    end: String,
    refused: String,
}

/// The games of `kind` (`builtin`, `file` or `pychess`).
fn games(kind: &str) -> Vec<Game> {
    let split = |s: &str| {
        s.split(' ')
            .filter(|m| !m.is_empty())
            .map(String::from)
            .collect()
    };
    include_str!("fairy/games.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells[0] == kind)
        .map(|cells| Game {
            name: cells[1].to_string(),
            moves: split(cells[2]),
            counts: cells[3].split(',').map(|n| n.parse().unwrap()).collect(),
            sans: split(cells[4]),
            end: cells[5].to_string(),
            refused: cells[6].to_string(),
        })
        .collect()
}

/// Replays `game` under `rules` as Fairy-Stockfish played it: the same
/// number of legal moves before each move (listed and counted), each move legal and written
/// alike in SAN, the same end (a result for the side to move, or none),
/// and its refused move refused.
fn replays(rules: &chess_rules::Rules, game: &Game) {
    let mut pos = Position::start(rules).unwrap();
    let at = |i: usize| format!("{} after {:?}", game.name, &game.moves[..i]);
    for (i, uci) in game.moves.iter().enumerate() {
        let legal = pos.legal_moves();
        assert_eq!(legal.len(), game.counts[i], "legal moves, {}", at(i));
        assert_eq!(pos.perft(1), game.counts[i] as u64, "counted, {}", at(i));
        let m = *legal
            .iter()
            .find(|m| pos.uci(**m) == *uci)
            .unwrap_or_else(|| panic!("{uci} is not legal here, {}", at(i)));
        let san = pos.san(m);
        // Fairy-Stockfish marks only a king's check: a move that attacks
        // a piece royal while few (coregal's queen) it writes without
        // `+` (or `#`), which chess-rules writes as it writes any check.
        let king_checked = {
            let after = pos.play(m);
            let g = rules.geometry;
            g.squares().any(|sq| {
                after.is_royal(sq)
                    && after.piece_at(sq).is_some_and(|p| {
                        p.color == after.turn() && rules.pieces[usize::from(p.kind)].royal
                    })
                    && after.attacked(sq, !after.turn())
            })
        };
        if rules.royal_while_few.is_some() && !king_checked {
            assert_eq!(
                san.trim_end_matches(['+', '#']),
                game.sans[i],
                "SAN of {uci}, {}",
                at(i)
            );
        } else {
            assert_eq!(san, game.sans[i], "SAN of {uci}, {}", at(i));
        }
        pos = pos.play(m);
    }
    let n = game.moves.len();
    assert_eq!(
        pos.legal_moves().len(),
        game.counts[n],
        "legal moves, {}",
        at(n)
    );
    let winner = pos.outcome().map(|o| o.winner(pos.turn()));
    let expected = match game.end.as_str() {
        "-" => None,
        "win" => Some(Some(pos.turn())),
        "loss" => Some(Some(!pos.turn())),
        "draw" => Some(None),
        other => panic!("{other}"),
    };
    assert_eq!(winner, expected, "the end, {} ({:?})", at(n), pos.outcome());
    if game.refused != "-" {
        assert!(
            pos.legal_moves()
                .iter()
                .all(|m| pos.uci(*m) != game.refused),
            "{} is refused by Fairy-Stockfish, {}",
            game.refused,
            at(n)
        );
    }
}

#[test]
fn games_of_built_in_variants_replay_as_fairy_stockfish_played_them() {
    let games = games("builtin");
    assert!(games.len() >= 2 * 102, "{}", games.len());
    for game in &games {
        let rules = ini::builtin(&game.name).unwrap().unwrap();
        replays(&rules, game);
    }
}

/// Fairy-Stockfish's own `variants.ini`, from `../shared/reference`: see
/// [`the_real_variants_ini_loads_and_agrees_with_fairy_stockfish`].
#[test]
#[ignore = "reads ../shared/reference: cargo test -p chess-rules --test fairy_file -- --ignored"]
fn games_of_the_real_variants_ini_replay_as_fairy_stockfish_played_them() {
    let sections = ini::sections(&reference("fairy-stockfish-variants.ini")).unwrap();
    let games = games("file");
    assert!(games.len() >= 2 * 120, "{}", games.len());
    for game in &games {
        let section = sections.iter().find(|s| s.name == game.name).unwrap();
        replays(section.rules.as_ref().unwrap(), game);
    }
}

/// pychess.org's `variants.ini`, from `../shared/reference`: its sections
/// that play replay games pyffish played under that file.
#[test]
#[ignore = "reads ../shared/reference: cargo test -p chess-rules --test fairy_file -- --ignored"]
fn games_of_pychess_variants_ini_replay_as_fairy_stockfish_played_them() {
    let sections = ini::sections(&reference("pychess-variants.ini")).unwrap();
    let games = games("pychess");
    assert!(games.len() >= 2 * 29, "{}", games.len());
    for game in &games {
        let section = sections.iter().find(|s| s.name == game.name).unwrap();
        replays(section.rules.as_ref().unwrap(), game);
    }
}

/// Shatar's mates, as Fairy-Stockfish scores them (pyffish 0.0.90,
/// `game_result` at the end of these games it played, and of a position):
/// a mate after a series of checks with a shak loses; one by a knight wins
/// for the side mated; one by a bishop whose series held no shak draws, as
/// a side left with its king alone does (robado).
#[test]
fn shatar_mates_as_fairy_stockfish_scores_them() {
    use chess_rules::{EndRule, Ending};
    let rules = ini::builtin("shatar").unwrap().unwrap();
    let games = [
        (
            "e1d2 g8f6 a2a3 f6e4 d2e3 e4d6 g1h3 d6f5 e3f4 f5d4 c2c3 d8d6 h3g1 d6f6 f4e3 f6f4 e3f4 d4b5 g1f3 h8g8 f3d4 c8g4 a3a4 g4h5 f2f3 b5d6 d4c6 b8c6 g2g3 c6b4 d1e1 h5g4 f4g5 f7f6 g5f4 d6e4 f4g4 b4a6 c1h6 f6f5 g4f5 e4g3 f5g4 g7h6 g4f4 g8g4 f3g4 g3e2 f1e2 d5d4 e2b5 e8f7 e1d1 a8e8 b5c4 f7f6 g4g5 h6g5 f4e4 a6c5 e4d5 e7e6 d5d4 c5b3 d4e4 b3c5 e4d4 e6e5 d4d5 c7c6",
            Ending::Loss,
        ),
        (
            "a2a3 b7b6 g1f3 d8d7 f3e5 e8d8 c1g5 h7h6 g5e7 f8e7 d1c1 e7b4 c1d2 c8a6 e5f7 d8c8 f2f3 a6e2 f7g5 e2f3 h2h3 d7e6 e1f2 b8c6 f2g1 b4f8 a1a2 f3h5 f1a6 c8b8 h1h2 c6e7 g2g3 e6d7 a6c4 b6b5 c4f1 g8f6 d2e2 h8h7 b2b3 h6g5 b1d2 h7h6 a2a1 e7c8 e2d1 d7e7 d2f3 h5f7 d1d3 f6g4 a1c1 b8b7 d3e2 f7g8 c1a1 h6a6 h2f2 b7b6 e2e3 a6a5 e3d3 e7e8 d3e2 e8e7 e2e5 a8b8 a1d1 e7f6 e5f6 b6b7 f6b6 b7b6 f1b5 f8d6 f2g2 b8b7 b5c6 g7g6 f3e5 d6b4 d1a1 b4e7 e5d7 b6c6 a1d1 a5b5 g1h1 g8e6 h1g1 e7a3 d7e5 g4e5 d1d3 e5c4 d3d1 b7b8 g2e2 b5b6 d1b1 e6h3 g1h2 c4b2 e2e6 c6b5 e6e5 h3e6 e5d5 b5b4 d5b5 b4b5 b3b4 a7a6 h2g1 c8d6 d4d5 e6f7 c2c3 b8g8 g1g2 c7c6 g3g4 g8f8 c3c4 b5c4 b1c1 c4b4 c1c4 d6c4 g2h1 f8h8 h1g1 h8h1 g1h1 f7d5 h1h2 d5g2 h2g1 g2f3 g1f1 f3e2 f1e1 e2d1 e1f1 d1e2 f1g2 c4e3 g2g3 e3f1 g3f2 b2d1 f2e1 b4c3 e1e2 a3d6 e2d1 f1e3 d1e2 b6b5 e2f3 e3c2 f3g2 c6c5 g2f1 b5b7 f1g1 d6h2 g1h2 b7h7 h2g2 h7h2 g2f3 c2e1 f3e4 h2c2 e4e5 e1d3 e5d5 d3f4 d5e5 f4d3 e5e4 c3c4 e4e3 c2e2 e3f3 d3e5 f3e2 c4d5 e2e3 e5g4",
            Ending::Draw,
        ),
        ("", Ending::Draw),
        (
            "e1d2 c8h3 c2c3 g8f6 b1a3 f6e4 d2e1 h8g8 c1e3 b8c6 g2h3 d8d7 e3h6 a8d8 f2f3 d7c8 a1c1 a7a6 d1d2 e4d6 a3c4 a6a5 h6f4 c6b4 b2b3 b4d3 e2d3 c8a8 c4d6 e8d7 f1g2 d7e6 c1d1 d8d7 d2e3 e6f6 d6e8 f6g6 e3e7 d7e7 e1f2 a8d8 f4e5 a5a4 f3f4 b7b6 g2e4 g6h6 d1b1 e7e6 e4f3 d8e7 b1a1 c7c6 a1c1 e7b7 c1c2 e6e5 c2b2 f8c5 f3d5 e5e2 g1e2 b7a7 e2g1 c5f8 d5c4 a7d7 e8g7 d7d6 c4f7 d6c7 g7f5",
            Ending::Win,
        ),
    ];
    for (i, (moves, ending)) in games.into_iter().enumerate() {
        let mut pos = match i {
            2 => Position::from_fen(&rules, "5Kbk/7p/8/8/8/8/1B6/8 b - - 0 1").unwrap(),
            _ => Position::start(&rules).unwrap(),
        };
        for uci in moves.split_whitespace() {
            let m = (pos.legal_moves().into_iter())
                .find(|&m| pos.uci(m) == uci)
                .unwrap_or_else(|| panic!("{uci} in {}", pos.fen()));
            pos = pos.play(m);
        }
        let expected = match i {
            1 => EndRule::Extinction {
                color: chess_rules::Color::White,
                piece: '*',
                ending,
            },
            _ => EndRule::Checkmate(ending),
        };
        assert_eq!(pos.outcome(), Some(expected), "{}", pos.fen());
    }
}
