//! Proven fixes: the help that names text to write instead — the right
//! result, `O-O` for `Kg1`, a move one edit away, `#` for a `+` that
//! mates — as edits of the text. A fix counts only when it is proven: the
//! games it is in (the stretch of text between two game starts), with
//! the edit applied, are checked again, and no problem is left where the
//! edit is. The language server offers them as quick fixes; `--fix`
//! applies them to files.

use std::path::Path;

use chess_core::{Diagnostic, Help};

use crate::check::Context;
use crate::input::Compression;
use crate::run::{Checker, Found, Task};

/// One change of a text: bytes `start..end` become `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The first byte replaced.
    pub start: usize,
    /// The end of the bytes replaced.
    pub end: usize,
    /// What they become.
    pub text: String,
}

/// A fix of a document's text: one change, or several that only make
/// sense together (a result after the moves and the `[Result]` tag that
/// says the same), in order, none overlapping another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the editor shows.
    pub title: String,
    /// The changes.
    pub edits: Vec<Edit>,
}

impl Fix {
    /// `text` with this fix.
    pub fn apply(&self, text: &str) -> String {
        apply_all(text, std::slice::from_ref(self))
    }

    /// Where the changes are in the text they make: their new text's
    /// byte ranges.
    pub(crate) fn written(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut shift = 0isize;
        self.edits.iter().map(move |e| {
            let start = e.start.saturating_add_signed(shift);
            shift += e.text.len() as isize - (e.end - e.start) as isize;
            (start, start + e.text.len())
        })
    }

    /// The fix with every change moved by `by` bytes.
    fn moved(mut self, by: isize) -> Fix {
        for e in &mut self.edits {
            e.start = e.start.saturating_add_signed(by);
            e.end = e.end.saturating_add_signed(by);
        }
        self
    }
}

