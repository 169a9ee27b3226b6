//! A whole game: header, start, plies, tags.

use core::fmt;

use crate::digits::{expect, read_decimal};
use crate::header::Header;
use crate::ply::Ply;
use crate::start::Start;

/// Writes a game's data: `header`, then `start`, then the `header.plies`
/// plies (`ply(i)` gives ply `i`), then the annotation text `notes` (see
/// [`notes`](crate::notes); nothing if it is empty), then the `(name,
/// value)` tag pairs.
///
/// The plies are asked for by index rather than through an iterator: the
/// macros write every ply of every game a crate embeds with this, in a
/// proc macro that dev builds compile without optimization, where each
/// iterator adapter is a function call.
pub fn write_game<W, N, V>(
    out: &mut W,
    header: &Header,
    start: &Start,
    ply: impl Fn(usize) -> Ply,
    notes: &str,
    tags: impl IntoIterator<Item = (N, V)>,
) -> fmt::Result
where
    W: fmt::Write + ?Sized,
    N: AsRef<str>,
    V: AsRef<str>,
{
    header.write(out)?;
    start.write(out)?;
    // Digits go out 64 plies at a time.
    let mut buffer = [0u8; 64 * Ply::DIGITS];
    let mut filled = 0;
    for i in 0..header.plies {
        let digits = ply(i).encode();
        buffer[filled] = digits[0];
        buffer[filled + 1] = digits[1];
        buffer[filled + 2] = digits[2];
        buffer[filled + 3] = digits[3];
        buffer[filled + 4] = digits[4];
        filled += Ply::DIGITS;
        if filled == buffer.len() {
            out.write_str(core::str::from_utf8(&buffer).map_err(|_| fmt::Error)?)?;
            filled = 0;
        }
    }
    out.write_str(core::str::from_utf8(&buffer[..filled]).map_err(|_| fmt::Error)?)?;
    if !notes.is_empty() {
        write!(out, "&{}:{notes}", notes.len())?;
    }
    for (name, value) in tags {
        write_tag(out, name.as_ref(), value.as_ref())?;
    }
    Ok(())
}

/// Writes one tag pair: the name's length in bytes, `:`, the name, the
/// value's length, `:`, the value (`5:Event4:Test`). Any text is kept as it
/// is.
pub fn write_tag<W: fmt::Write + ?Sized>(out: &mut W, name: &str, value: &str) -> fmt::Result {
    write!(out, "{}:{name}{}:{value}", name.len(), value.len())
}

/// A game's data, read: its header and start, and where its plies and tags
/// are.
#[derive(Copy, Clone, Debug)]
pub struct GameData<'a> {
    data: &'a str,
    header: Header,
    start: Start,
    plies_at: usize,
    notes_at: usize,
    tags_at: usize,
}

impl<'a> GameData<'a> {
    /// Reads `data` as [`write_game`] wrote it, or `None` if its header or
    /// start position is not there.
    pub const fn read(data: &'a str) -> Option<GameData<'a>> {
        let bytes = data.as_bytes();
        let Some((header, at)) = Header::read(bytes) else {
            return None;
        };
        let Some((start, plies_at)) = Start::read(bytes, at) else {
            return None;
        };
        let end = plies_at.saturating_add(header.plies.saturating_mul(Ply::DIGITS));
        let end = if end < bytes.len() { end } else { bytes.len() };
        // Annotations: `&`, their length, `:`, their text.
        let (notes_at, tags_at) = match expect(bytes, end, b'&') {
            Some(at) => match read_decimal(bytes, at) {
                Some((len, at)) => match expect(bytes, at, b':') {
                    Some(at) => {
                        let tags_at = at.saturating_add(len as usize);
                        (
                            at,
                            if tags_at < bytes.len() {
                                tags_at
                            } else {
                                bytes.len()
                            },
                        )
                    }
                    None => (end, end),
                },
                None => (end, end),
            },
            None => (end, end),
        };
        Some(GameData {
            data,
            header,
            start,
            plies_at,
            notes_at,
            tags_at,
        })
    }

    /// The header.
    pub const fn header(&self) -> Header {
        self.header
    }

    /// The start position.
    pub const fn start(&self) -> Start {
        self.start
    }

    /// Ply `index` (0 is the first), if the game has it.
    pub const fn ply(&self, index: usize) -> Option<Ply> {
        if index >= self.header.plies {
            return None;
        }
        let at = self.plies_at + index * Ply::DIGITS;
        let bytes = self.data.as_bytes();
        if at + Ply::DIGITS > bytes.len() {
            return None;
        }
        let (_, rest) = bytes.split_at(at);
        Ply::decode(rest)
    }

    /// The annotation text (see [`notes`](crate::notes)): empty for a
    /// game without comments, NAGs or variations.
    pub fn notes(&self) -> &'a str {
        self.data.get(self.notes_at..self.tags_at).unwrap_or("")
    }

