//! Rust files, next to rust-analyzer: inside `game!`, `games!` and
//! `puzzle!` calls written in tokens, hover on a move (of a main line or a
//! variation) shows the position after it, and on a `position!` call its
//! position; the quick fixes of a problem are
//! offered, each proven as in PGN files (the file with the edit is read
//! again and the call verified: no problem left where the edit is). The
//! problems themselves are rust-analyzer's to show (it expands the
//! macros), so this server publishes none for Rust files.

use std::str::FromStr;

use chess_core::expand::read_call;
use chess_core::{Checked, Diagnostic, Source, verify};
use lsp_types::{Hover, Position};
use proc_macro2::{Group, LineColumn, TokenStream, TokenTree};

use crate::fix::{Fix, candidates};
use crate::lsp::text::{Columns, Document};

/// The macros whose input is chess written in tokens: a game, games, a
/// puzzle, a position.
const MACROS: [&str; 4] = ["game", "games", "puzzle", "position"];

/// A macro call in a Rust file: the macro's name and its input, in
/// braces, brackets or parentheses.
struct Call {
    name: String,
    group: Group,
}

/// Every call of the chess macros in `tokens`, outermost first, in order.
fn calls(tokens: TokenStream, out: &mut Vec<Call>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        if let TokenTree::Group(group) = tree {
            let named = match (
                i.checked_sub(2).map(|j| &trees[j]),
                i.checked_sub(1).map(|j| &trees[j]),
            ) {
                (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(bang)))
                    if bang.as_char() == '!' && MACROS.contains(&name.to_string().as_str()) =>
                {
                    Some(name.to_string())
                }
                _ => None,
            };
            if let Some(name) = named {
                out.push(Call {
                    name,
                    group: group.clone(),
                });
            } else {
                calls(group.stream(), out);
            }
        }
    }
}

/// The calls of the chess macros in a Rust file's text (none if it does
/// not lex).
fn calls_in(text: &str) -> Vec<Call> {
    let mut out = Vec::new();
    if let Ok(tokens) = TokenStream::from_str(text) {
        calls(tokens, &mut out);
    }
    out
}

/// The byte offset in `doc` of a token's line and column (1-based line,
/// column in characters from 0).
fn offset(doc: &Document, at: LineColumn) -> usize {
    let start = doc.offset(
        Position {
            line: at.line.saturating_sub(1) as u32,
            character: 0,
        },
        Columns::Utf8,
    );
    let line = &doc.text()[start..];
    start
        + line
            .char_indices()
            .nth(at.column)
            .map_or(line.len(), |(i, _)| i)
}

/// The bytes of `doc` that the range of a call's source covers.
fn span_bytes(doc: &Document, source: &Source, range: chess_core::Range) -> Option<(usize, usize)> {
    let (first, last) = source.spans(range)?;
    Some((offset(doc, first.start()), offset(doc, last.end())))
}

/// The call whose input holds byte `at`, and its index among the calls.
fn call_at(doc: &Document, at: usize) -> Option<(usize, Call)> {
    calls_in(doc.text())
        .into_iter()
        .enumerate()
        .find(|(_, call)| {
            let span = call.group.span();
            offset(doc, span.start()) < at && at < offset(doc, span.end())
        })
}

