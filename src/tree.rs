//! The game tree: variations, comments and NAGs, as the macros verified
//! and kept them.

use core::iter::FusedIterator;

use chess_format::{Note, Notes};

use crate::game::make_ply;
use crate::{Game, Ply, Position};

/// A comment as written in the game (`{…}` or `;…`), without its braces.
///
/// Tools put commands into comments (`[%clk 0:03:12]`, `[%eval 0.32]`,
/// `[%csl Ra1,Gb2]`); [`Comment::commands`] reads them and
/// [`Comment::text`] keeps them.
///
/// ```
/// use verified_chess::Comment;
///
/// let c = Comment::new("Good move [%clk 0:03:12] [%csl Ra1,Gb2]");
/// let commands: Vec<_> = c.commands().map(|c| (c.name(), c.value())).collect();
/// assert_eq!(commands, [("clk", "0:03:12"), ("csl", "Ra1,Gb2")]);
/// assert_eq!(c.commands().nth(1).unwrap().args().collect::<Vec<_>>(), ["Ra1", "Gb2"]);
/// assert_eq!(c.text(), "Good move [%clk 0:03:12] [%csl Ra1,Gb2]");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comment<'a>(&'a str);

impl<'a> Comment<'a> {
    /// A comment with this text.
    pub const fn new(text: &'a str) -> Comment<'a> {
        Comment(text)
    }

    /// The text as written, commands included.
    pub const fn text(&self) -> &'a str {
        self.0
    }

    /// The commands in the comment (`[%name value]`), in order.
    pub fn commands(&self) -> Commands<'a> {
        Commands { rest: self.0 }
    }
}

/// A command in a comment: `[%clk 0:03:12]`; see [`Comment::commands`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Command<'a> {
    name: &'a str,
    value: &'a str,
}

impl<'a> Command<'a> {
    /// Its name (`clk`).
    pub const fn name(&self) -> &'a str {
        self.name
    }

    /// Everything after the name, trimmed (`0:03:12`).
    pub const fn value(&self) -> &'a str {
        self.value
    }

    /// The value's comma-separated parts, trimmed (`Ra1`, `Gb2`).
    pub fn args(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.value
            .split(',')
            .map(str::trim)
            .filter(|a| !a.is_empty())
    }
}

/// The commands of a comment; see [`Comment::commands`].
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Commands<'a> {
    type Item = Command<'a>;

    fn next(&mut self) -> Option<Command<'a>> {
        loop {
            let start = self.rest.find("[%")?;
            let after = &self.rest[start + 2..];
            let Some(end) = after.find(']') else {
                self.rest = "";
                return None;
            };
            let body = &after[..end];
            self.rest = &after[end + 1..];
            let body = body.trim();
            let (name, value) = body
                .split_once(|c: char| c.is_whitespace())
                .unwrap_or((body, ""));
            if !name.is_empty() {
                return Some(Command {
                    name,
                    value: value.trim(),
                });
            }
        }
    }
}

impl FusedIterator for Commands<'_> {}

/// Where a node is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Place {
    /// The main line's position after this many plies.
    Main(usize),
    /// After a move of a variation: where its ply is in the annotation
    /// text; and for a variation's first move, where the variation's own
    /// notes begin (its comments before that move).
    Var { at: usize, open: Option<usize> },
}

/// A position in a game's tree: the start, or the position after a move
/// of the main line or of a variation, with the move's comments and NAGs.
/// In the spirit of python-chess's game nodes.
///
/// ```
/// use verified_chess::{Game, game};
///
/// let g: Game = game!(r#"
///     {Two openings} 1. e4 $1 {best by test} (1. d4 d5 {solid}) 1... e5 *
/// "#);
/// let root = g.root();
/// assert_eq!(root.comments().map(|c| c.text()).collect::<Vec<_>>(), ["Two openings"]);
/// let e4 = root.next().unwrap();
/// assert_eq!(e4.ply().unwrap().san.as_str(), "e4");
/// assert_eq!(e4.nags().collect::<Vec<_>>(), [1]);
/// assert_eq!(e4.comments().next().unwrap().text(), "best by test");
///
/// // The root's children: the main move first, then its alternatives.
/// let sans: Vec<String> = root.children().map(|n| n.ply().unwrap().san.to_string()).collect();
/// assert_eq!(sans, ["e4", "d4"]);
/// let d5 = root.children().nth(1).unwrap().next().unwrap();
/// assert_eq!(d5.comments().next().unwrap().text(), "solid");
/// assert_eq!(d5.position().fen().to_string(),
///     "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2");
/// assert!(!d5.is_main_line());
/// assert_eq!(d5.parent().unwrap().parent(), Some(root));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Node {
    game: Game,
    place: Place,
    ply: Option<Ply>,
    position: Position,
}

