//! Replays a parsed game through shakmaty: every ply of the main line and of
//! every variation, in source order, with the game-ending rules.
//!
//! Cost per ply: one candidate lookup (`san_candidates`), one move, one check
//! test, and the move and its SAN bits appended to the line's record. For
//! repetitions only the start of the current segment (the plies since the
//! last irreversible move) is noted: a fifth occurrence needs 17 positions
//! in one segment, and only segments that long get hashes, made from the
//! moves recorded (see `History`). Full legal-move generation happens only
//! at the end of a line, when a game-ending rule applies, for a move marked
//! `#`, and on the error path: whether a check is mate is decided by the
//! next move (see `Unsure`).

use shakmaty::zobrist::{Zobrist64, ZobristValue as _};
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Move, Position};

use crate::diag::{Diagnostic, ErrorKind};
use crate::explain::{self, Context, LostHow, LostRight, PlyRef, Rejection, color_name};
use crate::notation::{Marker, ResultToken};
use crate::resolve;
use crate::san::SanBits;
use crate::source::{Range, Source};
use crate::syntax::{GameSyntax, PlySyntax};

/// How a game ended by the rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Checkmate; the winner is given.
    Checkmate(Color),
    /// Stalemate.
    Stalemate,
    /// Neither side can checkmate (insufficient material).
    DeadPosition,
    /// The same position for the fifth time.
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move.
    SeventyFiveMoveRule,
}

impl End {
    /// The result the rules give.
    pub fn result(self) -> ResultToken {
        match self {
            End::Checkmate(Color::White) => ResultToken::WhiteWins,
            End::Checkmate(Color::Black) => ResultToken::BlackWins,
            _ => ResultToken::Draw,
        }
    }

    /// Ends that [`Options::moves_after_draw`] lets a game continue past.
    pub fn is_continuable(self) -> bool {
        matches!(
            self,
            End::DeadPosition | End::FivefoldRepetition | End::SeventyFiveMoveRule
        )
    }

    fn describe(self) -> &'static str {
        match self {
            End::Checkmate(Color::White) => "White checkmated Black",
            End::Checkmate(Color::Black) => "Black checkmated White",
            End::Stalemate => "the game was drawn by stalemate",
            End::DeadPosition => {
                "the game was drawn: the position is dead (neither side has mating material)"
            }
            End::FivefoldRepetition => {
                "the game was drawn: the same position occurred for the fifth time"
            }
            End::SeventyFiveMoveRule => {
                "the game was drawn by the 75-move rule (75 moves each without a capture or pawn move)"
            }
        }
    }
}

/// Replay options.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Accept moves played after the game ended in a dead position, by
    /// fivefold repetition or by the 75-move rule (as in some real game
    /// records); the game then records where it legally ended. Moves after
    /// checkmate or stalemate are always rejected.
    pub moves_after_draw: bool,
}

/// A verified game.
#[derive(Clone, Debug)]
pub struct VerifiedGame {
    /// The start position.
    pub start: Chess,
    /// Standard or Chess960 castling.
    pub mode: CastlingMode,
    /// The main line.
    pub moves: Vec<Move>,
    /// The main line's canonical SAN with `+`/`#`, as the bits it adds to
    /// each move ([`VerifiedGame::san_plus`] spells one out).
    pub sans: Vec<SanBits>,
    /// How the rules ended the game, and after how many plies.
    pub end: Option<(End, usize)>,
    /// The result: as written, else as the rules decided, else `*`.
    pub result: ResultToken,
    /// The final position.
    pub last: Chess,
}

impl VerifiedGame {
    /// The main line's SAN, separated by spaces.
    pub fn san(&self) -> String {
        let mut out = String::with_capacity(self.sans.len() * 6);
        for (&m, bits) in self.moves.iter().zip(&self.sans) {
            if !out.is_empty() {
                out.push(' ');
            }
            write_san(&mut out, &bits.san_plus(m));
        }
        out
    }

    /// The canonical SAN of main-line ply `i` (from 0).
    pub fn san_plus(&self, i: usize) -> Option<shakmaty::san::SanPlus> {
        Some(self.sans.get(i)?.san_plus(*self.moves.get(i)?))
    }
}

#[derive(Clone, Debug)]
struct EndInfo {
    end: End,
    /// The ply that ended the game (`None`: the start position).
    by: Option<PlyRef>,
    /// Plies played when it ended.
    plies: usize,
}

/// The replay state of one line.
#[derive(Clone)]
struct Frame {
    line: u32,
    next: usize,
    pos: Chess,
    /// Plies from the start of the game.
    plies: usize,
    /// The moves recorded in this frame, and their SAN: the main line's
    /// become the verified game's; a variation's start with the moves of
    /// the segment it branched in.
    moves: Vec<Move>,
    sans: Vec<SanBits>,
    /// The ply before the first recorded one, if any (for messages).
    before: Option<PlyRef>,
    /// The current segment: its positions follow `moves[segment..]`.
    segment: usize,
    history: History,
    end: Option<EndInfo>,
    lost: [Option<LostRight>; 4],
    /// The last ply gave check, and whether it mates is not known yet.
    unsure: Option<Unsure>,
}

impl Frame {
    /// The last ply played in this line.
    fn last(&self) -> Option<PlyRef> {
        let (Some(&m), Some(&san)) = (self.moves.last(), self.sans.last()) else {
            return self.before;
        };
        Some(PlyRef {
            number: played_number(&self.pos),
            color: !self.pos.turn(),
            m,
            san,
        })
    }

