//! Digits: base-64 ones, six bits per character, for the plies; decimal
//! ones for counts.

/// The 64 digits, for the values 0 to 63: `A`–`Z`, `a`–`z`, `0`–`9`, `-`,
/// `_` (the base64url alphabet).
pub const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The digit for the low six bits of `value`.
///
/// ```
/// assert_eq!(chess_format::digit(0), b'A');
/// assert_eq!(chess_format::digit(63), b'_');
/// ```
#[inline(always)]
pub const fn digit(value: u32) -> u8 {
    DIGITS[(value & 63) as usize]
}

/// The value of a digit, or `None` for a character that is not one.
///
/// ```
/// assert_eq!(chess_format::digit_value(b'c'), Some(28));
/// assert_eq!(chess_format::digit_value(b'+'), None);
/// ```
pub const fn digit_value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => (c - b'A') as u32,
        b'a'..=b'z' => (c - b'a') as u32 + 26,
        b'0'..=b'9' => (c - b'0') as u32 + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    })
}

/// Reads a decimal number at `at`: its value (saturating) and the index
/// after its digits, or `None` if no digit is there.
pub(crate) const fn read_decimal(data: &[u8], at: usize) -> Option<(u64, usize)> {
    let mut value: u64 = 0;
    let mut i = at;
    while i < data.len() && data[i].is_ascii_digit() {
        value = value
            .saturating_mul(10)
            .saturating_add((data[i] - b'0') as u64);
        i += 1;
    }
    if i == at { None } else { Some((value, i)) }
}

/// `Some(at + 1)` if `data[at]` is `byte`.
pub(crate) const fn expect(data: &[u8], at: usize, byte: u8) -> Option<usize> {
    if at < data.len() && data[at] == byte {
        Some(at + 1)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_round_trips() {
        for value in 0..64 {
            assert_eq!(digit_value(digit(value)), Some(value));
        }
        assert_eq!(digit_value(b'='), None);
    }
}
