//! `serde` support: readable JSON for games and values, and deserializing
//! the plain value types.

use serde_json::json;
use verified_chess::{Color, GameResult, Position, Role, Square, game};

#[test]
fn game_as_json() {
    let g = game! { [White "Morphy"] 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 # 1-0 };
    let value = serde_json::to_value(g).unwrap();
    assert_eq!(value["tags"], json!([["White", "Morphy"]]));
    assert_eq!(
        value["start"],
        json!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    assert_eq!(value["result"], json!("1-0"));
    assert_eq!(
        value["outcome"],
        json!({"winner": "white", "reason": "checkmate"})
    );
    assert_eq!(value["chess960"], json!(false));
    let plies = value["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    assert_eq!(
        plies[6],
        json!({
            "san": "Qxf7#",
            "uci": "h5f7",
            "move": {
                "from": "h5", "to": "f7", "role": "queen",
                "capture": "pawn", "promotion": null, "kind": "normal"
            }
        })
    );
    assert_eq!(plies[0]["move"]["kind"], json!("double-push"));
}

/// An annotated game serializes its tree: each ply's NAGs, comments and
/// variations (lines of plies of their own); an unannotated ply has none
/// of these fields, as above.
#[test]
fn annotated_game_as_json() {
    let g =
        game!(r#"{Start} 1. e4 $1 {[%clk 0:05:00]} (1. d4 ( {or} 1. c4 c5) 1... d5) 1... e5 *"#);
    let value = serde_json::to_value(g).unwrap();
    assert_eq!(value["comments"], json!(["Start"]));
    let plies = value["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 2);
    assert_eq!(plies[0]["nags"], json!([1]));
    assert_eq!(plies[0]["comments"], json!(["[%clk 0:05:00]"]));
    // `(1. c4 c5)`, written inside the variation after `1. d4`, replaces
    // `1. d4`: like it, an alternative to `1. e4` (as python-chess reads it).
    let variations = plies[0]["variations"].as_array().unwrap();
    assert_eq!(variations.len(), 2);
    let d4 = variations[0].as_array().unwrap();
    assert_eq!(
        d4.iter().map(|p| p["san"].clone()).collect::<Vec<_>>(),
        [json!("d4"), json!("d5")]
    );
    assert_eq!(d4[0].get("variations"), None);
    let c4 = &variations[1];
    assert_eq!(c4[0]["san"], json!("c4"));
    assert_eq!(c4[0]["starting_comments"], json!(["or"]));
    assert_eq!(c4[1]["san"], json!("c5"));
    assert_eq!(
        plies[1].as_object().unwrap().keys().collect::<Vec<_>>(),
        ["move", "san", "uci"]
    );
}

#[test]
fn values_round_trip() {
    for sq in Square::all() {
        let text = serde_json::to_string(&sq).unwrap();
        assert_eq!(serde_json::from_str::<Square>(&text).unwrap(), sq);
    }
    assert_eq!(
        serde_json::from_str::<Color>("\"black\"").unwrap(),
        Color::Black
    );
    assert_eq!(
        serde_json::from_str::<Role>("\"knight\"").unwrap(),
        Role::Knight
    );
    assert_eq!(
        serde_json::from_str::<GameResult>("\"1/2-1/2\"").unwrap(),
        GameResult::Draw
    );
    let err = serde_json::from_str::<Square>("\"i9\"")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("a square such as \\\"e4\\\"") || err.contains("a square such as \"e4\""),
        "{err}"
    );
    // What is wrong, from the type's `FromStr`.
    assert!(
        err.starts_with("not a square: `i` is not a file (`a` to `h`)"),
        "{err}"
    );
    // `FromStr` reads more than the serialized form: FEN's letters too.
    assert_eq!(
        serde_json::from_str::<Color>("\"b\"").unwrap(),
        Color::Black
    );
}

#[test]
fn positions_round_trip_as_fen() {
    let g = game! { 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O };
    for pos in g.positions() {
        let text = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), pos);
    }
    let err = serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/4K3 w - - 0 1\"")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("not a legal position: Black has no king"),
        "{err}"
    );
}
