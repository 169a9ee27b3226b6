//! A rule set: the board, the pieces (in Betza notation), the start
//! position and the switches real variants need.

use crate::betza::{self, Atom};
use crate::error::Error;
use crate::geometry::{Geometry, Region};
use crate::goals::{Ending, Goals};

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// Its letter (upper case; Black's pieces are written in lower case).
    pub letter: char,
    /// Its name.
    pub name: String,
    /// Its moves, as written.
    pub betza: String,
    /// Its moves, read.
    pub atoms: Vec<Atom>,
    /// Checkmating it wins: a king.
    pub royal: bool,
    /// Whether it is a pawn to White, and to Black: it promotes in its
    /// side's promotion region, its moves count as a pawn's for the
    /// halfmove clock, and its double step allows en passant
    /// (Fairy-Stockfish's `pawnTypes`, `promotionPawnTypesWhite` and
    /// `Black`: spartan chess's hoplite is Black's pawn only, and wolf
    /// chess's sergeant is a pawn beside its pawn).
    pub pawn: [bool; 2],
    /// How it is shown, for White and for Black (its letter in both cases
    /// unless a rules file says otherwise).
    pub symbols: (char, char),
    /// The squares it may go to, White's and Black's (Fairy-Stockfish's
    /// `mobilityRegion…`: xiangqi's palace; `None`: anywhere). It moves,
    /// captures, attacks and is dropped there only.
    pub mobility: [Option<Region>; 2],
    /// Where it makes its `i` moves, White's and Black's, if not where the
    /// rule set's pieces make theirs ([`Rules::initial_region`]):
    /// xiangqi's soldier steps sideways only across the river.
    pub initial_region: Option<[Region; 2]>,
    /// A second letter for it (Fairy-Stockfish's synonyms: xiangqi's horse
    /// `H` beside `N`): SAN writes it (`Hd5`); SAN and FEN read either.
    pub synonym: Option<char>,
    /// What it may promote to (a letter), shogi-style: moving into, within
    /// or out of its side's promotion zone
    /// ([`Rules::promotion_region`]), a move may turn it into that piece
    /// (Fairy-Stockfish's `promotedPieceType`: shogi's silver to a gold,
    /// written `+S` in FEN). Taken, it goes to hand as itself
    /// ([`Rules::piece_promotion`] says the rest).
    pub promotes_to: Option<char>,
    /// How many pieces of this kind a side may have on the board for a
    /// pawn to promote to it, or a piece shogi-style (Fairy-Stockfish's
    /// `promotionLimit`: grand chess's one queen and two rooks, whether
    /// there from the start or promoted): a promotion to it is not
    /// listed while its side has that many. `None`: no limit.
    pub promotion_limit: Option<u8>,
}

impl PieceDef {
    /// A piece from its letter, name and Betza moves.
    pub fn new(letter: char, name: &str, betza: &str) -> Result<PieceDef, Error> {
        Ok(PieceDef {
            betza: betza.to_string(),
            atoms: betza::parse(betza)?,
            ..PieceDef::immobile(letter, name)
        })
    }

    /// Its moves in words: "a camel leaps (1,3)", "a rook slides along
    /// (0,1) lines".
    ///
    /// ```
    /// let camel = chess_rules::PieceDef::new('C', "camel", "C").unwrap();
    /// assert_eq!(camel.describe(), "a camel leaps (1,3)");
    /// ```
    pub fn describe(&self) -> String {
        // Atoms that differ only in direction are one kind of move.
        let mut groups: Vec<(&crate::betza::Atom, Vec<(i8, i8)>)> = Vec::new();
        for atom in &self.atoms {
            let key =
                |g: &crate::betza::Atom| (g.leap, g.range, g.moves, g.captures, g.initial, g.lame);
            match groups.iter_mut().find(|(g, _)| key(g) == key(atom)) {
                Some((_, vectors)) => vectors.extend(atom.vectors.iter().copied()),
                None => groups.push((atom, atom.vectors.clone())),
            }
        }
        let mut moves: Vec<String> = groups
            .iter()
            .map(|(atom, vectors)| crate::betza::describe(atom, vectors))
            .collect();
        if moves.is_empty() {
            moves.push("that never moves".into());
        }
        let article = if self.name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {} {}", self.name, moves.join("; or "))
    }

