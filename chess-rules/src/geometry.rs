//! Boards of any size up to 16 × 16 and their squares.

use core::fmt;

/// The most files or ranks a board may have.
pub const MAX_SIDE: u8 = 16;

/// A board's size.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
}

/// A square: its file and rank from 0 (`a1` is file 0, rank 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// From 0 (`a`).
    pub file: u8,
    /// From 0 (`1`).
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank`.
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads `a1`, `j10`, `p16`.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        let file = file as u8 - b'a';
        (file < MAX_SIDE && (1..=MAX_SIDE).contains(&rank)).then(|| Square::new(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        )
    }
}

impl Geometry {
    /// A board of `files` × `ranks` (each 1 to 16).
    pub fn new(files: u8, ranks: u8) -> Option<Geometry> {
        let ok = |n: u8| (1..=MAX_SIDE).contains(&n);
        (ok(files) && ok(ranks)).then_some(Geometry { files, ranks })
    }

    /// The number of files.
    pub const fn files(self) -> u8 {
        self.files
    }

    /// The number of ranks.
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// The number of squares.
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Never: a board has a square at least.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether `sq` is on the board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file < self.files && sq.rank < self.ranks
    }

    /// The index of `sq` in a board's array.
    pub const fn index(self, sq: Square) -> usize {
        sq.rank as usize * self.files as usize + sq.file as usize
    }

    /// The square of an index.
    pub const fn square(self, index: usize) -> Square {
        Square::new(
            (index % self.files as usize) as u8,
            (index / self.files as usize) as u8,
        )
    }

    /// `sq` moved by `(dx, dy)`, if that stays on the board.
    pub fn offset(self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        let file = i16::from(sq.file) + i16::from(dx);
        let rank = i16::from(sq.rank) + i16::from(dy);
        (0..i16::from(self.files)).contains(&file).then_some(())?;
        (0..i16::from(self.ranks)).contains(&rank).then_some(())?;
        Some(Square::new(file as u8, rank as u8))
    }

    /// Every square, rank by rank from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(move |i| self.square(i))
    }
}

/// A set of squares of the largest board (16 × 16), independent of a
/// board's size: where pawns promote, say. Squares off a smaller board
/// are kept and never reached, as Fairy-Stockfish keeps its own regions
/// (its default promotion region is the eighth rank on any board).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Region([u64; 4]);

impl Region {
    /// No square.
    pub const EMPTY: Region = Region([0; 4]);

    /// Every square of the rank `rank` (from 0).
    pub fn rank(rank: u8) -> Region {
        let mut region = Region::EMPTY;
        for file in 0..MAX_SIDE {
            region.insert(Square::new(file, rank));
        }
        region
    }

    /// Every square of the file `file` (from 0).
    pub fn file(file: u8) -> Region {
        let mut region = Region::EMPTY;
        for rank in 0..MAX_SIDE {
            region.insert(Square::new(file, rank));
        }
        region
    }

    fn bit(sq: Square) -> Option<(usize, u64)> {
        (sq.file < MAX_SIDE && sq.rank < MAX_SIDE).then(|| {
            let i = usize::from(sq.rank) * usize::from(MAX_SIDE) + usize::from(sq.file);
            (i / 64, 1 << (i % 64))
        })
    }

    /// Adds `sq` (a square off the largest board is not added).
    pub fn insert(&mut self, sq: Square) {
        if let Some((word, bit)) = Region::bit(sq) {
            self.0[word] |= bit;
        }
    }

    /// Whether `sq` is in the region.
    pub fn contains(&self, sq: Square) -> bool {
        Region::bit(sq).is_some_and(|(word, bit)| self.0[word] & bit != 0)
    }

    /// Both regions' squares.
    #[must_use]
    pub fn union(self, other: Region) -> Region {
        Region(core::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The region seen from the other side of a board of `ranks` ranks
    /// (rank `r` becomes `ranks - 1 - r`; squares beyond it are dropped).
    #[must_use]
    pub fn mirrored(self, ranks: u8) -> Region {
        let mut out = Region::EMPTY;
        for sq in self.squares().filter(|sq| sq.rank < ranks) {
            out.insert(Square::new(sq.file, ranks - 1 - sq.rank));
        }
        out
    }

    /// Its squares, rank by rank from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..MAX_SIDE).flat_map(move |rank| {
            (0..MAX_SIDE)
                .map(move |file| Square::new(file, rank))
                .filter(move |sq| self.contains(*sq))
        })
    }

    /// The four words of its bits, rank by rank from `a1` (for
    /// [`data`](crate::data)).
    pub fn words(self) -> [u64; 4] {
        self.0
    }

    /// The region of four words written by [`Region::words`].
    pub fn from_words(words: [u64; 4]) -> Region {
        Region(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write() {
        for text in ["a1", "h8", "j10", "p16"] {
            assert_eq!(Square::parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "a", "a0", "a17", "q1", "A1", "a01", "a1x"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        let g = Geometry::new(10, 8).unwrap();
        assert_eq!(g.offset(Square::new(9, 7), 1, 0), None);
        assert_eq!(g.offset(Square::new(0, 0), 2, 1), Some(Square::new(2, 1)));
        assert_eq!(g.square(g.index(Square::new(3, 5))), Square::new(3, 5));
        assert!(Geometry::new(17, 8).is_none() && Geometry::new(16, 16).is_some());
    }

    #[test]
    fn regions_hold_squares_of_the_largest_board() {
        let eighth = Region::rank(7);
        assert!(eighth.contains(Square::new(0, 7)) && eighth.contains(Square::new(15, 7)));
        assert!(!eighth.contains(Square::new(0, 6)) && !eighth.contains(Square::new(16, 7)));
        assert_eq!(eighth.squares().count(), 16);
        assert_eq!(Region::file(2).squares().count(), 16);
        assert!(Region::file(2).contains(Square::new(2, 15)));
        // On an 8-rank board the eighth rank mirrors to the first; on a
        // 6-rank board it is off the board and mirrors to nothing.
        assert_eq!(eighth.mirrored(8), Region::rank(0));
        assert_eq!(eighth.mirrored(6), Region::EMPTY);
        let both = Region::rank(0).union(Region::rank(15));
        assert_eq!(Region::from_words(both.words()), both);
        assert_eq!(both.squares().last(), Some(Square::new(15, 15)));
        let mut one = Region::EMPTY;
        one.insert(Square::new(16, 0));
        assert_eq!(one, Region::EMPTY);
    }
}
