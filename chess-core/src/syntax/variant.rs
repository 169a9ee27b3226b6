//! The rules a game's `[Variant]` tag names, and the one wording of a name
//! that names none of the verified rules (the names themselves are
//! `chess_format`'s: [`chess_format::NAMES`]).

use chess_format::{NAMES, NameError, Named};

use crate::diagnostic::words::one_edit;
use crate::diagnostic::{Diagnostic, Help};
use crate::input::Source;

use super::setup::malformed;
use super::tag::Tag;

/// The rules the `[Variant]` tag among `tags` names (standard chess when
/// there is none).
pub(crate) fn variant(tags: &[Tag], source: &Source) -> Result<Named, Diagnostic> {
    variant_of(Tag::find(tags, source, "Variant"), source)
}

/// The rules a `[Variant]` tag names (standard chess without one).
pub(crate) fn variant_of(tag: Option<&Tag>, source: &Source) -> Result<Named, Diagnostic> {
    let Some(tag) = tag else {
        return Ok(Named::STANDARD);
    };
    let value = tag.value(source);
    variant_named(&value).map_err(|error| {
        let d = malformed(tag.value_range, error.to_string());
        match near_name(&value) {
            // The tag's value with its quotes is what the help replaces.
            Some(name) if error.error == NameError::Unknown => {
                d.with(Help::DidYouMean(vec![format!("\"{name}\"")]))
            }
            _ => d,
        }
    })
}

/// Whether a `[Variant]` tag's value names one of Fairy-Stockfish's
/// built-in variants that none of the verified rules is (`coregal`,
/// `xiangqi`, and `giveaway`, `suicide`, `losers`, whose rules differ
/// from lichess's Antichess: Fairy-Stockfish plays them under their own
/// names): such a game is read and replayed under that variant's rules
/// ([`RuleSets::builtins`](super::RuleSets::builtins)).
///
/// ```
/// use chess_core::syntax::names_builtin;
///
/// assert!(names_builtin(" Coregal"));
/// assert!(names_builtin("xiangqi"));
/// assert!(names_builtin("shogi")); // (refused when checked: not played yet)
/// assert!(!names_builtin("crazyhouse")); // lichess's, through shakmaty
/// assert!(names_builtin("giveaway")); // not lichess's Antichess
/// assert!(!names_builtin("giveawaychess")); // no built-in variant's name
/// assert!(!names_builtin("nosuch"));
/// ```
pub fn names_builtin(value: &str) -> bool {
    let name = value.trim().to_ascii_lowercase();
    variant_named(&name).is_err_and(|e| e.leaves_to_builtins())
        && chess_rules::builtin::names().contains(&name.as_str())
}

/// The name of the verified rules one edit (a wrong, missing or extra
/// letter) from `written` (case, spaces, hyphens and underscores aside):
/// `Crazyhose` → `Crazyhouse`.
fn near_name(written: &str) -> Option<&'static str> {
    let plain = |name: &str| -> String {
        name.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let written: Vec<char> = plain(written).chars().collect();
    if written.len() < 4 {
        return None;
    }
    NAMES
        .iter()
        .find(|entry| {
            std::iter::once(entry.name)
                .chain(entry.aliases.iter().copied())
                .any(|name| name.len() >= 4 && one_edit(&written, &plain(name)))
        })
        .map(|entry| entry.name)
}

/// The rules a name stands for, as the `[Variant]` tag and the macros'
/// `#![variant(…)]` write it (see [`Named::from_name`]: lichess's names,
/// python-chess's and Cute Chess's; case, spaces, hyphens and underscores
/// do not matter); else why not ([`UnknownVariant`] words it).
///
/// ```
/// use chess_core::syntax::variant_named;
/// use chess_format::Variant;
///
/// assert_eq!(variant_named("three_check").map(|n| n.variant), Ok(Variant::ThreeCheck));
/// assert!(variant_named("fischerandom").unwrap().chess960);
/// assert!(variant_named("suicide").unwrap_err().to_string().contains("Antichess"));
/// ```
pub fn variant_named(value: &str) -> Result<Named, UnknownVariant> {
    Named::from_name(value).map_err(|error| UnknownVariant {
        name: value.to_string(),
        error,
    })
}

/// A name that names none of the verified rules, and why
/// ([`variant_named`]); `Display` is the one wording of it (the
/// `[Variant]` tag's error, `#![variant(…)]`'s, `chess-verify
/// --variant`'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant {
    /// The name as written.
    pub name: String,
    /// Why it names no verified rules.
    pub error: NameError,
}

impl UnknownVariant {
    /// Whether the name may be one of Fairy-Stockfish's built-in variants:
    /// it names none of the verified rules, or rules lichess's differ
    /// from (`giveaway`).
    pub fn leaves_to_builtins(&self) -> bool {
        matches!(self.error, NameError::Unknown | NameError::Related(_))
    }
}

impl std::fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let value = &self.name;
        match self.error {
            NameError::Related(variant) => write!(
                f,
                "`{value}` is not verified: its rules differ from lichess's {0} (castling, or who wins a stalemate); write `[Variant \"{0}\"]` if the game was played under those",
                variant.name()
            ),
            NameError::Unknown => {
                let names: Vec<&str> = NAMES
                    .iter()
                    .map(|entry| {
                        if entry.rules == Named::STANDARD {
                            "standard chess"
                        } else {
                            entry.name
                        }
                    })
                    .collect();
                write!(
                    f,
                    "the variant `{value}` is not one verified: {}",
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for UnknownVariant {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_one_letter_off_is_proposed() {
        assert_eq!(near_name("Crazyhose"), Some("Crazyhouse"));
        assert_eq!(near_name("three chek"), Some("Three-check"));
        assert_eq!(near_name("Chess 906"), None);
        assert_eq!(near_name("Atomik"), Some("Atomic"));
        assert_eq!(near_name("Shogi"), None);
        // Too short to guess.
        assert_eq!(near_name("zh"), None);
    }
}
