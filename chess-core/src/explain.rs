//! Why a move is illegal, in chess terms, and what would be legal instead.
//!
//! Only runs on the error path. The rules themselves are shakmaty's; this
//! module only looks at attack tables to name the pieces involved.

use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, MoveList, Piece, Position, Role, Square,
    attacks,
};

use crate::diag::ErrorKind;
use crate::notation::MoveSyntax;
use crate::san::SanBits;
use crate::source::{Range, Source};

/// How a castling right was lost, for explaining a later castling attempt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LostHow {
    /// The king moved.
    KingMoved,
    /// The side castled (on either side).
    Castled,
    /// The rook moved.
    RookMoved(Square),
    /// The rook was captured.
    RookCaptured(Square),
}

/// A lost castling right: how, and by which ply (e.g. `5. Ke2`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LostRight {
    /// How.
    pub how: LostHow,
    /// The ply.
    pub by: PlyRef,
}

/// A played ply, for messages: `23... Qxh2#` (written only when a message
/// needs it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlyRef {
    /// The move number.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// The move.
    pub m: Move,
    /// Its canonical SAN.
    pub san: SanBits,
}

impl std::fmt::Display for PlyRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let san = self.san.san_plus(self.m);
        match self.color {
            Color::White => write!(f, "{}. {san}", self.number),
            Color::Black => write!(f, "{}... {san}", self.number),
        }
    }
}

/// Index into the lost-rights table.
pub fn right_index(color: Color, side: CastlingSide) -> usize {
    usize::from(color == Color::Black) * 2 + usize::from(side == CastlingSide::QueenSide)
}

/// What the explainer may know besides the position.
pub struct Context<'a> {
    /// The position the move was tried in.
    pub pos: &'a Chess,
    /// How each castling right was lost, if it was lost during the game.
    pub lost: &'a [Option<LostRight>; 4],
    /// The text the move was read from.
    pub source: &'a Source,
    /// Where the move is written in it.
    pub range: Range,
}

impl Context<'_> {
    /// The move as written.
    pub fn text(&self) -> &str {
        self.source.slice(self.range)
    }
}

/// A rejected move: the kind, the reason (completing "White cannot play X: …")
/// and help lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The kind.
    pub kind: ErrorKind,
    /// The reason.
    pub reason: String,
    /// `help:` lines.
    pub help: Vec<String>,
}

impl Rejection {
    fn new(kind: ErrorKind, reason: impl Into<String>) -> Rejection {
        Rejection {
            kind,
            reason: reason.into(),
            help: Vec::new(),
        }
    }

    fn help(mut self, help: impl Into<String>) -> Rejection {
        let help = help.into();
        if !help.is_empty() && !self.help.contains(&help) {
            self.help.push(help);
        }
        self
    }

    fn help_opt(self, help: Option<String>) -> Rejection {
        match help {
            Some(h) => self.help(h),
            None => self,
        }
    }
}

/// "White" or "Black".
pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "white" or "black".
pub(crate) fn color_adj(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `"pawn"`, `"knight"`, …
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn plural(role: Role) -> String {
    format!("{}s", role_name(role))
}

/// "the white pawn on e2"
fn piece_on(pos: &Chess, sq: Square) -> String {
    match pos.board().piece_at(sq) {
        Some(p) => format!("the {} {} on {sq}", color_adj(p.color), role_name(p.role)),
        None => format!("the empty square {sq}"),
    }
}

/// "the bishop on f1" (a piece of the side to move)
fn own_piece_on(pos: &Chess, sq: Square) -> String {
    match pos.board().role_at(sq) {
        Some(r) => format!("the {} on {sq}", role_name(r)),
        None => format!("the empty square {sq}"),
    }
}

/// "the bishop on c4 and the queen on h5"
fn pieces_list(pos: &Chess, squares: Bitboard) -> String {
    join_and(squares.into_iter().map(|sq| piece_on(pos, sq)).collect())
}

fn join_and(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} and {last}", items.join(", "))
        }
    }
}

fn join_or(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} or {last}", items.join(", "))
        }
    }
}

/// SAN of a legal move in `pos` (with `+`/`#`).
pub fn san_of(pos: &Chess, m: Move) -> String {
    shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
}

fn quoted_list(pos: &Chess, moves: impl Iterator<Item = Move>, limit: usize) -> String {
    let mut sans: Vec<String> = moves.map(|m| format!("`{}`", san_of(pos, m))).collect();
    if sans.len() > limit {
        let more = sans.len() - limit;
        sans.truncate(limit);
        sans.push(format!("{more} more"));
    }
    sans.join(", ")
}

