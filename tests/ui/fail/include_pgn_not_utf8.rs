// A file that is not UTF-8 is reported with the line and column of the first bad byte.
use verified_chess::include_pgn;

static GAMES: &[verified_chess::Game] = include_pgn!("tests/ui/pgn/latin1.pgn");

fn main() {}
