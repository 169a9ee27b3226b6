// include_pgn! reads only files of the crate.
use verified_chess::include_pgn;

static GAMES: &[verified_chess::Game] = include_pgn!("../../secret.pgn");

fn main() {}
