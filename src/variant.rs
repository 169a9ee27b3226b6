//! What variants add to a position: pockets (Crazyhouse) and checks given
//! (Three-check). The rules themselves are [`Variant`](crate::Variant),
//! defined once in `chess-format` and re-exported.

use core::fmt;

use crate::{Color, Role};

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
