// The string form of game!, games! in both forms, include_pgn! of a file in
// the crate.
use verified_chess::{Game, GameResult, game, games, include_pgn};

const IN_A_STRING: Game = game!(r#"
    [Event "Casual"]
    1. e4 e5 2. Nf3 Nc6 {a comment} 3. Bb5 (3. Bc4 Bc5) 3... a6 $1 4. Ba4 Nf6 *
"#);
const SEVERAL: &[Game] = games! {
    [Event "one"] 1. e4 e5 1-0
    [Event "two"] 1. d4 d5 0-1
};
const SEVERAL_TEXT: &[Game] = games!("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 1. c4 *");
static FROM_FILE: &[Game] = include_pgn!("tests/ui/pgn/good.pgn");

fn main() {
    assert_eq!(IN_A_STRING.len(), 8);
    assert_eq!(SEVERAL.len(), 2);
    assert_eq!(SEVERAL[1].tag("Event"), Some("two"));
    assert_eq!(SEVERAL_TEXT[0].sans().next_back().as_deref(), Some("Qxf7#"));
    assert_eq!(FROM_FILE.len(), 2);
    assert_eq!(FROM_FILE[0].tag("White"), Some("Morphy"));
    assert_eq!(FROM_FILE[1].result(), GameResult::BlackWins);
}
