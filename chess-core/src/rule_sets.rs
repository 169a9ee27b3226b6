//! A rules file: the rule sets games under rules a user defines are read
//! under, read by `chess-rules` (which decides by the file's name whether
//! it is a Fairy-Stockfish `variants.ini` or a CustomChessKell YAML file),
//! its errors placed at the key or value concerned (`rules-file`). A
//! section of a `variants.ini` that cannot be played is refused alone:
//! the others are played, and a game that names it is refused with the
//! section's reason.

use chess_rules::Rules;

use crate::diagnostic::{Diagnostic, ErrorKind};
use crate::input::{Range, Source};

/// The name [`RuleSets::builtins`] go by.
const BUILTINS: &str = "Fairy-Stockfish's built-in variants";

/// `rules` with Chess960 castling, named by its name and `960`
/// (`capablanca960`).
fn chess960(rules: Rules) -> Rules {
    Rules {
        name: format!("{}960", rules.name),
        chess960: true,
        ..rules
    }
}

/// The rule sets of a rules file, and the one for games whose `[Variant]`
/// tag names none.
///
/// ```
/// use chess_core::Source;
/// use chess_core::RuleSets;
///
/// let file = Source::text("[mine:chess]\n\n[tiny:chess]\nstalemateValue = loss\n", Some("two.ini".into()), None);
/// let sets = RuleSets::read(&file).unwrap();
/// assert_eq!(sets.sets.len(), 2);
/// assert_eq!(sets.pick(Some("Tiny")), Ok(1));
///
/// // A section that cannot be played is set aside with its reason.
/// let file = Source::text("[mine:chess]\n[gates:chess]\ngating = true\n", Some("v.ini".into()), None);
/// let sets = RuleSets::read(&file).unwrap();
/// assert_eq!((sets.sets.len(), sets.refused[0].name.as_str()), (1, "gates"));
/// assert!(sets.why(&sets.refused[0]).starts_with("v.ini:3:1: `gating = true` needs gates that no piece is put on"));
///
/// let broken = Source::text("[x:chess]\nmaxRank = 20\n", Some("x.ini".into()), None);
/// let error = RuleSets::read(&broken).unwrap_err();
/// assert_eq!(broken.slice(error.range), "20");
/// // A file none of whose sections plays is refused whole.
/// let broken = Source::text("maxRank = 20\n", Some("x.ini".into()), None);
/// let error = RuleSets::read(&broken).unwrap_err();
/// assert_eq!(broken.slice(error.range), "maxRank");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSets {
    /// The rule sets, in the file's order.
    pub sets: Vec<Rules>,
    /// The sections that cannot be played, each with why.
    pub refused: Vec<Refused>,
    /// The rules file's name, for a message about one of its sections.
    pub file: String,
    /// The name of the one for games whose `[Variant]` tag names none (the
    /// macros' `#![rules("variants.ini", capablanca)]`, `chess-verify
    /// --variant`).
    pub default: Option<String>,
}

/// A section of a rules file that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Its name.
    pub name: String,
    /// Why, at the key, value or header concerned in the rules file.
    pub error: chess_rules::Error,
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
    /// The name is a section of the file that cannot be played (an index
    /// into [`RuleSets::refused`]).
    Refused(usize),
}

impl RuleSets {
    /// The rule sets of the rules file `source` (its name says how it is
    /// read), with no default; or its error, at the key or value concerned.
    pub fn read(source: &Source) -> Result<RuleSets, Diagnostic> {
        let sections = chess_rules::read(source.name().unwrap_or_default(), source.as_str())
            .map_err(|e| {
                Diagnostic::new(
                    ErrorKind::RulesFile,
                    Range::new(e.span.start as u32, e.span.end as u32),
                    e.message,
                )
            })?;
        let file = source.name().unwrap_or_default().to_string();
        let mut sets = Vec::new();
        let mut refused: Vec<Refused> = Vec::new();
        for section in sections {
            match section.rules {
                Ok(rules) => sets.push(rules),
                Err(error) => refused.push(Refused {
                    name: section.name,
                    error,
                }),
            }
        }
        // A file none of whose sections can be played is refused whole,
        // at its first problem.
        if let (true, Some(first)) = (sets.is_empty(), refused.first()) {
            let span = &first.error.span;
            return Err(Diagnostic::new(
                ErrorKind::RulesFile,
                Range::new(span.start as u32, span.end as u32),
                first.error.message.clone(),
            ));
        }
        Ok(RuleSets {
            sets,
            refused,
            file,
            default: None,
        })
    }

    /// Fairy-Stockfish's built-in variant `name` (any case) as rule sets
    /// of their own, the variant for every game: `None` if Fairy-Stockfish
    /// has no variant of that name, else its rules or why they cannot be
    /// played here ([`chess_rules::ini::builtin`]), in words that name it.
    ///
    /// ```
    /// use chess_core::RuleSets;
    ///
    /// let sets = RuleSets::builtin("Capablanca").unwrap().unwrap();
    /// assert_eq!((sets.sets[0].name.as_str(), sets.pick(Some("gothic"))), ("capablanca", Ok(0)));
    /// assert!(RuleSets::builtin("ataxx").unwrap().is_ok());
    /// // Its name and `960`: under Chess960 castling.
    /// let capa960 = RuleSets::builtin("Capablanca960").unwrap().unwrap();
    /// assert!(capa960.sets[0].chess960 && capa960.sets[0].name == "capablanca960");
    /// assert!(RuleSets::builtin("nosuch").is_none());
    /// ```
    pub fn builtin(name: &str) -> Option<Result<RuleSets, chess_rules::ini::Unplayable>> {
        let (name, under_960) = chess_rules::builtin::find_960(name)?;
        let found = chess_rules::ini::builtin(name)?;
        Some(
            found
                .map(|rules| if under_960 { chess960(rules) } else { rules })
                .map(|rules| RuleSets {
                    file: format!("fairy-stockfish:{}", rules.name),
                    default: Some(rules.name.clone()),
                    sets: vec![rules],
                    refused: Vec::new(),
                }),
        )
    }