    /// A piece with no move at all (Fairy-Stockfish's `immobile`: a stone
    /// put down and never moved, as tic-tac-toe's, or chak's temple).
    ///
    /// ```
    /// use chess_rules::PieceDef;
    ///
    /// let stone = PieceDef::immobile('O', "stone");
    /// assert!(stone.atoms.is_empty());
    /// assert_eq!(stone.describe(), "a stone that never moves");
    /// ```
    pub fn immobile(letter: char, name: &str) -> PieceDef {
        let letter = letter.to_ascii_uppercase();
        PieceDef {
            letter,
            symbols: (letter, letter.to_ascii_lowercase()),
            name: name.to_string(),
            betza: String::new(),
            atoms: Vec::new(),
            royal: false,
            pawn: [false; 2],
            mobility: [None; 2],
            initial_region: None,
            synonym: None,
            promotes_to: None,
            promotion_limit: None,
        }
    }

    /// Whether it is a pawn to either side.
    ///
    /// ```
    /// let chess = chess_rules::Rules::chess();
    /// assert!(chess.pieces.iter().filter(|p| p.is_pawn()).all(|p| p.letter == 'P'));
    /// ```
    pub fn is_pawn(&self) -> bool {
        self.pawn != [false; 2]
    }

    /// Whether it is the pawn itself (a pawn named `pawn`), not another
    /// piece moving as pawns do (a custom piece written `p`): SAN writes
    /// it without its letter, and it is not dropped on its side's first
    /// rank nor in its promotion zone unless the rule set says, as
    /// Fairy-Stockfish has its pawn.
    pub(crate) fn is_the_pawn(&self) -> bool {
        self.is_pawn() && self.name == "pawn"
    }

    /// The same piece, royal.
    #[must_use]
    pub fn royal(mut self) -> PieceDef {
        self.royal = true;
        self
    }

    /// The same piece, a pawn to both sides.
    #[must_use]
    pub fn pawn(mut self) -> PieceDef {
        self.pawn = [true; 2];
        self
    }
}

/// Pieces royal only while their side has few of them (Fairy-Stockfish's
/// `extinctionPseudoRoyal`): a side's pieces of a kind listed are royal
/// while it has at most `count` of that kind — maharajah's amazon (its
/// only one), coregal's queens (however many). A promotion to such a
/// kind makes a royal piece if its side had fewer than `count`, and
/// otherwise leaves none of the kind royal, as Fairy-Stockfish has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalWhileFew {
    /// The kinds, by letter, each counted on its own; `*` counts all of a
    /// side's pieces together.
    pub pieces: Vec<char>,
    /// Royal at or below this many.
    pub count: u32,
    /// Duple check (Fairy-Stockfish's `dupleCheck`): while none of the
    /// kinds is royal, all of a side's pieces of them attacked at once is
    /// check, which no move may leave (spartan chess's two kings).
    pub duple: bool,
}

/// How a game that ends drawn is decided by material
/// ([`Rules::material_counting`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// White wins it (`whitedrawodds`).
    WhiteDrawOdds,
    /// Black wins it (`blackdrawodds`: armageddon).
    BlackDrawOdds,
    /// The side with more pieces on the board wins it; with as many it
    /// stays drawn (`unweighted`).
    Unweighted,
    /// Janggi's points (`janggi`): each rook 13, cannon 7, horse 5,
    /// elephant and advisor 3, soldier 2 (by the names Fairy-Stockfish's
    /// format gives them), Black 1 more: the side with more wins it.
    Janggi,
}

/// What a stalemate is for the side that cannot move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// A draw (chess).
    Draw,
    /// A loss.
    Loss,
    /// A win for the side that cannot move (antichess).
    Win,
}

