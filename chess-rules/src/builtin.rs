//! Fairy-Stockfish's built-in variants: the 121 names it plays without a
//! rules file, and their rules written out in its `variants.ini` format
//! (`rules/fairy-stockfish.ini`), which [`crate::ini`] reads like a
//! user's file: a section of a user's file may start from any of them
//! (`[gothic:capablanca]`), and [`ini::builtin`](crate::ini::builtin)
//! gives one by name — its rule set, or why it cannot be played here (the
//! rule its definition needs that this engine does not play yet, or that
//! it is not written out yet).
//!
//! ```
//! use chess_rules::{Position, builtin, ini};
//!
//! assert_eq!(builtin::names().len(), 121);
//! let nocastle = ini::builtin("nocastle").unwrap().unwrap();
//! assert_eq!(Position::start(&nocastle).unwrap().perft(2), 400);
//! assert!(ini::builtin("nosuch").is_none());
//! ```

/// The second letters Fairy-Stockfish gives pieces of some of its
/// built-in variants, which its `variants.ini` format cannot write: by
/// variant, each piece's name and letter (xiangqi's horse `h`, which SAN
/// writes, `Hd5`, and its elephant `e`). A section that starts from one
/// keeps them.
pub(crate) const SYNONYMS: &[(&str, &[(&str, char)])] = &[
    ("xiangqi", &[("horse", 'H'), ("elephant", 'E')]),
    ("minixiangqi", &[("horse", 'H')]),
    ("manchu", &[("horse", 'H'), ("elephant", 'E')]),
    ("supply", &[("horse", 'H'), ("elephant", 'E')]),
    ("janggi", JANGGI),
    ("janggitraditional", JANGGI),
    ("janggimodern", JANGGI),
    ("janggicasual", JANGGI),
];

/// The names of pieces where a built-in variant's players call them other
/// than Fairy-Stockfish's piece type: xiangqi's advisor is its `fers`
/// (the variants built on it keep the name).
pub(crate) const PIECE_NAMES: &[(&str, &[(char, &str)])] = &[
    ("xiangqi", &[('A', "advisor")]),
    ("manchu", &[('A', "advisor")]),
    ("supply", &[('A', "advisor")]),
];

/// The built-in variants whose king is Fairy-Stockfish's wazir type
/// (xiangqi's general, janggi's), which its format cannot write
/// (`king = k:W` is a custom king there): along janggi's palace lines
/// such a king also steps diagonally. A section that starts from one
/// keeps it, unless it writes its king anew.
pub(crate) const WAZIR_KINGS: &[&str] = &[
    "minixiangqi",
    "xiangqi",
    "manchu",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
];

/// The built-in variants whose hands hold every kind of piece without end
/// (Fairy-Stockfish's `freeDrops`, which its format has no key for):
/// ataxx's pieces clone themselves. A section that starts from one keeps
/// them ([`Drops::free`](crate::Drops::free)).
pub(crate) const FREE_DROPS: &[&str] = &["ataxx"];

/// Janggi's second letters, which the variants built on it keep.
const JANGGI: &[(&str, char)] = &[("horse", 'H'), ("janggiElephant", 'E')];

/// The names of Fairy-Stockfish's built-in variants (`pyffish.variants()`
/// of pyffish 0.0.90, without a rules file).
const NAMES: [&str; 121] = [
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// The written-out variants, in the `variants.ini` format.
pub(crate) const TEXT: &str = include_str!("../rules/fairy-stockfish.ini");

/// The names of Fairy-Stockfish's built-in variants, in alphabetical
/// order.
pub fn names() -> &'static [&'static str] {
    &NAMES
}

/// The built-in variant `name` names, as Fairy-Stockfish names it: names
/// compare without case, spaces, hyphens and underscores
/// ([`chess_format::same_name`]), as servers write them (pychess.org's
/// `Kyotoshogi`, `Fox-and-hounds`).
///
/// ```
/// use chess_rules::builtin;
///
/// assert_eq!(builtin::find("Kyotoshogi"), Some("kyotoshogi"));
/// assert_eq!(builtin::find(" fox and hounds "), Some("fox-and-hounds"));
/// assert_eq!(builtin::find("nosuch"), None);
/// ```
pub fn find(name: &str) -> Option<&'static str> {
    NAMES
        .iter()
        .copied()
        .find(|known| chess_format::same_name(name, known))
}

/// The built-in variant `name` names ([`find`]) and whether it names it
/// with Chess960 castling: its name and `960`, as pychess.org names such
/// games (`Seirawan960`, `Capablanca960`).
///
/// ```
/// use chess_rules::builtin;
///
/// assert_eq!(builtin::find_960("Capablanca960"), Some(("capablanca", true)));
/// assert_eq!(builtin::find_960("capablanca"), Some(("capablanca", false)));
/// assert_eq!(builtin::find_960("nosuch960"), None);
/// ```
pub fn find_960(name: &str) -> Option<(&'static str, bool)> {
    if let Some(found) = find(name) {
        return Some((found, false));
    }
    let stem = name.trim().strip_suffix("960")?;
    find(stem).map(|found| (found, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_sorted() {
        let mut sorted = NAMES;
        sorted.sort_unstable();
        assert_eq!(sorted, NAMES);
    }
}
