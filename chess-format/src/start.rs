//! The position a game starts from.

use core::fmt;

use crate::digits::{expect, read_decimal};

/// A position: a game's start, or a `position!`.
///
/// Written as `S` for the standard starting position; any other as `P`,
/// the 64 board letters from a1 to h8, `w` or `b`, the castling rights as
/// 16 hexadecimal digits, the en passant square (`--` for none), the
/// halfmove clock, `.`, the fullmove number, what variants add (only the
/// parts that are not empty, in this order: the pockets as FEN letters
/// in brackets, `[QPpp]`; `~` and the promoted pieces' squares as 16
/// hexadecimal digits; `+` and the checks each side gave, two digits) and
/// `,`.
///
/// ```
/// use chess_format::Start;
///
/// let mut data = String::new();
/// Start::STANDARD.write(&mut data).unwrap();
/// assert_eq!(data, "S");
///
/// let mut after_e4 = Start::STANDARD;
/// after_e4.board[12] = b'.';
/// after_e4.board[28] = b'P';
/// after_e4.white_to_move = false;
/// after_e4.ep_square = Some(20);
/// let mut data = String::new();
/// after_e4.write(&mut data).unwrap();
/// assert_eq!(
///     data,
///     "PRNBQKBNRPPPP.PPP............P...................pppppppprnbqkbnr\
///      b8100000000000081e30.1,"
/// );
/// assert_eq!(Start::read(data.as_bytes(), 0), Some((after_e4, data.len())));
///
/// // Crazyhouse, White holding a queen and a pawn, with a promoted queen
/// // on a8; three-check, White having given one check.
/// let mut variant = after_e4;
/// variant.pockets[0] = [1, 0, 0, 0, 1];
/// variant.promoted = 1 << 56;
/// variant.checks = [1, 0];
/// let mut data = String::new();
/// variant.write(&mut data).unwrap();
/// assert!(data.ends_with("0.1[PQ]~0100000000000000+10,"));
/// assert_eq!(Start::read(data.as_bytes(), 0), Some((variant, data.len())));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Start {
    /// The pieces as FEN letters (`K` a white king, `k` a black one), from
    /// a1, b1, … to h8; `.` for an empty square.
    pub board: [u8; 64],
    /// White is to move.
    pub white_to_move: bool,
    /// The rooks that may still castle: bit *n* for the rook on square *n*.
    pub castling: u64,
    /// The en passant square (0 = a1 … 63 = h8), as FEN writes it: after
    /// every double step.
    pub ep_square: Option<u8>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
    /// Crazyhouse: the pieces in White's pocket (`[0]`) and Black's
    /// (`[1]`), counted by kind: pawns, knights, bishops, rooks, queens.
    pub pockets: [[u8; 5]; 2],
    /// Crazyhouse: the pieces that were promoted pawns (they return to a
    /// pocket as pawns), bit *n* for square *n*.
    pub promoted: u64,
    /// Three-check: the checks White (`[0]`) and Black (`[1]`) gave.
    pub checks: [u8; 2],
}

impl Start {
    /// The standard starting position.
    pub const STANDARD: Start = Start {
        board: *b"RNBQKBNRPPPPPPPP................................pppppppprnbqkbnr",
        white_to_move: true,
        castling: 1 | 1 << 7 | 1 << 56 | 1 << 63,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        pockets: [[0; 5]; 2],
        promoted: 0,
        checks: [0; 2],
    };

    /// The letters of the kinds of piece a pocket holds, in order.
    pub const POCKET_LETTERS: [u8; 5] = *b"PNBRQ";

    /// `true` if the position has nothing variants add: no piece in a
    /// pocket, no promoted piece, no check given.
    pub const fn has_no_extras(&self) -> bool {
        let mut i = 0;
        while i < 5 {
            if self.pockets[0][i] != 0 || self.pockets[1][i] != 0 {
                return false;
            }
            i += 1;
        }
        self.promoted == 0 && self.checks[0] == 0 && self.checks[1] == 0
    }

    /// Writes the position.
    pub fn write<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if *self == Start::STANDARD {
            return out.write_char('S');
        }
        out.write_char('P')?;
        for &letter in &self.board {
            out.write_char(if is_board_letter(letter) {
                char::from(letter)
            } else {
                '.'
            })?;
        }
        out.write_char(if self.white_to_move { 'w' } else { 'b' })?;
        write!(out, "{:016x}", self.castling)?;
        match self.ep_square {
            Some(sq) if sq < 64 => {
                out.write_char(char::from(b'a' + sq % 8))?;
                out.write_char(char::from(b'1' + sq / 8))?;
            }
            _ => out.write_str("--")?,
        }
        write!(out, "{}.{}", self.halfmoves, self.fullmoves)?;
        if self.pockets != [[0; 5]; 2] {
            out.write_char('[')?;
            for (side, pocket) in self.pockets.iter().enumerate() {
                for (role, &count) in pocket.iter().enumerate() {
                    let letter = Start::POCKET_LETTERS[role];
                    let letter = if side == 0 {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                    for _ in 0..count {
                        out.write_char(char::from(letter))?;
                    }
                }
            }
            out.write_char(']')?;
        }
        if self.promoted != 0 {
            write!(out, "~{:016x}", self.promoted)?;
        }
        if self.checks != [0; 2] {
            out.write_char('+')?;
            for given in self.checks {
                out.write_char(char::from(b'0' + given.min(9)))?;
            }
        }
        out.write_char(',')
    }

