//! CustomChessKell rules files, exactly in the format its README
//! documents: `board_size` (`rows`, `cols`), `pieces` (each a `name`,
//! `symbol_white`, `symbol_black` and `moves`: `Step` and `Jump` with an
//! `offset`, `Slide` with a `direction`, each `[row, col]`), and the
//! `formation` of White's pieces (`piece`, `position: [row, col]`), with
//! its validation: unique symbols, a step one square away, a jump more
//! than one, a slide along a unit vector, exactly one piece named `King`
//! and exactly one King placed, White in the bottom half (`row < rows / 2`,
//! rounded down), no two pieces on a square. Each problem is reported at
//! the key or value concerned (line and column, from 1).
//!
//! Where that README is silent, this is what the rules are:
//!
//! * `[row, col]` offsets are White's: row +1 is forward (up the board),
//!   col +1 is towards higher files. Black's are mirrored top to bottom
//!   (row −1 is Black's forward), and so is the formation: a piece at
//!   `[r, c]` stands for Black at `[rows − 1 − r, c]`.
//! * Every move may go to an empty square or capture; there is no
//!   castling, en passant or promotion.
//! * The game ends when the side to move has no legal move: checkmate if
//!   its King is attacked (a loss), stalemate otherwise (a draw). White
//!   moves first.
//! * A symbol that is an ASCII letter, with Black's the same letter in
//!   lower case, is the piece's letter in FEN and SAN; other symbols are
//!   kept for display and the piece gets the first free letter.
//! * The file is YAML as YAML readers (PyYAML) read it: an alias (`*up`)
//!   stands for the node its anchor (`&up`) names, and a merge key
//!   (`<<: *king`) brings in the entries of the mapping it names that the
//!   mapping does not give itself. A file is at most [`MAX_NODES`] nodes
//!   with its aliases in place (a file of aliases of aliases, a "billion
//!   laughs", is refused where it passes that).
//!
//! ```
//! use chess_rules::{Position, yaml};
//!
//! let text = "\
//! board_size: { rows: 5, cols: 5 }
//! pieces:
//!   - name: King
//!     symbol_white: 'K'
//!     symbol_black: 'k'
//!     moves:
//!       - { type: Step, offset: [1, 0] }
//!       - { type: Step, offset: [-1, 0] }
//!       - { type: Step, offset: [0, 1] }
//!       - { type: Step, offset: [0, -1] }
//!   - name: Camel
//!     symbol_white: 'C'
//!     symbol_black: 'c'
//!     moves:
//!       - { type: Jump, offset: [3, 1] }
//! formation:
//!   - { piece: King, position: [0, 2] }
//!   - { piece: Camel, position: [0, 0] }
//! ";
//! let rules = yaml::rules(text).unwrap();
//! assert_eq!(rules.start, "c1k2/5/5/5/C1K2 w - - 0 1");
//! let start = Position::start(&rules).unwrap();
//! assert_eq!(start.legal_moves().len(), 4); // b4 for the camel, three king steps
//!
//! let error = yaml::rules(&text.replace("[3, 1]", "[1, 0]")).unwrap_err();
//! assert_eq!((error.line, error.column), (15, 31)); // the `[1, 0]`
//! assert!(error.message.contains("more than one square"));
//! ```

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::Marker;

use crate::betza::Atom;
use crate::error::{Error, offset};
use crate::geometry::{Geometry, MAX_SIDE};
use crate::rules::{PieceDef, Rules};

/// What is wrong, at the line and column of the node concerned (made an
/// [`Error`] at the word there when the file is read).
#[derive(Clone, Debug)]
struct RulesError {
    line: usize,
    column: usize,
    message: String,
}

/// Where a node starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct At {
    line: usize,
    column: usize,
}

impl At {
    fn error(self, message: impl Into<String>) -> RulesError {
        RulesError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }
}

/// A YAML node with where it starts.
#[derive(Clone, Debug)]
enum Node {
    Scalar(String, At),
    Seq(Vec<Node>, At),
    Map(Vec<(Node, Node)>, At),
}

impl Node {
    fn at(&self) -> At {
        match self {
            Node::Scalar(_, at) | Node::Seq(_, at) | Node::Map(_, at) => *at,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Node::Scalar(..) => "a value",
            Node::Seq(..) => "a list",
            Node::Map(..) => "a mapping",
        }
    }
}

