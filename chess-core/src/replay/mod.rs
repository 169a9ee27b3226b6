//! Stage 4, replay: every ply of the main line and of every variation,
//! in source order, through shakmaty (chess and its variants) or, for a
//! game under rules a user defines, through chess-rules' engine
//! (`custom.rs`), on one walk (`walk.rs`), with the rules that end a game.
//! The result is the verified main line ([`VerifiedGame`], or
//! [`custom::CustomGame`]) or the first problem as data ([`Failure`],
//! [`custom::CustomFailure`]), which `explain` words; nothing here is
//! worded.
//!
//! Cost per ply: the move found with attack tables (`san_candidates` only where
//! they cannot decide: en passant, some variants' rules, a move that does not
//! fit), one move, one check test, and the move and its SAN bits appended to
//! the line's record. For repetitions only the start of the current segment
//! (the plies since the last irreversible move) is noted: a fifth occurrence
//! needs 17 positions in one segment, and only segments that long get hashes,
//! made from the moves recorded (`repetition`). Full legal-move generation
//! happens only at the end of a line, when a game-ending rule applies, for a
//! move marked `#`, and on the error path: whether a check is mate is decided
//! by the next move (`line::Unsure`).
//!
//! | file | what |
//! |---|---|
//! | `walk.rs` | walking the lines, for every rules: the main line, then each variation from the position before the move it replaces |
//! | `mod.rs` | the replay through shakmaty on the walk, and what it keeps of variations |
//! | `ply.rs` | one ply: checks, resolution, the move played, markers, bookkeeping |
//! | `custom.rs` | a game under rules a user defines: each move through chess-rules, two bare squares read as one move when a piece stands on the first |
//! | `boards.rs` | a bughouse record (BPGN): two boards, each move on its own, what it takes passed to the partner's hand on the other |
//! | `resolve.rs` | a move as written → the one legal move it means |
//! | `rules.rs`, `candidates.rs` | standard chess or a variant; the variants' candidate moves found from their square |
//! | `line.rs` | the state of one line |
//! | `ends.rs` | checkmate, stalemate, dead position, 75-move rule, the written result |
//! | `repetition.rs` | fivefold repetition |
//! | `record.rs`, `san.rs` | what is handed on: the verified game, canonical SAN as bits |
//! | `kept.rs` | each ply's position, kept only where a record is asked for |
//! | `played.rs` | facts about played plies an explanation may need: which ply, how a castling right was lost |
//! | `failure.rs` | why a replay stopped |
//! | `options.rs` | what a replay accepts beyond the strict rules |

mod boards;
mod candidates;
pub mod custom;
mod ends;
mod failure;
mod kept;
mod line;
mod numbering;
mod options;
mod played;
mod ply;
mod record;
mod repetition;
mod resolve;
mod room;
mod rules;
mod san;
mod walk;

use std::marker::PhantomData;

use chess_format::Outcome;
use shakmaty::CastlingMode;

use crate::syntax::{GameSyntax, MoveSyntax, PlySyntax};

pub(crate) use ends::by_rule;
pub use ends::{EndInfo, WrongResult, is_continuable};
pub use failure::{Failure, Unresolved};
pub use kept::Kept;
pub use numbering::{Expected, Numbering};
pub use options::Options;
pub use played::{LostHow, LostRight, LostRights};
pub use record::{Annotations, VerifiedGame, VerifiedLine};
pub(crate) use room::Room;
pub use rules::{Rules, TableLookup};
pub use san::SanBits;

use line::Frame;
use walk::{Cursor, Walk};

/// The one legal move in `pos` that `mv` is, as the replay reads it
/// (`None` where it fits none, or several).
pub fn legal_move<P: Rules>(pos: &P, mv: &MoveSyntax) -> Option<shakmaty::Move> {
    resolve::resolve(pos, mv, pos.castles().mode())
        .ok()
        .map(|r| r.m)
}

