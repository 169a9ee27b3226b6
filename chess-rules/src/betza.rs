//! Betza notation for pieces, the subset Fairy-Stockfish reads: leapers
//! `W F D N A H C Z G`, the compounds `K R B Q`, riders written by doubling
//! an atom (`NN`, the nightrider) or with a range (`W3`), direction
//! modifiers `f b l r v s` and their pairs (`fl`, `ff`, `fs`, `lv` …),
//! `hl`/`hr` for one chirality of an oblique piece, `m` (moves only), `c`
//! (captures only), `i` (only from the piece's start square), `n` (a lame
//! leap: the squares on the way must be empty), `e` (captures en
//! passant), and the hoppers of riders: `p` (over one piece, then on along
//! the line: xiangqi's cannon is `mRcpR`) and `g` (to the square just
//! beyond the first piece: the grasshopper is `gQ`).
//!
//! ```
//! use chess_rules::betza;
//!
//! let pawn = betza::parse("fmWfceFifmnD").unwrap();
//! assert_eq!(pawn.len(), 3);
//! assert_eq!(pawn[0].vectors, [(0, 1)]);
//! assert!(pawn[2].initial && pawn[2].lame && !pawn[2].captures);
//! let camel = betza::parse("C").unwrap();
//! assert_eq!(camel[0].vectors.len(), 8);
//! assert_eq!(camel[0].describe(), "leaps (1,3)");
//! assert_eq!(pawn[0].describe(), "steps [1, 0], without capturing");
//! assert!(betza::parse("fX").is_err());
//! let cannon = betza::parse("mRcpR").unwrap();
//! assert_eq!(cannon[1].hop, betza::Hop::Over);
//! assert_eq!(cannon[1].describe(), "hops over one piece along (0,1) lines, only to capture");
//! ```

use crate::error::Error;

/// One kind of move of a piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// The leap, `(a, b)` with `a ≥ b`: `(1, 0)` for `W`, `(2, 1)` for `N`.
    pub leap: (u8, u8),
    /// The vectors it moves along, from White's side (`dy > 0` is
    /// forward; Black's are mirrored).
    pub vectors: Vec<(i8, i8)>,
    /// Steps along a vector: 1 for a leaper, 0 for any number (a rider).
    pub range: u8,
    /// It may move to an empty square.
    pub moves: bool,
    /// It may capture.
    pub captures: bool,
    /// Only from the piece's square in the start position.
    pub initial: bool,
    /// The squares on the way must be empty.
    pub lame: bool,
    /// It may capture en passant.
    pub en_passant: bool,
    /// It hops over a piece (a rider only).
    pub hop: Hop,
    /// Only from a square of the rule set's diagonal lines to another,
    /// along them ([`Rules::diagonal_lines`](crate::Rules::diagonal_lines):
    /// janggi's palace diagonals).
    pub lines: bool,
}

/// How a rider hops over a piece on its line, if it does.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Hop {
    /// It does not: it stops at the first piece (taking it if it may).
    #[default]
    No,
    /// `p`: over the first piece (of either side), then on along the line
    /// to any empty square, or to take the next piece (xiangqi's cannon).
    Over,
    /// `g`: to the square just beyond the first piece (the grasshopper).
    Beyond,
    /// As [`Hop::Over`], but never over nor onto a piece of its own kind
    /// (janggi's cannon, Fairy-Stockfish's `janggiCannon`).
    Unlike,
}

impl Atom {
    /// The move in words: "leaps (1,3)", "slides along (0,1) lines",
    /// "slides up to 3 steps along (1,1) lines"; a move in some directions
    /// only names them as `[rows, files]` forward and to the right
    /// ("steps [1, 0]").
    pub fn describe(&self) -> String {
        describe(self, &self.vectors)
    }
}