/// `text` with every change of `fixes` (changes in `text`'s coordinates,
/// none overlapping another).
pub fn apply_all(text: &str, fixes: &[Fix]) -> String {
    let mut edits: Vec<&Edit> = fixes.iter().flat_map(|f| &f.edits).collect();
    edits.sort_by_key(|e| e.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&text[at..e.start]);
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The edits that the help of `d`, a problem at bytes `start..end` of
/// `text`, proposes, proven or not; `place` finds the bytes of another
/// range of `d`'s source (a [`Help::WriteThere`]'s), if they are in
/// `text`.
pub fn candidates(
    text: &str,
    (start, end): (usize, usize),
    d: &Diagnostic,
    place: impl Fn(chess_core::Range) -> Option<(usize, usize)>,
) -> Vec<Fix> {
    let written = &text[start..end];
    // What must be written elsewhere too, for any fix to be whole.
    let mut there = Vec::new();
    for help in &d.help {
        if let Help::WriteThere { range, text, .. } = help {
            match place(*range) {
                Some((start, end)) => there.push(Edit {
                    start,
                    end,
                    text: text.clone(),
                }),
                None => return Vec::new(),
            }
        }
    }
    let replace = |title: String, by: &str| {
        let mut edits = there.clone();
        edits.push(Edit {
            start,
            end,
            text: by.to_string(),
        });
        edits.sort_by_key(|e| e.start);
        Fix { title, edits }
    };
    let mut fixes = Vec::new();
    for help in &d.help {
        match help {
            Help::Write { choices, .. } => fixes.extend(
                choices
                    .iter()
                    .map(|c| replace(format!("Write `{c}` instead of `{written}`"), c)),
            ),
            Help::DidYouMean(moves) => fixes.extend(
                moves
                    .iter()
                    .map(|m| replace(format!("Replace `{written}` with `{m}`"), m)),
            ),
            // The diagnostic is on the marker: the mate's marker is `#`.
            Help::WriteMate(san) if san.ends_with('#') => {
                fixes.push(replace(format!("Mark the mate: `{san}`"), "#"));
            }
            _ => {}
        }
    }
    fixes
}

/// The stretch of `text` that holds byte `at`.
fn stretch(text: &str, at: usize, checker: &Checker) -> std::ops::Range<usize> {
    let all = checker.stretches(text);
    let last = all.len() - 1;
    all.into_iter()
        .enumerate()
        .find(|(i, games)| at < games.end || *i == last)
        .map_or(0..text.len(), |(_, games)| games)
}

/// `fix` applied to `text` (which `more` text may follow) leaves no
/// problem where it changes anything (the games around it checked again).
/// A fix with changes in two stretches of games is not proven.
fn proven(text: &str, fix: &Fix, checker: &Checker, more: bool) -> bool {
    let (Some(first), Some(last)) = (fix.edits.first(), fix.edits.last()) else {
        return false;
    };
    let games = stretch(text, first.start, checker);
    if last.end > games.end.max(first.end) {
        return false;
    }
    let local = fix.clone().moved(-(games.start as isize));
    let more = more || games.end < text.len();
    let after = local.apply(&text[games]);
    let problems = checker.problems_in(&after, more);
    local
        .written()
        .all(|(start, end)| problems.iter().all(|p| p.end <= start || end <= p.start))
}

/// The proven fixes of `found` in `text`.
pub fn fixes(text: &str, found: &Found, checker: &Checker) -> Vec<Fix> {
    fixes_in(text, found, checker, false)
}

/// [`fixes`] in a text that `more` text may follow.
fn fixes_in(text: &str, found: &Found, checker: &Checker, more: bool) -> Vec<Fix> {
    let place = |r: chess_core::Range| {
        let (start, end) = (
            found.offset + r.start as usize,
            found.offset + r.end as usize,
        );
        (end <= text.len()).then_some((start, end))
    };
    candidates(
        text,
        (found.start, found.end),
        &found.problem.diagnostic,
        place,
    )
    .into_iter()
    .filter(|fix| proven(text, fix, checker, more))
    .collect()
}

/// Every problem's first proven fix, applied from the top: the fixes, in
/// the coordinates of `text`. Each stretch of games is fixed on its own
/// (a fix changes nothing outside its games).
pub fn fix_all(text: &str, checker: &Checker) -> Vec<Fix> {
    let mut all = Vec::new();
    for games in checker.stretches(text) {
        let at = games.start as isize;
        all.extend(
            fix_stretch(&text[games.clone()], checker, games.end < text.len())
                .into_iter()
                .map(|fix| fix.moved(at)),
        );
    }
    all
}

/// [`fix_all`] of one stretch of games.
fn fix_stretch(text: &str, checker: &Checker, more: bool) -> Vec<Fix> {
    let mut current = text.to_string();
    let mut fixes = Vec::new();
    // Every change made so far, in the coordinates of `text`, in order.
    let mut made: Vec<Edit> = Vec::new();
    let mut from = 0;
    loop {
        let found = checker.problems_in(&current, more);
        let Some(fix) = found
            .iter()
            .filter(|p| p.start >= from)
            .find_map(|p| fixes_in(&current, p, checker, more).into_iter().next())
        else {
            break;
        };
        from = fix.written().last().map_or(from, |(_, end)| end);
        current = fix.apply(&current);
        let edits: Vec<Edit> = fix
            .edits
            .iter()
            .map(|e| Edit {
                start: as_written(&made, e.start),
                end: as_written(&made, e.end),
                text: e.text.clone(),
            })
            .collect();
        made.extend(edits.iter().cloned());
        made.sort_by_key(|e| e.start);
        fixes.push(Fix { edits, ..fix });
    }
    fixes
}

/// Where byte `at` of a text that `made` changed (in the coordinates of
/// the text before them, in order) was before the changes; `at` is
/// outside the text they wrote.
fn as_written(made: &[Edit], at: usize) -> usize {
    let mut shift = 0isize;
    for e in made {
        let start = e.start.saturating_add_signed(shift);
        if start + e.text.len() > at {
            break;
        }
        shift += e.text.len() as isize - (e.end - e.start) as isize;
    }
    at.saturating_add_signed(-shift)
}

/// What `--fix` did to a file.
#[derive(Debug)]
pub struct FixedFile {
    /// The fixes, in the file's coordinates.
    pub fixes: Vec<Fix>,
    /// The file's text before.
    pub before: String,
    /// And after.
    pub after: String,
}

impl FixedFile {
    /// The change as a unified diff (`--- name`, `+++ name`), empty when
    /// nothing changed.
    pub fn diff(&self, name: &str) -> String {
        if self.fixes.is_empty() {
            return String::new();
        }
        similar::TextDiff::from_lines(&self.before, &self.after)
            .unified_diff()
            .context_radius(2)
            .header(name, name)
            .to_string()
    }
}

/// Why a file cannot be fixed.
#[derive(Debug)]
pub enum FixError {
    /// It cannot be read or written.
    Io(std::io::Error),
    /// It is compressed: fixes are written in place, in plain text.
    Compressed,
    /// It is not UTF-8 text (the byte offset of the first bad byte).
    NotUtf8(usize),
}

impl std::fmt::Display for FixError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FixError::Io(e) => write!(f, "{e}"),
            FixError::Compressed => {
                f.write_str("a compressed file cannot be fixed in place: decompress it first")
            }
            FixError::NotUtf8(at) => write!(
                f,
                "not UTF-8 text (byte {at}): fixes are written as UTF-8, so convert it first"
            ),
        }
    }
}

impl std::error::Error for FixError {}

