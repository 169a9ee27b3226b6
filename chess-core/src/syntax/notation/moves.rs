//! One move's text, without its number, markers or annotation: SAN, long
//! algebraic, UCI, castling, drops, null moves and the long form's words;
//! under a rules file, the text chess-rules reads ([`MoveText`]).

use chess_rules::MoveText;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::parts::{Invalid, MoveSyntax, Part, RulesRead};

/// A move body under rules a user defines; the reading of a move is kept
/// in `reads`.
pub(super) fn rules_body_part(body: &[u8], reads: &mut Vec<RulesRead>) -> Part {
    match body {
        b"-" => return Part::Dash,
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Part::Null,
        _ => {}
    }
    match std::str::from_utf8(body)
        .ok()
        .and_then(MoveText::read_walled)
    {
        Some(read) => {
            reads.push(read);
            Part::RulesMove(reads.len() as u32 - 1)
        }
        None => Part::Invalid(Invalid::NotNotation),
    }
}

fn piece_name(word: &[u8]) -> Option<Role> {
    Some(match word {
        b"pawn" | b"Pawn" => Role::Pawn,
        b"knight" | b"Knight" => Role::Knight,
        b"bishop" | b"Bishop" => Role::Bishop,
        b"rook" | b"Rook" => Role::Rook,
        b"queen" | b"Queen" => Role::Queen,
        b"king" | b"King" => Role::King,
        _ => return None,
    })
}

