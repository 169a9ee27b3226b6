//! The macros' entry points, on `proc_macro2` tokens so that they can be
//! tested without a compiler: the input read (the facade's path, options,
//! tokens or a string), the pipeline run, the result emitted.
//!
//! | file | what it holds |
//! |---|---|
//! | `mod.rs` | the entry points: `game!`, `games!`, `include_pgn!`, `puzzle!`, `include_puzzles!`, `position!` |
//! | `call.rs` | the macro call read once: the facade's path, the options' grammar, the rest |
//! | `files.rs` | the files a macro reads: a rules file, an included file |
//! | `failure.rs` | why a macro call gave no value |

mod call;
mod failure;
mod files;

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

use crate::diagnostic::Diagnostic;
use crate::input::{Range, Source, tokens};
use crate::puzzle;
use crate::replay::Options;
use crate::syntax::{self, errors};
use crate::{emit, explain, pipeline, rule_sets, start};

use call::Input;
pub use failure::Failure;
use files::RulesFile;

/// What a macro call's input reads as, the input as written in a Rust
/// file (without the facade's path the macros pass first): its options and
/// its source (the rendered tokens, or PGN text for a lone string
/// literal), or the `compile_error!` of an option that is not one. Editors
/// use it to find the move under the cursor.
pub fn read_call(input: TokenStream) -> Result<(Source, Options), TokenStream> {
    let mut with_path: TokenStream = "verified_chess ;".parse().unwrap_or_default();
    with_path.extend(input);
    let (_, options, input) = start_any(with_path)?;
    Ok((input.source(), options))
}

/// The source for a macro's input: PGN text for a single string literal,
/// the rendered tokens otherwise.
pub fn front_end(input: TokenStream) -> Source {
    Input::new(input).source()
}

/// Reads the `$crate;` path and the options; the rest stays in `Input`.
/// Puzzle options are refused: this macro takes no puzzles.
fn start(input: TokenStream) -> Result<(TokenStream, Options, Input), TokenStream> {
    let (krate, options, input) = start_any(input)?;
    refuse_puzzle_options(&input)?;
    Ok((krate, options, input))
}

/// The `compile_error!` of a puzzle option given to a macro that takes no
/// puzzles.
fn refuse_puzzle_options(input: &Input) -> Result<(), TokenStream> {
    match input.puzzle_attribute {
        Some(span) => Err(emit::compile_error(
            "`#![search_budget(…)]` and `#![deny(other_mates)]` are options of `puzzle!` and `include_puzzles!`",
            span,
            span,
        )),
        None => Ok(()),
    }
}

fn start_any(input: TokenStream) -> Result<(TokenStream, Options, Input), TokenStream> {
    let mut input = Input::new(input);
    let krate = input.krate();
    let options = input.options(Options::default())?;
    Ok((krate, options, input))
}

/// Runs `expand` on `input`, turning a panic (a bug) into a
/// `compile_error!` that asks for a report, instead of a compiler crash.
pub fn guarded(input: TokenStream, expand: fn(TokenStream) -> TokenStream) -> TokenStream {
    match std::panic::catch_unwind(move || expand(input)) {
        Ok(out) => out,
        Err(panic) => emit::compile_error(
            &crate::diagnostic::internal_error(&*panic, "the macro input"),
            Span::call_site(),
            Span::call_site(),
        ),
    }
}

/// `game! { … }`: one game, verified, as a `Game` expression or a
/// `compile_error!`.
pub fn game(input: TokenStream) -> TokenStream {
    try_game(input).unwrap_or_else(Failure::into_tokens)
}

