//! A game under rules a user defines (`CustomGame`): boards up to
//! 16 × 16, so its plies are written as coordinates rather than as
//! chess's [`Ply`](crate::Ply).
//!
//! Its data is the [`Header`], then the rule set's name (its length in
//! bytes, `:` and the name), then the start (`S` for the rule set's own,
//! else `F`, the FEN's length, `:` and the FEN), then four base-64
//! [`DIGITS`](crate::DIGITS) per [`CustomPly`], then the tags as
//! [`write_tag`] writes them. The rule set itself is data of its own
//! (`chess_rules::data`).
//!
//! ```
//! use chess_format::{CustomGameData, CustomPly, Header, Outcome, GameResult, Variant, write_custom_game};
//!
//! let header = Header {
//!     result: GameResult::Unknown,
//!     outcome: Outcome::Ongoing,
//!     chess960: false,
//!     variant: Variant::Standard,
//!     plies: 1,
//!     ended: None,
//! };
//! // j2-j4 on a 10 × 10 board: file 9, ranks 1 and 3 (from 0).
//! let ply = CustomPly { from: (9, 1), to: (9, 3), promotion: None, drop: None, shogi: None, wall: None, gate: None };
//! let mut data = String::new();
//! write_custom_game(&mut data, &header, "grand", None, &[ply], [("Event", "Test")]).unwrap();
//! let game = CustomGameData::read(&data).unwrap();
//! assert_eq!(game.header(), header);
//! assert_eq!(game.rules_name(), "grand");
//! assert_eq!(game.start_fen(), None);
//! assert_eq!(game.ply(0), Some(ply));
//! assert_eq!(ply.to_string(), "j2j4");
//! assert_eq!(game.tags().collect::<Vec<_>>(), [("Event", "Test")]);
//! ```

use core::fmt;

use crate::digits::{digit, digit_value, expect, read_decimal};
use crate::game::{Tags, write_tag};
use crate::header::Header;

/// One ply of a game under rules a user defines: where the piece stands,
/// where its coordinates say it goes (for a castling whose king's square a
/// step could also reach, the rook's square), what a pawn becomes; or a
/// piece in hand put on a square (a drop: `from` is `to`). Squares are
/// `(file, rank)` from 0, each below 16.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomPly {
    /// The moving piece's square.
    pub from: (u8, u8),
    /// Where it goes.
    pub to: (u8, u8),
    /// What a pawn becomes, or a piece promoting or demoting shogi-style;
    /// for a drop, the piece it is put down as if it is put down promoted
    /// (its `from` is then its `to`): the piece's letter (`A`–`Z`).
    pub promotion: Option<char>,
    /// The piece put on `to`, if the ply is a drop: its letter (`A`–`Z`),
    /// the piece taken from hand.
    pub drop: Option<char>,
    /// `+` for a piece promoting shogi-style, `-` for one demoting (its
    /// `promotion` is what it becomes), as Fairy-Stockfish's coordinates
    /// write them (`b3d5+`).
    pub shogi: Option<char>,
    /// Where the side put a wall after the move, where the rules put one
    /// (duck chess's duck, the amazons' arrow).
    pub wall: Option<(u8, u8)>,
    /// The piece put from hand on the gate the move leaves, where the
    /// rules gate (S-chess): its letter (`A`–`Z`). The gate is `from`: a
    /// castling that gates on its rook's square is written from that
    /// square to the king's, as Fairy-Stockfish's coordinates write it
    /// (`h1e1h`).
    pub gate: Option<char>,
}

/// A square `(file, rank)` as a word: `j10`.
struct Named((u8, u8));

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, rank) = self.0;
        write!(
            f,
            "{}{}",
            char::from(b'a' + (file & 15)),
            u32::from(rank) + 1
        )
    }
}

