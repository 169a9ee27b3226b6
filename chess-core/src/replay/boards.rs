//! Bughouse games on two boards, as BPGN records them (`1A. e4 1B. d4
//! 1a. e5 …`: each move numbered with its board, both boards' moves in
//! the order they were played): each board is a game under the rule set
//! (one whose pieces in hand come from a partner,
//! [`chess_rules::Drops::partner`]), and a piece taken on one board goes
//! to the hand of the partner on the other — the side of its colour
//! there, a promoted piece as a pawn. Each move goes through the same
//! step as a game of one board (`custom.rs`); what is wrong on a board
//! is handed on naming it ([`CustomFailure::OnBoard`]). The game ends
//! when one board's does, and the result is that board's: BPGN's `1-0`
//! says White won on the board where the game ended. A board's game ends
//! as FICS, where BPGN records come from, ends it: where no move is
//! legal and no piece dropped next to the king would make one (a check
//! that a drop could block is no mate: the partner may yet pass a piece,
//! and the side waits for it) — the `#` of a record means the same.

use std::marker::PhantomData;

use chess_format::CustomPly;
use chess_rules::{Effect, Piece, Position, Square};

use crate::syntax::{Board, GameSyntax, MoveNumber, PlySyntax};

use super::Options;
use super::custom::{
    CustomFailure, CustomGame, Reading, Written, advance, no_move, result_of, rules_move,
};
use super::ends;
use super::numbering::Numbering;
use super::walk::{self, Cursor, Walk};

/// Whether `game` numbers its moves with their boards (`1A.`): a game on
/// two boards.
pub(super) fn named(game: &GameSyntax) -> bool {
    game.plies
        .iter()
        .any(|p| p.number.is_some_and(|n| n.board.is_some()))
}

/// Replays `game`, a bughouse game on two boards, both from `start`.
pub(super) fn replay<'r>(
    game: &GameSyntax,
    set: usize,
    start: Position<'r>,
    set_up: bool,
    options: Options,
) -> Result<CustomGame, Box<CustomFailure<'r>>> {
    let board = |pos: &Position<'r>| Reading {
        pos: pos.clone(),
        moves: Vec::new(),
        last: None,
    };
    let mut main = Frame {
        cursor: Cursor::default(),
        record: true,
        boards: [board(&start), board(&start)],
        on: Board::A,
        ended: None,
        moves: Vec::new(),
        sides: Vec::new(),
    };
    walk::walk(&mut Boards(PhantomData), game, &mut main)?;
    let end = main.ended.map(|b| {
        let pos = &main.boards[b.index()].pos;
        (b, pos.outcome().map(|o| (o, pos.turn())))
    });
    let (ended, end) = match end {
        Some((b, end)) => (Some(b), end),
        None => (None, None),
    };
    let result = ends::result(
        game.result,
        game.result_tag,
        end,
        result_of,
        options.unfinished_result,
    )
    .map_err(|wrong| {
        let failure = Box::new(CustomFailure::WrongResult {
            wrong,
            rules: start.rules(),
        });
        match ended {
            Some(board) => Box::new(CustomFailure::OnBoard { board, failure }),
            None => failure,
        }
    })?;
    Ok(CustomGame {
        set,
        builtin: game.rules == crate::syntax::GameRules::Builtin,
        start: set_up.then(|| start.fen()),
        moves: main.moves,
        boards: main.sides,
        end,
        result,
        tags: game.tags.clone(),
        range: game.range,
        numbering: Numbering::default(),
    })
}

/// One line's state: both boards.
#[derive(Clone)]
struct Frame<'r> {
    cursor: Cursor,
    /// Whether its moves are recorded (the main line's).
    record: bool,
    /// Board A's game and board B's.
    boards: [Reading<'r>; 2],
    /// The board of the last move: a move numbered without a board is
    /// played there.
    on: Board,
    /// The board whose game ended, ending both.
    ended: Option<Board>,
    /// The main line's moves, and the board of each.
    moves: Vec<CustomPly>,
    sides: Vec<Board>,
}

/// The replay of a game on two boards, on the walk.
struct Boards<'r>(PhantomData<Position<'r>>);