/// `game! { … }` with the problem, if any, as a [`Diagnostic`]. The facade
/// passes the call's options (`#![…]`, at the start) and then the rest of
/// its tokens as one brace group after its path (`$crate; #![…] { … }`):
/// input that is one brace group after the path and the options is read
/// as that wrapping.
pub fn try_game(input: TokenStream) -> Result<TokenStream, Failure> {
    let mut input = Input::new(input);
    let krate = input.krate();
    // The options the facade sets before the group of the moves.
    let mut options = input.options(Options::default()).map_err(Failure::Call)?;
    if let Some(group) = input.call_group() {
        if input.plays_plain(&options)
            && let Some(out) = printed_game(&krate, &group, options)
        {
            return Ok(out);
        }
        input.iter = group.stream().into_iter();
        // (A call that did not come through the facade has them here.)
        options = input.options(options).map_err(Failure::Call)?;
    }
    refuse_puzzle_options(&input).map_err(Failure::Call)?;
    let rules = input.rules()?;
    let source = input.source();
    let checked = {
        let mut games = pipeline::verify(&source, options);
        if let Some(rules) = &rules {
            games = games.under_rules(&rules.sets);
        }
        only_game(&mut games).and_then(|game| games.check_syntax(&game))
    };
    let checked = match checked {
        Ok(checked) => checked,
        Err(d) => return Err(Failure::Chess(Box::new(source), d)),
    };
    let Some(rules) = rules else {
        return Ok(checked_expr(&krate, &source, &checked, None, None));
    };
    // Under a rules file: the rule set inline, and the file tracked.
    let mut out = rules.prelude.clone();
    out.extend(checked_expr(&krate, &source, &checked, Some(&rules), None));
    Ok(TokenStream::from(TokenTree::Group(
        proc_macro2::Group::new(Delimiter::Brace, out),
    )))
}

/// A call the facade wrapped (`$crate; #![…] { … }`: its options, then its
/// moves in a group) read the quick way: the group's tokens as the
/// compiler prints them ([`tokens::printed`]), read whole by the express
/// lane and verified with `options`; `None` where any of that fails, and
/// the tokens are then read one by one, with the spans a diagnostic needs.
/// (The printed text is taken only where its words are the ones
/// [`tokens::render`] writes: the lane reads the same game either way.)
fn printed_game(
    krate: &TokenStream,
    group: &proc_macro2::Group,
    options: Options,
) -> Option<TokenStream> {
    plain_game(krate, &tokens::printed(group)?, options)
}

/// What `game!` gives for a call whose group of moves, `moves`, the
/// compiler printed as `text` (after the facade's `$crate;`, which `krate` stands for, and
/// the options it set before the group, `options`), read the quick way;
/// `None` where it reads the tokens one by one instead. (For tests holding
/// the two ways to the same result.)
#[doc(hidden)]
pub fn game_as_printed(
    krate: TokenStream,
    options: TokenStream,
    moves: &TokenStream,
    text: &str,
) -> Option<TokenStream> {
    let mut input = Input::new(options);
    let options = input.options(Options::default()).ok()?;
    if input.next().is_some() || !input.plays_plain(&options) {
        return None;
    }
    let source = tokens::printed_as(moves, text.to_string(), Span::call_site())?;
    plain_game(&krate, &source, options)
}

/// [`printed_game`] once the text is known to be plain.
fn plain_game(krate: &TokenStream, source: &Source, options: Options) -> Option<TokenStream> {
    let game = syntax::plain_game(source, options.variant, options.limits)?;
    let checked = pipeline::verify(source, options).check_syntax(&game).ok()?;
    Some(checked_expr(krate, source, &checked, None, None))
}

/// A verified game of any rules as a `Game` expression, or under a rules
/// file (`rules`) or one of Fairy-Stockfish's built-in variants its
/// `[Variant]` tag names as a `CustomGame` expression: its rule set
/// written inline, or, given the sets used so far (each whether it is
/// one of [`rule_sets::RuleSets::builtins`], and its index there or in the
/// rules file), bound to `RULES[i]` for the `i`-th of them.
fn checked_expr(
    krate: &TokenStream,
    source: &Source,
    checked: &pipeline::Checked,
    file: Option<&RulesFile>,
    used: Option<&mut Vec<(bool, usize)>>,
) -> TokenStream {
    match checked {
        pipeline::Checked::Chess(game) => emit::game_expr(krate, source, game),
        pipeline::Checked::Variant(game) => emit::game_expr(krate, source, game),
        pipeline::Checked::Custom(game) if !game.boards.is_empty() => emit::compile_error(
            "a bughouse game on two boards is verified, but a `CustomGame` holds the game of one board: check records of two boards with `chess-verify`",
            Span::call_site(),
            Span::call_site(),
        ),
        pipeline::Checked::Custom(game) => {
            let (set, path) = match file {
                _ if game.builtin => {
                    let set = &rule_sets::RuleSets::builtins().sets[game.set];
                    (set, format!("fairy-stockfish:{}", set.name))
                }
                Some(file) => (&file.sets.sets[game.set], file.path.clone()),
                // (Games are checked under a rules file only with one.)
                None => {
                    return emit::compile_error(
                        "a game under a rules file without its rules; this is a bug, please report it",
                        Span::call_site(),
                        Span::call_site(),
                    );
                }
            };
            let rules = match used {
                None => emit::rules_literal(set),
                Some(used) => {
                    let key = (game.builtin, game.set);
                    let i = match used.iter().position(|&u| u == key) {
                        Some(i) => i,
                        None => {
                            used.push(key);
                            used.len() - 1
                        }
                    };
                    format!("RULES[{i}]").parse().unwrap_or_default()
                }
            };
            let data = emit::custom_game_data(game, set, source);
            emit::custom_game_expr(krate, &data, &rules, &path)
        }
    }
}