/// Castling: where the king goes (its file, on its back rank); the rook
/// goes to the square next to it, on the king's start side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// The king's file after castling on the side of the higher files
    /// (`g` in chess).
    pub king_side_file: u8,
    /// The king's file after castling on the side of the lower files (`c`
    /// in chess).
    pub queen_side_file: u8,
    /// The file from which FEN's `K` looks for its rook, toward the king
    /// (Fairy-Stockfish's `castlingRookKingsideFile`: shako's rooks stand
    /// inside its elephants); `None` from the board's edge, the outermost
    /// rook.
    pub king_side_rook_file: Option<u8>,
    /// The same for `Q` (`castlingRookQueensideFile`).
    pub queen_side_rook_file: Option<u8>,
}

impl Castling {
    /// Castling whose king goes to these files, with the outermost rooks.
    ///
    /// ```
    /// let chess = chess_rules::Rules::chess();
    /// assert_eq!(chess.castling, Some(chess_rules::Castling::new(6, 2)));
    /// ```
    pub const fn new(king_side_file: u8, queen_side_file: u8) -> Castling {
        Castling {
            king_side_file,
            queen_side_file,
            king_side_rook_file: None,
            queen_side_rook_file: None,
        }
    }
}

/// A rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Its name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The pieces, by index.
    pub pieces: Vec<PieceDef>,
    /// The start position, in FEN.
    pub start: String,
    /// Where a pawn promotes: White's squares and Black's (squares off
    /// the board are never reached).
    pub promotion_region: [Region; 2],
    /// Where a piece may make its `i` moves (the pawn's double step):
    /// `None`, from the square it stands on in the start position
    /// (CustomChessKell's rule, and chess's); else from these squares,
    /// White's and Black's (Fairy-Stockfish's double-step regions, which
    /// hold for every piece's `i` moves).
    pub initial_region: Option<[Region; 2]>,
    /// Where a pawn's three-square `i` moves (`ifmnH`) are made from,
    /// White's and Black's, when not from where its other `i` moves are
    /// (Fairy-Stockfish's triple-step regions: wildebeest's pawn steps
    /// three squares from its second rank, two from its second and
    /// third). A pawn's three-square step lets the other side take it en
    /// passant on either square it passed.
    pub triple_step_region: Option<[Region; 2]>,
    /// Black's moves are White's turned half round (Fairy-Stockfish: a
    /// piece's left is its owner's left, so Black's `flN` leaps towards
    /// the h-file), not mirrored top to bottom (CustomChessKell, and
    /// every piece that moves alike to both sides).
    pub black_rotated: bool,
    /// What a pawn may promote to (letters); White's, where Black's
    /// differ.
    pub promotion_pieces: Vec<char>,
    /// What Black's pawns may promote to, where it differs from White's
    /// (Fairy-Stockfish's `promotionPieceTypesBlack`: chigorin).
    pub black_promotion_pieces: Option<Vec<char>>,
    /// A pawn moving into its promotion region may stay a pawn
    /// (Fairy-Stockfish's `mandatoryPawnPromotion = false`: grand chess
    /// promotes on the 8th and 9th ranks at will); where it could never
    /// move again it must promote all the same if the rule set makes that
    /// illegal ([`Rules::immobility_illegal`]).
    pub optional_pawn_promotion: bool,
    /// Castling, if there is any.
    pub castling: Option<Castling>,
    /// The rank each side castles on, counted from its own side of the
    /// board from 0 (Fairy-Stockfish's `castlingRank`, less one: omicron
    /// castles on its second rank, inside its walls); 0 for the back rank.
    pub castling_rank: u8,
    /// What a stalemate is.
    pub stalemate: Stalemate,
    /// What a checkmate is for the side checkmated: a loss in chess; a win
    /// in misère chess (Fairy-Stockfish's `checkmateValue`).
    pub checkmate: Ending,
    /// What else ends a game.
    pub goals: Goals,
    /// A side that can capture must (antichess; a move out of check
    /// first).
    pub must_capture: bool,
    /// A move may give check (not in racing kings).
    pub checks: bool,
    /// Pieces royal while their side has few of them, if any are.
    pub royal_while_few: Option<RoyalWhileFew>,
    /// Castling is written in coordinates as the king taking its rook
    /// (`e1h1`), as Chess960's UCI writes it (Fairy-Stockfish's
    /// `chess960`); castling itself is the same (the king to its file,
    /// the rook beside it).
    pub chess960: bool,
    /// Pieces a move turns to its side, if any do (Fairy-Stockfish's
    /// `flipEnclosedPieces`: reversi, ataxx).
    pub flip: Option<Flip>,
    /// Pieces in hand may be put on the board, if they may
    /// (Fairy-Stockfish's `pieceDrops`: crazyhouse).
    pub drops: Option<Drops>,
    /// A capture explodes, if it does (Fairy-Stockfish's
    /// `blastOnCapture`: atomic chess).
    pub blast: Option<Blast>,
    /// Where each side may take en passant, White's and Black's: the
    /// square the pawn passed must be in the taker's region
    /// (Fairy-Stockfish's `enPassantRegion…`; `None`: anywhere).
    pub en_passant_regions: [Option<Region>; 2],
    /// A stalemate goes by the pieces each side has on the board: the side
    /// to move with fewer has its worth ([`Rules::stalemate`]), with more
    /// the opposite, with as many a draw (Fairy-Stockfish's
    /// `stalematePieceCount`: suicide chess).
    pub stalemate_by_count: bool,
    /// How a game that ends drawn is decided by material, if it is
    /// (Fairy-Stockfish's `materialCounting`: armageddon's draw odds).
    pub material_counting: Option<MaterialCounting>,
    /// A royal piece in check may only capture (Fairy-Stockfish's
    /// `makpongRule`: makpong, where the king in check may not step away).
    pub makpong: bool,
    /// The royal pieces of a royal kind may not face each other along a
    /// file or a rank with nothing between (Fairy-Stockfish's
    /// `flyingGeneral`: xiangqi's generals, synochess's kings): a move may
    /// not leave them so.
    pub flying_general: bool,
    /// The squares of the diagonal lines some pieces may move along
    /// besides their own moves ([`Atom::lines`](crate::betza::Atom::lines);
    /// Fairy-Stockfish's `diagonalLines`: janggi's palace diagonals).
    pub diagonal_lines: Region,
    /// Whether White, and Black, may pass instead of moving, unless in
    /// check (Fairy-Stockfish's `pass`: janggi): the royal piece "moves"
    /// to its own square ([`Effect::Pass`](crate::Effect::Pass)).
    pub pass: [bool; 2],
    /// Whether White, and Black, pass where it has no move and is not in
    /// check (Fairy-Stockfish's `passOnStalemate`: andersantichess), the
    /// pass written as a move of its first piece (a1 first, by ranks) to
    /// its own square.
    pub pass_on_stalemate: [bool; 2],
    /// While the side to move holds a piece in hand it may only drop one
    /// (Fairy-Stockfish's `mustDrop`: picaria, placement chess).
    pub must_drop: bool,
    /// Bikjang (Fairy-Stockfish's `bikjangRule`: janggi): where the royal
    /// pieces face each other along a file with nothing between, the side
    /// to move may pass, even in check, and no move of it may leave them
    /// so; a pass then ends the game ([`EndRule::Bikjang`](crate::EndRule::Bikjang)).
    pub bikjang: bool,
    /// A side that castles takes the other side's castling on the same
    /// wing away (Fairy-Stockfish's `oppositeCastling`): the kings castle
    /// to opposite wings.
    pub opposite_castling: bool,
    /// The kinds (letters) that castle as the rook
    /// (Fairy-Stockfish's `castlingRookPieces`: `R`, and perfect chess's
    /// chancellor `C` too): FEN's `K` and `Q` name the outermost of them.
    pub castling_rooks: Vec<char>,
    /// Gating (Fairy-Stockfish's `gating` with `seirawanGating`: Seirawan
    /// chess): a side's gates are the squares of its back rank whose
    /// pieces have not moved (a FEN's castling field names them: `K`,
    /// `Q` and the files, `KQBCDFGkqbcdfg`). A move from a gate, or a
    /// castling whose king or rook leaves one, may put a piece from its
    /// side's hand on the square it leaves ([`Move::gate`](crate::Move)):
    /// `Nf3/H`, `O-O/Hh1`. A gate closes when its piece moves or is
    /// taken, and a side's gates close when its hand is empty (unless
    /// captures go to hand).
    pub gating: bool,
    /// Cambodian chess's first leaps (Fairy-Stockfish's `gating` with
    /// `cambodianMoves`): gates as [`Rules::gating`] keeps them (a FEN's
    /// castling field names them, `DEde`), but no piece is put on one;
    /// instead a king on its gate and out of check may leap like a
    /// knight to an empty square one rank forward (`Kb2`), and a fers
    /// (`m`) on its gate may step two squares straight forward to an
    /// empty square (`Me3`). A gate closes when its piece moves or is
    /// taken; a king's closes too when a rook of the other side moves to
    /// a square of its rank or file.
    pub cambodian_moves: bool,
    /// Sittuyin's promotion (Fairy-Stockfish's `sittuyinPromotion`): a
    /// pawn does not promote by moving into its zone; as a move of its
    /// own, a pawn in the zone (any pawn, when it is its side's last)
    /// becomes a promotion piece where it stands (`d5=F`) or on an empty
    /// square that piece attacks from there (`d5c4=F`), the new piece
    /// attacking none of the other side's pieces, the move giving no
    /// check.
    pub sittuyin_promotion: bool,
    /// Shatar's mating rules (Fairy-Stockfish's `shatarMateRule`): a
    /// checkmate given by knights alone wins for the side checkmated, and
    /// one that ends a series of checks none of which was a *shak* — a
    /// check by a knight, a rook or a bers (`knight`, `rook`, `bers`) — is
    /// a draw; else it is [`Rules::checkmate`]. (The series: the checks
    /// given to the side checkmated on each of its turns in a row, up to
    /// the mate; a position keeps whether its series held a shak.)
    pub shatar_mate: bool,
    /// Kinds (letters) whose pieces may not capture a piece of their own
    /// kind (Fairy-Stockfish's `mutuallyImmuneTypes`: atomar's kings); a
    /// piece of one still attacks the other's squares.
    pub mutually_immune: Vec<char>,
    /// How pieces promote shogi-style ([`PieceDef::promotes_to`]).
    pub piece_promotion: PiecePromotion,
    /// A piece may not go where it could never move again: a move (not a
    /// promotion) or a drop that leaves it on a square from which it has
    /// no move on an empty board is illegal (Fairy-Stockfish's
    /// `immobilityIllegal`: shogi's pawn, lance and knight on the last
    /// ranks, which must promote there).
    pub immobility_illegal: bool,
    /// A wall put on the board after every move ([`Walling`]: duck chess,
    /// the game of the amazons, snailtrail). Walls, wherever they come
    /// from (a start position's `*` too), are squares no piece stands on,
    /// passes or takes, though a hopper may hop over one.
    pub walling: Option<Walling>,
    /// The kinds (their letters; `*` for all) that turn into a wall where
    /// they capture (Fairy-Stockfish's `petrifyOnCaptureTypes`: petrified
    /// chess).
    pub petrify: Vec<char>,
}

