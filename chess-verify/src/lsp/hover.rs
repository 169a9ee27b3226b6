//! Hover on a move: the position after it — a board, whose move it is,
//! the pieces in hand, the FEN — with the move's SAN and UCI; on a move
//! that could not be played, the position it was tried in and why. Both
//! come from the game's record ([`chess_core::record`]): what the replay
//! proved, for chess, lichess's variants and games under a rule set
//! alike. Hover on the result, or on a `[Variant]` or `[FEN]` tag: what
//! it is checked against.

use chess_core::RuleSets;
use chess_core::record::{Board, GameRecord};
use chess_core::syntax::GameSyntax;
use chess_core::{Checked, Source, verify};
use chess_format::MoveLabel;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

use crate::check::{Context, SPELLING};
use crate::lsp::text::{Columns, Document};

/// What to show for `position` in `doc` (its games under `rules`, if a
/// rules file is named): what the game's record says of the move there.
pub fn hover(
    doc: &Document,
    position: Position,
    columns: Columns,
    context: &Context,
    rules: Option<&RuleSets>,
) -> Option<Hover> {
    let offset = doc.offset(position, columns) as u32;
    let source = Source::text(doc.text(), None, None);
    let mut games = verify(&source, boards_past_draws(context.options));
    if let Some(sets) = rules {
        games = games.under_rules(sets);
    }
    let game = std::iter::from_fn(|| games.next_syntax())
        .filter_map(Result::ok)
        .find(|game| game.range.start <= offset && offset <= game.range.end)?;
    let record = games.record(&game);
    let Some((line, index)) = ply_at(&game, offset) else {
        return about(doc, &source, &game, &record, (offset, rules), columns);
    };
    let (range, mut value) = played(&game, &record, game.lines[line].plies[index])?;
    // In a chess problem, what its solution proves.
    if chess_core::syntax::Tag::find(&game.tags, &source, "Stipulation").is_some()
        && let Some(claim) = claim(&source, &game)
    {
        value.push_str("\n\n");
        value.push_str(&claim);
    }
    Some(markdown(doc, range, value, columns))
}

/// The options a hover replays a game under: `options`, with the moves
/// after a draw by rule played on (their error is a diagnostic; their
/// board is still shown).
pub(crate) fn boards_past_draws(options: chess_core::Options) -> chess_core::Options {
    chess_core::Options {
        moves_after_draw: true,
        ..options
    }
}

/// What `record` says of the ply `id` of `game`, and where the move is
/// written: the position after it, or, where it could not be played, the
/// position it was tried in and why; `None` for a ply the replay did not
/// reach.
pub(crate) fn played(
    game: &GameSyntax,
    record: &GameRecord<'_>,
    id: u32,
) -> Option<(chess_core::Range, String)> {
    let at = game.plies.get(id as usize)?.range.start;
    let within = |range: chess_core::Range| range.start <= at && at < range.end;
    if let Some(kept) = record.plies.iter().find(|k| within(k.range)) {
        let after = View::of(&kept.after);
        // The move's number: the position after it says who moved.
        let number = if after.white_to_move {
            MoveLabel::new(after.fullmoves.saturating_sub(1), true)
        } else {
            MoveLabel::new(after.fullmoves, false)
        };
        let value = format!(
            "**`{number} {}`** · UCI `{}` · {}",
            kept.san,
            kept.uci,
            after.describe()
        );
        return Some((kept.range, value));
    }
    let (range, before) = record.wrong.as_ref().filter(|(range, _)| within(*range))?;
    let error = record.verdict.as_ref().err()?;
    let value = format!(
        "**Not played** — {}\n\nThe position it was tried in · {}",
        error.render(&SPELLING).replace('\n', "  \n"),
        View::of(before).describe()
    );
    Some((*range, value))
}

/// A position as a hover shows it.
struct View {
    white_to_move: bool,
    fullmoves: u32,
    /// What the rules add: pockets, hands, checks given.
    state: String,
    board: String,
    fen: String,
}

impl View {
    fn of(board: &Board<'_>) -> View {
        match board {
            Board::Chess(p) => View::facade(verified_chess::Position::from(p)),
            Board::Variant(p) => View::facade(verified_chess::Position::from(p)),
            Board::Rules(p) => View {
                white_to_move: p.turn() == chess_rules::Color::White,
                fullmoves: p.fullmoves(),
                state: hands(p),
                board: p.board(chess_rules::BoardStyle::Unicode),
                fen: p.fen(),
            },
        }
    }

    fn facade(position: verified_chess::Position) -> View {
        View {
            white_to_move: position.turn() == verified_chess::Color::White,
            fullmoves: position.fullmove_number(),
            state: variant_state(&position),
            board: position.board().unicode().to_string(),
            fen: position.fen().to_string(),
        }
    }

    /// Whose move it is, what the rules add, the board and the FEN.
    fn describe(&self) -> String {
        let side = if self.white_to_move { "White" } else { "Black" };
        format!(
            "{side} to move{}\n\n```text\n{}```\n\n`{}`",
            self.state, self.board, self.fen
        )
    }
}