/// `atom`'s kind of move along `vectors`, in words.
pub(crate) fn describe(atom: &Atom, vectors: &[(i8, i8)]) -> String {
    let (a, b) = (atom.leap.1, atom.leap.0);
    let every = all_vectors(atom.leap).iter().all(|v| vectors.contains(v));
    let step = atom.range == 1 && atom.leap.0 == 1;
    let verb = match (atom.hop, atom.range, step) {
        (Hop::Over, 0, _) => "hops over one piece".to_string(),
        (Hop::Over, n, _) => format!("hops over one piece to at most {n} steps away"),
        (Hop::Unlike, 0, _) => "hops over one piece not of its kind".to_string(),
        (Hop::Unlike, n, _) => {
            format!("hops over one piece not of its kind to at most {n} steps away")
        }
        (Hop::Beyond, ..) => "hops to just beyond a piece".to_string(),
        (_, 1, true) => "steps".to_string(),
        (_, 1, false) => "leaps".to_string(),
        (_, 0, _) => "slides".to_string(),
        (_, n, _) => format!("slides up to {n} steps"),
    };
    let mut out = if every {
        match atom.range {
            1 if step && a == 0 => format!("{verb} orthogonally"),
            1 if step => format!("{verb} diagonally"),
            1 => format!("{verb} ({a},{b})"),
            _ => format!("{verb} along ({a},{b}) lines"),
        }
    } else {
        let list: Vec<String> = vectors
            .iter()
            .map(|(dx, dy)| format!("[{dy}, {dx}]"))
            .collect();
        format!("{verb} {}", list.join(", "))
    };
    if !atom.captures {
        out.push_str(", without capturing");
    } else if !atom.moves {
        out.push_str(", only to capture");
    }
    if atom.initial {
        out.push_str(", from its start square only");
    }
    if atom.lines {
        out.push_str(", along the palace's diagonal lines only");
    }
    out
}

/// The leap of a single atom letter.
fn leap(letter: u8) -> Option<(u8, u8)> {
    Some(match letter {
        b'W' => (1, 0),
        b'F' => (1, 1),
        b'D' => (2, 0),
        b'N' => (2, 1),
        b'A' => (2, 2),
        b'H' => (3, 0),
        b'C' => (3, 1),
        b'Z' => (3, 2),
        b'G' => (3, 3),
        _ => return None,
    })
}

/// Every vector of a leap: all signs and both orders.
pub(crate) fn all_vectors((a, b): (u8, u8)) -> Vec<(i8, i8)> {
    let (a, b) = (a as i8, b as i8);
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// One direction selector: a vector matches it or not.
#[derive(Copy, Clone, Debug)]
enum Selector {
    One(u8),
    Two(u8, u8),
}

fn matches(selector: Selector, (dx, dy): (i8, i8), leap: (u8, u8)) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    let side = |c: u8| match c {
        b'f' => dy > 0,
        b'b' => dy < 0,
        b'l' => dx < 0,
        b'r' => dx > 0,
        b'v' => ay > ax,
        b's' => ax > ay,
        _ => false,
    };
    let oblique = leap.0 != leap.1 && leap.1 != 0;
    match selector {
        // One side of an oblique leap: its vectors on that side, the
        // narrow way (`fN` is `ffN`, `lN` is `llN`), as Fairy-Stockfish
        // reads them.
        Selector::One(c) => {
            side(c)
                && (!oblique
                    || match c {
                        b'f' | b'b' => ay > ax,
                        b'l' | b'r' => ax > ay,
                        _ => true,
                    })
        }
        // A half: every vector on that side (`fhN`, the four forward).
        Selector::Two(x, b'h') => side(x),
        Selector::Two(b'h', hand) => {
            // One chirality of an oblique leap: the 4 vectors a quarter
            // turn apart from (a, b) (right) or (b, a) (left).
            let (a, b) = (leap.0 as i8, leap.1 as i8);
            let start = if hand == b'l' { (a, b) } else { (b, a) };
            let turns = [
                start,
                (-start.1, start.0),
                (-start.0, -start.1),
                (start.1, -start.0),
            ];
            a != b && b != 0 && turns.contains(&(dx, dy))
        }
        // Doubled: that side, the narrow way (`ff`: forward, more forward
        // than sideways).
        Selector::Two(x, y) if x == y => {
            side(x)
                && if matches!(x, b'f' | b'b') {
                    ay > ax
                } else {
                    ax > ay
                }
        }
        // Two sides: the vectors on both; of an oblique leap, those
        // longer along the second (`flN` is two files left and a rank
        // forward, `lfN` a file left and two ranks forward).
        Selector::Two(x, y) => {
            let longer = match y {
                b'l' | b'r' | b's' => ax > ay,
                _ => ay > ax,
            };
            side(x) && side(y) && (!oblique || longer)
        }
    }
}

