//! The reader's bytes: text read and not handed out yet, in room that
//! stays written once it has been.
//!
//! A `Vec<u8>` forgets, when it is truncated, that the bytes past its end
//! were written, and a read into it must write them again (zeros) before
//! the reader may fill them. A [`Buffer`] keeps its room: the bytes of an
//! open piece given back ([`Pieces::give_back`](crate::read::Pieces::give_back))
//! are read over in place, so a run of open pieces writes each byte of
//! its input once, as it is read, not twice.

use std::io::{self, Read};
use std::ops::Deref;

/// Bytes in room of which the part past them is written too (and reused).
#[derive(Debug, Default)]
pub(crate) struct Buffer {
    /// The room; its first `len` bytes are the buffer's.
    room: Vec<u8>,
    len: usize,
}

impl Buffer {
    /// An empty buffer with room for `capacity` bytes, none written.
    pub(crate) fn with_capacity(capacity: usize) -> Buffer {
        Buffer {
            room: Vec::with_capacity(capacity),
            len: 0,
        }
    }

    /// An empty buffer whose room is `bytes`, no longer wanted: written
    /// already, so reading into it writes nothing twice.
    pub(crate) fn room(bytes: Vec<u8>) -> Buffer {
        Buffer {
            room: bytes,
            len: 0,
        }
    }

    /// Reads at most `block` bytes from `reader` after the buffer's; how
    /// many it read.
    pub(crate) fn read_from(&mut self, reader: &mut impl Read, block: usize) -> io::Result<usize> {
        let end = self.len + block;
        if self.room.len() < end {
            self.room.resize(end, 0);
        }
        let n = reader.read(&mut self.room[self.len..end])?.min(block);
        self.len += n;
        Ok(n)
    }

    /// Adds `bytes` after the buffer's.
    pub(crate) fn extend_from_slice(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if end <= self.room.len() {
            self.room[self.len..end].copy_from_slice(bytes);
        } else {
            self.room.truncate(self.len);
            self.room.extend_from_slice(bytes);
        }
        self.len = end;
    }

    /// Keeps the first `len` bytes.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Drops the first `n` bytes (all, if there are fewer).
    pub(crate) fn drain_front(&mut self, n: usize) {
        let n = n.min(self.len);
        self.room.copy_within(n..self.len, 0);
        self.len -= n;
    }

    /// Drops every byte.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The bytes, as a vector of exactly them.
    pub(crate) fn into_vec(mut self) -> Vec<u8> {
        self.room.truncate(self.len);
        self.room
    }
}

impl From<Vec<u8>> for Buffer {
    fn from(bytes: Vec<u8>) -> Buffer {
        Buffer {
            len: bytes.len(),
            room: bytes,
        }
    }
}

impl Deref for Buffer {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.room[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_past_the_bytes_is_kept_and_read_over() {
        let mut buffer = Buffer::from(b"abcdef".to_vec());
        buffer.drain_front(4);
        assert_eq!(&*buffer, b"ef");
        // The room of the six bytes is kept: reading two more needs none.
        let mut reader: &[u8] = b"gh";
        assert_eq!(buffer.read_from(&mut reader, 2).unwrap(), 2);
        assert_eq!(&*buffer, b"efgh");
        assert_eq!(buffer.room.len(), 6);
        // Past the room, it grows.
        let mut reader: &[u8] = b"ijk";
        assert_eq!(buffer.read_from(&mut reader, 4).unwrap(), 3);
        assert_eq!(&*buffer, b"efghijk");
        assert_eq!(buffer.into_vec(), b"efghijk");
    }

    #[test]
    fn a_room_given_is_read_into() {
        let mut buffer = Buffer::room(b"old bytes".to_vec());
        assert!(buffer.is_empty());
        let mut reader: &[u8] = b"new";
        assert_eq!(buffer.read_from(&mut reader, 4).unwrap(), 3);
        assert_eq!(&*buffer, b"new");
        // Within the room: nothing written past it.
        assert_eq!(buffer.room.len(), 9);
    }

    #[test]
    fn extending_truncating_and_clearing() {
        let mut buffer = Buffer::with_capacity(4);
        buffer.extend_from_slice(b"abc");
        buffer.truncate(1);
        assert_eq!(&*buffer, b"a");
        // Into the room kept, then past it.
        buffer.extend_from_slice(b"xy");
        assert_eq!(&*buffer, b"axy");
        buffer.extend_from_slice(b"zw");
        assert_eq!(&*buffer, b"axyzw");
        buffer.truncate(9);
        assert_eq!(buffer.len(), 5);
        buffer.drain_front(9);
        assert!(buffer.is_empty());
        buffer.extend_from_slice(b"q");
        buffer.clear();
        assert_eq!(buffer.into_vec(), b"");
    }

    #[test]
    fn a_read_error_leaves_the_bytes() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("gone"))
            }
        }
        let mut buffer = Buffer::from(b"ab".to_vec());
        assert!(buffer.read_from(&mut Failing, 8).is_err());
        assert_eq!(&*buffer, b"ab");
    }
}
