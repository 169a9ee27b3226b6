//! The rules a game is played under, defined once: each variant's code in
//! a game's data, its name as lichess writes it in the `[Variant]` tag,
//! its name as an attribute (`#![variant(king_of_the_hill)]`) and the
//! other names producers write, in one table ([`NAMES`]) that everything
//! else is read from.

use core::fmt;

/// The rules of a game: standard chess or one of the variants lichess
/// plays. (Chess960 is not one of them: it changes only the start and
/// castling, and combines with each; see [`Named`].)
///
/// ```
/// use chess_format::Variant;
///
/// assert_eq!(Variant::KingOfTheHill.name(), "King of the Hill");
/// assert_eq!(Variant::KingOfTheHill.to_string(), "King of the Hill");
/// assert_eq!(Variant::KingOfTheHill.attribute(), "king_of_the_hill");
/// assert_eq!(Variant::from_u8(Variant::Horde as u8), Some(Variant::Horde));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard = 0,
    /// Crazyhouse: a captured piece goes to the captor's pocket and may be
    /// dropped back on the board as a move of its own (`N@f3`).
    Crazyhouse = 1,
    /// Atomic: a capture explodes the capturing piece, the captured one and
    /// every piece but pawns next to it; exploding the king wins.
    Atomic = 2,
    /// Antichess (lichess's rules, no castling): captures are compulsory,
    /// the king is an ordinary piece, losing every piece (or having no
    /// move) wins.
    Antichess = 3,
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill = 4,
    /// Three-check: the third check wins.
    ThreeCheck = 5,
    /// Horde: 36 white pawns against Black's army; capturing them all wins.
    Horde = 6,
    /// Racing Kings: no checks; the first king on the eighth rank wins.
    RacingKings = 7,
}

/// The rules a name stands for: a variant, and whether castling follows
/// Chess960's rules (`Chess960` names standard chess with them).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Named {
    /// The variant.
    pub variant: Variant,
    /// Chess960 castling.
    pub chess960: bool,
}

/// Why a name stands for no rules that are verified.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NameError {
    /// No rules have that name.
    Unknown,
    /// Other rules under a name related to this variant's (`giveaway`,
    /// `suicide` and `losers` are not lichess's Antichess: castling, or
    /// who wins a stalemate, differ).
    Related(Variant),
}

/// One entry of the table of names.
#[derive(Copy, Clone, Debug)]
pub struct Names {
    /// The rules.
    pub rules: Named,
    /// The name as lichess writes it in the `[Variant]` tag.
    pub name: &'static str,
    /// The name as the macros' `#![variant(…)]` attribute takes it.
    pub attribute: &'static str,
    /// Every name read as these rules, in the form names are compared in
    /// (lower case, without spaces, `-` and `_`): lichess's, python-chess's,
    /// Cute Chess's and Arena's, TCEC's.
    pub aliases: &'static [&'static str],
}

const fn named(variant: Variant) -> Named {
    Named {
        variant,
        chess960: false,
    }
}

/// Every rules a name can stand for, standard chess first, with their
/// names.
pub const NAMES: [Names; 9] = [
    Names {
        rules: named(Variant::Standard),
        name: "Standard",
        attribute: "standard",
        // `From Position`: lichess's game from a set-up position.
        aliases: &[
            "",
            "standard",
            "normal",
            "chess",
            "classical",
            "fromposition",
        ],
    },
    Names {
        rules: Named {
            variant: Variant::Standard,
            chess960: true,
        },
        name: "Chess960",
        attribute: "chess960",
        aliases: &[
            "chess960",
            "fischerandom",
            "fischerrandom",
            "fischerrandomchess",
            "frc",
            "960",
        ],
    },
    Names {
        rules: named(Variant::Crazyhouse),
        name: "Crazyhouse",
        attribute: "crazyhouse",
        aliases: &["crazyhouse", "zh", "house", "crazyhousechess"],
    },
    Names {
        rules: named(Variant::Atomic),
        name: "Atomic",
        attribute: "atomic",
        aliases: &["atomic", "atom", "atomicchess"],
    },
    Names {
        rules: named(Variant::Antichess),
        name: "Antichess",
        attribute: "antichess",
        aliases: &["antichess", "anti"],
    },
    Names {
        rules: named(Variant::KingOfTheHill),
        name: "King of the Hill",
        attribute: "king_of_the_hill",
        aliases: &["kingofthehill", "koth", "hill", "kingofthehillchess"],
    },
    Names {
        rules: named(Variant::ThreeCheck),
        name: "Three-check",
        attribute: "three_check",
        aliases: &["threecheck", "3check", "threecheckchess"],
    },
    Names {
        rules: named(Variant::Horde),
        name: "Horde",
        attribute: "horde",
        aliases: &["horde", "hordechess"],
    },
    Names {
        rules: named(Variant::RacingKings),
        name: "Racing Kings",
        attribute: "racing_kings",
        aliases: &["racingkings", "racing", "race", "racingkingschess"],
    },
];

