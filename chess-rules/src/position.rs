//! Positions under a rule set: FEN in and out, legal moves, moves played,
//! check, checkmate, stalemate, perft.

use core::fmt;

use crate::geometry::{Geometry, Square};
use crate::rules::{Rules, Stalemate};

/// A side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; forward is up the ranks.
    White,
    /// Forward is down the ranks.
    Black,
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece on the board: its side and its kind (an index into
/// [`Rules::pieces`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// Which of the rule set's pieces.
    pub kind: u8,
}

/// What a move does besides going from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or a capture.
    Normal,
    /// A pawn's capture of a pawn that passed the square it moves to.
    EnPassant {
        /// Where the captured pawn stands.
        captured: Square,
    },
    /// The king and a rook.
    Castle {
        /// The rook's square.
        rook_from: Square,
        /// The rook's square after castling.
        rook_to: Square,
    },
}

/// A move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece's square (the king's, for castling).
    pub from: Square,
    /// Where it goes (the king's square after castling).
    pub to: Square,
    /// What a pawn becomes (a piece index).
    pub promotion: Option<u8>,
    /// What else it does.
    pub kind: MoveKind,
}

/// Why a FEN cannot be read under a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// The byte where the problem is.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.at)
    }
}

impl std::error::Error for FenError {}

/// How a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no move and is not in check.
    Stalemate(Stalemate),
}

/// A way some kinds of piece capture: along `vector` (turned for their
/// side), `range` steps (0: any), lame or not; `kinds` a bit per piece
/// kind that has it.
#[derive(Clone, Debug)]
struct Ray {
    vector: (i8, i8),
    range: u8,
    lame: bool,
    kinds: u64,
}

/// The rays of each side (White's, Black's).
fn rays(rules: &Rules) -> [Vec<Ray>; 2] {
    let mut out: [Vec<Ray>; 2] = [Vec::new(), Vec::new()];
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (kind, def) in rules.pieces.iter().enumerate().take(64) {
            for atom in def.atoms.iter().filter(|a| a.captures) {
                for &v in &atom.vectors {
                    let vector = Position::turned(color, v);
                    match out[side].iter_mut().find(|r| {
                        r.vector == vector && r.range == atom.range && r.lame == atom.lame
                    }) {
                        Some(r) => r.kinds |= 1 << kind,
                        None => out[side].push(Ray {
                            vector,
                            range: atom.range,
                            lame: atom.lame,
                            kinds: 1 << kind,
                        }),
                    }
                }
            }
        }
    }
    out
}

const EMPTY: u8 = 0;
const BLACK_BIT: u8 = 0x80;

/// A position under a rule set.
#[derive(Clone)]
pub struct Position<'r> {
    rules: &'r Rules,
    board: Vec<u8>,
    turn: Color,
    /// Castling rights: each side's rooks that may still castle.
    castling: Vec<(Color, Square)>,
    /// After a pawn's double step: the square it passed and where it
    /// stands.
    en_passant: Option<(Square, Square)>,
    halfmoves: u32,
    fullmoves: u32,
    /// Where each piece of the start position stood (for `i` moves):
    /// the board of the rule set's start, shared by every position of a
    /// game.
    start: std::sync::Arc<[u8]>,
    /// How each side's pieces capture, for attack tests.
    rays: std::sync::Arc<[Vec<Ray>; 2]>,
}

impl fmt::Debug for Position<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Whether the squares a lame leap passes, from `from` by `(dx, dy)`,
/// are empty: straight and diagonal leaps every square on the line,
/// oblique ones their orthogonal steps first, then diagonal ones.
fn path_clear_on(g: Geometry, board: &[u8], from: Square, (dx, dy): (i8, i8)) -> bool {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut steps = Vec::new();
    if ax == 0 || ay == 0 || ax == ay {
        for k in 1..ax.max(ay) {
            steps.push((sx * k, sy * k));
        }
    } else {
        let (major, minor) = (ax.max(ay), ax.min(ay));
        let (ox, oy) = if ax > ay { (sx, 0) } else { (0, sy) };
        let mut pos = (0, 0);
        for _ in 0..major - minor {
            pos = (pos.0 + ox, pos.1 + oy);
            steps.push(pos);
        }
        for _ in 1..minor {
            pos = (pos.0 + sx, pos.1 + sy);
            steps.push(pos);
        }
    }
    steps.into_iter().all(|(x, y)| {
        g.offset(from, x, y)
            .is_some_and(|s| board[g.index(s)] == EMPTY)
    })
}

fn encode(piece: Piece) -> u8 {
    (piece.kind + 1)
        | if piece.color == Color::Black {
            BLACK_BIT
        } else {
            0
        }
}

fn decode(cell: u8) -> Option<Piece> {
    (cell != EMPTY).then(|| Piece {
        color: if cell & BLACK_BIT != 0 {
            Color::Black
        } else {
            Color::White
        },
        kind: (cell & !BLACK_BIT) - 1,
    })
}

