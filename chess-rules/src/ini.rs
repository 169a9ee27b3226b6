//! Variant definitions in Fairy-Stockfish's `variants.ini` format, a
//! documented subset: what it reads is applied exactly, anything else is
//! an error at its line and column (never a rule silently left out).
//!
//! A section `[name:parent]` starts from `parent` (`chess` or an earlier
//! section; `[name]` alone from chess) and sets:
//!
//! | key | value |
//! |---|---|
//! | `maxFile`, `maxRank` | the board, 1 to 16 (a file also as a letter: `j`) |
//! | `startFen` | the start position (empty runs of any length: `10`) |
//! | `pawn`, `knight`, `bishop`, `rook`, `queen`, `king`, `archbishop`, `chancellor`, `amazon`, `wazir`, `fers`, `commoner` | the piece's letter, or `-` to leave it out |
//! | `customPiece1` … `customPiece25` | `letter:Betza` |
//! | `promotionPieceTypes` | the letters a pawn may become (`qrbnac`) |
//! | `promotionRank` | the first rank of White's promotion zone (default the last) |
//! | `doubleStep` | `true` or `false`: the pawn's first two-square step |
//! | `castling` | `true` or `false` |
//! | `castlingKingsideFile`, `castlingQueensideFile` | where the king goes (a letter) |
//! | `stalemateValue` | `draw` or `loss` |
//! | `pieceToCharTable` | read and ignored (it only names pieces for display) |
//!
//! Comments start with `#` or `;`.
//!
//! ```
//! use chess_rules::{Position, ini};
//!
//! let text = "[losalamos]\nmaxRank = 6\nmaxFile = 6\nbishop = -\ncastling = false\n\
//!             doubleStep = false\npromotionPieceTypes = qrn\n\
//!             startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n";
//! let variants = ini::variants(text).unwrap();
//! let start = Position::start(&variants[0]).unwrap();
//! assert_eq!(start.legal_moves().len(), 10);
//!
//! let error = ini::variants("[x]\nmaxRank = 20\n").unwrap_err();
//! assert_eq!((error.line, error.column), (2, 11));
//! ```

use crate::error::Error;
use crate::geometry::Geometry;
use crate::rules::{PieceDef, Rules, Stalemate};

/// The pieces Fairy-Stockfish knows by name: (name, letter, Betza, royal,
/// pawn).
const NAMED: [(&str, char, &str, bool, bool); 12] = [
    ("pawn", 'P', "fmWfceFifmnD", false, true),
    ("knight", 'N', "N", false, false),
    ("bishop", 'B', "B", false, false),
    ("rook", 'R', "R", false, false),
    ("queen", 'Q', "Q", false, false),
    ("king", 'K', "K", true, false),
    ("archbishop", 'A', "BN", false, false),
    ("chancellor", 'C', "RN", false, false),
    ("amazon", 'A', "QN", false, false),
    ("wazir", 'W', "W", false, false),
    ("fers", 'F', "F", false, false),
    ("commoner", 'M', "K", false, false),
];

/// One section being read: the rule set and the names its pieces came
/// from.
#[derive(Clone)]
struct Section {
    rules: Rules,
    /// Where its header starts in the text.
    header: usize,
    /// Where its `startFen` value starts, if it has one.
    start_at: Option<usize>,
    /// The piece each entry of `rules.pieces` is (its key name).
    names: Vec<String>,
    double_step: bool,
}

fn chess_section() -> Section {
    let rules = Rules::chess();
    let names = ["pawn", "knight", "bishop", "rook", "queen", "king"]
        .map(String::from)
        .to_vec();
    Section {
        rules,
        header: 0,
        start_at: None,
        names,
        double_step: true,
    }
}

/// What is wrong with a `key = value` line, and where.
enum Problem {
    /// At the key.
    Key(String),
    /// At the value.
    Value(String),
    /// At the byte `at` of the value.
    InValue(usize, String),
}