/// Names of other rules, related to a variant's but not read as it.
const RELATED: [(&str, Variant); 6] = [
    ("giveaway", Variant::Antichess),
    ("giveawaychess", Variant::Antichess),
    ("suicide", Variant::Antichess),
    ("suicidechess", Variant::Antichess),
    ("losers", Variant::Antichess),
    ("loserschess", Variant::Antichess),
];

/// Whether `name` is `alias` once its case, spaces, `-` and `_` are left
/// out.
fn is_alias(name: &str, alias: &str) -> bool {
    same_name(name, alias)
}

/// Whether two names of rules are the same name: compared without case,
/// spaces, hyphens and underscores, as every reader of a variant's name
/// compares them (the `[Variant]` tag, the macros' `#![variant(…)]`, a
/// rules file's sections, Fairy-Stockfish's built-in variants).
///
/// ```
/// use chess_format::same_name;
///
/// assert!(same_name("King of the Hill", "kingofthehill"));
/// assert!(same_name("Fox-and-Hounds", "fox_and_hounds"));
/// assert!(!same_name("shogi", "shogun"));
/// ```
pub fn same_name(a: &str, b: &str) -> bool {
    plain(a).eq(plain(b))
}

/// A name's bytes as names are compared ([`same_name`]).
fn plain(name: &str) -> impl Iterator<Item = u8> + '_ {
    name.bytes()
        .filter(|b| !matches!(b, b' ' | b'-' | b'_'))
        .map(|b| b.to_ascii_lowercase())
}

impl Variant {
    /// Every variant, standard chess first, in the order of their codes.
    pub const ALL: [Variant; 8] = [
        Variant::Standard,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The variant with this number.
    pub const fn from_u8(code: u8) -> Option<Variant> {
        if (code as usize) < Variant::ALL.len() {
            Some(Variant::ALL[code as usize])
        } else {
            None
        }
    }

    /// The index of its entry in [`NAMES`]: Chess960 comes second, so
    /// every other variant's is its code plus one, standard chess's the
    /// first.
    const fn entry(self) -> usize {
        match self {
            Variant::Standard => 0,
            _ => self as usize + 1,
        }
    }

    /// Its name as lichess writes it in the `[Variant]` tag.
    pub const fn name(self) -> &'static str {
        NAMES[self.entry()].name
    }

    /// Its name as the macros' `#![variant(…)]` attribute takes it.
    pub const fn attribute(self) -> &'static str {
        NAMES[self.entry()].attribute
    }
}

impl Named {
    /// Standard chess, with standard castling.
    pub const STANDARD: Named = named(Variant::Standard);

    /// The rules a name stands for, as the `[Variant]` tag and the
    /// macros' `#![variant(…)]` write it: lichess's names, python-chess's
    /// and Cute Chess's; case, spaces, hyphens and underscores do not
    /// matter (`King of the Hill`, `king_of_the_hill`, `KOTH`).
    ///
    /// ```
    /// use chess_format::{NameError, Named, Variant};
    ///
    /// assert_eq!(Named::from_name("three_check").map(|n| n.variant), Ok(Variant::ThreeCheck));
    /// assert_eq!(Named::from_name("fischerandom"), Ok(Named { variant: Variant::Standard, chess960: true }));
    /// assert_eq!(Named::from_name("suicide"), Err(NameError::Related(Variant::Antichess)));
    /// assert_eq!(Named::from_name("bughouse"), Err(NameError::Unknown));
    /// // A variant's name and `960`: its rules with Chess960 castling, as
    /// // pychess.org names such games.
    /// let koth = Named::from_name("Kingofthehill960").unwrap();
    /// assert_eq!((koth.variant, koth.chess960), (Variant::KingOfTheHill, true));
    /// ```
    pub fn from_name(name: &str) -> Result<Named, NameError> {
        if let Some(entry) = NAMES
            .iter()
            .find(|entry| entry.aliases.iter().any(|alias| is_alias(name, alias)))
        {
            return Ok(entry.rules);
        }
        if let Some(stem) = name.trim().strip_suffix("960")
            && let Some(entry) = NAMES.iter().find(|entry| {
                entry.rules.variant != Variant::Standard
                    && entry.aliases.iter().any(|alias| is_alias(stem, alias))
            })
        {
            return Ok(Named {
                chess960: true,
                ..entry.rules
            });
        }
        match RELATED.iter().find(|(alias, _)| is_alias(name, alias)) {
            Some(&(_, variant)) => Err(NameError::Related(variant)),
            None => Err(NameError::Unknown),
        }
    }

    /// Its entry in [`NAMES`].
    pub fn names(self) -> &'static Names {
        NAMES
            .iter()
            .find(|entry| entry.rules == self)
            // A variant under Chess960 castling goes by its variant's name.
            .unwrap_or(&NAMES[self.variant.entry()])
    }

    /// Its name as lichess writes it (`Chess960` for standard chess with
    /// Chess960 castling).
    pub fn name(self) -> &'static str {
        self.names().name
    }
}

