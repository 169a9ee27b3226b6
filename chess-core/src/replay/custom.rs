//! Games under rules a user defines: every move through chess-rules'
//! engine, on the same walk as chess (`walk.rs`): move numbers, the move
//! as written matched with the position's legal moves (two bare squares
//! in a row are one move in coordinates when a piece stands on the first:
//! `a2 a3`), check and mate markers, `e.p.`, the end (checkmate, or
//! stalemate as the rule set scores it) and the written result. What is
//! wrong is handed on as data ([`CustomFailure`]); `explain` words it.

use chess_format::CustomPly;

use chess_rules::{Color, Effect, EndRule, Move, MoveText, Position, Rules, Square};

use crate::input::Range;
use crate::syntax::{
    Board, GameResult, GameSyntax, Join, Marker, MoveNumber, MoveSyntax, PlySyntax, Tag,
};

use super::ends::{self, WrongResult};
use super::numbering::Numbering;
use super::walk::{self, Cursor, Walk};
use super::{Kept, Options};

/// A game verified under rules a user defines.
#[derive(Clone, Debug)]
pub struct CustomGame {
    /// Which rule set of the rules file it is played under (an index into
    /// [`RuleSets::sets`](crate::rule_sets::RuleSets::sets)), or with
    /// `builtin` of [`RuleSets::builtins`](crate::rule_sets::RuleSets::builtins).
    pub set: usize,
    /// It is a game of one of Fairy-Stockfish's built-in variants, named
    /// by its `[Variant]` tag ([`GameRules::Builtin`](crate::syntax::GameRules::Builtin)).
    pub builtin: bool,
    /// The start position in FEN, when the game sets one up (`[FEN]`).
    pub start: Option<String>,
    /// The moves of the main line, as their coordinates say them.
    pub moves: Vec<CustomPly>,
    /// Of a bughouse game on two boards (BPGN), the board of each move of
    /// `moves`; empty for a game of one board.
    pub boards: Vec<Board>,
    /// How the main line ended, if it did: the outcome, and the side that
    /// had no move.
    pub end: Option<(EndRule, Color)>,
    /// The result: as written, else as the rules decided, else `*`.
    pub result: GameResult,
    /// The tags.
    pub tags: Vec<Tag>,
    /// Where the game is in the source.
    pub range: Range,
    /// How its text numbers its moves.
    pub numbering: Numbering,
}

