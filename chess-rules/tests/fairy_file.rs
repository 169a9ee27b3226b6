//! Fairy-Stockfish's variants as Fairy-Stockfish itself plays them:
//! `tests/fairy/oracle.txt` (written by `make_oracle.py` with pyffish)
//! holds, for each of its 121 built-in variants and each section of its
//! own `variants.ini`, the start position and perft to depth 3 (2 where
//! 3 is large). Every variant chess-rules plays must give the same; the
//! others are refused with a reason.

use chess_rules::{Position, ini};

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
    let board = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(board(&start.fen()), board(&theirs.fen), "{}", theirs.name);
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

#[test]
fn built_in_variants_played_agree_with_fairy_stockfish() {
    let builtin = oracle("builtin");
    assert_eq!(builtin.len(), 121);
    let mut played = Vec::new();
    for theirs in &builtin {
        match ini::builtin(&theirs.name).expect("every built-in name is known") {
            Ok(rules) => {
                agrees(&rules, theirs);
                played.push(theirs.name.as_str());
            }
            Err(why) => assert!(!why.is_empty()),
        }
    }
    eprintln!(
        "{} of 121 built-in variants played: {played:?}",
        played.len()
    );
    assert!(played.len() >= 3, "{played:?}");
}

/// Fairy-Stockfish's own `variants.ini`, from `../shared/reference`
/// (`VERIFIED_CHESS_REFERENCE`, else `reference` beside
/// `VERIFIED_CHESS_DATA`, else `../shared/reference` beside the
/// repository): the whole file loads, each section plays as
/// Fairy-Stockfish plays it or is refused with a reason.
#[test]
#[ignore = "reads ../shared/reference: cargo test -p chess-rules --test fairy_file -- --ignored"]
fn the_real_variants_ini_loads_and_agrees_with_fairy_stockfish() {
    let dir = std::env::var_os("VERIFIED_CHESS_REFERENCE")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("VERIFIED_CHESS_DATA")
                .map(|d| std::path::PathBuf::from(d).join("../reference"))
        })
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference")
        });
    let text = std::fs::read_to_string(dir.join("fairy-stockfish-variants.ini"))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let sections = ini::sections(&text).expect("the whole file loads");
    let file = oracle("file");
    assert_eq!(sections.len(), file.len());
    let mut played = Vec::new();
    let mut refused = Vec::new();
    for (section, theirs) in sections.iter().zip(&file) {
        assert_eq!(section.name, theirs.name);
        match &section.rules {
            Ok(rules) => {
                agrees(rules, theirs);
                played.push(section.name.as_str());
            }
            Err(e) => refused.push(format!("{}: {e}", section.name)),
        }
    }
    eprintln!(
        "{} of {} sections played: {played:?}",
        played.len(),
        sections.len()
    );
    for r in &refused {
        eprintln!("refused {r}");
    }
    assert!(played.len() >= 8, "{played:?}");
}