    /// A frame for the variations of the next ply: this position, the
    /// rules' state and the current segment's moves, without the rest of
    /// the line's record.
    fn branch(&self) -> Frame {
        Frame {
            line: self.line,
            next: 0,
            pos: self.pos.clone(),
            plies: self.plies,
            moves: self.moves.get(self.segment..).unwrap_or_default().to_vec(),
            sans: self.sans.get(self.segment..).unwrap_or_default().to_vec(),
            before: self.last(),
            segment: 0,
            history: History::new(self.history.first(self.segment)),
            end: self.end.clone(),
            lost: self.lost,
            unsure: self.unsure,
        }
    }
}

/// A check whose mate status is decided later.
///
/// A move that gives check mates exactly when no legal move answers it. The
/// next move of the line answering it proves it is not mate, so the full
/// legal-move generation runs only where the line ends or its next move
/// fails ([`settle`]).
#[derive(Copy, Clone)]
struct Unsure {
    /// The range of a `+` written on the move (wrong if it mates).
    marker: Option<Range>,
    /// The move as written, for messages.
    ply: Range,
}

/// The hash of the first position of a segment (the start, or the position
/// after an irreversible move) in the segment's history. Later positions of
/// the segment are hashed relative to it: zero XOR the keys of the pieces
/// that moved, so equal placements of a segment have equal hashes (the
/// placement's Zobrist hash XOR the segment start's) without the cost of
/// hashing a whole board. The side to move needs no key: [`occurrences`]
/// compares only positions an even number of plies apart. The first
/// position differs from the same placement later in the segment only if
/// an en passant capture is legal in it; its hash then is that file's key.
fn segment_start(pos: &Chess) -> Zobrist64 {
    match pos.ep_square(EnPassantMode::Legal) {
        Some(sq) => Zobrist64::zobrist_for_en_passant_file(sq.file()),
        None => Zobrist64::default(),
    }
}

/// The move number of the ply that led to `pos`.
fn played_number(pos: &Chess) -> u32 {
    let fullmoves = pos.fullmoves().get();
    match pos.turn() {
        Color::White => fullmoves.saturating_sub(1).max(1),
        Color::Black => fullmoves,
    }
}