/// "the knight on g1 can move to `Nf3`, `Nh3`" or "… has no legal move".
fn moves_of_piece(pos: &Chess, from: Square) -> String {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from() == Some(from))
        .collect();
    if moves.is_empty() {
        format!("{} has no legal move", own_piece_on(pos, from))
    } else {
        format!(
            "{} can play {}",
            own_piece_on(pos, from),
            quoted_list(pos, moves.into_iter(), 10)
        )
    }
}

fn moves_of_role(pos: &Chess, role: Role) -> String {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.role() == role && !m.is_castle_like())
        .collect();
    if moves.is_empty() {
        format!(
            "{} has no legal {} move",
            color_name(pos.turn()),
            role_name(role)
        )
    } else {
        format!(
            "legal {} moves: {}",
            role_name(role),
            quoted_list(pos, moves.into_iter(), 10)
        )
    }
}

/// In check: every legal move answers it. "moves that answer the check:
/// `g6`" (or, with none, that it is checkmate).
fn check_answers(pos: &Chess) -> String {
    let legal = pos.legal_moves();
    match legal.len() {
        0 => "it is checkmate: no move answers the check".to_string(),
        1 => format!(
            "the only move that answers the check is {}",
            quoted_list(pos, legal.iter().copied(), 1)
        ),
        _ => format!(
            "moves that answer the check: {}",
            quoted_list(pos, legal.iter().copied(), 10)
        ),
    }
}

fn moves_to(pos: &Chess, to: Square, except_role: Option<Role>) -> Option<String> {
    let legal = pos.legal_moves();
    let moves: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to() == to && !m.is_castle_like() && Some(m.role()) != except_role)
        .collect();
    (!moves.is_empty()).then(|| {
        format!(
            "moves that reach {to}: {}",
            quoted_list(pos, moves.into_iter(), 10)
        )
    })
}

trait CastleLike {
    fn is_castle_like(&self) -> bool;
}

impl CastleLike for Move {
    fn is_castle_like(&self) -> bool {
        matches!(self, Move::Castle { .. })
    }
}

fn forward(color: Color) -> i32 {
    match color {
        Color::White => 8,
        Color::Black => -8,
    }
}

fn start_rank_of_pawns(color: Color) -> shakmaty::Rank {
    match color {
        Color::White => shakmaty::Rank::Second,
        Color::Black => shakmaty::Rank::Seventh,
    }
}

/// The slider or stepper squares that attack `sq` for `attacker`.
fn attackers(pos: &Chess, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
    pos.board().attacks_to(sq, attacker, occupied)
}

/// The first occupied square on the way from `from` to `to`.
fn first_blocker(pos: &Chess, from: Square, to: Square) -> Option<Square> {
    let between = attacks::between(from, to) & pos.board().occupied();
    if between.is_empty() {
        return None;
    }
    // The blocker nearest to `from`.
    between.into_iter().min_by_key(|sq| sq.distance(from))
}

/// Why the piece on `from` cannot go to `to`, ordered by how much it tells.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    /// It does not move like that.
    Geometry(String),
    /// The way is blocked.
    Blocked(Square),
    /// Pawn rules.
    Pawn(ErrorKind, String),
    /// Nothing on the target for a written capture.
    NothingToCapture,
    /// The king is in check and this does not answer it.
    InCheck(Bitboard),
    /// Pinned to the king by that piece.
    Pinned(Square),
    /// The king would be attacked (king moves, en passant exposures).
    IntoCheck(Bitboard),
    /// Nothing wrong found (the failure lies elsewhere).
    Unknown,
}

impl Verdict {
    fn priority(&self) -> u8 {
        match self {
            Verdict::Unknown => 0,
            Verdict::Geometry(_) => 1,
            Verdict::Pawn(..) => 2,
            Verdict::Blocked(_) => 3,
            Verdict::NothingToCapture => 4,
            Verdict::InCheck(_) | Verdict::Pinned(_) | Verdict::IntoCheck(_) => 5,
        }
    }
}

fn geometry_phrase(role: Role, from: Square, to: Square) -> String {
    let how = match role {
        Role::Knight => "a knight jumps two squares one way and one the other",
        Role::Bishop => "a bishop moves diagonally",
        Role::Rook => "a rook moves along ranks and files",
        Role::Queen => "a queen moves along ranks, files and diagonals",
        Role::King => "a king moves one square (or castles with `O-O`/`O-O-O`)",
        Role::Pawn => "a pawn moves straight ahead and captures diagonally forward",
    };
    format!("{from} to {to} is not a {} move: {how}", role_name(role))
}

