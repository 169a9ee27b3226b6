//! Where the bytes come from: a file or standard input, decompressed on
//! the fly when its first bytes say it is zstd, gzip or bzip2.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One input named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A file.
    Path(PathBuf),
    /// Standard input (`-`).
    Stdin,
}

impl Input {
    /// `-` is standard input; anything else a path.
    pub fn from_arg(arg: PathBuf) -> Input {
        if arg.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::Path(arg)
        }
    }

    /// How reports name it.
    pub fn name(&self) -> String {
        match self {
            Input::Path(path) => path.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
        }
    }

    /// Its size in bytes as stored, when known.
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::Path(path) => std::fs::metadata(path).ok().map(|m| m.len()),
            Input::Stdin => None,
        }
    }
}

/// How the bytes are stored.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// Zstandard (`.zst`), as the lichess database is published.
    Zstd,
    /// gzip (`.gz`).
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
}

impl Compression {
    /// Recognizes a stream by its magic bytes (not its name).
    pub fn detect(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b))
        {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        })
    }
}

/// A reader that counts the bytes it hands out, so a decompression error
/// can say how far into the stored file it happened.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened input: the text's bytes (decompressed), and how many of the
/// stored bytes were read so far.
pub struct Opened {
    /// The decompressed bytes.
    pub reader: Box<dyn Read + Send>,
    /// How the input was stored.
    pub compression: Compression,
    /// Stored bytes read so far (grows as `reader` is read).
    pub consumed: Arc<AtomicU64>,
    /// Stored bytes after the compressed stream's last member that begin
    /// no member (zeros a tape or a transfer added), passed over as the
    /// tools pass them over: known once `reader` is read to its end.
    pub trailing: Arc<AtomicU64>,
}

type Stored = BufReader<io::Chain<io::Cursor<Vec<u8>>, Counted<Box<dyn Read + Send>>>>;

/// A decoder of one member of a compressed stream.
enum Decoder {
    Zstd(zstd::Decoder<'static, Stored>),
    Gzip(flate2::bufread::GzDecoder<Stored>),
    Bzip2(bzip2::bufread::BzDecoder<Stored>),
}

/// A compressed stream read member after member (gzip members, bzip2
/// streams, zstd frames), as `gzip -d`, `bzip2 -d` and `zstd -d` read
/// them: after a member, bytes that begin another are its member; bytes
/// that begin none end the text, counted in `trailing`.
struct Members {
    compression: Compression,
    decoder: Option<Decoder>,
    trailing: Arc<AtomicU64>,
}

impl Members {
    fn decoder(compression: Compression, stored: Stored) -> io::Result<Decoder> {
        Ok(match compression {
            Compression::Gzip => Decoder::Gzip(flate2::bufread::GzDecoder::new(stored)),
            Compression::Bzip2 => Decoder::Bzip2(bzip2::bufread::BzDecoder::new(stored)),
            _ => Decoder::Zstd(zstd::Decoder::with_buffer(stored)?.single_frame()),
        })
    }

    /// The stored bytes after a member, back from its decoder.
    fn stored(decoder: Decoder) -> Stored {
        match decoder {
            Decoder::Zstd(d) => d.finish(),
            Decoder::Gzip(d) => d.into_inner(),
            Decoder::Bzip2(d) => d.into_inner(),
        }
    }
}

impl Read for Members {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(decoder) = &mut self.decoder {
            let n = match decoder {
                Decoder::Zstd(d) => d.read(buf)?,
                Decoder::Gzip(d) => d.read(buf)?,
                Decoder::Bzip2(d) => d.read(buf)?,
            };
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member ended: another, the end, or bytes of no member.
            let decoder = self.decoder.take().expect("a decoder");
            let mut stored = Members::stored(decoder);
            let next = stored.fill_buf()?;
            if next.is_empty() {
                return Ok(0);
            }
            if Compression::detect(next) == self.compression
                || (self.compression == Compression::Zstd && skippable(next))
            {
                self.decoder = Some(Members::decoder(self.compression, stored)?);
                continue;
            }
            let rest = io::copy(&mut stored, &mut io::sink())?;
            self.trailing.store(rest, Ordering::Relaxed);
        }
        Ok(0)
    }
}

/// A zstd skippable frame's magic number (`0x184D2A50`…`0x184D2A5F`).
fn skippable(head: &[u8]) -> bool {
    matches!(head, [b, 0x2A, 0x4D, 0x18, ..] if b & 0xF0 == 0x50)
}

/// Opens `input` and detects its compression from its first bytes.
pub fn open(input: &Input) -> io::Result<Opened> {
    let raw: Box<dyn Read + Send> = match input {
        Input::Path(path) => Box::new(File::open(path)?),
        Input::Stdin => Box::new(io::stdin()),
    };
    from_reader(raw)
}

/// Wraps any byte source: detects its compression and decompresses.
pub fn from_reader(raw: Box<dyn Read + Send>) -> io::Result<Opened> {
    let consumed = Arc::new(AtomicU64::new(0));
    let mut counted = Counted {
        inner: raw,
        count: consumed.clone(),
    };
    // The first bytes decide; a pipe may deliver them in several reads.
    let mut head = Vec::with_capacity(4);
    while head.len() < 4 {
        let mut byte = [0; 4];
        match counted.read(&mut byte[..4 - head.len()]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let compression = Compression::detect(&head);
    let buffered: Stored = BufReader::with_capacity(1 << 16, io::Cursor::new(head).chain(counted));
    let trailing = Arc::new(AtomicU64::new(0));
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(buffered),
        _ => Box::new(Members {
            compression,
            decoder: Some(Members::decoder(compression, buffered)?),
            trailing: trailing.clone(),
        }),
    };
    Ok(Opened {
        reader,
        compression,
        consumed,
        trailing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: Vec<u8>) -> (Compression, Vec<u8>) {
        let mut opened = from_reader(Box::new(io::Cursor::new(bytes))).unwrap();
        let mut out = Vec::new();
        opened.reader.read_to_end(&mut out).unwrap();
        (opened.compression, out)
    }

    #[test]
    fn compressions_are_recognized_by_their_bytes() {
        let text = b"[Event \"x\"]\n1. e4 *\n".repeat(100);
        assert_eq!(read_all(text.clone()), (Compression::None, text.clone()));
        let zst = zstd::encode_all(&text[..], 3).unwrap();
        assert_eq!(read_all(zst), (Compression::Zstd, text.clone()));
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        io::Write::write_all(&mut gz, &text).unwrap();
        assert_eq!(
            read_all(gz.finish().unwrap()),
            (Compression::Gzip, text.clone())
        );
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        io::Write::write_all(&mut bz, &text).unwrap();
        assert_eq!(
            read_all(bz.finish().unwrap()),
            (Compression::Bzip2, text.clone())
        );
        // Short inputs are plain text.
        assert_eq!(
            read_all(b"e4".to_vec()),
            (Compression::None, b"e4".to_vec())
        );
        assert_eq!(read_all(Vec::new()), (Compression::None, Vec::new()));
    }
}