/// The one game of a macro that takes one: a second is an error; none is
/// the start position without moves.
fn only_game(games: &mut pipeline::Games) -> Result<syntax::GameSyntax, Diagnostic> {
    match (games.next_syntax(), games.next_syntax()) {
        (Some(Ok(first)), Some(second)) => {
            let second = match second {
                Ok(g) => g.range,
                Err(d) => d.range,
            };
            Err(errors::second_game(second, first.result.map(|r| r.0)))
        }
        (Some(Err(d)), _) => Err(d),
        (Some(Ok(game)), None) => Ok(game),
        // (Under a rules file, its default's start.)
        (None, _) => Ok(syntax::GameSyntax {
            variant: Ok(games.options().variant.unwrap_or_default()),
            rules: syntax::game_rules(None, games.rule_sets()),
            ..syntax::GameSyntax::default()
        }),
    }
}

/// `puzzle! { … }`: a chess problem (a setup, a `[Stipulation]`, the
/// solution), proven (see [`puzzle::check_problem`]), as a `Puzzle`
/// expression or a `compile_error!`.
pub fn puzzle(input: TokenStream) -> TokenStream {
    try_puzzle(input).unwrap_or_else(Failure::into_tokens)
}

/// `puzzle! { … }` with the problem, if any, as a [`Diagnostic`].
pub fn try_puzzle(input: TokenStream) -> Result<TokenStream, Failure> {
    let (krate, options, input) = start_any(input).map_err(Failure::Call)?;
    let problem = input.puzzle;
    let source = input.source();
    let checked = {
        let mut games = pipeline::verify(&source, options);
        only_game(&mut games).and_then(|game| puzzle::check_problem(&game, &source, problem))
    };
    match checked {
        Ok(checked) => Ok(emit::problem_expr(&krate, &source, &checked)),
        Err(d) => Err(Failure::Chess(Box::new(source), d)),
    }
}

