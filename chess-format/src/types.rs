//! Colors, pieces and squares.

use core::fmt;

/// The side that moves: White or Black.
///
/// ```
/// use chess_format::{Color, Rank};
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.back_rank(), Rank::Eighth);
/// assert_eq!(Color::White.fen_char(), 'w');
/// assert_eq!(Color::Black.to_string(), "Black");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// White moves first.
    White = 0,
    /// Black moves second.
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other color.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into a pair of tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `true` for White.
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// The rank on which this color's pieces start (1 for White, 8 for Black).
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// The FEN letter: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `"white"` or `"black"`, as a piece's color is said ("the white
    /// king").
    pub const fn adjective(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece, regardless of color.
///
/// ```
/// use chess_format::{Color, Role};
///
/// assert_eq!(Role::from_char('n'), Some(Role::Knight));
/// assert_eq!(Role::Knight.upper_char(), 'N');
/// assert_eq!(Role::Queen.name(), "queen");
/// assert_eq!(Role::Rook.of(Color::Black).fen_char(), 'r');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// ♙
    Pawn = 1,
    /// ♘
    Knight = 2,
    /// ♗
    Bishop = 3,
    /// ♖
    Rook = 4,
    /// ♕
    Queen = 5,
    /// ♔
    King = 6,
}

impl Role {
    /// All roles from pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The role with the given code (1 = pawn … 6 = king), as used in the
    /// packed move data.
    pub const fn from_code(code: u8) -> Option<Role> {
        Some(match code {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            6 => Role::King,
            _ => return None,
        })
    }

    /// The upper-case SAN letter; pawns have none in SAN but `P` is returned.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case letter, as in FEN for Black and in UCI promotions.
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// Parses `P N B R Q K` in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// `"pawn"`, `"knight"`, …
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Combines the role with a color.
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a color.
///
/// ```
/// use chess_format::{Color, Piece, Role};
///
/// let knight = Piece::from_fen_char('n').unwrap();
/// assert_eq!(knight, Piece { color: Color::Black, role: Role::Knight });
/// assert_eq!(knight.figurine(), '♞');
/// assert_eq!(knight.to_string(), "Black knight");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// Parses a FEN letter (`K` white king, `k` black king, …).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The Unicode chess symbol (`♔` … `♟`).
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }

    /// The piece's code in a board of 64 bytes: its role's code (1 to 6,
    /// [`Role::from_code`]), plus 8 for Black; 0 is an empty square.
    ///
    /// ```
    /// use chess_format::{Color, Piece, Role};
    ///
    /// let code = Role::Knight.of(Color::Black).code();
    /// assert_eq!(code, 10);
    /// assert_eq!(Piece::from_code(code), Some(Role::Knight.of(Color::Black)));
    /// assert_eq!(Piece::from_code(0), None);
    /// ```
    pub const fn code(self) -> u8 {
        self.role as u8 | ((self.color as u8) << 3)
    }

    /// The piece with this [`code`](Piece::code), if any.
    pub const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_code(code & 7) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $base:literal, [$($variant:ident = $value:literal),*]) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum $name {
            $(
                #[allow(missing_docs)]
                $variant = $value,
            )*
        }

        impl $name {
            /// All eight values in order.
            pub const ALL: [$name; 8] = [$($name::$variant),*];

            /// The value with the given index (0 to 7).
            pub const fn new(index: u8) -> Option<$name> {
                if index < 8 { Some(Self::ALL[index as usize]) } else { None }
            }

            /// The index (0 to 7).
            pub const fn index(self) -> u8 {
                self as u8
            }

            /// The character used in algebraic notation.
            pub const fn char(self) -> char {
                ($base + self as u8) as char
            }

            /// Parses the character used in algebraic notation.
            pub const fn from_char(c: char) -> Option<$name> {
                let c = c as u32;
                if c >= $base as u32 && c < $base as u32 + 8 {
                    Self::new((c - $base as u32) as u8)
                } else {
                    None
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Write::write_char(f, self.char())
            }
        }
    };
}

coordinate!(
    /// A file (column) of the board, `a` to `h`.
    ///
    /// ```
    /// use chess_format::File;
    ///
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::E.char(), 'e');
    /// assert_eq!(File::new(7), Some(File::H));
    /// assert_eq!(File::ALL.len(), 8);
    /// ```
    File, b'a', [A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, H = 7]
);
coordinate!(
    /// A rank (row) of the board, `1` to `8`.
    ///
    /// ```
    /// use chess_format::Rank;
    ///
    /// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
    /// assert_eq!(Rank::Fourth.index(), 3);
    /// assert_eq!(Rank::Eighth.to_string(), "8");
    /// ```
    Rank, b'1', [First = 0, Second = 1, Third = 2, Fourth = 3, Fifth = 4, Sixth = 5, Seventh = 6, Eighth = 7]
);

