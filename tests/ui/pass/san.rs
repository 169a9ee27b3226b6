// Standard algebraic notation: pawn moves and captures, en passant, piece
// moves with and without `x`, every kind of disambiguation, promotions and
// castling, in all three bracket styles.
use verified_chess::{game, Game, MoveKind, Role, Square};

const CAPTURES: Game = game! {
    1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. d4 Nf6 5. Nf3 Bf5 6. Bd3 Bxd3 7. Qxd3 e6
};
const EN_PASSANT: Game = game!(1. e4 a6 2. e5 d5 3. exd6 e.p. cxd6);
const X_OPTIONAL: Game = game![1. e4 d5 2. ed5 Qd5 3. Nc3 Qe5+ 4. Be2 Qe4];
const DISAMBIGUATION: Game = game! {
    1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nbd4 Nfd5 5. d3 d6 6. Nd2 e6 7. N2f3 e5
    8. e4 Qe7 9. Qe2 Qe7f6
};
const PROMOTIONS: Game = game! {
    1. h4 g5 2. hxg5 h6 3. gxh6 Nf6 4. h7 Ng8 5. hxg8=N d5 6. g4 Bf5 7. g5 Nc6
    8. g6 Qd7 9. g7 O-O-O 10. gxf8Q Be4 11. Nh6 e5 12. Qfxd8+ Kxd8
};
const CASTLING: Game = game! { 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Be6 6. Nc3 Qd7 7. Be3 0-0-0 };

fn main() {
    assert_eq!(CAPTURES.sans().collect::<Vec<_>>()[..3], ["e4", "d5", "exd5"]);
    let ep = EN_PASSANT.move_at(4).unwrap();
    assert_eq!(ep.kind, MoveKind::EnPassant);
    assert_eq!((ep.from, ep.to, ep.capture), (Square::E5, Square::D6, Some(Role::Pawn)));
    assert_eq!(X_OPTIONAL.san(2).as_deref(), Some("exd5"));
    assert_eq!(X_OPTIONAL.san(3).as_deref(), Some("Qxd5"));
    assert_eq!(DISAMBIGUATION.san(6).as_deref(), Some("Nbd4"));
    assert_eq!(DISAMBIGUATION.san(7).as_deref(), Some("Nfd5"));
    assert_eq!(DISAMBIGUATION.san(12).as_deref(), Some("N2f3"));
    assert_eq!(DISAMBIGUATION.san(17).as_deref(), Some("Qf6"));
    assert_eq!(PROMOTIONS.san(8).as_deref(), Some("hxg8=N"));
    assert_eq!(PROMOTIONS.san(18).as_deref(), Some("gxf8=Q"));
    assert_eq!(PROMOTIONS.move_at(18).unwrap().promotion, Some(Role::Queen));
    assert!(matches!(CASTLING.move_at(6).unwrap().kind, MoveKind::Castle { .. }));
    assert_eq!(CASTLING.san(13).as_deref(), Some("O-O-O"));
}