impl Node {
    /// How many nodes it is made of, itself included.
    fn size(&self) -> usize {
        match self {
            Node::Scalar(..) => 1,
            Node::Seq(items, _) => 1 + items.iter().map(Node::size).sum::<usize>(),
            Node::Map(pairs, _) => {
                1 + pairs
                    .iter()
                    .map(|(k, v)| k.size() + v.size())
                    .sum::<usize>()
            }
        }
    }
}

/// The most nodes a file may be made of once its aliases are put in the
/// places they name: far beyond any rules file, and short of what a file
/// of aliases of aliases (a "billion laughs") would take.
pub const MAX_NODES: usize = 100_000;

/// Frames of the tree being built from the parser's events, each with
/// its anchor (0: none).
enum Frame {
    Seq(Vec<Node>, At, usize),
    Map(Vec<(Node, Node)>, Option<Node>, At, usize),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    root: Option<Node>,
    /// The nodes anchors name (`&up`), by anchor id.
    anchors: Vec<Option<Node>>,
    /// Nodes made so far, aliases counted at their size.
    nodes: usize,
    /// What went wrong: the events after it are passed over.
    error: Option<RulesError>,
}

impl Builder {
    fn add(&mut self, node: Node, anchor: usize) {
        if anchor != 0 {
            if self.anchors.len() <= anchor {
                self.anchors.resize(anchor + 1, None);
            }
            self.anchors[anchor] = Some(node.clone());
        }
        match self.stack.last_mut() {
            None => self.root = Some(node),
            Some(Frame::Seq(items, ..)) => items.push(node),
            Some(Frame::Map(pairs, key, ..)) => match key.take() {
                None => *key = Some(node),
                Some(k) => pairs.push((k, node)),
            },
        }
    }

    /// Counts `n` more nodes; an error past [`MAX_NODES`].
    fn count(&mut self, n: usize, at: At) {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > MAX_NODES {
            self.error = Some(at.error(format!(
                "the file is more than {MAX_NODES} YAML nodes once its aliases are put in place"
            )));
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, event: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        // yaml-rust2's lines count from 1, its columns from 0.
        let at = At {
            line: mark.line(),
            column: mark.col() + 1,
        };
        match event {
            Event::Scalar(value, _, anchor, _) => {
                self.count(1, at);
                self.add(Node::Scalar(value, at), anchor);
            }
            Event::Alias(anchor) => {
                // The parser refuses an alias of no anchor before it.
                let Some(node) = self.anchors.get(anchor).cloned().flatten() else {
                    self.error = Some(at.error("an alias of no anchor"));
                    return;
                };
                self.count(node.size(), at);
                if self.error.is_none() {
                    self.add(node, 0);
                }
            }
            Event::SequenceStart(anchor, _) => {
                self.count(1, at);
                self.stack.push(Frame::Seq(Vec::new(), at, anchor));
            }
            Event::MappingStart(anchor, _) => {
                self.count(1, at);
                self.stack.push(Frame::Map(Vec::new(), None, at, anchor));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor) = match self.stack.pop() {
                    Some(Frame::Seq(items, at, anchor)) => (Node::Seq(items, at), anchor),
                    Some(Frame::Map(pairs, _, at, anchor)) => (Node::Map(pairs, at), anchor),
                    None => return,
                };
                if anchor != 0 {
                    // The copy the anchor keeps.
                    self.count(node.size(), at);
                }
                self.add(node, anchor);
            }
            _ => {}
        }
    }
}

fn parse(text: &str) -> Result<Node, RulesError> {
    let mut builder = Builder::default();
    Parser::new_from_str(text)
        .load(&mut builder, false)
        .map_err(|e| RulesError {
            line: e.marker().line(),
            column: e.marker().col() + 1,
            message: format!("not YAML: {}", e.info()),
        })?;
    if let Some(error) = builder.error {
        return Err(error);
    }
    builder.root.ok_or_else(|| RulesError {
        line: 1,
        column: 1,
        message: "an empty rules file".into(),
    })
}

