// Move numbers with and without spaces, `...` for Black, check and mate
// markers (`+`, `#` written apart, `++`), annotations, NAGs, comments and
// results.
use verified_chess::{game, Color, DecisiveReason, Game, GameResult, Outcome};

const NUMBERS: Game = game! { 1.e4 e5 2. Nf3 2... Nc6 3.Bb5 3...a6 };
const NO_NUMBERS: Game = game! { e4 e5 Nf3 Nc6 };
const MATE_HASH: Game = game! { 1. e4 f5 2. Qf3 g5 3. Qh5 # 1-0 };
const MATE_PLUS_PLUS: Game = game! { 1. f3 e5 2. g4 Qh4++ 0-1 };
const CHECKS: Game = game! { 1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 };
const ANNOTATED: Game = game! {
    // A Rust comment.
    1. e4! { "a brace comment" } e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! $1 4. Ba4 $14 Nf6 *
};
const DRAWN: Game = game! { 1. d4 d5 1/2-1/2 };
const EMPTY: Game = game! {};

fn main() {
    assert_eq!(NUMBERS.len(), 6);
    assert_eq!(NO_NUMBERS.len(), 4);
    assert_eq!(
        MATE_HASH.outcome(),
        Outcome::Decisive { winner: Color::White, reason: DecisiveReason::Checkmate }
    );
    assert_eq!(MATE_HASH.san(4).as_deref(), Some("Qh5#"));
    assert_eq!(MATE_PLUS_PLUS.result(), GameResult::BlackWins);
    assert_eq!(MATE_PLUS_PLUS.san(3).as_deref(), Some("Qh4#"));
    assert_eq!(CHECKS.san(4).as_deref(), Some("Qxg6+"));
    assert_eq!(ANNOTATED.len(), 8);
    assert_eq!(ANNOTATED.result(), GameResult::Unknown);
    assert_eq!(DRAWN.result(), GameResult::Draw);
    assert!(EMPTY.is_empty());
    assert_eq!(EMPTY.final_position(), EMPTY.start());
}
