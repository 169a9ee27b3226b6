//! Tag pairs: `[Event "World Championship"]`.

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