/// Every section of `text` as a rule set, in order; see the
/// [module](self).
pub fn variants(text: &str) -> Result<Vec<Rules>, Error> {
    let mut done: Vec<Section> = Vec::new();
    let mut current: Option<Section> = None;
    let finish = |section: Option<Section>, done: &mut Vec<Section>| {
        if let Some(mut s) = section {
            if !s.double_step
                && let Some(pawn) = s.rules.pieces.iter_mut().find(|p| p.pawn)
            {
                pawn.atoms.retain(|a| !a.initial);
            }
            done.push(s);
        }
    };
    let mut line_start = 0;
    for raw in text.split_inclusive('\n') {
        let start = line_start;
        line_start += raw.len();
        let raw = raw.trim_end_matches(['\n', '\r']);
        let at = |offset: usize, message: String| Error::at_word(text, start + offset, message);
        let trimmed = raw.trim();
        let indent = raw.len() - raw.trim_start().len();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            let Some(header) = header.strip_suffix(']') else {
                return Err(at(indent, "a section header ends with `]`".into()));
            };
            let (name, parent) = header.split_once(':').unwrap_or((header, "chess"));
            let name = name.trim();
            if name.is_empty() {
                return Err(at(indent + 1, "a section needs a name".into()));
            }
            finish(current.take(), &mut done);
            let base = if parent.trim() == "chess" {
                chess_section()
            } else {
                done.iter()
                    .rev()
                    .find(|s| s.rules.name == parent.trim())
                    .cloned()
                    .ok_or_else(|| {
                        at(
                            indent + 1 + header.find(':').unwrap_or(0) + 1,
                            format!("`{}` is not `chess` nor a section above", parent.trim()),
                        )
                    })?
            };
            let mut section = base;
            section.rules.name = name.to_string();
            section.header = start + indent;
            section.start_at = None;
            current = Some(section);
            continue;
        }
        let Some(section) = current.as_mut() else {
            return Err(at(indent, "a key before any `[section]`".into()));
        };
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(at(indent, "expected `key = value`".into()));
        };
        let key = key.trim();
        let eq = trimmed.len() - value.len() - 1;
        let leading = value.len() - value.trim_start().len();
        let value_at = indent + eq + 1 + leading;
        if key == "startFen" {
            section.start_at = Some(start + value_at);
        }
        set(section, key, value.trim()).map_err(|problem| match problem {
            Problem::Key(message) => at(indent, message),
            Problem::Value(message) => at(value_at, message),
            Problem::InValue(offset, message) => at(value_at + offset, message),
        })?;
    }
    finish(current.take(), &mut done);
    if done.is_empty() {
        return Err(Error::at_word(
            text,
            0,
            "no `[section]`: a variant starts with its name in brackets",
        ));
    }
    let mut out = Vec::new();
    for s in done {
        check(&s, text)?;
        out.push(s.rules);
    }
    Ok(out)
}

/// A file or rank number: `10`, or a file letter `j`.
fn side(value: &str) -> Option<u8> {
    match value.as_bytes() {
        [c @ b'a'..=b'p'] => Some(c - b'a' + 1),
        _ => value.parse().ok().filter(|n| (1..=16).contains(n)),
    }
}

