//! The baselines of `cargo xtask verify-bench`: pgn-reader 0.29's own
//! `examples/validate.rs` and `examples/parallel_validate.rs` (by Niklas
//! Fiekas, GPL-3.0-or-later), as published, with the command-line handling
//! folded into functions and crossbeam's scoped threads and channel
//! replaced by the standard library's. They parse PGN and play each main
//! line's SAN moves with shakmaty; nothing else is checked.

use std::fs::File;
use std::io;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::San};

fn open(arg: &str) -> io::Result<Box<dyn io::Read + Send>> {
    let file = File::open(arg)?;
    Ok(if arg.ends_with(".zst") {
        Box::new(zstd::Decoder::new(file)?)
    } else {
        Box::new(file)
    })
}

struct Validator {
    games: usize,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else {
                eprintln!("invalid fen tag in game {}", self.games);
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else {
                eprintln!("illegal fen tag in game {}", self.games);
                return ControlFlow::Break(false);
            };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => movetext.play_unchecked(m),
            Err(err) => {
                eprintln!("error in game {}: {} {}", self.games, err, san_plus);
                return ControlFlow::Break(false);
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {
        true
    }
}

/// `examples/validate.rs`: one thread.
pub fn validate(args: &[String]) -> ExitCode {
    let mut all_ok = true;
    for arg in args {
        let Ok(input) = open(arg) else {
            return ExitCode::from(2);
        };
        let mut reader = Reader::new(input);
        let mut validator = Validator { games: 0 };
        let mut file_ok = true;
        while let Ok(Some(ok)) = reader.read_game(&mut validator) {
            file_ok &= ok;
        }
        println!("{}: {}", arg, if file_ok { "success" } else { "errors" });
        all_ok &= file_ok;
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

type RawFen = Vec<u8>;

struct Game {
    fen: Option<RawFen>,
    sans: Vec<San>,
}

impl Game {
    // As published: the example returns shakmaty's errors as they are.
    #[allow(clippy::result_large_err)]
    fn validate(self) -> Result<(), Box<dyn std::error::Error>> {
        let fen = self.fen.map(|fen| Fen::from_ascii(&fen)).transpose()?;
        let mut pos: Chess = fen
            .map(|fen| fen.into_position(CastlingMode::Chess960))
            .transpose()?
            .unwrap_or_default();
        for san in self.sans {
            pos.play_unchecked(san.to_move(&pos)?);
        }
        Ok(())
    }
}

struct Collector;

impl Visitor for Collector {
    type Tags = Option<RawFen>;
    type Movetext = Game;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            tags.replace(value.decode().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Game {
            fen: tags,
            sans: Vec::with_capacity(80),
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.sans.push(san_plus.san);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// `examples/parallel_validate.rs`: one reading thread, three validating
/// threads, a channel of 128 games between them.
pub fn parallel_validate(args: &[String]) -> ExitCode {
    let mut complete_success = true;
    for arg in args {
        let success = Arc::new(AtomicBool::new(true));
        let Ok(input) = open(arg) else {
            return ExitCode::from(2);
        };
        let (send, recv) = mpsc::sync_channel::<Game>(128);
        let recv = Arc::new(Mutex::new(recv));
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut collector = Collector;
                for game in Reader::new(input).read_games(&mut collector) {
                    let Ok(game) = game else { break };
                    if send.send(game).is_err() {
                        break;
                    }
                }
            });
            for _ in 0..3 {
                let recv = recv.clone();
                let success = success.clone();
                scope.spawn(move || {
                    loop {
                        let game = match recv.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => break,
                        };
                        let Ok(game) = game else { break };
                        if let Err(err) = game.validate() {
                            eprintln!("error: {err}");
                            success.store(false, Ordering::SeqCst);
                        }
                    }
                });
            }
        });
        let ok = success.load(Ordering::SeqCst);
        println!("{arg}: {}", if ok { "success" } else { "errors" });
        complete_success &= ok;
    }
    if complete_success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
