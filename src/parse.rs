//! Reading the facade's own values from text: `FromStr` for SAN and UCI, each reading what its `Display` writes, with `chess-format`'s
//! [`ParseError`] and [`Reader`] (the vocabulary's `FromStr` is there, where
//! its types are defined).
//!
//! ```
//! use verified_chess::{ParseError, Problem, San, Uci};
//!
//! assert_eq!("Nbd7".parse::<San>()?, "Nbd7");
//! assert_eq!("e7e8q".parse::<Uci>()?.to_string(), "e7e8q");
//! let error = "e7e8k".parse::<Uci>().unwrap_err();
//! assert_eq!(error.problem(), Problem::NotPromotion('k'));
//! # Ok::<(), ParseError>(())
//! ```

use core::str::FromStr;

use chess_format::parse::Reader;

use crate::moves::{San, Uci};
use crate::{File, ParseError, Problem, Rank, Role};

/// A promotion piece written as `letter` (`Q`, `R`, `B`, `N`, either case).
fn promotion(r: &Reader<'_>, letter: char) -> Result<Role, ParseError> {
    match Role::from_char(letter) {
        Some(role @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Ok(role),
        _ => Err(r.error(Problem::NotPromotion(letter))),
    }
}

impl FromStr for Uci {
    type Err = ParseError;

    /// As engines write moves: `e2e4`, `e7e8q`, a drop `N@f3` (`P@e4` or
    /// `@e4` for a pawn). Castling is the king's move (`e1g1`, or
    /// king-takes-rook `e1h1` in Chess960), as `Display` writes it.
    fn from_str(s: &str) -> Result<Uci, ParseError> {
        let mut r = Reader::new("UCI move", s)?;
        if s.contains('@') {
            let role = match r.next_char()? {
                '@' => Role::Pawn,
                c => {
                    let role = Role::from_char(c).ok_or(r.error(Problem::NotPieceLetter(c)))?;
                    if !r.eat('@') {
                        return Err(r.error(Problem::NotOneOf("a piece letter, `@` and a square")));
                    }
                    role
                }
            };
            if role == Role::King {
                return Err(r.error(Problem::WrongPiece(role)));
            }
            let to = r.square()?;
            r.end()?;
            return Ok(Uci {
                from: to,
                to,
                promotion: None,
                drop: Some(role),
            });
        }
        let from = r.square()?;
        let to = r.square()?;
        let promotion = match r.take() {
            None => None,
            Some(c) => Some(promotion(&r, c)?),
        };
        r.end()?;
        Ok(Uci {
            from,
            to,
            promotion,
            drop: None,
        })
    }
}

impl FromStr for San {
    type Err = ParseError;

    /// Standard Algebraic Notation as a game record writes a move, with
    /// its `+` or `#`: `e4`, `exd5`, `Nf3`, `Nbd7`, `R1e2`, `Qh4xe1`,
    /// `e8=Q`, `O-O`, `O-O-O+`, a drop `N@f3`, `@e4` or `P@e4`. Only the form is
    /// read: whether the move is legal, and whether its origin needs to be
    /// written, takes a position.
    fn from_str(s: &str) -> Result<San, ParseError> {
        let mut r = Reader::new("SAN move", s)?;
        let body = s.strip_suffix(['+', '#']).unwrap_or(s);
        if let Some(c) = body.chars().last().filter(|c| matches!(c, '+' | '#')) {
            return Err(r.error(Problem::Unexpected(c)));
        }
        if body == "O-O" || body == "O-O-O" {
            return Ok(San::from_ascii(s));
        }
        match r.next_char()? {
            '@' => {
                r.square()?;
                suffix_only(&mut r)?;
            }
            // A pawn's letter is written only before `@` (`P@e4`, as
            // python-chess writes a pawn drop).
            'P' if body[1..].starts_with('@') => {
                r.next_char()?;
                r.square()?;
                suffix_only(&mut r)?;
            }
            letter @ ('K' | 'Q' | 'R' | 'B' | 'N') => {
                if r.eat('@') {
                    if letter == 'K' {
                        return Err(r.error(Problem::WrongPiece(Role::King)));
                    }
                    r.square()?;
                    suffix_only(&mut r)?;
                } else {
                    piece_move(&r, &body[1..])?;
                }
            }
            'a'..='h' => {
                if r.eat('x') {
                    r.file()?;
                }
                let rank = r.rank()?;
                if r.eat('=') {
                    if !matches!(rank, Rank::First | Rank::Eighth) {
                        return Err(r.error(Problem::Unexpected('=')));
                    }
                    let c = r.next_char()?;
                    promotion(&r, c)?;
                }
                suffix_only(&mut r)?;
            }
            c => {
                return Err(r.error(match c {
                    'O' | '0' | 'o' => Problem::NotOneOf("castling as `O-O` or `O-O-O`"),
                    c if c.is_ascii_lowercase() => Problem::NotFile(c),
                    c => Problem::NotPieceLetter(c),
                }));
            }
        }
        Ok(San::from_ascii(s))
    }
}

/// The end of a move: nothing, or its check or mate sign.
fn suffix_only(r: &mut Reader<'_>) -> Result<(), ParseError> {
    match r.take() {
        None => Ok(()),
        Some('+' | '#') => r.end(),
        Some(c) => Err(r.error(Problem::Unexpected(c))),
    }
}

/// A piece move after its letter (`rest`): an optional origin file, an
/// optional origin rank, an optional `x`, and the square.
fn piece_move(r: &Reader<'_>, rest: &str) -> Result<(), ParseError> {
    // The square is the last two characters.
    let Some((at, _)) = rest.char_indices().rev().nth(1) else {
        return Err(r.error(Problem::TooShort));
    };
    let mut square = Reader::new(r.what(), &rest[at..])?;
    square.square()?;
    let origin = &rest[..at];
    let origin = origin.strip_suffix('x').unwrap_or(origin);
    let mut chars = origin.chars().peekable();
    chars.next_if(|&c| File::from_char(c).is_some());
    chars.next_if(|&c| Rank::from_char(c).is_some());
    match chars.next() {
        None => Ok(()),
        Some(c) => Err(r.error(Problem::Unexpected(c))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameResult, Stipulation};
    use core::fmt;
    use std::string::ToString;

    #[test]
    fn every_display_reads_back() {
        for result in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
        }
        for text in ["#2", "h#3", "s#12"] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.to_string().parse::<Stipulation>(), Ok(s));
        }
        for text in ["e2e4", "e7e8q", "a2a1n", "N@f3", "P@e4", "e1h1"] {
            let uci: Uci = text.parse().unwrap();
            assert_eq!(uci.to_string(), text);
        }
        for text in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "Qh4xe1#", "e8=Q", "exd8=N+", "O-O",
            "O-O-O#", "N@f3", "@e4", "P@e4", "Kxe2", "e4+",
        ] {
            let san: San = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(san.as_str(), text);
        }
    }

    fn problem<T: FromStr<Err = ParseError> + fmt::Debug>(s: &str) -> (&'static str, Problem) {
        let e = s.parse::<T>().unwrap_err();
        (e.what(), e.problem())
    }

    #[test]
    fn each_error_says_what_is_wrong() {
        assert!(matches!(
            problem::<GameResult>("2-0"),
            ("result", Problem::NotOneOf(_))
        ));
        assert_eq!(problem::<Uci>("e2e9"), ("UCI move", Problem::NotRank('9')));
        assert_eq!(
            problem::<Uci>("e7e8x"),
            ("UCI move", Problem::NotPromotion('x'))
        );
        assert_eq!(
            problem::<Uci>("e7e8qq"),
            ("UCI move", Problem::Unexpected('q'))
        );
        assert_eq!(
            problem::<Uci>("K@e4"),
            ("UCI move", Problem::WrongPiece(Role::King))
        );
        assert_eq!(problem::<San>("Nf9"), ("SAN move", Problem::NotRank('9')));
        assert_eq!(
            problem::<San>("Xe4"),
            ("SAN move", Problem::NotPieceLetter('X'))
        );
        assert_eq!(
            problem::<San>("e8=K"),
            ("SAN move", Problem::NotPromotion('K'))
        );
        assert_eq!(
            problem::<San>("e4++"),
            ("SAN move", Problem::Unexpected('+'))
        );
        assert_eq!(problem::<San>("N"), ("SAN move", Problem::TooShort));
        assert_eq!(
            problem::<San>("Nzf3"),
            ("SAN move", Problem::Unexpected('z'))
        );
        assert_eq!(
            problem::<San>("K@e4"),
            ("SAN move", Problem::WrongPiece(Role::King))
        );
        assert_eq!(problem::<San>("Rax8"), ("SAN move", Problem::NotFile('x')));
        assert_eq!(
            problem::<San>("N@e4e"),
            ("SAN move", Problem::Unexpected('e'))
        );
        assert_eq!(
            problem::<San>("e4=Q"),
            ("SAN move", Problem::Unexpected('='))
        );
        assert_eq!(problem::<San>("exd"), ("SAN move", Problem::TooShort));
        assert_eq!(
            problem::<San>("N♞f3"),
            ("SAN move", Problem::Unexpected('♞'))
        );
        assert!(matches!(problem::<San>("0-0"), (_, Problem::NotOneOf(_))));
        assert_eq!(
            "e8=K".parse::<San>().unwrap_err().to_string(),
            "not a SAN move: `K` is not a piece a pawn is promoted to (`Q`, `R`, `B`, `N`)"
        );
        // UCI writes the promotion in lower case.
        assert_eq!(
            "e4e5e6".parse::<Uci>().unwrap_err().to_string(),
            "not a UCI move: `e` is not a piece a pawn is promoted to (`q`, `r`, `b`, `n`)"
        );
        assert_eq!(
            problem::<Uci>("e7e8k"),
            ("UCI move", Problem::NotPromotion('k'))
        );
    }
}
