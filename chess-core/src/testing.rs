//! Support for tests, benchmarks and examples: a seeded generator and long
//! legal games.

use chess_format::MoveLabel;
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use shakmaty::san::SanPlus;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

/// A small deterministic generator (xorshift64*), enough to pick moves:
/// the same seed gives the same games on every machine.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `n` (zero when `n` is zero).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Calls `f` with every legal move of every position of `games` random
/// games of up to `plies` plies from the start (seeded by `seed`: the same
/// moves on every machine), and returns how many calls it made.
pub fn every_legal_move(
    seed: u64,
    games: usize,
    plies: usize,
    mut f: impl FnMut(&Chess, Move),
) -> usize {
    let mut rng = Rng::new(seed);
    let mut calls = 0;
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            let Some(&next) = legal.get(rng.below(legal.len())) else {
                break;
            };
            for &m in &legal {
                f(&pos, m);
                calls += 1;
            }
            pos.play_unchecked(next);
        }
    }
    calls
}

/// A legal game of `plies` plies (or as long as it gets) that the rules do
/// not end: pieces wander between pawn moves, no position occurs five
/// times, a pawn moves or a piece is captured at least every 140 plies, and
/// checkmate, stalemate and dead positions are avoided.
pub fn long_game(plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut pos = Chess::default();
    let mut moves = Vec::with_capacity(plies);
    let mut history: Vec<Zobrist64> = vec![pos.zobrist_hash(EnPassantMode::Legal)];
    while moves.len() < plies {
        let legal = pos.legal_moves();
        let safe = |m: &Move| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let h: Zobrist64 = after.zobrist_hash(EnPassantMode::Legal);
            let seen = if m.is_zeroing() {
                0
            } else {
                history.iter().filter(|x| **x == h).count()
            };
            seen < 3 && !after.legal_moves().is_empty() && !after.is_insufficient_material()
        };
        let zeroing_due = pos.halfmoves() >= 140;
        // Prefer quiet piece moves (keeping pawns and material for later),
        // pawn moves when the clock runs out.
        let mut candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_zeroing() == zeroing_due && !m.is_capture() && safe(m))
            .collect();
        if candidates.is_empty() {
            candidates = legal.iter().copied().filter(|m| safe(m)).collect();
        }
        let Some(&m) = candidates.get(rng.below(candidates.len())) else {
            break;
        };
        if m.is_zeroing() {
            history.clear();
        }
        pos.play_unchecked(m);
        history.push(pos.zobrist_hash(EnPassantMode::Legal));
        moves.push(m);
    }
    moves
}

/// The moves as macro input: move numbers and SAN, with ` #` for mate.
pub fn token_text<P: Position + Clone>(start: &P, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut text = String::with_capacity(moves.len() * 8);
    for (i, &m) in moves.iter().enumerate() {
        if pos.turn() == Color::White || i == 0 {
            let label = MoveLabel::new(pos.fullmoves().get(), pos.turn() == Color::Black);
            text.push_str(&format!("{label} "));
        }
        let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
        text.push_str(&san.replace('#', " #"));
        text.push(' ');
    }
    text
}

/// A random legal game of `variant` of exactly `plies` plies, from its
/// start position: the first of seeds `seed`, `seed + 1`, … (up to 1,000
/// tries) whose random game lasts that long, cut there; else the longest
/// one found (a variant's own end, checkmate or stalemate came first).
pub fn variant_game(
    variant: shakmaty::variant::Variant,
    plies: usize,
    seed: u64,
) -> (shakmaty::variant::VariantPosition, Vec<Move>) {
    let start = shakmaty::variant::VariantPosition::new(variant);
    let mut longest = Vec::new();
    for seed in seed..seed + 1000 {
        let mut rng = Rng::new(seed);
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(plies);
        while moves.len() < plies && !pos.is_game_over() {
            let legal = pos.legal_moves();
            let m = legal[rng.below(legal.len())];
            pos.play_unchecked(m);
            moves.push(m);
        }
        if moves.len() == plies {
            return (start, moves);
        }
        if moves.len() > longest.len() {
            longest = moves;
        }
    }
    (start, longest)
}

