//! Which reader a rules file takes, decided by its name in one place.

use crate::error::Error;
use crate::ini::{self, Section};
use crate::yaml;

/// The sections of a rules file called `name`, each a rule set or why it
/// cannot be played: a Fairy-Stockfish `variants.ini` (a name ending in
/// `.ini`, any case: one section per variant, named after it), or else a
/// CustomChessKell YAML file (one rule set, named after the file:
/// `rules/mini.yaml` is `mini`). The error is the file's, when it cannot
/// be read at all.
///
/// ```
/// let sets = chess_rules::read("chess.ini", "[mine:chess]\n[gating:chess]\ngating = true\n").unwrap();
/// assert_eq!(sets[0].rules.as_ref().unwrap().name, "mine");
/// assert!(sets[1].rules.is_err());
/// let error = chess_rules::read("mini.yaml", "board_size: 3\n").unwrap_err();
/// assert_eq!(error.span, 12..13);
/// ```
pub fn read(name: &str, text: &str) -> Result<Vec<Section>, Error> {
    if name.to_ascii_lowercase().ends_with(".ini") {
        return ini::sections(text);
    }
    let mut rules = yaml::rules(text)?;
    // A CustomChessKell file has no name: the rule set takes the file's.
    if let Some(stem) = std::path::Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
    {
        rules.name = stem.to_string();
    }
    Ok(vec![Section {
        name: rules.name.clone(),
        parent: None,
        header: 0..0,
        rules: Ok(rules),
    }])
}
