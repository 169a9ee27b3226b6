//! The files a macro reads: a rules file (`#![rules(…)]`) and an
//! included game or puzzle file, each with the prelude that makes cargo
//! rebuild when it changes.

use proc_macro2::{Span, TokenStream};

use crate::diagnostic::Diagnostic;
use crate::input::{Range, Source, files};
use crate::{emit, explain, rule_sets};

use super::failure::Failure;

/// The rules file of a macro's `#![rules("path", section)]`: its rule
/// sets (the section, if named, for games whose `[Variant]` tag names
/// none), its path, and the prelude that makes cargo rebuild when it
/// changes.
pub(super) struct RulesFile {
    pub(super) sets: rule_sets::RuleSets,
    pub(super) path: String,
    pub(super) prelude: TokenStream,
}

/// Reads the rules file of `#![rules(…)]`: its errors at the key or value
/// concerned, a section named that it does not define at its start.
pub(super) fn rules_file(
    (path, section, span): (String, Option<String>, Span),
) -> Result<RulesFile, Failure> {
    let (source, prelude) = read_included(&path, span).map_err(Failure::Call)?;
    let sets = match rule_sets::RuleSets::read(&source) {
        Ok(sets) => sets.with_default(section.clone()),
        Err(d) => return Err(Failure::Chess(Box::new(source), d)),
    };
    if section.is_some()
        && let Err(why) = sets.pick(None)
    {
        let d = Diagnostic::new(
            crate::ErrorKind::RulesFile,
            Range::new(0, 0),
            explain::unnamed(&why, &sets),
        )
        .with_note("write `#![rules(\"variants.ini\", capablanca)]`");
        return Err(Failure::Chess(Box::new(source), d));
    }
    Ok(RulesFile {
        sets,
        path,
        prelude,
    })
}

/// The file at `path` in the crate as a source named by that path, its
/// errors shown at `span`, and the prelude that makes cargo rebuild when
/// it changes.
pub(super) fn read_included(path: &str, span: Span) -> Result<(Source, TokenStream), TokenStream> {
    let fail = |message: String| emit::compile_error(&message, span, span);
    let path = path.to_string();
    let file = files::read_in_crate(&path).map_err(|e| fail(e.to_string()))?;
    let Some(absolute) = file.absolute.to_str() else {
        return Err(fail(format!("the path of `{path}` is not valid UTF-8")));
    };
    // `const _: &[u8] = include_bytes!("…");` makes cargo rebuild when the
    // file changes (the stable replacement for tracked paths).
    let mut prelude = TokenStream::new();
    prelude.extend(
        format!("const _: &[u8] = ::core::include_bytes!({:?});", absolute)
            .parse::<TokenStream>()
            .unwrap_or_default(),
    );
    Ok((Source::text(file.text, Some(path), Some(span)), prelude))
}