    /// Every one of Fairy-Stockfish's built-in variants, each a rule set
    /// named as Fairy-Stockfish names it, or refused with why it cannot
    /// be played here: what a game whose `[Variant]` tag names one is
    /// checked under ([`GameRules::Builtin`](crate::syntax::GameRules::Builtin)).
    /// Read once.
    ///
    /// ```
    /// use chess_core::RuleSets;
    ///
    /// let all = RuleSets::builtins();
    /// let named = all.sets.iter().filter(|r| chess_rules::builtin::find(&r.name).is_some());
    /// assert_eq!(named.count() + all.refused.len(), 121);
    /// assert_eq!(all.sets[all.pick(Some("Coregal")).unwrap()].name, "coregal");
    /// assert!(all.refused.is_empty());
    /// assert_eq!(all.sets[all.pick(Some("Ataxx")).unwrap()].name, "ataxx");
    /// // Those that castle under Chess960 castling too, as pychess.org names them.
    /// assert!(all.sets[all.pick(Some("Seirawan960")).unwrap()].chess960);
    /// ```
    pub fn builtins() -> &'static RuleSets {
        static ALL: std::sync::OnceLock<RuleSets> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            let mut sets = Vec::new();
            let mut refused = Vec::new();
            for &name in chess_rules::builtin::names() {
                match chess_rules::ini::builtin(name) {
                    Some(Ok(rules)) => sets.push(rules),
                    Some(Err(unplayable)) => refused.push(Refused {
                        name: name.to_string(),
                        // (A built-in variant's refusal names no place.)
                        error: chess_rules::Error {
                            span: 0..0,
                            line: 0,
                            column: 0,
                            message: unplayable.why,
                        },
                    }),
                    None => {}
                }
            }
            // Each that castles under Chess960 castling too, by its name
            // and `960`, as pychess.org names such games.
            let castles: Vec<Rules> = (sets.iter())
                .filter(|r| r.castling.is_some() && !r.chess960)
                .map(|r| chess960(r.clone()))
                .collect();
            sets.extend(castles);
            RuleSets {
                sets,
                refused,
                file: BUILTINS.to_string(),
                default: None,
            }
        })
    }

    /// Whether these are [`RuleSets::builtins`].
    pub fn are_builtins(&self) -> bool {
        self.file == BUILTINS
    }

    /// Where the refused section `refused` goes wrong, as
    /// `file:line:column: why` (a built-in variant's, why alone).
    pub fn why(&self, refused: &Refused) -> String {
        let e = &refused.error;
        if self.are_builtins() {
            return e.message.clone();
        }
        format!("{}:{}:{}: {}", self.file, e.line, e.column, e.message)
    }

    /// The same sets, with `default` for games whose tag names none.
    pub fn with_default(self, default: Option<String>) -> RuleSets {
        RuleSets { default, ..self }
    }

    /// The index of the set called `name` (names compare without case,
    /// spaces, hyphens and underscores: [`chess_format::same_name`]), or
    /// with no name the only one.
    fn find(&self, name: Option<&str>) -> Option<usize> {
        match name {
            Some(name) => self
                .sets
                .iter()
                .position(|r| chess_format::same_name(&r.name, name)),
            None => (self.sets.len() == 1 && self.refused.is_empty()).then_some(0),
        }
    }

    /// The index of the refused section called `name`.
    fn find_refused(&self, name: &str) -> Option<usize> {
        self.refused
            .iter()
            .position(|r| chess_format::same_name(&r.name, name))
    }

    /// Whether a section is called `name`: a set, or a section that
    /// cannot be played.
    pub fn has(&self, name: &str) -> bool {
        self.find(Some(name)).is_some() || self.find_refused(name).is_some()
    }

    /// The set a game is played under: the one its `[Variant]` tag
    /// (`tag`) names, else the default, else the only one.
    pub fn pick(&self, tag: Option<&str>) -> Result<usize, Unnamed> {
        if let Some(i) = tag.and_then(|t| self.find(Some(t))) {
            return Ok(i);
        }
        let refused = |name: &str| self.find_refused(name);
        if let Some(i) = tag.and_then(refused) {
            return Err(Unnamed::Refused(i));
        }
        self.find(self.default.as_deref())
            .ok_or_else(|| match (&self.default, tag) {
                (Some(name), _) => {
                    refused(name).map_or(Unnamed::Default(name.clone()), Unnamed::Refused)
                }
                (None, Some(tag)) => Unnamed::Tag(tag.to_string()),
                (None, None) if self.sets.is_empty() && self.refused.len() == 1 => {
                    Unnamed::Refused(0)
                }
                (None, None) => Unnamed::SayWhich,
            })
    }

    /// The names of the sets, for a message.
    pub fn names(&self) -> Vec<&str> {
        self.sets.iter().map(|r| r.name.as_str()).collect()
    }
}