/// A naive mate search, the yardstick the real one is tested and measured
/// against: whether the side to move forces mate in at most `n` moves,
/// trying every move and every reply, with no table and no order.
/// `nodes` counts the positions it searches.
pub fn naive_mates(pos: &Chess, n: u32, nodes: &mut u64) -> bool {
    *nodes += 1;
    n > 0
        && pos
            .legal_moves()
            .into_iter()
            .any(|m| naive_mates_with(pos, m, n, nodes))
}

/// Whether `m` forces mate in at most `n` moves, naively.
fn naive_mates_with(pos: &Chess, m: Move, n: u32, nodes: &mut u64) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        return true;
    }
    let replies = after.legal_moves();
    n > 1
        && !replies.is_empty()
        && replies.into_iter().all(|r| {
            let mut next = after.clone();
            next.play_unchecked(r);
            naive_mates(&next, n - 1, nodes)
        })
}

/// Every move that forces mate in at most `n` moves, naively (the key
/// and any cook).
pub fn naive_keys(pos: &Chess, n: u32, nodes: &mut u64) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| naive_mates_with(pos, m, n, nodes))
        .collect()
}

/// Whether the side to move forces the other side to checkmate it in at
/// most `n` of its moves (a selfmate), naively: every move, every reply.
pub fn naive_selfmates(pos: &Chess, n: u32, nodes: &mut u64) -> bool {
    *nodes += 1;
    n > 0
        && pos
            .legal_moves()
            .into_iter()
            .any(|m| naive_selfmates_with(pos, m, n, nodes))
}

/// Whether `m` forces the other side to mate in at most `n` moves,
/// naively.
fn naive_selfmates_with(pos: &Chess, m: Move, n: u32, nodes: &mut u64) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let replies = after.legal_moves();
    !replies.is_empty()
        && replies.into_iter().all(|r| {
            let mut next = after.clone();
            next.play_unchecked(r);
            next.is_checkmate() || naive_selfmates(&next, n - 1, nodes)
        })
}

/// Every move that forces the other side to mate in at most `n` moves,
/// naively (a selfmate's key and any cook).
pub fn naive_self_keys(pos: &Chess, n: u32, nodes: &mut u64) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| naive_selfmates_with(pos, m, n, nodes))
        .collect()
}

/// Every solution of a helpmate in `n` (`2n` plies, the side to move
/// mated by the other's last move), naively: every line of `2n` plies.
pub fn naive_helpmates(pos: &Chess, n: u32, nodes: &mut u64) -> Vec<Vec<Move>> {
    fn walk(
        pos: &Chess,
        plies: u32,
        line: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
        nodes: &mut u64,
    ) {
        *nodes += 1;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            line.push(m);
            if plies == 1 {
                if after.is_checkmate() {
                    out.push(line.clone());
                }
            } else {
                walk(&after, plies - 1, line, out, nodes);
            }
            line.pop();
        }
    }
    let mut out = Vec::new();
    if n > 0 {
        walk(pos, 2 * n, &mut Vec::new(), &mut out, nodes);
    }
    out
}

