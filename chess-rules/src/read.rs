//! Which reader a rules file takes, decided by its name in one place.

use crate::error::Error;
use crate::rules::Rules;
use crate::{ini, yaml};

/// The rule sets of a rules file called `name`: a Fairy-Stockfish
/// `variants.ini` (a name ending in `.ini`, any case: one rule set per
/// section, named after it), or else a CustomChessKell YAML file (one
/// rule set, named after the file: `rules/mini.yaml` is `mini`).
///
/// ```
/// let sets = chess_rules::read("chess.ini", "[chess]\n").unwrap();
/// assert_eq!(sets[0].name, "chess");
/// let error = chess_rules::read("mini.yaml", "board_size: 3\n").unwrap_err();
/// assert_eq!(error.span, 12..13);
/// ```
pub fn read(name: &str, text: &str) -> Result<Vec<Rules>, Error> {
    if name.to_ascii_lowercase().ends_with(".ini") {
        return ini::variants(text);
    }
    let mut rules = yaml::rules(text)?;
    // A CustomChessKell file has no name: the rule set takes the file's.
    if let Some(stem) = std::path::Path::new(name)
        .file_stem()
        .and_then(|s| s.to_str())
    {
        rules.name = stem.to_string();
    }
    Ok(vec![rules])
}