    /// The tag pairs.
    pub fn tags(&self) -> Tags<'a> {
        Tags {
            rest: self.data.get(self.tags_at..).unwrap_or(""),
        }
    }
}

/// The tag pairs of a game's data, as `(name, value)`; see
/// [`GameData::tags`] (the default: none).
#[derive(Clone, Debug, Default)]
pub struct Tags<'a> {
    rest: &'a str,
}

impl<'a> Tags<'a> {
    /// The tag pairs written at the start of `rest`.
    pub(crate) fn new(rest: &'a str) -> Tags<'a> {
        Tags { rest }
    }

    /// A length-prefixed string at the start of `rest`.
    fn field(&mut self) -> Option<&'a str> {
        let bytes = self.rest.as_bytes();
        let (len, at) = read_decimal(bytes, 0)?;
        let at = expect(bytes, at, b':')?;
        let end = at.checked_add(usize::try_from(len).ok()?)?;
        let field = self.rest.get(at..end)?;
        self.rest = self.rest.get(end..)?;
        Some(field)
    }
}

impl<'a> Iterator for Tags<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let pair = self.field().zip(self.field());
        if pair.is_none() {
            self.rest = "";
        }
        pair
    }
}

impl core::iter::FusedIterator for Tags<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, GameResult, MoveKind, Outcome, Suffix};
    use std::string::String;
    use std::vec::Vec;

    #[test]
    fn a_game_round_trips() {
        let header = Header {
            result: GameResult::Draw,
            outcome: Outcome::draw(DrawReason::FivefoldRepetition),
            chess960: true,
            variant: crate::Variant::Standard,
            plies: 130,
            ended: Some(100),
        };
        let plies: Vec<Ply> = (0..130u8)
            .map(|i| Ply {
                from: i % 64,
                target: 63 - i % 64,
                kind: MoveKind::Normal,
                role: 1 + i % 6,
                capture: i % 7,
                promotion: 0,
                san_file: i % 2 == 0,
                san_rank: i % 3 == 0,
                suffix: Suffix::Check,
            })
            .collect();
        let tags = [("Event", "a \0 b"), ("", ""), ("Ünïcode", "5:x:y")];
        let mut data = String::new();
        write_game(&mut data, &header, &Start::STANDARD, |i| plies[i], "", tags).unwrap();
        let game = GameData::read(&data).unwrap();
        assert_eq!(game.notes(), "");
        let mut annotated = String::new();
        let notes = "@0,{4:{}&:";
        write_game(
            &mut annotated,
            &header,
            &Start::STANDARD,
            |i| plies[i],
            notes,
            tags,
        )
        .unwrap();
        let read = GameData::read(&annotated).unwrap();
        assert_eq!(read.notes(), notes);
        assert_eq!(read.tags().collect::<Vec<_>>(), tags);
        assert_eq!((0..130).map_while(|i| read.ply(i)).count(), 130);
        let game = GameData::read(&data).unwrap();
        assert_eq!(game.header(), header);
        let read: Vec<Ply> = (0..130).map_while(|i| game.ply(i)).collect();
        assert_eq!(read, plies);
        assert_eq!(game.ply(130), None);
        assert_eq!(game.tags().collect::<Vec<_>>(), tags);
    }

    #[test]
    fn truncated_tags_end_the_list() {
        let game = GameData::read("0000,,S5:Event9:Test").unwrap();
        assert_eq!(game.tags().count(), 0);
        let game = GameData::read("0000,,S1:a1:b1:c").unwrap();
        assert_eq!(game.tags().collect::<Vec<_>>(), [("a", "b")]);
        assert!(GameData::read("0001,,").is_none());
    }
}