/// The mapping's entries, each key a scalar; unknown keys are errors. A
/// merge key (`<<: *base`, or a list of such mappings) brings in the
/// entries of the mappings it names that the mapping does not give
/// itself, the first mapping's first, as YAML readers (PyYAML) merge.
fn mapping<'n>(
    node: &'n Node,
    what: &str,
    known: &[&str],
) -> Result<Vec<(&'n str, At, &'n Node)>, RulesError> {
    let Node::Map(pairs, _) = node else {
        return Err(node
            .at()
            .error(format!("{what} is a mapping, not {}", node.kind())));
    };
    let mut out: Vec<(&str, At, &Node)> = Vec::new();
    let mut merged: Vec<&Node> = Vec::new();
    for (key, value) in pairs {
        let Node::Scalar(name, at) = key else {
            return Err(key.at().error("a key is a word"));
        };
        if name == "<<" {
            match value {
                Node::Seq(items, _) => merged.extend(items),
                other => merged.push(other),
            }
            continue;
        }
        if !known.contains(&name.as_str()) {
            return Err(at.error(format!(
                "`{name}` is not a key of {what} (the keys are {})",
                known
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        if out.iter().any(|(k, ..)| k == name) {
            return Err(at.error(format!("`{name}` is given twice")));
        }
        out.push((name, *at, value));
    }
    for base in merged {
        if !matches!(base, Node::Map(..)) {
            return Err(base.at().error(format!(
                "a merge key `<<` names mappings, not {}",
                base.kind()
            )));
        }
        for (name, at, value) in mapping(base, what, known)? {
            if !out.iter().any(|(k, ..)| *k == name) {
                out.push((name, at, value));
            }
        }
    }
    Ok(out)
}

fn get<'n>(
    entries: &[(&str, At, &'n Node)],
    key: &str,
    owner: At,
    what: &str,
) -> Result<&'n Node, RulesError> {
    entries
        .iter()
        .find(|(k, ..)| *k == key)
        .map(|(_, _, v)| *v)
        .ok_or_else(|| owner.error(format!("{what} needs `{key}`")))
}

fn scalar<'n>(node: &'n Node, what: &str) -> Result<(&'n str, At), RulesError> {
    match node {
        Node::Scalar(s, at) => Ok((s, *at)),
        other => Err(other
            .at()
            .error(format!("{what} is a value, not {}", other.kind()))),
    }
}

fn integer(node: &Node, what: &str) -> Result<(i64, At), RulesError> {
    let (text, at) = scalar(node, what)?;
    text.parse()
        .map(|n| (n, at))
        .map_err(|_| at.error(format!("{what} is a whole number, not `{text}`")))
}

/// `[row, col]`.
fn pair(node: &Node, what: &str) -> Result<(i64, i64, At), RulesError> {
    match node {
        Node::Seq(items, at) if items.len() == 2 => Ok((
            integer(&items[0], "a row")?.0,
            integer(&items[1], "a column")?.0,
            *at,
        )),
        other => Err(other.at().error(format!("{what} is `[row, col]`"))),
    }
}

fn symbol(node: &Node, what: &str) -> Result<(char, At), RulesError> {
    let (text, at) = scalar(node, what)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok((c, at)),
        _ => Err(at.error(format!("{what} is one character, not `{text}`"))),
    }
}

/// Reads a CustomChessKell rules file into a rule set; see the
/// [module](self).
pub fn rules(text: &str) -> Result<Rules, Error> {
    read(text).map_err(|e| Error::at_word(text, offset(text, e.line, e.column), e.message))
}

fn read(text: &str) -> Result<Rules, RulesError> {
    let root = parse(text)?;
    let top = mapping(
        &root,
        "a rules file",
        &["board_size", "pieces", "formation"],
    )?;
    let start_at = root.at();
    // board_size
    let board = get(&top, "board_size", start_at, "a rules file")?;
    let size = mapping(board, "`board_size`", &["rows", "cols"])?;
    let side = |key: &str| -> Result<u8, RulesError> {
        let (n, at) = integer(
            get(&size, key, board.at(), "`board_size`")?,
            &format!("`{key}`"),
        )?;
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=MAX_SIDE).contains(n))
            .ok_or_else(|| at.error(format!("`{key}` is 1 to {MAX_SIDE}, not {n}")))
    };
    let (rows, cols) = (side("rows")?, side("cols")?);
    let geometry = Geometry::new(cols, rows).expect("checked sides");
    let (pieces, names) = pieces(&top, start_at)?;
    // formation
    let formation_node = get(&top, "formation", start_at, "a rules file")?;
    let Node::Seq(placed, _) = formation_node else {
        return Err(formation_node.at().error("`formation` is a list"));
    };
    let mut board: Vec<Option<(usize, At)>> = vec![None; geometry.len()];
    let mut kings = 0;
    for node in placed {
        let entries = mapping(node, "a formation entry", &["piece", "position"])?;
        let (name, name_at) = scalar(
            get(&entries, "piece", node.at(), "a formation entry")?,
            "`piece`",
        )?;
        let kind = names
            .iter()
            .position(|(n, _)| n == name)
            .ok_or_else(|| name_at.error(format!("`{name}` is not one of the pieces")))?;
        let (row, col, at) = pair(
            get(&entries, "position", node.at(), "a formation entry")?,
            "`position`",
        )?;
        if !(0..i64::from(rows)).contains(&row) || !(0..i64::from(cols)).contains(&col) {
            return Err(at.error(format!("[{row}, {col}] is off the {rows} x {cols} board")));
        }
        // The half-board rule.
        if row >= i64::from(rows / 2) {
            return Err(at.error(format!(
                "White's pieces stand in the bottom half: row < {} ({rows} rows / 2), not {row}",
                rows / 2
            )));
        }
        let sq = crate::Square::new(col as u8, row as u8);
        let index = geometry.index(sq);
        if let Some((_, first)) = board[index] {
            return Err(at.error(format!(
                "[{row}, {col}] already holds a piece (line {}): two pieces cannot start on one square",
                first.line
            )));
        }
        board[index] = Some((kind, at));
        if pieces[kind].royal {
            kings += 1;
            if kings > 1 {
                return Err(name_at.error("a second King: the formation places exactly one"));
            }
        }
    }
    if kings == 0 {
        return Err(formation_node
            .at()
            .error("the formation places no King: exactly one is placed"));
    }
    let fen = start_fen(&board, &pieces, geometry);
    // Chess's switches (stalemate a draw, no drops nor goals, …), with the
    // file's board, pieces and start, and neither castling nor promotion.
    Ok(Rules {
        name: "rules file".into(),
        geometry,
        pieces,
        start: fen,
        // No piece promotes; the last rank, as chess has it.
        promotion_region: [crate::Region::rank(rows - 1), crate::Region::rank(0)],
        promotion_pieces: Vec::new(),
        castling: None,
        ..Rules::chess()
    })
}

