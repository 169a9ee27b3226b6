//! A rules file: the rule sets games under rules a user defines are read
//! under, read by `chess-rules` (which decides by the file's name whether
//! it is a Fairy-Stockfish `variants.ini` or a CustomChessKell YAML file),
//! its errors placed at the key or value concerned (`rules-file`).

use chess_rules::Rules;

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};

/// The rule sets of a rules file, and the one for games whose `[Variant]`
/// tag names none.
///
/// ```
/// use chess_core::Source;
/// use chess_core::syntax::RuleSets;
///
/// let file = Source::text("[chess]\n\n[tiny:chess]\nstalemateValue = loss\n", Some("two.ini".into()), None);
/// let sets = RuleSets::read(&file).unwrap();
/// assert_eq!(sets.sets.len(), 2);
/// assert_eq!(sets.pick(Some("Tiny")), Ok(1));
///
/// let broken = Source::text("[x]\nmaxRank = 20\n", Some("x.ini".into()), None);
/// let error = RuleSets::read(&broken).unwrap_err();
/// assert_eq!(broken.slice(error.range), "20");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSets {
    /// The rule sets, in the file's order.
    pub sets: Vec<Rules>,
    /// The name of the one for games whose `[Variant]` tag names none (the
    /// macros' `#![rules("variants.ini", capablanca)]`, `chess-verify
    /// --variant`).
    pub default: Option<String>,
}

/// Why no rule set was picked for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unnamed {
    /// Its `[Variant]` tag names none of the file's sets, and there is no
    /// default.
    Tag(String),
    /// The default names none of the file's sets.
    Default(String),
    /// No name was given, and the file defines several.
    SayWhich,
}

impl RuleSets {
    /// The rule sets of the rules file `source` (its name says how it is
    /// read), with no default; or its error, at the key or value concerned.
    pub fn read(source: &Source) -> Result<RuleSets, Diagnostic> {
        let sets =
            chess_rules::read(source.name().unwrap_or_default(), source.as_str()).map_err(|e| {
                Diagnostic::new(
                    ErrorKind::RulesFile,
                    Range::new(e.span.start as u32, e.span.end as u32),
                    e.message,
                )
            })?;
        Ok(RuleSets {
            sets,
            default: None,
        })
    }

    /// The same sets, with `default` for games whose tag names none.
    pub fn with_default(self, default: Option<String>) -> RuleSets {
        RuleSets { default, ..self }
    }

    /// The index of the set called `name` (any case), or with no name the
    /// only one.
    fn find(&self, name: Option<&str>) -> Option<usize> {
        match name {
            Some(name) => self
                .sets
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(name.trim())),
            None => (self.sets.len() == 1).then_some(0),
        }
    }

    /// The set a game is played under: the one its `[Variant]` tag
    /// (`tag`) names, else the default, else the only one.
    pub fn pick(&self, tag: Option<&str>) -> Result<usize, Unnamed> {
        if let Some(i) = tag.and_then(|t| self.find(Some(t))) {
            return Ok(i);
        }
        self.find(self.default.as_deref())
            .ok_or_else(|| match (&self.default, tag) {
                (Some(name), _) => Unnamed::Default(name.clone()),
                (None, Some(tag)) => Unnamed::Tag(tag.to_string()),
                (None, None) => Unnamed::SayWhich,
            })
    }

    /// The names of the sets, for a message.
    pub fn names(&self) -> Vec<&str> {
        self.sets.iter().map(|r| r.name.as_str()).collect()
    }
}