/// A random legal position, `turn` to move, with White's king, queen and
/// rook against Black's king and a few pieces (mates in one and two are
/// common), or `None` when the random placement is not legal.
pub fn random_endgame(rng: &mut Rng, turn: Color) -> Option<Chess> {
    let mut board = [None; 64];
    let pieces = ['K', 'Q', 'R', 'k', 'p', 'p', 'n', 'b', 'r'];
    let count = 4 + rng.below(pieces.len() - 3);
    for &piece in &pieces[..count] {
        loop {
            let sq = rng.below(64);
            if board[sq].is_none() && !(piece == 'p' && matches!(sq / 8, 0 | 7)) {
                board[sq] = Some(piece);
                break;
            }
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if turn == Color::White {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    let pos: Chess = fen
        .parse::<shakmaty::fen::Fen>()
        .ok()?
        .into_position(shakmaty::CastlingMode::Standard)
        .ok()?;
    (!pos.legal_moves().is_empty()).then_some(pos)
}

/// lichess puzzle rows (without the header) made from the games of
/// `source` that end in checkmate: for each `n` of `lengths`, the
/// position 2n plies before the mate, its last 2n moves (the first the
/// opponent's) and the theme `mateIn{n}`. Real games are not all
/// puzzles: the loser may have missed an escape, the winner had another
/// way. Each row with its `n`.
pub fn mate_rows(source: &crate::Source, lengths: &[usize]) -> Vec<(usize, String)> {
    let options = crate::Options {
        moves_after_draw: true,
        ..crate::Options::default()
    };
    let mut rows = Vec::new();
    for game in crate::verify(source, options).filter_map(Result::ok) {
        if !game.last.is_checkmate() {
            continue;
        }
        for &n in lengths {
            let Some(from) = game.moves.len().checked_sub(2 * n) else {
                continue;
            };
            let mut pos = game.start.clone();
            for &m in &game.moves[..from] {
                pos.play_unchecked(m);
            }
            let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
            let moves: Vec<String> = game.moves[from..]
                .iter()
                .map(|&m| {
                    shakmaty::uci::UciMove::from_move(m, shakmaty::CastlingMode::Standard)
                        .to_string()
                })
                .collect();
            let id = rows.len() + 1;
            rows.push((
                n,
                format!("r{id},{fen},{},1500,80,90,10,mateIn{n},,", moves.join(" ")),
            ));
        }
    }
    rows
}

/// A `game!` call's tokens as the facade passes them on: the options at
/// the start (`#![…]`, each a `#`, a `!` and a bracketed group), and the
/// rest, which it puts in one group. For holding `game!`'s quick way
/// ([`crate::expand::game_as_printed`]: the options, and the group as
/// rustc prints it) to the tokens' way.
pub fn facade_split(tokens: TokenStream) -> (TokenStream, TokenStream) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut options = 0;
    while let [
        TokenTree::Punct(hash),
        TokenTree::Punct(bang),
        TokenTree::Group(group),
        ..,
    ] = &trees[options..]
        && hash.as_char() == '#'
        && bang.as_char() == '!'
        && group.delimiter() == Delimiter::Bracket
    {
        options += 3;
    }
    let rest = trees[options..].iter().cloned().collect();
    (trees[..options].iter().cloned().collect(), rest)
}

/// `tokens` as rustc prints them (`TokenStream::to_string`, `stringify!`),
/// modelled on their spans: a space where the source had white space and
/// none where it had none, but none before or after a lone `.` (`13 . Nf3`
/// prints as `13.Nf3`), before a `,` or `;`, nor between a name and `!`,
/// as rustc's `print_tts` decides (a group's delimiters stand for it). For
/// holding `game!`'s quick way ([`crate::expand::game_as_printed`]) to the
/// tokens' way.
pub fn printed_like_rustc(tokens: TokenStream) -> String {
    let mut flat = Vec::new();
    flatten(tokens, &mut flat);
    let mut text = String::new();
    for (i, (piece, tree)) in flat.iter().enumerate() {
        if i > 0 {
            let (_, before) = &flat[i - 1];
            if space_between(&flat, i - 1, before, tree) {
                text.push(' ');
            }
        }
        text.push_str(piece);
    }
    text
}

/// A token as rustc's printer sees it: its text, and the token (a group's
/// delimiters stand for it).
#[derive(Clone)]
enum Tok {
    Word(proc_macro2::Span, bool),
    Punct(char, Spacing, proc_macro2::Span),
    Delim(proc_macro2::Span),
}

fn flatten(tokens: TokenStream, out: &mut Vec<(String, Tok)>) {
    for tree in tokens {
        match tree {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::None => ("", ""),
                };
                out.push((open.to_string(), Tok::Delim(g.span_open())));
                flatten(g.stream(), out);
                out.push((close.to_string(), Tok::Delim(g.span_close())));
            }
            TokenTree::Ident(i) => out.push((i.to_string(), Tok::Word(i.span(), true))),
            TokenTree::Literal(l) => out.push((l.to_string(), Tok::Word(l.span(), false))),
            TokenTree::Punct(p) => out.push((
                p.as_char().to_string(),
                Tok::Punct(p.as_char(), p.spacing(), p.span()),
            )),
        }
    }
}

