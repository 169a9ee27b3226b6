//! A rules engine for chess under rules you define: boards up to 16 × 16,
//! pieces in Betza notation (the subset Fairy-Stockfish reads), a start
//! position in FEN with empty runs of any length, pawns with double steps
//! and en passant, promotion zones and pieces, castling with any king and
//! rook files, stalemate as a draw or a loss, checkmate of a royal piece,
//! pieces in hand and their drops ([`Drops`]: crazyhouse's), explosions
//! on capture ([`Blast`]: atomic chess), shogi-style promotion
//! ([`PiecePromotion`]: a piece promoting in its zone, and back), walls
//! ([`Walling`]: duck chess's duck, the amazons' arrows), and
//! Fairy-Stockfish's goals: a kind of piece gone, a region reached.
//!
//! It has no chess built in: standard chess is one rule set among others
//! ([`Rules::chess`]), and its move generation agrees with shakmaty's (the
//! tests compare perft counts and legal moves on random positions).
//!
//! ```
//! use chess_rules::{Position, Rules};
//!
//! let chess = Rules::chess();
//! let start = Position::start(&chess).unwrap();
//! assert_eq!(start.perft(3), 8_902);
//!
//! // A 10 × 8 board with an archbishop (bishop + knight) and a chancellor
//! // (rook + knight), as Capablanca chess has them.
//! let mut capablanca = Rules::chess();
//! capablanca.geometry = chess_rules::Geometry::new(10, 8).unwrap();
//! capablanca.pieces.push(chess_rules::PieceDef::new('A', "archbishop", "BN").unwrap());
//! capablanca.pieces.push(chess_rules::PieceDef::new('C', "chancellor", "RN").unwrap());
//! capablanca.promotion_pieces.extend(['A', 'C']);
//! capablanca.castling = Some(chess_rules::Castling::new(8, 2));
//! capablanca.start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1".into();
//! let start = Position::start(&capablanca).unwrap();
//! assert_eq!(start.legal_moves().len(), 28);
//! ```
//!
//! The crate is laid out by concept, one a file:
//!
//! | file | what |
//! |---|---|
//! | `types.rs` | the values: [`Color`], [`Piece`], [`Move`], [`EndRule`] |
//! | `geometry.rs` | boards and squares ([`Geometry`], [`Square`]) |
//! | `betza.rs` | pieces in Betza notation ([`betza`]) |
//! | `rules.rs` | a rule set ([`Rules`], [`PieceDef`], [`Drops`]) |
//! | `ini.rs`, `ini/keys.rs`, `ini/draft.rs`, `ini/apply.rs`, `ini/pieces.rs`, `ini/values.rs`, `yaml.rs`, `read.rs` | rules files: Fairy-Stockfish's `variants.ini` (its sections and parents; every key it has, and what is done with each; a section being read and finished; what each key does to it; its pieces; its values), CustomChessKell's YAML, and which a file is ([`read`]) |
//! | `builtin.rs` | Fairy-Stockfish's built-in variants by name ([`builtin`]), written out in `rules/fairy-stockfish.ini` |
//! | `data.rs` | a rule set as data, for a program to carry without its rules file |
//! | `error.rs` | the one error type of the readers ([`Error`]) |
//! | `mailbox.rs` | the board as a mailbox of cells |
//! | `budget.rs` | the work a rule set may ask of move generation ([`MAX_WORK`]) |
//! | `walks.rs` | a piece's moves as walks: their shapes, grouped for the one walk of move generation |
//! | `rays.rs` | each kind's moves turned for each side, and the lines each side captures along |
//! | `tables.rs` | what the pieces do, worked out once per rule set (where a piece could never move again among it) |
//! | `attacks.rs` | whether a side attacks a square |
//! | `position.rs` | a [`Position`] and what can be asked of it |
//! | `fen.rs` | FEN in and out (pieces in hand, promoted pieces: `Q~`, `+P`) |
//! | `movegen.rs` | move generation: one walk for listing and counting, drops from the hands |
//! | `legality.rs` | which moves are legal |
//! | `make.rs` | making a move and taking it back |
//! | `blast.rs` | explosions on capture (atomic chess) and pieces that may not take their own kind |
//! | `promote.rs` | shogi-style promotion: which moves may or must promote or demote a piece, and what a promoted piece was |
//! | `walls.rs` | walls: where a move's wall may go (duck chess, the amazons), the walls a move puts down |
//! | `gating.rs` | gates (Seirawan chess): the gates a FEN names, the pieces moves put on them, the gates a move closes |
//! | `placement.rs` | placement chess's drops: bishops on squares of both colours, dropped kings and rooks that castle |
//! | `sittuyin.rs` | sittuyin's promotion: a pawn of the zone becoming a piece where it stands or beside |
//! | `shatar.rs` | shatar's mates: a check by a knight, rook or bers is a shak; a mate by knights alone wins for the side mated, one ending a series of checks without a shak draws |
//! | `cambodian.rs` | Cambodian chess's first leaps from gates, why one may not be made ([`LeapRefused`]), and the king's gate a rook closes |
//! | `enclosing.rs` | reversi, ataxx and connect four: where a drop must go (enclosing pieces, beside its own, on top of a piece: [`Enclosing`]) and the pieces a move flips ([`Flip`]) |
//! | `passing.rs` | passing (janggi), passing where no move is left, bikjang, and the ends they make |
//! | `goals.rs` | what else ends a game: extinction, capture the flag, pieces in a row or in a square, castling, a full board ([`Goals`]) |
//! | `ends.rs` | whether a goal has ended a position's game |
//! | `perft.rs` | perft |
//! | `notation.rs` | moves in words: [`MoveText`], SAN, coordinates |
//! | `board.rs` | boards drawn as text ([`BoardStyle`]) |
//! | `why_not.rs` | why a move is not legal, as data ([`Rejection`]) |

mod attacks;
pub mod betza;
mod blast;
mod board;
mod budget;
pub mod builtin;
mod cambodian;
pub mod data;
mod duple;
mod enclosing;
mod ends;
mod error;
mod fen;
mod gating;
mod geometry;
mod goals;
pub mod ini;
mod legality;
mod mailbox;
mod make;
mod movegen;
mod notation;
mod passing;
mod perft;
mod placement;
mod position;
mod promote;
mod rays;
mod read;
mod rules;
mod shatar;
mod sittuyin;
mod tables;
mod types;
mod walks;
mod walls;
mod why_not;
pub mod yaml;

pub use board::BoardStyle;
pub use budget::MAX_WORK;
pub use cambodian::LeapRefused;
pub use error::Error;
pub use geometry::{Geometry, MAX_SIDE, Region, Square};
pub use goals::{Connect, Ending, Extinction, Flag, Goals};
pub use notation::{GateText, MoveText};
pub use position::Position;
pub use read::read;
pub use rules::{
    Blast, Castling, Drops, Enclosing, Flip, MaterialCounting, PieceDef, PiecePromotion,
    RoyalWhileFew, Rules, Stalemate, WallRule, Walling,
};
pub use sittuyin::PromotionRefused;
pub use types::{Color, Effect, EndRule, Gate, Move, Piece};
pub use why_not::Rejection;