impl CustomGame {
    /// The number of plies of the main line.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// The coordinates of `m`, a legal move in `pos`, as the data format
/// keeps them (and Fairy-Stockfish's coordinates write them: the
/// [`Display`](core::fmt::Display) of [`CustomPly`]): its destination as
/// [`Position::uci_target`] says it.
pub fn coordinates(pos: &Position<'_>, m: Move) -> CustomPly {
    let letter = |kind: u8| pos.rules().pieces[usize::from(kind)].letter;
    let square = |sq: chess_rules::Square| (sq.file, sq.rank);
    // (A castling that gates on its rook's square is written from there
    // to the king's, as Fairy-Stockfish writes it: `h1e1h`.)
    let (from, to) = match (m.kind, m.gate) {
        (Effect::Castle { rook_from, .. }, Some(g)) if g.square == rook_from => (rook_from, m.from),
        _ => (m.from, pos.uci_target(m)),
    };
    CustomPly {
        from: square(from),
        to: square(to),
        promotion: m.promotion.map(letter),
        drop: match m.kind {
            Effect::Drop { kind } => Some(letter(kind)),
            _ => None,
        },
        shogi: match m.kind {
            Effect::Promote => Some('+'),
            Effect::Demote => Some('-'),
            _ => None,
        },
        wall: m.wall.map(square),
        gate: m.gate.map(|g| letter(g.kind)),
    }
}

/// The first problem a replay under rules a user defines met (handed on
/// boxed: a variant holds two positions).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum CustomFailure<'r> {
    /// A move after the game ended.
    GameOver {
        /// The move as written.
        range: Range,
        /// The position it was tried in (no legal move).
        before: Position<'r>,
        /// The last move, and the position before it.
        last: Option<(Position<'r>, Move)>,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// A move number that does not match the move after it.
    WrongNumber {
        /// The number as written.
        number: MoveNumber,
        /// The number it should be.
        expected: super::Expected,
    },
    /// A move that is no legal move, or more than one, in `before`.
    Illegal {
        /// The move as written (both words of a move written as two).
        range: Range,
        /// What it says.
        text: MoveText,
        /// The square of the wall written after it, if any.
        wall: Option<Square>,
        /// The position it was tried in.
        before: Position<'r>,
        /// The legal moves it may mean: none, or several.
        matches: Vec<Move>,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// A check or mate marker that is not true of its move.
    WrongMarker {
        /// The marker.
        marker: Marker,
        /// Where it is.
        range: Range,
        /// The move gives check.
        check: bool,
        /// The move mates.
        mate: bool,
        /// The position the move was played in.
        before: Position<'r>,
        /// The move.
        played: Move,
        /// The move as written.
        text: Range,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// `e.p.` written on a move that is not an en passant capture.
    NotEnPassant {
        /// The `e.p.`.
        ep: Range,
        /// The move as written.
        text: Range,
        /// The position it was played in.
        before: Position<'r>,
        /// How the game numbers its moves (the move is labelled so).
        numbering: Numbering,
    },
    /// A move on one board of a bughouse game after the game ended on the
    /// other.
    AfterEnd {
        /// The move's board.
        board: Board,
        /// The move as written.
        range: Range,
        /// The position on its board.
        before: Position<'r>,
        /// The board the game ended on, its last position, and its last
        /// move with the position before it.
        ended: (Board, Position<'r>, Option<(Position<'r>, Move)>),
    },
    /// A problem on one board of a bughouse game's two (BPGN).
    OnBoard {
        /// The board.
        board: Board,
        /// The problem there.
        failure: Box<CustomFailure<'r>>,
    },
    /// A result written after the moves or in the `[Result]` tag that
    /// the game contradicts.
    WrongResult {
        /// What is wrong; how the game ended, and the side to move then.
        wrong: WrongResult<(EndRule, Color)>,
        /// The rule set it was played under.
        rules: &'r Rules,
    },
}

/// Replays `game`, a game of one board, under the rule set `set`, from
/// `start` (`set_up`: a position the game sets up, not the rule set's
/// own start). Returns the
/// verified main line, or the first problem in source order.
/// Of `options`, only [`Options::unfinished_result`] applies: a rule
/// set's ends are checkmate, stalemate and its goals, which no move may
/// follow.
pub fn replay<'r>(
    game: &GameSyntax,
    set: usize,
    start: Position<'r>,
    set_up: bool,
    options: Options,
) -> Result<CustomGame, Box<CustomFailure<'r>>> {
    replay_keeping::<false>(game, set, start, set_up, options, &mut Vec::new())
}

/// [`replay`], keeping each ply's position as it is played, in the order
/// played (the main line, then each variation; the first reading of a
/// line): those before a problem too.
pub fn replay_kept<'r>(
    game: &GameSyntax,
    set: usize,
    start: Position<'r>,
    set_up: bool,
    options: Options,
) -> (
    Vec<Kept<Position<'r>>>,
    Result<CustomGame, Box<CustomFailure<'r>>>,
) {
    let mut kept = Vec::new();
    let replayed = replay_keeping::<true>(game, set, start, set_up, options, &mut kept);
    (kept, replayed)
}

/// [`replay`], each ply kept on `kept` where `KEEPS`.
fn replay_keeping<'r, const KEEPS: bool>(
    game: &GameSyntax,
    set: usize,
    start: Position<'r>,
    set_up: bool,
    options: Options,
    kept: &mut Vec<Kept<Position<'r>>>,
) -> Result<CustomGame, Box<CustomFailure<'r>>> {
    let start_fen = set_up.then(|| start.fen());
    let mut replay = Custom::<KEEPS> {
        numbering: Numbering::of(
            start.fullmoves(),
            start.turn() == Color::Black,
            super::first_number(game),
            options.numbers_from_first_move,
        ),
        kept,
    };
    let mut main = Frame {
        cursor: Cursor::default(),
        record: true,
        readings: vec![Reading {
            pos: start,
            moves: Vec::new(),
            last: None,
        }],
    };
    walk::walk(&mut replay, game, &mut main)?;
    // Of the readings the text allows to the end, the first whose end
    // the written result fits; if none, the first's problem.
    let judged = main.readings.into_iter().map(|r| {
        let end = r.pos.outcome().map(|o| (o, r.pos.turn()));
        let result = ends::result(
            game.result,
            game.result_tag,
            end,
            result_of,
            options.unfinished_result,
        );
        (r, end, result)
    });
    let mut first = None;
    let mut fits = None;
    for (reading, end, result) in judged {
        match result {
            Ok(result) => {
                fits = Some((reading, end, result));
                break;
            }
            Err(wrong) => {
                first.get_or_insert((wrong, reading.pos.rules()));
            }
        }
    }
    let Some((Reading { moves, .. }, end, result)) = fits else {
        let (wrong, rules) = first.expect("a line has a reading");
        return Err(Box::new(CustomFailure::WrongResult { wrong, rules }));
    };
    Ok(CustomGame {
        set,
        builtin: game.rules == crate::syntax::GameRules::Builtin,
        start: start_fen,
        moves,
        boards: Vec::new(),
        end,
        result,
        tags: game.tags.clone(),
        range: game.range,
        numbering: replay.numbering,
    })
}