/// "12." or "12..." for the side to move in `pos`.
fn number_label(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Replays `game`. Returns the verified main line, or the first problem in
/// source order.
pub fn replay(
    game: &GameSyntax,
    source: &Source,
    start: Chess,
    mode: CastlingMode,
    options: Options,
) -> Result<VerifiedGame, Diagnostic> {
    let main_plies = game.lines.first().map_or(0, |l| l.plies.len());
    let tokens = source.is_tokens();

    let start_end = if start.is_insufficient_material() {
        Some(EndInfo {
            end: End::DeadPosition,
            by: None,
            plies: 0,
        })
    } else if start.halfmoves() >= 150 {
        Some(EndInfo {
            end: End::SeventyFiveMoveRule,
            by: None,
            plies: 0,
        })
    } else {
        None
    };
    let root = Frame {
        line: 0,
        next: 0,
        pos: start.clone(),
        plies: 0,
        moves: Vec::with_capacity(main_plies),
        sans: Vec::with_capacity(main_plies),
        before: None,
        segment: 0,
        history: History::new(segment_start(&start)),
        end: start_end,
        lost: Default::default(),
        unsure: None,
    };
    let mut stack = vec![root];
    let mut main_final: Option<Frame> = None;

    while let Some(frame) = stack.last_mut() {
        let line = &game.lines[frame.line as usize];
        // The line's plies up to its end or to one with variations.
        let mut branch = None;
        for &ply_id in line.plies.get(frame.next..).unwrap_or_default() {
            frame.next += 1;
            let ply = &game.plies[ply_id as usize];
            let before = ply.first_variation.is_some().then(|| frame.branch());
            step(frame, ply, source, options, mode, tokens)?;
            if let Some(before) = before {
                branch = Some((before, ply));
                break;
            }
        }
        match branch {
            Some((before, ply)) => {
                // Variations replace this ply: each starts from the position
                // before it. Pushed in reverse so the first is replayed first.
                let variations: Vec<u32> = game.variations(ply).collect();
                for &var in variations.iter().rev() {
                    let mut f = before.clone();
                    f.line = var;
                    f.next = 0;
                    stack.push(f);
                }
            }
            None => {
                settle(frame, source, tokens)?;
                if let Some(done) = stack.pop().filter(|f| f.line == 0) {
                    main_final = Some(done);
                }
            }
        }
    }

    let Some(mut last) = main_final else {
        return Err(Diagnostic::new(
            ErrorKind::ExpectedMove,
            game.range,
            "no main line",
        ));
    };
    // After a check the question is settled (mate was decided when the move
    // claimed it or when the line ended, and a king in check is never
    // stalemated); otherwise stalemate, or mate in a set-up start, is asked.
    let gave_check = last.last().is_some_and(|ply| ply.san.suffix().is_some());
    if last.end.is_none() && !gave_check && last.pos.legal_moves().is_empty() {
        last.end = Some(EndInfo {
            end: if last.pos.is_check() {
                End::Checkmate(!last.pos.turn())
            } else {
                End::Stalemate
            },
            by: last.last(),
            plies: last.plies,
        });
    }
    let end = last.end.as_ref().map(|e| (e.end, e.plies));
    let result = check_result(game, source, end.map(|e| e.0))?;
    Ok(VerifiedGame {
        start,
        mode,
        moves: last.moves,
        sans: last.sans,
        end,
        result,
        last: last.pos,
    })
}

fn check_result(
    game: &GameSyntax,
    source: &Source,
    end: Option<End>,
) -> Result<ResultToken, Diagnostic> {
    let Some((written, range)) = game.result else {
        return Ok(end.map_or(ResultToken::Unknown, End::result));
    };
    let Some(end) = end else {
        return Ok(written);
    };
    if written == end.result() {
        return Ok(written);
    }
    let text = source.slice(range);
    Err(Diagnostic::new(
        ErrorKind::WrongResult,
        range,
        format!(
            "the result `{text}` contradicts the final position: {}",
            end.describe()
        ),
    )
    .with_help(format!("write `{}`", end.result().as_str())))
}

/// Replays one ply of `frame`'s line.
///
/// This runs for every ply of every game a crate embeds, inside a proc macro
/// that dev builds compile without optimization: the success path makes as
/// few calls as it can, and everything a message needs is computed only on
/// the way to an error.
fn step(
    frame: &mut Frame,
    ply: &PlySyntax,
    source: &Source,
    options: Options,
    mode: CastlingMode,
    tokens: bool,
) -> Result<(), Diagnostic> {
    // Built only for messages, never on the success path.
    let label = |pos: &Chess| format!("{} {}", number_label(pos), source.slice(ply.range));

    if let Some(end) = &frame.end
        && !(options.moves_after_draw && end.end.is_continuable())
    {
        return Err(game_over(end, ply.range, &label(&frame.pos), source));
    }
    if ply.number.is_some()
        && let Err(wrong) = check_number(&frame.pos, ply)
    {
        // A checkmate just played comes first.
        settle(frame, source, tokens)?;
        return Err(match &frame.end {
            Some(end) if !(options.moves_after_draw && end.end.is_continuable()) => {
                game_over(end, ply.range, &label(&frame.pos), source)
            }
            _ => wrong,
        });
    }

    let ctx = || Context {
        pos: &frame.pos,
        lost: &frame.lost,
        source,
        range: ply.range,
    };
    let resolved = match resolve::resolve(&frame.pos, ctx, &ply.mv, mode) {
        Ok(r) => r,
        Err(rejection) => {
            settle(frame, source, tokens)?;
            if frame.pos.legal_moves().is_empty() {
                let end = EndInfo {
                    end: if frame.pos.is_check() {
                        End::Checkmate(!frame.pos.turn())
                    } else {
                        End::Stalemate
                    },
                    by: frame.last(),
                    plies: frame.plies,
                };
                return Err(game_over(&end, ply.range, &label(&frame.pos), source));
            }
            return Err(illegal(
                &frame.pos,
                ply.range,
                &label(&frame.pos),
                rejection,
            ));
        }
    };
    // A legal move: the check before it, if any, was not mate.
    frame.unsure = None;
    let m = resolved.m;
    if let Some(ep) = ply.ep
        && !m.is_en_passant()
    {
        return Err(Diagnostic::new(
            ErrorKind::WrongMarker,
            ep,
            format!(
                "`{}` is marked `e.p.`, but it is not an en passant capture",
                label(&frame.pos)
            ),
        )
        .with_help("remove `e.p.`"));
    }

    // The castling rights before the move, if it may take some away (the
    // one thing the bookkeeping needs from the position before the move).
    let castles_before = may_take_rights(&frame.pos, m).then(|| frame.pos.castles().clone());
    frame.pos.play_unchecked(m);
    frame.plies += 1;
    let mover = !frame.pos.turn();
    let check = frame.pos.is_check();
    // Mate is decided now only where the move claims it; otherwise later.
    let (mate, unsure) = if check {
        if matches!(ply.marker, Some((Marker::Mate | Marker::DoublePlus, _))) {
            (frame.pos.legal_moves().is_empty(), false)
        } else {
            (false, true)
        }
    } else {
        (false, false)
    };

    let san = resolved.san.with_suffix(if mate {
        Some(shakmaty::san::Suffix::Checkmate)
    } else if check {
        Some(shakmaty::san::Suffix::Check)
    } else {
        None
    });
    if let Some((marker, range)) = ply.marker {
        let before_label = || {
            let dots = if mover == Color::White { "." } else { "..." };
            format!(
                "{}{dots} {}",
                played_number(&frame.pos),
                source.slice(ply.range)
            )
        };
        check_marker(marker, range, check, mate, &before_label, (m, san), tokens)?;
    }
    frame.moves.push(m);
    frame.sans.push(san);

    // Castling rights lost by this move, for later explanations.
    let rights_changed = match castles_before {
        Some(castles) if frame.pos.castles().castling_rights() != castles.castling_rights() => {
            record_lost_rights(frame, &castles, mover, m);
            true
        }
        _ => false,
    };

    // The rules that end the game. Only a piece moving without capture
    // leaves a position that can recur.
    let reversible = matches!(
        m,
        Move::Normal {
            role,
            capture: None,
            promotion: None,
            ..
        } if role != shakmaty::Role::Pawn
    ) && !rights_changed;
    // Without a branch on the kind of move, which varies from ply to ply.
    frame.segment = if reversible {
        frame.segment
    } else {
        frame.moves.len()
    };
    // A double step is the one move after which en passant can be legal
    // (the segment's first position then differs from the same placement
    // later in it).
    if matches!(m, Move::Normal { role: shakmaty::Role::Pawn, from, to, .. } if from.distance(to) == 2)
    {
        frame.history.first = segment_start(&frame.pos);
        frame.history.first_at = frame.segment;
    }
    if frame.end.is_none() {
        // Dead positions have no pawns, rooks or queens (asked first: the
        // answer hardly ever changes), and become so by a capture or a
        // promotion.
        let board = frame.pos.board();
        let dead = (board.pawns() | board.rooks_and_queens()).is_empty()
            && (m.is_capture() || m.is_promotion())
            && frame.pos.is_insufficient_material();
        let end = if mate {
            Some(End::Checkmate(mover))
        } else if dead {
            Some(End::DeadPosition)
        } else if frame.history.fivefold(&frame.moves, frame.segment, mover) {
            Some(End::FivefoldRepetition)
        } else if frame.pos.halfmoves() >= 150 {
            Some(End::SeventyFiveMoveRule)
        } else {
            None
        };
        if let Some(mut end) = end {
            // Checkmate and stalemate take precedence over the other draws.
            if unsure {
                frame.unsure = Some(Unsure {
                    marker: ply.marker.map(|(_, range)| range),
                    ply: ply.range,
                });
                settle(frame, source, tokens)?;
                if frame.end.is_some() {
                    return Ok(());
                }
            } else if !mate && !check && frame.pos.legal_moves().is_empty() {
                end = End::Stalemate;
            }
            frame.end = Some(EndInfo {
                end,
                by: frame.last(),
                plies: frame.plies,
            });
            return Ok(());
        }
    }
    if unsure {
        frame.unsure = Some(Unsure {
            marker: ply.marker.map(|(_, range)| range),
            ply: ply.range,
        });
    }
    Ok(())
}

/// Decides a pending check ([`Unsure`]): if nothing answers it, it was
/// checkmate, and the SAN, the end of the game and a `+` written on the move
/// are put right.
fn settle(frame: &mut Frame, source: &Source, tokens: bool) -> Result<(), Diagnostic> {
    let Some(unsure) = frame.unsure.take() else {
        return Ok(());
    };
    if !frame.pos.legal_moves().is_empty() {
        return Ok(());
    }
    let mate = Some(shakmaty::san::Suffix::Checkmate);
    match (frame.sans.last_mut(), frame.before.as_mut()) {
        (Some(san), _) => *san = san.with_suffix(mate),
        (None, Some(before)) => before.san = before.san.with_suffix(mate),
        (None, None) => {}
    }
    let Some(last) = frame.last() else {
        return Ok(());
    };
    if frame.end.is_none() {
        frame.end = Some(EndInfo {
            end: End::Checkmate(last.color),
            by: Some(last),
            plies: frame.plies,
        });
    }
    match unsure.marker {
        Some(range) => {
            let label = || {
                let dots = if last.color == Color::White {
                    "."
                } else {
                    "..."
                };
                format!("{}{dots} {}", last.number, source.slice(unsure.ply))
            };
            check_marker(
                Marker::Check,
                range,
                true,
                true,
                &label,
                (last.m, last.san),
                tokens,
            )
        }
        None => Ok(()),
    }
}

/// Whether `m` may take castling rights away in `pos` (before it): a king
/// or castling move, or a move from or to a square whose rook has a right.
#[inline(always)]
fn may_take_rights(pos: &Chess, m: Move) -> bool {
    let rights = pos.castles().castling_rights();
    rights.any()
        && match m {
            Move::Normal { role, from, to, .. } => {
                role == shakmaty::Role::King || rights.contains(from) || rights.contains(to)
            }
            Move::Castle { .. } => true,
            Move::EnPassant { .. } | Move::Put { .. } => false,
        }
}

/// The positions of the current segment, hashed only once the segment is
/// long enough to hold a fifth occurrence, and a filter that spares most
/// looks for one.
#[derive(Clone)]
struct History {
    /// The hash of the first position of the segment starting at move
    /// `first_at` ([`segment_start`]); a segment starting elsewhere begins
    /// where no en passant capture is legal, and its first hash is zero.
    first: Zobrist64,
    first_at: usize,
    /// Hashes of the positions of the segment starting at move `hashed`,
    /// first included, made from its moves when first needed and extended
    /// from then on.
    hashes: Vec<Zobrist64>,
    hashed: usize,
    /// One bit per value of a hash's top byte, set for the first
    /// `filtered` hashes: a hash whose bit is clear is a first occurrence.
    seen: [u64; 4],
    filtered: usize,
}

impl History {
    /// A history whose segment starts at move 0 with a position hashed
    /// `first`.
    fn new(first: Zobrist64) -> History {
        History {
            first,
            first_at: 0,
            hashes: Vec::new(),
            hashed: 0,
            seen: [0; 4],
            filtered: 0,
        }
    }

    /// The hash of the first position of the segment starting at `segment`.
    fn first(&self, segment: usize) -> Zobrist64 {
        if self.first_at == segment {
            self.first
        } else {
            Zobrist64::default()
        }
    }

    /// Whether the position after `moves`, whose segment starts after
    /// `moves[..segment]` (the last move by `mover`), is the fifth
    /// occurrence of its position. Five occurrences need 17 positions:
    /// shorter segments are never looked at.
    #[inline(always)]
    fn fivefold(&mut self, moves: &[Move], segment: usize, mover: Color) -> bool {
        moves.len() >= segment + 16 && self.repeated_fivefold(moves, segment, mover)
    }

    #[inline(never)]
    fn repeated_fivefold(&mut self, moves: &[Move], segment: usize, mover: Color) -> bool {
        let first = self.first(segment);
        let moves = moves.get(segment..).unwrap_or_default();
        if self.hashed != segment || self.hashes.is_empty() {
            self.hashes.clear();
            self.hashes.push(first);
            self.hashed = segment;
            self.filtered = 0;
        }
        // Hash the positions not hashed yet. Within a segment every move
        // is a piece moving from one square to another; the movers
        // alternate, `mover` having made the last move.
        let mut h = self.hashes.last().copied().unwrap_or_default();
        let done = self.hashes.len() - 1;
        for (i, m) in moves.iter().enumerate().skip(done) {
            let color = if (moves.len() - 1 - i).is_multiple_of(2) {
                mover
            } else {
                !mover
            };
            if let Move::Normal { role, from, to, .. } = *m {
                h ^= Zobrist64::zobrist_for_piece(from, role.of(color));
                h ^= Zobrist64::zobrist_for_piece(to, role.of(color));
            }
            // The first position's hash is its own: the others start from
            // zero.
            if i == 0 {
                h ^= first;
            }
            self.hashes.push(h);
        }
        let bit = |h: Zobrist64| (h.0 >> 62) as usize;
        let mask = |h: Zobrist64| 1u64 << ((h.0 >> 56) & 63);
        if self.filtered == 0 {
            self.seen = [0; 4];
        }
        let Some((&h, before)) = self.hashes.split_last() else {
            return false;
        };
        for &old in before.get(self.filtered..).unwrap_or_default() {
            self.seen[bit(old)] |= mask(old);
        }
        self.filtered = self.hashes.len();
        let new = self.seen[bit(h)] & mask(h) == 0;
        self.seen[bit(h)] |= mask(h);
        !new && occurrences(&self.hashes, h) >= 5
    }
}

/// How often `h`, the last entry of `history`, occurs in it. A position
/// recurs only with the same side to move and at least two moves later,
/// so only every other entry from four plies back is looked at.
fn occurrences(history: &[Zobrist64], h: Zobrist64) -> usize {
    let mut n = 1;
    let mut i = history.len().wrapping_sub(5);
    while let Some(x) = history.get(i) {
        if *x == h {
            n += 1;
        }
        i = i.wrapping_sub(2);
    }
    n
}

/// Appends SAN with its suffix, byte by byte.
fn write_san(out: &mut String, san: &shakmaty::san::SanPlus) {
    use shakmaty::san::San;
    let square = |out: &mut String, sq: shakmaty::Square| {
        out.push(sq.file().char());
        out.push(sq.rank().char());
    };
    match san.san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != shakmaty::Role::Pawn {
                out.push(role.upper_char());
            }
            if let Some(f) = file {
                out.push(f.char());
            }
            if let Some(r) = rank {
                out.push(r.char());
            }
            if capture {
                out.push('x');
            }
            square(out, to);
            if let Some(p) = promotion {
                out.push('=');
                out.push(p.upper_char());
            }
        }
        San::Castle(CastlingSide::KingSide) => out.push_str("O-O"),
        San::Castle(CastlingSide::QueenSide) => out.push_str("O-O-O"),
        San::Put { role, to } => {
            if role != shakmaty::Role::Pawn {
                out.push(role.upper_char());
            }
            out.push('@');
            square(out, to);
        }
        San::Null => out.push_str("--"),
    }
    if let Some(suffix) = san.suffix {
        out.push(suffix.char());
    }
}