/// The verdict for the (existing, own) piece on `from` going to `to`.
fn verdict(pos: &Chess, from: Square, to: Square, capture_written: bool) -> Verdict {
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Verdict::Unknown;
    };
    let role = piece.role;
    let us = pos.turn();
    let occupied = board.occupied();

    if role == Role::Pawn {
        if let Some(v) = pawn_verdict(pos, from, to) {
            return v;
        }
    } else {
        let empty_board = attacks::attacks(from, piece, Bitboard::EMPTY);
        if !empty_board.contains(to) {
            return Verdict::Geometry(geometry_phrase(role, from, to));
        }
        if !attacks::attacks(from, piece, occupied).contains(to)
            && let Some(b) = first_blocker(pos, from, to)
        {
            return Verdict::Blocked(b);
        }
    }
    let target_empty = !occupied.contains(to);
    let is_ep = role == Role::Pawn && from.file() != to.file() && target_empty;
    if capture_written && target_empty && !is_ep {
        return Verdict::NothingToCapture;
    }

    // Pseudo-legal: the king's safety decides.
    let Some(king) = board.king_of(us) else {
        return Verdict::Unknown;
    };
    let them = !us;
    if role == Role::King {
        let attacked = attackers(pos, to, them, occupied.without(from));
        if attacked.any() {
            return Verdict::IntoCheck(attacked);
        }
        return Verdict::Unknown;
    }
    let checkers = pos.checkers();
    // Occupancy after the move.
    let mut after = occupied.without(from).with(to);
    let mut captured = Bitboard::from_square(to);
    if is_ep {
        let victim = Square::from_coords(to.file(), from.rank());
        after = after.without(victim);
        captured = captured.with(victim);
    }
    let exposed = attackers(pos, king, them, after) & !captured;
    if checkers.any() {
        let resolves = checkers.count() == 1
            && checkers.first().is_some_and(|c| {
                c == to || attacks::between(king, c).contains(to) || (is_ep && captured.contains(c))
            });
        if !resolves {
            return Verdict::InCheck(checkers);
        }
    }
    if exposed.any() {
        if is_ep {
            return Verdict::IntoCheck(exposed);
        }
        if let Some(pinner) = exposed
            .into_iter()
            .find(|s| attacks::aligned(*s, king, from))
        {
            return Verdict::Pinned(pinner);
        }
        return Verdict::IntoCheck(exposed);
    }
    Verdict::Unknown
}

/// Pawn rules for the pawn on `from` going to `to`; `None` if the move obeys
/// them (the king's safety is checked afterwards).
fn pawn_verdict(pos: &Chess, from: Square, to: Square) -> Option<Verdict> {
    let us = pos.turn();
    let board = pos.board();
    let dir = forward(us);
    let df = i32::from(to.file() as u8) - i32::from(from.file() as u8);
    let dr = (i32::from(to.rank() as u8) - i32::from(from.rank() as u8)) * dir.signum();
    let pawn = own_piece_on(pos, from);
    if dr <= 0 {
        return Some(Verdict::Pawn(
            ErrorKind::PawnMove,
            format!("pawns only move forward; {pawn} cannot go to {to}"),
        ));
    }
    if df == 0 {
        if dr > 2 || (dr == 2 && from.rank() != start_rank_of_pawns(us)) {
            return Some(Verdict::Pawn(
                ErrorKind::PawnMove,
                if from.rank() == start_rank_of_pawns(us) {
                    format!("{pawn} can advance one or two squares, not {dr}")
                } else {
                    format!(
                        "{pawn} can only advance one square; a pawn steps two squares only from its starting square"
                    )
                },
            ));
        }
        if dr == 2 {
            let mid = from.offset(dir)?;
            if board.occupied().contains(mid) {
                return Some(Verdict::Blocked(mid));
            }
        }
        if let Some(p) = board.piece_at(to)
            && p.color != us
        {
            return Some(Verdict::Pawn(
                ErrorKind::PawnMove,
                format!(
                    "{pawn} is blocked by {}: a pawn cannot capture straight ahead",
                    piece_on(pos, to)
                ),
            ));
        }
        return None;
    }
    if df.abs() != 1 || dr != 1 {
        return Some(Verdict::Pawn(
            ErrorKind::PawnMove,
            format!("{pawn} cannot reach {to}: a pawn captures one square diagonally forward"),
        ));
    }
    if board.occupied().contains(to) {
        return None;
    }
    // Diagonal onto an empty square: only en passant.
    let victim = Square::from_coords(to.file(), from.rank());
    let enemy_pawn = board.piece_at(victim)
        == Some(Piece {
            color: !us,
            role: Role::Pawn,
        });
    if pos.maybe_ep_square() == Some(to) {
        return None;
    }
    if enemy_pawn {
        return Some(Verdict::Pawn(
            ErrorKind::EnPassant,
            format!(
                "en passant is only possible on the move right after the enemy pawn's two-square advance, and {} did not just make one",
                piece_on(pos, victim)
            ),
        ));
    }
    Some(Verdict::Pawn(
        ErrorKind::NothingToCapture,
        format!("a pawn moves diagonally only to capture, and there is nothing to capture on {to}"),
    ))
}