/// The selectors the direction letters of an atom (each with where it is
/// written) stand for, pairs read together (`fl`, `hr`, `ff`); `error`
/// words a letter out of place.
fn selectors(
    directions: &[(usize, u8)],
    error: &dyn Fn(usize, String) -> Error,
) -> Result<Vec<Selector>, Error> {
    let mut selectors = Vec::new();
    let mut k = 0;
    while k < directions.len() {
        let (at, x) = directions[k];
        let next = directions.get(k + 1).map(|d| d.1);
        let pair = match (x, next) {
            (b'h', Some(y @ (b'l' | b'r'))) => Some(y),
            (b'f' | b'b' | b'l' | b'r', Some(b'h')) => Some(b'h'),
            (b'h', _) => {
                return Err(error(
                    at,
                    "`h` takes `l` or `r` after it (one chirality)".into(),
                ));
            }
            (b'f' | b'b', Some(y @ (b'l' | b'r' | b's'))) => Some(y),
            (b'l' | b'r', Some(y @ (b'f' | b'b' | b'v'))) => Some(y),
            (x, Some(y)) if x == y => Some(y),
            _ => None,
        };
        match pair {
            Some(y) => {
                selectors.push(Selector::Two(x, y));
                k += 2;
            }
            None => {
                selectors.push(Selector::One(x));
                k += 1;
            }
        }
    }
    Ok(selectors)
}

/// The vectors of `leap` that `selectors` select (all of them for
/// none).
fn vectors(selectors: &[Selector], leap: (u8, u8)) -> Vec<(i8, i8)> {
    // Two sides no vector of the leap lies on are each a side
    // (`fsW` is forward and sideways, `frW` forward and right), as
    // Fairy-Stockfish reads them.
    let selectors: Vec<Selector> = selectors
        .iter()
        .flat_map(|&s| match s {
            Selector::Two(x, y)
                if x != b'h'
                    && x != y
                    && !all_vectors(leap).into_iter().any(|v| matches(s, v, leap)) =>
            {
                vec![Selector::One(x), Selector::One(y)]
            }
            s => vec![s],
        })
        .collect();
    all_vectors(leap)
        .into_iter()
        .filter(|&v| selectors.is_empty() || selectors.iter().any(|&s| matches(s, v, leap)))
        .collect()
}

