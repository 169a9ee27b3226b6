//! The values of `key = value` lines as the format writes them: numbers,
//! booleans, results, piece letters, regions — and what is wrong with one
//! ([`Problem`]).

use crate::geometry::{MAX_SIDE, Region, Square};
use crate::goals::Ending;
use crate::rules::Rules;

/// What is wrong with a `key = value` line, and where.
pub(super) enum Problem {
    /// At the key.
    Key(String),
    /// At the value.
    Value(String),
    /// At the byte `at` of the value.
    InValue(usize, String),
}

/// A file or rank number: `10`, or a file letter `j`.
pub(super) fn side(value: &str) -> Option<u8> {
    match value.as_bytes() {
        [c @ b'a'..=b'p'] => Some(c - b'a' + 1),
        _ => value.parse().ok().filter(|n| (1..=MAX_SIDE).contains(n)),
    }
}

pub(super) fn boolean(value: &str) -> Result<bool, Problem> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Problem::Value(format!(
            "`{value}`: write `true` or `false`"
        ))),
    }
}

/// The sides a key that may end in `White` or `Black` sets.
pub(super) fn sides(key: &str) -> std::ops::Range<usize> {
    if key.ends_with("White") {
        0..1
    } else if key.ends_with("Black") {
        1..2
    } else {
        0..2
    }
}

/// A result as the format writes it (`extinctionValue = loss`).
pub(super) fn ending(value: &str) -> Result<Ending, Problem> {
    match value {
        "win" => Ok(Ending::Win),
        "loss" => Ok(Ending::Loss),
        "draw" => Ok(Ending::Draw),
        _ => Err(Problem::Value(format!(
            "`{value}`: a result is `win`, `loss`, `draw` or `none`"
        ))),
    }
}

/// A count (`extinctionPieceCount = 1`).
pub(super) fn number(value: &str) -> Result<u32, Problem> {
    value
        .parse()
        .map_err(|_| Problem::Value(format!("`{value}`: a number")))
}

/// Piece letters of `rules` (`kqrbnp`), or `*` for every piece, as upper
/// case letters; `-` or nothing for none.
pub(super) fn piece_set(rules: &Rules, value: &str) -> Result<Vec<char>, Problem> {
    let mut out = Vec::new();
    // (Letters may stand apart, `r n b q`: Fairy-Stockfish reads them
    // as words, white space between.)
    let letters = value
        .char_indices()
        .filter(|&(_, c)| !c.is_ascii_whitespace());
    for (at, c) in letters.filter(|_| value != "-") {
        let c = c.to_ascii_uppercase();
        if c != '*' && rules.index(c).is_none() {
            return Err(Problem::InValue(
                at,
                format!("`{}` is no piece of this variant", c.to_ascii_lowercase()),
            ));
        }
        if !out.contains(&c) {
            out.push(c);
        }
    }
    Ok(out)
}

/// A rank by its number, 1 to 16 (`promotionRank = 8`).
pub(super) fn rank_number(value: &str) -> Result<u8, Problem> {
    value
        .parse()
        .ok()
        .filter(|r| (1..=crate::geometry::MAX_SIDE).contains(r))
        .ok_or_else(|| Problem::Value(format!("`{value}`: a rank is 1 to 16")))
}

/// A region as the format writes it: squares (`d4 e5`), whole ranks
/// (`*8`) and files (`a*`), or `-` for none.
pub(super) fn region(value: &str) -> Result<Region, Problem> {
    let mut out = Region::EMPTY;
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if bytes[i] == b'-' {
            break;
        }
        let file = bytes[i];
        let error = || {
            Err(Problem::InValue(
                i,
                "a region is squares (`d4`), ranks (`*8`, 1 to 16) or files (`a*`, `a` to `p`), or `-`"
                    .into(),
            ))
        };
        if !file.is_ascii() {
            // (Not the first byte of a square: the rest is no number.)
            return error();
        }
        // A whole file: its letter and `*`.
        if bytes.get(i + 1) == Some(&b'*') && bytes.get(i + 2).is_none_or(u8::is_ascii_whitespace) {
            match file.to_ascii_lowercase() {
                f @ b'a'..=b'p' => out = out.union(Region::file(f - b'a')),
                _ => return error(),
            }
            i += 2;
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let rank: Option<u8> = value[i + 1..i + 1 + digits]
            .parse()
            .ok()
            .filter(|r| (1..=MAX_SIDE).contains(r));
        match (file, rank) {
            (b'*', Some(rank)) => out = out.union(Region::rank(rank - 1)),
            (b'a'..=b'p', Some(rank)) => out.insert(Square::new(file - b'a', rank - 1)),
            _ => return error(),
        }
        i += 1 + digits;
    }
    Ok(out)
}