fn verdict_rejection(pos: &Chess, from: Square, to: Square, v: Verdict) -> Rejection {
    let piece = own_piece_on(pos, from);
    let us = pos.turn();
    match v {
        Verdict::Geometry(phrase) => Rejection::new(ErrorKind::CannotReach, phrase),
        Verdict::Blocked(b) => Rejection::new(
            ErrorKind::Blocked,
            format!("{piece} is blocked by {}", piece_on(pos, b)),
        ),
        Verdict::Pawn(kind, reason) => Rejection::new(kind, reason),
        Verdict::NothingToCapture => Rejection::new(
            ErrorKind::NothingToCapture,
            format!("there is nothing to capture on {to}"),
        ),
        Verdict::InCheck(checkers) => {
            let king = pos
                .board()
                .king_of(us)
                .map_or(String::new(), |k| format!(" on {k}"));
            let reason = if checkers.count() > 1 {
                format!(
                    "the king{king} is in double check from {}, and only a king move answers a double check",
                    pieces_list(pos, checkers)
                )
            } else {
                format!(
                    "the king{king} is in check from {}, and this move does not answer it",
                    pieces_list(pos, checkers)
                )
            };
            Rejection::new(ErrorKind::InCheck, reason).help(check_answers(pos))
        }
        Verdict::Pinned(pinner) => {
            let king = pos
                .board()
                .king_of(us)
                .map_or(String::new(), |k| format!(" on {k}"));
            Rejection::new(
                ErrorKind::Pinned,
                format!(
                    "{piece} is pinned to its king{king} by {}",
                    piece_on(pos, pinner)
                ),
            )
        }
        Verdict::IntoCheck(by) => {
            let reason = if pos.board().role_at(from) == Some(Role::King) {
                format!(
                    "the king would be in check on {to} from {}",
                    pieces_list(pos, by)
                )
            } else {
                format!("it would expose the king to {}", pieces_list(pos, by))
            };
            Rejection::new(ErrorKind::IntoCheck, reason)
        }
        Verdict::Unknown => Rejection::new(
            ErrorKind::CannotReach,
            format!("{piece} cannot move to {to}"),
        ),
    }
}

/// Explains why `mv` matches no legal move in `ctx.pos`; a legal move one
/// edit away from what was written comes first among the help lines.
pub fn explain(ctx: &Context<'_>, mv: &MoveSyntax) -> Rejection {
    let mut rejection = explain_move(ctx, mv);
    if let Some((suggestion, moves)) = did_you_mean(ctx.pos, ctx.text(), mv) {
        // Not when a help line already lists exactly these moves.
        let quoted = |line: &str| -> Vec<String> {
            line.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        };
        let repeated = rejection.help.iter().any(|line| {
            let listed = quoted(line);
            listed.len() == moves.len() && moves.iter().all(|m| listed.contains(m))
        });
        if !repeated {
            rejection.help.insert(0, suggestion);
        }
    }
    rejection
}

/// How a from-to move was written, to suggest moves the same way.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Style {
    San,
    /// `e2e4`, `e7e8q`.
    Uci,
    /// `e2-e4`, `Ng1-f3`, `e4xd5`.
    Lan,
}

