//! FEN under a rule set: ranks from the top with runs of empty squares
//! of any length (`10`), the rule set's letters (`~` after a promoted
//! piece), the pieces in hand where the rule set drops them (`[Nnp]`
//! after the ranks, or as one more rank), the side to move, castling
//! rights (`KQkq` or rook files, as X-FEN), en passant and the clocks;
//! read into a [`Position`] and written back.

use std::sync::Arc;

use crate::budget::check_work;
use crate::error::Error;
use crate::geometry::Square;
use crate::mailbox::{CELLS, EMPTY, OFF, WALL, WORDS, cell_of, encode, is};
use crate::position::{EnPassant, Position, State};
use crate::rules::Rules;
use crate::tables::Tables;
use crate::types::{Color, Piece};

/// Each side's pieces on `cells` and its royal pieces, a bit per cell.
fn occupancy(t: &Tables, cells: &[u8; CELLS]) -> [[[u64; WORDS]; 2]; 2] {
    let mut occupied = [[[0; WORDS]; 2]; 2];
    for (c, &cell) in cells.iter().enumerate() {
        for color in [Color::White, Color::Black] {
            if is(cell, color) {
                occupied[0][color.index()][c / 64] |= 1 << (c % 64);
                if t.is_royal(cell) {
                    occupied[1][color.index()][c / 64] |= 1 << (c % 64);
                }
            }
        }
    }
    occupied
}

/// A FEN field of checks still to give, White's and Black's (`3+3`).
fn checks_field(text: &str) -> Option<[u8; 2]> {
    let (white, black) = text.split_once('+')?;
    let count = |n: &str| {
        n.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| n.parse().ok())
            .flatten()
    };
    Some([count(white)?, count(black)?])
}

/// The placement of `fen`, its first field (at byte `start`): mailbox
/// cells, the cells of promoted pieces, the pieces in hand.
struct Placement {
    cells: [u8; CELLS],
    promoted: [u64; WORDS],
    unpromoted: crate::promote::Unpromoted,
    hands: [[u8; 64]; 2],
}

/// Reads the placement of `fen`, its first field (at byte `start`).
fn placement(rules: &Rules, fen: &str, start: usize) -> Result<Placement, Error> {
    let g = rules.geometry;
    let mut placed = Placement {
        cells: [OFF; CELLS],
        promoted: [0u64; WORDS],
        unpromoted: crate::promote::Unpromoted::default(),
        hands: [[0u8; 64]; 2],
    };
    for sq in g.squares() {
        placed.cells[cell_of(sq)] = EMPTY;
    }
    let field = &fen[start..];
    let field = &field[..field.find(' ').unwrap_or(field.len())];
    let err = |at: usize, len: usize, message: String| {
        Error::new(fen, start + at..start + at + len, message)
    };
    // The pieces in hand: `[…]` after the ranks, or one rank more.
    let mut ranks: Vec<&str> = field.split('/').collect();
    let mut pocket = None;
    if let Some(open) = field.find('[') {
        let inside = &field[open + 1..];
        let Some(inside) = inside.strip_suffix(']') else {
            return Err(err(open, field.len() - open, "`[` without its `]`".into()));
        };
        pocket = Some((open + 1, inside));
        ranks = field[..open].split('/').collect();
    } else if ranks.len() == usize::from(g.ranks()) + 1 && rules.holds_hands() {
        let last = ranks.pop().unwrap_or_default();
        pocket = Some((field.len() - last.len(), last));
    }
    if let Some((at, text)) = pocket {
        placed.hand(rules, text, &|i, len, message| err(at + i, len, message))?;
    }
    if ranks.len() != usize::from(g.ranks()) {
        return Err(err(
            0,
            field.len(),
            format!("{} ranks, the board has {}", ranks.len(), g.ranks()),
        ));
    }
    let mut at = 0;
    for (row, text) in ranks.iter().enumerate() {
        let rank = g.ranks() - 1 - row as u8;
        placed.rank(rules, text, rank, &|i, len, message| {
            err(at + i, len, message)
        })?;
        at += text.len() + 1;
    }
    Ok(placed)
}