/// Replays `game` under rules a user defines (the rule set `set`, from
/// `start`; `set_up`: a position the game sets up): on two boards
/// (`boards.rs`) where the rule set's hands come from a partner and the
/// game numbers its moves with their boards (BPGN), else on one
/// (`custom.rs`). Returns the verified main line, or the first problem
/// in source order; and each ply's position where `KEEPS` (on one board:
/// a bughouse record keeps none).
#[allow(clippy::type_complexity)]
pub(crate) fn replay_rules<'r, const KEEPS: bool>(
    game: &GameSyntax,
    set: usize,
    start: chess_rules::Position<'r>,
    set_up: bool,
    options: Options,
) -> (
    Vec<Kept<chess_rules::Position<'r>>>,
    Result<custom::CustomGame, Box<custom::CustomFailure<'r>>>,
) {
    if start.rules().drops.as_ref().is_some_and(|d| d.partner) && boards::named(game) {
        (
            Vec::new(),
            boards::replay(game, set, start, set_up, options),
        )
    } else if KEEPS {
        custom::replay_kept(game, set, start, set_up, options)
    } else {
        (
            Vec::new(),
            custom::replay(game, set, start, set_up, options),
        )
    }
}

/// The number written before the first move of `game`'s main line.
pub(crate) fn first_number(game: &GameSyntax) -> Option<crate::syntax::MoveNumber> {
    let first = *game.lines.first()?.plies.first()?;
    game.plies.get(usize::try_from(first).ok()?)?.number
}

/// Replays `game` from `start` (with `mode`'s castling rules). Returns the
/// verified main line, or the first problem in source order.
pub fn replay<P: Rules>(
    game: &GameSyntax,
    start: P,
    mode: CastlingMode,
    options: Options,
) -> Result<VerifiedGame<P>, Box<Failure<P>>> {
    replay_keeping::<P, false>(game, start, mode, options, &mut Room::default()).1
}

/// [`replay`], keeping each ply's position as it is played where `KEEPS`,
/// in the order played (the main line, then each variation): those
/// before a problem too. The verified game is recorded in `room`'s
/// vectors.
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(crate) fn replay_keeping<P: Rules, const KEEPS: bool>(
    game: &GameSyntax,
    start: P,
    mode: CastlingMode,
    options: Options,
    room: &mut Room,
) -> (Vec<Kept<P>>, Result<VerifiedGame<P>, Box<Failure<P>>>) {
    let main_plies = game.lines.first().map_or(0, |l| l.plies.len());
    let numbering = Numbering::of(
        start.fullmoves().get(),
        start.turn() == shakmaty::Color::Black,
        first_number(game),
        options.numbers_from_first_move,
    );
    let mut main = Frame::root(&start, main_plies, numbering, room);
    // What the game has besides its main line, if anything.
    let annotated = game.lines.len() > 1 || !game.notes.is_empty();
    let annotations = (annotated && !options.drop_annotations).then(|| {
        Box::new(Annotations {
            lines: vec![VerifiedLine::default(); game.lines.len()],
            notes: game.notes.clone(),
        })
    });
    let mut replay = Shakmaty::<P, KEEPS> {
        options,
        mode,
        annotations,
        kept: Vec::new(),
        rules: PhantomData,
    };
    if let Err(failure) = walk::walk(&mut replay, game, &mut main) {
        return (replay.kept, Err(failure));
    }
    let end = final_end(&mut main).map(|e| (e.end, e.plies));
    let result = ends::result(
        game.result,
        game.result_tag,
        end.map(|e| e.0),
        Outcome::result,
        options.unfinished_result,
    );
    let result = match result {
        Ok(result) => result,
        Err(wrong) => return (replay.kept, Err(Box::new(Failure::WrongResult(wrong)))),
    };
    room.hashes = main.history.take_room();
    let verified = VerifiedGame {
        start,
        mode,
        moves: main.moves,
        sans: main.sans,
        end,
        result,
        last: main.pos,
        tags: room.tags(&game.tags),
        range: game.range,
        annotations: replay.annotations.map(|mut a| {
            record_branches(&mut a, game);
            a
        }),
        numbering,
    };
    (replay.kept, Ok(verified))
}

