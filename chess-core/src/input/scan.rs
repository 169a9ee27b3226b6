//! Finding the next of a few bytes in text, sixteen bytes at a step: how
//! the splitter skips movetext and the splitter and the express lane skip
//! `{…}` comments; and where lines break (`\n`, `\r\n`, or a `\r` alone).
//!
//! The spans between the bytes looked for are short in PGN (a line of
//! moves, a lichess clock comment), so an inlined loop over 16-byte blocks
//! costs less than a call into a general search that sets itself up for
//! long texts. On x86-64 a block is compared with SSE2 (part of every
//! x86-64 processor); elsewhere byte by byte.

/// The offset of the first byte of `bytes` that is one of `set` (repeat a
/// byte to look for fewer), or `bytes.len()` if there is none.
///
/// ```text
/// find_any(b"e4 e5 {ok}", [b'{', b'\n', b'"', b';']) == 6
/// ```
#[inline]
pub(crate) fn find_any<const N: usize>(bytes: &[u8], set: [u8; N]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
            _mm_set1_epi8,
        };
        let mut at = 0;
        // SAFETY: SSE2 is part of the x86-64 baseline, so these
        // instructions exist on every x86-64 processor; each load reads 16
        // bytes at `at`, and `at + 16 <= bytes.len()`; the loads are
        // unaligned ones.
        unsafe {
            let wanted = set.map(|byte| _mm_set1_epi8(byte as i8));
            while at + 16 <= bytes.len() {
                let block = _mm_loadu_si128(bytes.as_ptr().add(at).cast::<__m128i>());
                let hits = wanted
                    .iter()
                    .map(|&w| _mm_cmpeq_epi8(block, w))
                    .reduce(|x, y| _mm_or_si128(x, y))
                    .unwrap_or(_mm_set1_epi8(0));
                let mask = _mm_movemask_epi8(hits);
                if mask != 0 {
                    return at + mask.trailing_zeros() as usize;
                }
                at += 16;
            }
        }
        at + scalar(&bytes[at..], set)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar(bytes, set)
    }
}

/// [`find_any`] byte by byte.
#[inline]
fn scalar<const N: usize>(bytes: &[u8], set: [u8; N]) -> usize {
    bytes
        .iter()
        .position(|b| set.contains(b))
        .unwrap_or(bytes.len())
}

/// Where the lines of `bytes` after its first begin, by the one rule
/// ([`chess_format::text::line_breaks`]), found a SIMD search at a time.
pub fn line_breaks(bytes: &[u8]) -> impl Iterator<Item = usize> + Clone + '_ {
    memchr::memchr2_iter(b'\n', b'\r', bytes)
        .filter(move |&at| bytes[at] == b'\n' || bytes.get(at + 1) != Some(&b'\n'))
        .map(|at| at + 1)
}

/// How many lines of `bytes` begin after its first: [`line_breaks`]
/// counted (`chess-verify` counts the lines of every piece it reads).
pub fn count_line_breaks(bytes: &[u8]) -> usize {
    let lone_returns = memchr::memchr_iter(b'\r', bytes)
        .filter(|&at| bytes.get(at + 1) != Some(&b'\n'))
        .count();
    memchr::memchr_iter(b'\n', bytes).count() + lone_returns
}

/// Whether the byte before `at` ends a line (`\n`, or `\r`): `at` begins
/// one (or the text).
#[inline]
pub(crate) fn at_line_start(bytes: &[u8], at: usize) -> bool {
    at == 0 || matches!(bytes[at - 1], b'\n' | b'\r')
}

/// The offset of the first `byte` in `bytes`.
#[inline]
pub(crate) fn find(bytes: &[u8], byte: u8) -> Option<usize> {
    let at = find_any(bytes, [byte; 4]);
    (at < bytes.len()).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn finds_the_first_of_the_bytes_in_a_block_across_blocks_and_in_the_tail() {
        let set = [b'\n', b'{', b'"', b';'];
        assert_eq!(find_any(b"e4 e5 {ok}", set), 6);
        assert_eq!(find_any(b"", set), 0);
        assert_eq!(find_any(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", set), 29);
        let long = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6\n";
        assert_eq!(find_any(long, set), long.len() - 1);
        // In the first block, in a later block, in the tail after blocks.
        for at in [0, 5, 15, 16, 17, 31, 32, 40] {
            let mut text = vec![b'x'; 41];
            text[at] = b';';
            assert_eq!(find_any(&text, set), at, "{at}");
            text[at] = b'}';
            assert_eq!(find(&text, b'}'), Some(at), "{at}");
        }
        assert_eq!(find(&[b'x'; 40], b'}'), None);
        assert_eq!(count_line_breaks(b"a\nb\r\nc\rd\r"), 4);
    }

    proptest! {
        #[test]
        fn agrees_with_a_byte_by_byte_search(
            bytes in proptest::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'{'), Just(b'}'), Just(b'"'), Just(b';'),
                any::<u8>(), Just(b'e'), Just(b' ')
            ], 0..100),
            set in proptest::array::uniform4(prop_oneof![
                Just(b'\n'), Just(b'{'), Just(b'}'), Just(b'"'), Just(b';'), any::<u8>()
            ]),
            from in 0usize..100,
        ) {
            let bytes = &bytes[from.min(bytes.len())..];
            prop_assert_eq!(find_any(bytes, set), scalar(bytes, set));
        }

        #[test]
        fn counts_the_line_breaks_it_finds(
            bytes in proptest::collection::vec(prop_oneof![
                Just(b'\n'), Just(b'\r'), Just(b'x')
            ], 0..100),
        ) {
            let rule: Vec<usize> = chess_format::text::line_breaks(&bytes).collect();
            prop_assert_eq!(line_breaks(&bytes).collect::<Vec<_>>(), rule.clone());
            prop_assert_eq!(count_line_breaks(&bytes), rule.len());
        }
    }
}