/// "did you mean `Nf3`?" when legal moves are one edit (a wrong, missing or
/// extra character: a file, a rank, a piece letter) away from `text`, in
/// the notation it was written in; with the moves suggested.
fn did_you_mean(pos: &Chess, text: &str, mv: &MoveSyntax) -> Option<(String, Vec<String>)> {
    let style = match mv {
        MoveSyntax::San { .. } => Style::San,
        // The long form (`knight g1 to f3`) is too far from any suggestion.
        MoveSyntax::FromTo { .. } if text.contains(char::is_whitespace) => return None,
        MoveSyntax::FromTo { .. } if text.contains(['-', 'x']) => Style::Lan,
        MoveSyntax::FromTo { .. } => Style::Uci,
        _ => return None,
    };
    let written: Vec<char> = text.chars().filter(|c| !matches!(c, '+' | '#')).collect();
    if written.len() > 12 {
        return None;
    }
    let mode = pos.castles().mode();
    let mut found: Vec<String> = Vec::new();
    for &m in &pos.legal_moves() {
        let spelled = match style {
            Style::San => San::from_move(pos, m).to_string(),
            Style::Uci => m.to_uci(mode).to_string(),
            Style::Lan if m.is_castle_like() => continue,
            Style::Lan => lan(m, written.first().is_some_and(char::is_ascii_uppercase)),
        };
        // A piece letter added or dropped turns a piece move into a pawn
        // move or back: too far to guess.
        let piece_letter = |w: Option<&char>| w.is_some_and(char::is_ascii_uppercase);
        if piece_letter(written.first()) != piece_letter(spelled.chars().next().as_ref()) {
            continue;
        }
        if one_edit(&written, &spelled) && !found.contains(&spelled) {
            found.push(spelled);
        }
    }
    if found.is_empty() || found.len() > 3 {
        return None;
    }
    let quoted = found.iter().map(|s| format!("`{s}`")).collect();
    Some((format!("did you mean {}?", join_or(quoted)), found))
}

/// Long algebraic notation: `e2-e4`, `e4xd5`, `Ng1-f3` (the piece letter
/// only if `letter`), `e7-e8=Q`.
fn lan(m: Move, letter: bool) -> String {
    let mut out = String::new();
    if letter && m.role() != Role::Pawn {
        out.push(m.role().upper_char());
    }
    if let Some(from) = m.from() {
        out.push_str(&from.to_string());
    }
    out.push(if m.is_capture() { 'x' } else { '-' });
    out.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        out.push('=');
        out.push(p.upper_char());
    }
    out
}

/// `true` if `b` differs from `a` by exactly one replaced, inserted or
/// removed character.
fn one_edit(a: &[char], b: &str) -> bool {
    let b: Vec<char> = b.chars().collect();
    let (short, long) = if a.len() <= b.len() {
        (a, b.as_slice())
    } else {
        (b.as_slice(), a)
    };
    let prefix = short.iter().zip(long).take_while(|(x, y)| x == y).count();
    match long.len() - short.len() {
        0 => prefix < short.len() && short[prefix + 1..] == long[prefix + 1..],
        1 => short[prefix..] == long[prefix + 1..],
        _ => false,
    }
}

fn explain_move(ctx: &Context<'_>, mv: &MoveSyntax) -> Rejection {
    let pos = ctx.pos;
    match *mv {
        MoveSyntax::Castle(side) => explain_castle(ctx, side),
        MoveSyntax::San {
            role,
            file,
            rank,
            capture,
            to,
            ..
        } => explain_san(ctx, role, file, rank, capture, to),
        MoveSyntax::FromTo {
            role,
            from,
            to,
            capture,
            ..
        } => {
            let us = pos.turn();
            let Some(piece) = pos.board().piece_at(from) else {
                return Rejection::new(
                    ErrorKind::WrongPiece,
                    format!("there is no piece on {from}"),
                )
                .help_opt(moves_to(pos, to, None));
            };
            if piece.color != us {
                return Rejection::new(
                    ErrorKind::WrongPiece,
                    format!(
                        "{} belongs to {}, and it is {}'s turn",
                        piece_on(pos, from),
                        color_name(!us),
                        color_name(us)
                    ),
                )
                .help_opt(moves_to(pos, to, None));
            }
            if let Some(role) = role.filter(|r| *r != piece.role) {
                return Rejection::new(
                    ErrorKind::WrongPiece,
                    format!(
                        "the piece on {from} is a {}, not a {}",
                        role_name(piece.role),
                        role_name(role)
                    ),
                )
                .help(moves_of_piece(pos, from));
            }
            if piece.role == Role::King
                && let Some(side) = castling_intent(pos, from, to)
            {
                return explain_castle(ctx, side);
            }
            if let Some(own) = own_target(pos, to) {
                return own.help(moves_of_piece(pos, from));
            }
            let v = verdict(pos, from, to, capture);
            verdict_rejection(pos, from, to, v).help(moves_of_piece(pos, from))
        }
        MoveSyntax::Null | MoveSyntax::Drop(_) => {
            Rejection::new(ErrorKind::ExpectedMove, "this is not a standard chess move")
        }
    }
}

