//! The rules a game is played under, and what variants add to a position:
//! pockets (Crazyhouse) and checks given (Three-check).

use core::fmt;

use crate::{Color, Role};

/// The rules of a game: standard chess or one of the variants lichess
/// plays. (Chess960 is not one of them: it changes only the start and
/// castling, and combines with each; see [`Game::is_chess960`](crate::Game::is_chess960).)
///
/// ```
/// use verified_chess::{game, Variant};
///
/// assert_eq!(game! { 1. e4 }.variant(), Variant::Standard);
/// let zh = game! { [Variant "Crazyhouse"] 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 };
/// assert_eq!(zh.variant(), Variant::Crazyhouse);
/// assert_eq!(zh.variant().name(), "Crazyhouse");
/// assert_eq!(Variant::KingOfTheHill.to_string(), "King of the Hill");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Crazyhouse: a captured piece goes to the captor's pocket and may be
    /// dropped back on the board as a move of its own (`N@f3`).
    Crazyhouse,
    /// Atomic: a capture explodes the capturing piece, the captured one and
    /// every piece but pawns next to it; exploding the king wins.
    Atomic,
    /// Antichess: captures are compulsory, the king is an ordinary piece,
    /// losing every piece (or having no move) wins.
    Antichess,
    /// King of the Hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Horde: 36 white pawns against Black's army; capturing them all wins.
    Horde,
    /// Racing Kings: no checks; the first king on the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, standard chess first.
    pub const ALL: [Variant; 8] = [
        Variant::Standard,
        Variant::Crazyhouse,
        Variant::Atomic,
        Variant::Antichess,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// Its name as lichess writes it in the `[Variant]` tag.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// The variant a game's data records.
    pub(crate) const fn from_format(variant: chess_format::Variant) -> Variant {
        match variant {
            chess_format::Variant::Standard => Variant::Standard,
            chess_format::Variant::Crazyhouse => Variant::Crazyhouse,
            chess_format::Variant::Atomic => Variant::Atomic,
            chess_format::Variant::Antichess => Variant::Antichess,
            chess_format::Variant::KingOfTheHill => Variant::KingOfTheHill,
            chess_format::Variant::ThreeCheck => Variant::ThreeCheck,
            chess_format::Variant::Horde => Variant::Horde,
            chess_format::Variant::RacingKings => Variant::RacingKings,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The pieces in each side's pocket (Crazyhouse), ready to be dropped.
///
/// ```
/// use verified_chess::{game, Color, Role};
///
/// let g = game! { [Variant "Crazyhouse"] 1. e4 d5 2. exd5 Qxd5 3. Nc3 };
/// let pockets = g.position_after(4).unwrap().pockets();
/// assert_eq!(pockets.count(Color::White, Role::Pawn), 1);
/// assert_eq!(pockets.count(Color::Black, Role::Pawn), 1);
/// assert_eq!(pockets.to_string(), "[Pp]");
/// assert_eq!(pockets.of(Color::White).collect::<Vec<_>>(), [Role::Pawn]);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pockets(pub(crate) [[u8; 5]; 2]);

impl Pockets {
    /// Both pockets empty.
    pub const EMPTY: Pockets = Pockets([[0; 5]; 2]);

    /// How many pieces of kind `role` `color` holds (never a king).
    pub const fn count(&self, color: Color, role: Role) -> u8 {
        match role {
            Role::King => 0,
            _ => self.0[color as usize][role as usize - 1],
        }
    }

    /// `true` if neither side holds a piece.
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < 5 {
            if self.0[0][i] != 0 || self.0[1][i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The pieces `color` holds, pawns first, each as many times as held.
    pub fn of(&self, color: Color) -> impl Iterator<Item = Role> + '_ {
        Role::ALL[..5]
            .iter()
            .flat_map(move |&role| core::iter::repeat_n(role, usize::from(self.count(color, role))))
    }

    pub(crate) const fn add(&mut self, color: Color, role: Role) {
        if !matches!(role, Role::King) {
            let count = &mut self.0[color as usize][role as usize - 1];
            *count = count.saturating_add(1);
        }
    }

    pub(crate) const fn remove(&mut self, color: Color, role: Role) {
        if !matches!(role, Role::King) {
            let count = &mut self.0[color as usize][role as usize - 1];
            *count = count.saturating_sub(1);
        }
    }
}

/// Written as FEN writes pockets: `[QPpp]`, White's pieces first.
impl fmt::Display for Pockets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for color in Color::ALL {
            for role in self.of(color) {
                fmt::Write::write_char(f, role.of(color).fen_char())?;
            }
        }
        f.write_str("]")
    }
}
