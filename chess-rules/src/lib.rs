//! A rules engine for chess under rules you define: boards up to 16 × 16,
//! pieces in Betza notation (the subset Fairy-Stockfish reads), a start
//! position in FEN with empty runs of any length, pawns with double steps
//! and en passant, promotion zones and pieces, castling with any king and
//! rook files, stalemate as a draw or a loss, checkmate of a royal piece.
//!
//! It has no dependency and no chess built in: standard chess is one rule
//! set among others ([`Rules::chess`]), and its move generation agrees
//! with shakmaty's (the tests compare perft counts and legal moves on
//! random positions).
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
//! capablanca.castling = Some(chess_rules::Castling { king_side_file: 8, queen_side_file: 2 });
//! capablanca.start = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1".into();
//! let start = Position::start(&capablanca).unwrap();
//! assert_eq!(start.legal_moves().len(), 28);
//! ```

pub mod betza;
mod geometry;
pub mod ini;
mod position;
mod rules;
pub mod yaml;

pub use geometry::{Geometry, MAX_SIDE, Square};
pub use position::{
    BoardStyle, Color, FenError, MAX_WORK, Move, MoveKind, Outcome, Piece, Position, Rejection,
};
pub use rules::{Castling, PieceDef, Rules, Stalemate};