/// A king going two files along its back rank (or onto its own rook) means
/// castling.
fn castling_intent(pos: &Chess, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    if from.rank() != us.backrank() || to.rank() != us.backrank() {
        return None;
    }
    let own_rook = pos.board().piece_at(to) == Some(us.rook());
    let distance = from.file().distance(to.file());
    if distance >= 2 || own_rook {
        Some(if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        })
    } else {
        None
    }
}

fn own_target(pos: &Chess, to: Square) -> Option<Rejection> {
    let p = pos.board().piece_at(to)?;
    (p.color == pos.turn()).then(|| {
        Rejection::new(
            ErrorKind::OwnPiece,
            format!(
                "{to} is occupied by {}'s own {}",
                color_name(p.color),
                role_name(p.role)
            ),
        )
    })
}

fn explain_san(
    ctx: &Context<'_>,
    role: Role,
    file: Option<File>,
    rank: Option<shakmaty::Rank>,
    capture: bool,
    to: Square,
) -> Rejection {
    let pos = ctx.pos;
    let us = pos.turn();
    let ours = pos.our(role);
    if ours.is_empty() {
        return Rejection::new(
            ErrorKind::NoSuchPiece,
            format!("{} has no {} left", color_name(us), role_name(role)),
        )
        .help_opt(moves_to(pos, to, None));
    }
    if role == Role::King
        && let Some(king) = ours.first()
        && let Some(side) = castling_intent(pos, king, to).filter(|_| king.file() == File::E)
        && king.file().distance(to.file()) == 2
    {
        let castle = explain_castle(ctx, side);
        if castle.kind != ErrorKind::ExpectedMove {
            return castle.help(format!("to castle, write `{}`", side_san(side)));
        }
    }
    if let Some(own) = own_target(pos, to) {
        return own.help(moves_of_role(pos, role));
    }

    // The pieces the move can mean.
    let origins: Vec<Square> = if role == Role::Pawn {
        pawn_origins(pos, file, to)
    } else {
        ours.into_iter()
            .filter(|sq| file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r))
            .collect()
    };
    if origins.is_empty() {
        return no_origin(pos, role, file, rank, to);
    }
    let verdicts: Vec<(Square, Verdict)> = origins
        .iter()
        .map(|&from| (from, verdict(pos, from, to, capture)))
        .collect();
    let top = verdicts
        .iter()
        .map(|(_, v)| v.priority())
        .max()
        .unwrap_or(0);
    let Some((from, v)) = verdicts.iter().find(|(_, v)| v.priority() == top).cloned() else {
        return no_origin(pos, role, file, rank, to);
    };
    // Several pieces blocked: name every one of them.
    let blocked: Vec<String> = verdicts
        .iter()
        .filter_map(|(from, v)| match v {
            Verdict::Blocked(b) => Some(format!(
                "{} by {}",
                own_piece_on(pos, *from),
                piece_on(pos, *b)
            )),
            _ => None,
        })
        .collect();
    if blocked.len() > 1 {
        return Rejection::new(
            ErrorKind::Blocked,
            format!(
                "{} {} are blocked: {}",
                if blocked.len() == 2 { "both" } else { "all" },
                plural(role),
                join_and(blocked)
            ),
        )
        .help(moves_of_role(pos, role))
        .help_opt(moves_to(pos, to, Some(role)));
    }
    if origins.len() > 1 && matches!(v, Verdict::Geometry(_)) {
        let squares: Vec<String> = origins.iter().map(ToString::to_string).collect();
        return Rejection::new(
            ErrorKind::CannotReach,
            format!(
                "no {} {} can reach {to} (they are on {})",
                color_adj(us),
                role_name(role),
                join_and(squares)
            ),
        )
        .help(moves_of_role(pos, role))
        .help_opt(moves_to(pos, to, Some(role)));
    }
    let help = if origins.len() == 1 {
        moves_of_piece(pos, from)
    } else {
        moves_of_role(pos, role)
    };
    verdict_rejection(pos, from, to, v)
        .help(help)
        .help_opt(moves_to(pos, to, Some(role)))
}

