// A missing file is reported at the path.
use verified_chess::include_pgn;

static GAMES: &[verified_chess::Game] = include_pgn!("tests/ui/pgn/nowhere.pgn");

fn main() {}
