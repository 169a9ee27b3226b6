// Every lichess variant in game!, games! and include_pgn!: named by a
// [Variant] tag or #![variant(…)], positions computed at run time with
// pockets, explosions and checks given; the variants' own ends.
use verified_chess::{
    Color, DecisiveReason, DrawReason, Game, MoveKind, Outcome, Role, Square, Variant, game, games,
    include_pgn,
};

const ZH: Game = game! {
    #![variant(crazyhouse)]
    1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 Nf6 5. Bc4 @e5 6. Bb3
};
const HILL: Game = game! {
    [Variant "King of the Hill"]
    1. d4 e5 2. Kd2 Ke7 3. Kd3 Ke6 4. Ke4 #
};
const THREE: Game = game! {
    #![variant(three_check)]
    1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5 # 1-0
};
const ATOMIC: Game = game! { #![variant("Atomic")] 1. Nf3 d5 2. Ne5 a6 3. Nxf7 # };
const ANTI: Game = game! {
    #![variant(antichess)]
    1. e3 e6 2. Qh5 Qh4 3. Qxh4 a6 4. Qxh7 Rxh7
};
const HORDE: Game = game! { #![variant(horde)] 1. e5 d6 2. exd6 cxd6 };
const RACING: Game = game! { #![variant(racing_kings)] 1. Kh3 Ka3 };
static FILE: &[Game] = include_pgn!("tests/ui/pgn/variants.pgn");
// Setups with what the variants add, in every form.
const FEN_POCKETS: Game = game! {
    #![variant(crazyhouse)] fen 4k3/8/8/8/8/8/P7/4K3[Np] w - - 0 1  1. N@f6+ Kf7 2. Nd5 @e2
};
const LICHESS_POCKETS: Game = game! {
    #![variant(crazyhouse)] fen 4k3/8/8/8/8/8/P7/4K3/Np w - - 0 1  1. N@f6+
};
const DIAGRAM_POCKETS: Game = game! {
    #![variant(crazyhouse)]
    board
        4k3
        8
        8
        8
        8
        8
        P7
        4K3
    pocket Np
    w - - 0 1
    1. N@f6+
};
const LIST_POCKETS: Game = game! {
    #![variant(crazyhouse)] white: Ke1 a2; black: Ke8 pocket: Np w  1. N@f6+
};
const REMAINING: Game = game! {
    #![variant(three_check)] fen 4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1  1. Ra8 #
};
const GIVEN: Game = game! {
    #![variant(three_check)] fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0  1. Ra8 #
};
const BOTH: &[Game] = games! {
    [Variant "Crazyhouse"] 1. e4 d5 2. exd5 Qxd5 3. @c3 *
    [Variant "Atomic"] 1. e4 d5 2. exd5 *
};

fn main() {
    for g in [FEN_POCKETS, LICHESS_POCKETS, DIAGRAM_POCKETS, LIST_POCKETS] {
        assert_eq!(g.start().pockets().count(Color::White, Role::Knight), 1);
        assert_eq!(g.start().pockets().count(Color::Black, Role::Pawn), 1);
        assert_eq!(g.san(0).unwrap(), "N@f6+");
    }
    assert!(FEN_POCKETS.final_position().pockets().is_empty());
    for g in [REMAINING, GIVEN] {
        assert_eq!(g.start().checks_given(Color::White), 2);
        assert_eq!(g.outcome().winner(), Some(Color::White));
        assert_eq!(g.start().fen().to_string(), "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    }
    assert_eq!(ZH.variant(), Variant::Crazyhouse);
    let drop = ZH.move_at(6).unwrap();
    assert_eq!((drop.kind, drop.role, drop.to), (MoveKind::Drop, Role::Pawn, Square::D5));
    assert_eq!(ZH.san(6).unwrap(), "@d5");
    assert_eq!(ZH.plies().nth(9).unwrap().uci.to_string(), "P@e5");
    let end = ZH.final_position();
    // Each side dropped the pawn it took.
    assert_eq!(ZH.position_after(4).unwrap().pockets().count(Color::Black, Role::Pawn), 1);
    assert!(end.pockets().is_empty());
    assert_eq!(
        end.fen().to_string(),
        "rnbqkb1r/ppp1pppp/5n2/3Pp3/8/1BN5/PPPP1PPP/R1BQK1NR[] b KQkq - 1 6"
    );
    assert!(ZH.pgn().to_string().contains("[Variant \"Crazyhouse\"]"));

    assert_eq!(
        HILL.outcome(),
        Outcome::Decisive { winner: Color::White, reason: DecisiveReason::Hill }
    );
    assert_eq!(HILL.outcome().to_string(), "White wins by reaching the hill");
    assert_eq!(THREE.final_position().remaining_checks(Color::White), 0);
    assert_eq!(THREE.outcome().winner(), Some(Color::White));
    // The knight and the king it took exploded, and the pieces around f7.
    let blast = ATOMIC.final_position();
    assert_eq!(blast.king(Color::Black), None);
    assert_eq!(blast.piece_at(Square::F7), None);
    assert_eq!(blast.piece_at(Square::G8), None);
    assert_eq!(ATOMIC.outcome().winner(), Some(Color::White));
    assert_eq!(ANTI.len(), 8);
    assert_eq!(HORDE.variant(), Variant::Horde);
    assert_eq!(HORDE.start().king(Color::White), None);
    assert_eq!(RACING.final_position().king(Color::White), Some(Square::H3));

    assert_eq!(FILE.len(), 4);
    let variants: Vec<Variant> = FILE.iter().map(Game::variant).collect();
    assert_eq!(
        variants,
        [Variant::Crazyhouse, Variant::Atomic, Variant::ThreeCheck, Variant::RacingKings]
    );
    // Two checks given before the game: the third wins.
    assert_eq!(FILE[2].start().checks_given(Color::White), 2);
    assert_eq!(
        FILE[2].outcome(),
        Outcome::Decisive { winner: Color::White, reason: DecisiveReason::ThirdCheck }
    );
    assert_eq!(BOTH[0].final_position().pockets().count(Color::White, Role::Pawn), 0);
    assert!(!matches!(BOTH[1].outcome(), Outcome::Draw { reason: DrawReason::Stalemate }));
}