impl Game {
    /// The start of the game's tree: the start position, with the
    /// comments written before the first move. See [`Node`].
    pub fn root(&self) -> Node {
        Node {
            game: *self,
            place: Place::Main(0),
            ply: None,
            position: self.start(),
        }
    }

    /// `true` if the game has variations, comments or NAGs.
    pub fn is_annotated(&self) -> bool {
        !self.notes().is_empty()
    }

    /// The game's annotation text (see `chess_format::notes`).
    pub(crate) fn notes(&self) -> &'static str {
        self.read().notes()
    }

    fn node_after(&self, parent: Position, place: Place, ply: Option<Ply>) -> Node {
        let position = match ply {
            Some(ply) => parent.after(&ply.mv),
            None => parent,
        };
        Node {
            game: *self,
            place,
            ply,
            position,
        }
    }
}

impl Node {
    /// The move that led here (`None` at the root).
    pub const fn ply(&self) -> Option<Ply> {
        self.ply
    }

    /// The position after the move.
    pub const fn position(&self) -> Position {
        self.position
    }

    /// The game this node is in.
    pub const fn game(&self) -> Game {
        self.game
    }

    /// `true` for the root and the moves of the main line.
    pub const fn is_main_line(&self) -> bool {
        matches!(self.place, Place::Main(_))
    }

    /// `true` at the root.
    pub const fn is_root(&self) -> bool {
        matches!(self.place, Place::Main(0))
    }

    /// The main continuation: the next move of this node's line.
    pub fn next(&self) -> Option<Node> {
        let game = &self.game;
        match self.place {
            Place::Main(n) => {
                let ply = game.plies().nth(n)?;
                Some(game.node_after(self.position, Place::Main(n + 1), Some(ply)))
            }
            Place::Var { at, .. } => {
                let text = game.notes();
                let next = after_extras(text, at + chess_format::Ply::DIGITS);
                let index = self.ply.map_or(0, |p| p.index + 1);
                self.variation_node(next, None, index)
            }
        }
    }

    /// The node of the variation ply at `at`, if a ply is there.
    fn variation_node(&self, at: usize, open: Option<usize>, index: usize) -> Option<Node> {
        let game = &self.game;
        let text = game.notes();
        let Some(Note::Ply(raw)) = Notes::at(text, at).next() else {
            return None;
        };
        let ply = make_ply(&game.start(), game.is_chess960(), index, raw)?;
        Some(game.node_after(self.position, Place::Var { at, open }, Some(ply)))
    }

    /// The moves that can follow: the main continuation first, then its
    /// alternatives (the variations written after it), in order.
    pub fn children(&self) -> Children {
        let text = self.game.notes();
        let next = self.next();
        // The alternatives follow the next move's NAGs and comments.
        let alternatives = match (self.place, next.map(|n| n.place)) {
            (_, Some(Place::Main(n))) => main_notes(text, n).map(|at| skip_notes(text, at)),
            (_, Some(Place::Var { at, .. })) => {
                Some(skip_notes(text, at + chess_format::Ply::DIGITS))
            }
            _ => None,
        };
        Children {
            parent: *self,
            next,
            at: alternatives,
            depth: 0,
            open_depth: 0,
            open_plies: 1,
        }
    }

    /// The alternatives to the main continuation: [`Node::children`]
    /// after the first.
    pub fn variations(&self) -> impl Iterator<Item = Node> + Clone {
        self.children().skip(1)
    }

    /// The main line from here: this node's line, move by move, to its
    /// end (this node not included).
    pub fn mainline(&self) -> impl Iterator<Item = Node> + Clone {
        core::iter::successors(self.next(), Node::next)
    }

    /// The NAGs on the move that led here (`$1` is `!`, `$14` is `⩲`).
    pub fn nags(&self) -> impl Iterator<Item = u8> + Clone + use<> {
        self.notes().filter_map(|n| match n {
            Note::Nag(nag) => Some(nag),
            _ => None,
        })
    }