pub(super) fn body_part(body: &[u8]) -> Part {
    // Most bodies are moves: try that first.
    if let Some(m) = fast_san(body) {
        return Part::Move(m);
    }
    match body {
        b"O-O" | b"0-0" | b"o-o" => return Part::Move(MoveSyntax::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" | b"o-o-o" => {
            return Part::Move(MoveSyntax::Castle(CastlingSide::QueenSide));
        }
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Part::Null,
        b"to" => return Part::To,
        b"becomes" => return Part::Becomes,
        _ => {}
    }
    if let Some(role) = piece_name(body) {
        return Part::PieceName(role);
    }
    if let Some((role, to)) = drop(body) {
        return Part::Drop(role, to);
    }
    match parse_move_general(body) {
        Ok(m) => Part::Move(m),
        Err(invalid) => Part::Invalid(invalid),
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Elem {
    Square(Square),
    File(File),
    Rank(Rank),
    Capture,
    Dash,
}

// The helpers on the per-move path are written as plain comparisons and
// table lookups: proc macros run unoptimized in dev builds, where every
// closure, range method and iterator adapter is a function call.

#[inline(always)]
fn file_of(b: u8) -> Option<File> {
    if b.wrapping_sub(b'a') < 8 {
        Some(File::ALL[usize::from(b - b'a')])
    } else {
        None
    }
}

#[inline(always)]
fn rank_of(b: u8) -> Option<Rank> {
    if b.wrapping_sub(b'1') < 8 {
        Some(Rank::ALL[usize::from(b - b'1')])
    } else {
        None
    }
}

/// The square `fr` names (`e4`).
#[inline(always)]
fn square_of(f: u8, r: u8) -> Option<Square> {
    if f.wrapping_sub(b'a') < 8 && r.wrapping_sub(b'1') < 8 {
        Some(Square::ALL[usize::from(r - b'1') * 8 + usize::from(f - b'a')])
    } else {
        None
    }
}

#[inline(always)]
fn role_of_upper(b: u8) -> Option<Role> {
    Some(match b {
        b'P' => Role::Pawn,
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => return None,
    })
}

fn role_of_any(b: u8) -> Option<Role> {
    role_of_upper(b.to_ascii_uppercase())
}

/// The piece a crazyhouse drop (`N@f3`, `@f3`) puts down.
fn drop(b: &[u8]) -> Option<(Role, Square)> {
    let (role, rest) = match role_of_upper(*b.first()?) {
        Some(role) => (role, &b[1..]),
        None => (Role::Pawn, b),
    };
    match rest {
        [b'@', f, r] => Some((role, square_of(*f, *r)?)),
        _ => None,
    }
}

/// The usual SAN shapes (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd7`, `R1xe2`),
/// recognised without the general parser: the move `b` is, if it is one.
#[inline(always)]
pub(super) fn fast_san(b: &[u8]) -> Option<MoveSyntax> {
    match san_prefix(b) {
        Some((m, n)) if n == b.len() => Some(m),
        _ => None,
    }
}

/// The usual SAN shape at the start of `b`, read as its bytes come, and
/// its length: the move [`fast_san`] reads in `b[..n]`. The shapes are
/// told apart by their bytes, so at most one length fits: `b[..n]` is the
/// only prefix of `b` that [`fast_san`] reads. Inlined where it is called
/// for every move, so that the move is built in registers.
#[inline(always)]
pub(super) fn san_prefix(b: &[u8]) -> Option<(MoveSyntax, usize)> {
    match *b {
        // A pawn's move (`e4`) or capture (`exd5`).
        [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => {
            Some((san(Role::Pawn, None, None, false, square_of(f, r)?), 2))
        }
        [c @ b'a'..=b'h', b'x', f, r, ..] => {
            Some((san(Role::Pawn, file_of(c), None, true, square_of(f, r)?), 4))
        }
        // A piece's: the bytes after its letter tell `Nf3`, `Nxe5`,
        // `Nbd7` (`N1d2`) and `Nbxd7` apart (`P` writes no pawn's move).
        [
            p @ (b'N' | b'B' | b'R' | b'Q' | b'K'),
            c1,
            c2,
            ref rest @ ..,
        ] => {
            let role = role_of_upper(p)?;
            if let Some(to) = square_of(c1, c2) {
                return Some((san(role, None, None, false, to), 3));
            }
            let [r, ..] = *rest else {
                return None;
            };
            if c1 == b'x' {
                return Some((san(role, None, None, true, square_of(c2, r)?), 4));
            }
            let (file, rank) = (file_of(c1), rank_of(c1));
            if file.is_none() && rank.is_none() {
                return None;
            }
            if c2 != b'x' {
                return Some((san(role, file, rank, false, square_of(c2, r)?), 4));
            }
            let [_, r2, ..] = *rest else {
                return None;
            };
            Some((san(role, file, rank, true, square_of(r, r2)?), 5))
        }
        _ => None,
    }
}

/// A move in SAN without promotion. (A function, not a closure: in
/// unoptimized builds a closure is a call, and this is inlined.)
#[inline(always)]
fn san(
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to: Square,
) -> MoveSyntax {
    MoveSyntax::San {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    }
}

/// Parses a move body (no number, markers or annotations).
#[cfg(test)]
pub(crate) fn parse_move(body: &str) -> Result<MoveSyntax, Invalid> {
    let b = body.as_bytes();
    match fast_san(b) {
        Some(m) => Ok(m),
        None => parse_move_general(b),
    }
}

/// [`parse_move`] for every form: the word read as squares, files, ranks
/// and signs, then matched against the shapes moves have.
pub(super) fn parse_move_general(b: &[u8]) -> Result<MoveSyntax, Invalid> {
    let role = role_of_upper(*b.first().ok_or(Invalid::NotNotation)?);
    let elements = elements(b, usize::from(role.is_some()))?;
    shape(role, &elements)
}

/// A move's word as elements, with its promotion piece.
struct Elements {
    elems: [Option<Elem>; 5],
    n: usize,
    promotion: Option<Role>,
}

/// The elements of `b[start..]` (after a piece letter).
fn elements(b: &[u8], start: usize) -> Result<Elements, Invalid> {
    let mut elems: [Option<Elem>; 5] = [None; 5];
    let mut n = 0;
    let mut promotion = None;
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        // A piece letter closing the word after a square is a promotion
        // (`e8Q`, UCI `e7e8q`, `b7a8b`), even where it could be a file.
        if i + 1 == b.len()
            && n > 0
            && matches!(elems[n - 1], Some(Elem::Square(_)))
            && let Some(p) = role_of_any(c)
        {
            promotion = Some(p);
            break;
        }
        let elem = if let Some(f) = file_of(c) {
            if let Some(r) = b.get(i + 1).and_then(|&r| rank_of(r)) {
                i += 2;
                Elem::Square(Square::from_coords(f, r))
            } else {
                i += 1;
                Elem::File(f)
            }
        } else if let Some(r) = rank_of(c) {
            i += 1;
            Elem::Rank(r)
        } else {
            match c {
                b'x' | b':' => {
                    i += 1;
                    Elem::Capture
                }
                b'-' => {
                    i += 1;
                    Elem::Dash
                }
                b'=' | b'/' => {
                    let p = b.get(i + 1).and_then(|&p| role_of_any(p));
                    if p.is_none() || i + 2 != b.len() {
                        return Err(Invalid::NotNotation);
                    }
                    promotion = p;
                    break;
                }
                b'(' => {
                    let p = b.get(i + 1).and_then(|&p| role_of_any(p));
                    if p.is_none() || b.get(i + 2) != Some(&b')') || i + 3 != b.len() {
                        return Err(Invalid::NotNotation);
                    }
                    promotion = p;
                    break;
                }
                b'A'..=b'H' if b.get(i + 1).is_some_and(|r| rank_of(*r).is_some()) => {
                    return Err(Invalid::UpperCaseSquare);
                }
                _ => return Err(Invalid::NotNotation),
            }
        };
        if n == elems.len() {
            return Err(Invalid::NotNotation);
        }
        elems[n] = Some(elem);
        n += 1;
    }
    Ok(Elements {
        elems,
        n,
        promotion,
    })
}

/// The move a piece letter (`role`) and elements make: SAN or from-to.
fn shape(role: Option<Role>, elements: &Elements) -> Result<MoveSyntax, Invalid> {
    let san = |file, rank, capture, to| {
        Ok(MoveSyntax::San {
            role: role.unwrap_or(Role::Pawn),
            file,
            rank,
            capture,
            to,
            promotion: elements.promotion,
        })
    };
    let from_to = |from, capture, to| {
        Ok(MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            promotion: elements.promotion,
        })
    };
    match elements.elems[..elements.n] {
        [Some(Elem::Square(to))] => san(None, None, false, to),
        [Some(Elem::Capture), Some(Elem::Square(to))] => san(None, None, true, to),
        [Some(Elem::File(f)), Some(Elem::Square(to))] => san(Some(f), None, false, to),
        [
            Some(Elem::File(f)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => san(Some(f), None, true, to),
        [Some(Elem::Rank(r)), Some(Elem::Square(to))] => san(None, Some(r), false, to),
        [
            Some(Elem::Rank(r)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => san(None, Some(r), true, to),
        [Some(Elem::Square(from)), Some(Elem::Square(to))]
        | [
            Some(Elem::Square(from)),
            Some(Elem::Dash),
            Some(Elem::Square(to)),
        ] => from_to(from, false, to),
        [
            Some(Elem::Square(from)),
            Some(Elem::Capture),
            Some(Elem::Square(to)),
        ] => from_to(from, true, to),
        _ => Err(Invalid::NotNotation),
    }
}