/// Verifies every game of `source` and emits
/// `{ const GAMES: &[krate::Game] = &[…]; GAMES }`, or one `compile_error!`
/// per bad game. `prelude` goes first (e.g. `include_bytes!` for rebuild
/// tracking).
fn games_output(
    krate: &TokenStream,
    source: &Source,
    options: Options,
    mut prelude: TokenStream,
    rules: Option<&RulesFile>,
) -> TokenStream {
    let mut errors = TokenStream::new();
    let mut games = Vec::new();
    let mut verify = pipeline::verify(source, options);
    if let Some(rules) = rules {
        verify = verify.under_rules(&rules.sets);
        prelude.extend(rules.prelude.clone());
    }
    // The rule sets the games use, each written once.
    let mut used = Vec::new();
    // Without a rules file, games of Fairy-Stockfish's built-in variants
    // (named by their tags) make a list of `CustomGame`s, others of
    // `Game`s: the first game says which.
    let mut custom = rules.is_some().then_some(true);
    while let Some(checked) = verify.next_checked() {
        match checked {
            Ok(checked) => {
                let is_custom = matches!(checked, pipeline::Checked::Custom(_));
                if *custom.get_or_insert(is_custom) != is_custom {
                    errors.extend(emit::diagnostic(source, &mixed_list(&checked, source)));
                }
                if errors.is_empty() {
                    games.push(checked_expr(
                        krate,
                        source,
                        &checked,
                        rules,
                        Some(&mut used),
                    ));
                }
                // The next game is recorded in its room.
                verify.recycle_checked(checked);
            }
            Err(d) => errors.extend(emit::diagnostic(source, &d)),
        }
    }
    let mut out = prelude;
    if !errors.is_empty() {
        // Every bad game is reported; the value is then an empty list, so
        // that no further type errors pile up.
        out.extend(errors);
        out.extend(";".parse::<TokenStream>().unwrap_or_default());
        games.clear();
    }
    match custom {
        Some(true) => {
            // (A game names a built-in variant, else a set of the file.)
            let builtins = rule_sets::RuleSets::builtins();
            let sets: Vec<TokenStream> = used
                .iter()
                .filter_map(|&(builtin, set)| match (builtin, rules) {
                    (true, _) => builtins.sets.get(set),
                    (false, Some(rules)) => rules.sets.sets.get(set),
                    (false, None) => None,
                })
                .map(emit::rules_literal)
                .collect();
            out.extend(emit::str_list("RULES", &sets));
            out.extend(emit::list(krate, "CustomGame", "GAMES", &games));
        }
        _ => out.extend(emit::game_list(krate, &games)),
    }
    let mut block = TokenStream::new();
    block.extend([TokenTree::Group(proc_macro2::Group::new(
        Delimiter::Brace,
        out,
    ))]);
    block
}

/// A list's games are `Game`s or `CustomGame`s, and `checked` is the
/// other kind: the error, at its `[Variant]` tag (or its start).
fn mixed_list(checked: &pipeline::Checked, source: &Source) -> Diagnostic {
    let (range, tags) = match checked {
        pipeline::Checked::Custom(g) => (g.range, &g.tags),
        pipeline::Checked::Chess(g) => (g.range, &g.tags),
        pipeline::Checked::Variant(g) => (g.range, &g.tags),
    };
    let at = syntax::Tag::find(tags, source, "Variant").map_or(range, |t| t.value_range);
    Diagnostic::new(
        crate::ErrorKind::BadSetup,
        at,
        "a list holds games of Fairy-Stockfish's built-in variants (a `CustomGame` each) or games of chess and lichess's variants (a `Game` each), not both".to_string(),
    )
    .with_note("put them in lists of their own, or read every game under one variant with `#![variant(…)]`")
}

/// `games! { … }` or `games!("…")`: several games, each verified.
pub fn games(input: TokenStream) -> TokenStream {
    let (krate, options, mut input) = match start(input) {
        Ok(started) => started,
        Err(error) => return error,
    };
    let rules = match input.rules() {
        Ok(rules) => rules,
        Err(failure) => return failure.into_tokens(),
    };
    let source = input.source();
    games_output(&krate, &source, options, TokenStream::new(), rules.as_ref())
}

/// `include_pgn!("path")`: the games of a PGN file in the crate, verified.
pub fn include_pgn(input: TokenStream) -> TokenStream {
    let (krate, options, mut input) = match start(input) {
        Ok(started) => started,
        Err(error) => return error,
    };
    let rules = match input.rules() {
        Ok(rules) => rules,
        Err(failure) => return failure.into_tokens(),
    };
    match input.included("include_pgn", "games/collection.pgn") {
        Ok((source, prelude)) => games_output(&krate, &source, options, prelude, rules.as_ref()),
        Err(error) => error,
    }
}

/// `include_puzzles!("puzzles.csv")`: the puzzles of a lichess puzzle
/// file in the crate, each proven (see [`mod@puzzle`]), as
/// `{ const PUZZLES: &[krate::Puzzle] = &[…]; PUZZLES }`, or one
/// `compile_error!` per unsound puzzle.
pub fn include_puzzles(input: TokenStream) -> TokenStream {
    try_include_puzzles(input).unwrap_or_else(|failure| match failure {
        PuzzlesFailure::Call(tokens) => tokens,
        PuzzlesFailure::Chess(source, diagnostics) => diagnostics
            .iter()
            .flat_map(|d| emit::diagnostic(&source, d))
            .collect(),
    })
}