    /// The comments after the move that led here; at the root, the
    /// comments before the first move.
    pub fn comments(&self) -> impl Iterator<Item = Comment<'static>> + Clone + use<> {
        comments(self.notes())
    }

    /// For the first move of a variation, the comments written before
    /// it (`( {a comment} 1. d4 …)`); else none.
    pub fn starting_comments(&self) -> impl Iterator<Item = Comment<'static>> + Clone + use<> {
        let text = self.game.notes();
        let notes = match self.place {
            Place::Var {
                open: Some(open), ..
            } => Extras(Notes::at(text, open)),
            _ => Extras(Notes::at(text, text.len())),
        };
        comments(notes)
    }

    /// The NAGs and comments after the move.
    fn notes(&self) -> Extras {
        let text = self.game.notes();
        let at = match self.place {
            Place::Main(n) => main_notes(text, n).unwrap_or(text.len()),
            Place::Var { at, .. } => at + chess_format::Ply::DIGITS,
        };
        Extras(Notes::at(text, at))
    }

    /// The node before this one: the previous move of its line, or for a
    /// variation's first move the node the variation branches from.
    /// `None` at the root.
    pub fn parent(&self) -> Option<Node> {
        let game = &self.game;
        let text = game.notes();
        let mut at = match self.place {
            Place::Main(0) => return None,
            Place::Main(n) => return Some(main_node(game, n - 1)),
            Place::Var { at, .. } => at,
        };
        loop {
            let found = locate(text, at)?;
            if let Some(previous) = found.previous {
                return node_at(game, previous);
            }
            // The first move of a variation: its parent is the parent of
            // the move it replaces.
            match found.replaces {
                Replaced::Main(n) => return Some(main_node(game, n.checked_sub(1)?)),
                Replaced::Var(ply) => at = ply,
            }
        }
    }
}

/// The main line's node after `n` plies.
fn main_node(game: &Game, n: usize) -> Node {
    let ply = n.checked_sub(1).and_then(|i| game.plies().nth(i));
    Node {
        game: *game,
        place: Place::Main(n),
        ply,
        position: game.position_after(n).unwrap_or_else(|| game.start()),
    }
}

/// What a variation's first move replaces.
#[derive(Copy, Clone, Debug)]
enum Replaced {
    /// The main line's move that led to its node `n`.
    Main(usize),
    /// The variation ply at this offset.
    Var(usize),
}

/// Where a variation ply is in the tree.
#[derive(Copy, Clone, Debug)]
struct Located {
    /// The previous ply of its line, if it is not the first.
    previous: Option<usize>,
    /// Where its variation's notes begin (after the `Open`).
    open: usize,
    /// The ply index of its variation's first move.
    first_index: usize,
    /// What its variation's first move replaces.
    replaces: Replaced,
}