fn record_lost_rights(frame: &mut Frame, before: &shakmaty::Castles, mover: Color, m: Move) {
    let Some(by) = frame.last() else {
        return;
    };
    for color in [Color::White, Color::Black] {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let Some(rook) = before.rook(color, side) else {
                continue;
            };
            if frame.pos.castles().has(color, side) {
                continue;
            }
            let how = if color == mover && m.is_castle() {
                LostHow::Castled
            } else if color == mover && m.role() == shakmaty::Role::King {
                LostHow::KingMoved
            } else if color == mover && m.from() == Some(rook) {
                LostHow::RookMoved(rook)
            } else {
                LostHow::RookCaptured(rook)
            };
            frame.lost[explain::right_index(color, side)] = Some(LostRight { how, by });
        }
    }
}

/// Checks a written move number against the position (inlined: the
/// common case is one comparison).
#[inline(always)]
fn check_number(pos: &Chess, ply: &PlySyntax) -> Result<(), Diagnostic> {
    match ply.number {
        Some(n)
            if n.value != Some(pos.fullmoves().get())
                || n.black != (pos.turn() == Color::Black) =>
        {
            Err(wrong_number(pos, n))
        }
        _ => Ok(()),
    }
}

#[cold]
#[inline(never)]
fn wrong_number(pos: &Chess, n: crate::syntax::MoveNumber) -> Diagnostic {
    let expected = pos.fullmoves().get();
    let turn = pos.turn();
    let written_black = n.black;
    let right = number_label(pos);
    let message = match n.value {
        None => format!(
            "this move number is far too large: the move after it is {}'s move {expected}",
            color_name(turn)
        ),
        Some(v) if v != expected => format!(
            "move number {v} does not match: the move after it is {}'s move {expected}",
            color_name(turn)
        ),
        Some(_) => {
            if written_black {
                format!("`{expected}...` marks a Black move, but it is White's turn")
            } else {
                format!("`{expected}.` marks a White move, but it is Black's turn")
            }
        }
    };
    Diagnostic::new(ErrorKind::WrongMoveNumber, n.range, message)
        .with_help(format!("write `{right}`"))
}

