//! The pieces of a section: those the format knows by name, custom ones
//! in Betza notation, and how a key puts, replaces or removes one.

use super::draft::Draft;
use super::values::Problem;
use crate::rules::PieceDef;

/// The pieces the format knows by name, with their moves in Betza
/// notation (the pawn's double step is added by `doubleStep`).
pub(super) const NAMED: [(&str, &str); 37] = [
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

pub(super) fn piece_key(key: &str) -> bool {
    key.starts_with("customPiece") || NAMED.iter().any(|(n, _)| *n == key)
}

/// Applies a piece's key: `knight = n`, `knight = -`, `king = k:KN`,
/// `customPiece1 = a:BN`.
pub(super) fn piece(draft: &mut Draft, key: &str, value: &str) -> Result<(), Problem> {
    let bad = Problem::Value;
    if value == "-" {
        put(draft, key, None);
        return Ok(());
    }
    let (letter_text, betza) = match value.split_once(':') {
        Some((l, b)) => (l, Some(b.trim())),
        None => (value, None),
    };
    let letter =
        single_letter(letter_text).ok_or_else(|| bad(format!("`{letter_text}`: one letter")))?;
    let custom = key.starts_with("customPiece");
    if custom {
        key["customPiece".len()..]
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=25).contains(n))
            .ok_or_else(|| {
                Problem::Key(format!(
                    "`{key}`: custom pieces are `customPiece1` to `customPiece25`"
                ))
            })?;
    }
    let named = NAMED.iter().find(|(n, _)| *n == key).map(|(_, b)| *b);
    if key == "king" {
        // (A king written anew is no longer a built-in variant's wazir.)
        draft.wazir_king = false;
    }
    let betza = match (betza, named) {
        (Some(b), _) if custom || key == "king" => b,
        (Some(_), _) => {
            return Err(bad(format!(
                "`{value}`: a named piece is only its letter (`{key} = {}`)",
                letter.to_ascii_lowercase()
            )));
        }
        (None, Some(b)) => b,
        (None, None) => return Err(bad(format!("`{value}`: write `letter:Betza`, e.g. `a:BN`"))),
    };
    let name = if custom {
        // Named after the piece its moves are, if the format names one.
        NAMED
            .iter()
            .find(|(n, b)| *b == betza && !matches!(*n, "king" | "pawn" | "janggiCannon"))
            .map_or_else(
                || format!("custom piece {}", &key["customPiece".len()..]),
                |(n, _)| words(n),
            )
    } else {
        words(key)
    };
    let piece = if betza.is_empty() {
        // (`immobile`, or a custom piece written without moves.)
        Ok(PieceDef::immobile(letter, &name))
    } else {
        PieceDef::new(letter, &name, betza)
    };
    let mut piece = piece.map_err(|e| {
        if named == Some(betza) && !custom {
            // A piece the format names, whose moves this engine does not
            // play (a cannon's hop).
            Problem::Value(format!(
                "the {name} (`{betza}`) is not played here yet: {}",
                e.message
            ))
        } else {
            let offset = value.len() - betza.len();
            Problem::InValue(offset + e.span.start, format!("`{betza}`: {}", e.message))
        }
    })?;
    // Fairy-Stockfish makes a leap lame (`n`) only where it has a table for
    // it: the dabbaba's, the knight's, the alfil's and the (3,2) leap's;
    // any other lame leap (`nC`, `nW`) is no move there.
    piece
        .atoms
        .retain(|a| !a.lame || a.range != 1 || matches!(a.leap, (2, 0) | (2, 1) | (2, 2) | (3, 2)));
    if key == "janggiCannon" {
        // Its hop is `pR`, never over nor onto another cannon.
        for atom in &mut piece.atoms {
            atom.hop = crate::betza::Hop::Unlike;
        }
    }
    put(draft, key, Some(piece));
    Ok(())
}

/// A key's name in words: `dragonHorse` is "dragon horse".
pub(super) fn words(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.trim().chars();
    let c = chars.next()?;
    (chars.next().is_none() && c.is_ascii_alphabetic()).then_some(c)
}

/// Pairs of a piece's letter and what follows its `:` (`p:g s:g`,
/// `q:1 r:2`), each read by `second`; `-` alone is no pair. `None` if one
/// is not such a pair.
pub(super) fn letter_pairs<T>(
    value: &str,
    second: impl Fn(&str) -> Option<T>,
) -> Option<Vec<(char, T)>> {
    value
        .split_whitespace()
        .filter(|pair| *pair != "-")
        .map(|pair| {
            let (letter, rest) = pair.split_once(':').unwrap_or((pair, ""));
            Some((single_letter(letter)?, second(rest)?))
        })
        .collect()
}

/// Sets (or with `None` removes) the piece of `key`; a piece replaces any
/// other with its letter.
pub(super) fn put(draft: &mut Draft, key: &str, piece: Option<PieceDef>) {
    if let Some(piece) = &piece {
        let letter = piece.letter;
        while let Some(i) = draft
            .rules
            .pieces
            .iter()
            .zip(&draft.names)
            .position(|(p, n)| p.letter == letter && n != key)
        {
            draft.rules.pieces.remove(i);
            draft.names.remove(i);
            // (What the piece replaced promoted to is not the new one's,
            // as Fairy-Stockfish keeps it by piece type.)
            draft
                .promoted
                .retain(|&(from, _)| !from.eq_ignore_ascii_case(&letter));
        }
    }
    let at = draft.names.iter().position(|n| n == key);
    match (at, piece) {
        (Some(i), Some(piece)) => draft.rules.pieces[i] = piece,
        (Some(i), None) => {
            draft.rules.pieces.remove(i);
            draft.names.remove(i);
        }
        (None, Some(piece)) => {
            // (In Fairy-Stockfish's order of piece types, which its FEN
            // writes pieces in hand in.)
            let at = (draft.names.iter())
                .position(|n| order(n) > order(key))
                .unwrap_or(draft.names.len());
            draft.rules.pieces.insert(at, piece);
            draft.names.insert(at, key.to_string());
        }
        (None, None) => {}
    }
}

/// Where the piece of `key` stands in Fairy-Stockfish's order of piece
/// types: its named pieces as [`NAMED`] lists them, then the custom ones,
/// the king last.
fn order(key: &str) -> usize {
    match key {
        "king" => usize::MAX,
        _ => (NAMED.iter().position(|(n, _)| *n == key))
            .or_else(|| {
                let n: usize = key.strip_prefix("customPiece")?.parse().ok()?;
                Some(NAMED.len() + n)
            })
            .unwrap_or(usize::MAX - 1),
    }
}