/// Hover in a Rust file: the position after the move at `position` (of
/// a main line or a variation) of a game inside a chess macro; anywhere
/// in a `position!` call, its position.
pub fn hover(doc: &Document, position: Position, columns: Columns) -> Option<Hover> {
    let at = doc.offset(position, columns);
    let (_, call) = call_at(doc, at)?;
    let (source, options) = read_call(call.group.stream()).ok()?;
    if call.name == "position" {
        // A FEN string, or a setup without moves: the position it gives.
        let position = match source.as_str().trim().parse::<verified_chess::Position>() {
            Ok(position) => position,
            Err(_) => {
                let mut games = verify(&source, options);
                let game = games.next_syntax()?.ok()?;
                let Ok(Checked::Chess(g)) = games.check_syntax(&game) else {
                    return None;
                };
                verified_chess::Position::from(&g.last)
            }
        };
        let span = call.group.span();
        let range = chess_core::Range::new(
            offset(doc, span.start()) as u32,
            offset(doc, span.end()) as u32,
        );
        let value = super::hover::describe_setup(position);
        return Some(super::hover::markdown(doc, range, value, columns));
    }
    // A game in a string literal has one span for all of it: no move
    // can be told from another there.
    let tokens: Vec<TokenTree> = call.group.stream().into_iter().collect();
    if matches!(tokens.as_slice(), [TokenTree::Literal(_)]) {
        return None;
    }
    let mut games = verify(&source, super::hover::boards_past_draws(options));
    while let Some(Ok(game)) = games.next_syntax() {
        for line in &game.lines {
            for &p in &line.plies {
                let Some((start, end)) = span_bytes(doc, &source, game.plies[p as usize].range)
                else {
                    continue;
                };
                if start <= at && at <= end {
                    let record = games.record(&game);
                    let (_, value) = super::hover::played(&game, &record, p)?;
                    let range = chess_core::Range::new(start as u32, end as u32);
                    return Some(super::hover::markdown(doc, range, value, columns));
                }
            }
        }
    }
    None
}

/// A problem of a chess macro call, in a Rust file's bytes.
struct Placed {
    /// The problem's bytes.
    start: usize,
    end: usize,
    /// The problem.
    d: Diagnostic,
    /// The other places its help writes to, and their bytes.
    places: Vec<(chess_core::Range, Option<(usize, usize)>)>,
}

/// The problems of the call at index `index` of a Rust file's text, as
/// byte ranges of the text.
fn problems(text: &str, index: usize) -> Vec<Placed> {
    let doc = Document::new(text.to_string(), 0);
    let Some(call) = calls_in(text).into_iter().nth(index) else {
        return Vec::new();
    };
    let Ok((source, options)) = read_call(call.group.stream()) else {
        return Vec::new();
    };
    verify(&source, options)
        .filter_map(Result::err)
        .filter_map(|d| {
            let (start, end) = span_bytes(&doc, &source, d.range)?;
            let places = d
                .help
                .iter()
                .filter_map(|h| match h {
                    chess_core::Help::WriteThere { range, .. } => {
                        Some((*range, span_bytes(&doc, &source, *range)))
                    }
                    _ => None,
                })
                .collect();
            Some(Placed {
                start,
                end,
                d,
                places,
            })
        })
        .collect()
}

/// The proven fixes of the problems of chess macro calls in a Rust file
/// that touch bytes `start..end`; each fix with the problem it fixes and
/// the problem's bytes.
pub fn fixes(
    doc: &Document,
    (start, end): (usize, usize),
) -> Vec<(Fix, Diagnostic, (usize, usize))> {
    let Some((index, _)) = call_at(doc, start) else {
        return Vec::new();
    };
    let text = doc.text();
    let mut out = Vec::new();
    for Placed {
        start: from,
        end: to,
        d,
        places,
    } in problems(text, index)
    {
        if to < start || end < from {
            continue;
        }
        let place = |r| places.iter().find(|p| p.0 == r).and_then(|p| p.1);
        for mut fix in candidates(text, (from, to), &d, place) {
            for edit in &mut fix.edits {
                // `Qh5#` is no Rust: the mate's marker needs a space
                // before it.
                if edit.text == "#" {
                    edit.text = " #".to_string();
                }
                // A tag's value is a string literal whose quotes are its
                // token's: the new value goes inside them.
                if text[edit.start..edit.end].starts_with('"') {
                    edit.text = format!("{:?}", edit.text);
                }
            }
            let edited = fix.apply(text);
            let proven = problems(&edited, index).iter().all(|p| {
                fix.written()
                    .all(|(start, end)| p.end <= start || end <= p.start)
            });
            if proven {
                out.push((fix, d.clone(), (from, to)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Delimiter;

    #[test]
    fn finds_the_chess_macros_anywhere_in_a_file() {
        let text = "fn main() {\n    let g = verified_chess::game! { 1. e4 e5 };\n    let x = vec![1];\n    const P: &[Game] = games![1. d4 d5 *];\n}\n";
        let found = calls_in(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].group.delimiter(), Delimiter::Brace);
        assert_eq!(found[1].group.delimiter(), Delimiter::Bracket);
    }
}
