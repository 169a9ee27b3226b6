//! Games under rules a user defines, in words: the start stage's
//! [`CustomStart`] and the replay's [`CustomFailure`] as diagnostics. A
//! refused move is explained from chess-rules' [`Rejection`]s (blocked,
//! pinned, in check, not a move of the piece, with its moves in words …)
//! in the sentences chess's refusals are worded in (`game.rs`,
//! `reasons.rs`), with the piece's legal moves and a did-you-mean as help.
//! Worded here only what chess has no words for: a move made only from
//! the start square or only to an empty square, a letter the rule set has
//! no piece for, castling or drops the rule set does not have, a
//! stalemate that loses, a game that names no rule set of the file.

use chess_rules::{
    Effect, EndRule, Move, MoveText, Position, Rejection as Refusal, Rules, Square, Stalemate,
};
use shakmaty::Color;

use crate::diagnostic::words::{color_name, join_and};
use crate::diagnostic::{Diagnostic, ErrorKind, Help};
use crate::input::{Range, Source};
use crate::replay::custom::{CustomFailure, result_of};
use crate::replay::{Numbering, by_rule};
use crate::rule_sets::{RuleSets, Unnamed};
use crate::start::CustomStart;

use super::custom_words::{color, name, own_piece_on, side};
use super::game::{
    counted_label, describe, game_over, illegal, not_en_passant, numbered, wrong_marker,
    wrong_number, wrong_result,
};
use super::reasons::{self, piece_can_play, with_guess};
use super::refusal::refusal_rejection;
use super::rejection::Rejection;
use super::{gates, walls};