/// The result an end gives ([`EndRule::winner`]), `stuck` being the side
/// to move when it came.
pub fn result_of((outcome, stuck): (EndRule, Color)) -> GameResult {
    match outcome.winner(stuck) {
        None => GameResult::Draw,
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
    }
}

/// The most readings of a line kept at once ([`Frame::readings`]): each
/// drop written without saying which piece in hand it is may double
/// them, and a later move most often tells them apart.
const MAX_READINGS: usize = 16;

/// One line's state.
#[derive(Clone)]
struct Frame<'r> {
    cursor: Cursor,
    /// Whether its moves are recorded (the main line's; a variation's are
    /// not).
    record: bool,
    /// Every reading of the line the text allows, never none: the first
    /// is where a problem is reported. Fairy-Stockfish's SAN writes a drop
    /// without saying which piece in hand it is when two in hand put down
    /// the same piece (Kyoto shogi's `G@b4`: a lance or a knight, each
    /// turned to a gold), so a line may be read more than one way until a
    /// later move tells the readings apart (`Gb4c5=L`: it was the lance).
    readings: Vec<Reading<'r>>,
}

/// A line read one way.
#[derive(Clone)]
pub(super) struct Reading<'r> {
    pub(super) pos: Position<'r>,
    /// The main line's moves (a variation records none).
    pub(super) moves: Vec<CustomPly>,
    /// The last move, and the position before it.
    pub(super) last: Option<(Position<'r>, Move)>,
}

impl<'r> Frame<'r> {
    /// The first reading.
    fn pos(&self) -> &Position<'r> {
        &self.readings[0].pos
    }
}

/// A move as written, once its words are read.
#[derive(Copy, Clone)]
pub(super) struct Written {
    /// Both words of a move written as two.
    pub(super) range: Range,
    /// What it says, and the square of the wall written after it (none
    /// for a ply that is no move under the rules).
    pub(super) says: Option<(MoveText, Option<Square>)>,
    pub(super) marker: Option<(Marker, Range)>,
    pub(super) ep: Option<Range>,
    pub(super) number: Option<MoveNumber>,
    /// How the game numbers its moves.
    pub(super) numbering: Numbering,
    /// Whether the game is over in a position: no legal move there (one
    /// board), or none that a piece dropped from hand could add (two
    /// boards: `boards.rs`).
    pub(super) over: Over,
}

/// Whether the game is over in a position ([`Written::over`]).
pub(super) type Over = for<'a> fn(&Position<'a>) -> bool;

/// The game is over where no move is legal.
pub(super) fn no_move(pos: &Position<'_>) -> bool {
    pos.legal_moves().is_empty()
}

/// The replay under rules a user defines, on the walk, and where
/// `KEEPS`, each ply's position.
struct Custom<'r, 'k, const KEEPS: bool> {
    numbering: Numbering,
    kept: &'k mut Vec<Kept<Position<'r>>>,
}