/// Each piece's name, and where it is written.
type Names = Vec<(String, At)>;

/// The pieces of a rules file (`top`'s `pieces`), each with its name and
/// where the name is written, their FEN letters chosen.
fn pieces(top: &[(&str, At, &Node)], start_at: At) -> Result<(Vec<PieceDef>, Names), RulesError> {
    let pieces_node = get(top, "pieces", start_at, "a rules file")?;
    let Node::Seq(piece_nodes, _) = pieces_node else {
        return Err(pieces_node.at().error("`pieces` is a list"));
    };
    let mut pieces: Vec<PieceDef> = Vec::new();
    let mut names: Names = Vec::new();
    let mut symbols: Vec<(char, At)> = Vec::new();
    for node in piece_nodes {
        let entries = mapping(
            node,
            "a piece",
            &["name", "symbol_white", "symbol_black", "moves"],
        )?;
        let (name, name_at) = scalar(get(&entries, "name", node.at(), "a piece")?, "`name`")?;
        if names.iter().any(|(n, _)| n == name) {
            return Err(name_at.error(format!("two pieces are named `{name}`")));
        }
        let (white, white_at) = symbol(
            get(&entries, "symbol_white", node.at(), "a piece")?,
            "`symbol_white`",
        )?;
        let (black, black_at) = symbol(
            get(&entries, "symbol_black", node.at(), "a piece")?,
            "`symbol_black`",
        )?;
        for (c, at) in [(white, white_at), (black, black_at)] {
            if let Some((_, first)) = symbols.iter().find(|(s, _)| *s == c) {
                return Err(at.error(format!(
                    "the symbol `{c}` is already used (line {}): every symbol is unique",
                    first.line
                )));
            }
            symbols.push((c, at));
        }
        let moves_node = get(&entries, "moves", node.at(), "a piece")?;
        let Node::Seq(move_nodes, moves_at) = moves_node else {
            return Err(moves_node.at().error("`moves` is a list"));
        };
        if move_nodes.is_empty() {
            return Err(moves_at.error(format!("`{name}` has no moves")));
        }
        let mut atoms = Vec::new();
        let mut written = Vec::new();
        for m in move_nodes {
            let (atom, text) = move_rule(m)?;
            atoms.push(atom);
            written.push(text);
        }
        pieces.push(PieceDef {
            letter: white,
            name: name.to_string(),
            betza: written.join(", "),
            atoms,
            royal: name == "King",
            pawn: [false; 2],
            symbols: (white, black),
            mobility: [None; 2],
            initial_region: None,
            synonym: None,
            promotes_to: None,
            promotion_limit: None,
        });
        names.push((name.to_string(), name_at));
    }
    // The King rule: exactly one piece named King.
    match names.iter().filter(|(n, _)| n == "King").count() {
        1 => {}
        _ => {
            return Err(pieces_node
                .at()
                .error("exactly one piece is named `King` (checkmate needs it)"));
        }
    }
    // Letters for FEN: the symbol when it is a letter and Black's is its
    // lower case, else the first free letter.
    let mut used: Vec<char> = Vec::new();
    let fitting: Vec<bool> = pieces
        .iter()
        .map(|p| {
            p.symbols.0.is_ascii_uppercase() && p.symbols.1 == p.symbols.0.to_ascii_lowercase()
        })
        .collect();
    for (p, &fits) in pieces.iter().zip(&fitting) {
        if fits {
            used.push(p.symbols.0);
        }
    }
    for (p, &fits) in pieces.iter_mut().zip(&fitting) {
        if fits {
            p.letter = p.symbols.0;
        } else {
            let free = ('A'..='Z')
                .find(|c| !used.contains(c))
                .ok_or_else(|| start_at.error("more than 26 pieces"))?;
            used.push(free);
            p.letter = free;
        }
    }
    Ok((pieces, names))
}