/// An error at a byte range of the text being read (its start and length).
type At<'a> = &'a dyn Fn(usize, usize, String) -> Error;

impl Placement {
    /// Reads the pieces in hand `text` (`err` places an error in it).
    fn hand(&mut self, rules: &Rules, text: &str, err: At<'_>) -> Result<(), Error> {
        for (i, letter) in text.char_indices() {
            if text == "-" {
                // (Fairy-Stockfish's empty hands: `[-]`.)
                break;
            }
            let Some(kind) = rules.index(letter).filter(|_| letter.is_ascii_alphabetic()) else {
                return Err(err(
                    i,
                    letter.len_utf8(),
                    format!("`{letter}` is no piece of {}", rules.name),
                ));
            };
            if !rules.holds_hands() {
                return Err(err(
                    i,
                    1,
                    format!("a piece in hand, which {} does not drop", rules.name),
                ));
            }
            let side = usize::from(letter.is_ascii_lowercase());
            self.hands[side][kind] = self.hands[side][kind].saturating_add(1);
        }
        Ok(())
    }

    /// Reads `text`, the placement of rank `rank` (from 0), into the board
    /// (`err` places an error in it).
    fn rank(&mut self, rules: &Rules, text: &str, rank: u8, err: At<'_>) -> Result<(), Error> {
        let g = rules.geometry;
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
                        i,
                        len,
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
            if b == b'~' {
                // The piece just read is promoted.
                let Some(last) = file
                    .checked_sub(1)
                    .filter(|_| i > 0 && bytes[i - 1] != b'~')
                else {
                    return Err(err(i, 1, "`~` after no piece".into()));
                };
                let c = cell_of(Square::new(last as u8, rank));
                if self.cells[c] == EMPTY {
                    return Err(err(i, 1, "`~` after no piece".into()));
                }
                self.promoted[c / 64] |= 1 << (c % 64);
                i += 1;
                continue;
            }
            // `*`: a wall (Fairy-Stockfish's, and duck chess's duck).
            if b == b'*' {
                if file >= u32::from(g.files()) {
                    return Err(err(
                        i,
                        1,
                        format!("rank {} has more than {} squares", rank + 1, g.files()),
                    ));
                }
                self.cells[cell_of(Square::new(file as u8, rank))] = WALL;
                file += 1;
                i += 1;
                continue;
            }
            // `+S`: a piece promoted shogi-style, written as what it was.
            let plus = b == b'+';
            let i_letter = i + usize::from(plus);
            let letter = text[i_letter..].chars().next().unwrap_or('?');
            let Some(mut kind) = rules.index(letter).filter(|_| letter.is_ascii_alphabetic())
            else {
                let shown = &text[i..(i_letter + letter.len_utf8()).min(text.len())];
                return Err(err(
                    i,
                    shown.len(),
                    format!("`{shown}` is no piece of {}", rules.name),
                ));
            };
            if file >= u32::from(g.files()) {
                return Err(err(
                    i,
                    1,
                    format!("rank {} has more than {} squares", rank + 1, g.files()),
                ));
            }
            if plus {
                let def = &rules.pieces[kind];
                let Some(to) = def.promotes_to.and_then(|l| rules.index(l)) else {
                    return Err(err(
                        i,
                        2,
                        format!(
                            "`+{letter}`: the {} does not promote in {}",
                            def.name, rules.name
                        ),
                    ));
                };
                let c = cell_of(Square::new(file as u8, rank));
                self.promoted[c / 64] |= 1 << (c % 64);
                self.unpromoted.set(c, kind as u8 + 1);
                kind = to;
                i += 1;
            }
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            self.cells[cell_of(Square::new(file as u8, rank))] = encode(Piece {
                color,
                kind: kind as u8,
            });
            file += 1;
            i += 1;
        }
        if file != u32::from(g.files()) {
            return Err(err(
                0,
                text.len(),
                format!(
                    "rank {} has {file} squares, the board has {} files",
                    rank + 1,
                    g.files()
                ),
            ));
        }
        Ok(())
    }
}