/// A move after the game ended in `end` (its last move `last`), written
/// `label`; `on` says where the end was, if elsewhere.
fn ended(
    range: Range,
    label: &str,
    end: &Position<'_>,
    last: &Option<(Position<'_>, Move)>,
    on: &str,
) -> Diagnostic {
    let outcome = end
        .outcome()
        .unwrap_or(EndRule::Checkmate(end.rules().checkmate));
    // The move that gave mate or reached the region ended it "with"
    // itself; a stalemate or an extinction came "after" it.
    let with = matches!(
        outcome,
        EndRule::Checkmate(_) | EndRule::Flag { .. } | EndRule::Checks { .. }
    );
    let by = last
        .as_ref()
        .map(|(pos, m)| (numbered(pos.fullmoves(), color(pos), &pos.san(*m)), with));
    let describe = describe_end((outcome, end.turn()), end.rules());
    game_over(range, label, &format!("{on}{describe}"), by, false)
}

/// A problem on one board of a bughouse game, said of that board; a drop
/// of a piece not in hand says where pieces in hand come from.
fn on_board(board: crate::syntax::Board, mut d: Diagnostic) -> Diagnostic {
    d.message = format!("on board {board}: {}", d.message);
    if d.kind == ErrorKind::EmptyPocket {
        d.help.push(Help::Note(format!(
            "on board {board}, pieces in hand come from what the partner takes on board {}",
            board.other()
        )));
    }
    d
}

/// The diagnostic for a replay's failure under rules a user defines;
/// `source` is the text it read.
pub fn custom_failure(failure: &CustomFailure<'_>, source: &Source) -> Diagnostic {
    match failure {
        CustomFailure::OnBoard { board, failure } => {
            on_board(*board, custom_failure(failure, source))
        }
        CustomFailure::GameOver {
            range,
            before,
            last,
            numbering,
        } => {
            let label = label(before, *range, source, *numbering);
            ended(*range, &label, before, last, "")
        }
        CustomFailure::AfterEnd {
            board,
            range,
            before,
            ended: (other, end, last),
        } => {
            let d = ended(
                *range,
                &label(before, *range, source, Numbering::default()),
                end,
                last,
                &format!("on board {other}, "),
            );
            on_board(*board, d)
        }
        CustomFailure::WrongNumber {
            number, expected, ..
        } => wrong_number(*number, *expected),
        CustomFailure::Illegal {
            range,
            text,
            wall,
            before,
            matches,
            numbering,
        } => {
            let written = source.slice(*range);
            let rejection = match (matches.as_slice(), wall) {
                ([], Some(wall)) if !before.matching(text).is_empty() => {
                    let walled = before.matching(text);
                    walls::bad_wall(before, &walled, *wall, name(before, walled[0].from))
                }
                ([], _) => reasons::with_the_other_sides(
                    why(before, text, written),
                    color(before),
                    written,
                    || is_the_other_sides(before, text),
                ),
                (several, _) if walls::walls_only(several) => walls::wall_missing(before, several),
                (several, _) if gates::gates_only(several) => gates::gate_unsaid(before, several),
                (several, _) => ambiguous(before, several),
            };
            illegal(
                color(before),
                *range,
                &label(before, *range, source, *numbering),
                rejection,
            )
        }
        CustomFailure::WrongMarker {
            marker,
            range,
            check,
            mate,
            before,
            played,
            text,
            numbering,
        } => {
            // A check that ends the game by a goal of the rules (the last
            // check to give, a flag reached) wins it as a mate would.
            let after = before.play(*played);
            let won = after
                .outcome()
                .filter(|&o| *mate && !matches!(o, EndRule::Checkmate(_)))
                .map(|o| describe_end((o, after.turn()), before.rules()));
            wrong_marker(
                *marker,
                *range,
                (*check, *mate, won.as_deref()),
                &label(before, *text, source, *numbering),
                before.san(*played),
            )
        }
        CustomFailure::NotEnPassant {
            ep,
            text,
            before,
            numbering,
        } => not_en_passant(*ep, &label(before, *text, source, *numbering)),
        CustomFailure::WrongResult { wrong, rules } => {
            wrong_result(wrong, source, |end| describe_end(end, rules), result_of)
        }
    }
}

/// The diagnostic for a game under rules a user defines that has no
/// start position.
pub fn custom_start_failure(failure: CustomStart, sets: &RuleSets) -> Diagnostic {
    match failure {
        CustomStart::Unnamed { why, at } => {
            let kind = match why {
                Unnamed::Tag(_) => ErrorKind::BadTag,
                Unnamed::Default(_) | Unnamed::SayWhich | Unnamed::Refused(_) => {
                    ErrorKind::RulesFile
                }
            };
            let near = match &why {
                Unnamed::Tag(name) => crate::syntax::nearest_names(name, Some(sets)),
                _ => Vec::new(),
            };
            let d = Diagnostic::new(kind, at, unnamed(&why, sets));
            if near.is_empty() {
                return d;
            }
            // The tag's value with its quotes is what the help replaces.
            d.with(Help::DidYouMean(
                near.iter().map(|name| format!("\"{name}\"")).collect(),
            ))
        }
        CustomStart::Fen { set, error, at } => Diagnostic::new(
            ErrorKind::BadSetup,
            at,
            format!(
                "the FEN cannot be read under {}: {}",
                sets.sets[set].name, error.message
            ),
        ),
        CustomStart::Start { set, error, at } => Diagnostic::new(
            ErrorKind::RulesFile,
            at,
            format!(
                "the start position of {} cannot be read: {}",
                sets.sets[set].name, error.message
            ),
        ),
    }
}

/// Why no rule set of `sets` was picked, in words.
pub fn unnamed(why: &Unnamed, sets: &RuleSets) -> String {
    let names: Vec<String> = sets.names().iter().map(|n| format!("`{n}`")).collect();
    match why {
        Unnamed::Tag(name) => format!(
            "no variant `{name}`: it names no section of the rules file, none of \
             Fairy-Stockfish's built-in variants and none of lichess's"
        ),
        Unnamed::Default(name) => format!(
            "no rule set `{name}`: the rules file defines {}",
            names.join(", ")
        ),
        Unnamed::SayWhich => format!("the rules file defines {}: say which", names.join(", ")),
        Unnamed::Refused(i) if sets.are_builtins() => {
            let refused = &sets.refused[*i];
            chess_rules::ini::Unplayable {
                variant: refused.name.clone(),
                why: sets.why(refused),
            }
            .to_string()
        }
        Unnamed::Refused(i) => {
            let refused = &sets.refused[*i];
            format!(
                "the rules file's `{}` cannot be played: {}",
                refused.name,
                sets.why(refused)
            )
        }
    }
}

/// A move as written with its number, as the game numbers its moves:
/// "12. Ad3".
fn label(before: &Position<'_>, range: Range, source: &Source, numbering: Numbering) -> String {
    let black = color(before) == Color::Black;
    counted_label(numbering, before.fullmoves(), black, source.slice(range))
}

/// How a game under `rules` ended, `to_move` being the side to move
/// then, as a clause ("Black has no king left, which loses under these
/// rules").
pub fn describe_end((outcome, to_move): (EndRule, chess_rules::Color), rules: &Rules) -> String {
    let stuck = side(to_move);
    let name = |letter: char| {
        rules
            .piece(letter)
            .map_or_else(|| letter.to_string(), |p| p.name.clone())
    };
    let under = |ending: chess_rules::Ending| match ending {
        chess_rules::Ending::Win => "which wins under these rules",
        chess_rules::Ending::Loss => "which loses under these rules",
        chess_rules::Ending::Draw => "which draws under these rules",
    };
    match outcome {
        EndRule::Extinction {
            color,
            piece,
            ending,
        } => {
            let count = rules.goals.extinction.as_ref().map_or(0, |e| e.count);
            let left = match (count, piece) {
                (0, '*') => "no pieces left".to_string(),
                (0, piece) => format!("no {} left", name(piece)),
                (n, '*') => format!("{n} or fewer pieces left"),
                (n, piece) => format!("{n} or fewer of its {} pieces left", name(piece)),
            };
            format!("{} has {left}, {}", color_name(side(color)), under(ending))
        }
        EndRule::Flag { draw: true, .. } => {
            "both sides reached their flag regions, which draws under these rules".to_string()
        }
        EndRule::Flag { color, .. } => {
            let flag = rules.goals.flag.as_ref();
            let piece = flag
                .and_then(|f| f.pieces[usize::from(color == chess_rules::Color::Black)])
                .map_or_else(|| "a piece".to_string(), |l| format!("its {}", name(l)));
            let region: Vec<String> = flag
                .map(|f| f.regions[usize::from(color == chess_rules::Color::Black)])
                .into_iter()
                .flat_map(|r| r.squares())
                .map(|sq| sq.to_string())
                .collect();
            let squares = if region.len() <= 8 {
                format!(" ({})", region.join(", "))
            } else {
                String::new()
            };
            format!(
                "{} brought {piece} to its flag region{squares}, which wins under these rules",
                color_name(side(color))
            )
        }
        EndRule::Checks { color } => last_check(color, rules),
        EndRule::Checkmate(chess_rules::Ending::Loss) => {
            describe(by_rule::checkmate(!stuck)).to_string()
        }
        EndRule::Checkmate(ending) => {
            format!("{} is checkmated, {}", color_name(stuck), under(ending))
        }
        EndRule::Stalemate(worth) if rules.stalemate_by_count => format!(
            "{} had no move, and a stalemate, counted by the pieces on the board, {} under these \
             rules",
            color_name(stuck),
            match worth {
                Stalemate::Draw => "draws with as many on each side",
                Stalemate::Win => "wins for it",
                Stalemate::Loss => "loses for it",
            }
        ),
        EndRule::Connect { color, ending } => {
            let (n, square) = rules
                .goals
                .connect
                .as_ref()
                .map_or((0, 0), |c| (c.n, c.square));
            let shape = match (n, square) {
                (_, 0) => format!("{n} pieces in a row"),
                (0, k) => format!("a {k} × {k} square of pieces"),
                (n, k) => format!("{n} pieces in a row or a {k} × {k} square of them"),
            };
            format!("{} has {shape}, {}", color_name(side(color)), under(ending))
        }
        EndRule::DropMate => format!(
            "{} is checkmated by a drop of a {}, which {} forbids: the side checkmated so wins",
            color_name(stuck),
            (rules.drops.as_ref())
                .and_then(|d| rules.piece(d.mate_loses?))
                .map_or("piece", |p| p.name.as_str()),
            rules.name
        ),
        EndRule::Passed => "both sides passed, one after the other, which draws".to_string(),
        EndRule::FullBoard => "the board is full, which draws".to_string(),
        EndRule::Castling { color, won } => castling_end(color, won, rules),
        EndRule::Bikjang => {
            "the generals faced each other and the side to move passed: bikjang, a draw".to_string()
        }
        EndRule::Counted { winner } => format!(
            "the game ended drawn, and material counting {} under these rules",
            match winner {
                Some(color) => format!("gives it to {}", color_name(side(color))),
                None => "leaves it drawn".to_string(),
            }
        ),
        EndRule::Stalemate(Stalemate::Draw) => describe(by_rule::STALEMATE).to_string(),
        EndRule::Stalemate(Stalemate::Loss) => format!(
            "{} had no move, and a stalemate loses under these rules",
            color_name(stuck)
        ),
        EndRule::Stalemate(Stalemate::Win) => format!(
            "{} had no move, and a stalemate wins under these rules",
            color_name(stuck)
        ),
    }
}

/// The last check `color` had to give, given, as a clause: its count
/// read from the start position (`3+3`).
fn last_check(color: chess_rules::Color, rules: &Rules) -> String {
    // How many it had to give: the start position's count.
    let white = color == chess_rules::Color::White;
    let given = rules
        .start
        .split(' ')
        .filter_map(|f| f.split_once('+'))
        .find_map(|(w, b)| (if white { w } else { b }).parse::<u8>().ok());
    const NTH: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match given.filter(|&n| n > 0) {
        Some(n) => format!(
            "{} gave its {} check, which wins under these rules",
            color_name(side(color)),
            NTH.get(usize::from(n) - 1)
                .map_or_else(|| format!("{n}th"), |w| (*w).to_string())
        ),
        None => format!(
            "{} gave the last of the checks it had to give, which wins under these rules",
            color_name(side(color))
        ),
    }
}

/// `color` castled where that wins (`won`), or lost the right to castle
/// there, as a clause.
fn castling_end(color: chess_rules::Color, won: bool, rules: &Rules) -> String {
    let wings = |king_side: bool| if king_side { "kingside" } else { "queenside" };
    let wins = rules.goals.castling_wins[usize::from(color == chess_rules::Color::Black)];
    let wing = match wins {
        [true, false] => wings(true),
        [false, true] => wings(false),
        _ => "on a wing where that counts",
    };
    if won {
        format!(
            "{} castled {wing}, which wins under {}",
            color_name(side(color)),
            rules.name
        )
    } else {
        format!(
            "{} lost its right to castle {wing}, which loses under {}",
            color_name(side(color)),
            rules.name
        )
    }
}

/// The legal moves of the piece on `from`, as help.
fn moves_of(pos: &Position<'_>, from: Square) -> Help {
    let moves = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| pos.san(m))
        .collect();
    piece_can_play(&own_piece_on(pos, from), moves)
}