/// As Fairy-Stockfish's coordinates write a move: `e2e4`, `j9j10`,
/// `e7e8q`, `N@f3`, shogi's `b3d5+`, `a1a2-` and `+L@b1`, a piece put
/// on a gate, `g1f3h`, and a wall after the move's destination,
/// `e2e4,e4e5`.
///
/// ```
/// use chess_format::CustomPly;
///
/// let ply = |from, to| CustomPly { from, to, promotion: None, drop: None, shogi: None, wall: None, gate: None };
/// assert_eq!(ply((4, 6), (4, 7)).to_string(), "e7e8");
/// assert_eq!(CustomPly { promotion: Some('Q'), ..ply((4, 6), (4, 7)) }.to_string(), "e7e8q");
/// assert_eq!(CustomPly { drop: Some('N'), ..ply((5, 2), (5, 2)) }.to_string(), "N@f3");
/// assert_eq!(CustomPly { drop: Some('L'), promotion: Some('G'), ..ply((1, 0), (1, 0)) }.to_string(), "+L@b1");
/// assert_eq!(CustomPly { shogi: Some('+'), promotion: Some('H'), ..ply((1, 2), (3, 4)) }.to_string(), "b3d5+");
/// assert_eq!(CustomPly { wall: Some((4, 4)), ..ply((4, 1), (4, 3)) }.to_string(), "e2e4,e4e5");
/// assert_eq!(CustomPly { gate: Some('H'), ..ply((6, 0), (5, 2)) }.to_string(), "g1f3h");
/// ```
impl fmt::Display for CustomPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(letter) = self.drop {
            let plus = if self.promotion.is_some() { "+" } else { "" };
            return write!(f, "{plus}{letter}@{}", Named(self.to));
        }
        write!(f, "{}{}", Named(self.from), Named(self.to))?;
        match (self.shogi, self.promotion.or(self.gate)) {
            (Some(sign), _) => write!(f, "{sign}")?,
            (None, Some(letter)) => write!(f, "{}", letter.to_ascii_lowercase())?,
            (None, None) => {}
        }
        match self.wall {
            Some(wall) => write!(f, ",{}{}", Named(self.to), Named(wall)),
            None => Ok(()),
        }
    }
}

impl CustomPly {
    /// The digits a ply takes.
    pub const DIGITS: usize = 4;

    /// The ply as its digits: the squares (four bits a file or rank), the
    /// letter of the promotion or the drop (0 for none, 1 for `A` … 26
    /// for `Z`), then three bits for what kind of ply it is: 0 a move, 1 a
    /// drop, 3 a drop put down promoted (whose promotion's letter takes
    /// the place of its `from`, which is its `to`), 2 a shogi-style
    /// promotion, 4 a demotion, 5 a move that puts a piece on a gate (the
    /// letter is that piece's).
    pub fn encode(self) -> [u8; 4] {
        let square = |(file, rank): (u8, u8)| u32::from(file & 15) | u32::from(rank & 15) << 4;
        let letter = |l: Option<char>| {
            l.filter(char::is_ascii_uppercase)
                .map_or(0, |l| l as u32 - 'A' as u32 + 1)
        };
        let (piece, from) = match (self.drop, self.promotion, self.shogi) {
            (Some(_), Some(_), _) => (letter(self.drop) | 0b11 << 5, letter(self.promotion)),
            (Some(_), None, _) => (letter(self.drop) | 1 << 5, square(self.from)),
            (None, _, Some('+')) => (letter(self.promotion) | 0b10 << 5, square(self.from)),
            (None, _, Some('-')) => (letter(self.promotion) | 0b100 << 5, square(self.from)),
            (None, None, None) if self.gate.is_some() => {
                (letter(self.gate) | 0b101 << 5, square(self.from))
            }
            (None, _, _) => (letter(self.promotion), square(self.from)),
        };
        let bits = from | square(self.to) << 8 | piece << 16;
        [
            digit(bits),
            digit(bits >> 6),
            digit(bits >> 12),
            digit(bits >> 18),
        ]
    }

    /// A ply from the start of `digits`, or `None` if they are not one
    /// (its wall, written apart by [`write_custom_game`], none).
    pub fn decode(digits: &[u8]) -> Option<CustomPly> {
        if digits.len() < 4 {
            return None;
        }
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            bits |= digit_value(digits[i])? << (6 * i);
            i += 1;
        }
        let square = |bits: u32| ((bits & 15) as u8, (bits >> 4 & 15) as u8);
        let letter = match bits >> 16 & 31 {
            0 => None,
            n @ 1..=26 => Some((b'A' + n as u8 - 1) as char),
            _ => return None,
        };
        let mut gate = None;
        let (promotion, drop, from, shogi) = match bits >> 21 {
            0 => (letter, None, square(bits), None),
            5 if letter.is_some() => {
                gate = letter;
                (None, None, square(bits), None)
            }
            1 if letter.is_some() => (None, letter, square(bits), None),
            2 if letter.is_some() => (letter, None, square(bits), Some('+')),
            4 if letter.is_some() => (letter, None, square(bits), Some('-')),
            // Put down promoted: the promotion's letter where `from` was.
            3 if letter.is_some() => match bits & 255 {
                n @ 1..=26 => (
                    Some((b'A' + n as u8 - 1) as char),
                    letter,
                    square(bits >> 8),
                    None,
                ),
                _ => return None,
            },
            _ => return None,
        };
        Some(CustomPly {
            from,
            to: square(bits >> 8),
            promotion,
            drop,
            shogi,
            wall: None,
            gate,
        })
    }
}

