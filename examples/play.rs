//! Play against an opponent in the terminal: it plays a forced mate when it
//! finds one within 3 moves (chess-core's mate search), and a random legal
//! move otherwise.
//!
//! ```text
//! cargo run --example play                 # you play White
//! cargo run --example play -- --black      # you play Black
//! cargo run --example play -- --seed 42    # a reproducible opponent
//! ```
//!
//! Type moves in any notation the `game!` macro accepts (`e4`, `Nf3`, `exd5`,
//! `O-O`, `e2-e4`, `g1f3`, `knight g1 to f3`). An illegal move gets the same
//! explanation the macro gives at compile time: the game so far plus your
//! move is verified by the same engine. Commands: `board`, `flip`, `moves`,
//! `help`, `quit`.
//!
//! Input can also be piped: `printf 'e4\nNf3\n' | cargo run --example play`.

use std::io::{BufRead, IsTerminal, Write};

use chess_core::search::Search;
use chess_core::testing::Rng;
use chess_core::{Options, Source, Spelling, VerifiedGame, verify};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Position as _};
use verified_chess::{BoardStyle, Color, Position};

struct Session {
    /// The game so far, in SAN.
    sans: Vec<String>,
    /// Its verification.
    game: VerifiedGame,
    perspective: Color,
    style: BoardStyle,
}

/// Verifies a game text: the verified game, or the message explaining the
/// first problem (as the macro words it).
fn verify_text(text: &str) -> Result<VerifiedGame, String> {
    let source = Source::text(text, None, None);
    let mut games = verify(&source, Options::default());
    let game = match (games.next(), games.next()) {
        (None, _) => return Err("type a move".into()),
        (Some(game), None) => game,
        (Some(_), Some(_)) => return Err("type one move at a time".into()),
    };
    game.map_err(|d| d.render(&SPELLING))
}

/// Help as the macros give it (the game here is the text of a `game!`).
const SPELLING: Spelling = Spelling {
    opt_in: chess_core::OptIn::attribute,
    rust_tokens: false,
};

impl Session {
    fn new(perspective: Color) -> Session {
        // A game with no moves yet (`*`: no result).
        let game =
            verify_text("*").unwrap_or_else(|e| unreachable!("the empty game is legal: {e}"));
        Session {
            sans: Vec::new(),
            game,
            perspective,
            style: BoardStyle::Unicode,
        }
    }

    fn position(&self) -> &Chess {
        &self.game.last
    }

    fn print_board(&self) {
        let pos = Position::from(self.position());
        println!(
            "{}",
            pos.board().style(self.style).perspective(self.perspective)
        );
    }

    /// Verifies the game so far plus `input`; on success it becomes the game.
    fn try_move(&mut self, input: &str) -> Result<String, String> {
        let text = format!("{} {input}", self.sans.join(" "));
        match verify_text(&text) {
            Ok(game) if game.moves.len() == self.sans.len() + 1 => {
                let san = game
                    .san_plus(self.sans.len())
                    .map(|san| san.to_string())
                    .unwrap_or_default();
                self.sans.push(san.clone());
                self.game = game;
                Ok(san)
            }
            Ok(game) if game.moves.len() == self.sans.len() => Err("that is not a move".into()),
            Ok(_) => Err("type one move at a time".into()),
            Err(message) => Err(message),
        }
    }

    fn opponent_move(&mut self, rng: &mut Rng) -> Option<String> {
        let legal = self.position().legal_moves();
        if legal.is_empty() {
            return None;
        }
        // A forced mate within 3 moves, if the search proves one in its
        // budget; else a random move.
        let mut search = Search::new(200_000);
        let mate = search
            .mating_line(self.position(), 3)
            .ok()
            .flatten()
            .and_then(|line| line.first().copied());
        let m = mate.unwrap_or_else(|| legal[rng.below(legal.len())]);
        let san = SanPlus::from_move(self.position().clone(), m).to_string();
        self.try_move(&san).ok()
    }

    fn over(&self) -> Option<String> {
        self.game
            .end
            .map(|(end, _)| format!("Game over: {end:?} ({}).", end.result().as_str()))
    }

    fn label(&self) -> String {
        let pos = self.position();
        match pos.turn() {
            shakmaty::Color::White => format!("{}.", pos.fullmoves()),
            shakmaty::Color::Black => format!("{}...", pos.fullmoves()),
        }
    }
}

const HELP: &str = "Type a move (e4, Nf3, exd5, O-O, e2-e4, g1f3, knight g1 to f3) or a command:
  board   show the board        flip   turn the board around
  moves   the game so far       quit   stop";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let human = if args.iter().any(|a| a == "--black") {
        Color::Black
    } else {
        Color::White
    };
    let seed = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    let mut rng = Rng::new(seed);
    let interactive = std::io::stdin().is_terminal();
    let mut session = Session::new(human);

    println!(
        "You play {human} against random legal moves, and a forced mate when there is one within 3 (seed {seed})."
    );
    println!("{HELP}\n");
    if human == Color::Black
        && let Some(san) = session.opponent_move(&mut rng)
    {
        println!("Opponent plays 1. {san}");
    }
    session.print_board();

    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if let Some(message) = session.over() {
            println!("{message}");
            break;
        }
        print!("{} ", session.label());
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            println!();
            break;
        };
        let input = line.trim();
        if !interactive {
            println!("{input}");
        }
        match input {
            "" => continue,
            "quit" | "exit" => break,
            "help" => println!("{HELP}"),
            "board" => session.print_board(),
            "flip" => {
                session.perspective = !session.perspective;
                session.print_board();
            }
            "moves" => println!("{}", session.game.san()),
            _ => match session.try_move(input) {
                Err(message) => println!("{message}"),
                Ok(_) => {
                    if session.over().is_none() {
                        let label = session.label();
                        if let Some(san) = session.opponent_move(&mut rng) {
                            println!("Opponent plays {label} {san}");
                        }
                    }
                    session.print_board();
                }
            },
        }
    }
}