impl<'r> Position<'r> {
    /// The rule set's start position.
    pub fn start(rules: &'r Rules) -> Result<Position<'r>, FenError> {
        Position::from_fen(rules, &rules.start)
    }

    /// A position from FEN: ranks from the top, runs of empty squares of
    /// any length (`10`), the rule set's piece letters; side to move;
    /// castling (`KQkq` for the outermost rooks, or rook files `HAha`);
    /// en passant square; clocks (optional).
    pub fn from_fen(rules: &'r Rules, fen: &str) -> Result<Position<'r>, FenError> {
        let start = if fen == rules.start {
            None
        } else {
            Some(Position::from_fen(rules, &rules.start)?.board.clone())
        };
        let g = rules.geometry;
        let mut board = vec![EMPTY; g.len()];
        let err = |at: usize, message: String| FenError { at, message };
        if rules.pieces.len() > 64 {
            return Err(err(
                0,
                format!(
                    "{} kinds of piece: a rule set has at most 64",
                    rules.pieces.len()
                ),
            ));
        }
        let mut fields = Vec::new();
        let mut offset = 0;
        for part in fen.split(' ') {
            if !part.is_empty() {
                fields.push((offset, part));
            }
            offset += part.len() + 1;
        }
        let Some(&(_, placement)) = fields.first() else {
            return Err(err(0, "an empty FEN".into()));
        };
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != usize::from(g.ranks()) {
            return Err(err(
                0,
                format!("{} ranks, the board has {}", ranks.len(), g.ranks()),
            ));
        }
        let mut at = 0;
        for (row, text) in ranks.iter().enumerate() {
            let rank = g.ranks() - 1 - row as u8;
            let mut file: u32 = 0;
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let b = bytes[i];
                if b.is_ascii_digit() {
                    let len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                    let run = text[i..i + len].parse::<u32>().ok().filter(|&n| n >= 1);
                    let Some(run) = run.filter(|&n| file + n <= u32::from(g.files())) else {
                        return Err(err(
                            at + i,
                            format!(
                                "`{}` empty squares do not fit rank {} of {} files",
                                &text[i..i + len],
                                rank + 1,
                                g.files()
                            ),
                        ));
                    };
                    file += run;
                    i += len;
                    continue;
                }
                let Some(kind) = rules.index(b as char) else {
                    return Err(err(
                        at + i,
                        format!("`{}` is no piece of {}", b as char, rules.name),
                    ));
                };
                if file >= u32::from(g.files()) {
                    return Err(err(
                        at + i,
                        format!("rank {} has more than {} squares", rank + 1, g.files()),
                    ));
                }
                let color = if b.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board[g.index(Square::new(file as u8, rank))] = encode(Piece {
                    color,
                    kind: kind as u8,
                });
                file += 1;
                i += 1;
            }
            if file != u32::from(g.files()) {
                return Err(err(
                    at,
                    format!(
                        "rank {} has {file} squares, the board has {} files",
                        rank + 1,
                        g.files()
                    ),
                ));
            }
            at += text.len() + 1;
        }
        let field = |n: usize| fields.get(n).copied();
        let turn = match field(1) {
            None | Some((_, "w")) => Color::White,
            Some((_, "b")) => Color::Black,
            Some((at, other)) => {
                return Err(err(at, format!("`{other}` is not a side to move (w or b)")));
            }
        };
        let mut position = Position {
            rules,
            start: start.unwrap_or_else(|| board.clone()).into(),
            rays: std::sync::Arc::new(rays(rules)),
            board,
            turn,
            castling: Vec::new(),
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        if let Some((at, rights)) = field(2).filter(|(_, r)| *r != "-") {
            for (i, c) in rights.char_indices() {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let Some(rook) = position.castling_rook(color, c.to_ascii_uppercase()) else {
                    return Err(err(
                        at + i,
                        format!("`{c}`: no rook that could castle there"),
                    ));
                };
                position.castling.push((color, rook));
            }
        }
        if let Some((at, ep)) = field(3).filter(|(_, e)| *e != "-") {
            let passed = Square::parse(ep)
                .filter(|&s| g.contains(s))
                .ok_or_else(|| err(at, format!("`{ep}` is not a square of the board")))?;
            let dy = if turn == Color::White { -1 } else { 1 };
            let pawn = g
                .offset(passed, 0, dy)
                .ok_or_else(|| err(at, format!("`{ep}` cannot be an en passant square")))?;
            position.en_passant = Some((passed, pawn));
        }
        if let Some((at, n)) = field(4) {
            position.halfmoves = n
                .parse()
                .map_err(|_| err(at, format!("`{n}` is not a number")))?;
        }
        if let Some((at, n)) = field(5) {
            position.fullmoves = n
                .parse()
                .map_err(|_| err(at, format!("`{n}` is not a number")))?;
        }
        Ok(position)
    }

    /// The rook a castling letter stands for: `K`/`Q` the outermost rook
    /// on that side of the king on the back rank, a file letter the rook
    /// on that file.
    fn castling_rook(&self, color: Color, letter: char) -> Option<Square> {
        self.rules.castling?;
        let g = self.rules.geometry;
        let rank = if color == Color::White {
            0
        } else {
            g.ranks() - 1
        };
        let king = (0..g.files()).find(|&f| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && self.rules.pieces[p.kind as usize].royal)
        })?;
        let rook = self.rules.index('R')?;
        let is_rook = |f: u8| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && usize::from(p.kind) == rook)
        };
        let file = match letter {
            'K' => (king + 1..g.files()).rev().find(|&f| is_rook(f))?,
            'Q' => (0..king).find(|&f| is_rook(f))?,
            l @ 'A'..='P' => Some(l as u8 - b'A').filter(|&f| is_rook(f))?,
            _ => return None,
        };
        Some(Square::new(file, rank))
    }

    /// The rule set.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(*self.board.get(self.rules.geometry.index(sq))?)
    }

    fn geometry(&self) -> Geometry {
        self.rules.geometry
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        let g = self.geometry();
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            let mut empty = 0;
            for file in 0..g.files() {
                match self.piece_at(Square::new(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let letter = self.rules.pieces[p.kind as usize].letter;
                        out.push(if p.color == Color::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling.is_empty() {
            out.push('-');
        }
        for &(color, rook) in &self.castling {
            let letter = (b'A' + rook.file) as char;
            out.push(if color == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
        match self.en_passant {
            Some((passed, _)) => out.push_str(&format!(" {passed}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }

    /// A vector of an atom, turned for `color` (Black's forward is down).
    fn turned(color: Color, (dx, dy): (i8, i8)) -> (i8, i8) {
        match color {
            Color::White => (dx, dy),
            Color::Black => (dx, -dy),
        }
    }

    /// Whether the squares a lame leap from `from` by `(dx, dy)` passes
    /// are empty.
    fn path_clear(&self, from: Square, v: (i8, i8)) -> bool {
        path_clear_on(self.geometry(), &self.board, from, v)
    }

    /// Whether `piece` stands where a piece of its kind and side stood at
    /// the start (where `i` moves may be made).
    fn on_start_square(&self, sq: Square, piece: Piece) -> bool {
        self.start.get(self.geometry().index(sq)) == Some(&encode(piece))
    }

    /// Whether `color` attacks `target`.
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.attacked_on(&self.board, target, by)
    }

    /// [`Position::attacked`] on another arrangement of the pieces.
    fn attacked_on(&self, board: &[u8], target: Square, by: Color) -> bool {
        // Walk back from the target along each ray a piece of `by` captures
        // along: the first piece met attacks if its kind has that ray.
        let g = self.geometry();
        for ray in &self.rays[usize::from(by == Color::Black)] {
            let (dx, dy) = ray.vector;
            let mut k: i16 = 1;
            // Rays are at most 16 squares long on a 16 x 16 board: the
            // products stay small.
            while let Some(s) = g.offset(
                target,
                (-i16::from(dx) * k) as i8,
                (-i16::from(dy) * k) as i8,
            ) {
                let cell = board[g.index(s)];
                if let Some(piece) = decode(cell) {
                    if piece.color == by && ray.kinds & (1u64 << piece.kind) != 0 {
                        let def = &self.rules.pieces[piece.kind as usize];
                        // The piece's atoms along this ray, with their
                        // conditions.
                        let hits = def.atoms.iter().any(|a| {
                            a.captures
                                && a.range == ray.range
                                && a.lame == ray.lame
                                && a.vectors.iter().any(|&v| Self::turned(by, v) == ray.vector)
                                && (!a.initial || self.on_start_square(s, piece))
                                && (!a.lame || path_clear_on(g, board, s, ray.vector))
                        });
                        if hits {
                            return true;
                        }
                    }
                    break;
                }
                if ray.range != 0 && k >= i16::from(ray.range) {
                    break;
                }
                k += 1;
            }
        }
        false
    }

    /// Whether the side to move is in check (a royal piece of it is
    /// attacked).
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    fn in_check(&self, color: Color) -> bool {
        let g = self.geometry();
        (0..g.len()).any(|i| {
            decode(self.board[i]).is_some_and(|p| {
                p.color == color
                    && self.rules.pieces[p.kind as usize].royal
                    && self.attacked(g.square(i), !color)
            })
        })
    }

    /// Every move of the side to move that follows its pieces' moves,
    /// whether or not it leaves a royal piece attacked.
    fn pseudo_legal(&self) -> Vec<Move> {
        let g = self.geometry();
        let us = self.turn;
        let mut out = Vec::new();
        for index in 0..g.len() {
            let Some(piece) = decode(self.board[index]) else {
                continue;
            };
            if piece.color != us {
                continue;
            }
            let from = g.square(index);
            let def = &self.rules.pieces[piece.kind as usize];
            for atom in &def.atoms {
                if atom.initial && !self.on_start_square(from, piece) {
                    continue;
                }
                for &v in &atom.vectors {
                    let (dx, dy) = Self::turned(us, v);
                    if atom.lame && !self.path_clear(from, (dx, dy)) {
                        continue;
                    }
                    let mut k: i8 = 1;
                    while let Some(to) = g.offset(from, dx.saturating_mul(k), dy.saturating_mul(k))
                    {
                        match decode(self.board[g.index(to)]) {
                            None => {
                                if atom.moves {
                                    self.push(&mut out, piece, from, to, MoveKind::Normal);
                                } else if atom.en_passant
                                    && let Some((passed, captured)) = self.en_passant
                                    && passed == to
                                {
                                    self.push(
                                        &mut out,
                                        piece,
                                        from,
                                        to,
                                        MoveKind::EnPassant { captured },
                                    );
                                }
                            }
                            Some(other) => {
                                if other.color != us && atom.captures {
                                    self.push(&mut out, piece, from, to, MoveKind::Normal);
                                }
                                break;
                            }
                        }
                        if atom.range != 0 && k >= atom.range as i8 {
                            break;
                        }
                        k += 1;
                    }
                }
            }
            if def.royal {
                self.castles(&mut out, from);
            }
        }
        out
    }

    /// A move of `piece`, once per promotion on the promotion ranks.
    fn push(&self, out: &mut Vec<Move>, piece: Piece, from: Square, to: Square, kind: MoveKind) {
        let rules = self.rules;
        let def = &rules.pieces[piece.kind as usize];
        let last = self.geometry().ranks();
        let relative = if piece.color == Color::White {
            to.rank
        } else {
            last - 1 - to.rank
        };
        if def.pawn && relative + rules.promotion_ranks >= last {
            for &letter in &rules.promotion_pieces {
                if let Some(promotion) = rules.index(letter) {
                    out.push(Move {
                        from,
                        to,
                        promotion: Some(promotion as u8),
                        kind,
                    });
                }
            }
            return;
        }
        out.push(Move {
            from,
            to,
            promotion: None,
            kind,
        });
    }

    /// Castling moves of the royal piece on `king`: with each rook that
    /// still may, the squares between the two and their destinations
    /// empty, the king not in check and not passing an attacked square.
    fn castles(&self, out: &mut Vec<Move>, king: Square) {
        let Some(castling) = self.rules.castling else {
            return;
        };
        let us = self.turn;
        let g = self.geometry();
        for &(color, rook) in &self.castling {
            if color != us || rook.rank != king.rank {
                continue;
            }
            let king_side = rook.file > king.file;
            let king_to = Square::new(
                if king_side {
                    castling.king_side_file
                } else {
                    castling.queen_side_file
                },
                king.rank,
            );
            let rook_file = if king_side {
                king_to.file.wrapping_sub(1)
            } else {
                king_to.file + 1
            };
            if rook_file >= g.files() {
                continue;
            }
            let rook_to = Square::new(rook_file, king.rank);
            let lo = king.file.min(rook.file).min(king_to.file).min(rook_to.file);
            let hi = king.file.max(rook.file).max(king_to.file).max(rook_to.file);
            let clear = (lo..=hi).all(|f| {
                f == king.file
                    || f == rook.file
                    || self.piece_at(Square::new(f, king.rank)).is_none()
            });
            if !clear || self.attacked(king, !us) {
                continue;
            }
            let (a, b) = (king.file.min(king_to.file), king.file.max(king_to.file));
            if (a..=b).any(|f| f != king.file && self.attacked(Square::new(f, king.rank), !us)) {
                continue;
            }
            out.push(Move {
                from: king,
                to: king_to,
                promotion: None,
                kind: MoveKind::Castle {
                    rook_from: rook,
                    rook_to,
                },
            });
        }
    }

    /// The position after `m` (which must be one of [`Position::legal_moves`]).
    pub fn play(&self, m: Move) -> Position<'r> {
        let g = self.geometry();
        let mut next = self.clone();
        let piece = self.piece_at(m.from).expect("a piece moves");
        let captured =
            self.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::EnPassant { .. });
        next.board[g.index(m.from)] = EMPTY;
        match m.kind {
            MoveKind::Castle { rook_from, rook_to } => {
                next.board[g.index(rook_from)] = EMPTY;
                next.board[g.index(rook_to)] = encode(Piece {
                    color: piece.color,
                    kind: self.piece_at(rook_from).map_or(0, |p| p.kind),
                });
            }
            MoveKind::EnPassant { captured } => next.board[g.index(captured)] = EMPTY,
            MoveKind::Normal => {}
        }
        let placed = Piece {
            color: piece.color,
            kind: m.promotion.unwrap_or(piece.kind),
        };
        next.board[g.index(m.to)] = encode(placed);
        let def = &self.rules.pieces[piece.kind as usize];
        // A pawn's straight two-square step allows en passant.
        next.en_passant = None;
        if def.pawn && m.from.file == m.to.file && m.from.rank.abs_diff(m.to.rank) == 2 {
            let passed = Square::new(m.from.file, m.from.rank.min(m.to.rank) + 1);
            next.en_passant = Some((passed, m.to));
        }
        // Castling rights: a royal piece that moves loses them; a rook
        // that moves or is taken loses its own.
        next.castling.retain(|&(color, rook)| {
            !(def.royal && color == piece.color) && rook != m.from && rook != m.to
        });
        next.halfmoves = if def.pawn || captured {
            0
        } else {
            self.halfmoves + 1
        };
        if self.turn == Color::Black {
            next.fullmoves += 1;
        }
        next.turn = !self.turn;
        next
    }

    /// The legal moves: those that leave no royal piece of the side to
    /// move attacked.
    pub fn legal_moves(&self) -> Vec<Move> {
        // Each move made on a copy of the board only, then the mover's
        // royal pieces looked at.
        let g = self.geometry();
        let royals: Vec<Square> = g
            .squares()
            .filter(|&s| {
                self.piece_at(s).is_some_and(|p| {
                    p.color == self.turn && self.rules.pieces[p.kind as usize].royal
                })
            })
            .collect();
        let mut board = self.board.clone();
        self.pseudo_legal()
            .into_iter()
            .filter(|&m| {
                board.copy_from_slice(&self.board);
                let moving = board[g.index(m.from)];
                board[g.index(m.from)] = EMPTY;
                match m.kind {
                    MoveKind::Castle { rook_from, rook_to } => {
                        let rook = board[g.index(rook_from)];
                        board[g.index(rook_from)] = EMPTY;
                        board[g.index(rook_to)] = rook;
                    }
                    MoveKind::EnPassant { captured } => board[g.index(captured)] = EMPTY,
                    MoveKind::Normal => {}
                }
                board[g.index(m.to)] = match m.promotion {
                    Some(kind) => encode(Piece {
                        color: self.turn,
                        kind,
                    }),
                    None => moving,
                };
                royals.iter().all(|&r| {
                    let r = if r == m.from { m.to } else { r };
                    !self.attacked_on(&board, r, !self.turn)
                })
            })
            .collect()
    }

    /// Checkmate or stalemate, if the side to move has no move.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.is_check() {
            Outcome::Checkmate
        } else {
            Outcome::Stalemate(self.rules.stalemate)
        })
    }

    /// A move in UCI-like coordinates (`e2e4`, `j9j10`, `e7e8q`; castling
    /// as the king's move).
    pub fn uci(&self, m: Move) -> String {
        let mut out = format!("{}{}", m.from, m.to);
        if let Some(kind) = m.promotion {
            out.push(self.rules.pieces[kind as usize].letter.to_ascii_lowercase());
        }
        out
    }

    /// The number of move sequences of `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

/// How a board is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// Letters (upper case White, lower case Black), `.` for empty squares.
    Ascii,
    /// Unicode figurines for the pieces named as chess pieces (`King`,
    /// `Queen`, `Rook`, `Bishop`, `Knight`, `Pawn`, any case), the rule
    /// set's symbols for the others, as CustomChessKell draws them.
    Symbols,
}

impl Position<'_> {
    /// The board as text: ranks from the top, each with its number, files
    /// lettered below.
    ///
    /// ```
    /// use chess_rules::{BoardStyle, Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let board = start.board(BoardStyle::Symbols);
    /// assert!(board.starts_with(" 8 | ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    /// assert!(board.ends_with("     a b c d e f g h\n"));
    /// ```
    pub fn board(&self, style: BoardStyle) -> String {
        let g = self.geometry();
        let width = if g.ranks() >= 10 { 2 } else { 1 };
        let mut out = String::new();
        for rank in (0..g.ranks()).rev() {
            out.push_str(&format!(" {:>width$} |", u32::from(rank) + 1));
            for file in 0..g.files() {
                out.push(' ');
                out.push(match self.piece_at(Square::new(file, rank)) {
                    None => '.',
                    Some(p) => self.symbol(p, style),
                });
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(width + 3));
        out.push_str(&"--".repeat(usize::from(g.files())));
        out.push('\n');
        out.push_str(&" ".repeat(width + 4));
        let files: Vec<String> = (0..g.files())
            .map(|f| char::from(b'a' + f).to_string())
            .collect();
        out.push_str(&files.join(" "));
        out.push('\n');
        out
    }

    fn symbol(&self, piece: Piece, style: BoardStyle) -> char {
        let def = &self.rules.pieces[piece.kind as usize];
        let white = piece.color == Color::White;
        if style == BoardStyle::Symbols {
            let figurine = match def.name.to_ascii_lowercase().as_str() {
                "king" => Some(('♔', '♚')),
                "queen" => Some(('♕', '♛')),
                "rook" => Some(('♖', '♜')),
                "bishop" => Some(('♗', '♝')),
                "knight" => Some(('♘', '♞')),
                "pawn" => Some(('♙', '♟')),
                _ => None,
            };
            let (w, b) = figurine.unwrap_or(def.symbols);
            return if white { w } else { b };
        }
        if white {
            def.letter
        } else {
            def.letter.to_ascii_lowercase()
        }
    }

    /// `m` in standard algebraic notation with the rule set's letters:
    /// the piece's letter (none for a pawn), the file, rank or square
    /// that tells it from another piece of its kind that could go there,
    /// `x` for a capture, the square (`j10`), `=` and the promotion,
    /// `O-O` or `O-O-O` for castling, `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut out = String::new();
        let piece = self.piece_at(m.from).expect("a legal move's piece");
        let def = &self.rules.pieces[piece.kind as usize];
        let capture = self.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::EnPassant { .. });
        if let MoveKind::Castle { rook_from, .. } = m.kind {
            out.push_str(if rook_from.file > m.from.file {
                "O-O"
            } else {
                "O-O-O"
            });
        } else if def.pawn {
            if capture {
                out.push(char::from(b'a' + m.from.file));
                out.push('x');
            }
            out.push_str(&m.to.to_string());
        } else {
            out.push(def.letter);
            // Others of the kind that could go there too.
            let others: Vec<Square> = self
                .legal_moves()
                .into_iter()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && !matches!(o.kind, MoveKind::Castle { .. })
                        && self.piece_at(o.from) == Some(piece)
                })
                .map(|o| o.from)
                .collect();
            if !others.is_empty() {
                let file_unique = others.iter().all(|o| o.file != m.from.file);
                let rank_unique = others.iter().all(|o| o.rank != m.from.rank);
                if file_unique {
                    out.push(char::from(b'a' + m.from.file));
                } else if rank_unique {
                    out.push_str(&(u32::from(m.from.rank) + 1).to_string());
                } else {
                    out.push_str(&m.from.to_string());
                }
            }
            if capture {
                out.push('x');
            }
            out.push_str(&m.to.to_string());
        }
        if let Some(kind) = m.promotion {
            out.push('=');
            out.push(self.rules.pieces[kind as usize].letter);
        }
        let after = self.play(m);
        if after.is_check() {
            out.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        out
    }

    /// The legal move `text` means: coordinates as CustomChessKell's CLI
    /// takes them (`a2 a3`, `a2a3`, `a2-a3`, a promotion letter after), or
    /// SAN with the rule set's letters (`+`, `#`, `!`, `?` after it are
    /// ignored). `None` if it means no legal move, or more than one.
    ///
    /// ```
    /// use chess_rules::{Position, Rules};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let e4 = start.parse_move("e2 e4").unwrap();
    /// assert_eq!(start.parse_move("e4"), Some(e4));
    /// assert_eq!(start.parse_move("e2-e4"), Some(e4));
    /// assert_eq!(start.san(start.parse_move("g1f3").unwrap()), "Nf3");
    /// assert_eq!(start.parse_move("e5"), None);
    /// ```
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        let moves = self.legal_moves();
        let text = text.trim().trim_end_matches(['+', '#', '!', '?']);
        // Coordinates.
        let compact: String = text.chars().filter(|c| *c != ' ' && *c != '-').collect();
        if let Some(m) = self.coordinates(&compact, &moves) {
            return Some(m);
        }
        self.san_move(text, &moves)
    }

    /// SAN read as written: castling, or a piece letter (none for a pawn),
    /// a file and/or rank telling it apart, `x`, the square, a promotion.
    fn san_move(&self, text: &str, moves: &[Move]) -> Option<Move> {
        let castle = text.replace('0', "O");
        if castle == "O-O" || castle == "O-O-O" {
            let king_side = castle == "O-O";
            let mut castles = moves.iter().copied().filter(|m| match m.kind {
                MoveKind::Castle { rook_from, .. } => (rook_from.file > m.from.file) == king_side,
                _ => false,
            });
            let m = castles.next()?;
            return castles.next().is_none().then_some(m);
        }
        let mut rest = text;
        // The promotion: `=Q` or `Q` at the end.
        let mut promotion = None;
        if let Some(last) = rest.chars().last()
            && last.is_ascii_uppercase()
            && rest.len() > 1
        {
            promotion = Some(self.rules.index(last)? as u8);
            rest = rest[..rest.len() - 1].trim_end_matches('=');
        }
        // The piece.
        let first = rest.chars().next()?;
        let kind = if first.is_ascii_uppercase() {
            rest = &rest[1..];
            self.rules.index(first)?
        } else {
            self.rules.pieces.iter().position(|p| p.pawn)?
        };
        // The square: the last letter and its digits.
        let square_at = rest.rfind(|c: char| c.is_ascii_lowercase())?;
        let to = Square::parse(&rest[square_at..])?;
        let mut prefix = rest[..square_at].trim_end_matches('x');
        prefix = prefix.trim_end_matches(':');
        let file = prefix
            .chars()
            .next()
            .filter(char::is_ascii_lowercase)
            .map(|c| c as u8 - b'a');
        let rank_text = prefix.trim_start_matches(|c: char| c.is_ascii_lowercase());
        let rank = if rank_text.is_empty() {
            None
        } else {
            Some(rank_text.parse::<u8>().ok()?.checked_sub(1)?)
        };
        if file.is_none() && rank.is_none() && !prefix.is_empty() {
            return None;
        }
        let mut found = moves.iter().copied().filter(|m| {
            !matches!(m.kind, MoveKind::Castle { .. })
                && m.to == to
                && m.promotion == promotion
                && self
                    .piece_at(m.from)
                    .is_some_and(|p| usize::from(p.kind) == kind)
                && file.is_none_or(|f| m.from.file == f)
                && rank.is_none_or(|r| m.from.rank == r)
        });
        let m = found.next()?;
        found.next().is_none().then_some(m)
    }

    /// `a2a3`, `j9j10`, `e7e8q`: two squares and a promotion letter.
    fn coordinates(&self, text: &str, moves: &[Move]) -> Option<Move> {
        // Split after the first square: a letter, then digits.
        let bytes = text.as_bytes();
        let first_len = 1 + bytes
            .get(1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let from = Square::parse(text.get(..first_len)?)?;
        let rest = &text[first_len..];
        let second_len = 1 + rest
            .as_bytes()
            .get(1..)?
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let to = Square::parse(rest.get(..second_len)?)?;
        let promotion = match &rest[second_len..] {
            "" => None,
            p if p.chars().count() == 1 => Some(self.rules.index(p.chars().next()?)? as u8),
            _ => return None,
        };
        moves
            .iter()
            .copied()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion)
    }
}