/// Fixes the file at `path` (its every proven fix, as [`fix_all`]); writes
/// it back unless `dry_run`.
pub fn fix_file(path: &Path, context: &Context, dry_run: bool) -> Result<FixedFile, FixError> {
    let bytes = std::fs::read(path).map_err(FixError::Io)?;
    if Compression::detect(&bytes) != Compression::None {
        return Err(FixError::Compressed);
    }
    let before =
        String::from_utf8(bytes).map_err(|e| FixError::NotUtf8(e.utf8_error().valid_up_to()))?;
    let name = path.display().to_string();
    let checker = Checker {
        name: &name,
        context,
        task: &Task::Games,
    };
    let fixes = fix_all(&before, &checker);
    let after = apply_all(&before, &fixes);
    if !dry_run && !fixes.is_empty() {
        std::fs::write(path, &after).map_err(FixError::Io)?;
    }
    Ok(FixedFile {
        fixes,
        before,
        after,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::diagnostics::context;
    use crate::lsp::diagnostics::tests::checker;

    fn first_fixes(text: &str) -> Vec<String> {
        let context = context();
        let found = checker(&context).problems(text);
        fixes(text, &found[0], &checker(&context))
            .iter()
            .map(|f| f.apply(text))
            .collect()
    }

    #[test]
    fn each_kind_of_help_that_writes_is_a_fix() {
        // A move one edit away.
        assert_eq!(first_fixes("1. e4 e5 2. Nf4 *\n"), ["1. e4 e5 2. Nf3 *\n"]);
        // Castling written as the king's step.
        assert_eq!(
            first_fixes("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *\n"),
            ["1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"]
        );
        // The result the position has.
        assert_eq!(
            first_fixes("1. f3 e5 2. g4 Qh4# 1-0\n"),
            ["1. f3 e5 2. g4 Qh4# 0-1\n"]
        );
        // A variant's name one letter off.
        assert_eq!(
            first_fixes("[Variant \"Crazyhose\"]\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n"),
            ["[Variant \"Crazyhouse\"]\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n"]
        );
        // A tag the verifier reads, misspelt (a warning, before the error
        // it causes: the king steps onto its own knight from the start).
        assert_eq!(
            first_fixes("[Fen \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *\n"),
            ["[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. Kb1 *\n"]
        );
        // The mate's marker.
        assert_eq!(
            first_fixes("1. f3 e5 2. g4 Qh4+ 0-1\n"),
            ["1. f3 e5 2. g4 Qh4# 0-1\n"]
        );
    }

    #[test]
    fn a_fix_is_proven_on_the_games_around_it() {
        let context = context();
        let checker = checker(&context);
        let text = "[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 d5 2. Bc4 *\n\n[Event \"c\"]\n1. f3 e5 2. g4 Qh4+ 0-1\n";
        let games = checker.stretches(text);
        assert_eq!(games.len(), 3);
        // Each byte is in the stretch that holds it, the end in the last.
        assert_eq!(stretch(text, games[1].start, &checker), games[1]);
        assert_eq!(stretch(text, games[1].end - 1, &checker), games[1]);
        assert_eq!(stretch(text, games[2].start + 3, &checker), games[2]);
        assert_eq!(stretch(text, text.len(), &checker), games[2]);
        let found = checker.problems(text);
        let fixed: Vec<String> = found
            .iter()
            .map(|p| fixes(text, p, &checker)[0].apply(text))
            .collect();
        assert_eq!(fixed[0], text.replace("2. Bc4", "2. Bf4"));
        assert_eq!(fixed[1], text.replace("Qh4+", "Qh4#"));
    }

    #[test]
    fn fix_all_keeps_the_coordinates_after_a_fix_that_changes_the_length() {
        let context = context();
        // `2.` becomes `2...` (two more bytes); the `+` after it still
        // becomes `#` at its own place in the text as written.
        let text = "[Event \"a\"]\n1. e4 e5 2. Bc4 2. Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0\n";
        let fixes = fix_all(text, &checker(&context));
        assert_eq!(fixes.len(), 2);
        let plus = text.find('+').unwrap();
        let edit = &fixes[1].edits[0];
        assert_eq!((edit.start, edit.end), (plus, plus + 1));
        let fixed = apply_all(text, &fixes);
        assert_eq!(
            fixed,
            "[Event \"a\"]\n1. e4 e5 2. Bc4 2... Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n"
        );
    }

    #[test]
    fn a_fix_that_does_not_make_the_part_legal_is_not_offered() {
        let context = context();
        let text = "1. e4 e5 2. Nf4 *\n";
        let found = &checker(&context).problems(text)[0];
        let wrong = Fix {
            title: String::new(),
            edits: vec![Edit {
                start: found.start,
                end: found.end,
                text: "Nf5".into(),
            }],
        };
        assert!(!proven(text, &wrong, &checker(&context), false));
    }

    #[test]
    fn fix_all_fixes_every_game_in_the_coordinates_of_the_text() {
        let context = context();
        let text = "1. e4 e5 2. Nf4 *\n\n[Event \"b\"]\n1. f3 e5 2. g4 Qh4+ 1-0\n\n[Event \"c\"]\n1. d4 d5 2. Bf4 Bf5 3. e3 e6 4. Bd3 Bxd3 5. Kxd3 *\n";
        assert_eq!(checker(&context).stretches(text).len(), 3);
        let fixed = apply_all(text, &fix_all(text, &checker(&context)));
        assert_eq!(
            fixed,
            "1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"c\"]\n1. d4 d5 2. Bf4 Bf5 3. e3 e6 4. Bd3 Bxd3 5. Qxd3 *\n"
        );
        assert!(checker(&context).problems(&fixed).is_empty());
    }
}
