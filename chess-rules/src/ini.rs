//! Variant definitions in Fairy-Stockfish's `variants.ini` format, read
//! as Fairy-Stockfish reads them: the whole file loads, and each section
//! is a rule set or is refused alone, with the reason at the key
//! concerned. A section `[name:parent]` starts from `parent` — a section
//! above, or one of Fairy-Stockfish's built-in variants
//! ([`crate::builtin`]) — and `[name]` alone from the empty template
//! (chess's board, start position and switches, but no pieces: the
//! section names each of its pieces), or if `name` is a built-in
//! variant's, from that variant (`[chess]` is chess; Fairy-Stockfish
//! would play its own and pass over the section's keys).
//!
//! Every key of the format is known (`ini/keys.rs` lists them): the
//! board (`maxFile`, `maxRank`), the pieces (`pawn`, `knight`, … every
//! piece the format names, `king = k` or `king = k:KN` for a king of other
//! moves, `customPiece1` … `customPiece25` as `letter:Betza`; a piece
//! replaces the one that had its letter; the pawns are the pieces written
//! `p`, or those `pawnTypes` and `promotionPawnTypes` (and `…White`/`Black`)
//! name, which promote, reset the halfmove clock and allow en passant with
//! their double step; a lame leap Fairy-Stockfish has no table for, `nC`,
//! is no move, as there), `startFen`, `promotionPieceTypes` (and `…White`/`Black`), `promotionRegionWhite`/`Black`
//! and `doubleStepRegionWhite`/`Black` (squares, `*8` for a rank; the
//! double-step regions hold for every piece's `i` moves), `doubleStep`,
//! `castling`, `castlingKingsideFile`, `castlingQueensideFile`,
//! `castlingRookKingsideFile`, `castlingRookQueensideFile`,
//! `stalemateValue` (`draw` or `loss`); `nMoveRule` and `nFoldRule` are
//! draws a player may claim (the game goes on); `pieceToCharTable`,
//! `pocketSize`, `variantTemplate` and piece values are read and ignored.
//! Black's moves are White's turned half round
//! ([`Rules::black_rotated`]). A key of a rule this engine does not play
//! (other pieces taking en passant, castling with a king off its file, …) set to other than the format's
//! default is held, and refuses the variant if it still holds when the
//! section is finished (a section may set back what its parent needs); a
//! key the format does not have refuses its section (Fairy-Stockfish
//! would pass over it silently).
//!
//! Comments are lines that start with `#` or `;`.
//!
//! ```
//! use chess_rules::{Position, ini};
//!
//! let text = "[losalamos:chess]\nmaxRank = 6\nmaxFile = 6\nbishop = -\ncastling = false\n\
//!             doubleStep = false\npromotionPieceTypes = qrn\n\
//!             promotionRegionWhite = *6\npromotionRegionBlack = *1\n\
//!             startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n\
//!             [gates:losalamos]\ngating = true\n";
//! let sections = ini::sections(text).unwrap();
//! let start = Position::start(sections[0].rules.as_ref().unwrap()).unwrap();
//! assert_eq!(start.legal_moves().len(), 10);
//! // The second section is refused, at its key; the first still plays.
//! let refused = sections[1].rules.as_ref().unwrap_err();
//! assert_eq!((refused.line, refused.column), (12, 1));
//! assert!(refused.message.contains("needs gates that no piece is put on or leaps from"));
//!
//! let error = ini::variants("[x:chess]\nmaxRank = 20\n").unwrap_err();
//! assert_eq!((error.line, error.column), (2, 11));
//! ```

mod keys;

use core::ops::Range;
use std::collections::HashMap;

use crate::error::{Error, Lines};
use crate::rules::Rules;
use apply::apply;
pub(crate) use draft::Draft;
use draft::Refusal;
use pieces::piece_key;
use values::Problem;

mod apply;
mod draft;
mod pieces;
mod values;

/// One section of a `variants.ini` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Its name, as written in its header.
    pub name: String,
    /// The variant it starts from, if its header names one.
    pub parent: Option<String>,
    /// The bytes of its name in the header.
    pub header: Range<usize>,
    /// Its rule set, or why it cannot be played here (at the key, value
    /// or header concerned).
    pub rules: Result<Rules, Error>,
}

