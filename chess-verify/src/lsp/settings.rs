//! `chess-verify.toml`: how the language server checks the PGN files of a
//! directory and the directories below it (the nearest file up from a
//! document counts). It names a rules file, for games under rules you
//! define, as `--rules` does, and the section of a `variants.ini` for
//! games whose `[Variant]` tag names none, as `--variant` does:
//!
//! ```toml
//! rules = "rules/variants.ini"   # relative to this file
//! variant = "capablanca"
//! ```

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use chess_core::RuleSets;
use serde::Deserialize;

/// The file's name.
pub const FILE: &str = "chess-verify.toml";

/// What the file may say.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    rules: Option<String>,
    variant: Option<String>,
}

/// The settings of one document.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The rule sets its games are checked under, if a rules file is named.
    pub rules: Option<Arc<RuleSets>>,
    /// What the settings were made from (the files' texts), to know when
    /// they changed.
    pub fingerprint: u64,
}

/// The settings of the document at `path`: from the nearest
/// `chess-verify.toml` in its directory or above, or none. An error says
/// what is wrong with the file or the rules file it names.
pub fn for_document(path: &Path) -> Result<Settings, SettingsError> {
    read_settings(path).map_err(|message| SettingsError { message })
}

/// What is wrong with a `chess-verify.toml`, or with the rules file it
/// names ([`for_document`]): a message that names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// The message, from the file's path.
    pub message: String,
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SettingsError {}

/// [`for_document`], its error a message.
fn read_settings(path: &Path) -> Result<Settings, String> {
    let Some(file) = path
        .ancestors()
        .skip(1)
        .map(|dir| dir.join(FILE))
        .find(|f| f.is_file())
    else {
        return Ok(Settings::default());
    };
    let shown = file.display();
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let written: Written =
        toml::from_str(&text).map_err(|e| format!("{shown}: {}", e.message()))?;
    let mut hasher = DefaultHasher::new();
    text.hash(&mut hasher);
    let Some(rules) = written.rules else {
        if written.variant.is_some() {
            return Err(format!(
                "{shown}: `variant` names a section of the rules file: give `rules` too"
            ));
        }
        return Ok(Settings {
            rules: None,
            fingerprint: hasher.finish(),
        });
    };
    let rules_path: PathBuf = file.parent().unwrap_or(Path::new(".")).join(rules);
    let rules_text = std::fs::read_to_string(&rules_path).unwrap_or_default();
    rules_text.hash(&mut hasher);
    let sets = crate::rules::load(&rules_path.display().to_string(), written.variant, false)
        .map_err(|e| format!("{shown}: the rules file it names: {e}"))?;
    Ok(Settings {
        rules: Some(Arc::new(sets)),
        fingerprint: hasher.finish(),
    })
}

/// The file path of a `file:` URI's path, percent-decoded.
pub fn path_of(uri_path: &str) -> PathBuf {
    let bytes = uri_path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    PathBuf::from(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uri_path_is_percent_decoded() {
        assert_eq!(
            path_of("/games/my%20club/a.pgn"),
            PathBuf::from("/games/my club/a.pgn")
        );
        assert_eq!(path_of("/g/%E2%99%98.pgn"), PathBuf::from("/g/♘.pgn"));
        assert_eq!(path_of("/100%"), PathBuf::from("/100%"));
    }

    #[test]
    fn the_nearest_file_counts_and_names_a_rules_file() {
        let dir =
            std::env::temp_dir().join(format!("chess-verify-settings-{}", std::process::id()));
        let games = dir.join("club/2026");
        std::fs::create_dir_all(&games).unwrap();
        // None anywhere: no settings.
        assert!(for_document(&games.join("a.pgn")).unwrap().rules.is_none());
        std::fs::write(dir.join(FILE), "rules = \"chess.ini\"\n").unwrap();
        std::fs::write(
            dir.join("chess.ini"),
            include_str!("../../../chess-rules/rules/chess.ini"),
        )
        .unwrap();
        let settings = for_document(&games.join("a.pgn")).unwrap();
        assert_eq!(settings.rules.unwrap().sets.len(), 1);
        // A closer file wins; what is wrong with it is said.
        std::fs::write(dir.join("club").join(FILE), "rulez = 1\n").unwrap();
        let error = for_document(&games.join("a.pgn")).unwrap_err().message;
        assert!(error.contains("unknown field `rulez`"), "{error}");
        std::fs::write(dir.join("club").join(FILE), "rules = \"missing.ini\"\n").unwrap();
        let error = for_document(&games.join("a.pgn")).unwrap_err().message;
        assert!(
            error.contains("the rules file it names") && error.contains("cannot read"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