/// Why a move from one square to another is not legal, as data (the
/// verifier words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over.
    GameOver(Outcome),
    /// No piece stands on the square.
    NoPiece,
    /// The piece is the other side's.
    NotYours(Piece),
    /// The destination holds a piece of the side to move.
    OwnPiece(Piece),
    /// No move of the piece goes there; what its moves are, in words.
    NotAMove {
        /// The piece.
        piece: Piece,
        /// Its moves, in words ("a camel leaps (1,3)").
        moves: String,
    },
    /// The move goes there only to an empty square, and a piece is there.
    CannotCapture(Piece),
    /// The move goes there only to capture, and the square is empty.
    OnlyCaptures(Piece),
    /// The move is made only from the piece's start square.
    NotFromStart(Piece),
    /// A piece stands in the way.
    Blocked {
        /// Where.
        at: Square,
        /// What.
        by: Piece,
    },
    /// A pawn reaching the promotion zone must say what it becomes (or it
    /// named a piece it may not become).
    Promotion,
    /// The move leaves a royal piece of the side to move attacked.
    LeavesRoyalAttacked {
        /// The royal piece's square after the move.
        royal: Square,
        /// A piece that attacks it then.
        by: Square,
    },
}

impl Position<'_> {
    /// Why the move from `from` to `to` (becoming `promotion`, if given)
    /// is not legal, or `None` if it is.
    ///
    /// ```
    /// use chess_rules::{Position, Rejection, Rules, Square};
    ///
    /// let chess = Rules::chess();
    /// let start = Position::start(&chess).unwrap();
    /// let sq = |s| Square::parse(s).unwrap();
    /// assert!(matches!(start.why_not(sq("a1"), sq("a3"), None), Some(Rejection::Blocked { .. })));
    /// match start.why_not(sq("b1"), sq("b3"), None) {
    ///     Some(Rejection::NotAMove { moves, .. }) => assert_eq!(moves, "a knight leaps (1,2)"),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(start.why_not(sq("g1"), sq("f3"), None), None);
    /// ```
    pub fn why_not(&self, from: Square, to: Square, promotion: Option<u8>) -> Option<Rejection> {
        let legal = self.legal_moves();
        let matching = |m: &&Move| m.from == from && m.to == to;
        if legal
            .iter()
            .filter(matching)
            .any(|m| m.promotion == promotion)
        {
            return None;
        }
        if legal.is_empty() {
            return Some(Rejection::GameOver(self.outcome()?));
        }
        let g = self.geometry();
        if !g.contains(from) || !g.contains(to) {
            return Some(Rejection::NoPiece);
        }
        let Some(piece) = self.piece_at(from) else {
            return Some(Rejection::NoPiece);
        };
        if piece.color != self.turn {
            return Some(Rejection::NotYours(piece));
        }
        let target = self.piece_at(to);
        if let Some(own) = target.filter(|p| p.color == self.turn) {
            return Some(Rejection::OwnPiece(own));
        }
        // The piece goes there: either the promotion is wrong, or the move
        // leaves a royal piece attacked.
        let pseudo = self.pseudo_legal();
        let goes: Vec<&Move> = pseudo.iter().filter(matching).collect();
        if !goes.is_empty() {
            return Some(match goes.iter().find(|m| m.promotion == promotion) {
                Some(m) => self.attacked_after(**m),
                None => Rejection::Promotion,
            });
        }
        // Which of the piece's moves could reach `to`, and what stops it.
        let def = &self.rules.pieces[piece.kind as usize];
        let mut best: Option<Rejection> = None;
        for atom in &def.atoms {
            for &v in &atom.vectors {
                let (dx, dy) = Self::turned(piece.color, v);
                let (tx, ty) = (
                    i16::from(to.file) - i16::from(from.file),
                    i16::from(to.rank) - i16::from(from.rank),
                );
                let k = if dx != 0 {
                    tx / i16::from(dx)
                } else {
                    ty / i16::from(dy)
                };
                if k < 1 || tx != k * i16::from(dx) || ty != k * i16::from(dy) {
                    continue;
                }
                if atom.range != 0 && k > i16::from(atom.range) {
                    continue;
                }
                let reason = if atom.initial && !self.on_start_square(from, piece) {
                    Rejection::NotFromStart(piece)
                } else if let Some((at, by)) = (1..k).find_map(|j| {
                    let s = g.offset(from, dx * j as i8, dy * j as i8)?;
                    Some((s, self.piece_at(s)?))
                }) {
                    Rejection::Blocked { at, by }
                } else if atom.lame && !self.path_clear(from, (dx, dy)) {
                    let blocker = g.squares().find(|&s| {
                        s != from && s != to && self.piece_at(s).is_some() && {
                            // A square on the lame path: any occupied square
                            // next to the start in the move's direction.
                            s.file.abs_diff(from.file) <= 1 && s.rank.abs_diff(from.rank) <= 1
                        }
                    });
                    match blocker.and_then(|s| Some((s, self.piece_at(s)?))) {
                        Some((at, by)) => Rejection::Blocked { at, by },
                        None => Rejection::NotAMove {
                            piece,
                            moves: def.describe(),
                        },
                    }
                } else if target.is_some() && !atom.captures {
                    Rejection::CannotCapture(piece)
                } else if target.is_none() && !atom.moves {
                    Rejection::OnlyCaptures(piece)
                } else {
                    continue;
                };
                // A reason that names a blocker beats a general one.
                if best.is_none() || matches!(reason, Rejection::Blocked { .. }) {
                    best = Some(reason);
                }
            }
        }
        Some(best.unwrap_or(Rejection::NotAMove {
            piece,
            moves: def.describe(),
        }))
    }

    /// The royal piece a pseudo-legal move leaves attacked, and by what.
    fn attacked_after(&self, m: Move) -> Rejection {
        let after = self.play(m);
        let g = self.geometry();
        for royal in g.squares() {
            let Some(p) = after.piece_at(royal) else {
                continue;
            };
            if p.color != self.turn || !self.rules.pieces[p.kind as usize].royal {
                continue;
            }
            if let Some(by) = g.squares().find(|&by| {
                after.piece_at(by).is_some_and(|q| q.color != self.turn)
                    && after.attacks_from(by, royal)
            }) {
                return Rejection::LeavesRoyalAttacked { royal, by };
            }
        }
        // Not reached for a move that is pseudo-legal and not legal.
        Rejection::Promotion
    }

    /// Whether the piece on `from` attacks `target`.
    fn attacks_from(&self, from: Square, target: Square) -> bool {
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let mut only = self.clone();
        let g = self.geometry();
        // The same board, with only this piece of its side: `attacked`
        // then answers for it alone.
        for i in 0..g.len() {
            if g.square(i) != from && decode(only.board[i]).is_some_and(|p| p.color == piece.color)
            {
                only.board[i] = EMPTY;
            }
        }
        // Keep the blockers of the other side: put back as placeholders of
        // the side attacked (they block, they do not attack).
        for i in 0..g.len() {
            if g.square(i) != from && decode(self.board[i]).is_some_and(|p| p.color == piece.color)
            {
                only.board[i] = encode(Piece {
                    color: !piece.color,
                    kind: decode(self.board[i]).map_or(0, |p| p.kind),
                });
            }
        }
        only.attacked(target, piece.color)
    }
}