/// One `key = value` line of a section.
struct Line<'t> {
    key: &'t str,
    value: &'t str,
    /// Where the key and the value start in the text.
    key_at: usize,
    value_at: usize,
}

/// Every section of `text`, each a rule set or refused alone; see the
/// [module](self). The file itself is refused only when it has no
/// section, or text other than comments before its first.
pub fn sections(text: &str) -> Result<Vec<Section>, Error> {
    Ok(read(text, &builtin_draft, false)?
        .into_iter()
        .map(|(section, _)| section)
        .collect())
}

/// Every section of `text` as a rule set, in order; or the first reason a
/// section is refused.
pub fn variants(text: &str) -> Result<Vec<Rules>, Error> {
    sections(text)?.into_iter().map(|s| s.rules).collect()
}

/// A section's header, lines and where it starts.
struct Raw<'t> {
    name: &'t str,
    parent: Option<(&'t str, usize)>,
    header: Range<usize>,
    lines: Vec<Line<'t>>,
    /// The first line that is not `key = value`.
    broken: Option<usize>,
}

/// The written-out built-in variants ([`crate::builtin`]), read once:
/// each name with its draft or why it cannot be played (in words that
/// name no line of this file: they mean nothing to a user).
fn written() -> &'static [(String, Drafted)] {
    static WRITTEN: std::sync::OnceLock<Vec<(String, Drafted)>> = std::sync::OnceLock::new();
    WRITTEN.get_or_init(|| {
        read(crate::builtin::TEXT, &|_| None, true)
            .expect("the built-in variants read")
            .into_iter()
            .map(|(section, mut draft)| {
                let synonyms = crate::builtin::SYNONYMS
                    .iter()
                    .find(|(n, _)| *n == section.name);
                if let (Some((_, synonyms)), Ok(draft)) = (synonyms, &mut draft) {
                    (draft.synonyms).extend(synonyms.iter().map(|&(p, l)| (p.to_string(), l)));
                }
                if let Ok(draft) = &mut draft {
                    draft.wazir_king = crate::builtin::WAZIR_KINGS.contains(&section.name.as_str());
                    draft.drops.free = crate::builtin::FREE_DROPS.contains(&section.name.as_str());
                    let names = crate::builtin::PIECE_NAMES
                        .iter()
                        .find(|(n, _)| *n == section.name)
                        .map_or(&[][..], |(_, names)| names);
                    for &(letter, name) in names {
                        let pieces = draft.rules.pieces.iter_mut();
                        for piece in pieces.filter(|p| p.letter == letter) {
                            piece.name = name.to_string();
                        }
                    }
                }
                (section.name, draft)
            })
            .collect()
    })
}

/// The draft of the built-in variant `name`, for a section that starts
/// from it: `None` if Fairy-Stockfish has no variant of that name.
fn builtin_draft(name: &str) -> Option<Drafted> {
    if let Some((_, found)) = written().iter().find(|(n, _)| n == name) {
        return Some(found.clone());
    }
    crate::builtin::names()
        .contains(&name)
        .then(|| Err("its rules are not written out here yet".to_string()))
}

/// Fairy-Stockfish's built-in variant `name` ([`crate::builtin`]), if
/// there is one: its rule set, or why it cannot be played here.
///
/// ```
/// let gardner = chess_rules::ini::builtin("gardner").unwrap().unwrap();
/// assert_eq!(gardner.geometry.files(), 5);
/// let crazyhouse = chess_rules::ini::builtin("crazyhouse").unwrap().unwrap();
/// assert!(crazyhouse.drops.is_some_and(|d| d.captures_to_hand));
/// let seirawan = chess_rules::ini::builtin("seirawan").unwrap().unwrap();
/// assert!(seirawan.gating);
/// let bughouse = chess_rules::ini::builtin("bughouse").unwrap().unwrap();
/// assert!(bughouse.drops.is_some_and(|d| d.partner && !d.captures_to_hand));
/// let ataxx = chess_rules::ini::builtin("ataxx").unwrap().unwrap();
/// assert!(ataxx.drops.is_some_and(|d| d.free));
/// ```
pub fn builtin(name: &str) -> Option<Result<Rules, Unplayable>> {
    let draft = builtin_draft(name)?;
    let played = draft.and_then(|d| {
        let mut rules = d.finish().map_err(|refusal| match refusal {
            Refusal::Header(message) => message,
            Refusal::Rule(p) => p.why(),
        })?;
        rules.name = name.to_string();
        Ok(rules)
    });
    Some(played.map_err(|why| Unplayable {
        variant: name.to_string(),
        why,
    }))
}

