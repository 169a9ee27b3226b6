//! Base-64 digits: six bits per character.

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
