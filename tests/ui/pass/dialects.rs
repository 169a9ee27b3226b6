// Other producers' PGN: piece letters of other languages (behind the
// attribute or the tag), NAGs against their moves, figurines, Unicode
// punctuation and evaluation glyphs in strings, a result glued to the
// last move.
use verified_chess::{game, games, Game};

const GERMAN: Game = game! {
    #![piece_letters(de)]
    1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Dd7
};
const FRENCH_TAG: Game = game!(r#"[PieceLetters "fr"] 1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. Re2"#);
const NAGS: Game = game! { 1. f3! e5$71 2. g4 Qh4 # 0-1 };
const FAN: Game = game!("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗×c6 d×c6 5. O–O ♕f6± 6. d4 e×d4 ∓ 7. ♕×d4 □ *");
const DASHED: &[Game] = games!("1. e4 e5 1–0\n\n1. d4 d5 ½–½\n");
// A result glued to the last move's marker and annotation (Rust's
// tokens need a space between a word and `#`).
const GLUED: Game = game! { 1. f3 e5 2. g4 Qh4 #!?0-1 };
const GLUED_TEXT: Game = game!("1. f3 e5 2. g4 Qh4#!?0-1");

fn sans(game: &Game) -> String {
    game.sans().map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}

fn main() {
    assert_eq!(sans(&GERMAN), "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Qd7");
    assert_eq!(sans(&FRENCH_TAG), "e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2");
    assert_eq!(NAGS.len(), 4);
    assert_eq!(FAN.len(), 13);
    assert_eq!(DASHED.len(), 2);
    assert_eq!((GLUED.len(), GLUED.result().as_str()), (4, "0-1"));
    assert_eq!((GLUED_TEXT.len(), GLUED_TEXT.result().as_str()), (4, "0-1"));
}