/// Reads a Betza string into its atoms; see the [module](self).
pub fn parse(text: &str) -> Result<Vec<Atom>, Error> {
    let bytes = text.as_bytes();
    // At the character at `at` (to the end of the text for `at` past it).
    let error = |at: usize, message: String| {
        let len = text[at.min(text.len())..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        Error::new(text, at..at + len, message)
    };
    let mut atoms = Vec::new();
    let mut i = 0;
    if bytes.is_empty() {
        return Err(error(
            0,
            "no moves: a piece needs at least one atom (`W`, `N`, `R` …)".into(),
        ));
    }
    while i < bytes.len() {
        let start = i;
        let before = atoms.len();
        // Modifiers.
        let mut directions = Vec::new();
        let (mut m, mut c, mut initial, mut lame, mut ep) = (false, false, false, false, false);
        let mut hop = (Hop::No, 0);
        while i < bytes.len() && bytes[i].is_ascii_lowercase() {
            match bytes[i] {
                b'f' | b'b' | b'l' | b'r' | b'v' | b's' | b'h' => directions.push((i, bytes[i])),
                b'm' => m = true,
                b'c' => c = true,
                b'i' => initial = true,
                b'n' => lame = true,
                b'e' => ep = true,
                b'p' => hop = (Hop::Over, i),
                b'g' => hop = (Hop::Beyond, i),
                other => {
                    return Err(error(
                        i,
                        format!(
                            "`{}` is not a Betza modifier this reads (f b l r v s h m c i n e p g)",
                            other as char
                        ),
                    ));
                }
            }
            i += 1;
        }
        let Some(&letter) = bytes.get(i) else {
            return Err(error(start, "modifiers without an atom after them".into()));
        };
        i += 1;
        // The atoms the letter stands for, and whether it rides.
        let (leaps, mut range): (Vec<(u8, u8)>, u8) = match letter {
            b'K' => (vec![(1, 0), (1, 1)], 1),
            b'R' => (vec![(1, 0)], 0),
            b'B' => (vec![(1, 1)], 0),
            b'Q' => (vec![(1, 0), (1, 1)], 0),
            l => match leap(l) {
                Some(leap) => (vec![leap], 1),
                None => {
                    return Err(error(
                        i - 1,
                        format!(
                            "`{}` is not a Betza atom this reads (W F D N A H C Z G, K R B Q)",
                            l as char
                        ),
                    ));
                }
            },
        };
        if range == 1 && bytes.get(i) == Some(&letter) {
            // A doubled atom rides.
            range = 0;
            i += 1;
        }
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits > 0 {
            let n: u8 = text[i..i + digits]
                .parse()
                .map_err(|_| error(i, "a range from 1 to 255".into()))?;
            if n == 0 {
                return Err(error(i, "a range of 0 steps".into()));
            }
            range = n;
            i += digits;
        }
        // A hopper rides, with nothing else that changes its way: along a
        // whole line, or landing within two or more steps of its square
        // (`pB2`, cannon shogi's: as Fairy-Stockfish limits its hoppers;
        // one step, `pR1`, is its grasshopper, not read).
        if hop.0 != Hop::No {
            let which = bytes[hop.1] as char;
            if range == 1 || (range != 0 && hop.0 == Hop::Beyond) {
                return Err(error(
                    hop.1,
                    format!(
                        "`{which}` (a hop) is read for riders along a whole line (`{which}R`, `{which}B`, `{which}Q`, `{which}NN`) or, for `p`, within two or more steps (`pB2`)"
                    ),
                ));
            }
            if initial || lame || ep {
                return Err(error(
                    hop.1,
                    format!("`{which}` (a hop) is not read together with `i`, `n` or `e`"),
                ));
            }
        }
        let selectors = selectors(&directions, &error)?;
        for leap in leaps {
            let vectors = vectors(&selectors, leap);
            if vectors.is_empty() {
                continue;
            }
            atoms.push(Atom {
                leap,
                vectors,
                range,
                moves: m || !c,
                captures: c || !m,
                initial,
                lame,
                en_passant: ep,
                hop: hop.0,
                lines: false,
            });
        }
        if atoms.len() == before {
            return Err(error(
                start,
                format!("`{}` has no move in any direction", &text[start..i]),
            ));
        }
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = parse(text)
            .unwrap()
            .into_iter()
            .flat_map(|a| a.vectors)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn atoms_and_compounds() {
        assert_eq!(vectors("W").len(), 4);
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("Q").len(), 8);
        assert_eq!(parse("R").unwrap()[0].range, 0);
        assert_eq!(parse("NN").unwrap()[0].range, 0);
        assert_eq!(parse("W3").unwrap()[0].range, 3);
        assert_eq!(parse("BN").unwrap().len(), 2);
    }

    #[test]
    fn every_leaper() {
        for (letter, leap, count) in [
            ("W", (1, 0), 4),
            ("F", (1, 1), 4),
            ("D", (2, 0), 4),
            ("N", (2, 1), 8),
            ("A", (2, 2), 4),
            ("H", (3, 0), 4),
            ("C", (3, 1), 8),
            ("Z", (3, 2), 8),
            ("G", (3, 3), 4),
        ] {
            let atoms = parse(letter).unwrap();
            assert_eq!((atoms.len(), atoms[0].leap), (1, leap), "{letter}");
            assert_eq!(
                (atoms[0].range, vectors(letter).len()),
                (1, count),
                "{letter}"
            );
        }
        // The riders and the king as compounds of W and F.
        for (letter, range) in [("R", 0), ("B", 0), ("K", 1)] {
            assert!(
                parse(letter).unwrap().iter().all(|a| a.range == range),
                "{letter}"
            );
        }
        assert_eq!(vectors("B"), vectors("FF"));
    }

    #[test]
    fn directions() {
        assert_eq!(vectors("fW"), [(0, 1)]);
        assert_eq!(vectors("vW"), [(0, -1), (0, 1)]);
        assert_eq!(vectors("sW"), [(-1, 0), (1, 0)]);
        assert_eq!(vectors("fF"), [(-1, 1), (1, 1)]);
        assert_eq!(vectors("flF"), [(-1, 1)]);
        assert_eq!(vectors("ffN"), [(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsN"), [(-2, 1), (2, 1)]);
        assert_eq!(vectors("fN"), [(-1, 2), (1, 2)]);
        assert_eq!(vectors("fhN"), [(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(vectors("fbN").len(), 4);
    }

    /// Direction pairs as Fairy-Stockfish reads them: the legal moves
    /// pyffish 0.0.90 gives a piece of each on an empty board.
    #[test]
    fn direction_pairs_as_fairy_stockfish_reads_them() {
        for (betza, expected) in [
            ("flN", &[(-2, 1)][..]),
            ("lfN", &[(-1, 2)]),
            ("frN", &[(2, 1)]),
            ("rfN", &[(1, 2)]),
            ("blN", &[(-2, -1)]),
            ("fsN", &[(-2, 1), (2, 1)]),
            ("bsN", &[(-2, -1), (2, -1)]),
            ("ffN", &[(-1, 2), (1, 2)]),
            ("llN", &[(-2, -1), (-2, 1)]),
            ("lvN", &[(-1, -2), (-1, 2)]),
            ("hlN", &[(-2, -1), (-1, 2), (1, -2), (2, 1)]),
            ("hrN", &[(-2, 1), (-1, -2), (1, 2), (2, -1)]),
            ("sN", &[(-2, -1), (-2, 1), (2, -1), (2, 1)]),
            ("fsF", &[(-1, 1), (1, 1)]),
            ("frF", &[(1, 1)]),
            ("frW", &[(0, 1), (1, 0)]),
            ("fsW", &[(-1, 0), (0, 1), (1, 0)]),
            ("vsW", &[(-1, 0), (0, -1), (0, 1), (1, 0)]),
            // One side of an oblique leap: the narrow way.
            ("fN", &[(-1, 2), (1, 2)]),
            ("bN", &[(-1, -2), (1, -2)]),
            ("lN", &[(-2, -1), (-2, 1)]),
            ("rN", &[(2, -1), (2, 1)]),
            ("fC", &[(-1, 3), (1, 3)]),
            ("lC", &[(-3, -1), (-3, 1)]),
            ("fZ", &[(-2, 3), (2, 3)]),
            ("fbN", &[(-1, -2), (-1, 2), (1, -2), (1, 2)]),
            // A half: the side's every vector.
            ("fhN", &[(-2, 1), (-1, 2), (1, 2), (2, 1)]),
            ("bhN", &[(-2, -1), (-1, -2), (1, -2), (2, -1)]),
            ("lhN", &[(-2, -1), (-2, 1), (-1, -2), (-1, 2)]),
            ("rhN", &[(1, -2), (1, 2), (2, -1), (2, 1)]),
            ("fhC", &[(-3, 1), (-1, 3), (1, 3), (3, 1)]),
            ("fhW", &[(0, 1)]),
            ("fhF", &[(-1, 1), (1, 1)]),
        ] {
            assert_eq!(vectors(betza), expected, "{betza}");
        }
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse("fX").unwrap_err().span.start, 1);
        assert_eq!(parse("fmWxF").unwrap_err().span.start, 3);
        assert_eq!(parse("fm").unwrap_err().span.start, 0);
        assert_eq!(parse("hN").unwrap_err().span.start, 0);
        assert!(parse("").is_err());
        assert!(parse("W0").is_err());
        assert!(parse("vF").is_err(), "no vector of F is vertical");
    }

    #[test]
    fn hops_of_riders() {
        let cannon = parse("mRcpR").unwrap();
        assert_eq!((cannon[0].hop, cannon[1].hop), (Hop::No, Hop::Over));
        assert!(cannon[1].captures && !cannon[1].moves);
        let grasshopper = parse("gQ").unwrap();
        assert!(
            grasshopper
                .iter()
                .all(|a| a.hop == Hop::Beyond && a.range == 0)
        );
        assert_eq!(
            grasshopper[0].describe(),
            "hops to just beyond a piece along (0,1) lines"
        );
        assert_eq!(parse("pNN").unwrap()[0].hop, Hop::Over);
        // (And the words of the other moves stay theirs.)
        assert_eq!(parse("C").unwrap()[0].describe(), "leaps (1,3)");
        assert_eq!(parse("W").unwrap()[0].describe(), "steps orthogonally");
        assert_eq!(parse("D").unwrap()[0].describe(), "leaps (0,2)");
        // Cannon shogi's hop within two steps.
        let short = parse("pB2").unwrap();
        assert_eq!((short[0].hop, short[0].range), (Hop::Over, 2));
        assert_eq!(
            short[0].describe(),
            "hops over one piece to at most 2 steps away along (1,1) lines"
        );
        // Riders along a whole line or within steps, and nothing else
        // changing the way.
        for (bad, at) in [
            ("pN", 0),
            ("pR1", 0),
            ("gB2", 0),
            ("mgW", 1),
            ("ipR", 1),
            ("pnR", 0),
            ("peR", 0),
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e.span.start, at, "{bad}: {}", e.message);
        }
        assert!(
            parse("xR")
                .unwrap_err()
                .message
                .contains("(f b l r v s h m c i n e p g)")
        );
    }
}
