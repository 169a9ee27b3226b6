//! `chess-verify FILE…`: checks PGN collections with the verified-chess
//! engine.
//!
//! Every game is replayed under the FIDE laws; every illegal move, wrong
//! move number, false check or mate marker and contradicted result is
//! reported rustc-style (`file:line:col`, the source line, `^^^` under the
//! move, the reason, `help:`), as JSON lines, as GitHub Actions
//! annotations or as SARIF. Inputs are read as a stream (any size, plain
//! or zstd/gzip/bzip2, `-` for standard input) and checked on every core,
//! with the output in input order.
//!
//! Exit status: 0 when every game is legal, 1 when some game is not, 2 when
//! an input cannot be read (or not to its end), 101 when chess-verify has a
//! bug (it panicked: standard error says so and asks for a report).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use chess_core::RuleSets;
use chess_core::syntax::{Bound, Limits as GameLimits, PieceLetters};
use chess_format::Named;
use chess_verify::check::{Context, Encoding, Shard};
use chess_verify::input::Input;
use chess_verify::read::Limits;
use chess_verify::report::{Format, Progress, Reporter};
use chess_verify::run::{Run, Task};
use clap::{Parser, ValueEnum};
use verified_chess::BoardStyle;

/// Checks chess games in PGN files: every move of every game (variations
/// included) is replayed under the FIDE laws, and every problem is
/// reported under the move concerned, with the reason.
#[derive(Parser, Debug)]
#[command(
    name = "chess-verify",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,

    /// PGN files to check (`-` reads standard input). zstd, gzip and bzip2
    /// files are decompressed on the fly. (A file called `lsp` is written
    /// `./lsp`.)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Accept moves played after a draw the rules impose (dead position,
    /// fivefold repetition, 75-move rule), as some game records have.
    #[arg(long)]
    moves_after_draw: bool,

    /// Read the moves of games without a `[PieceLetters]` tag in another
    /// language's piece letters: `de` (K D T L S), `fr` (R D T F C), `es`
    /// or `it` (R D T A C), `nl` (K D T L P), `pt` (R D T B C).
    #[arg(long, value_name = "LANGUAGE", value_parser = piece_letters)]
    piece_letters: Option<PieceLetters>,

    /// How to report problems.
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    format: FormatArg,

    /// Threads that check games (default: every core; at most 1,024, and
    /// as many as the system gives). Output is in input order whatever the
    /// number.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,

    /// Stop after N problems.
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    max_errors: Option<u64>,

    /// Check only shard K of N (1-based): the games whose tag section is
    /// number K, K+N, K+2N … of the inputs taken together. The N shards
    /// of a collection check every game exactly once.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,

    /// How to read text: `auto` is UTF-8, and Windows-1252 (the superset
    /// of ISO 8859-1) for text that is not UTF-8, with a note.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    encoding: EncodingArg,

    /// Draw the position a problem is in (before the move concerned) under
    /// its report, with its FEN: `auto` when the report goes to a terminal
    /// (with chess figurines), `always` (letters where the report does not
    /// go to a terminal), `never`. Human format only; JSON gives the
    /// position as `fen`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = BoardArg::Auto)]
    board: BoardArg,

    /// Apply every proven fix to the files, in place (as `cargo fix`
    /// does): the right result, `O-O` for `Kg1`, a move one edit away, `#`
    /// for a `+` that mates — each only when the file with it, checked
    /// again, has no problem left there. Then check the files as usual and
    /// report what is left.
    #[arg(long, conflicts_with_all = ["puzzles", "rules"])]
    fix: bool,

    /// With `--fix`: change nothing, print the fixes as a unified diff.
    #[arg(long, requires = "fix")]
    dry_run: bool,

    /// Never show a progress bar (it is shown only on a terminal, for
    /// large inputs).
    #[arg(long)]
    no_progress: bool,

    /// The files are lichess puzzle files (CSV): prove every row (legal
    /// position and moves; for a `mateInN` theme, mate in exactly N moves
    /// of the solver, each the only one that keeps the mate; another mate
    /// on a puzzle's last move is a warning). A file whose name ends in
    /// `.pgn` holds chess problems: a `[Stipulation]` (`#n`, `h#n`, `s#n`)
    /// and the solution, proven like `puzzle!` proves it.
    #[arg(long)]
    puzzles: bool,

    /// With `--puzzles`: the positions the mate search may visit for one
    /// puzzle (default 2,000,000); a puzzle it cannot settle within them is
    /// an error that says so.
    #[arg(long, value_name = "N", value_parser = at_least_one, requires = "puzzles")]
    search_budget: Option<u64>,

    /// With `--puzzles`: another mate on a puzzle's last move is an error,
    /// not a warning.
    #[arg(long, requires = "puzzles")]
    deny_other_mates: bool,

    /// Check the games under the rules of FILE instead of chess: a
    /// CustomChessKell rules file (`.yaml`, `.yml`) or a Fairy-Stockfish
    /// `variants.ini` (each game's `[Variant]` tag names its section, or
    /// `--variant`). Moves as coordinates (`a2 a3`, `a2a3`, `a2-a3`) or
    /// SAN with the rule set's letters.
    #[arg(long, value_name = "FILE", conflicts_with = "puzzles")]
    rules: Option<String>,

    /// The rules of games without a `[Variant]` tag (a game's own tag
    /// wins): crazyhouse, atomic, antichess, king-of-the-hill,
    /// three-check, horde, racing-kings or chess960, in any case and
    /// spacing; or one of Fairy-Stockfish's built-in variants that plays
    /// here (capablanca, gothic, janus, knightmate, …: every game under
    /// its rules, moves as with `--rules`). With `--rules`: the section
    /// of the `variants.ini` for
    /// games whose `[Variant]` tag names none of its sections (or that
    /// have none).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,

    /// Raise (or lower) a bound on one game's size: `plies` (1,000,000, in
    /// all its lines), `variations` (100,000), `depth` (variations nested
    /// in one another, 10,000), `notes` (comments and NAGs, 1,000,000) or
    /// `tags` (10,000). A game past one is a `too-large` error where it
    /// passes it. May be given more than once.
    #[arg(long, value_name = "NAME=N", value_parser = limit)]
    limit: Vec<(Bound, u32)>,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Serve editors as a language server on standard input and output:
    /// the problems of each open PGN file as you type.
    Lsp,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// rustc-style diagnostics and a summary line.
    Human,
    /// One JSON object per line: each problem and note, then a summary.
    Json,
    /// GitHub Actions workflow commands: annotations on the pull request.
    Github,
    /// SARIF 2.1.0, for code-scanning dashboards.
    Sarif,
}

