//! What a run hands its sink: everything that happens to the inputs, in
//! input order.

use crate::check::Checked;
use crate::input::Compression;
use crate::read::Piece;

/// Everything that happens, in input order.
#[derive(Debug)]
pub enum Item {
    /// An input was opened.
    Opened {
        /// Its index among the inputs.
        file: usize,
        /// How it is stored.
        compression: Compression,
    },
    /// A piece of an input, not yet checked (only between the stages).
    Piece {
        /// The input's index.
        file: usize,
        /// The games.
        piece: Piece,
    },
    /// A piece of an input, checked.
    Checked {
        /// The input's index.
        file: usize,
        /// What was found.
        checked: Checked,
        /// Stored bytes of the input read when the piece was complete.
        consumed: u64,
    },
    /// Text without a game start longer than the largest game accepted.
    Skipped {
        /// The input's index.
        file: usize,
        /// Lines before it.
        line: u64,
        /// Its lines.
        lines: u64,
        /// Its bytes.
        bytes: u64,
    },
    /// An input could not be opened, or reading it failed.
    Failed {
        /// The input's index.
        file: usize,
        /// What happened, with the input's name.
        message: String,
    },
    /// Something to know about an input, not a problem.
    Note {
        /// The input's index.
        file: usize,
        /// What, without the input's name.
        message: String,
    },
    /// An input was read to its end (or to its failure).
    Closed {
        /// The input's index.
        file: usize,
    },
}
