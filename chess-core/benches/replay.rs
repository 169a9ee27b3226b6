//! Verification speed against raw shakmaty, on real games.
//!
//! Input: the mainlines of `twic1599_1000k.pgn` (1,110 master games) from the
//! shared data directory (`../shared/data` next to the repository, or
//! `$VERIFIED_CHESS_DATA`). Three measurements, all on the same games in the
//! same run:
//!
//! * `shakmaty_san` — the pure baseline: SAN strings already split out of the
//!   file, parsed with shakmaty and played;
//! * `pgn_reader` — the baseline for a PGN file: pgn-reader reads the file
//!   and shakmaty plays every mainline SAN (what the shared data README
//!   measured at about 8 M plies/s);
//! * `text` — chess-core on the PGN text: lexer, grammar, full verification
//!   (checks, mates, repetitions, game ends, canonical SAN), as `include_pgn!`
//!   and the CLI do;
//! * `verify` — the verification part of `text` alone, on games parsed
//!   before the measurement (so `text` − `verify` is the grammar's share);
//! * `san_words` — chess-core on exactly the baseline's input: each game's
//!   SAN words, space-separated, through the lexer, the grammar and full
//!   verification;
//! * `tokens` — what `game!` does per game, minus the compiler: render Rust
//!   tokens, parse, verify and emit the `Game` expression.
//!
//! After the run it prints plies per second and the ratios to the baseline,
//! then the ratios measured with the baseline and the contenders in
//! alternation (robust to the machine's load changing during the run).
//! With `REPLAY_BENCH_INTERLEAVED_ONLY` set, only the alternating
//! measurement runs (seconds instead of minutes).
//!
//! `shakmaty_san` here is compiled in this workspace, where shakmaty has
//! the variants' feature, which slows standard chess. `cargo xtask
//! replay-bench` builds the same loop as shakmaty's authors publish it
//! (its own crate, shakmaty's default features) and runs the alternating
//! measurement with it too: the ratios to that baseline are the honest
//! ones.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use chess_core::syntax::{GameSyntax, Parser};
use chess_core::{Diagnostic, Options, Source, expand};
use criterion::{Criterion, Throughput};
use shakmaty::{Chess, Position};

fn data_dir() -> PathBuf {
    std::env::var_os("VERIFIED_CHESS_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data"),
        PathBuf::from,
    )
}

struct Corpus {
    text: String,
    /// The text's source and games, parsed once.
    source: Source,
    parsed: Vec<Result<GameSyntax, Diagnostic>>,
    /// Mainline SAN of every game, as written.
    sans: Vec<Vec<String>>,
    /// The same, one string per game.
    san_lines: Vec<String>,
    /// Every game's movetext as Rust tokens (`#` spaced as Rust requires).
    tokens: Vec<proc_macro2::TokenStream>,
    plies: u64,
}

fn load() -> Option<Corpus> {
    let path = data_dir().join("twic1599_1000k.pgn");
    let text = std::fs::read_to_string(&path).ok()?;
    let source = Source::text(text.clone(), None, None);
    let mut sans = Vec::new();
    let mut tokens = Vec::new();
    let mut plies = 0;
    let mut games = chess_core::verify(&source, OPTIONS);
    while let Some(game) = games.next_syntax() {
        let game = game.ok()?;
        games.verify_syntax(&game).ok()?;
        let written: Vec<String> = game
            .main_line()
            .map(|p| source.slice(p.range).to_string())
            .collect();
        plies += written.len() as u64;
        let movetext = game
            .main_line()
            .map(|p| {
                let number = p
                    .number
                    .map_or(String::new(), |n| source.slice(n.range).to_string());
                let marker = p.marker.map_or(
                    "",
                    |(m, _)| if m.as_str() == "#" { " #" } else { m.as_str() },
                );
                format!("{number} {}{marker}", source.slice(p.range))
            })
            .collect::<Vec<_>>()
            .join(" ");
        tokens.push(
            format!("$crate; #![allow(moves_after_draw)] {movetext}")
                .parse()
                .ok()?,
        );
        sans.push(written);
    }
    let parsed = Parser::new(&source).collect();
    let san_lines = sans.iter().map(|game| game.join(" ")).collect();
    Some(Corpus {
        text,
        source,
        parsed,
        sans,
        san_lines,
        tokens,
        plies,
    })
}

#[path = "baseline/san_replay.rs"]
mod san_replay;

fn shakmaty_san(corpus: &Corpus) -> usize {
    san_replay::replay(&corpus.sans)
}

/// Replays every mainline with shakmaty while pgn-reader reads the file.
struct Replayer;

impl pgn_reader::Visitor for Replayer {
    type Tags = ();
    type Movetext = (Chess, usize);
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<usize, (Chess, usize)> {
        ControlFlow::Continue((Chess::default(), 0))
    }