/// Why one of Fairy-Stockfish's built-in variants cannot be played here
/// ([`builtin`]).
///
/// ```
/// let refused = chess_rules::ini::Unplayable {
///     variant: "grand".into(),
///     why: "its board is too large".into(),
/// };
/// assert_eq!(
///     refused.to_string(),
///     "Fairy-Stockfish's built-in variant `grand` cannot be played here yet: its board is too large"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unplayable {
    /// The variant, as Fairy-Stockfish names it.
    pub variant: String,
    /// Why, in words that name no place in a file.
    pub why: String,
}

impl std::fmt::Display for Unplayable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Fairy-Stockfish's built-in variant `{}` cannot be played here yet: {}",
            self.variant, self.why
        )
    }
}

impl std::error::Error for Unplayable {}

/// A section's draft, or why it has none in words that name no place.
pub(crate) type Drafted = Result<Draft, String>;

/// A way to find a built-in variant by name: `None` if there is none,
/// else its draft or why it cannot be played.
pub(crate) type Builtin<'a> = &'a dyn Fn(&str) -> Option<Drafted>;

/// The sections of `text`, parents found among those above and then by
/// `builtin`, each with its draft, or why it has none in words that name
/// no place (a child's error names its parent's line; a built-in
/// variant's must not). A draft is kept only while a section below names
/// the section as its parent, unless `all_drafts`: the others are `Err`
/// of nothing (a file of many sections keeps one rule set each).
pub(crate) fn read(
    text: &str,
    builtin: Builtin<'_>,
    all_drafts: bool,
) -> Result<Vec<(Section, Drafted)>, Error> {
    let text = &Lines::new(text);
    let raws = split(text)?;
    // How many sections name each as their parent: a draft is kept until
    // its last child is read.
    let mut children: HashMap<&str, usize> = HashMap::new();
    for raw in &raws {
        if let Some((parent, _)) = raw.parent {
            *children.entry(parent).or_default() += 1;
        }
    }
    let mut out: Vec<Section> = Vec::new();
    let mut drafts: Vec<Drafted> = Vec::new();
    // Where each name was defined last, so that finding a section above
    // takes no walk over the file (a file of many sections reads in
    // linear time).
    let mut named: HashMap<&str, usize> = HashMap::new();
    let mut started = Started::default();
    for raw in raws {
        let here = |e: Error| {
            let words = e.message.clone();
            (e, words)
        };
        let above = Above {
            sections: &out,
            drafts: &drafts,
            named: &named,
        };
        let draft = heading(text, &raw, &above)
            .map_err(here)
            .and_then(|()| parent(text, &raw, &above, builtin))
            .and_then(|draft| section(text, &raw, draft).map_err(here));
        // A section that reads keeps its draft for its children, played or
        // not (a child may set back what keeps it from playing).
        let rules = draft.as_ref().map_err(|(e, _)| e.clone()).and_then(|d| {
            let rules = d.finish().map_err(|refusal| match refusal {
                Refusal::Header(message) => {
                    text.error(raw.header.clone(), format!("[{}]: {message}", raw.name))
                }
                Refusal::Rule(p) => match (&p.at, raw.parent) {
                    (Ok(at), _) => text.at_word(*at, p.why()),
                    (Err(_), Some((parent, at))) => {
                        text.error(at..at + parent.len().max(1), p.why())
                    }
                    (Err(_), None) => text.error(raw.header.clone(), p.why()),
                },
            })?;
            started.check(&rules).map_err(|e| {
                let message = format!("[{}]: startFen: {}", raw.name, e.message);
                match raw.lines.iter().rev().find(|l| l.key == "startFen") {
                    Some(line) => text.within(Error { message, ..e }, line.value_at),
                    None => text.error(raw.header.clone(), message),
                }
            })?;
            Ok(rules)
        });
        drafts.push(match draft {
            Ok(_) if !all_drafts && !children.contains_key(raw.name) => Err(String::new()),
            draft => draft.map_err(|(_, words)| words),
        });
        // The parent's last child read: its draft is needed no more.
        if let Some((parent, _)) = raw.parent
            && let Some(left) = children.get_mut(parent)
        {
            *left -= 1;
            if *left == 0 {
                children.remove(parent);
                if let (false, Some(&i)) = (all_drafts, named.get(parent)) {
                    drafts[i] = Err(String::new());
                }
            }
        }
        named.insert(raw.name, out.len());
        out.push(Section {
            name: raw.name.to_string(),
            parent: raw.parent.map(|(p, _)| p.to_string()),
            header: raw.header.clone(),
            rules,
        });
    }
    Ok(out.into_iter().zip(drafts).collect())
}

