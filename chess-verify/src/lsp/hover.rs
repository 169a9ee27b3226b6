//! Hover on a move: the position after it — a board, whose move it is, the
//! FEN — with the move's SAN and UCI. The move's line (the main line, or a
//! variation and the moves it branches from) is played up to it, as a game
//! of its own, by the verifier. Hover on the result, or on a `[Variant]`
//! or `[FEN]` tag: what it is checked against.

use chess_core::syntax::{GameSyntax, Parser};
use chess_core::{Checked, Source, VerifiedGame, verify};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};
use shakmaty::uci::UciMove;

use crate::check::Context;
use crate::lsp::text::{Columns, Document};

/// What to show for `position` in `doc`: the position after the move
/// there, if there is a move there and its line is legal up to it.
pub fn hover(
    doc: &Document,
    position: Position,
    columns: Columns,
    context: &Context,
) -> Option<Hover> {
    let offset = doc.offset(position, columns) as u32;
    let source = Source::text(doc.text(), None, None);
    let game = Parser::new(&source)
        .filter_map(Result::ok)
        .find(|game| game.range.start <= offset && offset <= game.range.end)?;
    let Some((line, index)) = ply_at(&game, offset) else {
        return about(doc, &source, &game, offset, columns, context);
    };
    let range = game.plies[game.lines[line].plies[index] as usize].range;
    let mut value = after(&source, &game, (line, index), context.options)?;
    // In a chess problem, what its solution proves.
    if chess_core::syntax::Tag::find(&game.tags, &source, "Stipulation").is_some()
        && let Some(claim) = claim(&source, &game)
    {
        value.push_str("\n\n");
        value.push_str(&claim);
    }
    Some(markdown(doc, range, value, columns))
}

/// The position after ply `index` of line `line` of `game` (read from
/// `source`: a PGN file, or a macro call's input), described; `None` if
/// the move's line is not legal up to it. The line (the main line, or a
/// variation and the moves it branches from) is played up to the move,
/// as a game of its own, by the verifier.
pub(crate) fn after(
    source: &Source,
    game: &GameSyntax,
    (line, index): (usize, usize),
    options: chess_core::Options,
) -> Option<String> {
    let path = path(game, line, index);
    let first = game.plies[*game.lines[0].plies.first()? as usize]
        .range
        .start;
    // The game as far as the move: its tags and setup, then the moves of
    // the path (without numbers or markers, which are checked elsewhere).
    let mut text = source.as_str()[game.range.start as usize..first as usize].to_string();
    for ply in &path {
        text.push(' ');
        text.push_str(source.slice(game.plies[*ply as usize].range));
    }
    let played = Source::text(text, None, None);
    let options = chess_core::Options {
        moves_after_draw: true,
        ..options
    };
    let mut games = verify(&played, options);
    let syntax = games.next_syntax()?.ok()?;
    match games.check_syntax(&syntax).ok()? {
        Checked::Chess(g) => describe(&g, verified_chess::Position::from(&g.last)),
        Checked::Variant(g) => describe(&g, verified_chess::Position::from(&g.last)),
        Checked::Custom(_) => None,
    }
}

/// Hover in a lichess puzzle file (`.csv`): on a move of a row's `Moves`
/// (UCI, the first the opponent's), the position after it, played by the
/// verifier as a game from the row's FEN; for a row themed `mateIn1` …
/// `mateIn5` that is proven sound, what was proven.
pub fn puzzle_row(
    doc: &Document,
    position: Position,
    columns: Columns,
    context: &Context,
) -> Option<Hover> {
    use shakmaty::Position as _;
    let text = doc.text();
    let at = doc.offset(position, columns);
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let row = text[line_start..line_end].trim_end_matches('\r');
    let fields: Vec<&str> = row.split(',').collect();
    let (fen, moves) = (*fields.get(1)?, *fields.get(2)?);
    let moves_at = line_start + fields[0].len() + fen.len() + 2;
    let mut position: shakmaty::Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .ok()?
        .into_position(shakmaty::CastlingMode::Standard)
        .ok()?;
    // The row's moves in SAN, up to the one under the cursor.
    let mut sans = Vec::new();
    let mut word_at = moves_at;
    let mut hovered = None;
    for word in moves.split(' ') {
        let end = word_at + word.len();
        if !word.is_empty() {
            let m = word.parse::<UciMove>().ok()?.to_move(&position).ok()?;
            sans.push(shakmaty::san::San::from_move(&position, m).to_string());
            position.play_unchecked(m);
            if word_at <= at && at <= end {
                hovered = Some(chess_core::Range::new(word_at as u32, end as u32));
                break;
            }
        }
        word_at = end + 1;
    }
    let range = hovered?;
    let pgn = format!("[FEN \"{fen}\"]\n\n{} *\n", sans.join(" "));
    let source = Source::text(pgn, None, None);
    let game = Parser::new(&source).next()?.ok()?;
    let mut value = after(&source, &game, (0, sans.len() - 1), context.options)?;
    if let Some(proven) = proven_mate(text, row, fields.get(7).copied(), context) {
        value.push_str(&proven);
    }
    Some(markdown(doc, range, value, columns))
}