impl<'r> Walk for Boards<'r> {
    type Frame = Frame<'r>;
    type Failure = Box<CustomFailure<'r>>;

    fn cursor(frame: &mut Self::Frame) -> &mut Cursor {
        &mut frame.cursor
    }

    fn branch(&self, frame: &Frame<'r>) -> Frame<'r> {
        Frame {
            record: false,
            moves: Vec::new(),
            sides: Vec::new(),
            ..frame.clone()
        }
    }

    /// Plays the move on its board, and passes what it takes to the
    /// partner on the other.
    fn step(
        &mut self,
        frame: &mut Frame<'r>,
        game: &GameSyntax,
        ply: &PlySyntax,
        _: Option<&PlySyntax>,
    ) -> Result<(), Box<CustomFailure<'r>>> {
        let board = ply.number.and_then(|n| n.board).unwrap_or(frame.on);
        let on_board = |failure| Box::new(CustomFailure::OnBoard { board, failure });
        if let Some(ended) = frame.ended {
            let over = &frame.boards[ended.index()];
            return Err(Box::new(if ended == board {
                CustomFailure::OnBoard {
                    board,
                    failure: Box::new(CustomFailure::GameOver {
                        range: ply.range,
                        before: over.pos.clone(),
                        last: over.last.clone(),
                        numbering: Numbering::default(),
                    }),
                }
            } else {
                CustomFailure::AfterEnd {
                    board,
                    range: ply.range,
                    before: frame.boards[board.index()].pos.clone(),
                    ended: (ended, over.pos.clone(), over.last.clone()),
                }
            }));
        }
        let written = Written {
            range: ply.range,
            says: rules_move(game, ply).map(|w| (w.text, w.wall)),
            marker: ply.marker,
            ep: ply.ep,
            // (The board is this replay's to read: the step holds the
            // number to the board's own count.)
            number: ply.number.map(|n| MoveNumber { board: None, ..n }),
            numbering: Numbering::default(),
            over,
        };
        let mut next = Vec::new();
        let reading = frame.boards[board.index()].clone();
        advance(reading, written, false, &mut next).map_err(on_board)?;
        // (A move on a board of chess says which piece it moves or drops:
        // one reading.)
        let Some(after) = next.into_iter().next() else {
            unreachable!("a move played leads to a position");
        };
        if let Some((before, m)) = &after.last {
            if let Some(piece) = before.taken(*m) {
                frame.boards[board.other().index()].pos.give(piece);
            }
            if frame.record {
                frame.moves.push(super::custom::coordinates(before, *m));
                frame.sides.push(board);
            }
        }
        if over(&after.pos) {
            frame.ended = Some(board);
        }
        frame.boards[board.index()] = after;
        frame.on = board;
        Ok(())
    }

    fn settle(&mut self, _: &mut Frame<'r>) -> Result<(), Box<CustomFailure<'r>>> {
        Ok(())
    }

    fn finished(&mut self, _: Frame<'r>) {}
}

/// Whether a board's game is over in `pos`: no move is legal, and none
/// would be with a piece of every kind in hand dropped next to a royal
/// piece of the side to move (FICS's rule: a check a drop could block is
/// no mate).
fn over(pos: &Position<'_>) -> bool {
    if !no_move(pos) {
        return false;
    }
    let rules = pos.rules();
    let turn = pos.turn();
    let mut holding = pos.clone();
    for (kind, piece) in rules.pieces.iter().enumerate() {
        if !piece.royal {
            holding.give(Piece {
                color: turn,
                kind: kind as u8,
            });
        }
    }
    let royal: Vec<Square> = (rules.geometry.squares())
        .filter(|&sq| pos.is_royal(sq) && pos.piece_at(sq).is_some_and(|p| p.color == turn))
        .collect();
    let next_to = |to: Square| {
        royal
            .iter()
            .any(|k| k.file.abs_diff(to.file) <= 1 && k.rank.abs_diff(to.rank) <= 1 && *k != to)
    };
    !holding
        .legal_moves()
        .iter()
        .any(|m| matches!(m.kind, Effect::Drop { .. }) && next_to(m.to))
}
