//! A document's outline: each game a symbol (White – Black, with the event
//! and the result), its variations as children; and the ranges an editor
//! folds (games, variations).

use chess_core::Source;
use chess_core::syntax::{GameSyntax, Parser, Tag};
use lsp_types::{DocumentSymbol, FoldingRange, FoldingRangeKind, SymbolKind};

use crate::lsp::text::{Columns, Document};

/// The games of `doc` as read (a game the grammar cannot read has none).
fn games(source: &Source) -> impl Iterator<Item = GameSyntax> + '_ {
    Parser::new(source).filter_map(Result::ok)
}

/// Each game of `doc` as a symbol, its variations as children.
pub fn symbols(doc: &Document, columns: Columns) -> Vec<DocumentSymbol> {
    let source = Source::text(doc.text(), None, None);
    games(&source)
        .enumerate()
        .map(|(index, game)| {
            let tag = |name: &str| {
                Tag::find(&game.tags, &source, name)
                    .map(|t| t.value(&source).into_owned())
                    .filter(|v| !v.is_empty() && v != "?")
            };
            let name = match (tag("White"), tag("Black")) {
                (Some(white), Some(black)) => format!("{white} – {black}"),
                _ => format!("game {}", index + 1),
            };
            let detail = [
                tag("Event"),
                game.result
                    .map(|(_, range)| source.slice(range).to_string()),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ");
            let range = doc.range(game.range.start as usize, game.range.end as usize, columns);
            let children = variations(doc, &source, &game, columns);
            #[allow(deprecated)]
            DocumentSymbol {
                name,
                detail: (!detail.is_empty()).then_some(detail),
                kind: SymbolKind::NAMESPACE,
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: (!children.is_empty()).then_some(children),
            }
        })
        .collect()
}

/// The variations of `game`, each named by its first move, in the order
/// written (nested ones flat, each with its own range).
fn variations(
    doc: &Document,
    source: &Source,
    game: &GameSyntax,
    columns: Columns,
) -> Vec<DocumentSymbol> {
    game.lines
        .iter()
        .skip(1)
        .filter_map(|line| {
            let open = line.open?;
            let first = game.plies.get(*line.plies.first()? as usize)?;
            let last = game.plies.get(*line.plies.last()? as usize)?;
            let range = doc.range(open.start as usize, last.range.end as usize, columns);
            #[allow(deprecated)]
            Some(DocumentSymbol {
                name: format!("({} …)", source.slice(first.range)),
                detail: None,
                kind: SymbolKind::EVENT,
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: None,
            })
        })
        .collect()
}

/// The ranges to fold: each game and each variation that spans lines.
pub fn folding(doc: &Document) -> Vec<FoldingRange> {
    let source = Source::text(doc.text(), None, None);
    let mut ranges = Vec::new();
    let mut fold = |start: u32, end: u32| {
        let (first, last) = (
            doc.position(start as usize, Columns::Utf8).line,
            doc.position(end as usize, Columns::Utf8).line,
        );
        if last > first {
            ranges.push(FoldingRange {
                start_line: first,
                end_line: last,
                kind: Some(FoldingRangeKind::Region),
                ..FoldingRange::default()
            });
        }
    };
    for game in games(&source) {
        fold(game.range.start, game.range.end);
        for line in game.lines.iter().skip(1) {
            if let (Some(open), Some(&last)) = (line.open, line.plies.last()) {
                fold(open.start, game.plies[last as usize].range.end);
            }
        }
    }
    ranges
}