/// The moves `matches`, all legal, that one move as written may mean.
fn ambiguous(pos: &Position<'_>, matches: &[Move]) -> Rejection {
    let mut sorted = matches.to_vec();
    sorted.sort_by_key(|m| (m.from.file, m.from.rank));
    // (Drops name the piece in hand; where their SAN is alike, as
    // Fairy-Stockfish writes two pieces put down as one gold, `G@e4`,
    // their coordinates tell them apart: `+N@e4`, `+L@e4`.)
    let pieces = sorted
        .iter()
        .map(|m| match m.kind {
            Effect::Drop { kind } => {
                format!("the {} in hand", pos.rules().pieces[usize::from(kind)].name)
            }
            _ => own_piece_on(pos, m.from),
        })
        .collect();
    let sans: Vec<String> = sorted.iter().map(|&m| pos.san(m)).collect();
    let choices = sorted
        .iter()
        .zip(&sans)
        .map(|(&m, san)| {
            if sans.iter().filter(|s| *s == san).count() > 1 {
                pos.uci(m)
            } else {
                san.clone()
            }
        })
        .collect();
    let to = sorted.first().map(|m| m.to.to_string()).unwrap_or_default();
    reasons::ambiguous(pieces, &to, choices)
}

/// Whether `text` is one legal move for the other side
/// ([`reasons::with_the_other_sides`]).
fn is_the_other_sides(pos: &Position<'_>, text: &MoveText) -> bool {
    pos.swapped()
        .is_some_and(|other| other.matching(text).len() == 1)
}