fn check_marker(
    marker: Marker,
    range: Range,
    check: bool,
    mate: bool,
    label: &dyn Fn() -> String,
    (m, san): (Move, SanBits),
    tokens: bool,
) -> Result<(), Diagnostic> {
    let fine = match marker {
        Marker::Check => check && !mate,
        Marker::Mate | Marker::DoublePlus => mate,
    };
    if fine {
        return Ok(());
    }
    let label = label();
    let san = san.san_plus(m);
    let problem = match (marker, check, mate) {
        (Marker::Check, _, true) => Some((
            format!("`{label}` is marked `+`, but it is checkmate"),
            if tokens {
                format!(
                    "write `{} #` (Rust needs the space before `#`) or `{}++`",
                    san.san, san.san
                )
            } else {
                format!("write `{san}`")
            },
        )),
        (Marker::Check, false, _) => Some((
            format!("`{label}` is marked `+`, but it gives no check"),
            "remove the `+`".to_string(),
        )),
        (Marker::Mate | Marker::DoublePlus, true, false) => Some((
            format!(
                "`{label}` is marked `{}`, but it is only check, not mate",
                marker.as_str()
            ),
            "write `+`".to_string(),
        )),
        (Marker::Mate | Marker::DoublePlus, false, _) => Some((
            format!(
                "`{label}` is marked `{}`, but it gives neither check nor mate",
                marker.as_str()
            ),
            format!("remove the `{}`", marker.as_str()),
        )),
        _ => None,
    };
    match problem {
        Some((message, help)) => {
            let d = Diagnostic::new(ErrorKind::WrongMarker, range, message).with_help(help);
            Err(if mate && marker == Marker::Check {
                d
            } else {
                d.with_help(format!("the move is `{san}`"))
            })
        }
        None => Ok(()),
    }
}

