// include_pgn! reports every bad game with path:line:col, the move and why.
use verified_chess::include_pgn;

static GAMES: &[verified_chess::Game] = include_pgn!("tests/ui/pgn/bad.pgn");

fn main() {}