/// The rule sets whose start position was set up, by their start: a
/// section with the rules of one of them (under another name: the most
/// common case, a file of sections that differ in their names or keys
/// that do not touch the start) is not set up again. A few of each start
/// are kept, so a file of many sections is read in linear time whatever
/// they hold.
#[derive(Default)]
struct Started {
    by_start: HashMap<String, Vec<Rules>>,
}

impl Started {
    /// How many rule sets of one start are kept.
    const KEPT: usize = 4;

    /// Whether `rules`' start position can be set up
    /// ([`crate::Position::start`]).
    fn check(&mut self, rules: &Rules) -> Result<(), Error> {
        let nameless = Rules {
            name: String::new(),
            ..rules.clone()
        };
        let kept = self.by_start.entry(rules.start.clone()).or_default();
        if kept.contains(&nameless) {
            return Ok(());
        }
        crate::Position::start(rules)?;
        if kept.len() == Self::KEPT {
            kept.remove(0);
        }
        kept.push(nameless);
        Ok(())
    }
}

/// The sections' headers and lines.
fn split<'t>(text: &Lines<'t>) -> Result<Vec<Raw<'t>>, Error> {
    let mut raws: Vec<Raw<'_>> = Vec::new();
    let mut line_start = 0;
    for raw in text.text.split_inclusive('\n') {
        let start = line_start;
        line_start += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(header) = trimmed.strip_prefix('[') {
            let Some(close) = header.find(']') else {
                return Err(text.at_word(start + indent, "a section header ends with `]`"));
            };
            let header = &header[..close];
            let name_at = start + indent + 1;
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (
                    name,
                    Some((
                        parent.trim(),
                        name_at + name.len() + 1 + (parent.len() - parent.trim_start().len()),
                    )),
                ),
                None => (header, None),
            };
            let lead = name.len() - name.trim_start().len();
            let name = name.trim();
            if name.is_empty() {
                return Err(text.error(
                    name_at..name_at + header.len().max(1),
                    "a section needs a name",
                ));
            }
            raws.push(Raw {
                name,
                parent,
                header: name_at + lead..name_at + lead + name.len(),
                lines: Vec::new(),
                broken: None,
            });
            continue;
        }
        let Some(section) = raws.last_mut() else {
            return Err(text.at_word(start + indent, "a key before any `[section]`"));
        };
        match trimmed.split_once('=') {
            Some((key, value)) => {
                let eq = trimmed.len() - value.len() - 1;
                let lead = value.len() - value.trim_start().len();
                section.lines.push(Line {
                    key: key.trim(),
                    value: value.trim(),
                    key_at: start + indent,
                    value_at: start + indent + eq + 1 + lead,
                });
            }
            None => {
                section.broken.get_or_insert(start + indent);
            }
        }
    }
    if raws.is_empty() {
        return Err(text.at_word(
            0,
            "no `[section]`: a variant starts with its name in brackets",
        ));
    }
    Ok(raws)
}

/// The sections above the one being read: each with its draft, and the
/// last of each name.
struct Above<'a, 't> {
    sections: &'a [Section],
    drafts: &'a [Drafted],
    named: &'a HashMap<&'t str, usize>,
}

impl Above<'_, '_> {
    /// The last section above called `name`.
    fn find(&self, name: &str) -> Option<usize> {
        self.named.get(name).copied()
    }
}