/// How to draw the board under a problem's report, if at all: figurines
/// on a terminal, letters elsewhere.
fn board_style(when: BoardArg, format: Format) -> Option<BoardStyle> {
    let terminal = std::io::stdout().is_terminal();
    let style = if terminal {
        BoardStyle::Unicode
    } else {
        BoardStyle::Ascii
    };
    let shown = match when {
        BoardArg::Auto => terminal,
        BoardArg::Always => true,
        BoardArg::Never => false,
    };
    (shown && format == Format::Human).then_some(style)
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum BoardArg {
    /// On a terminal.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum EncodingArg {
    /// UTF-8, or Windows-1252 where the text is not UTF-8.
    Auto,
    /// UTF-8 only.
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// ISO 8859-1.
    #[value(name = "latin-1", alias = "latin1", alias = "iso-8859-1")]
    Latin1,
    /// Windows-1252.
    #[value(name = "windows-1252", alias = "cp1252")]
    Windows1252,
}

/// A language whose piece letters are read.
fn piece_letters(text: &str) -> Result<PieceLetters, String> {
    PieceLetters::from_name(text).ok_or_else(|| {
        format!("`{text}` names no language whose piece letters are read: use de, fr, es, it, nl, pt or en")
    })
}

/// A bound on a game's size and its new value: `variations=500000`.
fn limit(text: &str) -> Result<(Bound, u32), String> {
    let names = || {
        let names: Vec<&str> = Bound::ALL.iter().map(|b| b.name()).collect();
        names.join(", ")
    };
    let (name, n) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not NAME=N (a name is one of {})", names()))?;
    let bound = Bound::named(name.trim())
        .ok_or_else(|| format!("`{name}` names no bound: the bounds are {}", names()))?;
    let n = n
        .trim()
        .replace('_', "")
        .parse::<u32>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("`{n}` is not a number from 1 to {}", u32::MAX))?;
    Ok((bound, n))
}