/// The pieces in hand under a rule set that has hands (S-chess's gating
/// pockets among them), as `variant_state` gives Crazyhouse's pockets.
fn hands(p: &chess_rules::Position<'_>) -> String {
    let rules = p.rules();
    if rules.drops.is_none() && !rules.gating {
        return String::new();
    }
    let hand = |color: chess_rules::Color| {
        let mut pieces = String::new();
        for (kind, def) in rules.pieces.iter().enumerate() {
            let n = u8::try_from(kind).map_or(0, |k| p.in_hand(color, k));
            for _ in 0..n {
                pieces.push(def.letter);
            }
        }
        let name = color.name();
        if pieces.is_empty() {
            format!("{name} none")
        } else {
            format!("{name} `{pieces}`")
        }
    };
    format!(
        " · in hand: {}, {}",
        hand(chess_rules::Color::White),
        hand(chess_rules::Color::Black)
    )
}

/// Hover in a lichess puzzle file (`.csv`): on a move of a row's `Moves`
/// (UCI, the first the opponent's), the position after it, from the row's
/// record (the row read by the one reader of puzzle files, its game
/// replayed from its FEN); for a row themed `mateIn1` … `mateIn5` that is
/// proven sound, what was proven.
pub fn puzzle_row(
    doc: &Document,
    position: Position,
    columns: Columns,
    context: &Context,
) -> Option<Hover> {
    let offset = doc.offset(position, columns) as u32;
    let source = Source::text(doc.text(), None, None);
    let row = chess_core::syntax::puzzles::lichess_rows(&source)
        .filter_map(Result::ok)
        .find(|row| row.range.start <= offset && offset <= row.range.end)?;
    let (line, index) = ply_at(&row.game, offset)?;
    let record = verify(&source, boards_past_draws(context.options)).record(&row.game);
    let (range, mut value) = played(&row.game, &record, row.game.lines[line].plies[index])?;
    if let Some(proven) = proven_mate(&row, &source) {
        value.push_str(&proven);
    }
    Some(markdown(doc, range, value, columns))
}

/// What is proven of a puzzle row themed `mateIn1` … `mateIn5` that the
/// puzzle checker finds sound (nothing otherwise: the diagnostics say why).
fn proven_mate(row: &chess_core::syntax::puzzles::PuzzleSyntax, source: &Source) -> Option<String> {
    let (n, theme) = row.mate_in?;
    let options = crate::lsp::documents::proof_options();
    chess_core::puzzle::check_lichess(row, source, options).ok()?;
    let moves = if n == 1 { "move" } else { "moves" };
    Some(format!(
        "\n\n**`{}`** — proven: the solution ends in checkmate after {n} {moves} of the solver, each the only move that keeps a forced mate in the moves left.",
        source.slice(theme)
    ))
}

/// Hover on the result or a tag of `game`, at `offset`: what it is
/// checked against, when the game is legal.
fn about(
    doc: &Document,
    source: &Source,
    game: &GameSyntax,
    record: &GameRecord<'_>,
    (offset, rules): (u32, Option<&RuleSets>),
    columns: Columns,
) -> Option<Hover> {
    if let Some(tag) = chess_core::syntax::Tag::find(&game.tags, source, "Stipulation")
        .filter(|t| t.range.start <= offset && offset <= t.range.end)
    {
        return Some(markdown(doc, tag.range, claim(source, game)?, columns));
    }
    let (end, start, result) = match record.verdict.as_ref().ok()? {
        Checked::Chess(g) => summary(g),
        Checked::Variant(g) => summary(g),
        Checked::Custom(g) => {
            let sets = if g.builtin {
                RuleSets::builtins()
            } else {
                rules?
            };
            let set = sets.sets.get(g.set)?;
            let start = match &g.start {
                Some(fen) => chess_rules::Position::from_fen(set, fen),
                None => chess_rules::Position::start(set),
            }
            .ok()?;
            (
                g.end.map(|end| {
                    let words = chess_core::describe_rules_end(end, set);
                    (words, chess_core::result_of(end))
                }),
                start.board(chess_rules::BoardStyle::Unicode),
                g.result,
            )
        }
    };
    let (range, value) = if let Some((token, range)) = game
        .result
        .filter(|(_, r)| r.start <= offset && offset <= r.end)
    {
        let written = token.as_str();
        let value = match end {
            Some((words, result)) => format!(
                "**Result `{written}`** — checked against the final position: {words}, so the result is `{}`.",
                result.as_str()
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
                "**`[FEN]`** — the position the game starts from, checked as a legal position:\n\n```text\n{start}```"
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
    let (us, n) = (
        chess_format::Color::from(checked.game.start.turn()),
        stipulation.moves,
    );
    let (side, other) = (us.name(), us.other().name());
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

/// How a game of chess or of a variant ended (in words, and the result
/// that end gives), its start's board, and the result written.
fn summary<P>(
    g: &chess_core::VerifiedGame<P>,
) -> (
    Option<(String, chess_core::syntax::GameResult)>,
    String,
    chess_core::syntax::GameResult,
)
where
    for<'a> verified_chess::Position: From<&'a P>,
{
    let end = g
        .end
        .map(|(end, _)| (chess_core::describe_end(end).to_string(), end.result()));
    let board = verified_chess::Position::from(&g.start)
        .board()
        .unicode()
        .to_string();
    (end, board, g.result)
}