/// A ply's wall as two digits: 0 for none, else 1 + its file + 16 × its
/// rank.
fn wall_digits(wall: Option<(u8, u8)>) -> [u8; 2] {
    let value = wall.map_or(0, |(file, rank)| {
        1 + u32::from(file & 15) + 16 * u32::from(rank & 15)
    });
    [digit(value), digit(value >> 6)]
}

/// Writes a game under rules a user defines: `header`, the name of its rule
/// set, the start (`start_fen`, or the rule set's own), `plies` (as many
/// as `header.plies` says: where one puts a wall down, `*` before them and
/// each one's wall after them, two digits a ply), the tags.
pub fn write_custom_game<W, N, V>(
    out: &mut W,
    header: &Header,
    rules_name: &str,
    start_fen: Option<&str>,
    plies: &[CustomPly],
    tags: impl IntoIterator<Item = (N, V)>,
) -> fmt::Result
where
    W: fmt::Write + ?Sized,
    N: AsRef<str>,
    V: AsRef<str>,
{
    header.write(out)?;
    write!(out, "{}:{rules_name}", rules_name.len())?;
    match start_fen {
        Some(fen) => write!(out, "F{}:{fen}", fen.len())?,
        None => out.write_char('S')?,
    }
    let plies = &plies[..header.plies.min(plies.len())];
    // Walls, where the rules put them: `*` before the plies, and each
    // ply's wall after them.
    let walls = plies.iter().any(|p| p.wall.is_some());
    if walls {
        out.write_char('*')?;
    }
    for ply in plies {
        let digits = ply.encode();
        out.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)?;
    }
    if walls {
        for ply in plies {
            let digits = wall_digits(ply.wall);
            out.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)?;
        }
    }
    for (name, value) in tags {
        write_tag(out, name.as_ref(), value.as_ref())?;
    }
    Ok(())
}

/// A game under rules a user defines, read: its header and start, and
/// where its plies and tags are.
#[derive(Copy, Clone, Debug)]
pub struct CustomGameData<'a> {
    data: &'a str,
    header: Header,
    name: (usize, usize),
    fen: Option<(usize, usize)>,
    plies_at: usize,
    /// Where the plies' walls are, if the game has any.
    walls_at: Option<usize>,
    tags_at: usize,
}

impl<'a> CustomGameData<'a> {
    /// Reads `data` as [`write_custom_game`] wrote it, or `None` if its
    /// header, start or plies are not there.
    pub fn read(data: &'a str) -> Option<CustomGameData<'a>> {
        let bytes = data.as_bytes();
        let (header, at) = Header::read(bytes)?;
        // A text: its length, `:`, the text.
        let text = |at: usize| -> Option<(usize, usize)> {
            let (len, at) = read_decimal(bytes, at)?;
            let at = expect(bytes, at, b':')?;
            let end = at.checked_add(usize::try_from(len).ok()?)?;
            data.get(at..end)?;
            Some((at, end))
        };
        let name = text(at)?;
        let (fen, plies_at) = match expect(bytes, name.1, b'S') {
            Some(at) => (None, at),
            None => {
                let fen = text(expect(bytes, name.1, b'F')?)?;
                (Some(fen), fen.1)
            }
        };
        let walled = bytes.get(plies_at) == Some(&b'*');
        let plies_at = plies_at + usize::from(walled);
        let mut tags_at = plies_at.checked_add(header.plies.checked_mul(CustomPly::DIGITS)?)?;
        let mut walls_at = None;
        if walled {
            walls_at = Some(tags_at);
            tags_at = tags_at.checked_add(header.plies.checked_mul(2)?)?;
        }
        if tags_at > bytes.len() {
            return None;
        }
        Some(CustomGameData {
            data,
            header,
            name,
            fen,
            plies_at,
            walls_at,
            tags_at,
        })
    }

    /// The header.
    pub fn header(&self) -> Header {
        self.header
    }

    /// The name of the rule set the game is played under.
    pub fn rules_name(&self) -> &'a str {
        self.data.get(self.name.0..self.name.1).unwrap_or("")
    }

