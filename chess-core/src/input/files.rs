//! Reading PGN files: inside the crate for `include_pgn!`, anywhere for the
//! CLI; always as UTF-8 text, with a precise message when it is not.

use std::path::{Path, PathBuf};

/// A file read as text.
pub struct TextFile {
    /// Its canonical absolute path.
    pub absolute: PathBuf,
    /// Its contents.
    pub text: String,
}

/// Why a file could not be read as text; `Display` words it (the message
/// `include_pgn!` and `chess-verify` show).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileError {
    /// `CARGO_MANIFEST_DIR` is not set and there is no current directory.
    NoCrateDirectory,
    /// The crate's directory cannot be resolved.
    CrateDirectory {
        /// The directory.
        directory: PathBuf,
        /// Why, in words ([`io_reason`]).
        reason: String,
    },
    /// The path leads outside the crate's directory.
    OutsideCrate {
        /// The path as written.
        path: String,
    },
    /// The file cannot be read.
    Unreadable {
        /// The path as written.
        path: String,
        /// Why, in words ([`io_reason`]).
        reason: String,
        /// The reason concerns the path as written (relative to the
        /// crate's directory), not the reading.
        resolving: bool,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The file's name as shown.
        name: String,
        /// The line of the first invalid byte (from 1).
        line: usize,
        /// Its column, in characters (from 1).
        column: usize,
        /// The byte.
        byte: u8,
    },
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::NoCrateDirectory => {
                f.write_str("cannot tell the crate's directory (CARGO_MANIFEST_DIR is not set)")
            }
            FileError::CrateDirectory { directory, reason } => write!(
                f,
                "cannot resolve the crate's directory {}: {reason}",
                directory.display()
            ),
            FileError::OutsideCrate { path } => write!(
                f,
                "refusing to read `{path}`: it leads outside the crate's directory, and `include_pgn!` reads only files of the crate"
            ),
            FileError::Unreadable {
                path,
                reason,
                resolving: true,
            } => write!(
                f,
                "cannot read `{path}` (paths are relative to the crate's directory): {reason}"
            ),
            FileError::Unreadable { path, reason, .. } => {
                write!(f, "cannot read `{path}`: {reason}")
            }
            FileError::NotUtf8 {
                name,
                line,
                column,
                byte,
            } => write!(
                f,
                "{name}:{line}:{column}: the file is not UTF-8 text (byte 0x{byte:02X}); PGN files here must be UTF-8, e.g. `iconv -f latin1 -t utf-8`"
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// The contents of `bytes` as UTF-8, or where the first invalid byte is.
pub fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, FileError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let (line, column) = line_column(bytes, at);
        FileError::NotUtf8 {
            name: name.to_string(),
            line,
            column,
            byte: bytes[at],
        }
    })
}

/// The line and column (both from 1, the column in characters) of the
/// byte at `at` in `bytes`: where text stops being UTF-8.
pub fn line_column(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line_start = super::scan::line_breaks(before).last().unwrap_or(0);
    let line = super::scan::line_breaks(before).count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// Reads `path`, relative to the crate being compiled (`CARGO_MANIFEST_DIR`),
/// refusing paths that lead out of it.
pub fn read_in_crate(path: &str) -> Result<TextFile, FileError> {
    let root = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
        .ok_or(FileError::NoCrateDirectory)?;
    let root = root.canonicalize().map_err(|e| FileError::CrateDirectory {
        reason: io_reason(&e),
        directory: root,
    })?;
    let joined = root.join(Path::new(path));
    let refuse = || FileError::OutsideCrate {
        path: path.to_string(),
    };
    // First as written (`..` and absolute paths), then with symbolic links
    // resolved.
    if !lexically_inside(&joined, &root) {
        return Err(refuse());
    }
    let absolute = joined.canonicalize().map_err(|e| FileError::Unreadable {
        path: path.to_string(),
        reason: io_reason(&e),
        resolving: true,
    })?;
    if !absolute.starts_with(&root) {
        return Err(refuse());
    }
    let bytes = std::fs::read(&absolute).map_err(|e| FileError::Unreadable {
        path: path.to_string(),
        reason: io_reason(&e),
        resolving: false,
    })?;
    let text = utf8(path, bytes)?;
    Ok(TextFile { absolute, text })
}

/// Whether `path`, with `.` and `..` resolved as written, stays in `root`.
fn lexically_inside(path: &Path, root: &Path) -> bool {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            std::path::Component::ParentDir => {
                if !normal.pop() {
                    return false;
                }
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    normal.starts_with(root)
}

/// An I/O error in words, without the OS error code (which differs between
/// systems).
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::IsADirectory => "it is a directory".into(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside() {
        let root = Path::new("/crate");
        assert!(lexically_inside(Path::new("/crate/games/a.pgn"), root));
        assert!(lexically_inside(Path::new("/crate/games/../b.pgn"), root));
        assert!(!lexically_inside(Path::new("/crate/../secret.pgn"), root));
        assert!(!lexically_inside(Path::new("/etc/passwd"), root));
        assert!(!lexically_inside(Path::new("/crate2/a.pgn"), root));
    }

    #[test]
    fn invalid_utf8_is_located() {
        let err = utf8("x.pgn", b"[Event \"a\"]\n1. e4 \xE9 e5".to_vec())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("x.pgn:2:7: the file is not UTF-8 text (byte 0xE9)"),
            "{err}"
        );
        assert_eq!(utf8("x", b"1. e4".to_vec()).unwrap(), "1. e4");
    }
}
