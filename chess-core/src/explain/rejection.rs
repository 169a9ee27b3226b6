//! A rejected move, before it becomes a diagnostic: the kind, the reason
//! (completing "White cannot play `12. Bc4`: …") and the help.

use crate::diagnostic::{ErrorKind, Help};
use crate::input::Range;
use crate::replay::LostRights;

/// What an explanation may know besides the position.
pub(super) struct Context<'a, P> {
    /// The position the move was tried in.
    pub(super) pos: &'a P,
    /// How castling rights were lost during the game.
    pub(super) lost: &'a LostRights,
    /// The move as written.
    pub(super) text: &'a str,
}

/// A rejected move: the kind, the reason and help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Rejection {
    pub(super) kind: ErrorKind,
    pub(super) reason: String,
    pub(super) help: Vec<Help>,
    /// Other places the reason is about ([`Diagnostic::related`]).
    pub(super) related: Vec<(Range, String)>,
}

impl Rejection {
    pub(super) fn new(kind: ErrorKind, reason: impl Into<String>) -> Rejection {
        Rejection {
            kind,
            reason: reason.into(),
            help: Vec::new(),
            related: Vec::new(),
        }
    }

    /// Adds `help` unless it is already there.
    pub(super) fn help(mut self, help: Help) -> Rejection {
        // (Nothing to write is no help: "write " and no move.)
        let empty = matches!(&help, Help::Write { choices, .. } if choices.is_empty());
        if !empty && !self.help.contains(&help) {
            self.help.push(help);
        }
        self
    }

    pub(super) fn help_opt(self, help: Option<Help>) -> Rejection {
        match help {
            Some(h) => self.help(h),
            None => self,
        }
    }
}
