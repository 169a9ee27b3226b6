//! The rules a game's `[Variant]` tag names, and the one wording of a name
//! that names none of the verified rules (the names themselves are
//! `chess_format`'s: [`chess_format::NAMES`]).

use chess_format::{NAMES, NameError, Named};

use crate::diagnostic::Diagnostic;
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
    variant_named(&value).map_err(|message| malformed(tag.value_range, message))
}

/// The rules a name stands for, as the `[Variant]` tag and the macros'
/// `#![variant(…)]` write it (see [`Named::from_name`]: lichess's names,
/// python-chess's and Cute Chess's; case, spaces, hyphens and underscores
/// do not matter); else why not, in words. The one wording of a name that
/// names no verified rules.
///
/// ```
/// use chess_core::syntax::variant_named;
/// use chess_format::Variant;
///
/// assert_eq!(variant_named("three_check").map(|n| n.variant), Ok(Variant::ThreeCheck));
/// assert!(variant_named("fischerandom").unwrap().chess960);
/// assert!(variant_named("suicide").unwrap_err().contains("Antichess"));
/// ```
pub fn variant_named(value: &str) -> Result<Named, String> {
    Named::from_name(value).map_err(|error| match error {
        NameError::Related(variant) => format!(
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
            format!(
                "the variant `{value}` is not one verified: {}",
                names.join(", ")
            )
        }
    })
}