impl<'r, const KEEPS: bool> Walk for Custom<'r, '_, KEEPS> {
    type Frame = Frame<'r>;
    type Failure = Box<CustomFailure<'r>>;

    const JOINS: bool = true;
    const KEEPS: bool = KEEPS;

    /// The first reading's move and the position after it.
    fn played(&mut self, frame: &Frame<'r>, id: u32, range: Range) {
        let reading = &frame.readings[0];
        if let Some((before, m)) = &reading.last {
            self.kept.push(Kept {
                ply: id,
                range,
                san: before.san(*m),
                uci: before.uci(*m),
                after: reading.pos.clone(),
            });
        }
    }

    fn cursor(frame: &mut Self::Frame) -> &mut Cursor {
        &mut frame.cursor
    }

    /// Two bare squares in a row are one move when a `-` stands between
    /// them or a piece stands on the first.
    fn joins(&self, frame: &Frame<'r>, game: &GameSyntax, ply: &PlySyntax, _: &PlySyntax) -> bool {
        let Some(written) = rules_move(game, ply) else {
            return false;
        };
        match (written.joins_next, written.text) {
            (Join::Dashed, _) => true,
            (Join::Spaced, MoveText::San { to, .. }) => frame.pos().piece_at(to).is_some(),
            _ => false,
        }
    }

    fn branch(&self, frame: &Frame<'r>) -> Frame<'r> {
        let readings = frame.readings.iter().map(|r| Reading {
            pos: r.pos.clone(),
            moves: Vec::new(),
            last: r.last.clone(),
        });
        Frame {
            cursor: frame.cursor,
            record: false,
            readings: readings.collect(),
        }
    }

    /// Plays the move in every reading of the line where it is legal;
    /// where it is in none, the first reading's problem.
    fn step(
        &mut self,
        frame: &mut Frame<'r>,
        game: &GameSyntax,
        ply: &PlySyntax,
        second: Option<&PlySyntax>,
    ) -> Result<(), Box<CustomFailure<'r>>> {
        let last = second.unwrap_or(ply);
        let range = ply.range.to(last.range);
        let says = match (
            rules_move(game, ply),
            second.and_then(|s| rules_move(game, s)),
        ) {
            (Some(first), Some(then)) => match (first.text, then.text) {
                (MoveText::San { to: from, .. }, MoveText::San { to, .. }) => Some((
                    MoveText::Coordinates {
                        from,
                        to,
                        promotion: None,
                    },
                    then.wall,
                )),
                (text, _) => Some((text, first.wall)),
            },
            (Some(written), None) => Some((written.text, written.wall)),
            // (Every move of a game read under rules is one of them.)
            (None, _) => None,
        };
        let written = Written {
            range,
            says,
            marker: last.marker,
            ep: last.ep,
            number: ply.number,
            numbering: self.numbering,
            over: no_move,
        };
        let mut next = Vec::new();
        let mut failure = None;
        for reading in std::mem::take(&mut frame.readings) {
            if let Err(e) = advance(reading, written, frame.record, &mut next) {
                failure.get_or_insert(e);
            }
        }
        next.truncate(MAX_READINGS);
        frame.readings = next;
        match failure {
            Some(failure) if frame.readings.is_empty() => Err(failure),
            _ => Ok(()),
        }
    }

    fn settle(&mut self, _: &mut Frame<'r>) -> Result<(), Box<CustomFailure<'r>>> {
        Ok(())
    }

    fn finished(&mut self, _: Frame<'r>) {}
}

/// Plays `written` in `reading`, each reading it leads to pushed on
/// `next`: one, or one a piece in hand for a drop that does not say which,
/// or one a piece for a gated move that does not say which (none is a
/// problem, the first one met).
pub(super) fn advance<'r>(
    reading: Reading<'r>,
    written: Written,
    record: bool,
    next: &mut Vec<Reading<'r>>,
) -> Result<(), Box<CustomFailure<'r>>> {
    let Reading { pos, moves, last } = reading;
    let Written {
        range,
        says,
        mut marker,
        ep,
        number,
        numbering,
        over,
    } = written;
    let game_over = |range: Range, pos: Position<'r>, last: Option<(Position<'r>, Move)>| {
        Box::new(CustomFailure::GameOver {
            range,
            before: pos,
            last,
            numbering,
        })
    };
    let black = pos.turn() == Color::Black;
    if let Some(number) = number
        && (!numbering.fits(pos.fullmoves(), black, number) || number.board.is_some())
    {
        // A move after the end of the game: that comes first.
        if over(&pos) {
            return Err(game_over(range, pos, last));
        }
        return Err(Box::new(CustomFailure::WrongNumber {
            number,
            expected: numbering.expected(pos.fullmoves(), black),
        }));
    }
    let Some((mut text, wall)) = says else {
        return Err(game_over(range, pos, last));
    };
    // Coordinates followed by `+`: a shogi-style promotion, where the
    // piece may promote so (Fairy-Stockfish's `b3d5+`); else a check
    // marker.
    if let (
        MoveText::Coordinates {
            from,
            to,
            promotion: None,
        },
        Some((Marker::Check, _)),
    ) = (text, marker)
    {
        let promoting = MoveText::Coordinates {
            from,
            to,
            promotion: Some('+'),
        };
        if pos.matching_walled(&promoting, wall).len() == 1 {
            text = promoting;
            marker = None;
        }
    }
    let matches = pos.matching_walled(&text, wall);
    if matches.len() != 1 && !unsaid_drops(&matches) && !unsaid_gates(&matches) {
        if over(&pos) {
            return Err(game_over(range, pos, last));
        }
        return Err(Box::new(CustomFailure::Illegal {
            range,
            text,
            wall,
            before: pos,
            matches,
            numbering,
        }));
    }
    let mut failure = None;
    // (The moves so far are copied only for a second reading: a line
    // read one way moves them on.)
    let mut moves = Some(moves);
    for (i, &m) in matches.iter().enumerate() {
        match play(&pos, m, (marker, ep, range, numbering), over) {
            Ok(after) => {
                let last = i + 1 == matches.len();
                let mut moves = match &mut moves {
                    Some(_) if last => moves.take().unwrap_or_default(),
                    Some(kept) => kept.clone(),
                    None => Vec::new(),
                };
                if record {
                    moves.push(coordinates(&pos, m));
                }
                next.push(Reading {
                    pos: after,
                    moves,
                    last: Some((pos.clone(), m)),
                });
            }
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
    }
    match failure {
        Some(failure) if next.is_empty() => Err(failure),
        _ => Ok(()),
    }
}