impl<'r> Position<'r> {
    /// The rule set's start position.
    pub fn start(rules: &'r Rules) -> Result<Position<'r>, Error> {
        Position::from_fen(rules, &rules.start)
    }

    /// A position from FEN: ranks from the top, runs of empty squares of
    /// any length (`10`), the rule set's piece letters; side to move;
    /// castling (`KQkq` for the outermost rooks, or rook files `HAha`);
    /// en passant square; clocks (optional). Castling and en passant may
    /// be left out before the clocks, as some of Fairy-Stockfish's start
    /// positions do (`w 0 1`, `w - 0 1`).
    pub fn from_fen(rules: &'r Rules, fen: &str) -> Result<Position<'r>, Error> {
        let err = |at: usize, len: usize, message: String| Error::new(fen, at..at + len, message);
        // A problem of the whole position is shown at its board.
        let board = fen.len() - fen.trim_start_matches(' ').len();
        let board_len = fen[board..].find(' ').unwrap_or(fen.len() - board);
        let whole = |message: String| Error::new(fen, board..board + board_len, message);
        if rules.pieces.len() > 64 {
            return Err(whole(format!(
                "{} kinds of piece: a rule set has at most 64",
                rules.pieces.len()
            )));
        }
        check_work(rules).map_err(whole)?;
        let mut fields = Vec::new();
        let mut offset = 0;
        for part in fen.split(' ') {
            if !part.is_empty() {
                fields.push((offset, part));
            }
            offset += part.len() + 1;
        }
        let Some(&(first, _)) = fields.first() else {
            return Err(err(0, fen.len(), "an empty FEN".into()));
        };
        let Placement {
            cells,
            promoted,
            unpromoted,
            hands,
        } = placement(rules, fen, first)?;
        let start = if fen == rules.start {
            cells
        } else {
            let start_fen = &rules.start;
            let at = start_fen.len() - start_fen.trim_start_matches(' ').len();
            placement(rules, start_fen, at)
                .map_err(|e| {
                    whole(format!(
                        "the start position of {}: {}",
                        rules.name, e.message
                    ))
                })?
                .cells
        };
        // Castling and en passant left out before the checks or clocks
        // (`w 7+7 0 1`, `w 0 1`), as Fairy-Stockfish reads them.
        for i in [2, 3] {
            if let Some(&(at, clock)) = fields.get(i)
                && (clock.bytes().all(|b| b.is_ascii_digit()) || checks_field(clock).is_some())
            {
                fields.insert(i, (at, "-"));
            }
        }
        // Under check counting, the checks still to give (`3+3`) after
        // the en passant square; without them, the start position's, and
        // without those the next check wins (Fairy-Stockfish's
        // checkshogi).
        let mut checks = None;
        if rules.goals.check_counting
            && let Some(&(at, text)) = fields.get(4).filter(|(_, f)| f.contains('+'))
        {
            checks = Some(checks_field(text).ok_or_else(|| {
                err(
                    at,
                    text.len(),
                    format!("`{text}` is not a count of checks still to give (`3+3`)"),
                )
            })?);
            fields.remove(4);
        }
        let checks = match checks {
            Some(c) => c,
            None => rules
                .start
                .split(' ')
                .find_map(checks_field)
                .unwrap_or([1, 1]),
        };
        let field = |n: usize| fields.get(n).copied();
        let turn = match field(1) {
            None | Some((_, "w")) => Color::White,
            Some((_, "b")) => Color::Black,
            Some((at, other)) => {
                return Err(err(
                    at,
                    other.len(),
                    format!("`{other}` is not a side to move (w or b)"),
                ));
            }
        };
        let tables = Arc::new(Tables::new(rules, start));
        let [occupied, royal] = occupancy(&tables, &cells);
        let walls = crate::mailbox::walls_of(&cells);
        let mut position = Position {
            rules,
            tables,
            s: State {
                occupied,
                royal,
                cells,
                turn,
                castling: 0,
                gates: 0,
                en_passant: None,
                halfmoves: 0,
                fullmoves: 1,
                checks,
                hands,
                promoted,
                unpromoted,
                drop_mated: false,
                shak_series: [false; 2],
                passes: 0,
                castled: None,
                walls,
            },
        };
        crate::make::mark_royal_while_few(&position.tables, &mut position.s);
        if let Some(shaks) = position.tables.shatar {
            crate::shatar::series(&position.tables, &shaks, &mut position.s);
        }
        if let Some((at, rights)) = field(2).filter(|(_, r)| *r != "-") {
            position.castling_field(rights, &|i, len, message| err(at + i, len, message))?;
        }
        if let Some((at, ep)) = field(3).filter(|(_, e)| *e != "-") {
            position.en_passant_field(ep, &|i, len, message| err(at + i, len, message))?;
        }
        if let Some((at, n)) = field(4) {
            position.s.halfmoves = n
                .parse()
                .map_err(|_| err(at, n.len(), format!("`{n}` is not a number")))?;
        }
        if let Some((at, n)) = field(5) {
            // `0` is move 1, as python-chess and lichess read it.
            position.s.fullmoves = n
                .parse::<u32>()
                .map_err(|_| err(at, n.len(), format!("`{n}` is not a number")))?
                .max(1);
        }
        position.not_left_attacked().map_err(whole)?;
        Ok(position)
    }

    /// Reads a FEN's castling field, `rights` (`err` places an error in
    /// it): castling letters, and the files of gates.
    fn castling_field(&mut self, rights: &str, err: At<'_>) -> Result<(), Error> {
        let rules = self.rules;
        for (i, c) in rights.char_indices() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            // (Where the rule set gates, a file is a gate while the
            // side has pieces to put on it: `KQBCDFG`.)
            if self.gate_letter(color, c.to_ascii_uppercase()) {
                continue;
            }
            // (Where nothing castles, the letters mean nothing, as
            // Fairy-Stockfish reads them: atomiczh's start keeps
            // chess's `KQkq`.)
            if rules.castling.is_none() && !rules.has_gates() && c.is_ascii_alphabetic() {
                continue;
            }
            let Some(rook) = self.castling_rook(color, c.to_ascii_uppercase()) else {
                return Err(err(
                    i,
                    c.len_utf8(),
                    format!("`{c}`: no rook that could castle there"),
                ));
            };
            self.s.castling |= 1 << (16 * color.index() + usize::from(rook.file));
            self.gate_castling(color, rook);
        }
        self.gated_castling();
        Ok(())
    }

    /// Reads a FEN's en passant field, `ep` (`err` places an error in
    /// it): one square, or two a triple step passed.
    fn en_passant_field(&mut self, ep: &str, err: At<'_>) -> Result<(), Error> {
        let (g, turn) = (self.rules.geometry, self.s.turn);
        // One square, or two a triple step passed (`c3c4`, as
        // Fairy-Stockfish writes them): on one file, one beside the
        // other.
        let squares = (ep.char_indices())
            .filter(|&(i, c)| i == 0 || c.is_ascii_alphabetic())
            .map(|(i, _)| i)
            .chain([ep.len()])
            .collect::<Vec<_>>();
        let mut passed = (squares.windows(2))
            .map(|w| Square::parse(&ep[w[0]..w[1]]).filter(|&s| g.contains(s)))
            .collect::<Option<Vec<_>>>()
            .filter(|p| !p.is_empty())
            .ok_or_else(|| err(0, ep.len(), format!("`{ep}` is not a square of the board")))?;
        passed.sort_by_key(|sq| sq.rank);
        let (low, high) = (passed[0], passed[passed.len() - 1]);
        if passed.len() > 2 || low.file != high.file || high.rank - low.rank > 1 {
            return Err(err(
                0,
                ep.len(),
                format!(
                    "`{ep}` cannot be en passant squares: a pawn passes two squares at most, one beside the other"
                ),
            ));
        }
        let (nearest, dy) = match turn {
            Color::White => (low, -1),
            Color::Black => (high, 1),
        };
        let pawn = g.offset(nearest, 0, dy).ok_or_else(|| {
            err(
                0,
                ep.len(),
                format!("`{ep}` cannot be an en passant square"),
            )
        })?;
        // The pawn that passed it stands beyond it; the square itself
        // is empty.
        let cell = self.s.cells[cell_of(pawn)];
        let theirs = self.piece_at(pawn).is_some_and(|p| p.color != turn);
        let taken = passed.iter().any(|&sq| self.piece_at(sq).is_some());
        if !theirs || !self.tables.is_pawn(cell) || taken {
            return Err(err(
                0,
                ep.len(),
                format!(
                    "`{ep}` cannot be an en passant square: no {} pawn on {pawn} that passed it",
                    (!turn).name().to_lowercase()
                ),
            ));
        }
        // (A square where the side to move may not take en passant is
        // read as none, as Fairy-Stockfish reads it.)
        let region = self.tables.en_passant_regions[turn.index()];
        passed.retain(|&sq| region.is_none_or(|r| r.contains(sq)));
        if let Some(&first) = passed.first() {
            self.s.en_passant = Some(EnPassant {
                passed: [first, passed[passed.len() - 1]],
                pawn,
            });
        }
        Ok(())
    }

    /// Refuses, in words, a position where the side that just moved has
    /// left a royal piece attacked, which no move can.
    fn not_left_attacked(&self) -> Result<(), String> {
        let (rules, g, turn) = (self.rules, self.rules.geometry, self.s.turn);
        // The side that just moved cannot have left a royal piece attacked
        // (but where captures explode: a capture that blows up a royal
        // piece of the other side is legal whatever it leaves attacked, as
        // Fairy-Stockfish has it, and the side to move may have had
        // another; and one next to a royal piece of the side to move is
        // safe, for taking it would blow that up).
        if self.tables.blast.is_some() {
            return Ok(());
        }
        // (Nor where a wall is put down after every move: the move is
        // legal as if the walls stayed as they were, and the new one may be
        // a hopper's screen, the duck gone from where it stood may open a
        // line, as Fairy-Stockfish has them.)
        if self.tables.walling() {
            return Ok(());
        }
        // (Nor under bikjang with the generals facing: the side that
        // moved may have passed in check, as Fairy-Stockfish allows.)
        if rules.bikjang
            && crate::mailbox::cells(&self.s.royal[(!turn).index()])
                .any(|c| self.tables.facing(&self.s.cells, c, turn).is_some())
        {
            return Ok(());
        }
        for sq in g.squares() {
            let Some(piece) = self.piece_at(sq) else {
                continue;
            };
            let def = &rules.pieces[usize::from(piece.kind)];
            if piece.color != turn
                && def.royal
                && (self.attacked(sq, turn) || self.tables.faced(&self.s.cells, cell_of(sq), turn))
            {
                return Err(format!(
                    "{}'s {} on {sq} is attacked with {} to move: no move can lead to this position",
                    piece.color.name(),
                    def.name,
                    turn.name()
                ));
            }
        }
        Ok(())
    }

    /// The rook a castling letter stands for: `K`/`Q` the outermost rook
    /// on that side of the king on the rank the side castles on (its back
    /// rank, [`Rules::castling_rank`]), a file letter the rook on that
    /// file.
    pub(crate) fn castling_rook(&self, color: Color, letter: char) -> Option<Square> {
        let g = self.rules.geometry;
        let rank = crate::tables::castling_rank(self.rules, color);
        let king = (0..g.files()).find(|&f| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && self.tables.castles(crate::mailbox::encode(p)))
        })?;
        let rooks = self.tables.castling_rooks;
        let is_rook = |f: u8| {
            self.piece_at(Square::new(f, rank))
                .is_some_and(|p| p.color == color && rooks & (1 << p.kind) != 0)
        };
        let castling = self.rules.castling?;
        let file = match letter {
            'K' => {
                let from = castling.king_side_rook_file.unwrap_or(g.files() - 1);
                (king + 1..=from).rev().find(|&f| is_rook(f))?
            }
            'Q' => {
                let from = castling.queen_side_rook_file.unwrap_or(0);
                (from..king).find(|&f| is_rook(f))?
            }
            l @ 'A'..='P' => Some(l as u8 - b'A').filter(|&f| is_rook(f))?,
            _ => return None,
        };
        Some(Square::new(file, rank))
    }

    /// The position in FEN (a piece marked promoted with `~` where that
    /// matters: taken, it goes to hand as the pawn it was).
    pub fn fen(&self) -> String {
        let g = self.geometry();
        let mut out = String::new();
        let marks = self
            .rules
            .drops
            .as_ref()
            .is_some_and(|d| d.captures_to_hand && !d.keep_promoted);
        for rank in (0..g.ranks()).rev() {
            let mut empty = 0;
            for file in 0..g.files() {
                match self.piece_at(Square::new(file, rank)) {
                    None if self.is_wall(Square::new(file, rank)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    }
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = cell_of(Square::new(file, rank));
                        let promoted = self.s.promoted[c / 64] & (1 << (c % 64)) != 0;
                        let was = self.s.unpromoted.get(c);
                        // (A piece promoted shogi-style is written as
                        // what it was: `+S`.)
                        let kind = if promoted && was != 0 {
                            out.push('+');
                            usize::from(was - 1)
                        } else {
                            usize::from(p.kind)
                        };
                        let letter = self.rules.pieces[kind].letter;
                        out.push(if p.color == Color::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                        if marks && promoted && was == 0 {
                            out.push('~');
                        }
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
        // The pieces in hand, White's then Black's, each side's from its
        // last kind to its first (Fairy-Stockfish's order for chess's
        // pieces: `[QNPqp]`).
        if self.rules.holds_hands() {
            out.push('[');
            for color in [Color::White, Color::Black] {
                for (kind, def) in self.rules.pieces.iter().enumerate().take(64).rev() {
                    for _ in 0..self.s.hands[color.index()][kind] {
                        out.push(match color {
                            Color::White => def.letter,
                            Color::Black => def.letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            out.push(']');
        }
        out.push_str(if self.s.turn == Color::White {
            " w "
        } else {
            " b "
        });
        if self.s.castling == 0 && (self.s.gates == 0 || !self.rules.has_gates()) {
            out.push('-');
        }
        // X-FEN: `K`/`Q` for the outermost rook on its side of the king,
        // the rook's file otherwise.
        for color in [Color::White, Color::Black] {
            for file in (0..16u8).rev() {
                if self.s.castling & (1 << (16 * color.index() + usize::from(file))) == 0 {
                    continue;
                }
                let rook = Square::new(file, crate::tables::castling_rank(self.rules, color));
                let letter = ['K', 'Q']
                    .into_iter()
                    .find(|&l| self.castling_rook(color, l) == Some(rook))
                    .unwrap_or((b'A' + file) as char);
                out.push(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                });
            }
            self.write_gates(color, &mut out);
        }
        match self.s.en_passant {
            Some(ep) => {
                out.push(' ');
                for sq in ep.squares() {
                    out.push_str(&sq.to_string());
                }
            }
            None => out.push_str(" -"),
        }
        if self.rules.goals.check_counting {
            out.push_str(&format!(" {}+{}", self.s.checks[0], self.s.checks[1]));
        }
        out.push_str(&format!(" {} {}", self.s.halfmoves, self.s.fullmoves));
        out
    }
}
