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

/// The contents of `bytes` as UTF-8, or a message giving the line and
/// column of the first invalid byte.
pub fn utf8(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let before = &bytes[..at];
        let line = before.iter().filter(|b| **b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
        format!(
            "{name}:{line}:{column}: the file is not UTF-8 text (byte 0x{:02X}); PGN files here must be UTF-8, e.g. `iconv -f latin1 -t utf-8`",
            bytes[at]
        )
    })
}

/// Reads `path`, relative to the crate being compiled (`CARGO_MANIFEST_DIR`),
/// refusing paths that lead out of it.
pub fn read_in_crate(path: &str) -> Result<TextFile, String> {
    let root = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
        .ok_or_else(|| {
            "cannot tell the crate's directory (CARGO_MANIFEST_DIR is not set)".to_string()
        })?;
    let root = root.canonicalize().map_err(|e| {
        format!(
            "cannot resolve the crate's directory {}: {e}",
            root.display()
        )
    })?;
    let joined = root.join(Path::new(path));
    let refuse = || {
        format!(
            "refusing to read `{path}`: it leads outside the crate's directory, and `include_pgn!` reads only files of the crate"
        )
    };
    // First as written (`..` and absolute paths), then with symbolic links
    // resolved.
    if !lexically_inside(&joined, &root) {
        return Err(refuse());
    }
    let absolute = joined.canonicalize().map_err(|e| {
        format!(
            "cannot read `{path}` (paths are relative to the crate's directory): {}",
            io_reason(&e)
        )
    })?;
    if !absolute.starts_with(&root) {
        return Err(refuse());
    }
    let bytes =
        std::fs::read(&absolute).map_err(|e| format!("cannot read `{path}`: {}", io_reason(&e)))?;
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
        let err = utf8("x.pgn", b"[Event \"a\"]\n1. e4 \xE9 e5".to_vec()).unwrap_err();
        assert!(
            err.starts_with("x.pgn:2:7: the file is not UTF-8 text (byte 0xE9)"),
            "{err}"
        );
        assert_eq!(utf8("x", b"1. e4".to_vec()).unwrap(), "1. e4");
    }
}