/// What is proven of a puzzle row themed `mateIn1` … `mateIn5` that the
/// puzzle checker finds sound (nothing otherwise: the diagnostics say why).
fn proven_mate(text: &str, row: &str, themes: Option<&str>, context: &Context) -> Option<String> {
    let theme = themes?
        .split(' ')
        .find(|t| t.len() == 7 && t.starts_with("mateIn"))?;
    let n = theme[6..]
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=5).contains(n))?;
    // The row alone, under the file's header if it has one.
    let header = text
        .lines()
        .next()
        .filter(|line| line.starts_with("PuzzleId"))
        .map_or(String::new(), |line| format!("{line}\n"));
    let task = crate::run::Task::Puzzles(crate::lsp::documents::proof_options());
    let checker = crate::run::Checker {
        name: "puzzle.csv",
        context,
        task: &task,
    };
    let sound = checker
        .problems(&format!("{header}{row}\n"))
        .iter()
        .all(|found| found.problem.warning);
    let moves = if n == 1 { "move" } else { "moves" };
    sound.then(|| {
        format!(
            "\n\n**`{theme}`** — proven: the solution ends in checkmate after {n} {moves} of the solver, each the only move that keeps a forced mate in the moves left."
        )
    })
}

/// Hover on the result or a tag of `game`, at `offset`: what it is
/// checked against, when the game is legal.
fn about(
    doc: &Document,
    source: &Source,
    game: &GameSyntax,
    offset: u32,
    columns: Columns,
    context: &Context,
) -> Option<Hover> {
    if let Some(tag) = chess_core::syntax::Tag::find(&game.tags, source, "Stipulation")
        .filter(|t| t.range.start <= offset && offset <= t.range.end)
    {
        return Some(markdown(doc, tag.range, claim(source, game)?, columns));
    }
    let text = source.slice(game.range).to_string();
    let alone = Source::text(text, None, None);
    let mut games = verify(&alone, context.options);
    let syntax = games.next_syntax()?.ok()?;
    let checked = games.check_syntax(&syntax).ok()?;
    let (end, start, result) = match &checked {
        Checked::Chess(g) => (g.end, verified_chess::Position::from(&g.start), g.result),
        Checked::Variant(g) => (g.end, verified_chess::Position::from(&g.start), g.result),
        Checked::Custom(_) => return None,
    };
    let (range, value) = if let Some((token, range)) = game
        .result
        .filter(|(_, r)| r.start <= offset && offset <= r.end)
    {
        let written = token.as_str();
        let value = match end {
            Some((end, _)) => format!(
                "**Result `{written}`** — checked against the final position: {}, so the result is `{}`.",
                chess_core::describe_end(end),
                end.result().as_str()
            ),
            None => format!(
                "**Result `{written}`** — the final position decides nothing (no mate, stalemate or draw by rule): the result stands as recorded."
            ),
        };
        (range, value)
    } else {
        let tag = game
            .tags
            .iter()
            .find(|t| t.range.start <= offset && offset <= t.range.end)?;
        let value = match tag.name(source) {
            "Variant" => format!(
                "**`[Variant]`** — the rules every move of this game is verified under: {}.",
                game.variant.as_ref().ok()?
            ),
            "FEN" => format!(
                "**`[FEN]`** — the position the game starts from, checked as a legal position:\n\n```text\n{}```",
                start.board().unicode()
            ),
            "Result" if game.result_tag.is_some() => format!(
                "**`[Result]`** — held to the result after the moves and to the final position: the game's result is `{}`.",
                result.as_str()
            ),
            _ => return None,
        };
        (tag.range, value)
    };
    Some(markdown(doc, range, value, columns))
}

/// A hover of `value` over `range`.
pub(crate) fn markdown(
    doc: &Document,
    range: chess_core::Range,
    value: String,
    columns: Columns,
) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(doc.range(range.start as usize, range.end as usize, columns)),
    }
}

