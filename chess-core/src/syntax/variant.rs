//! The rules a game's `[Variant]` tag names, and the one wording of a name
//! that names none of the verified rules (the names themselves are
//! `chess_format`'s: [`chess_format::NAMES`]).

use chess_format::{NAMES, NameError, Named};

use crate::diagnostic::{Diagnostic, Help};
use crate::input::Source;

use super::setup::malformed;
use super::tag::Tag;
use super::tree::GameRules;
use crate::rule_sets::RuleSets;

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
        let near = nearest_names(&value, None);
        match error.error {
            // The tag's value with its quotes is what the help replaces.
            NameError::Unknown if !near.is_empty() => d.with(Help::DidYouMean(
                near.iter().map(|name| format!("\"{name}\"")).collect(),
            )),
            _ => d,
        }
    })
}

/// The tags that name the players of a bughouse game's two boards (BPGN).
const BOARD_TAGS: [&str; 4] = ["WhiteA", "BlackA", "WhiteB", "BlackB"];

/// Whether a tag's name is one of BPGN's tags naming the players of a
/// bughouse game's two boards (`WhiteA`, `BlackA`, `WhiteB`, `BlackB`).
pub(crate) fn is_board_tag(name: &[u8]) -> bool {
    BOARD_TAGS
        .iter()
        .any(|t| t.as_bytes().eq_ignore_ascii_case(name))
}

/// The variant a game's tags name, and the tag that names it: its
/// `[Variant]` tag's value; else, for a game that names the players of
/// two boards (BPGN's `[WhiteA]`, `[BlackB]` …), `bughouse`.
///
/// ```
/// use chess_core::Source;
/// use chess_core::syntax::{Parser, variant_name};
///
/// let source = Source::text("[WhiteA \"Rabbos\"]\n\n1A. d4 *\n", None, None);
/// let game = Parser::new(&source).next().unwrap().unwrap();
/// assert_eq!(variant_name(&game.tags, &source).unwrap().0, "bughouse");
/// ```
pub fn variant_name<'t, 's>(
    tags: &'t [Tag],
    source: &'s Source,
) -> Option<(std::borrow::Cow<'s, str>, &'t Tag)> {
    if let Some(tag) = Tag::find(tags, source, "Variant") {
        return Some((tag.value(source), tag));
    }
    let board = tags
        .iter()
        .find(|t| is_board_tag(source.slice(t.name_range).as_bytes()))?;
    Some(("bughouse".into(), board))
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
    variant_named(value).is_err_and(|e| e.leaves_to_builtins())
        && chess_rules::builtin::find_960(value).is_some()
}

/// The rules a game whose `[Variant]` tag says `name` (`None`: it has
/// none) is read and replayed under, with the rule sets of a rules file
/// (`file`) or without: a section of the file; else the verified rules
/// (standard chess, Chess960 and lichess's seven, through shakmaty); else
/// one of Fairy-Stockfish's built-in variants, as Fairy-Stockfish reads a
/// `variants.ini` as additions to its built-ins; else, under a file, the
/// file's (where the name is reported as no section of it), and without
/// one the verified rules (where it is reported as no variant).
/// Names compare without case, spaces, hyphens and underscores.
///
/// ```
/// use chess_core::Source;
/// use chess_core::RuleSets;
/// use chess_core::syntax::{GameRules, game_rules};
///
/// let file = Source::text("[mine:chess]\n", Some("my.ini".into()), None);
/// let sets = RuleSets::read(&file).unwrap();
/// assert_eq!(game_rules(Some("Mine"), Some(&sets)), GameRules::File);
/// assert_eq!(game_rules(None, Some(&sets)), GameRules::File);
/// assert_eq!(game_rules(Some("Kingofthehill"), Some(&sets)), GameRules::Verified);
/// assert_eq!(game_rules(Some("Shogi"), Some(&sets)), GameRules::Builtin);
/// assert_eq!(game_rules(Some("nosuch"), Some(&sets)), GameRules::File);
/// assert_eq!(game_rules(Some("Kyoto shogi"), None), GameRules::Builtin);
/// assert_eq!(game_rules(Some("nosuch"), None), GameRules::Verified);
/// ```
pub fn game_rules(name: Option<&str>, file: Option<&RuleSets>) -> GameRules {
    match (name, file) {
        (None, Some(_)) => GameRules::File,
        (None, None) => GameRules::Verified,
        (Some(name), Some(file)) if file.has(name) => GameRules::File,
        (Some(name), _) if variant_named(name).is_ok() => GameRules::Verified,
        (Some(name), _) if names_builtin(name) => GameRules::Builtin,
        (Some(_), Some(_)) => GameRules::File,
        (Some(_), None) => GameRules::Verified,
    }
}