/// Why `text` (written `written`) is no legal move in `pos`, which has
/// legal moves.
fn why(pos: &Position<'_>, text: &MoveText, written: &str) -> Rejection {
    let rules = pos.rules();
    let mover = color(pos);
    if let Some(refused) = gates::refused(pos, text) {
        return refused;
    }
    match *text {
        MoveText::Castle { king_side, .. } => {
            let side = if king_side { "kingside" } else { "queenside" };
            let reason = match rules.castling {
                None => format!("{} has no castling", rules.name),
                Some(_) => format!("castling {side} is not legal here"),
            };
            let squares = rules.geometry.squares().filter(|&s| {
                pos.castles_with(s) && pos.piece_at(s).is_some_and(|p| p.color == pos.turn())
            });
            squares.fold(Rejection::new(ErrorKind::CannotReach, reason), |r, king| {
                r.help(moves_of(pos, king))
            })
        }
        MoveText::Drop { .. } if rules.drops.is_none() => Rejection::new(
            ErrorKind::Drop,
            format!(
                "{} has no drops: a piece cannot be put on the board",
                rules.name
            ),
        ),
        MoveText::San {
            piece: Some(letter),
            ..
        }
        | MoveText::Drop {
            piece: Some(letter),
            ..
        } if rules.index(letter).is_none() => {
            let letters: Vec<String> = rules
                .pieces
                .iter()
                .map(|p| format!("`{}` ({})", p.letter, p.name))
                .collect();
            Rejection::new(
                ErrorKind::NoSuchPiece,
                format!("{} has no piece written `{letter}`", rules.name),
            )
            .help(Help::Note(format!(
                "its pieces are written {}",
                join_and(letters)
            )))
        }
        MoveText::Drop {
            piece,
            to,
            promoted,
        } => {
            let kind = match piece {
                Some(letter) => rules.index(letter),
                None => rules.pieces.iter().position(|p| p.is_pawn()),
            };
            let refused = |kind: usize| pos.why_not_drop(kind as u8, to, promoted);
            match kind.and_then(|kind| Some((kind as u8, refused(kind)?))) {
                Some((kind, refusal)) => refusal_rejection(pos, to, to, None, refusal, Some(kind)),
                None => Rejection::new(
                    ErrorKind::NoSuchPiece,
                    format!("{} has no pawn to drop", rules.name),
                ),
            }
        }
        _ => why_not_here(pos, text, written, mover),
    }
}