/// What a chess problem's `[Stipulation]` claims, and that the solution
/// proves it (nothing, if it does not: the error says why).
fn claim(source: &Source, game: &GameSyntax) -> Option<String> {
    use chess_core::syntax::ProblemKind;
    use shakmaty::Position as _;
    let checked =
        chess_core::puzzle::check_problem(game, source, crate::lsp::documents::proof_options())
            .ok()?;
    let stipulation = checked.stipulation;
    let (us, n) = (checked.game.start.turn(), stipulation.moves);
    let (side, other) = match us {
        shakmaty::Color::White => ("White", "Black"),
        shakmaty::Color::Black => ("Black", "White"),
    };
    let claim = match stipulation.kind {
        ProblemKind::Mate => format!("{side} to play mates in {n} against any defence"),
        ProblemKind::HelpMate => {
            format!("{side} to play and {other} together get {side} mated in {n}")
        }
        ProblemKind::SelfMate => {
            format!("{side} to play forces {other} to mate in {n}, against any defence")
        }
    };
    Some(format!(
        "**`[Stipulation \"{stipulation}\"]`** — {claim}. Proven: the written solution holds, every key, try and threat checked ({} positions searched).",
        checked.nodes
    ))
}

/// The move a verified line ends with, and the position after it.
pub(crate) fn describe<P: chess_core::Rules>(
    g: &VerifiedGame<P>,
    after: verified_chess::Position,
) -> Option<String> {
    let last = g.moves.len().checked_sub(1)?;
    // A pawn's drop as lichess writes it, `P@d5` (shakmaty writes `@d5`).
    let san = g.san_plus(last)?.to_string();
    let san = if san.starts_with('@') {
        format!("P{san}")
    } else {
        san
    };
    let uci = UciMove::from_move(g.moves[last], g.mode);
    // The move's number: the position after it says who moved.
    let mover = after.turn().other();
    let number = match mover {
        verified_chess::Color::White => after.fullmove_number().to_string() + ".",
        verified_chess::Color::Black => (after.fullmove_number() - 1).to_string() + "...",
    };
    Some(format!(
        "**`{number} {san}`** · UCI `{uci}` · {} to move{}\n\n```text\n{}```\n\n`{}`",
        after.turn().name(),
        variant_state(&after),
        after.board().unicode(),
        after.fen(),
    ))
}

/// What a variant adds to a position, for the line under the move: the
/// pockets in Crazyhouse, the checks given in Three-check.
fn variant_state(position: &verified_chess::Position) -> String {
    use verified_chess::{Color, Variant};
    let side = |color: Color| color.name();
    match position.variant() {
        Variant::Crazyhouse => {
            let pockets = position.pockets();
            let pocket = |color: Color| {
                let pieces: String = pockets
                    .of(color)
                    .map(|r| r.of(Color::White).fen_char())
                    .collect();
                if pieces.is_empty() {
                    format!("{} none", side(color))
                } else {
                    format!("{} `{pieces}`", side(color))
                }
            };
            format!(
                " · pockets: {}, {}",
                pocket(Color::White),
                pocket(Color::Black)
            )
        }
        Variant::ThreeCheck => format!(
            " · checks given: {} {}, {} {} (three win)",
            side(Color::White),
            position.checks_given(Color::White),
            side(Color::Black),
            position.checks_given(Color::Black),
        ),
        _ => String::new(),
    }
}

/// A position that no move led to (a `position!` call's): whose move it
/// is, the board and the FEN.
pub(crate) fn describe_setup(position: verified_chess::Position) -> String {
    format!(
        "**the position** · {} to move{}\n\n```text\n{}```\n\n`{}`",
        position.turn().name(),
        variant_state(&position),
        position.board().unicode(),
        position.fen(),
    )
}

/// The line and the index in it of the ply at `offset` (its move, marker
/// or `e.p.`).
fn ply_at(game: &GameSyntax, offset: u32) -> Option<(usize, usize)> {
    game.lines.iter().enumerate().find_map(|(l, line)| {
        line.plies
            .iter()
            .position(|&p| {
                let ply = &game.plies[p as usize];
                let end = ply
                    .marker
                    .map_or(ply.range.end, |(_, range)| range.end)
                    .max(ply.ep.map_or(0, |ep| ep.end));
                ply.range.start <= offset && offset <= end
            })
            .map(|i| (l, i))
    })
}

/// The plies played to reach the ply `index` of line `line`, and it: for a
/// variation, the line it branches from up to the ply it replaces.
fn path(game: &GameSyntax, line: usize, index: usize) -> Vec<u32> {
    // Which ply of which line each variation replaces.
    let mut parent = vec![None; game.lines.len()];
    for (l, each) in game.lines.iter().enumerate() {
        for (i, &p) in each.plies.iter().enumerate() {
            for v in game.variations(&game.plies[p as usize]) {
                if let Some(slot) = parent.get_mut(v as usize) {
                    *slot = Some((l, i));
                }
            }
        }
    }
    let mut segments = vec![&game.lines[line].plies[..=index]];
    let mut at = line;
    while let Some((up, replaced)) = parent[at] {
        segments.push(&game.lines[up].plies[..replaced]);
        at = up;
    }
    segments.into_iter().rev().flatten().copied().collect()
}