/// Whether a section's header and lines can be read at all: its name not
/// taken above, every line `key = value`.
fn heading(text: &Lines<'_>, raw: &Raw<'_>, above: &Above<'_, '_>) -> Result<(), Error> {
    if let Some(earlier) = above.find(raw.name).map(|i| &above.sections[i]) {
        let line = text.error(earlier.header.clone(), "").line;
        return Err(text.error(
            raw.header.clone(),
            format!(
                "[{}]: a variant `{}` is defined above, on line {line}",
                raw.name, raw.name
            ),
        ));
    }
    match raw.broken {
        Some(at) => Err(text.at_word(at, "expected `key = value`")),
        None => Ok(()),
    }
}

/// The draft a section starts from: the empty template, or its parent's
/// (a section above, else a built-in variant); if that cannot be played,
/// the error at the parent's name and the same in words that name no
/// line.
fn parent(
    text: &Lines<'_>,
    raw: &Raw<'_>,
    above: &Above<'_, '_>,
    builtin: Builtin<'_>,
) -> Result<Draft, (Error, String)> {
    // A section without a parent starts from the empty template; one
    // named after a built-in variant, from that variant (Fairy-Stockfish
    // would play its built-in one and pass over the section).
    let Some((parent, at)) = raw
        .parent
        .or_else(|| builtin(raw.name).map(|_| (raw.name, raw.header.start)))
    else {
        return Ok(Draft::template(raw.name));
    };
    let span = at..at + parent.len().max(1);
    let refused = |message: String, words: String| Err((text.error(span.clone(), message), words));
    let found = match above.find(parent) {
        Some(i) => match (&above.drafts[i], &above.sections[i].rules) {
            (Ok(d), _) => d.clone(),
            (Err(words), Err(e)) => {
                return refused(
                    format!(
                        "`{parent}` cannot be played (line {}: {})",
                        e.line, e.message
                    ),
                    format!("`{parent}` cannot be played: {words}"),
                );
            }
            (Err(_), Ok(_)) => unreachable!("a section that plays has its draft"),
        },
        None => match builtin(parent) {
            Some(Ok(d)) => d,
            Some(Err(why)) => {
                let words = format!(
                    "Fairy-Stockfish's built-in variant `{parent}` cannot be played: {why}"
                );
                return refused(words.clone(), words);
            }
            None => {
                let words = format!(
                    "`{parent}` is neither a section above nor one of Fairy-Stockfish's built-in variants"
                );
                return refused(words.clone(), words);
            }
        },
    };
    let mut draft = found;
    draft.rules.name = raw.name.to_string();
    // What it holds that is not played, it holds from its parent.
    for p in &mut draft.pending {
        p.at = Err(parent.to_string());
    }
    Ok(draft)
}

/// The draft of one section: `draft`, its parent's, with its keys applied.
fn section(text: &Lines<'_>, raw: &Raw<'_>, mut draft: Draft) -> Result<Draft, Error> {
    // As Fairy-Stockfish: a key's last value counts; the board first, then
    // the pieces, then the rest (regions and letters refer to them).
    let mut lines: Vec<&Line<'_>> = Vec::new();
    for line in &raw.lines {
        lines.retain(|l| l.key != line.key);
        lines.push(line);
    }
    let order = |l: &&Line<'_>| match l.key {
        "maxFile" | "maxRank" => 0,
        k if piece_key(k) => 1,
        _ => 2,
    };
    lines.sort_by_key(order);
    for line in lines {
        apply(&mut draft, line.key, line.value, line.key_at).map_err(|problem| match problem {
            Problem::Key(message) => text.at_word(line.key_at, message),
            Problem::Value(message) => text.at_word(line.value_at, message),
            Problem::InValue(offset, message) => text.at_word(line.value_at + offset, message),
        })?;
    }
    Ok(draft)
}

#[cfg(test)]
mod tests {
    use super::apply::connect_key;
    use super::*;
    use crate::geometry::Region;

