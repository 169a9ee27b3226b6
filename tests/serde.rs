//! `serde` support: readable JSON for games and values, and deserializing
//! the plain value types.

use serde_json::json;
use verified_chess::{Color, GameResult, Role, Square, game};

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
}