/// Pawns that a pawn move in SAN can mean.
fn pawn_origins(pos: &Chess, file: Option<File>, to: Square) -> Vec<Square> {
    let us = pos.turn();
    let pawns = pos.our(Role::Pawn);
    match file {
        // A push: the nearest pawn behind `to` on its file, else any on it.
        None => {
            let on_file: Vec<Square> = pawns
                .into_iter()
                .filter(|sq| sq.file() == to.file())
                .collect();
            let behind = on_file
                .iter()
                .copied()
                .filter(|sq| match us {
                    Color::White => sq.rank() < to.rank(),
                    Color::Black => sq.rank() > to.rank(),
                })
                .min_by_key(|sq| sq.distance(to));
            match behind {
                Some(sq) => vec![sq],
                None => on_file,
            }
        }
        // A capture: the pawn one rank behind on that file, else any on it.
        Some(f) => {
            let on_file: Vec<Square> = pawns.into_iter().filter(|sq| sq.file() == f).collect();
            let behind = to
                .offset(-forward(us))
                .map(|sq| Square::from_coords(f, sq.rank()))
                .filter(|sq| on_file.contains(sq));
            match behind {
                Some(sq) => vec![sq],
                None => on_file,
            }
        }
    }
}

fn no_origin(
    pos: &Chess,
    role: Role,
    file: Option<File>,
    rank: Option<shakmaty::Rank>,
    to: Square,
) -> Rejection {
    let us = pos.turn();
    let place = match (file, rank) {
        (Some(f), Some(r)) => format!(" on {}", Square::from_coords(f, r)),
        (Some(f), None) => format!(" on the {}-file", f.char()),
        (None, Some(r)) => format!(" on rank {}", r.char()),
        (None, None) => String::new(),
    };
    let all: Vec<String> = pos.our(role).into_iter().map(|s| s.to_string()).collect();
    let have = if all.is_empty() {
        String::new()
    } else {
        format!(
            " ({} {} {} on {})",
            color_name(us),
            if all.len() == 1 { "has its" } else { "has" },
            if all.len() == 1 {
                role_name(role).to_string()
            } else {
                plural(role)
            },
            join_and(all)
        )
    };
    Rejection::new(
        ErrorKind::NoSuchPiece,
        format!(
            "{} has no {}{place} that could go to {to}{have}",
            color_name(us),
            role_name(role)
        ),
    )
    .help(moves_of_role(pos, role))
    .help_opt(moves_to(pos, to, Some(role)))
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

fn side_san(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    }
}

fn explain_castle(ctx: &Context<'_>, side: CastlingSide) -> Rejection {
    let pos = ctx.pos;
    let us = pos.turn();
    let castles = pos.castles();
    let king_moves = || moves_of_role(pos, Role::King);
    let other = match side {
        CastlingSide::KingSide => CastlingSide::QueenSide,
        CastlingSide::QueenSide => CastlingSide::KingSide,
    };
    let other_legal = pos.castling_moves(other).first().map(|_| {
        format!(
            "`{}` (castling {}) is legal",
            side_san(other),
            side_name(other)
        )
    });
    let Some(rook) = castles.rook(us, side) else {
        let how = match &ctx.lost[right_index(us, side)] {
            Some(LostRight { how, by }) => match how {
                LostHow::KingMoved => format!("the king moved at `{by}`"),
                LostHow::Castled => format!("{} already castled at `{by}`", color_name(us)),
                LostHow::RookMoved(sq) => format!("the rook on {sq} moved at `{by}`"),
                LostHow::RookCaptured(sq) => format!("the rook on {sq} was captured at `{by}`"),
            },
            None => "the starting position gives no such right".to_string(),
        };
        return Rejection::new(
            ErrorKind::CastlingRightLost,
            format!(
                "{} can no longer castle {}: {how}",
                color_name(us),
                side_name(side)
            ),
        )
        .help_opt(other_legal)
        .help(king_moves());
    };
    let Some(king) = pos.board().king_of(us) else {
        return Rejection::new(ErrorKind::CastlingRightLost, "there is no king to castle");
    };
    let checkers = pos.checkers();
    if checkers.any() {
        return Rejection::new(
            ErrorKind::CastlingAttacked,
            format!(
                "castling out of check is not allowed, and the king on {king} is in check from {}",
                pieces_list(pos, checkers)
            ),
        )
        .help(check_answers(pos));
    }
    let blockers = castles.path(us, side) & pos.board().occupied();
    if blockers.any() {
        return Rejection::new(
            ErrorKind::CastlingBlocked,
            format!(
                "{} must be empty between king and rook, but {} {} there",
                join_and(
                    castles
                        .path(us, side)
                        .into_iter()
                        .map(|s| s.to_string())
                        .collect()
                ),
                pieces_list(pos, blockers),
                if blockers.count() > 1 {
                    "stand"
                } else {
                    "stands"
                }
            ),
        )
        .help_opt(other_legal)
        .help(king_moves());
    }
    let king_to = Square::from_coords(
        match side {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        },
        us.backrank(),
    );
    let occupied = pos.board().occupied().without(king).without(rook);
    let mut path: Vec<Square> = attacks::between(king, king_to).into_iter().collect();
    path.sort_by_key(|sq| sq.distance(king));
    path.push(king_to);
    for sq in path {
        let by = attackers(pos, sq, !us, occupied);
        if by.any() {
            let verb = if sq == king_to {
                "land on"
            } else {
                "pass through"
            };
            return Rejection::new(
                ErrorKind::CastlingAttacked,
                format!(
                    "the king would {verb} {sq}, which {} {}",
                    pieces_list(pos, by),
                    if by.count() > 1 { "attack" } else { "attacks" }
                ),
            )
            .help_opt(other_legal)
            .help(king_moves());
        }
    }
    Rejection::new(
        ErrorKind::CastlingAttacked,
        format!("castling {} is not legal here", side_name(side)),
    )
}