    #[test]
    fn counts_of_pieces_connected_are_at_most_a_boards_side() {
        for (key, limit) in [
            ("connectN", "at most 16 in a row"),
            ("connectNxN", "a square's side is at most 16"),
            ("collinearN", "at most 16 on a line"),
        ] {
            let e = variants(&format!("[x:chess]\n{key} = 17\n")).unwrap_err();
            assert!(
                e.message.contains(&format!("`17`: {limit}")),
                "{}",
                e.message
            );
            let rules = variants(&format!("[x:chess]\n{key} = 16\n")).unwrap();
            assert_eq!(rules.len(), 1, "{key}");
        }
        let rules = variants("[x:chess]\nconnectN = 4\nconnectNxN = 2\ncollinearN = 3\n").unwrap();
        let mut with = Draft::template("x");
        for (key, value) in [("connectN", "4"), ("connectNxN", "2"), ("collinearN", "3")] {
            assert!(matches!(connect_key(&mut with, key, value), Ok(true)));
        }
        assert_eq!(
            (with.connect.n, with.connect.square, with.connect.collinear),
            (4, 2, 3)
        );
        assert!(matches!(
            connect_key(&mut with, "flagMove", "true"),
            Ok(false)
        ));
        assert_eq!(rules.len(), 1);
    }

    #[test]
    fn pawns_that_promote_or_not() {
        // `-`: no pawn promotes (a pawn on the last rank stays one); `p`,
        // the pawns, set back by a child.
        let text = "[still:chess]\npromotionPieceTypesBlack = q\npromotionPawnTypes = -\n\n\
                    [again:still]\npromotionPawnTypes = p\n\n[knights:chess]\npromotionPawnTypes = n\n\n\
                    [back:knights]\npromotionPawnTypes = p\n";
        let sets = sections(text).unwrap();
        let still = sets[0].rules.as_ref().unwrap();
        assert!(still.promotion_pieces.is_empty() && still.black_promotions().is_empty());
        let again = sets[1].rules.as_ref().unwrap();
        assert_eq!(
            (again.promotion_pieces.len(), again.black_promotions()),
            (4, &['Q'][..])
        );
        // Other pieces are pawns where a key names them, a side's only
        // (khan's chess's Black promotes its soldiers), and the pawn
        // stays one (Fairy-Stockfish's pawn type always promotes).
        let knights = sets[2].rules.as_ref().unwrap();
        let pawns = |rules: &Rules| -> Vec<(char, [bool; 2])> {
            (rules.pieces.iter())
                .filter(|p| p.is_pawn())
                .map(|p| (p.letter, p.pawn))
                .collect()
        };
        assert_eq!(pawns(knights), [('P', [true, true]), ('N', [true, true])]);
        let back = sets[3].rules.as_ref().unwrap();
        assert_eq!(
            (pawns(back), back.promotion_pieces.len()),
            (vec![('P', [true, true])], 4)
        );
        let text = "[khans:chess]\ncustomPiece2 = s:mfhNcfW\npromotionPawnTypesBlack = s\n\n\
                    [none:chess]\npawnTypes = -\n\n[bad:chess]\npawnTypes = px\n";
        let sets = sections(text).unwrap();
        let khans = sets[0].rules.as_ref().unwrap();
        assert_eq!(pawns(khans), [('P', [true, true]), ('S', [false, true])]);
        assert_eq!(
            pawns(sets[1].rules.as_ref().unwrap()),
            [('P', [true, true])]
        );
        let bad = sets[2].rules.as_ref().unwrap_err();
        assert!(
            bad.message.contains("`x` is no piece of this variant"),
            "{bad:?}"
        );
    }

    #[test]
    fn only_the_lame_leaps_fairy_stockfish_has_move() {
        // pyffish 0.0.90 on this section: `e1b3 e1c4 e1g4` and the king's
        // moves; the lame camel, wazir and threeleaper never move (elgam's
        // `o:nC`).
        let text = "[lame:chess]\ncustomPiece1 = o:nC\ncustomPiece2 = w:nW\n\
                    customPiece3 = z:nZ\ncustomPiece4 = x:nH\n\
                    startFen = 4k3/8/8/8/8/8/8/O1W1ZX1K w - - 0 1\n";
        let rules = variants(text).unwrap().remove(0);
        let pos = crate::Position::start(&rules).unwrap();
        let mut moves: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
        moves.sort();
        assert_eq!(moves, ["e1b3", "e1c4", "e1g4", "h1g1", "h1g2", "h1h2"]);
        assert_eq!(
            rules.piece('O').unwrap().describe(),
            "a custom piece 1 that never moves"
        );
    }

