//! Tag pairs: `[Event "World Championship"]`.

use crate::diagnostic::words::one_edit_by;
use crate::diagnostic::{Diagnostic, ErrorKind, Help};
use crate::input::{Range, Source};

use super::lexer;

/// A tag pair `[Name "value"]`, as ranges into the source (values are
/// unescaped only when asked for).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    /// The whole tag pair.
    pub range: Range,
    /// The name.
    pub name_range: Range,
    /// The value (with its quotes).
    pub value_range: Range,
}

impl Tag {
    /// The tag's name.
    pub fn name<'a>(&self, source: &'a Source) -> &'a str {
        source.slice(self.name_range)
    }

    /// The tag's value, unescaped.
    pub fn value<'a>(&self, source: &'a Source) -> std::borrow::Cow<'a, str> {
        lexer::string_value(source, self.value_range)
    }

    /// The first tag named `name` among `tags` (names of another length are
    /// passed over without looking at their text: this runs for every game
    /// of a file).
    pub fn find<'t>(tags: &'t [Tag], source: &Source, name: &str) -> Option<&'t Tag> {
        tags.iter()
            .find(|t| t.name_range.len() == name.len() && t.name(source) == name)
    }
}

/// The tags whose value changes what is verified, and what follows when
/// such a tag is not read.
const READ: [(&str, &str); 4] = [
    ("FEN", "the game starts from the standard position"),
    (
        "Variant",
        "the game is played by the rules of standard chess",
    ),
    ("PieceLetters", "the piece letters are read as English ones"),
    ("Stipulation", "no claim of a problem is proven"),
];

/// A `bad-tag` warning for each tag whose name is not one the verifier
/// reads but is one written in other case, or (for names of five letters
/// or more) one letter off: `[Fen "…"]`, `[Varient "…"]`. Tag names are
/// case-sensitive, so such a tag is passed over and its setup or rules
/// are not used. A game that also has the right tag gets no warning.
///
/// ```
/// use chess_core::Source;
/// use chess_core::syntax::{Parser, misspelt_tags};
///
/// let text = "[Fen \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *";
/// let source = Source::text(text, None, None);
/// let game = Parser::new(&source).next().unwrap().unwrap();
/// let warnings = misspelt_tags(&game.tags, &source);
/// assert_eq!(source.slice(warnings[0].range), "Fen");
/// assert_eq!(
///     warnings[0].message,
///     "the tag `Fen` is not read, so the game starts from the standard position"
/// );
/// ```
pub fn misspelt_tags(tags: &[Tag], source: &Source) -> Vec<Diagnostic> {
    // (It runs for every tag of every game: most names are passed over by
    // their length, or their first and last letters, with no more work.)
    const LENGTHS: u64 = {
        let mut lengths = 0u64;
        let mut i = 0;
        while i < READ.len() {
            // (A name of under five letters is matched only in other case:
            // at its own length.)
            let len = READ[i].0.len();
            lengths |= if len < 5 {
                1 << len
            } else {
                0b111 << (len - 1)
            };
            i += 1;
        }
        lengths
    };
    // The first and the last letters of those names, in either case (a
    // name one edit off keeps one of the two).
    const fn letters(last: bool) -> u32 {
        let mut bits = 0u32;
        let mut i = 0;
        while i < READ.len() {
            let name = READ[i].0.as_bytes();
            bits |= letter_bit(name[if last { name.len() - 1 } else { 0 }]);
            i += 1;
        }
        bits
    }
    const FIRSTS: u32 = letters(false);
    const LASTS: u32 = letters(true);
    let mut warnings = Vec::new();
    let text = source.as_str().as_bytes();
    for tag in tags {
        let len = tag.name_range.len();
        if len >= 64 || LENGTHS >> len & 1 == 0 {
            continue;
        }
        let bytes = text.get(tag.name_range.as_usize()).unwrap_or_default();
        if let (Some(&first), Some(&last)) = (bytes.first(), bytes.last())
            && FIRSTS & letter_bit(first) == 0
            && LASTS & letter_bit(last) == 0
        {
            continue;
        }
        let written = tag.name(source);
        let Some(&(name, what)) = READ.iter().find(|(name, _)| {
            written.len().abs_diff(name.len()) <= 1
                && near(written, name)
                && written != *name
                && Tag::find(tags, source, name).is_none()
        }) else {
            continue;
        };
        let case = if written.eq_ignore_ascii_case(name) {
            "tag names are case-sensitive; "
        } else {
            ""
        };
        warnings.push(
            Diagnostic::new(
                ErrorKind::BadTag,
                tag.name_range,
                format!("the tag `{written}` is not read, so {what}"),
            )
            .with(Help::DidYouMean(vec![name.to_string()]))
            .with_note(format!("{case}this is a warning")),
        );
    }
    warnings
}