/// A wall put on the board after every move (not a drop), by the side
/// that moved: where [`WallRule`] says, within the side's region, on a
/// square empty after the move. A move is legal or not as if the new
/// wall were not there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walling {
    /// Where the wall may go.
    pub rule: WallRule,
    /// Where each side may put one (White's, Black's); `None`: anywhere.
    pub regions: [Option<Region>; 2],
    /// A side puts down a wall *instead of* moving (Fairy-Stockfish's
    /// `wallOrMove`: atlantis): its moves put none, and it may pass
    /// (out of check) to put one down, the pass written as its first
    /// piece's (a1 first, by ranks), `Ra1,a3`. Passing so never ends the
    /// game.
    pub or_move: bool,
}

/// Where a side puts its wall after a move (Fairy-Stockfish's
/// `wallingRule`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WallRule {
    /// Where the piece that moved could move next from where it went
    /// (the game of the amazons' arrow): `arrow`.
    Arrow,
    /// Anywhere: the one wall, the duck, moves there (every other wall
    /// goes): `duck`.
    Duck,
    /// On the board's edge or next to a wall, along a file or rank:
    /// `edge`.
    Edge,
    /// The square the piece left (snailtrail): `past`.
    Past,
    /// Anywhere: `static`.
    Static,
}

/// How pieces promote shogi-style ([`PieceDef::promotes_to`]), as
/// Fairy-Stockfish's `mandatoryPiecePromotion`, `piecePromotionOnCapture`
/// and `pieceDemotion` have it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PiecePromotion {
    /// A piece that may promote (or, with `demotion`, demote) must, on a
    /// move into or within its zone: it may not stay as it is there.
    pub mandatory: bool,
    /// A piece promotes (and demotes) only by capturing.
    pub on_capture: bool,
    /// A promoted piece may turn back into the piece it was, as it
    /// promotes (Kyoto shogi).
    pub demotion: bool,
}