    #[test]
    fn a_custom_piece_is_named_after_the_piece_its_moves_are() {
        // A cannon's moves make a cannon; a plain `pR` is no janggi cannon
        // (which hops over no cannon and takes none).
        let text = "[a:chess]\ncustomPiece1 = c:mRcpR\ncustomPiece2 = d:pR\n\n\
                    [b:chess]\njanggiCannon = c\n";
        let sets = sections(text).unwrap();
        let a = sets[0].rules.as_ref().unwrap();
        assert_eq!(a.piece('C').unwrap().name, "cannon");
        assert_eq!(a.piece('D').unwrap().name, "custom piece 2");
        let b = sets[1].rules.as_ref().unwrap();
        assert_eq!(b.piece('C').unwrap().name, "janggi cannon");
        assert_eq!(a.piece('D').unwrap().atoms[0].hop, crate::betza::Hop::Over);
        assert_eq!(
            b.piece('C').unwrap().atoms[0].hop,
            crate::betza::Hop::Unlike
        );
    }

    #[test]
    fn a_child_of_a_refused_section_names_its_parents_line_and_its_words_name_none() {
        let text = "[a:chess]\nnoSuchKey = 1\n\n[b:a]\n";
        let read = read(text, &builtin_draft, true).unwrap();
        let why_a = read[0].0.rules.clone().unwrap_err();
        let Err(words_a) = &read[0].1 else {
            panic!("a has no draft")
        };
        assert_eq!(words_a, &why_a.message);
        let why_b = read[1].0.rules.clone().unwrap_err();
        assert_eq!((why_b.line, why_b.column), (4, 4), "at the parent's name");
        assert_eq!(&text[why_b.span.clone()], "a");
        assert_eq!(
            why_b.message,
            format!("`a` cannot be played (line 2: {})", why_a.message)
        );
        let Err(words_b) = &read[1].1 else {
            panic!("b has no draft")
        };
        assert_eq!(words_b, &format!("`a` cannot be played: {}", why_a.message));
    }

    #[test]
    fn goals_are_read_and_their_mistakes_shown_at_the_value() {
        let error = |text: &str| {
            let e = sections(text).unwrap()[0].rules.clone().unwrap_err();
            (text[e.span.clone()].to_string(), e.message)
        };
        assert_eq!(
            error("[a:chess]\nextinctionValue = maybe\nextinctionPieceTypes = k\n"),
            (
                "maybe".into(),
                "`maybe`: a result is `win`, `loss`, `draw` or `none`".into()
            )
        );
        assert_eq!(
            error("[a:chess]\nflagRegion = d4\nflagPiece = kq\n"),
            ("kq".into(), "`kq`: one piece letter, or `*`".into())
        );
        assert_eq!(
            error("[a:chess]\nextinctionValue = loss\nextinctionPieceTypes = kz\n"),
            ("z".into(), "`z` is no piece of this variant".into())
        );
        // A piece a goal names, taken away below it.
        let text =
            "[a:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\n[b:a]\nqueen = -\n";
        let e = sections(text).unwrap()[1].rules.clone().unwrap_err();
        assert_eq!(
            e.message,
            "[b]: a goal names `q`, which is no piece of this variant"
        );
        // Without a king a game may end only by stalemate (nim).
        let kingless = sections("[a:chess]\nking = -\ncommoner = k\n").unwrap()[0]
            .rules
            .clone()
            .unwrap();
        assert!(kingless.pieces.iter().all(|p| !p.royal));
        let rules = sections("[a:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPieceCount = 0\nextinctionOpponentPieceCount = 1\nextinctionClaim = true\n")
            .unwrap()[0]
            .rules
            .clone()
            .unwrap();
        let e = rules.goals.extinction.unwrap();
        assert_eq!(
            (e.pieces, e.count, e.opponent_count, e.claim),
            (vec!['K'], 0, 1, true)
        );
        // An extinction value without piece types, or piece types without
        // a value, is no goal.
        for text in [
            "[a:chess]\nextinctionValue = loss\n",
            "[a:chess]\nextinctionPieceTypes = k\n",
            "[a:chess]\nflagPiece = k\n",
        ] {
            let rules = sections(text).unwrap()[0].rules.clone().unwrap();
            assert!(!rules.goals.any(), "{text}");
        }
        let flag = sections("[a:chess]\nflagRegionBlack = *1\nflagPieceBlack = k\nflagPieceCount = 2\nflagPieceBlockedWin = true\nflagMove = true\n")
            .unwrap()[0]
            .rules
            .clone()
            .unwrap()
            .goals
            .flag
            .unwrap();
        assert_eq!(flag.pieces, [None, Some('K')]);
        assert_eq!(flag.regions[0], Region::EMPTY);
        assert_eq!(flag.regions[1], Region::rank(0));
        assert_eq!(
            (flag.count, flag.blocked_win, flag.one_more_move),
            (2, true, true)
        );
    }

