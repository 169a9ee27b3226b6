//! The vocabulary messages share: colors, pieces, squares and lists as
//! words.

use shakmaty::{Bitboard, Board, CastlingSide, Color, Role, Square};

/// `word` with its indefinite article: "a knight", "an archbishop".
pub(crate) fn a(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// "White" or "Black" (`chess_format::Color`'s name).
pub(crate) fn color_name(color: Color) -> &'static str {
    chess_format::Color::from(color).name()
}

/// "white" or "black".
pub(crate) fn color_adj(color: Color) -> &'static str {
    chess_format::Color::from(color).adjective()
}

/// `"pawn"`, `"knight"`, …
pub fn role_name(role: Role) -> &'static str {
    chess_format::Role::from(role).name()
}

/// `"pawns"`, `"knights"`, …
pub(crate) fn plural(role: Role) -> String {
    format!("{}s", role_name(role))
}

/// "kingside" or "queenside".
pub(crate) fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// "the white pawn on e2" (or "the empty square e2").
pub(crate) fn piece_on(board: &Board, sq: Square) -> String {
    match board.piece_at(sq) {
        Some(p) => format!("the {} {} on {sq}", color_adj(p.color), role_name(p.role)),
        None => format!("the empty square {sq}"),
    }
}

/// "the bishop on f1" (a piece of the side the message is about).
pub(crate) fn own_piece_on(board: &Board, sq: Square) -> String {
    match board.role_at(sq) {
        Some(r) => format!("the {} on {sq}", role_name(r)),
        None => format!("the empty square {sq}"),
    }
}

/// "the bishop on c4 and the queen on h5"
pub(crate) fn pieces_on(board: &Board, squares: Bitboard) -> String {
    join_and(squares.into_iter().map(|sq| piece_on(board, sq)).collect())
}

/// "e1", "e1 and e2", "a1, e1 and h1"
pub(crate) fn squares(squares: Bitboard) -> String {
    join_and(squares.into_iter().map(|s| s.to_string()).collect())
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} and {last}", items.join(", "))
        }
    }
}

/// "a", "a or b", "a, b or c".
pub(crate) fn join_or(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {last}", items.join(", "))
        }
    }
}

/// `true` if `b` differs from `a` by exactly one replaced, inserted or
/// removed character.
pub(crate) fn one_edit(a: &[char], b: &str) -> bool {
    let b: Vec<char> = b.chars().collect();
    one_edit_by(a, &b, |x, y| x == y)
}

/// `true` if `b` differs from `a` by exactly one replaced, inserted or
/// removed item, items being the same when `same` says so.
pub(crate) fn one_edit_by<T>(a: &[T], b: &[T], same: impl Fn(&T, &T) -> bool) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let prefix = short
        .iter()
        .zip(long)
        .take_while(|(x, y)| same(x, y))
        .count();
    let rest_same = |x: &[T], y: &[T]| x.iter().zip(y).all(|(x, y)| same(x, y));
    match long.len() - short.len() {
        0 => prefix < short.len() && rest_same(&short[prefix + 1..], &long[prefix + 1..]),
        1 => rest_same(&short[prefix..], &long[prefix + 1..]),
        _ => false,
    }
}