/// Explosions on capture (atomic chess): a capture removes the captured
/// piece, the capturing piece and every piece on the eight squares around
/// the capture's square, but for those a blast beside them spares and
/// those it never touches. A royal piece may not be blown up by its own
/// side's capture; one next to a royal piece of the other side is not in
/// check (taking it would blow up the other side's own); a capture that
/// blows up a royal piece of the other side is legal whatever it leaves
/// attacked. (Where captures go to hand, the captured piece does; the
/// pieces blown up go to none.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blast {
    /// Pieces (letters) a blast beside them spares: Fairy-Stockfish's
    /// pawns. A capturing one goes, as every capturer does.
    pub spared: Vec<char>,
    /// Pieces no blast removes, even a capturing one
    /// (`blastImmuneTypes`: atomar's kings).
    pub immune: Vec<char>,
}

/// How pieces in hand come and go: a drop puts one on an empty square
/// (a pawn not on its side's first rank nor in its promotion zone, unless
/// these say so), as a move of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drops {
    /// A piece taken goes to the hand of the side that took it
    /// (`capturesToHand`): a promoted one as the pawn it was, unless
    /// `keep_promoted`.
    pub captures_to_hand: bool,
    /// A promoted piece taken goes to hand as itself (`dropLoop`).
    pub keep_promoted: bool,
    /// Pawns may be dropped on their side's first rank
    /// (`firstRankPawnDrops`).
    pub pawns_on_first_rank: bool,
    /// Pawns may be dropped in their promotion zone
    /// (`promotionZonePawnDrops`).
    pub pawns_in_zone: bool,
    /// Where each side may drop, White's and Black's (`dropRegionWhite`,
    /// `dropRegionBlack`); `None`: anywhere.
    pub regions: [Option<Region>; 2],
    /// A kind of piece (its letter) that may not be dropped on a file
    /// where its side has that many of it (`dropNoDoubled`,
    /// `dropNoDoubledCount`: shogi's nifu, no pawn on a file with one; a
    /// promoted pawn is a piece of another kind there).
    pub no_doubled: Option<(char, u8)>,
    /// A drop may not give check (`dropChecks = false`: xiangqihouse).
    pub no_checks: bool,
    /// Pieces that may promote shogi-style may be dropped promoted
    /// (`dropPromoted`: Kyoto shogi's `+L@b1`).
    pub promoted: bool,
    /// A piece (its letter) whose drop that checkmates loses: the side
    /// checkmated wins (`shogiPawnDropMateIllegal`: shogi's pawn,
    /// uchifuzume, as Fairy-Stockfish ends the game).
    pub mate_loses: Option<char>,
    /// A side's bishops are dropped on squares of both colours
    /// (`dropOppositeColoredBishop`: placement chess): a bishop may not go
    /// to a colour that has half of them already (on the board and in
    /// hand), nor another piece to a square a bishop still in hand needs.
    pub opposite_bishops: bool,
    /// A king dropped on its castling square (the `e` file of its castling
    /// rank) castles with the rooks on that rank's corners, and a rook
    /// dropped on a corner with such a king (`castlingDroppedPiece`).
    pub castling: bool,
    /// Rooks are dropped only on their side's first rank
    /// (`sittuyinRookDrop`: sittuyin).
    pub rooks_on_first_rank: bool,
    /// The game is one board of two (`twoBoards`: bughouse): a side's
    /// pieces in hand come from its partner's captures on the other board,
    /// which a record of both boards says (a game of one board alone is
    /// played with the hands its position gives). The engine plays one
    /// board; [`Position::taken`](crate::Position::taken) says what a move
    /// passes to the partner and [`Position::give`](crate::Position::give)
    /// puts it in hand.
    pub partner: bool,
    /// Where pieces in hand must be dropped first
    /// ([`Rules::must_drop`]), the one kind (its letter) that must be
    /// (`mustDropType`: koedem's king): while its side holds one, no other
    /// piece is dropped, and no piece on the board moves while one of its
    /// drops is legal. `None`: any piece in hand.
    pub must_drop_kind: Option<char>,
    /// Where else a drop must go, if anywhere: a square that encloses
    /// pieces (reversi), one beside a piece, … (`enclosingDrop`).
    pub enclosing: Option<Enclosing>,
    /// Where the first drops go while one of these squares is empty,
    /// whatever [`Drops::enclosing`] says (`enclosingDropStart`: reversi's
    /// four squares in the middle).
    pub enclosing_start: Option<Region>,
    /// Hands hold every kind of piece without end, and a FEN writes none
    /// (Fairy-Stockfish's `freeDrops`, which its format has no key for:
    /// ataxx, and the sections that start from it).
    pub free: bool,
}