/// Finds the ply at `target` in the annotation text.
fn locate(text: &str, target: usize) -> Option<Located> {
    // Its depth first: then one more pass knows which line is its own.
    let mut notes = Notes::new(text);
    let mut depth = 0usize;
    while notes.offset() < target {
        match notes.next()? {
            Note::Open(_) => depth += 1,
            Note::Close(_) => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    if notes.offset() != target || depth == 0 {
        return None;
    }
    let mut notes = Notes::new(text);
    let mut d = 0usize;
    let mut main = 0;
    let mut last_outer: Option<usize> = None;
    let mut found = Located {
        previous: None,
        open: 0,
        first_index: 0,
        replaces: Replaced::Main(0),
    };
    while notes.offset() < target {
        let at = notes.offset();
        match notes.next()? {
            Note::Main(n) => main = n,
            Note::Open(first) => {
                d += 1;
                if d == depth {
                    found = Located {
                        previous: None,
                        open: notes.offset(),
                        first_index: first,
                        replaces: match last_outer {
                            Some(ply) if depth > 1 => Replaced::Var(ply),
                            _ => Replaced::Main(main),
                        },
                    };
                }
            }
            Note::Close(_) => d -= 1,
            Note::Ply(_) if d == depth => found.previous = Some(at),
            Note::Ply(_) if d + 1 == depth => last_outer = Some(at),
            _ => {}
        }
    }
    Some(found)
}

/// The node of the variation ply at `at`, its position replayed from the
/// main line through every variation it is in.
fn node_at(game: &Game, at: usize) -> Option<Node> {
    let text = game.notes();
    let found = locate(text, at)?;
    // The position before the variation's first move, and the node that
    // came before it.
    let start = match found.replaces {
        Replaced::Main(n) => main_node(game, n.checked_sub(1)?),
        Replaced::Var(ply) => node_at(game, ply)?.parent()?,
    };
    // Through the variation's own plies to `at`, over nested variations.
    let mut node = start.variation_node(
        skip_notes(text, found.open),
        Some(found.open),
        found.first_index,
    )?;
    while let Place::Var { at: here, .. } = node.place {
        if here >= at {
            break;
        }
        node = node.next()?;
    }
    matches!(node.place, Place::Var { at: here, .. } if here == at).then_some(node)
}

/// Where the NAGs and comments of the main line's node `n` begin, if it
/// has any notes.
fn main_notes(text: &str, n: usize) -> Option<usize> {
    let mut notes = Notes::new(text);
    let mut depth = 0usize;
    while let Some(note) = notes.next() {
        match note {
            Note::Main(m) if depth == 0 && m == n => return Some(notes.offset()),
            Note::Main(m) if depth == 0 && m > n => return None,
            Note::Open(_) => depth += 1,
            Note::Close(_) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The offset after the NAGs and comments at `at`.
fn skip_notes(text: &str, at: usize) -> usize {
    let mut notes = Notes::at(text, at);
    loop {
        let here = notes.offset();
        match notes.next() {
            Some(Note::Nag(_) | Note::Comment(_)) => {}
            _ => return here,
        }
    }
}

/// The offset after the NAGs, comments and variations at `at`: where the
/// line's next item is.
fn after_extras(text: &str, at: usize) -> usize {
    let mut notes = Notes::at(text, at);
    let mut depth = 0usize;
    loop {
        let here = notes.offset();
        match notes.next() {
            Some(Note::Nag(_) | Note::Comment(_)) => {}
            Some(Note::Open(_)) => depth += 1,
            Some(Note::Close(_)) if depth > 0 => depth -= 1,
            Some(Note::Ply(_)) if depth > 0 => {}
            _ => return here,
        }
    }
}

/// The NAGs and comments from an offset on, up to the next other item.
#[derive(Clone)]
struct Extras(Notes<'static>);

impl Iterator for Extras {
    type Item = Note<'static>;

    fn next(&mut self) -> Option<Note<'static>> {
        match self.0.next()? {
            note @ (Note::Nag(_) | Note::Comment(_)) => Some(note),
            _ => {
                self.0 = Notes::at("", 0);
                None
            }
        }
    }
}

fn comments(notes: Extras) -> impl Iterator<Item = Comment<'static>> + Clone {
    notes.filter_map(|n| match n {
        Note::Comment(text) => Some(Comment(text)),
        _ => None,
    })
}

/// The children of a node; see [`Node::children`].
#[derive(Clone, Debug)]
pub struct Children {
    parent: Node,
    next: Option<Node>,
    /// Where the scan for alternatives goes on, if it does.
    at: Option<usize>,
    /// How deep in variations the scan is.
    depth: usize,
    /// The deepest variation whose `Open`s are still alternatives: one
    /// that has had only its first move (and each one around it too), so
    /// that a variation written inside it replaces that first move too.
    open_depth: usize,
    /// How many moves the variation at `open_depth` has had (0 or 1).
    open_plies: usize,
}

impl Iterator for Children {
    type Item = Node;

    fn next(&mut self) -> Option<Node> {
        if let Some(next) = self.next.take() {
            return Some(next);
        }
        let text = self.parent.game.notes();
        let mut notes = Notes::at(text, self.at?);
        // The alternatives to a move follow it, in the order written: the
        // variations after it, and those written right after the first
        // move of one of them (`1. e4 (1. d4 (1. c4)) …`: all three are
        // first moves), as python-chess reads them.
        loop {
            let Some(note) = notes.next() else {
                self.at = None;
                return None;
            };
            match note {
                Note::Nag(_) | Note::Comment(_) => {}
                Note::Open(first) => {
                    let alternative = self.depth == self.open_depth && self.open_plies == 1;
                    self.depth += 1;
                    if alternative {
                        self.open_depth = self.depth;
                        self.open_plies = 0;
                        let open = notes.offset();
                        self.at = Some(open);
                        let node =
                            self.parent
                                .variation_node(skip_notes(text, open), Some(open), first);
                        if node.is_some() {
                            return node;
                        }
                        // An empty variation (`()`) has no move to give:
                        // the alternatives after it still come.
                    }
                }
                Note::Ply(_) if self.depth > 0 => {
                    if self.depth == self.open_depth {
                        self.open_plies += 1;
                        if self.open_plies == 2 {
                            self.open_depth -= 1;
                            self.open_plies = 1;
                        }
                    }
                }
                Note::Close(_) if self.depth > 0 => {
                    if self.depth == self.open_depth {
                        self.open_depth -= 1;
                        self.open_plies = 1;
                    }
                    self.depth -= 1;
                }
                Note::Ply(_) | Note::Close(_) | Note::Main(_) => {
                    self.at = None;
                    return None;
                }
            }
            self.at = Some(notes.offset());
        }
    }
}

impl FusedIterator for Children {}
