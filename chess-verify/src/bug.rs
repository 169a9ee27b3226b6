//! What a bug met while checking leaves for its report: which piece of
//! which input the thread was checking. The binary's panic hook asks
//! ([`checking`]) and names it, so a report can send those lines rather
//! than a whole collection. A debug build can also make a bug on purpose,
//! for the tests of what a bug does to the program.
//!
//! ```
//! // Outside a check, no piece is named.
//! assert!(chess_verify::bug::checking().is_none());
//! ```

use std::cell::RefCell;

/// The piece a thread was checking when it panicked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checking {
    /// The input's name, as reports give it (a path, or `<stdin>`).
    pub input: String,
    /// The 1-based line of the input that the piece starts on (a piece
    /// holds whole games, up to [`crate::read::Limits::piece`] bytes
    /// of them, or more for one longer game).
    pub line: u64,
}

thread_local! {
    static CHECKING: RefCell<Option<Checking>> = const { RefCell::new(None) };
}

/// The piece this thread is checking, if it is checking one: what a
/// panic hook, which runs on the panicking thread, can name.
pub fn checking() -> Option<Checking> {
    CHECKING.with(|checking| checking.borrow().clone())
}

/// Runs `check`, the check of the piece of `input` that starts after
/// `lines_before` lines, with that piece named by [`checking`] on this
/// thread until it returns (or its panic has reached the hook).
pub(crate) fn during<T>(input: &str, lines_before: u64, check: impl FnOnce() -> T) -> T {
    /// Forgets the piece when the check ends, by its return or its panic
    /// (after the panic hook has run: it runs before the unwinding).
    struct Forget;
    impl Drop for Forget {
        fn drop(&mut self) {
            CHECKING.with(|checking| checking.borrow_mut().take());
        }
    }
    CHECKING.with(|checking| {
        *checking.borrow_mut() = Some(Checking {
            input: input.to_string(),
            line: lines_before + 1,
        });
    });
    let _forget = Forget;
    check()
}

/// A bug on purpose, for the tests of what a bug does to the program: in
/// a debug build, checking a piece whose bytes hold the text of the
/// environment variable `CHESS_VERIFY_PANIC` panics. A release build has
/// no such thing.
#[cfg(debug_assertions)]
pub(crate) fn on_purpose(bytes: &[u8]) {
    if let Some(text) = std::env::var_os("CHESS_VERIFY_PANIC") {
        let text = text.as_encoded_bytes();
        if !text.is_empty() && bytes.windows(text.len()).any(|w| w == text) {
            panic!("CHESS_VERIFY_PANIC: a bug on purpose");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_is_named_while_it_is_checked_and_forgotten_after() {
        let seen = during("games.pgn", 41, checking);
        let expected = Checking {
            input: "games.pgn".to_string(),
            line: 42,
        };
        assert_eq!(seen, Some(expected.clone()));
        assert_eq!(checking(), None);
        // A panic is met with the piece named, and the piece is forgotten
        // as it unwinds.
        let named = std::sync::Arc::new(std::sync::Mutex::new(None));
        let hook_named = named.clone();
        std::thread::spawn(move || {
            let panicked = std::panic::catch_unwind(|| {
                during("games.pgn", 41, || {
                    // What the hook would see.
                    *hook_named.lock().unwrap() = checking();
                    panic!("a bug");
                })
            });
            assert!(panicked.is_err());
            assert_eq!(checking(), None);
        })
        .join()
        .unwrap();
        assert_eq!(*named.lock().unwrap(), Some(expected));
    }
}