fn span_of(tok: &Tok) -> proc_macro2::Span {
    match tok {
        Tok::Word(s, _) | Tok::Punct(_, _, s) | Tok::Delim(s) => *s,
    }
}

/// Whether the `.` at `i` is a token of its own to rustc (not part of
/// `..`, `...` or `..=`).
fn lone_dot(flat: &[(String, Tok)], i: usize) -> bool {
    let joint_dot_before = i > 0 && matches!(flat[i - 1].1, Tok::Punct('.', Spacing::Joint, _));
    let joint_after = matches!(flat[i].1, Tok::Punct('.', Spacing::Joint, _))
        && matches!(flat.get(i + 1), Some((_, Tok::Punct('.' | '=', ..))));
    !joint_dot_before && !joint_after
}

fn space_between(flat: &[(String, Tok)], i: usize, a: &Tok, b: &Tok) -> bool {
    let touching = span_of(a).end() == span_of(b).start();
    if touching || matches!(a, Tok::Punct(_, Spacing::Joint, _)) {
        return false;
    }
    let is_punct = |t: &Tok| matches!(t, Tok::Punct(..));
    match (a, b) {
        (Tok::Punct('.', ..), b) if lone_dot(flat, i) && !is_punct(b) => false,
        (a, Tok::Punct('.', ..)) if !is_punct(a) && lone_dot(flat, i + 1) => false,
        (a, Tok::Punct(',' | ';', ..)) if !is_punct(a) => false,
        // A name and `!` (not `!=`).
        (Tok::Word(_, true), Tok::Punct('!', spacing, _)) => {
            *spacing == Spacing::Joint && matches!(flat.get(i + 2), Some((_, Tok::Punct('=', ..))))
        }
        _ => true,
    }
}

/// Holds the syntax tree of every game of `source` (read under `rules`,
/// if any) to the events the grammar hands its consumers, with the
/// express lane and without: the tree holds every one (see
/// `syntax/events.rs`). Panics, saying where, if not.
pub fn assert_tree_holds_the_events(source: &crate::Source, rules: Option<&crate::RuleSets>) {
    crate::syntax::assert_tree_holds_the_events(source, rules);
}

/// The games `parser` reads, each game given back to it once read (a
/// copy kept: [`crate::syntax::Parser::recycle`]), so that every game
/// after the first is read into the room of the one before; for tests
/// and fuzz targets to hold to a fresh reading.
pub fn read_recycled(
    mut parser: crate::syntax::Parser<'_>,
) -> Vec<Result<crate::syntax::GameSyntax, crate::Diagnostic>> {
    let mut games = Vec::new();
    while let Some(game) = parser.next() {
        if let Ok(game) = &game {
            parser.recycle(game.clone());
        }
        games.push(game);
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Source, verify};

    #[test]
    fn a_long_game_is_legal_and_not_over() {
        let moves = long_game(1200, 1);
        assert_eq!(moves.len(), 1200);
        let text = token_text(&Chess::default(), &moves);
        let source = Source::text(text.as_str(), None, None);
        let verified = verify(&source, Options::default()).next().unwrap().unwrap();
        assert_eq!(verified.moves, moves);
        assert_eq!(verified.end, None);
    }
}