    /// The start position in FEN, if the game sets one up.
    pub fn start_fen(&self) -> Option<&'a str> {
        let (start, end) = self.fen?;
        self.data.get(start..end)
    }

    /// Ply `index` (0 is the first), if the game has it.
    pub fn ply(&self, index: usize) -> Option<CustomPly> {
        if index >= self.header.plies {
            return None;
        }
        let at = self.plies_at + index * CustomPly::DIGITS;
        let mut ply = CustomPly::decode(self.data.as_bytes().get(at..)?)?;
        if let Some(walls) = self.walls_at {
            let digits = self
                .data
                .as_bytes()
                .get(walls + 2 * index..walls + 2 * index + 2)?;
            let value = digit_value(digits[0])? | digit_value(digits[1])? << 6;
            ply.wall = match value {
                0 => None,
                1..=256 => Some((((value - 1) & 15) as u8, ((value - 1) >> 4) as u8)),
                _ => return None,
            };
        }
        Some(ply)
    }

    /// The tag pairs.
    pub fn tags(&self) -> Tags<'a> {
        Tags::new(self.data.get(self.tags_at..).unwrap_or(""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, DecisiveReason, GameResult, Outcome, Variant};
    use std::string::String;
    use std::vec::Vec;

    #[test]
    fn every_square_and_promotion_round_trips() {
        for from in 0..=255u8 {
            for promotion in [None, Some('A'), Some('Q'), Some('Z')] {
                let ply = CustomPly {
                    from: (from % 16, from / 16),
                    to: (15 - from % 16, 15 - from / 16),
                    promotion,
                    drop: None,
                    shogi: None,
                    wall: None,
                    gate: None,
                };
                assert_eq!(CustomPly::decode(&ply.encode()), Some(ply));
                let dropped = CustomPly {
                    from: ply.to,
                    promotion: None,
                    drop: promotion,
                    ..ply
                };
                if promotion.is_some() {
                    assert_eq!(CustomPly::decode(&dropped.encode()), Some(dropped));
                    // Promoting and demoting shogi-style.
                    for sign in ['+', '-'] {
                        let shogi = CustomPly {
                            shogi: Some(sign),
                            ..ply
                        };
                        assert_eq!(CustomPly::decode(&shogi.encode()), Some(shogi));
                    }
                    // Put down promoted (a lance as a gold).
                    let promoted = CustomPly {
                        promotion: Some('G'),
                        ..dropped
                    };
                    assert_eq!(CustomPly::decode(&promoted.encode()), Some(promoted));
                }
            }
        }
        // A piece put on a gate, on the square its move leaves (or, for a
        // castling, its rook's square: from there to the king's).
        let gated = CustomPly {
            from: (7, 0),
            to: (4, 0),
            promotion: None,
            drop: None,
            shogi: None,
            wall: None,
            gate: Some('E'),
        };
        assert_eq!(CustomPly::decode(&gated.encode()), Some(gated));
        // A promotion beyond `Z` is no ply, nor a drop of no piece.
        assert_eq!(CustomPly::decode(b"AAb_"), None);
        let drop_of_nothing: u32 = 1 << 21;
        let digits = [0, 6, 12, 18].map(|shift| digit(drop_of_nothing >> shift));
        assert_eq!(CustomPly::decode(&digits), None);
        // Put down promoted to no piece, or with a bit more: no ply.
        // (Promoting or demoting to no piece, or a kind of ply more: no
        // ply either.)
        for bits in [
            0b11 << 21 | 12 << 16,
            0b11 << 21 | 12 << 16 | 27,
            0b11 << 21 | 7,
            0b10 << 21,
            0b100 << 21,
            0b101 << 21,
            0b110 << 21 | 12 << 16,
        ] {
            let digits = [0, 6, 12, 18].map(|shift| digit(bits >> shift));
            assert_eq!(CustomPly::decode(&digits), None, "{bits:b}");
        }
        assert_eq!(CustomPly::decode(b"AA"), None);
    }

    #[test]
    fn a_game_round_trips_and_cut_data_is_none() {
        let header = Header {
            result: GameResult::BlackWins,
            outcome: Outcome::win(Color::Black, DecisiveReason::Stalemate),
            chess960: false,
            variant: Variant::Standard,
            plies: 4,
            ended: Some(4),
        };
        let plies = [
            CustomPly {
                from: (0, 1),
                to: (0, 2),
                promotion: None,
                drop: None,
                shogi: None,
                wall: None,
                gate: None,
            },
            CustomPly {
                from: (9, 8),
                to: (9, 9),
                promotion: Some('C'),
                drop: None,
                shogi: None,
                wall: None,
                gate: None,
            },
            CustomPly {
                from: (4, 0),
                to: (7, 0),
                promotion: None,
                drop: None,
                shogi: None,
                wall: None,
                gate: None,
            },
            CustomPly {
                from: (3, 4),
                to: (3, 4),
                promotion: None,
                drop: Some('N'),
                shogi: None,
                wall: None,
                gate: None,
            },
        ];
        let fen = "k9/10/10/10/10/10/10/10/10/K9 w - - 0 1";
        let mut data = String::new();
        write_custom_game(
            &mut data,
            &header,
            "ten",
            Some(fen),
            &plies,
            [("Ünï", "c:ode")],
        )
        .unwrap();
        let game = CustomGameData::read(&data).unwrap();
        assert_eq!(game.header(), header);
        assert_eq!(game.rules_name(), "ten");
        assert_eq!(game.start_fen(), Some(fen));
        assert_eq!((0..4).map_while(|i| game.ply(i)).collect::<Vec<_>>(), plies);
        assert_eq!(game.tags().collect::<Vec<_>>(), [("Ünï", "c:ode")]);
        // A game without tags ends with its plies.
        let mut bare = String::new();
        write_custom_game(&mut bare, &header, "", None, &plies, None::<(&str, &str)>).unwrap();
        let read = CustomGameData::read(&bare).unwrap();
        assert_eq!((read.rules_name(), read.ply(2)), ("", Some(plies[2])));
        assert_eq!(read.tags().count(), 0);
        let tags_at = data.len() - "6:Ünï5:c:ode".len();
        for cut in (0..tags_at).filter(|&i| data.is_char_boundary(i)) {
            assert!(
                CustomGameData::read(&data[..cut]).is_none(),
                "{}",
                &data[..cut]
            );
        }
    }

    #[test]
    fn walls_round_trip_after_the_plies() {
        let header = Header {
            result: GameResult::Unknown,
            outcome: Outcome::Ongoing,
            chess960: false,
            variant: Variant::Standard,
            plies: 3,
            ended: None,
        };
        let ply = |from, to, wall| CustomPly {
            from,
            to,
            promotion: None,
            drop: None,
            shogi: None,
            wall,
            gate: None,
        };
        // A wall on every square of a 16 × 16 board, and none.
        for square in 0..=255u8 {
            let wall = Some((square % 16, square / 16));
            let plies = [
                ply((4, 1), (4, 3), wall),
                ply((3, 4), (3, 4), None),
                ply((0, 0), (15, 15), Some((15, 15))),
            ];
            let mut data = String::new();
            write_custom_game(&mut data, &header, "duck", None, &plies, [("Site", "x")]).unwrap();
            let game = CustomGameData::read(&data).unwrap();
            assert_eq!((0..3).map_while(|i| game.ply(i)).collect::<Vec<_>>(), plies);
            assert_eq!(game.tags().collect::<Vec<_>>(), [("Site", "x")]);
            // Cut among the plies or walls: no game.
            let plies_at = data.find('*').unwrap();
            for cut in plies_at..data.len() - "4:Site1:x".len() {
                assert!(
                    CustomGameData::read(&data[..cut]).is_none(),
                    "{}",
                    &data[..cut]
                );
            }
        }
        // Without walls the data has no `*`; a wall's digits beyond the
        // board's 256 squares are none.
        let mut plain = String::new();
        let plies = [ply((4, 1), (4, 3), None); 3];
        write_custom_game(&mut plain, &header, "", None, &plies, None::<(&str, &str)>).unwrap();
        assert!(!plain.contains('*'));
        let beyond = plain.replacen('S', "S*", 1) + "__AAAA";
        let game = CustomGameData::read(&beyond).unwrap();
        assert_eq!((game.ply(0), game.ply(1)), (None, Some(plies[1])));
    }
}