/// Explains a move that matched several legal moves.
pub fn ambiguous(pos: &Chess, matches: &MoveList, candidates: &MoveList) -> Rejection {
    let mut sorted: Vec<Move> = matches.iter().copied().collect();
    sorted.sort_by_key(|m| m.from().map(|sq| (sq.file(), sq.rank())));
    let pieces: Vec<String> = sorted
        .iter()
        .filter_map(|m| m.from())
        .map(|sq| own_piece_on(pos, sq))
        .collect();
    let alternatives: Vec<String> = sorted
        .iter()
        .map(|m| format!("`{}`", San::disambiguate(*m, candidates)))
        .collect();
    let to = sorted
        .first()
        .map(|m| m.to().to_string())
        .unwrap_or_default();
    Rejection::new(
        ErrorKind::Ambiguous,
        format!(
            "it is ambiguous: {} {} can go to {to}",
            if pieces.len() == 2 { "both" } else { "all of" },
            join_and(pieces)
        ),
    )
    .help(format!("say which: {}", join_or(alternatives)))
}

/// Explains a pawn move that reaches the last rank without a promotion piece.
pub fn promotion_missing(pos: &Chess, matches: &MoveList, candidates: &MoveList) -> Rejection {
    let alternatives: Vec<String> = matches
        .iter()
        .map(|m| format!("`{}`", San::disambiguate(*m, candidates)))
        .collect();
    let to = matches
        .first()
        .map(|m| m.to().to_string())
        .unwrap_or_default();
    let _ = pos;
    Rejection::new(
        ErrorKind::PromotionMissing,
        format!("the pawn reaches the last rank on {to} and must promote"),
    )
    .help(format!("write {}", join_or(alternatives)))
}

/// Explains a promotion to a piece a pawn cannot become, or a promotion
/// written for a move that does not promote.
pub fn bad_promotion(
    pos: &Chess,
    wanted: Role,
    matches: &MoveList,
    candidates: &MoveList,
) -> Rejection {
    let promotes = matches.iter().any(|m| m.promotion().is_some());
    if promotes {
        let alternatives: Vec<String> = matches
            .iter()
            .map(|m| format!("`{}`", San::disambiguate(*m, candidates)))
            .collect();
        Rejection::new(
            ErrorKind::BadPromotion,
            format!(
                "a pawn cannot promote to a {}; it becomes a queen, rook, bishop or knight",
                role_name(wanted)
            ),
        )
        .help(format!("write {}", join_or(alternatives)))
    } else {
        let plain: Vec<String> = matches
            .iter()
            .map(|m| format!("`{}`", san_of(pos, *m)))
            .collect();
        Rejection::new(
            ErrorKind::BadPromotion,
            "only a pawn reaching the last rank promotes, and this move does not",
        )
        .help(format!("write {}", join_or(plain)))
    }
}

/// Explains a capture sign on a move that captures nothing.
pub fn nothing_to_capture(pos: &Chess, m: Move) -> Rejection {
    Rejection::new(
        ErrorKind::NothingToCapture,
        format!("there is nothing to capture on {}", m.to()),
    )
    .help(format!("write `{}`", san_of(pos, m)))
}