/// A square of the board. `a1` is index 0, `b1` is 1, …, `h8` is 63.
///
/// ```
/// use chess_format::{File, Rank, Square};
///
/// let e4 = Square::parse("e4").unwrap();
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4, Square::from_coords(File::E, Rank::Fourth));
/// assert_eq!((e4.index(), e4.to_string()), (28, "e4".to_string()));
/// assert!(Square::H1.is_light());
/// assert_eq!(Square::all().count(), 64);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $index:literal),* $(,)?) => {
        impl Square {
            $(
                #[allow(missing_docs)]
                pub const $name: Square = Square($index);
            )*
        }
    };
}

square_consts!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    H1 = 7,
    A2 = 8,
    B2 = 9,
    C2 = 10,
    D2 = 11,
    E2 = 12,
    F2 = 13,
    G2 = 14,
    H2 = 15,
    A3 = 16,
    B3 = 17,
    C3 = 18,
    D3 = 19,
    E3 = 20,
    F3 = 21,
    G3 = 22,
    H3 = 23,
    A4 = 24,
    B4 = 25,
    C4 = 26,
    D4 = 27,
    E4 = 28,
    F4 = 29,
    G4 = 30,
    H4 = 31,
    A5 = 32,
    B5 = 33,
    C5 = 34,
    D5 = 35,
    E5 = 36,
    F5 = 37,
    G5 = 38,
    H5 = 39,
    A6 = 40,
    B6 = 41,
    C6 = 42,
    D6 = 43,
    E6 = 44,
    F6 = 45,
    G6 = 46,
    H6 = 47,
    A7 = 48,
    B7 = 49,
    C7 = 50,
    D7 = 51,
    E7 = 52,
    F7 = 53,
    G7 = 54,
    H7 = 55,
    A8 = 56,
    B8 = 57,
    C8 = 58,
    D8 = 59,
    E8 = 60,
    F8 = 61,
    G8 = 62,
    H8 = 63,
);

impl Square {
    /// The square with the given index (0 = a1 … 63 = h8).
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(file as u8 | ((rank as u8) << 3))
    }

    /// The index (0 = a1 … 63 = h8).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file (column).
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The rank (row).
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 3) as usize]
    }

    /// Parses a square such as `"e4"`.
    pub const fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        match (File::from_char(b[0] as char), Rank::from_char(b[1] as char)) {
            (Some(file), Some(rank)) => Some(Square::from_coords(file, rank)),
            _ => None,
        }
    }

    /// `true` for light squares (`h1`, `a8`, …).
    pub const fn is_light(self) -> bool {
        (self.0 & 7) % 2 != (self.0 >> 3) % 2
    }

    /// All 64 squares from `a1` to `h8`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The side of the board a king castles towards.
///
/// ```
/// use chess_format::{CastlingSide, File};
///
/// assert_eq!(CastlingSide::KingSide.san(), "O-O");
/// assert_eq!(CastlingSide::QueenSide.king_to_file(), File::C);
/// assert_eq!(CastlingSide::QueenSide.rook_to_file(), File::D);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king lands on (`g` or `c`).
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on (`f` or `d`).
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// `"O-O"` or `"O-O-O"`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            let mut buf = [0u8; 2];
            buf[0] = sq.file().char() as u8;
            buf[1] = sq.rank().char() as u8;
            assert_eq!(Square::parse(core::str::from_utf8(&buf).unwrap()), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
    }

    #[test]
    fn squares_are_light_and_dark_and_debug_as_written() {
        for sq in Square::all() {
            let odd = (sq.file().index() + sq.rank().index()) % 2 == 1;
            assert_eq!(sq.is_light(), odd, "{sq}");
        }
        assert_eq!(std::format!("{:?}", Square::E4), "e4");
    }

    #[test]
    fn colors_say_their_side() {
        assert!(Color::White.is_white() && !Color::Black.is_white());
        assert_eq!(Color::ALL.map(Color::index), [0, 1]);
        assert_eq!(Color::ALL.map(|c| !c), [Color::Black, Color::White]);
        assert_eq!(Color::ALL.map(Color::adjective), ["white", "black"]);
        assert_eq!(Color::ALL.map(Color::fen_char), ['w', 'b']);
        assert_eq!(
            Color::ALL.map(Color::back_rank),
            [Rank::First, Rank::Eighth]
        );
    }

    #[test]
    fn piece_codes_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = role.of(color);
                assert_eq!(Piece::from_code(piece.code()), Some(piece));
                assert_eq!(Piece::from_fen_char(piece.fen_char()), Some(piece));
            }
        }
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_code(7), None);
    }
}