/// A replay through shakmaty (chess or a variant, `P`), on the walk: its
/// options and castling rules, the variations kept, and, where `KEEPS`,
/// each ply's position.
struct Shakmaty<P, const KEEPS: bool> {
    options: Options,
    mode: CastlingMode,
    annotations: Option<Box<Annotations>>,
    kept: Vec<Kept<P>>,
    rules: PhantomData<P>,
}

impl<P: Rules, const KEEPS: bool> Walk for Shakmaty<P, KEEPS> {
    type Frame = Frame<P>;
    type Failure = Box<Failure<P>>;

    const KEEPS: bool = KEEPS;

    #[inline(always)]
    fn cursor(frame: &mut Frame<P>) -> &mut Cursor {
        &mut frame.cursor
    }

    fn branch(&self, frame: &Frame<P>) -> Frame<P> {
        frame.branch()
    }

    #[inline(always)]
    fn step(
        &mut self,
        frame: &mut Frame<P>,
        _: &GameSyntax,
        ply: &PlySyntax,
        _: Option<&PlySyntax>,
    ) -> Result<(), Box<Failure<P>>> {
        ply::step(frame, ply, self.options, self.mode)
    }

    fn settle(&mut self, frame: &mut Frame<P>) -> Result<(), Box<Failure<P>>> {
        ply::settle(frame)
    }

    fn finished(&mut self, variation: Frame<P>) {
        if let Some(annotations) = &mut self.annotations {
            record_variation(annotations, variation);
        }
    }

    fn played(&mut self, frame: &Frame<P>, id: u32, range: crate::input::Range) {
        let (Some(&m), Some(bits)) = (frame.moves.last(), frame.sans.last()) else {
            return;
        };
        // A pawn's drop as lichess writes it, `P@d5` (shakmaty writes
        // `@d5`).
        let san = bits.san_plus(m).to_string();
        let san = if san.starts_with('@') {
            format!("P{san}")
        } else {
            san
        };
        self.kept.push(Kept {
            ply: id,
            range,
            san,
            uci: shakmaty::uci::UciMove::from_move(m, self.mode).to_string(),
            after: frame.pos.clone(),
        });
    }
}

/// Keeps a replayed variation's own moves.
fn record_variation<P>(annotations: &mut Annotations, mut frame: Frame<P>) {
    let own = frame.own.min(frame.moves.len());
    let moves = frame.moves.split_off(own);
    let sans = frame.sans.split_off(own.min(frame.sans.len()));
    if let Some(line) = annotations.lines.get_mut(frame.cursor.line as usize) {
        line.first_ply = frame.plies - moves.len();
        line.moves = moves;
        line.sans = sans;
    }
}

/// Notes which variations replace which ply of each line.
fn record_branches(annotations: &mut Annotations, game: &GameSyntax) {
    for (id, line) in game.lines.iter().enumerate() {
        for (k, &ply) in line.plies.iter().enumerate() {
            for var in game.variations(&game.plies[ply as usize]) {
                annotations.lines[id].branches.push((k as u32, var));
            }
        }
    }
}

/// How the main line ended. After a check the question is settled (mate was
/// decided when the move claimed it or when the line ended, and a king in
/// check is never stalemated); otherwise stalemate, or mate in a set-up
/// start, is asked.
fn final_end<P: Rules>(main: &mut Frame<P>) -> Option<EndInfo> {
    let gave_check = main.last().is_some_and(|ply| ply.san.suffix().is_some());
    if main.end.is_none() && !gave_check && !main.pos.has_moves() {
        main.end = Some(ends::no_moves_left(&main.pos, main.last(), main.plies));
    }
    main.end
}