/// A bit for an ASCII letter in either case (`a` the lowest), none for
/// another byte.
const fn letter_bit(byte: u8) -> u32 {
    let i = byte.to_ascii_lowercase().wrapping_sub(b'a');
    if i < 26 { 1 << i } else { 0 }
}

/// `written` is `name` in other case, or one letter off it (names of five
/// letters or more). Without allocating: it runs for every tag of every
/// game.
fn near(written: &str, name: &str) -> bool {
    let (written, name) = (written.as_bytes(), name.as_bytes());
    // (One edit leaves the first letters alike or the last: most names
    // are told apart by those two.)
    let ends =
        |a: Option<&u8>, b: Option<&u8>| a.zip(b).is_some_and(|(a, b)| a.eq_ignore_ascii_case(b));
    (ends(written.first(), name.first()) || ends(written.last(), name.last()))
        && (written.eq_ignore_ascii_case(name)
            || (name.len() >= 5 && one_edit_by(written, name, u8::eq_ignore_ascii_case)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Parser;

    fn warned(text: &str) -> Vec<(String, String)> {
        let source = Source::text(text, None, None);
        let game = Parser::new(&source).next().unwrap().unwrap();
        misspelt_tags(&game.tags, &source)
            .into_iter()
            .map(|d| (source.slice(d.range).to_string(), d.message))
            .collect()
    }

    #[test]
    fn a_read_tag_in_other_case_or_one_letter_off_is_a_warning() {
        for (text, written, so) in [
            (
                "[fen \"x\"]\n\n*",
                "fen",
                "the game starts from the standard position",
            ),
            (
                "[Varient \"Crazyhouse\"]\n\n*",
                "Varient",
                "the game is played by the rules of standard chess",
            ),
            (
                "[variants \"Atomic\"]\n\n*",
                "variants",
                "the game is played by the rules of standard chess",
            ),
            (
                "[Stipulaton \"#2\"]\n\n*",
                "Stipulaton",
                "no claim of a problem is proven",
            ),
            (
                "[Pieceletters \"de\"]\n\n*",
                "Pieceletters",
                "the piece letters are read as English ones",
            ),
            // A letter short, or one more, at either end.
            (
                "[ariant \"Atomic\"]\n\n*",
                "ariant",
                "the game is played by the rules of standard chess",
            ),
            (
                "[PieceLetterss \"de\"]\n\n*",
                "PieceLetterss",
                "the piece letters are read as English ones",
            ),
            (
                "[Stipulatio \"#2\"]\n\n*",
                "Stipulatio",
                "no claim of a problem is proven",
            ),
        ] {
            assert_eq!(
                warned(text),
                [(
                    written.to_string(),
                    format!("the tag `{written}` is not read, so {so}")
                )],
                "{text}"
            );
        }
    }

    #[test]
    fn other_tags_are_not_warned_about() {
        // Read tags, other tags, short names one letter off, a misspelling
        // beside the right tag.
        for text in [
            "[FEN \"x\"]\n[Variant \"Atomic\"]\n\n*",
            "[Event \"e\"]\n[Site \"s\"]\n[ECO \"B01\"]\n[Setup \"1\"]\n\n*",
            "[FEM \"x\"]\n[EN \"x\"]\n\n*",
            // (Neither is looked at: a name under five letters is matched
            // at its own length only.)
            "[FENS \"x\"]\n[Fe \"x\"]\n\n*",
            "[FEN \"x\"]\n[Fen \"y\"]\n\n*",
            "[Variation \"Najdorf\"]\n\n*",
        ] {
            assert_eq!(warned(text), [], "{text}");
        }
    }

    #[test]
    fn the_note_says_why_and_the_help_is_the_name() {
        let source = Source::text("[Varient \"x\"]\n\n*", None, None);
        let game = Parser::new(&source).next().unwrap().unwrap();
        let d = &misspelt_tags(&game.tags, &source)[0];
        assert_eq!(d.help[1], Help::Note("this is a warning".to_string()));
        let source = Source::text("[fen \"x\"]\n\n*", None, None);
        let game = Parser::new(&source).next().unwrap().unwrap();
        let d = &misspelt_tags(&game.tags, &source)[0];
        assert_eq!(d.kind, ErrorKind::BadTag);
        assert_eq!(
            d.help,
            [
                Help::DidYouMean(vec!["FEN".to_string()]),
                Help::Note("tag names are case-sensitive; this is a warning".to_string())
            ]
        );
    }
}