/// The names a `[Variant]` tag may give nearest to `written`, nearest
/// first, at most three: among the sections of a rules file (`file`),
/// Fairy-Stockfish's built-in variants and the verified rules (by
/// lichess's names, matched through every alias). A name is near when a
/// few letters are wrong, missing or extra (a quarter of its letters, at
/// least one), or when one name holds the other whole (`gorogoroplus`
/// and `gorogoro`); names compare without case, spaces, hyphens and
/// underscores. Names of three letters or fewer are too short to guess.
///
/// ```
/// use chess_core::syntax::nearest_names;
///
/// assert_eq!(nearest_names("Crazyhose", None), ["Crazyhouse"]);
/// assert_eq!(nearest_names("Gorogoroplus", None), ["gorogoro"]);
/// assert_eq!(nearest_names("kyoto", None), ["kyotoshogi"]);
/// assert!(nearest_names("zh", None).is_empty());
/// ```
pub fn nearest_names(written: &str, file: Option<&RuleSets>) -> Vec<String> {
    let plain = |name: &str| -> String {
        name.chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let written = plain(written);
    if written.chars().count() < 4 {
        return Vec::new();
    }
    let sections = file.into_iter().flat_map(|f| {
        (f.sets.iter().map(|r| r.name.as_str())).chain(f.refused.iter().map(|r| r.name.as_str()))
    });
    let builtins = chess_rules::builtin::names().iter().copied();
    let verified = NAMES.iter().flat_map(|entry| {
        std::iter::once((entry.name, entry.name))
            .chain(entry.aliases.iter().map(|alias| (entry.name, *alias)))
    });
    // (A name of lichess's that is a built-in variant's too is read as
    // lichess's: it is proposed once, as lichess writes it.)
    let candidates = (sections.map(|name| (name, name)))
        .chain(verified)
        .chain(builtins.map(|name| (name, name)));
    let mut near: Vec<(usize, &str)> = Vec::new();
    for (name, spelt) in candidates {
        let spelt = plain(spelt);
        if spelt.chars().count() < 4 {
            continue;
        }
        let edits = strsim::levenshtein(&written, &spelt);
        let allowed = (spelt.chars().count() / 4).max(1);
        let holds = written.contains(&spelt) || spelt.contains(&written);
        // (A name one holds whole comes after every name a few letters
        // off, the nearest in length first.)
        let distance = match edits {
            _ if edits <= allowed => edits,
            _ if holds => usize::MAX / 2 + edits,
            _ => continue,
        };
        if !near.iter().any(|&(_, n)| chess_format::same_name(n, name)) {
            near.push((distance, name));
        }
    }
    near.sort_by_key(|&(distance, _)| distance);
    near.into_iter()
        .take(3)
        .map(|(_, name)| name.to_string())
        .collect()
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
    fn near_names_are_proposed_from_every_source() {
        let near = |name: &str| nearest_names(name, None);
        assert_eq!(near("Crazyhose"), ["Crazyhouse"]);
        assert_eq!(near("three chek"), ["Three-check"]);
        assert_eq!(near("Atomik")[0], "Atomic");
        // Fairy-Stockfish's built-in variants too.
        assert_eq!(near("Shogii"), ["shogi"]);
        assert_eq!(near("Kyoto-Shogy"), ["kyotoshogi"]);
        assert_eq!(near("Chess 906")[0], "Chess960");
        assert!(near("Quantum").is_empty());
        // Too short to guess.
        assert!(near("zh").is_empty());
        // A rules file's sections first.
        let file = Source::text("[gorogoroplus:gorogoro]\n", Some("p.ini".into()), None);
        let sets = RuleSets::read(&file).unwrap();
        assert_eq!(nearest_names("gorogoroplu", Some(&sets))[0], "gorogoroplus");
    }
}