/// shakmaty's variant of the same rules (read by its lichess name).
#[cfg(feature = "shakmaty")]
impl From<Variant> for shakmaty::variant::Variant {
    fn from(variant: Variant) -> shakmaty::variant::Variant {
        shakmaty::variant::Variant::from_ascii(variant.name().as_bytes()).unwrap_or_default()
    }
}

/// The variant of shakmaty's (read by its UCI name, one of the aliases).
#[cfg(feature = "shakmaty")]
impl From<shakmaty::variant::Variant> for Variant {
    fn from(variant: shakmaty::variant::Variant) -> Variant {
        Named::from_name(variant.uci()).map_or(Variant::Standard, |named| named.variant)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Named {
    /// Its name as lichess writes it ([`Named::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Named {
    type Err = NameError;

    /// [`Named::from_name`]: reads every name `Display` writes.
    ///
    /// ```
    /// use chess_format::{Named, Variant};
    ///
    /// let named: Named = "Chess960".parse().unwrap();
    /// assert!(named.chess960);
    /// assert_eq!(named.to_string().parse::<Named>(), Ok(named));
    /// ```
    fn from_str(name: &str) -> Result<Named, NameError> {
        Named::from_name(name)
    }
}

impl core::str::FromStr for Variant {
    type Err = NameError;

    /// The variant a name stands for ([`Named::from_name`]); `Chess960`
    /// names standard chess under Chess960's castling, so it reads as
    /// [`Variant::Standard`] (read a [`Named`] to keep the castling).
    ///
    /// ```
    /// use chess_format::{NameError, Variant};
    ///
    /// assert_eq!("crazyhouse".parse::<Variant>(), Ok(Variant::Crazyhouse));
    /// assert_eq!("King of the Hill".parse(), Ok(Variant::KingOfTheHill));
    /// assert_eq!("bughouse".parse::<Variant>(), Err(NameError::Unknown));
    /// assert_eq!(
    ///     "suicide".parse::<Variant>().unwrap_err().to_string(),
    ///     "the name is of other rules than Antichess (castling, or who wins a stalemate, differ)"
    /// );
    /// ```
    fn from_str(name: &str) -> Result<Variant, NameError> {
        Named::from_name(name).map(|named| named.variant)
    }
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Unknown => f.write_str("no verified rules have that name"),
            NameError::Related(variant) => write!(
                f,
                "the name is of other rules than {variant} (castling, or who wins a stalemate, differ)"
            ),
        }
    }
}

impl core::error::Error for NameError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn display_reads_back() {
        for variant in Variant::ALL {
            assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
            for chess960 in [false, true] {
                let named = Named { variant, chess960 };
                if named.names().rules == named {
                    assert_eq!(named.to_string().parse::<Named>(), Ok(named));
                }
            }
        }
        assert_eq!(
            "bughouse".parse::<Named>().map_err(|e| e.to_string()),
            Err("no verified rules have that name".into())
        );
    }

    #[test]
    fn every_variant_has_its_entry_and_every_alias_reads_back() {
        for variant in Variant::ALL {
            assert_eq!(NAMES[variant.entry()].rules, named(variant));
            assert_eq!(Named::from_name(variant.name()), Ok(named(variant)));
            assert_eq!(Named::from_name(variant.attribute()), Ok(named(variant)));
        }
        for entry in &NAMES {
            for alias in entry.aliases {
                assert_eq!(Named::from_name(alias), Ok(entry.rules), "{alias}");
            }
            assert_eq!(entry.rules.name(), entry.name);
        }
        assert_eq!(Named::from_name("From Position"), Ok(Named::STANDARD));
        assert_eq!(
            Named::from_name("KING-of-the_hill").map(|n| n.variant),
            Ok(Variant::KingOfTheHill)
        );
        assert_eq!(
            Named::from_name("Losers"),
            Err(NameError::Related(Variant::Antichess))
        );
        assert_eq!(Named::from_name("kingofthehil"), Err(NameError::Unknown));
        let zh960 = Named {
            variant: Variant::Crazyhouse,
            chess960: true,
        };
        assert_eq!(zh960.name(), "Crazyhouse");
    }

    #[cfg(feature = "shakmaty")]
    #[test]
    fn shakmaty_variants_are_the_same_rules() {
        use shakmaty::variant::Variant as V;
        let pairs = [
            (Variant::Standard, V::Chess),
            (Variant::Crazyhouse, V::Crazyhouse),
            (Variant::Atomic, V::Atomic),
            (Variant::Antichess, V::Antichess),
            (Variant::KingOfTheHill, V::KingOfTheHill),
            (Variant::ThreeCheck, V::ThreeCheck),
            (Variant::Horde, V::Horde),
            (Variant::RacingKings, V::RacingKings),
        ];
        for (ours, theirs) in pairs {
            assert_eq!(V::from(ours), theirs);
            assert_eq!(Variant::from(theirs), ours);
        }
    }
}
