//! Other producers' spellings and their ASCII: figurines, `×`, Unicode
//! dashes and ellipses, and evaluation glyphs (Unicode or ASCII) as the
//! NAGs they stand for.

/// The longest word [`rewrite`] rewrites.
pub(super) const MAX_REWRITTEN: usize = 48;

/// Evaluation glyphs written in ASCII and their NAGs, longest first.
const ASCII_GLYPHS: &[(&str, &str)] = &[
    ("+/-", "$16"),
    ("-/+", "$17"),
    ("+=", "$14"),
    ("=+", "$15"),
    ("+-", "$18"),
    ("-+", "$19"),
    ("=", "$10"),
];

/// The number of the NAG a part read as [`Part::Nag`] or
/// [`Part::Annotation`] stands for: `$14` is 14, `!` is 1 … `?!` is 6, and
/// an evaluation glyph (`±`, `+=`, `∞`) its NAG.
pub fn nag_value(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    let annotation = [&b"!"[..], b"?", b"!!", b"??", b"!?", b"?!"]
        .iter()
        .position(|a| *a == bytes);
    if let Some(i) = annotation {
        return Some(i as u8 + 1);
    }
    let dollar = |digits: &[u8]| -> Option<u8> {
        std::str::from_utf8(digits.strip_prefix(b"$")?)
            .ok()?
            .parse()
            .ok()
    };
    if bytes.first() == Some(&b'$') {
        return dollar(bytes);
    }
    let mut ascii = [0u8; MAX_REWRITTEN];
    let mut from = [0u8; MAX_REWRITTEN + 1];
    let glyph = match rewrite(bytes, &mut ascii, &mut from) {
        Some(len) => &ascii[..len],
        None => bytes,
    };
    if glyph.first() == Some(&b'$') {
        return dollar(glyph);
    }
    dollar(glyph_nag(glyph)?.as_bytes())
}

/// Whether `word` is an evaluation glyph written in ASCII (`+-`, `=`).
pub(super) fn glyph_nag(word: &[u8]) -> Option<&'static str> {
    ASCII_GLYPHS
        .iter()
        .find(|(glyph, _)| glyph.as_bytes() == word)
        .map(|(_, nag)| *nag)
}

/// Unicode spellings and what they stand for in ASCII notation.
const SPELLINGS: &[(&str, &str)] = &[
    // Figurines, white and black.
    ("♔", "K"),
    ("♕", "Q"),
    ("♖", "R"),
    ("♗", "B"),
    ("♘", "N"),
    ("♙", "P"),
    ("♚", "K"),
    ("♛", "Q"),
    ("♜", "R"),
    ("♝", "B"),
    ("♞", "N"),
    ("♟", "P"),
    // Two-sign glyphs before the dashes they contain.
    ("+−", "$18"),
    ("−+", "$19"),
    ("+–", "$18"),
    ("–+", "$19"),
    ("=∞", "$44"),
    ("=/∞", "$44"),
    // Punctuation.
    ("×", "x"),
    ("‐", "-"),
    ("‑", "-"),
    ("‒", "-"),
    ("–", "-"),
    ("—", "-"),
    ("−", "-"),
    ("…", "..."),
    // Evaluation and commentary glyphs (Informant), as NAGs.
    ("□", "$7"),
    ("∞", "$13"),
    ("⩲", "$14"),
    ("⩱", "$15"),
    ("±", "$16"),
    ("∓", "$17"),
    ("⨀", "$22"),
    ("⟳", "$32"),
    ("→", "$36"),
    ("↑", "$40"),
    ("⇆", "$132"),
    ("⊕", "$138"),
    ("∆", "$140"),
    ("⌓", "$142"),
];

/// Whether a byte begins one of [`SPELLINGS`]: a word's other bytes are
/// copied without looking the list through.
const STARTS_A_SPELLING: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < SPELLINGS.len() {
        table[SPELLINGS[i].0.as_bytes()[0] as usize] = true;
        i += 1;
    }
    table
};

/// `word` with every Unicode spelling replaced by its ASCII one, into
/// `out`; `from` gets where each output byte came from. `None` if nothing
/// changed or the result does not fit.
pub(super) fn rewrite(
    word: &[u8],
    out: &mut [u8; MAX_REWRITTEN],
    from: &mut [u8; MAX_REWRITTEN + 1],
) -> Option<usize> {
    if word.len() > usize::from(u8::MAX) {
        return None;
    }
    let (mut i, mut n, mut changed) = (0, 0, false);
    while i < word.len() {
        let rest = &word[i..];
        // A check sign before `−+` stays a check sign.
        let check_then_glyph =
            rest.starts_with("+−+".as_bytes()) || rest.starts_with("+–+".as_bytes());
        let spelling = (STARTS_A_SPELLING[usize::from(rest[0])] && !check_then_glyph)
            .then(|| {
                SPELLINGS
                    .iter()
                    .find(|(unicode, _)| rest.starts_with(unicode.as_bytes()))
            })
            .flatten();
        let (replacement, used): (&[u8], usize) = match spelling {
            Some((unicode, ascii)) => {
                changed = true;
                (ascii.as_bytes(), unicode.len())
            }
            None => (&rest[..1], 1),
        };
        if n + replacement.len() > MAX_REWRITTEN {
            return None;
        }
        for &b in replacement {
            out[n] = b;
            from[n] = i as u8;
            n += 1;
        }
        i += used;
    }
    // An ASCII glyph written against a move (`Nf3+/-`, `Nf3=`: a level
    // position, not a promotion without its piece).
    if glyph_nag(&out[..n]).is_none()
        && let Some((glyph, nag)) = ASCII_GLYPHS
            .iter()
            .find(|(glyph, _)| n > glyph.len() && out[..n].ends_with(glyph.as_bytes()))
        && n - glyph.len() + nag.len() <= MAX_REWRITTEN
    {
        let start = n - glyph.len();
        let at = from[start];
        out[start..start + nag.len()].copy_from_slice(nag.as_bytes());
        n = start + nag.len();
        from[start..n].fill(at);
        changed = true;
    }
    from[n] = word.len() as u8;
    let dollar_inside = out[1..n].contains(&b'$');
    (changed || dollar_inside || glyph_nag(&out[..n]).is_some()).then_some(n)
}
