// Long algebraic (`e2-e4`, `Ng1-f3`, `e4xd5`, `Ng1xf3`), UCI (`g1f3`,
// `e7e8q`, castling as `e1g1`) and the long form (`knight g1 to f3`), mixed
// freely with SAN; the stored SAN is always canonical.
use verified_chess::{game, Game, MoveKind};

const LONG_ALGEBRAIC: Game = game! { 1. e2-e4 d7-d5 2. e4xd5 Ng8-f6 3. Ng1-f3 Nf6xd5 4. Bf1-c4 Nb8-c6 5. Ke1-g1 };
const UCI: Game = game! { e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5 };
const UCI_PROMOTION: Game = game! { h2h4 g7g5 h4g5 h7h6 g5h6 g8f6 h6h7 f6g8 h7g8q };
const LONG_FORM: Game = game! {
    pawn e2 to e4 pawn e7 to e5
    knight g1 to f3 knight b8 to c6
    bishop f1 to c4 bishop f8 to c5
    king e1 to g1 queen d8 to f6
};
const LONG_FORM_PROMOTION: Game = game! {
    pawn h2 to h4 pawn g7 to g5 pawn h4 to g5 pawn h7 to h6 pawn g5 to h6
    knight g8 to f6 pawn h6 to h7 knight f6 to g8 pawn h7 to g8 becomes knight
};
const MIXED: Game = game! { 1. e4 e7-e5 2. g1f3 knight b8 to c6 3. Bb5 a7a6 };

fn main() {
    assert_eq!(
        LONG_ALGEBRAIC.sans().collect::<Vec<_>>(),
        ["e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5", "Bc4", "Nc6", "O-O"]
    );
    assert_eq!(UCI.san(6).as_deref(), Some("O-O"));
    assert_eq!(UCI.plies().nth(6).unwrap().uci.to_string(), "e1g1");
    assert_eq!(UCI_PROMOTION.san(8).as_deref(), Some("hxg8=Q"));
    assert!(matches!(LONG_FORM.move_at(6).unwrap().kind, MoveKind::Castle { .. }));
    assert_eq!(LONG_FORM_PROMOTION.san(8).as_deref(), Some("hxg8=N"));
    assert_eq!(MIXED.sans().collect::<Vec<_>>(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
}