    fn san(
        &mut self,
        movetext: &mut (Chess, usize),
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<usize> {
        let m = san_plus.san.to_move(&movetext.0).expect("legal");
        movetext.0.play_unchecked(m);
        movetext.1 += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: (Chess, usize)) -> usize {
        movetext.1
    }
}

fn pgn_reader(corpus: &Corpus) -> usize {
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(corpus.text.as_bytes()));
    reader
        .read_games(&mut Replayer)
        .map(|g| g.expect("readable"))
        .sum()
}

/// Real records go on after a dead position now and then; measure them all.
const OPTIONS: Options = Options {
    moves_after_draw: true,
    piece_letters: chess_core::syntax::PieceLetters::English,
    drop_annotations: false,
    variant: None,
    unfinished_result: false,
    numbers_from_first_move: false,
    limits: chess_core::syntax::Limits::DEFAULT,
};

/// Parses and verifies every game of `source`; the plies of their main lines.
fn verified_plies(source: &Source) -> usize {
    chess_core::verify(source, OPTIONS)
        .map(|g| g.expect("legal").moves.len())
        .sum()
}

fn text(corpus: &Corpus) -> usize {
    verified_plies(&Source::text(corpus.text.as_str(), None, None))
}

fn verify(corpus: &Corpus) -> usize {
    let games = chess_core::verify(&corpus.source, OPTIONS);
    corpus
        .parsed
        .iter()
        .flatten()
        .map(|g| games.verify_syntax(g).expect("legal").moves.len())
        .sum()
}

fn san_words(corpus: &Corpus) -> usize {
    corpus
        .san_lines
        .iter()
        .map(|line| verified_plies(&Source::text(line.as_str(), None, None)))
        .sum()
}

fn tokens(corpus: &Corpus) -> usize {
    corpus
        .tokens
        .iter()
        .map(|t| expand::game(t.clone()).into_iter().count())
        .sum()
}

fn main() {
    let Some(corpus) = load() else {
        eprintln!(
            "benchmark skipped: {} not found (set VERIFIED_CHESS_DATA)",
            data_dir().join("twic1599_1000k.pgn").display()
        );
        return;
    };
    if std::env::var_os("REPLAY_BENCH_INTERLEAVED_ONLY").is_some() {
        interleaved(&corpus);
        return;
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1));
    let mut group = c.benchmark_group("twic1599");
    group.throughput(Throughput::Elements(corpus.plies));
    group.bench_function("shakmaty_san", |b| {
        b.iter(|| black_box(shakmaty_san(&corpus)))
    });
    // `verify` right after its baseline: the less time between them, the
    // less the machine's load changes.
    group.bench_function("verify", |b| b.iter(|| black_box(verify(&corpus))));
    group.bench_function("pgn_reader", |b| b.iter(|| black_box(pgn_reader(&corpus))));
    group.bench_function("text", |b| b.iter(|| black_box(text(&corpus))));
    group.bench_function("san_words", |b| b.iter(|| black_box(san_words(&corpus))));
    group.bench_function("tokens", |b| b.iter(|| black_box(tokens(&corpus))));
    group.finish();
    c.final_summary();

    // Ratios from the estimates criterion just wrote.
    let mean = |name: &str| -> Option<f64> {
        let dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target"),
            PathBuf::from,
        );
        let json = std::fs::read_to_string(
            dir.join(format!("criterion/twic1599/{name}/new/estimates.json")),
        )
        .ok()?;
        let after = json.split("\"mean\"").nth(1)?;
        let value = after.split("\"point_estimate\":").nth(1)?;
        value.split([',', '}']).next()?.trim().parse().ok()
    };
    println!("\n{} games, {} plies", corpus.sans.len(), corpus.plies);
    let san = mean("shakmaty_san");
    let file = mean("pgn_reader");
    let ratio = |base: Option<f64>, ns: f64| base.map_or(f64::NAN, |b| b / ns);
    println!(
        "{:>13}  {:>10}  {:>14}  {:>14}",
        "", "plies/s", "vs shakmaty_san", "vs pgn_reader"
    );
    for name in [
        "shakmaty_san",
        "pgn_reader",
        "text",
        "verify",
        "san_words",
        "tokens",
    ] {
        if let Some(ns) = mean(name) {
            let rate = corpus.plies as f64 / (ns / 1e9);
            println!(
                "{name:>13}  {rate:>10.0}  {:>13.2}x  {:>13.2}x",
                ratio(san, ns),
                ratio(file, ns)
            );
        }
    }
    interleaved(&corpus);
}