fn boolean(value: &str) -> Option<bool> {
    match value {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// Applies one `key = value`.
fn set(section: &mut Section, key: &str, value: &str) -> Result<(), Problem> {
    let bad = Problem::Value;
    let rules = &mut section.rules;
    let file_letter = |value: &str| match value.as_bytes() {
        [c @ b'a'..=b'p'] => Some(c - b'a'),
        _ => None,
    };
    match key {
        "maxFile" | "maxRank" => {
            let n =
                side(value).ok_or_else(|| bad(format!("`{value}`: a board side is 1 to 16")))?;
            let (files, ranks) = if key == "maxFile" {
                (n, rules.geometry.ranks())
            } else {
                (rules.geometry.files(), n)
            };
            rules.geometry = Geometry::new(files, ranks).expect("checked sides");
        }
        "startFen" => rules.start = value.to_string(),
        "promotionPieceTypes" => {
            // Each piece once (`qrrn` is `qrn`).
            rules.promotion_pieces.clear();
            for c in value.chars().map(|c| c.to_ascii_uppercase()) {
                if !rules.promotion_pieces.contains(&c) {
                    rules.promotion_pieces.push(c);
                }
            }
        }
        "promotionRank" => {
            let rank: u8 = value
                .parse()
                .ok()
                .filter(|r| (1..=16).contains(r))
                .ok_or_else(|| bad(format!("`{value}`: a rank is 1 to 16")))?;
            rules.promotion_ranks = rules.geometry.ranks().saturating_sub(rank) + 1;
        }
        "doubleStep" => {
            section.double_step =
                boolean(value).ok_or_else(|| bad(format!("`{value}`: write `true` or `false`")))?;
        }
        "castling" => {
            if !boolean(value).ok_or_else(|| bad(format!("`{value}`: write `true` or `false`")))? {
                rules.castling = None;
            } else if rules.castling.is_none() {
                rules.castling = Rules::chess().castling;
            }
        }
        "castlingKingsideFile" | "castlingQueensideFile" => {
            let file =
                file_letter(value).ok_or_else(|| bad(format!("`{value}`: a file letter")))?;
            let castling = rules
                .castling
                .get_or_insert(Rules::chess().castling.expect("chess castles"));
            if key == "castlingKingsideFile" {
                castling.king_side_file = file;
            } else {
                castling.queen_side_file = file;
            }
        }
        "stalemateValue" => {
            rules.stalemate = match value {
                "draw" => Stalemate::Draw,
                "loss" => Stalemate::Loss,
                other => {
                    return Err(bad(format!(
                        "`{other}`: a stalemate is `draw` or `loss` here"
                    )));
                }
            };
        }
        "pieceToCharTable" => {}
        _ if key.starts_with("customPiece") => {
            let n: u8 = key["customPiece".len()..]
                .parse()
                .ok()
                .filter(|n| (1..=25).contains(n))
                .ok_or_else(|| {
                    Problem::Key(format!(
                        "`{key}`: custom pieces are `customPiece1` to `customPiece25`"
                    ))
                })?;
            let Some((letter_text, betza)) = value.split_once(':') else {
                return Err(bad(format!("`{value}`: write `letter:Betza`, e.g. `a:BN`")));
            };
            let letter = single_letter(letter_text)
                .ok_or_else(|| bad(format!("`{letter_text}`: one letter")))?;
            // Named after the piece its moves are, if they are one the
            // format names ("a knight" reads better than "custom piece 1").
            let name = NAMED
                .iter()
                .filter(|named| !named.3 && !named.4)
                .find(|named| named.2 == betza)
                .map_or_else(|| format!("custom piece {n}"), |named| named.0.to_string());
            let piece = PieceDef::new(letter, &name, betza).map_err(|e| {
                // At the Betza string's own character.
                Problem::InValue(
                    letter_text.len() + 1 + e.span.start,
                    format!("`{betza}`: {}", e.message),
                )
            })?;
            put(section, key, Some(piece));
        }
        _ => match NAMED.iter().find(|n| n.0 == key) {
            Some(&(name, _, betza, royal, pawn)) => {
                if value == "-" {
                    put(section, name, None);
                } else {
                    let letter = single_letter(value)
                        .ok_or_else(|| bad(format!("`{value}`: one letter, or `-`")))?;
                    let mut piece = PieceDef::new(letter, name, betza).expect("named pieces read");
                    piece.royal = royal;
                    piece.pawn = pawn;
                    put(section, name, Some(piece));
                }
            }
            None => {
                return Err(Problem::Key(format!(
                    "`{key}` is not a key this reads (see chess_rules::ini for the subset of variants.ini it applies)"
                )));
            }
        },
    }
    Ok(())
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.trim().chars();
    let c = chars.next()?;
    (chars.next().is_none() && c.is_ascii_alphabetic()).then_some(c)
}

/// Sets (or with `None` removes) the piece of `name`.
fn put(section: &mut Section, name: &str, piece: Option<PieceDef>) {
    let at = section.names.iter().position(|n| n == name);
    match (at, piece) {
        (Some(i), Some(piece)) => section.rules.pieces[i] = piece,
        (Some(i), None) => {
            section.rules.pieces.remove(i);
            section.names.remove(i);
        }
        (None, Some(piece)) => {
            section.rules.pieces.push(piece);
            section.names.push(name.to_string());
        }
        (None, None) => {}
    }
}

/// What a finished rule set must be: its problems at its header, a start
/// position's at its `startFen` value.
fn check(section: &Section, text: &str) -> Result<(), Error> {
    let rules = &section.rules;
    let at_header = |message: String| {
        Error::at_word(text, section.header, format!("[{}]: {message}", rules.name))
    };
    let mut letters: Vec<char> = rules.pieces.iter().map(|p| p.letter).collect();
    letters.sort_unstable();
    if let Some(w) = letters.windows(2).find(|w| w[0] == w[1]) {
        return Err(at_header(format!("two pieces are written `{}`", w[0])));
    }
    if !rules.pieces.iter().any(|p| p.royal) {
        return Err(at_header("no royal piece (a king)".into()));
    }
    for &p in &rules.promotion_pieces {
        if rules.index(p).is_none() {
            return Err(at_header(format!(
                "a pawn promotes to `{p}`, which is no piece"
            )));
        }
    }
    crate::Position::start(rules).map_err(|e| match section.start_at {
        Some(at) => {
            let message = format!("[{}]: startFen: {}", rules.name, e.message);
            Error { message, ..e }.within(text, at)
        }
        None => at_header(format!("startFen: {}", e.message)),
    })?;
    Ok(())
}
