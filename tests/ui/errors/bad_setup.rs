// Castling letters are K, Q, k, q or rook files.
use verified_chess::game;

fn main() {
    let _ = game! { fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz 1. e4 };
}