/// A count of 1 or more.
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{text}` is not a number of 1 or more")),
    }
}

/// A panic is a bug of chess-verify's: standard error says so and asks
/// for a report, names the piece of input the thread was checking (from
/// its first line: the games to send), then Rust's own hook says where
/// it happened (and shows the backtrace when `RUST_BACKTRACE` asks for
/// it). A panic on a thread that checks games ends the run on this one
/// ([`Run::run`]), with exit status 101. (The language server keeps its
/// own: a check that panics is an error on the document, and the server
/// goes on.)
fn report_bugs() {
    let rust_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let checking = chess_verify::bug::checking();
        let send = match &checking {
            Some(_) => "the games below and the command line",
            None => "the files it was checking and the command line",
        };
        eprintln!(
            "error: {}",
            chess_core::internal_error(info.payload(), send)
        );
        if let Some(piece) = checking {
            eprintln!(
                "note: it was checking the games of {} from line {} on",
                piece.input, piece.line
            );
        }
        rust_hook(info);
    }));
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(Command::Lsp) = args.command {
        return ExitCode::from(chess_verify::lsp::stdio().code());
    }
    report_bugs();
    let (lichess_variant, builtin) = match variant(&args) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("error: --variant: {message}");
            return ExitCode::from(2);
        }
    };
    let inputs: Vec<Input> = args.files.into_iter().map(Input::from_arg).collect();
    let format = match args.format {
        FormatArg::Human => Format::Human,
        FormatArg::Json => Format::Json,
        FormatArg::Github => Format::Github,
        FormatArg::Sarif => Format::Sarif,
    };
    let encoding = match args.encoding {
        EncodingArg::Auto => Encoding::Auto,
        EncodingArg::Utf8 => Encoding::Utf8,
        EncodingArg::Latin1 => Encoding::Latin1,
        EncodingArg::Windows1252 => Encoding::Windows1252,
    };
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let run = Run {
        context: Context {
            options: chess_core::Options {
                moves_after_draw: args.moves_after_draw,
                piece_letters: args.piece_letters.unwrap_or_default(),
                // The checker reports; it keeps nothing of the games.
                drop_annotations: true,
                variant: lichess_variant,
                // A `*` after the end of the game is an unfinished
                // record: a warning (see `Games::warnings`).
                unfinished_result: true,
                // So is a set-up game numbered from its first move.
                numbers_from_first_move: true,
                limits: args
                    .limit
                    .iter()
                    .fold(GameLimits::default(), |limits, &(bound, n)| {
                        limits.with(bound, n)
                    }),
            },
            encoding,
            shard: args.shard,
            styled: format == Format::Human && std::io::stdout().is_terminal(),
        },
        jobs,
        limits: Limits::default(),
        task: Task::Games,
        inputs,
    };

    let mut fix_failed = false;
    if args.fix {
        let (failed, left) = fix(&run, args.dry_run);
        fix_failed = failed;
        if args.dry_run {
            // As without `--dry-run`: 1 while problems are left.
            return ExitCode::from(match (fix_failed, left) {
                (true, _) => 2,
                (false, 0) => 0,
                (false, _) => 1,
            });
        }
    }

    let sizes: Vec<Option<u64>> = run.inputs.iter().map(Input::size).collect();
    let large = sizes.iter().any(|s| s.is_none_or(|s| s > 1 << 20));
    let progress = (!args.no_progress && std::io::stderr().is_terminal() && large)
        .then(|| Progress::new(sizes));
    let names = run.inputs.iter().map(Input::name).collect();
    let stdout = std::io::stdout().lock();
    let mut reporter = Reporter::new(
        format,
        names,
        std::io::BufWriter::new(stdout),
        std::io::stderr(),
    )
    .max_errors(args.max_errors)
    .progress(progress)
    .board(board_style(args.board, format));
    let rule_sets = match &args.rules {
        Some(path) => match chess_verify::rules::load(path, args.variant, run.context.styled) {
            Ok(sets) => Some(sets),
            Err(error) => {
                // JSON, GitHub annotations and SARIF carry it like a
                // game's problem; a person reads it on standard error.
                if format == Format::Human {
                    eprintln!("{error}");
                } else {
                    reporter.rules_file(path, &error);
                    reporter.finish();
                }
                return ExitCode::from(2);
            }
        },
        None => builtin,
    };
    if let Some(rules) = rule_sets {
        let run = Run {
            task: Task::Rules(Arc::new(rules)),
            ..run
        };
        run.run(&mut |item| reporter.item(item));
    } else if args.puzzles {
        let mut options = chess_core::puzzle::PuzzleOptions {
            unique_last_move: args.deny_other_mates,
            ..Default::default()
        };
        if let Some(budget) = args.search_budget {
            options.budget = budget;
        }
        reporter = reporter.unit("puzzle");
        // A piece of a few hundred rows: proving a row takes milliseconds.
        let run = Run {
            task: Task::Puzzles(options),
            limits: Limits {
                piece: 16 << 10,
                ..Limits::default()
            },
            ..run
        };
        run.run(&mut |item| reporter.item(item));
    } else {
        run.run(&mut |item| reporter.item(item));
    }
    let totals = reporter.finish();
    if totals.unreadable > 0 || fix_failed {
        ExitCode::from(2)
    } else if totals.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What `--variant` names without `--rules`: one of the verified variants,
/// or one of Fairy-Stockfish's built-in variants that plays here (its
/// rule sets); with `--rules`, nothing yet (the rules file reads it). An
/// unknown name is an error with the nearest names.
fn variant(args: &Args) -> Result<(Option<Named>, Option<RuleSets>), String> {
    let (None, Some(name)) = (&args.rules, &args.variant) else {
        return Ok((None, None));
    };
    match chess_core::syntax::variant_named(name) {
        Ok(variant) => Ok((Some(variant), None)),
        // (A name lichess's rules differ from, `giveawaychess`, says so.)
        Err(message) if !message.leaves_to_builtins() => Err(message.to_string()),
        Err(message) => match RuleSets::builtin(name) {
            Some(Ok(sets)) => Ok((None, Some(sets))),
            Some(Err(why)) => Err(why.to_string()),
            None => Err(message.to_string()),
        },
    }
}

/// `--fix`: fixes each file in place, or (`dry_run`) prints the
/// diff and counts the problems no fix writes. Returns whether a file
/// could not be fixed, and that count.
fn fix(run: &Run, dry_run: bool) -> (bool, usize) {
    let (mut failed, mut left) = (false, 0);
    for input in &run.inputs {
        let Input::Path(path) = input else {
            eprintln!("error: --fix: standard input cannot be fixed in place");
            failed = true;
            continue;
        };
        match chess_verify::fix::fix_file(path, &run.context, dry_run) {
            Ok(fixed) if dry_run => {
                print!("{}", fixed.diff(&input.name()));
                let name = input.name();
                let checker = chess_verify::run::Checker {
                    name: &name,
                    context: &run.context,
                    task: &Task::Games,
                };
                let errors = checker
                    .problems(&fixed.after)
                    .iter()
                    .filter(|found| !found.problem.warning)
                    .count();
                if errors > 0 {
                    eprintln!(
                        "{name}: {errors} problem{} no fix writes (`chess-verify {name}` shows {})",
                        if errors == 1 { "" } else { "s" },
                        if errors == 1 { "it" } else { "them" }
                    );
                }
                left += errors;
            }
            Ok(fixed) if !fixed.fixes.is_empty() => eprintln!(
                "fixed {}: {} problem{}",
                input.name(),
                fixed.fixes.len(),
                if fixed.fixes.len() == 1 { "" } else { "s" }
            ),
            Ok(_) => {}
            Err(e) => {
                eprintln!("error: --fix: {}: {e}", input.name());
                failed = true;
            }
        }
    }
    (failed, left)
}