/// Why `include_puzzles!` gave no value.
pub enum PuzzlesFailure {
    /// Unsound or unreadable puzzles: every problem, in order.
    Chess(Box<Source>, Vec<Diagnostic>),
    /// A problem with the call itself, as the `compile_error!` to emit.
    Call(TokenStream),
}

/// [`include_puzzles`] with the problems, if any, as [`Diagnostic`]s.
pub fn try_include_puzzles(input: TokenStream) -> Result<TokenStream, PuzzlesFailure> {
    let (krate, options, mut input) = start_any(input).map_err(PuzzlesFailure::Call)?;
    let puzzle_options = input.puzzle;
    let (source, prelude) = input
        .included("include_puzzles", "puzzles/lichess.csv")
        .map_err(PuzzlesFailure::Call)?;
    let mut problems = Vec::new();
    let mut puzzles = Vec::new();
    if is_pgn(&source) {
        // Chess problems, one per game.
        let mut games = pipeline::verify(&source, options);
        while let Some(game) = games.next_syntax() {
            match game.and_then(|game| puzzle::check_problem(&game, &source, puzzle_options)) {
                Ok(checked) => puzzles.push(emit::problem_expr(&krate, &source, &checked)),
                Err(d) => problems.push(d),
            }
        }
    } else {
        for row in syntax::puzzles::lichess_rows(&source) {
            match row.and_then(|row| {
                puzzle::check_lichess(&row, &source, puzzle_options).map(|checked| (row, checked))
            }) {
                Ok((row, checked)) => {
                    puzzles.push(emit::puzzle_expr(&krate, &source, &row, &checked));
                }
                Err(d) => problems.push(d),
            }
        }
    }
    if !problems.is_empty() {
        return Err(PuzzlesFailure::Chess(Box::new(source), problems));
    }
    let mut out = prelude;
    out.extend(emit::list(&krate, "Puzzle", "PUZZLES", &puzzles));
    Ok(TokenStream::from(TokenTree::Group(
        proc_macro2::Group::new(Delimiter::Brace, out),
    )))
}

/// Whether an included file holds chess problems as PGN (its name ends in
/// `.pgn`, any case) rather than lichess puzzle rows.
fn is_pgn(source: &Source) -> bool {
    source
        .name()
        .is_some_and(|name| name.to_ascii_lowercase().ends_with(".pgn"))
}

