use chess_core::puzzle::{PuzzleOptions, check_lichess};
use chess_core::{Source, testing};
fn main() {
    let dir = std::path::Path::new("/work/shared/data");
    let mut out = [String::new(), String::new(), String::new(), String::new()];
    for o in &mut out {
        o.push_str("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n");
    }
    for name in [
        "twic1599_1000k.pgn",
        "lichess_db_1000k.pgn",
        "kasparov-deep-blue-1997.pgn",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let source = Source::text(text, None, None);
        for (n, row) in testing::mate_rows(&source, &[1, 2, 3, 4]) {
            let one = Source::text(row.as_str(), None, None);
            let sound = chess_core::syntax::puzzles::lichess_rows(&one)
                .next()
                .and_then(Result::ok)
                .is_some_and(|r| check_lichess(&r, &one, PuzzleOptions::default()).is_ok());
            if sound {
                out[n - 1].push_str(&row);
                out[n - 1].push('\n');
            }
        }
    }
    for (i, o) in out.iter().enumerate() {
        std::fs::write(format!("/tmp/m{}.csv", i + 1), o).unwrap();
    }
}
