//! CustomChessKell rules files (`chess_rules::yaml`): any text, aliases of
//! aliases and merge keys among it, gives a rule set or one error — never
//! a panic or a hang, never more than the bound on nodes once aliases are
//! put in place — and the error points at bytes of the text, at the line
//! and column they are on.
#![no_main]

use chess_rules::{Position, yaml};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match yaml::rules(text) {
        Ok(rules) => {
            // A rule set that reads has a start that sets up or says why.
            let _ = Position::start(&rules);
        }
        Err(e) => {
            assert!(e.span.start <= e.span.end && e.span.end <= text.len());
            assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
            let before = &text[..e.span.start];
            let breaks = chess_core::input::line_breaks(before.as_bytes());
            let line_start = breaks.clone().last().unwrap_or(0);
            assert_eq!(e.line, breaks.count() + 1, "{e}");
            assert_eq!(e.column, before[line_start..].chars().count() + 1, "{e}");
            assert!(!e.message.is_empty());
        }
    }
});