/// Whether `matches`, more than one, are drops of one piece put down on
/// one square from different pieces in hand: a drop Fairy-Stockfish's
/// SAN writes by the piece put down, never saying which piece in hand it
/// was (Kyoto shogi's `G@b4`, from a lance or a knight).
fn unsaid_drops(matches: &[Move]) -> bool {
    let [first, rest @ ..] = matches else {
        return false;
    };
    !rest.is_empty()
        && matches!(first.kind, Effect::Drop { .. })
        && rest.iter().all(|m| {
            matches!(m.kind, Effect::Drop { .. })
                && (m.to, m.promotion, m.wall) == (first.to, first.promotion, first.wall)
        })
}

/// Whether `matches`, more than one, are moves of pieces to one square,
/// each putting the same piece from hand on the square it leaves: a move
/// Fairy-Stockfish's SAN writes without saying which piece moved (it
/// looks for the same gate on another square: S-chess's `Re8/H`, rooks
/// on d8 and f8).
fn unsaid_gates(matches: &[Move]) -> bool {
    let [first, rest @ ..] = matches else {
        return false;
    };
    let gated = |m: &Move| m.gate.filter(|g| g.square == m.from).map(|g| g.kind);
    !rest.is_empty()
        && gated(first).is_some()
        && rest
            .iter()
            .all(|m| (m.to, m.kind, gated(m)) == (first.to, first.kind, gated(first)))
}

/// The position after `m`, played in `pos`, if its `e.p.` and its check
/// or mate marker (`marker`, `ep`) are true of it; `range`, the move as
/// written, and `numbering`, how the game numbers it, for a failure.
fn play<'r>(
    pos: &Position<'r>,
    m: Move,
    (marker, ep, range, numbering): (Option<(Marker, Range)>, Option<Range>, Range, Numbering),
    over: Over,
) -> Result<Position<'r>, Box<CustomFailure<'r>>> {
    if let Some(ep) = ep
        && !matches!(m.kind, Effect::EnPassant { .. })
    {
        return Err(Box::new(CustomFailure::NotEnPassant {
            ep,
            text: range,
            before: pos.clone(),
            numbering,
        }));
    }
    let next = pos.play(m);
    if let Some((marker, at)) = marker {
        let check = next.is_check();
        let mate = check && over(&next);
        let fits = match marker {
            Marker::Check => check && !mate,
            Marker::Mate | Marker::DoublePlus => mate,
        };
        if !fits {
            return Err(Box::new(CustomFailure::WrongMarker {
                marker,
                range: at,
                check,
                mate,
                before: pos.clone(),
                played: m,
                text: range,
                numbering,
            }));
        }
    }
    Ok(next)
}

/// A ply's move as written under the rules, if it is one.
pub(super) fn rules_move<'g>(
    game: &'g GameSyntax,
    ply: &PlySyntax,
) -> Option<&'g crate::syntax::RulesMove> {
    match ply.mv {
        MoveSyntax::Rules(i) => game.rules_moves.get(i as usize),
        _ => None,
    }
}