/// Where a drop must go besides an empty square of its region
/// ([`Drops::enclosing`]), as Fairy-Stockfish's `enclosingDrop` has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// Where it encloses pieces of the other side, in a line between it
    /// and a piece of its own (`reversi`).
    Reversi,
    /// Beside a piece of its own, a king's step away (`ataxx`).
    Ataxx,
    /// Not beside a piece of the other side along a file or a rank
    /// (`snort`).
    Snort,
    /// Pushed in from an edge of the board: from the first file where it
    /// is empty, to the lowest file of the rank next to a piece or on the
    /// last file; from the first rank, or the last, to the lowest rank of
    /// the file next to a piece or on the rank it was pushed toward; from
    /// the last file, to the lowest file next to a piece or on the first
    /// (Fairy-Stockfish's `anyside`, whose squares are its lowest ones).
    Anyside,
    /// On the first rank, or on a piece (`top`: connect four).
    Top,
}

/// Which pieces a move turns to the side that made it
/// ([`Rules::flip`]), as Fairy-Stockfish's `flipEnclosedPieces` has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flip {
    /// The pieces of the other side in a line between the square moved to
    /// and a piece of its own, along files, ranks and diagonals
    /// (`reversi`).
    Reversi,
    /// The pieces of the other side a king's step from the square moved
    /// to (`ataxx`).
    Ataxx,
    /// Those of [`Flip::Ataxx`], after a move on the board, or a drop
    /// beside a piece of its own (`quadwrangle`).
    Quadwrangle,
}