/// Why none of the pieces `text` may mean can make it.
fn why_not_here(pos: &Position<'_>, text: &MoveText, written: &str, mover: Color) -> Rejection {
    let tries = pos.origins(text);
    let (promotion, to) = match *text {
        MoveText::San { promotion, to, .. } | MoveText::Coordinates { promotion, to, .. } => {
            (promotion, to)
        }
        _ => (None, Square::new(0, 0)),
    };
    let Some(&(from, _)) = tries.first() else {
        return with_guess(
            no_such_piece(pos, text, to, mover),
            did_you_mean(pos, text, written),
        );
    };
    // What a promotion letter names, if it is a piece (else none matches).
    let promotion_kind = promotion.map(|l| pos.rules().index(l).map_or(u8::MAX, |k| k as u8));
    let refusals: Vec<(Square, Refusal)> = tries
        .iter()
        .filter_map(|&(f, t)| Some((f, pos.why_not(f, t, promotion_kind)?)))
        .collect();
    let not_a_move = |r: &Refusal| matches!(r, Refusal::NotAMove { .. });
    // Several pieces of the kind, none of which moves that way.
    if tries.len() > 1
        && refusals.len() == tries.len()
        && refusals.iter().all(|(_, r)| not_a_move(r))
    {
        let squares = tries.iter().map(|(f, _)| f.to_string()).collect();
        return with_guess(
            reasons::none_reaches(mover, name(pos, from), &to.to_string(), squares),
            did_you_mean(pos, text, written),
        );
    }
    // The most telling reason among the pieces tried.
    let Some((from, refusal)) = refusals
        .iter()
        .find(|(_, r)| !not_a_move(r))
        .or(refusals.first())
        .cloned()
    else {
        // Each piece tried can go there, in another way than written.
        return Rejection::new(
            ErrorKind::CannotReach,
            format!("{} cannot move to {to} as written", own_piece_on(pos, from)),
        )
        .help(moves_of(pos, from));
    };
    let rejection = refusal_rejection(pos, from, to, promotion, refusal, None);
    let guess = matches!(
        rejection.kind,
        ErrorKind::CannotReach | ErrorKind::WrongPiece | ErrorKind::NothingToCapture
    );
    // The piece's legal moves, unless the help proposes moves already.
    let rejection = match pos.piece_at(from) {
        Some(p) if p.color == pos.turn() && rejection.help.is_empty() => {
            rejection.help(moves_of(pos, from))
        }
        _ => rejection,
    };
    if guess {
        with_guess(rejection, did_you_mean(pos, text, written))
    } else {
        rejection
    }
}