/// The start position's FEN: White's formation (`board`, each square's
/// piece), Black's mirrored top to bottom.
fn start_fen(board: &[Option<(usize, At)>], pieces: &[PieceDef], geometry: Geometry) -> String {
    let (rows, cols) = (geometry.ranks(), geometry.files());
    let mut fen = String::new();
    for rank in (0..rows).rev() {
        let mut empty = 0;
        for file in 0..cols {
            let white = board[geometry.index(crate::Square::new(file, rank))];
            let black = board[geometry.index(crate::Square::new(file, rows - 1 - rank))];
            let letter = match (white, black) {
                (Some((k, _)), _) => Some(pieces[k].letter),
                (None, Some((k, _))) => Some(pieces[k].letter.to_ascii_lowercase()),
                (None, None) => None,
            };
            match letter {
                Some(l) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(l);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(" w - - 0 1");
    fen
}

/// One `moves` entry as an atom, and how it is written.
fn move_rule(node: &Node) -> Result<(Atom, String), RulesError> {
    let entries = mapping(node, "a move", &["type", "offset", "direction"])?;
    let (kind, kind_at) = scalar(get(&entries, "type", node.at(), "a move")?, "`type`")?;
    let key = match kind {
        "Step" | "Jump" => "offset",
        "Slide" => "direction",
        other => {
            return Err(kind_at.error(format!(
                "`{other}` is not a move type (`Step`, `Jump` or `Slide`)"
            )));
        }
    };
    if let Some((other, at, _)) = entries.iter().find(|(k, ..)| *k != "type" && *k != key) {
        return Err(at.error(format!("a {kind} takes `{key}`, not `{other}`")));
    }
    let (row, col, at) = pair(
        get(&entries, key, node.at(), &format!("a {kind}"))?,
        &format!("`{key}`"),
    )?;
    let reach = row.abs().max(col.abs());
    match kind {
        "Step" if reach != 1 => {
            return Err(at.error(format!(
                "a Step goes exactly one square: [{row}, {col}] is not one square away"
            )));
        }
        "Jump" if reach <= 1 => {
            return Err(at.error(format!(
                "a Jump goes more than one square away: [{row}, {col}] is not (write a Step)"
            )));
        }
        "Slide" if reach != 1 => {
            return Err(at.error(format!(
                "a Slide's direction is a unit vector: [{row}, {col}] skips squares"
            )));
        }
        _ => {}
    }
    if reach > i64::from(MAX_SIDE) {
        return Err(at.error(format!(
            "[{row}, {col}] leaves any board of at most {MAX_SIDE} squares"
        )));
    }
    let (dx, dy) = (col as i8, row as i8);
    let (a, b) = (
        dx.unsigned_abs().max(dy.unsigned_abs()),
        dx.unsigned_abs().min(dy.unsigned_abs()),
    );
    Ok((
        Atom {
            leap: (a, b),
            vectors: vec![(dx, dy)],
            range: if kind == "Slide" { 0 } else { 1 },
            moves: true,
            captures: true,
            initial: false,
            lame: false,
            en_passant: false,
            hop: crate::betza::Hop::No,
            lines: false,
        },
        format!("{kind} [{row}, {col}]"),
    ))
}