impl Rules {
    /// Whether its positions hold pieces in hand: where pieces are
    /// dropped, or gated ([`Rules::gating`]).
    pub fn holds_hands(&self) -> bool {
        self.drops.as_ref().is_some_and(|d| !d.free) || self.gating
    }

    /// Whether its positions keep gates: where pieces are gated
    /// ([`Rules::gating`]) or leap from them ([`Rules::cambodian_moves`]).
    pub fn has_gates(&self) -> bool {
        self.gating || self.cambodian_moves
    }

    /// Whether moves other than its pieces' own are listed and tried one
    /// by one: gated pieces, Cambodian chess's first leaps, sittuyin's
    /// promotions.
    pub(crate) fn moves_of_its_own(&self) -> bool {
        self.has_gates() || self.sittuyin_promotion
    }

    /// Chess, written as a rule set.
    ///
    /// ```
    /// let chess = chess_rules::Rules::chess();
    /// assert_eq!(chess.geometry.files(), 8);
    /// assert_eq!(chess.piece('N').unwrap().betza, "N");
    /// ```
    pub fn chess() -> Rules {
        let piece = |l, n, b| PieceDef::new(l, n, b).expect("chess pieces read");
        Rules {
            name: "chess".into(),
            geometry: Geometry::new(8, 8).expect("8x8"),
            pieces: vec![
                piece('P', "pawn", "fmWfceFifmnD").pawn(),
                piece('N', "knight", "N"),
                piece('B', "bishop", "B"),
                piece('R', "rook", "R"),
                piece('Q', "queen", "Q"),
                piece('K', "king", "K").royal(),
            ],
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            promotion_region: [Region::rank(7), Region::rank(0)],
            initial_region: None,
            triple_step_region: None,
            black_rotated: false,
            promotion_pieces: vec!['Q', 'R', 'B', 'N'],
            black_promotion_pieces: None,
            optional_pawn_promotion: false,
            castling: Some(Castling::new(6, 2)),
            stalemate: Stalemate::Draw,
            checkmate: Ending::Loss,
            goals: Goals::default(),
            must_capture: false,
            checks: true,
            royal_while_few: None,
            chess960: false,
            drops: None,
            blast: None,
            stalemate_by_count: false,
            material_counting: None,
            en_passant_regions: [None; 2],
            makpong: false,
            flying_general: false,
            diagonal_lines: Region::EMPTY,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            must_drop: false,
            bikjang: false,
            opposite_castling: false,
            castling_rooks: vec!['R'],
            mutually_immune: Vec::new(),
            piece_promotion: PiecePromotion::default(),
            immobility_illegal: false,
            walling: None,
            flip: None,
            petrify: Vec::new(),
            gating: false,
            cambodian_moves: false,
            sittuyin_promotion: false,
            shatar_mate: false,
            castling_rank: 0,
        }
    }

    /// The index of the piece written `letter` (either case).
    pub fn index(&self, letter: char) -> Option<usize> {
        let letter = letter.to_ascii_uppercase();
        (self.pieces.iter().position(|p| p.letter == letter))
            .or_else(|| self.pieces.iter().position(|p| p.synonym == Some(letter)))
    }

    /// The promotion region of pawns that promote on the last `n` ranks
    /// of this rule set's board: White's and Black's.
    pub fn last_ranks(&self, n: u8) -> [Region; 2] {
        let ranks = self.geometry.ranks();
        let white = (ranks.saturating_sub(n)..ranks)
            .fold(Region::EMPTY, |r, rank| r.union(Region::rank(rank)));
        [white, white.mirrored(ranks)]
    }

    /// What Black's pawns may promote to (White's are
    /// [`Rules::promotion_pieces`]).
    pub fn black_promotions(&self) -> &[char] {
        self.black_promotion_pieces
            .as_deref()
            .unwrap_or(&self.promotion_pieces)
    }

    /// The piece written `letter` (either case).
    pub fn piece(&self, letter: char) -> Option<&PieceDef> {
        self.pieces.get(self.index(letter)?)
    }
}