/// Speed relative to raw shakmaty measured in alternation: each round
/// times one pass of the baseline and one of each contender back to back,
/// and the median of the per-round ratios is reported. Criterion measures
/// one function after the other, so a change in the machine's load between
/// them moves their ratio; alternating passes see the same load.
///
/// The baseline here is compiled in this workspace, whose shakmaty has the
/// variants' feature (slower for standard chess). Given raw SAN replay
/// built as published (`REPLAY_BENCH_PUBLISHED_SAN`, which `cargo xtask
/// replay-bench` sets), each round times a pass of it too, and the ratios
/// to it follow. `REPLAY_BENCH_ROUNDS`: how many rounds (101).
fn interleaved(corpus: &Corpus) {
    // A quick run (`--test`, or a filter) skips this.
    if std::env::args().skip(1).any(|a| !a.starts_with("--bench")) {
        return;
    }
    let rounds = std::env::var("REPLAY_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse::<usize>().ok())
        .filter(|&r| r >= 1)
        .unwrap_or(101);
    type Pass = fn(&Corpus) -> usize;
    let time = |f: Pass| {
        let start = std::time::Instant::now();
        black_box(f(corpus));
        start.elapsed().as_secs_f64()
    };
    let contenders: [(&str, Pass); 3] =
        [("verify", verify), ("san_words", san_words), ("text", text)];
    let mut published = std::env::var_os("REPLAY_BENCH_PUBLISHED_SAN")
        .map(|binary| Published::start(&binary, corpus));
    let mut ratios = vec![Vec::with_capacity(rounds); contenders.len()];
    // To the published baseline: the workspace's baseline, then the
    // contenders.
    let mut to_published = vec![Vec::with_capacity(rounds); contenders.len() + 1];
    for _ in 0..rounds {
        let published_base = published.as_mut().map(|p| p.pass(corpus.plies));
        let base = time(shakmaty_san);
        let mut times = vec![base];
        for (i, (_, f)) in contenders.iter().enumerate() {
            let t = time(*f);
            ratios[i].push(base / t);
            times.push(t);
        }
        if let Some(published_base) = published_base {
            for (ratios, t) in to_published.iter_mut().zip(times) {
                ratios.push(published_base / t);
            }
        }
    }
    println!("\ninterleaved, {rounds} rounds: speed / shakmaty_san (median, min-max)");
    let names: Vec<&str> = contenders.iter().map(|(name, _)| *name).collect();
    print_ratios(&names, ratios);
    if published.is_some() {
        println!(
            "the same rounds: speed / raw SAN replay with shakmaty as published (median, min-max)"
        );
        let names: Vec<&str> = ["shakmaty_san"].into_iter().chain(names).collect();
        print_ratios(&names, to_published);
    }
}

/// Each name's ratios: the median, the lowest and the highest.
fn print_ratios(names: &[&str], ratios: Vec<Vec<f64>>) {
    for (name, mut r) in names.iter().zip(ratios) {
        r.sort_by(f64::total_cmp);
        println!(
            "{name:>13}  {:>5.2}x  ({:.2}-{:.2})",
            r[r.len() / 2],
            r[0],
            r[r.len() - 1]
        );
    }
}

/// Raw SAN replay built as published (`cargo xtask replay-bench` builds
/// it: `xtask/src/published.rs`): a process of its own that replays the
/// corpus's games once for each line it reads and says how long it took.
struct Published {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    output: std::io::BufReader<std::process::ChildStdout>,
    file: PathBuf,
}

impl Published {
    fn start(binary: &std::ffi::OsStr, corpus: &Corpus) -> Published {
        use std::process::{Command, Stdio};
        let file =
            std::env::temp_dir().join(format!("replay-bench-san-{}.txt", std::process::id()));
        std::fs::write(&file, corpus.san_lines.join("\n")).expect("the SAN lines written");
        let mut child = Command::new(binary)
            .arg(&file)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", binary.to_string_lossy()));
        let input = child.stdin.take();
        let output = std::io::BufReader::new(child.stdout.take().expect("its output"));
        Published {
            child,
            input,
            output,
            file,
        }
    }

    /// One pass over every game, in seconds; `plies`: how many it must
    /// play.
    fn pass(&mut self, plies: u64) -> f64 {
        use std::io::{BufRead, Write};
        let input = self.input.as_mut().expect("its input");
        writeln!(input, "round")
            .and_then(|()| input.flush())
            .expect("a round asked for");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("a round's time");
        let mut fields = line.split_whitespace().map(str::parse::<u64>);
        let (Some(Ok(ns)), Some(Ok(played))) = (fields.next(), fields.next()) else {
            panic!("the published baseline answered {line:?}");
        };
        assert_eq!(played, plies, "the published baseline played other games");
        ns as f64 / 1e9
    }
}

impl Drop for Published {
    fn drop(&mut self) {
        // Its input closed, it ends.
        self.input = None;
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.file);
    }
}