fn illegal(pos: &Chess, range: Range, label: &str, rejection: Rejection) -> Diagnostic {
    let mut d = Diagnostic::new(
        rejection.kind,
        range,
        format!(
            "{} cannot play `{label}`: {}",
            color_name(pos.turn()),
            rejection.reason
        ),
    );
    d.help = rejection.help;
    d
}

fn game_over(end: &EndInfo, range: Range, label: &str, source: &Source) -> Diagnostic {
    let when = match (&end.by, end.end) {
        (Some(by), End::Checkmate(_)) => format!(" with `{by}`"),
        (Some(by), _) => format!(" after `{by}`"),
        (None, _) => " in the starting position".to_string(),
    };
    let d = Diagnostic::new(
        ErrorKind::GameOver,
        range,
        format!(
            "`{label}` comes after the end of the game: {}{when}",
            end.end.describe()
        ),
    );
    if end.end.is_continuable() {
        d.with_help(if source.in_macro() {
            "remove this move and everything after it, or accept moves after a draw the rules impose with `#![allow(moves_after_draw)]` at the start of the macro input"
        } else {
            "remove this move and everything after it, or accept moves after a draw the rules impose with `--moves-after-draw`"
        })
    } else {
        d.with_help("remove this move and everything after it")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax;

    fn run(text: &str) -> Result<VerifiedGame, (ErrorKind, String, String)> {
        run_with(text, Options::default())
    }

    fn run_with(text: &str, options: Options) -> Result<VerifiedGame, (ErrorKind, String, String)> {
        let src = Source::text(text, None, None);
        let mut games = syntax::parse(&src);
        let game = games
            .remove(0)
            .map_err(|d| (d.kind, src.slice(d.range).to_string(), d.render(None)))?;
        replay(
            &game,
            &src,
            Chess::default(),
            CastlingMode::Standard,
            options,
        )
        .map_err(|d| (d.kind, src.slice(d.range).to_string(), d.render(None)))
    }

    fn err(text: &str) -> (ErrorKind, String, String) {
        match run(text) {
            Ok(g) => panic!("expected an error for {text:?}, got {}", g.san()),
            Err(e) => e,
        }
    }

    #[test]
    fn suggests_moves_one_edit_away() {
        let first_help = |text: &str| {
            let (_, _, message) = err(text);
            message
                .lines()
                .nth(1)
                .unwrap_or_default()
                .trim_start_matches("help: ")
                .to_string()
        };
        // A wrong rank, a wrong piece letter, an extra character.
        assert_eq!(first_help("1. e4 e5 2. Nf4"), "did you mean `Nf3`?");
        assert_eq!(
            first_help("1. e4 e5 2. Bf3"),
            "did you mean `Nf3`, `Bd3` or `Qf3`?"
        );
        assert_eq!(first_help("1. e4 e5 2. Nff3"), "did you mean `Nf3`?");
        // In the notation the move was written in.
        assert_eq!(first_help("1. e2e5"), "did you mean `e2e3` or `e2e4`?");
        assert_eq!(first_help("1. Ng1-f4"), "did you mean `Ng1-f3`?");
        assert_eq!(first_help("1. g1-f4"), "did you mean `g1-f3`?");
        // Nothing close: no guess.
        assert!(!err("1. e4 e5 2. Qb6").2.contains("did you mean"));
    }

    #[test]
    fn replays_and_normalises_san() {
        let g =
            run("1. e2-e4 e7e5 2. knight g1 to f3 Nb8-c6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O").unwrap();
        assert_eq!(g.san(), "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O");
        assert_eq!(g.result, ResultToken::Unknown);
        assert_eq!(g.end, None);
    }

    #[test]
    fn checkmate_and_result() {
        let g = run("1. e4 f5 2. Qf3 g5 3. Qh5 # 1-0").unwrap();
        assert_eq!(g.san(), "e4 f5 Qf3 g5 Qh5#");
        assert_eq!(g.end, Some((End::Checkmate(Color::White), 5)));
        let (kind, at, _) = err("1. e4 f5 2. Qf3 g5 3. Qh5 # 0-1");
        assert_eq!((kind, at.as_str()), (ErrorKind::WrongResult, "0-1"));
        let (kind, at, msg) = err("1. e4 f5 2. Qf3 g5 3. Qh5 # Nf6");
        assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Nf6"));
        assert!(
            msg.contains("White checkmated Black with `3. Qh5#`"),
            "{msg}"
        );
    }

    #[test]
    fn markers_must_be_true() {
        assert_eq!(err("1. e4 + e5").0, ErrorKind::WrongMarker);
        assert_eq!(err("1. e4 f5 2. Qf3 g5 3. Qh5+").0, ErrorKind::WrongMarker);
        assert_eq!(err("1. e4 f5 2. Qh5 #").1, "#");
        assert!(run("1. e4 f5 2. Qh5+").is_ok());
    }

    #[test]
    fn mate_found_after_the_fact() {
        // No marker: the SAN and the end still say mate.
        let g = run("1. e4 f5 2. Qf3 g5 3. Qh5").unwrap();
        assert_eq!(g.san(), "e4 f5 Qf3 g5 Qh5#");
        assert_eq!(g.end, Some((End::Checkmate(Color::White), 5)));
        // A `+` on the mate is wrong, also when moves follow it; the marker
        // comes first in the source.
        for text in [
            "1. e4 f5 2. Qf3 g5 3. Qh5+ Nf6",
            "1. e4 f5 2. Qf3 g5 3. Qh5+ 4. a3",
        ] {
            let (kind, at, msg) = err(text);
            assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "+"), "{text}");
            assert!(
                msg.contains("`3. Qh5` is marked `+`, but it is checkmate"),
                "{msg}"
            );
        }
        // Unmarked mate, then a wrong move number or an illegal move: the
        // game is over.
        for (text, at) in [
            ("1. e4 f5 2. Qf3 g5 3. Qh5 4. a3", "a3"),
            ("1. e4 f5 2. Qf3 g5 3. Qh5 Nf6", "Nf6"),
            ("1. e4 f5 2. Qf3 g5 3. Qh5 Kf7", "Kf7"),
        ] {
            let (kind, got, msg) = err(text);
            assert_eq!((kind, got.as_str()), (ErrorKind::GameOver, at), "{text}");
            assert!(msg.contains("with `3. Qh5#`"), "{msg}");
        }
        // A check that is answered, or that ends the line unanswered but
        // answerable, is only check.
        assert_eq!(run("1. e4 f5 2. Qh5+ g6").unwrap().san(), "e4 f5 Qh5+ g6");
        let g = run("1. e4 f5 2. Qh5").unwrap();
        assert_eq!((g.san().as_str(), g.end), ("e4 f5 Qh5+", None));
        // In a variation.
        let (kind, at, _) = err("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5+) g5");
        assert_eq!((kind, at.as_str()), (ErrorKind::WrongMarker, "+"));
        let (kind, at, _) = err("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5 Nf6) g5");
        assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "Nf6"));
        assert!(run("1. e4 f5 2. Qf3 (2. d3 g5 3. Qh5) g5 3. Qh5").is_ok());
    }

    /// A mate that also reaches the 75-move limit is mate.
    #[test]
    fn mate_outranks_the_75_move_rule() {
        let from = |board: &str, moves: &str| {
            let text = format!("[SetUp \"1\"]\n[FEN \"{board} w - - 149 100\"]\n\n{moves}");
            crate::verify_text(&Source::text(text, None, None)).remove(0)
        };
        let pgn = |moves: &str| from("7k/6pp/8/8/8/8/8/R5K1", moves);
        let g = pgn("100. Ra8").unwrap();
        assert_eq!(g.san(), "Ra8#");
        assert_eq!(g.end, Some((End::Checkmate(Color::White), 1)));
        assert_eq!(pgn("100. Ra8 1-0").unwrap().result, ResultToken::WhiteWins);
        assert_eq!(pgn("100. Ra8+").unwrap_err().kind, ErrorKind::WrongMarker);
        // No mate: the 75-move rule ends the game, with or without check.
        let g = pgn("100. Ra7").unwrap();
        assert_eq!(g.end, Some((End::SeventyFiveMoveRule, 1)));
        let g = from("7k/6p1/8/8/8/8/8/R5K1", "100. Ra8+").unwrap();
        assert_eq!(
            (g.san().as_str(), g.end),
            ("Ra8+", Some((End::SeventyFiveMoveRule, 1)))
        );
    }

    #[test]
    fn move_numbers_must_match() {
        assert_eq!(err("1. e4 e5 3. Nf3").1, "3.");
        assert_eq!(err("1. e4 1. e5").1, "1.");
        assert_eq!(err("1... e4").1, "1...");
        assert!(run("1. e4 1... e5 2. Nf3").is_ok());
        let (kind, _, msg) = err("1. e4 99999999999999999999999... e5");
        assert_eq!(kind, ErrorKind::WrongMoveNumber);
        assert!(msg.contains("far too large"));
    }

    #[test]
    fn explanations() {
        let (kind, at, msg) = err("1. d4 d5 2. Bc4");
        assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Bc4"));
        assert!(
            msg.starts_with(
                "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2"
            ),
            "{msg}"
        );

        let (kind, _, msg) = err("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Ke2");
        assert_eq!(kind, ErrorKind::IntoCheck, "{msg}");

        let (kind, _, msg) = err("1. e4 f5 2. Qh5+ Nc6");
        assert_eq!(kind, ErrorKind::InCheck, "{msg}");
        assert!(msg.contains("in check from the white queen on h5"), "{msg}");
        assert!(
            msg.contains("help: the only move that answers the check is `g6`"),
            "{msg}"
        );

        let (kind, at, msg) = err("1. e4 e5 2. d4 d5 3. d5");
        assert_eq!((kind, at.as_str()), (ErrorKind::PawnMove, "d5"));
        assert!(
            msg.starts_with(
                "White cannot play `3. d5`: the pawn on d4 is blocked by the black pawn on d5: a pawn cannot capture straight ahead"
            ),
            "{msg}"
        );

        let (kind, _, msg) = err("1. e4 e5 2. d4 Bb4+ 3. Nc3 Nf6 4. Nd5");
        assert_eq!(kind, ErrorKind::Pinned, "{msg}");
        assert!(
            msg.contains("pinned to its king on e1 by the black bishop on b4"),
            "{msg}"
        );
    }

    #[test]
    fn castling_explanations() {
        let (kind, _, msg) = err("1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 5. Bc4 Bc5 6. O-O");
        assert_eq!(kind, ErrorKind::CastlingRightLost);
        assert!(msg.contains("the king moved at `2. Ke2`"), "{msg}");
        let (kind, _, msg) = err("1. e4 e5 2. O-O");
        assert_eq!(kind, ErrorKind::CastlingBlocked, "{msg}");
        let (kind, _, msg) = err("1. e4 b6 2. Nf3 Ba6 3. Bb5 Bxb5 4. O-O");
        assert_eq!(kind, ErrorKind::CastlingAttacked, "{msg}");
        assert!(
            msg.contains("pass through f1, which the black bishop on b5 attacks"),
            "{msg}"
        );
        let (kind, _, msg) =
            err("1. h4 e5 2. Rh3 Qh4 3. Rg3 Qxg3 4. Nf3 Qh4 5. e4 Qxe4+ 6. Be2 Qxc2 7. O-O");
        assert_eq!(kind, ErrorKind::CastlingRightLost, "{msg}");
        assert!(msg.contains("the rook on h1 moved at `2. Rh3`"), "{msg}");
    }

    #[test]
    fn ambiguity_and_promotion() {
        let (kind, _, msg) = err("1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nd4");
        assert_eq!(kind, ErrorKind::Ambiguous, "{msg}");
        assert!(
            msg.contains("`Nbd4` or `Nfd4`") || msg.contains("`Nfd4` or `Nbd4`"),
            "{msg}"
        );
        let g = "1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8";
        assert_eq!(err(g).0, ErrorKind::PromotionMissing);
        assert_eq!(err(&format!("{g}=K")).0, ErrorKind::BadPromotion);
        assert!(run(&format!("{g}=N")).is_ok());
        assert!(run(&format!("{g}Q")).is_ok());
    }

    #[test]
    fn en_passant() {
        assert!(run("1. e4 d5 2. e5 f5 3. exf6 e.p.").is_ok());
        assert_eq!(
            err("1. e4 d5 2. e5 f5 3. d4 Nc6 4. exf6").0,
            ErrorKind::EnPassant
        );
        assert_eq!(err("1. e4 d5 2. exd5 e.p.").0, ErrorKind::WrongMarker);
    }

    #[test]
    fn variations_are_verified() {
        assert!(run("1. e4 (1. d4 d5 (1... Nf6)) 1... e5").is_ok());
        let (kind, at, _) = err("1. e4 (1. d4 d5 (1... Nf9)) 1... e5");
        assert_eq!((kind, at.as_str()), (ErrorKind::ExpectedMove, "Nf9"));
        let (kind, at, _) = err("1. e4 (1. d4 d5 2. Bc4) 1... e5");
        assert_eq!((kind, at.as_str()), (ErrorKind::Blocked, "Bc4"));
        // The error in the variation comes first in the text.
        let (_, at, _) = err("1. e4 (1. d4 Ke7) 1... Ke8");
        assert_eq!(at, "Ke7");
    }

    /// A variation inherits the positions of the segment it branches in: a
    /// fifth occurrence counts the main line's positions before it, and a
    /// move after it is over; the main line, which went elsewhere, goes on.
    #[test]
    fn variations_count_repetitions_from_the_line_they_leave() {
        let shuffle =
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6";
        let game = format!("{shuffle} 8. Nc3 (8. Ng1 Ng8 9. e4) 8... Nc6 9. d4");
        let (kind, at, msg) = err(&game);
        assert_eq!((kind, at.as_str()), (ErrorKind::GameOver, "e4"));
        assert!(msg.contains("fifth time after `8... Ng8`"), "{msg}");
        let g = run_with(
            &game,
            Options {
                moves_after_draw: true,
            },
        )
        .unwrap();
        assert_eq!(g.end, None);
        assert_eq!(g.san().split(' ').nth(14), Some("Nc3"));
        // Only four occurrences in the variation: no end.
        assert!(
            run(&format!(
                "{shuffle} 8. Nc3 (8. Ng1 Nc6 9. e4) 8... Nc6 9. d4"
            ))
            .is_ok()
        );
    }

    #[test]
    fn draws_end_the_game() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";
        let g = run(shuffle).unwrap();
        assert_eq!(g.end, Some((End::FivefoldRepetition, 16)));
        let (kind, _, msg) = err(&format!("{shuffle} 9. e4"));
        assert_eq!(kind, ErrorKind::GameOver);
        assert!(msg.contains("fifth time after `8... Ng8`"), "{msg}");
        let g = run_with(
            &format!("{shuffle} 9. e4"),
            Options {
                moves_after_draw: true,
            },
        )
        .unwrap();
        assert_eq!(g.end, Some((End::FivefoldRepetition, 16)));
        assert_eq!(g.moves.len(), 17);
    }

    #[test]
    fn a_legal_en_passant_makes_a_position_different() {
        // After 23... h5 White may take en passant (g5xh6): that position
        // differs from the one each of the four cycles of bishop moves
        // returns to, so none of them is a fifth occurrence; the first
        // fifth one is after the next `Bc5`.
        let game = "1. Nh3 b5 2. Ng1 f5 3. Nh3 g6 4. Ng1 a6 5. g4 d5 6. e3 Bg7 7. h4 Bf8 \
                    8. f3 Bg7 9. Ne2 Bf8 10. b4 f4 11. e4 dxe4 12. g5 Kd7 13. c4 Ke8 \
                    14. cxb5 Kd7 15. fxe4 Ke8 16. Nec3 Kd7 17. Ne2 Ke8 18. Nec3 Bd7 \
                    19. d3 Bc8 20. Qa4 Bd7 21. Be3 Bc8 22. Ba7 Bd7 23. Be3 h5";
        let cycle = |n: u32| format!(" {n}. Bc5 Bh3 {}. Be3 Bd7", n + 1);
        let four: String = [24, 26, 28, 30].map(cycle).concat();
        assert_eq!(run(&format!("{game}{four}")).unwrap().end, None);
        let g = run(&format!("{game}{four} 32. Bc5")).unwrap();
        assert_eq!(g.end, Some((End::FivefoldRepetition, 63)));
    }
}