    /// Reads a position at `data[at..]`: the position and the index after
    /// it, or `None` if none is there.
    pub const fn read(data: &[u8], at: usize) -> Option<(Start, usize)> {
        if let Some(next) = expect(data, at, b'S') {
            return Some((Start::STANDARD, next));
        }
        let Some(mut at) = expect(data, at, b'P') else {
            return None;
        };
        if data.len() < at + 84 {
            return None;
        }
        let mut board = [b'.'; 64];
        let mut i = 0;
        while i < 64 {
            if !is_board_letter(data[at + i]) {
                return None;
            }
            board[i] = data[at + i];
            i += 1;
        }
        at += 64;
        let white_to_move = match data[at] {
            b'w' => true,
            b'b' => false,
            _ => return None,
        };
        at += 1;
        let Some(castling) = read_hex(data, at) else {
            return None;
        };
        at += 16;
        let ep_square = match (data[at], data[at + 1]) {
            (b'-', b'-') => None,
            (file @ b'a'..=b'h', rank @ b'1'..=b'8') => Some((rank - b'1') * 8 + (file - b'a')),
            _ => return None,
        };
        at += 2;
        let Some((halfmoves, at)) = read_decimal(data, at) else {
            return None;
        };
        let Some(at) = expect(data, at, b'.') else {
            return None;
        };
        let Some((fullmoves, mut at)) = read_decimal(data, at) else {
            return None;
        };
        let mut pockets = [[0u8; 5]; 2];
        if let Some(next) = expect(data, at, b'[') {
            at = next;
            loop {
                if at >= data.len() {
                    return None;
                }
                let letter = data[at];
                at += 1;
                if letter == b']' {
                    break;
                }
                let side = letter.is_ascii_lowercase() as usize;
                let upper = letter.to_ascii_uppercase();
                let mut role = 0;
                while role < 5 && Start::POCKET_LETTERS[role] != upper {
                    role += 1;
                }
                if role == 5 {
                    return None;
                }
                pockets[side][role] = pockets[side][role].saturating_add(1);
            }
        }
        let mut promoted = 0;
        if let Some(next) = expect(data, at, b'~') {
            match read_hex(data, next) {
                Some(bits) => promoted = bits,
                None => return None,
            }
            at = next + 16;
        }
        let mut checks = [0u8; 2];
        if let Some(next) = expect(data, at, b'+') {
            if data.len() < next + 2
                || !data[next].is_ascii_digit()
                || !data[next + 1].is_ascii_digit()
            {
                return None;
            }
            checks = [data[next] - b'0', data[next + 1] - b'0'];
            at = next + 2;
        }
        let Some(at) = expect(data, at, b',') else {
            return None;
        };
        Some((
            Start {
                board,
                white_to_move,
                castling,
                ep_square,
                halfmoves: saturate(halfmoves),
                fullmoves: saturate(fullmoves),
                pockets,
                promoted,
                checks,
            },
            at,
        ))
    }
}

const fn is_board_letter(b: u8) -> bool {
    matches!(
        b,
        b'.' | b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' | b'p' | b'n' | b'b' | b'r' | b'q' | b'k'
    )
}

const fn saturate(value: u64) -> u32 {
    if value > u32::MAX as u64 {
        u32::MAX
    } else {
        value as u32
    }
}

/// Sixteen hexadecimal digits at `data[at..]`.
const fn read_hex(data: &[u8], at: usize) -> Option<u64> {
    if data.len() < at + 16 {
        return None;
    }
    let mut value = 0u64;
    let mut i = 0;
    while i < 16 {
        let nibble = match data[at + i] {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' => c - b'a' + 10,
            _ => return None,
        };
        value = value << 4 | nibble as u64;
        i += 1;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::String;

    #[test]
    fn malformed_positions_are_none() {
        let mut data = String::new();
        let mut p = Start::STANDARD;
        p.halfmoves = 3;
        p.write(&mut data).unwrap();
        assert_eq!(Start::read(data.as_bytes(), 0), Some((p, data.len())));
        for cut in 0..data.len() {
            assert_eq!(Start::read(&data.as_bytes()[..cut], 0), None, "{cut}");
        }
        let bad = data.replacen('R', "X", 1);
        assert_eq!(Start::read(bad.as_bytes(), 0), None);
        for extras in ["[PX]", "[P", "~01", "+1", "+1x", "[]~"] {
            let bad = data.replacen(',', &std::format!("{extras},"), 1);
            assert_eq!(Start::read(bad.as_bytes(), 0), None, "{bad}");
        }
        // Empty pockets written anyway read as empty.
        let empty = data.replacen(',', "[],", 1);
        assert_eq!(Start::read(empty.as_bytes(), 0), Some((p, empty.len())));
        assert_eq!(Start::read(b"X", 0), None);
    }
}
