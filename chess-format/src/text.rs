//! Where lines break in text, the one rule every reader and every line
//! number of the project follows: a line ends at `\n`, at `\r\n`, or at a
//! `\r` alone (old Mac text; YAML's and the language server protocol's
//! line breaks too).

/// Where the lines of `bytes` after its first begin: after each `\n`, and
/// after each `\r` not followed by `\n` (a `\r` that ends `bytes` counts).
///
/// ```
/// use chess_format::text::line_breaks;
///
/// let starts: Vec<usize> = line_breaks(b"a\nb\r\nc\rd\r").collect();
/// assert_eq!(starts, [2, 5, 7, 9]);
/// ```
pub fn line_breaks(bytes: &[u8]) -> impl Iterator<Item = usize> + Clone + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(move |&(at, &b)| b == b'\n' || (b == b'\r' && bytes.get(at + 1) != Some(&b'\n')))
        .map(|(at, _)| at + 1)
}