/// `position! { … }`: a setup, validated, as a `Position` expression or a
/// `compile_error!`.
pub fn position(input: TokenStream) -> TokenStream {
    let mut input = Input::new(input);
    let krate = input.krate();
    // A lone string is a FEN.
    if let Some((text, span)) = input.lone_string() {
        let source = Source::text(text, None, Some(span));
        let whole = Range::new(0, source.as_str().len() as u32);
        return match syntax::fen_string(source.as_str(), 0, whole).and_then(|setup| {
            start::validate(&setup, None).map_err(|illegal| explain::illegal_position(&illegal))
        }) {
            Ok((pos, _)) => emit::position(&krate, &pos),
            Err(d) => emit::diagnostic(&source, &d),
        };
    }
    let source = input.source();
    let no_position = || {
        emit::compile_error(
            "expected a position: `fen …`, `board …`, `white: … black: …` or `[FEN \"…\"]`",
            Span::call_site(),
            Span::call_site(),
        )
    };
    let game = match syntax::Parser::new(&source).next() {
        None => return no_position(),
        Some(Err(d)) => return emit::diagnostic(&source, &d),
        Some(Ok(game)) => game,
    };
    if let Some(first) = game.main_line().next() {
        return emit::diagnostic(&source, &errors::moves_in_position(first.range));
    }
    if let Some((_, range)) = game.result {
        return emit::diagnostic(&source, &errors::result_in_position(range));
    }
    match &game.setup {
        Ok(None) => no_position(),
        Ok(Some(_)) => match start::position(&game) {
            Ok((pos, _)) => emit::position(&krate, &pos),
            Err(failure) => emit::diagnostic(&source, &explain::start_failure(failure)),
        },
        Err(d) => emit::diagnostic(&source, d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(input: &str) -> String {
        game(input.parse().unwrap()).to_string()
    }

    #[test]
    fn puzzle_options_belong_to_include_puzzles() {
        let out = expand("::verified_chess; #![search_budget(100)] 1. e4");
        assert!(
            out.contains("options of `puzzle!` and `include_puzzles!`"),
            "{out}"
        );
        let out = expand("::verified_chess; #![deny(other_mates)] 1. e4");
        assert!(
            out.contains("options of `puzzle!` and `include_puzzles!`"),
            "{out}"
        );
        // `puzzle!` takes them.
        let out = puzzle(
            "::verified_chess; #![search_budget(1_000)] [FEN \"6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1\"] [Stipulation \"#1\"] 1. Re8 #"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("Puzzle { __game"), "{out}");
        let out = include_puzzles(
            "::verified_chess; #![search_budget(lots)] \"x.csv\""
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("is not a number of positions"), "{out}");
        let out =
            include_puzzles("::verified_chess; \"no/such/file.csv\"".parse().unwrap()).to_string();
        assert!(out.contains("cannot read"), "{out}");
    }

    #[test]
    fn a_bughouse_game_of_two_boards_is_no_value() {
        // Verified across both boards, but a `CustomGame` holds one board.
        let out = expand("::verified_chess; #![variant(bughouse)] 1A. e4 1B. d4 1a. e5");
        assert!(
            out.contains("compile_error")
                && out.contains("a bughouse game on two boards is verified"),
            "{out}"
        );
        // One board is a game like crazyhouse's.
        let out = expand("::verified_chess; #![variant(bughouse)] 1. e4 e5");
        assert!(out.contains("CustomGame { __data"), "{out}");
        // An illegal move on a board is refused there.
        let out = expand("::verified_chess; #![variant(bughouse)] 1A. e4 1B. d4 1a. P@e5");
        assert!(out.contains("on board A: Black cannot play"), "{out}");
    }

    #[test]
    fn expands_to_game_data() {
        let out = expand("$crate; 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0");
        // `$crate` parses as `$` `crate` outside a compiler.
        // Result 1-0, checkmate by White, not Chess960; 7 plies, the rules
        // ended it after 7; the standard start; five digits per ply: e2-e4
        // is from 12 (`M`), to 28 (`c`), a double push of a pawn (`F`), and
        // Qxf7# ends in from 39 (`n`), to 53 (`1`), queen takes pawn (`0`),
        // no disambiguation (`A`), mate (`E`).
        assert_eq!(
            out,
            "$ crate :: Game { __data : \"1107,7,SMcFAA0kFAADnUAA5qIAAFaMAA-tIAAn10AE\" }"
        );
    }

    #[test]
    fn a_panic_becomes_a_compile_error() {
        fn broken(_: TokenStream) -> TokenStream {
            panic!("index out of bounds")
        }
        let out = guarded(TokenStream::new(), broken).to_string();
        assert!(out.starts_with(":: core :: compile_error !"), "{out}");
        assert!(
            out.contains("internal error in verified-chess (index out of bounds); this is a bug"),
            "{out}"
        );
        assert_eq!(
            guarded("$crate;".parse().unwrap(), game).to_string(),
            game("$crate;".parse().unwrap()).to_string()
        );
    }

    #[test]
    fn errors_become_compile_errors() {
        let out = expand("$crate; 1. e4 e5 2. Ke3");
        assert!(out.starts_with(":: core :: compile_error !"), "{out}");
        assert!(out.contains("White cannot play `2. Ke3`"), "{out}");
    }

    #[test]
    fn string_form_gives_line_and_column() {
        let out = expand("$crate; \"1. e4 e5\\n2. Ke3\"");
        assert!(
            out.contains("line 2:4 `Ke3`:") || out.contains("line 2:4:"),
            "{out}"
        );
    }

    #[test]
    fn one_game_only() {
        let out = expand("$crate; 1. e4 1-0 1. d4");
        assert!(out.contains("nothing may follow"), "{out}");
    }

    #[test]
    fn options_come_first() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4";
        assert!(expand(&format!("$crate; {shuffle}")).contains("compile_error"));
        let out = expand(&format!("$crate; #![allow(moves_after_draw)] {shuffle}"));
        assert!(out.contains("Game { __data"), "{out}");
        assert!(expand("$crate; #![allow(nonsense)] 1. e4").contains("unknown option `nonsense`"));
        // `#!` and no brackets: refused as an option written wrong.
        for call in [
            "$crate; #!(variant) 1. e4",
            "$crate; #![annotations(drop)] #!x 1. e4",
        ] {
            assert!(expand(call).contains("`#!` begins an option"), "{call}");
        }
        // A `#` or a `!` alone is no option: the moves' to refuse.
        for call in ["$crate; # 1. e4", "$crate; ! 1. e4", "$crate; # (x) 1. e4"] {
            let out = expand(call);
            assert!(
                out.contains("compile_error") && !out.contains("begins an option"),
                "{out}"
            );
        }
        // Options set apart from the moves (as the facade passes them), or
        // among them: the same game.
        let kings = "1. d4 e5 2. Kd2 Ke7 3. Kd3 Ke6 4. Ke4 # 1-0";
        let apart = expand(&format!(
            "$crate; #![variant(king_of_the_hill)] {{ {kings} }}"
        ));
        assert!(apart.contains("Game { __data"), "{apart}");
        assert_eq!(
            apart,
            expand(&format!(
                "$crate; {{ #![variant(king_of_the_hill)] {kings} }}"
            ))
        );
        // `*` after the end of the game: refused, with the way to keep it.
        let mate = "1. f3 e5 2. g4 Qh4 # *";
        let out = expand(&format!("$crate; {mate}"));
        assert!(out.contains("compile_error"), "{out}");
        assert!(
            out.contains("help: to keep it, accept `*` after the end of the game (a record left unfinished) with `#![allow(unfinished_result)]`"),
            "{out}"
        );
        let out = expand(&format!("$crate; #![allow(unfinished_result)] {mate}"));
        assert!(out.contains("Game { __data"), "{out}");
        let out = expand(&format!(
            "$crate; #![allow(moves_after_draw, unfinished_result)] {mate}"
        ));
        assert!(out.contains("Game { __data"), "{out}");
        // A set-up game numbered from its first move: refused, with the
        // way to keep it.
        let set_up = "fen 4r1k1/5ppp/8/8/4R3/8/5PPP/6K1 b - - 0 23 1. Rxe4";
        let out = expand(&format!("$crate; {set_up}"));
        assert!(
            out.contains("with `#![allow(numbers_from_first_move)]`"),
            "{out}"
        );
        let out = expand(&format!(
            "$crate; #![allow(numbers_from_first_move)] {set_up}"
        ));
        assert!(out.contains("Game { __data"), "{out}");
        assert!(expand("$crate; #![deny(x)] 1. e4").contains("unknown attribute"));
    }

    #[test]
    fn several_games() {
        let out = games("$crate; 1. e4 e5 1-0 1. d4 d5 0-1".parse().unwrap()).to_string();
        assert!(out.contains("const GAMES"), "{out}");
        assert_eq!(out.matches("Game { __data").count(), 2, "{out}");
        // Every bad game is reported.
        let out = games(
            "$crate; 1. e4 e5 2. Ke3 1-0 1. d4 d5 * 1. Nf3 Nf6 2. Nf7 *"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert_eq!(out.matches("compile_error").count(), 2, "{out}");
        assert!(!out.contains("Game { __data"), "{out}");
    }

    #[test]
    fn positions() {
        let out = position(
            "$crate; fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1"
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("Position :: __decode (\"P"), "{out}");
        let out = position(
            "$crate; \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""
                .parse()
                .unwrap(),
        )
        .to_string();
        assert!(out.contains("Position :: __decode (\"S\")"), "{out}");
        let out =
            position("$crate; fen 4k3/8/8/8/8/8/8/4K2R w 1. Kd2".parse().unwrap()).to_string();
        assert!(out.contains("takes a position, not moves"), "{out}");
        let out = position("$crate; ".parse().unwrap()).to_string();
        assert!(out.contains("expected a position"), "{out}");
        let out = position("$crate; \"8/8/8/8/8/8/8/8 w\"".parse().unwrap()).to_string();
        assert!(out.contains("the board is empty"), "{out}");
    }

    #[test]
    fn empty_game_is_the_start_position() {
        let out = expand("$crate;");
        assert_eq!(out, "$ crate :: Game { __data : \"0000,,S\" }");
    }
}