/// No piece of the side to move of the kind `text` names could make it.
fn no_such_piece(pos: &Position<'_>, text: &MoveText, to: Square, mover: Color) -> Rejection {
    let rules = pos.rules();
    let (kind, file, rank) = match *text {
        MoveText::San {
            piece, file, rank, ..
        } => (
            match piece {
                Some(letter) => rules.index(letter),
                None => rules.pieces.iter().position(|p| p.is_pawn()),
            },
            file,
            rank,
        ),
        _ => (None, None, None),
    };
    let Some(kind) = kind else {
        return Rejection::new(
            ErrorKind::NoSuchPiece,
            format!("{} has no pawn: name the piece", rules.name),
        );
    };
    let name = rules.pieces[kind].name.as_str();
    let place = match (file, rank) {
        (Some(f), Some(r)) => format!(" on {}", Square::new(f, r)),
        (Some(f), None) => format!(" on the {}-file", char::from(b'a' + f)),
        (None, Some(r)) => format!(" on rank {}", u32::from(r) + 1),
        (None, None) => String::new(),
    };
    let all = rules
        .geometry
        .squares()
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.color == pos.turn() && usize::from(p.kind) == kind)
        })
        .map(|s| s.to_string())
        .collect();
    reasons::no_such_piece(
        mover,
        (name, &format!("{name}s")),
        &place,
        &to.to_string(),
        all,
    )
}

/// The legal moves one edit away from what was written, spelled the way
/// it was: SAN, or coordinates with their separator (`b1 c4`, `b1-c4`,
/// `b1c4`).
fn did_you_mean(pos: &Position<'_>, text: &MoveText, written: &str) -> Option<Vec<String>> {
    let coordinates = matches!(text, MoveText::Coordinates { .. });
    let separator = if written.contains('-') {
        "-"
    } else if written.trim().contains(char::is_whitespace) {
        " "
    } else {
        ""
    };
    let spelled = pos.legal_moves().into_iter().map(|m: Move| {
        if coordinates {
            let promotion = m.promotion.map(|k| {
                pos.rules().pieces[usize::from(k)]
                    .letter
                    .to_ascii_lowercase()
            });
            let mut out = format!("{}{separator}{}", m.from, pos.uci_target(m));
            out.extend(promotion);
            out
        } else {
            pos.san(m).trim_end_matches(['+', '#']).to_string()
        }
    });
    let written: String = written
        .chars()
        .filter(|c| !matches!(c, '!' | '?'))
        .collect();
    reasons::one_edit_away(&written, spelled)
}
