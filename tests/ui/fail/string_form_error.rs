// In a string, the error points at the literal and gives line:col inside it.
use verified_chess::game;

fn main() {
    let _ = game!(r#"1. e4 e5
2. Ke3"#);
}
