//! What a document is, by its name and the settings beside it: a PGN file
//! of games (under the rules file `chess-verify.toml` names, if any), a
//! lichess puzzle file or a PGN file of chess problems, a rules file, or
//! a Rust file with chess macros in it.

use std::time::Duration;

use chess_core::puzzle::PuzzleOptions;
use chess_core::search::Deadline;
use lsp_types::Uri;

use super::settings;
use super::text::Document;
use crate::run::Task;

/// The longest a proof of the language server may take: past it, the
/// problem says so (`chess-verify --puzzles` has no time budget).
pub const PROOF_TIME: Duration = Duration::from_secs(2);

/// How the language server proves puzzles and problems: as
/// `chess-verify --puzzles` does, each proof within [`PROOF_TIME`].
pub fn proof_options() -> PuzzleOptions {
    PuzzleOptions {
        deadline: Deadline {
            time: Some(PROOF_TIME),
            cancel: None,
        },
        ..PuzzleOptions::default()
    }
}

/// What is proven of a document, and a fingerprint of the settings it
/// came from: a lichess puzzle file (`.csv`) and a PGN file of chess
/// problems (one with a `[Stipulation]` tag) are proven as `--puzzles`
/// proves them; other documents are games, under the rules file that the
/// nearest `chess-verify.toml` names, if any ([`settings`]). An error says
/// what is wrong with the settings.
pub(crate) fn kind(uri: &Uri, doc: &Document) -> Result<(Task, u64), settings::SettingsError> {
    let name = file_name(uri);
    let puzzles = if crate::puzzles::is_pgn(&name) {
        doc.text().contains("[Stipulation ")
    } else {
        name.to_ascii_lowercase().ends_with(".csv")
    };
    if puzzles {
        return Ok((Task::Puzzles(proof_options()), 0));
    }
    let settings = if uri
        .scheme()
        .is_some_and(|s| s.as_str().eq_ignore_ascii_case("file"))
    {
        settings::for_document(&settings::path_of(uri.path().as_str()))?
    } else {
        settings::Settings::default()
    };
    let task = match settings.rules {
        Some(rules) => Task::Rules(rules),
        None => Task::Games,
    };
    Ok((task, settings.fingerprint))
}

/// A rules file: a Fairy-Stockfish `variants.ini` or a CustomChessKell
/// YAML file (by the name's ending, as `--rules` tells them apart).
pub(crate) fn is_rules_file(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    [".ini", ".yaml", ".yml"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// A Rust file: games inside the chess macros.
pub(crate) fn is_rust(uri: &Uri) -> bool {
    file_name(uri).ends_with(".rs")
}

/// The last segment of a document's URI, for messages.
pub(crate) fn file_name(uri: &Uri) -> String {
    let path = uri.path().as_str();
    path.rsplit('/').next().unwrap_or(path).to_string()
}