    #[test]
    fn a_region_with_a_letter_of_several_bytes_is_refused_there() {
        // Found by the `rules` fuzz target: a region's first letter of
        // several bytes was cut in the middle.
        for (text, word) in [
            ("[a:chess]\npromotionRegionWhite = d4 ぁ4\n", "ぁ4"),
            ("[a:chess]\npromotionRegionWhite = dぁ4\n", "dぁ4"),
        ] {
            let e = sections(text).unwrap()[0].rules.clone().unwrap_err();
            assert_eq!(&text[e.span.clone()], word);
            assert!(e.message.starts_with("a region is squares"), "{e:?}");
        }
    }

    #[test]
    fn a_name_taken_above_and_a_line_not_key_value_refuse_their_section() {
        let text = "[a:chess]\n[a:chess]\n[b:chess]\njust words\n[c:chess]\n";
        let sections = sections(text).unwrap();
        let taken = sections[1].rules.clone().unwrap_err();
        assert_eq!(taken.line, 2);
        assert_eq!(
            taken.message,
            "[a]: a variant `a` is defined above, on line 1"
        );
        let broken = sections[2].rules.clone().unwrap_err();
        assert_eq!(
            (broken.line, broken.message.as_str()),
            (4, "expected `key = value`")
        );
        assert!(sections[0].rules.is_ok() && sections[3].rules.is_ok());
    }

    #[test]
    fn details_of_a_rule_not_played_refuse_only_with_the_rule() {
        // How connections are counted does nothing without a connection
        // goal; pieces in a row, a square of them and pieces on a line
        // are goals.
        let plays = sections("[a:chess]\nconnectVertical = false\nconnectValue = loss\n").unwrap();
        let rules = plays[0].rules.as_ref().unwrap();
        assert_eq!(rules.goals.connect, None);
        let text = "[a:chess]\nconnectVertical = false\nconnectN = 4\n";
        let connect = sections(text).unwrap()[0]
            .rules
            .clone()
            .unwrap()
            .goals
            .connect;
        assert!(connect.is_some_and(|c| c.n == 4 && !c.vertical && c.horizontal));
        let text = "[a:chess]\nconnectN = 4\nconnectNxN = 2\n\n[b:chess]\ncollinearN = 3\n";
        let read = sections(text).unwrap();
        let connect = read[0].rules.as_ref().unwrap().goals.connect.as_ref();
        assert!(connect.is_some_and(|c| (c.n, c.square) == (4, 2)));
        let square = sections("[c:chess]\nconnectNxN = 2\n").unwrap()[0]
            .rules
            .clone();
        let square = square.unwrap().goals.connect;
        assert!(square.is_some_and(|c| (c.n, c.square) == (0, 2)));
        let collinear = read[1].rules.as_ref().unwrap().goals.connect.as_ref();
        assert!(collinear.is_some_and(|c| (c.n, c.collinear) == (0, 3)));
        // Duple check belongs to pieces royal while few; castling's
        // details, to castling.
        let plays = sections("[a:chess]\ndupleCheck = true\n").unwrap();
        assert!(plays[0].rules.as_ref().unwrap().royal_while_few.is_none());
        let text = "[a:chess]\ndupleCheck = true\nextinctionPseudoRoyal = true\n\
                    extinctionPieceTypes = q\nextinctionValue = loss\n";
        let few = sections(text).unwrap()[0]
            .rules
            .clone()
            .unwrap()
            .royal_while_few;
        assert!(few.unwrap().duple);
        let plays = sections("[a:chess]\ncastling = false\ncastlingRank = 2\n").unwrap();
        assert!(plays[0].rules.is_ok(), "{:?}", plays[0].rules);
        assert!(
            sections("[a:chess]\ncastlingRank = 2\n").unwrap()[0]
                .rules
                .is_err()
        );
    }
}
