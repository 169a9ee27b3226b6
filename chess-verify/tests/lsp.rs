//! `chess-verify lsp` driven as an editor drives it: the binary started,
//! JSON-RPC messages over its standard input and output — initialize,
//! open, change, close, shutdown, exit — and the diagnostics it
//! publishes read back, in UTF-16 and in UTF-8 columns.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// A client: the server's process, and the messages it sent, in order.
struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts `chess-verify lsp` and initializes it with `capabilities`;
    /// returns the client and the server's `InitializeResult`.
    fn start(capabilities: Value) -> (Client, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess-verify"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = 0;
                loop {
                    let mut header = String::new();
                    if reader.read_line(&mut header).unwrap_or(0) == 0 {
                        return;
                    }
                    let header = header.trim_end();
                    if header.is_empty() {
                        break;
                    }
                    if let Some(n) = header.strip_prefix("Content-Length: ") {
                        length = n.parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                if sender.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 1,
        };
        let result = client.request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": capabilities }),
        );
        client.notify("initialized", json!({}));
        (client, result)
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn next(&mut self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answers")
    }

    /// The answer to a hover at `line` and `character` (UTF-16) of `uri`.
    fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    /// Sends a request; returns the response (its `result`, or the whole
    /// response when it is an error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let message = self.next();
            if message["id"] == id {
                return if message.get("error").is_some() {
                    message
                } else {
                    message["result"].clone()
                };
            }
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// The next diagnostics the server publishes.
    fn diagnostics(&mut self) -> Value {
        loop {
            let message = self.next();
            if message["method"] == "textDocument/publishDiagnostics" {
                return message["params"].clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "pgn", "version": 1, "text": text } }),
        );
        self.diagnostics()
    }

    /// Shuts the server down; its exit status.
    fn shutdown(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin);
        self.child.wait().unwrap().code().unwrap()
    }
}

/// The UTF-16 length of `text`: where a character after it stands.
fn utf16(text: &str) -> usize {
    text.encode_utf16().count()
}

const URI: &str = "file:///games/club.pgn";

#[test]
fn diagnostics_as_you_type_in_utf16_columns() {
    let (mut client, init) = Client::start(json!({}));
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["capabilities"]["textDocumentSync"], 2);
    assert_eq!(init["serverInfo"]["name"], "chess-verify");

    // A byte order mark, accents and a character outside the BMP before
    // the bad move, on its line.
    let line = "{Müller’s 𝄞 idea} 1. d4 d5 2. Bc4 *";
    let text = format!("\u{feff}[White \"Émile\"]\n{line}\n");
    let published = client.open(URI, &text);
    assert_eq!(published["uri"], URI);
    assert_eq!(published["version"], 1);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    let d = &diagnostics[0];
    let column = utf16(&line[..line.find("Bc4").unwrap()]);
    assert_eq!(
        d["range"],
        json!({ "start": { "line": 1, "character": column }, "end": { "line": 1, "character": column + 3 } })
    );
    assert_eq!(d["severity"], 1);
    assert_eq!(d["code"], "blocked");
    assert_eq!(d["source"], "chess-verify");
    assert_eq!(
        d["message"],
        "White cannot play `2. Bc4`: the bishop on f1 is blocked by the white pawn on e2\n\
         help: did you mean `Bf4`?\n\
         help: legal bishop moves: `Bd2`, `Be3`, `Bf4`, `Bg5`, `Bh6`\n\
         help: moves that reach c4: `c4`"
    );

    // The fix, typed as an edit of one letter: no problem left.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [{
                "range": { "start": { "line": 1, "character": column + 1 }, "end": { "line": 1, "character": column + 2 } },
                "text": "f"
            }]
        }),
    );
    let published = client.diagnostics();
    assert_eq!(published["version"], 2);
    assert_eq!(published["diagnostics"], json!([]));

    // An edit that splits the game in two: the second game's bad move is
    // found on its own line.
    let end = utf16(line);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 3 },
            "contentChanges": [{
                "range": { "start": { "line": 1, "character": end }, "end": { "line": 1, "character": end } },
                "text": "\n\n[Event \"second\"]\n1. e4 e5 2. Ke3 *"
            }]
        }),
    );
    let published = client.diagnostics();
    assert_eq!(published["version"], 3);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    assert_eq!(diagnostics[0]["code"], "cannot-reach");
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({ "line": 4, "character": 12 })
    );

    // A request it does not serve is an error, not a hang.
    let answer = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(answer["error"]["code"], -32601);

    // Closing clears the document's diagnostics.
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": URI } }),
    );
    let published = client.diagnostics();
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn utf8_columns_when_the_client_offers_them() {
    let (mut client, init) =
        Client::start(json!({ "general": { "positionEncodings": ["utf-8", "utf-16"] } }));
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let line = "{♘ and ♕} 1. d4 d5 2. Bc4 *";
    let published = client.open(URI, &format!("{line}\n"));
    let d = &published["diagnostics"][0];
    let column = line.find("Bc4").unwrap();
    assert_eq!(
        d["range"]["start"],
        json!({ "line": 0, "character": column })
    );
    assert_eq!(
        d["range"]["end"],
        json!({ "line": 0, "character": column + 3 })
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn warnings_are_warnings() {
    let (mut client, _) = Client::start(json!({}));
    let published = client.open(URI, "1. f3 e5 2. g4 Qh4# *\n");
    let d = &published["diagnostics"][0];
    assert_eq!(d["severity"], 2, "{published}");
    assert_eq!(d["code"], "wrong-result");
    assert_eq!(d["range"]["start"], json!({ "line": 0, "character": 20 }));
    assert_eq!(client.shutdown(), 0);
}

const TWO_GAMES: &str = "[Event \"Club\"]\n[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n[Result \"*\"]\n\n1. e4 e5 2. f4 (2. Nf3 Nc6\n3. Bb5) 2... exf4 *\n\n[Event \"Blitz\"]\n\n1. d4 d5 *\n";

#[test]
fn hover_on_a_move_shows_the_position_after_it() {
    let (mut client, init) = Client::start(json!({}));
    assert_eq!(init["capabilities"]["hoverProvider"], true);
    client.open(URI, TWO_GAMES);
    let hover = |client: &mut Client, line: u32, character: u32| client.hover(URI, line, character);
    // `2... exf4` of the main line.
    let answer = hover(&mut client, 6, 14);
    let value = answer["contents"]["value"].as_str().unwrap();
    assert!(
        value.starts_with("**`2... exf4`** · UCI `e5f4` · White to move\n\n```text\n"),
        "{value}"
    );
    assert!(
        value.contains("5 │ · · · · · · · · │\n4 │ · · · · ♙ ♟ · · │\n"),
        "{value}"
    );
    assert!(
        value.ends_with("`rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP2PP/RNBQKBNR w KQkq - 0 3`"),
        "{value}"
    );
    assert_eq!(
        answer["range"],
        json!({ "start": { "line": 6, "character": 13 }, "end": { "line": 6, "character": 17 } })
    );
    // `3. Bb5` in the variation: played after `2. Nf3 Nc6`, not `2. f4`.
    let answer = hover(&mut client, 6, 4);
    let value = answer["contents"]["value"].as_str().unwrap();
    assert!(
        value.starts_with("**`3. Bb5`** · UCI `f1b5` · Black to move"),
        "{value}"
    );
    assert!(
        value.ends_with("`r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3`"),
        "{value}"
    );
    // Not on a move: nothing.
    assert_eq!(hover(&mut client, 0, 3), Value::Null);
    // A move after the game ended (king and bishop against king is a dead
    // position from the start): an error there, but its board is shown.
    let dead = "file:///games/dead.pgn";
    client.open(
        dead,
        "[FEN \"8/8/8/8/8/2k5/8/K1B5 w - - 0 1\"]\n\n1. Kb1 Kd3 *\n",
    );
    let answer = client.hover(dead, 2, 8);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with("**`1... Kd3`** · UCI `c3d3` · White to move"),
        "{answer}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_in_a_variant_shows_the_pockets_or_the_checks_given() {
    let (mut client, _) = Client::start(json!({}));
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. P@d5 *\n\n\
                [Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *\n";
    client.open(URI, text);
    let hover = |client: &mut Client, line: u32, character: u32| {
        let answer = client.hover(URI, line, character);
        answer["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    // After `3... Qd8` each side holds the pawn it took.
    let value = hover(&mut client, 2, 32);
    assert!(
        value.starts_with(
            "**`3... Qd8`** · UCI `d5d8` · White to move · pockets: White `P`, Black `P`\n"
        ),
        "{value}"
    );
    // After the drop, White's pocket is empty.
    let value = hover(&mut client, 2, 38);
    assert!(
        value.starts_with(
            "**`4. P@d5`** · UCI `P@d5` · Black to move · pockets: White none, Black `P`\n"
        ),
        "{value}"
    );
    // One check given by White.
    let value = hover(&mut client, 6, 24);
    assert!(
        value.starts_with(
            "**`3. Bxf7+`** · UCI `c4f7` · Black to move · checks given: White 1, Black 0 (three win)\n"
        ),
        "{value}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_on_an_illegal_move_shows_the_board_it_was_tried_in() {
    let (mut client, _) = Client::start(json!({}));
    client.open(URI, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Bxf7+ Kxf8 *\n");
    let answer = client.hover(URI, 0, 41);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    // The error, its help (the king's legal moves), the board before it.
    assert!(
        value.starts_with(
            "**Not played** — Black cannot play `4... Kxf8`: f8 is occupied by Black's own bishop  \nhelp: did you mean `Kxf7`?  \nhelp: legal king moves: `Ke7`, `Kxf7`\n\nThe position it was tried in · Black to move\n\n```text\n"
        ),
        "{value}"
    );
    assert!(value.contains("7 │ ♟ ♟ ♟ ♟ · ♗ ♟ ♟ │\n"), "{value}");
    assert!(
        value.ends_with("`r1bqkb1r/pppp1Bpp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4`"),
        "{value}"
    );
    assert_eq!(
        answer["range"],
        json!({ "start": { "line": 0, "character": 40 }, "end": { "line": 0, "character": 44 } })
    );
    // The moves before it still show the board after them.
    let value = client.hover(URI, 0, 35)["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        value.starts_with("**`4. Bxf7+`** · UCI `c4f7` · Black to move\n"),
        "{value}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_under_fairy_stockfishs_variants_shows_the_hands() {
    let (mut client, _) = Client::start(json!({}));
    // S-chess: each side holds a hawk and an elephant to gate in.
    client.open(
        URI,
        "[Variant \"Seirawan\"]\n\n1. e4 e5 2. Nf3/H Nc6 3. Bc4/E Ke7 4. Bxf7 *\n",
    );
    let hover = |client: &mut Client, character: u32| {
        client.hover(URI, 2, character)["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let value = hover(&mut client, 13);
    assert!(
        value.starts_with(
            "**`2. Nf3/H`** · UCI `g1f3h` · Black to move · in hand: White `E`, Black `HE`\n"
        ),
        "{value}"
    );
    assert!(value.contains(" 1 | ♖ ♘ ♗ ♕ ♔ ♗ H ♖\n"), "{value}");
    // The elephant gated in by `3. Bc4/E` has left White's hand.
    let value = hover(&mut client, 32);
    assert!(
        value.starts_with(
            "**`3... Ke7`** · UCI `e8e7` · White to move · in hand: White none, Black `HE`\n"
        ),
        "{value}"
    );
    // The result, held to the end the rule set gives: five checks win.
    let line = "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke6 5. Qf5+ Kd6 6. Qxe5+ Kxe5 7. d4# 1-0";
    client.open(URI, &format!("[Variant \"5check\"]\n\n{line}\n"));
    let at = line.find("1-0").unwrap() as u32;
    let value = client.hover(URI, 2, at + 1)["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(
        value,
        "**Result `1-0`** — checked against the final position: White gave its fifth check, which wins under these rules, so the result is `1-0`."
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn games_and_variations_are_symbols_and_fold() {
    let (mut client, init) = Client::start(json!({}));
    assert_eq!(init["capabilities"]["documentSymbolProvider"], true);
    assert_eq!(init["capabilities"]["foldingRangeProvider"], true);
    client.open(URI, TWO_GAMES);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), 2);
    assert_eq!(symbols[0]["name"], "Anderssen – Kieseritzky");
    assert_eq!(symbols[0]["detail"], "Club, *");
    assert_eq!(
        symbols[0]["range"]["start"],
        json!({ "line": 0, "character": 0 })
    );
    assert_eq!(
        symbols[0]["range"]["end"],
        json!({ "line": 6, "character": 19 })
    );
    assert_eq!(symbols[0]["children"][0]["name"], "(Nf3 …)");
    assert_eq!(
        symbols[0]["children"][0]["range"],
        json!({ "start": { "line": 5, "character": 15 }, "end": { "line": 6, "character": 6 } })
    );
    assert_eq!(symbols[1]["name"], "game 2");
    assert_eq!(symbols[1]["detail"], "Blitz, *");
    let folds = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": URI } }),
    );
    let folds: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(folds, [(0, 6), (5, 6), (8, 10)]);
    assert_eq!(client.shutdown(), 0);
}

/// Applies a `WorkspaceEdit`'s edits for `URI` as a client does: each
/// sent as a change, the last first (so that the ranges stay right).
fn apply(client: &mut Client, edit: &Value, version: i32) {
    let mut edits = edit["changes"][URI]
        .as_array()
        .unwrap_or_else(|| panic!("{edit}"))
        .clone();
    edits.reverse();
    let changes: Vec<Value> = edits
        .iter()
        .map(|e| json!({ "range": e["range"], "text": e["newText"] }))
        .collect();
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": version }, "contentChanges": changes }),
    );
}

#[test]
fn quick_fixes_are_proven_and_applied() {
    let (mut client, init) = Client::start(json!({}));
    assert_eq!(
        init["capabilities"]["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix", "source.fixAll"])
    );
    let text =
        "[Event \"é\"]\n1. e4 e5 2. Nf4 Nc6 3. Bc4 Bc5 4. Kg1 *\n\n1. f3 e5 2. g4 Qh4+ 1-0\n";
    let published = client.open(URI, text);
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    assert_eq!(diagnostics.len(), 2, "{published}");
    // The first problem's fixes: the move one edit away.
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": URI },
            "range": diagnostics[0]["range"],
            "context": { "diagnostics": [diagnostics[0]] }
        }),
    );
    let actions = actions.as_array().unwrap_or_else(|| panic!("{actions}"));
    assert_eq!(actions[0]["title"], "Replace `Nf4` with `Nf3`");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(actions[0]["diagnostics"][0]["code"], diagnostics[0]["code"]);
    let fix_all = actions.last().unwrap();
    assert_eq!(fix_all["kind"], "source.fixAll");
    assert_eq!(fix_all["title"], "Fix all in file (4 fixes)");
    apply(&mut client, &actions[0]["edit"], 2);
    let published = client.diagnostics();
    // Now the castling written as the king's step is the first problem.
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    assert_eq!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .lines()
            .next()
            .unwrap(),
        "White cannot play `4. Kg1`: a king steps one square; castling kingside is written `O-O`, which is legal here"
    );
    // Fix all: the castling, the mate's marker and then the result.
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": URI },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [], "only": ["source.fixAll"] }
        }),
    );
    let fix_all = actions.as_array().unwrap().last().unwrap().clone();
    assert_eq!(fix_all["kind"], "source.fixAll");
    apply(&mut client, &fix_all["edit"], 3);
    let published = client.diagnostics();
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn puzzle_files_and_problems_are_proven_as_puzzles_does() {
    let (mut client, _) = Client::start(json!({}));
    // A lichess puzzle whose `mateIn2` is not a mate in 2 (the solution
    // ends without mate).
    let csv = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
               t0000,8/5kR1/pQ6/8/1K1n4/8/8/8 b - - 0 1,f7f8 b6f6 f8e8 f6e6,1200,75,90,100,mateIn2,https://lichess.org/abcdef00,\n";
    let published = client.open("file:///puzzles/lichess.csv", csv);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 1);
    // With a sound row after it: a hover on a move shows the position
    // after it, and on the sound row what is proven.
    let sound_row = "m0001,8/5kR1/pQ6/8/1K1n4/8/8/8 b - - 0 1,f7f8 b6f6 f8e8 f6e7,1200,75,90,100,mateIn2,https://lichess.org/abcdef00,\n";
    let both = format!("{csv}{sound_row}");
    client.open("file:///puzzles/lichess.csv", &both);
    let hover = |client: &mut Client, line: u32, word: &str| {
        let row = both.lines().nth(line as usize).unwrap();
        let character = row.find(word).unwrap() as u32;
        let answer = client.hover("file:///puzzles/lichess.csv", line, character);
        (
            answer["contents"]["value"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            answer["range"].clone(),
        )
    };
    let (value, range) = hover(&mut client, 2, "b6f6");
    assert!(
        value.starts_with("**`2. Qf6+`** · UCI `b6f6` · Black to move"),
        "{value}"
    );
    assert!(
        value.contains("\n\n`5k2/6R1/p4Q2/8/1K1n4/8/8/8 b - - 2 2`\n\n"),
        "{value}"
    );
    assert!(
        value.ends_with("**`mateIn2`** — proven: the solution ends in checkmate after 2 moves of the solver, each the only move that keeps a forced mate in the moves left."),
        "{value}"
    );
    let start = both.lines().nth(2).unwrap().find("b6f6").unwrap() as u32;
    assert_eq!(
        range,
        json!({ "start": { "line": 2, "character": start }, "end": { "line": 2, "character": start + 4 } })
    );
    // The unsound row: its position, nothing proven.
    let (value, _) = hover(&mut client, 1, "f6e6");
    assert!(value.starts_with("**`3. Qe6+`** · UCI `f6e6`"), "{value}");
    assert!(!value.contains("proven"), "{value}");
    // Not on a move: nothing.
    let (value, _) = hover(&mut client, 0, "Moves");
    assert_eq!(value, "");
    // A problem whose key does not mate in 2.
    let pgn = "[FEN \"4kB2/6P1/8/3Q4/8/8/8/7K w - - 0 1\"]\n[Stipulation \"#2\"]\n\n1. g8=Q+ Kxf8 2. Qf7# 1-0\n";
    let published = client.open("file:///puzzles/problems.pgn", pgn);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 3);
    // The same file fixed: a sound problem, whose claim a hover states.
    let published = client.open("file:///puzzles/sound.pgn", &pgn.replace("g8=Q+", "g8=B"));
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    let answer = client.hover("file:///puzzles/sound.pgn", 1, 3);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with(
            "**`[Stipulation \"#2\"]`** — White to play mates in 2 against any defence. Proven:"
        ),
        "{answer}"
    );
    // A move of the solution: its position, and the claim.
    let answer = client.hover("file:///puzzles/sound.pgn", 3, 4);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(value.starts_with("**`1. g8=B`** · UCI `g7g8b`"), "{answer}");
    assert!(
        value.contains("\n\n**`[Stipulation \"#2\"]`** — White to play mates in 2"),
        "{answer}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn rules_files_show_their_own_error() {
    let (mut client, _) = Client::start(json!({}));
    // Each section that cannot be played shows why, at its key; a key
    // set to the format's default changes nothing and is read.
    let ini = "[mini:chess]\nmaxRank = 6\npawnTypes = ps\n[fine:chess]\npawnTypes = p\n[gates:chess]\ngating = true\n";
    let published = client.open("file:///rules/variants.ini", ini);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 2, "{published}");
    assert_eq!(diagnostics[0]["code"], "rules-file");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 2);
    assert_eq!(diagnostics[1]["range"]["start"]["line"], 6);
    assert_eq!(
        diagnostics[1]["message"],
        "`gating = true` needs gates that no piece is put on or leaps from (`gating` without `seirawanGating` or `cambodianMoves`), which this engine does not play yet"
    );
    // A file that cannot be read at all: its one problem.
    let published = client.open("file:///rules/keyfirst.ini", "maxRank = 6\n");
    assert_eq!(
        published["diagnostics"].as_array().unwrap().len(),
        1,
        "{published}"
    );
    let chess = include_str!("../../chess-rules/rules/chess.ini");
    let published = client.open("file:///rules/chess.ini", chess);
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn hover_on_a_result_or_a_tag_says_what_it_is_checked_against() {
    let (mut client, _) = Client::start(json!({}));
    let text = "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 c4 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    client.open(URI, text);
    let hover = |client: &mut Client, line: u32, character: u32| {
        let answer = client.hover(URI, line, character);
        answer["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    assert_eq!(
        hover(&mut client, 0, 3),
        "**`[Variant]`** — the rules every move of this game is verified under: Chess960."
    );
    let fen = hover(&mut client, 1, 2);
    assert!(fen.starts_with("**`[FEN]`** — the position the game starts from, checked as a legal position:\n\n```text\n"), "{fen}");
    assert!(fen.contains("8 │ ♝ ♛ ♞ ♝ · ♜ ♚ ♜ │"), "{fen}");
    assert_eq!(
        hover(&mut client, 3, 9),
        "**Result `*`** — the final position decides nothing (no mate, stalemate or draw by rule): the result stands as recorded."
    );
    assert_eq!(
        hover(&mut client, 5, 21),
        "**Result `0-1`** — checked against the final position: Black checkmated White, so the result is `0-1`."
    );
    client.open(URI, "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    assert_eq!(
        hover(&mut client, 0, 3),
        "**`[Result]`** — held to the result after the moves and to the final position: the game's result is `0-1`."
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn games_under_the_rules_file_chess_verify_toml_names() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lsp-settings");
    let games = dir.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(
        dir.join("mini.yaml"),
        include_str!("../../chess-rules/tests/customchesskell/mini.yaml"),
    )
    .unwrap();
    std::fs::write(dir.join("chess-verify.toml"), "rules = \"mini.yaml\"\n").unwrap();
    let uri = format!("file://{}", games.join("camel%20games.pgn").display());
    let (mut client, _) = Client::start(json!({}));
    let published = client.open(&uri, "1. b1 b4\n");
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{published}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("White cannot play `1. b1 b4`: b1 to b4 is not a Knight move"),
        "{published}"
    );
    // Hover on the move that could not be played: the board it was tried
    // in, and why.
    let value = client.hover(&uri, 0, 4)["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        value.starts_with(
            "**Not played** — White cannot play `1. b1 b4`: b1 to b4 is not a Knight move"
        ),
        "{value}"
    );
    assert!(
        value.contains("The position it was tried in · White to move\n\n```text\n"),
        "{value}"
    );
    assert!(value.contains(" 1 | ♖ ♘ . . ♔\n"), "{value}");
    // Hover on a move played: the board after it, as for chess.
    client.open(&uri, "1. b1 c3 *\n");
    let value = client.hover(&uri, 0, 7)["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        value.starts_with("**`1. Nc3`** · UCI `b1c3` · Black to move\n"),
        "{value}"
    );
    assert!(value.contains(" 3 | . . ♘ . .\n"), "{value}");
    // What is wrong with the settings is said at the document's start.
    std::fs::write(dir.join("chess-verify.toml"), "rules = \"nowhere.ini\"\n").unwrap();
    let published = client.open(&uri, "1. b1 b4\n");
    let d = &published["diagnostics"][0];
    assert_eq!(d["code"], "settings");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("the rules file it names"),
        "{d}"
    );
    std::fs::remove_file(dir.join("chess-verify.toml")).unwrap();
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn inside_the_macros_of_a_rust_file_hover_and_quick_fixes() {
    let (mut client, _) = Client::start(json!({}));
    let uri = "file:///crate/src/lib.rs";
    let text = "use verified_chess::{game, Game};\n\n\
                const G: Game = game! { 1. e4 e5 2. Nf4 Nc6 };\n\
                const M: Game = game! { 1. f3 e5 2. g4 Qh4+ 0-1 };\n";
    // No diagnostics are published for Rust files: rust-analyzer shows them.
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "rust", "version": 1, "text": text } }),
    );
    let line = "const G: Game = game! { 1. e4 e5 2. Nf4 Nc6 };";
    let e5 = utf16(&line[..line.find("e5").unwrap()]) as u32;
    let answer = client.hover(uri, 2, e5);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with("**`1... e5`** · UCI `e7e5` · White to move"),
        "{answer}"
    );
    assert_eq!(
        answer["range"],
        json!({ "start": { "line": 2, "character": e5 }, "end": { "line": 2, "character": e5 + 2 } })
    );
    // The illegal move: the board it was tried in, and why.
    let nf4 = utf16(&line[..line.find("Nf4").unwrap()]) as u32;
    let answer = client.hover(uri, 2, nf4 + 1);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with("**Not played** — White cannot play `2. Nf4`"),
        "{answer}"
    );
    assert!(
        value.contains("The position it was tried in · White to move\n\n```text\n"),
        "{answer}"
    );
    assert!(
        value.ends_with("`rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2`"),
        "{answer}"
    );
    // A move of a variation: its line is played up to it.
    let uri_v = "file:///crate/src/variations.rs";
    let text_v = "use verified_chess::{game, position, Game, Position};\n\n\
                  const V: Game = game! { 1. e4 e5 (1... c5 2. Nf3) 2. Nc3 };\n\
                  const P: Position = position! { white: Kb8 b7 Rf1; black: Kd7 Ra2 w };\n\
                  const F: Position = position!(\"8/8/8/8/8/8/8/K1k5 w - - 0 1\");\n\
                  const S: Game = game!(\"1. e4 e5\");\n";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri_v, "languageId": "rust", "version": 1, "text": text_v } }),
    );
    let line_v = "const V: Game = game! { 1. e4 e5 (1... c5 2. Nf3) 2. Nc3 };";
    let nf3 = utf16(&line_v[..line_v.find("Nf3").unwrap()]) as u32;
    let answer = client.hover(uri_v, 2, nf3 + 1);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with("**`2. Nf3`** · UCI `g1f3` · Black to move"),
        "{answer}"
    );
    assert!(
        value.contains("`rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2`"),
        "{answer}"
    );
    // Anywhere in a `position!` call: its position.
    let line_p = "const P: Position = position! { white: Kb8 b7 Rf1; black: Kd7 Ra2 w };";
    let rf1 = utf16(&line_p[..line_p.find("Rf1").unwrap()]) as u32;
    let answer = client.hover(uri_v, 3, rf1);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.starts_with("**the position** · White to move"),
        "{answer}"
    );
    assert!(
        value.ends_with("`1K6/1P1k4/8/8/8/8/r7/5R2 w - - 0 1`"),
        "{answer}"
    );
    let open = utf16(&line_p[..line_p.find('{').unwrap()]) as u32;
    assert_eq!(
        answer["range"],
        json!({ "start": { "line": 3, "character": open }, "end": { "line": 3, "character": utf16(line_p) as u32 - 1 } })
    );
    // A FEN string too.
    let answer = client.hover(uri_v, 4, 33);
    let value = answer["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        value.ends_with("`8/8/8/8/8/8/8/K1k5 w - - 0 1`"),
        "{answer}"
    );
    // Not inside a string literal: its moves share one span.
    let answer = client.hover(uri_v, 5, 30);
    assert_eq!(answer, json!(null));
    // The knight move one letter off, fixed in place.
    let nf4 = utf16(&line[..line.find("Nf4").unwrap()]) as u32;
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 2, "character": nf4 }, "end": { "line": 2, "character": nf4 + 3 } },
            "context": { "diagnostics": [] }
        }),
    );
    assert_eq!(actions[0]["title"], "Replace `Nf4` with `Nf3`", "{actions}");
    assert_eq!(
        actions[0]["edit"]["changes"][uri][0],
        json!({ "range": { "start": { "line": 2, "character": nf4 }, "end": { "line": 2, "character": nf4 + 3 } }, "newText": "Nf3" })
    );
    // A mate marked `+`: `#` needs a space before it in Rust.
    let line = "const M: Game = game! { 1. f3 e5 2. g4 Qh4+ 0-1 };";
    let plus = utf16(&line[..line.find('+').unwrap()]) as u32;
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 3, "character": plus }, "end": { "line": 3, "character": plus + 1 } },
            "context": { "diagnostics": [] }
        }),
    );
    assert_eq!(
        actions[0]["edit"]["changes"][uri][0]["newText"], " #",
        "{actions}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn related_information_points_at_the_move_a_message_names() {
    let (mut client, _) = Client::start(json!({}));
    let text = "[Event \"a\"]\n1. e4 e5 2. Ke2 Nc6 3. Ke1 Nf6 4. Nf3 Bc5 5. Bc4 d6 6. O-O *\n\n[Event \"b\"]\n[FEN \"8/8/2N5/4K3/8/1k6/8/8 w - - 0 58\"]\n58. Ke4 *\n\n[Event \"c\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n1. Kxd2 Kd7 *\n";
    let published = client.open(URI, text);
    let diagnostics = published["diagnostics"].as_array().unwrap();
    let castling = &diagnostics[0];
    assert_eq!(castling["code"], "castling-right-lost", "{published}");
    assert_eq!(
        castling["relatedInformation"],
        json!([{
            "location": { "uri": URI, "range": { "start": { "line": 1, "character": 12 }, "end": { "line": 1, "character": 15 } } },
            "message": "the right to castle kingside was lost here"
        }])
    );
    let over = diagnostics.last().unwrap();
    assert_eq!(over["code"], "game-over", "{published}");
    assert_eq!(
        over["relatedInformation"][0]["location"]["range"],
        json!({ "start": { "line": 9, "character": 3 }, "end": { "line": 9, "character": 7 } })
    );
    assert!(
        over["relatedInformation"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("the game ended here: "),
        "{over}"
    );
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_wrong_result_is_fixed_with_its_tag_in_one_action() {
    let (mut client, _) = Client::start(json!({}));
    let text = "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let published = client.open(URI, text);
    let diagnostics = published["diagnostics"].as_array().unwrap().clone();
    assert_eq!(diagnostics[0]["code"], "wrong-result", "{published}");
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": URI },
            "range": diagnostics[0]["range"],
            "context": { "diagnostics": [diagnostics[0]] }
        }),
    );
    assert_eq!(
        actions[0]["title"], "Write `0-1` instead of `1-0`",
        "{actions}"
    );
    let edits = &actions[0]["edit"]["changes"][URI];
    assert_eq!(
        *edits,
        json!([
            { "range": { "start": { "line": 0, "character": 9 }, "end": { "line": 0, "character": 12 } }, "newText": "0-1" },
            { "range": { "start": { "line": 2, "character": 20 }, "end": { "line": 2, "character": 23 } }, "newText": "0-1" },
        ])
    );
    apply(&mut client, &actions[0]["edit"], 2);
    let published = client.diagnostics();
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    // In a Rust file, the tag's value is a string literal: the fix keeps
    // its quotes.
    let uri = "file:///crate/src/result.rs";
    let line = "const R: Game = game! { [Result \"1-0\"] 1. f3 e5 2. g4 Qh4 # };";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "rust", "version": 1, "text": format!("{line}\n") } }),
    );
    let tag = line.find("\"1-0\"").unwrap() as u32;
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri },
            "range": { "start": { "line": 0, "character": tag }, "end": { "line": 0, "character": tag + 5 } },
            "context": { "diagnostics": [] }
        }),
    );
    assert_eq!(
        actions[0]["edit"]["changes"][uri],
        json!([{ "range": { "start": { "line": 0, "character": tag }, "end": { "line": 0, "character": tag + 5 } }, "newText": "\"0-1\"" }]),
        "{actions}"
    );
    assert_eq!(actions[0]["diagnostics"][0]["code"], "result-tag");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn proofs_run_beside_the_requests_within_a_time_and_an_edit_cancels_them() {
    let (mut client, _) = Client::start(json!({}));
    // A helpmate in 5 from the start: every solution is looked for, and
    // the search would go on to its budget of positions (2,000,000, 1.7 s
    // in a release build, ten times that in the tests' build).
    let uri = "file:///problems/deep.pgn";
    let slow = "[Stipulation \"h#5\"]\n\n1. e4 *\n";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "pgn", "version": 1, "text": slow } }),
    );
    // A request while the proof runs is answered at once: before the
    // problems are published.
    let id = 1000;
    client.send(
        json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/documentSymbol",
        "params": { "textDocument": { "uri": uri } } }),
    );
    let first = client.next();
    assert_eq!(first["id"], id, "{first}");
    // The proof stops at its time, and says so.
    let published = client.diagnostics();
    assert_eq!(published["version"], 1);
    let d = &published["diagnostics"][0];
    assert_eq!(d["code"], "search-budget", "{published}");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("within the time the editor gives a proof (2 s"),
        "{d}"
    );
    // An edit while the proof runs cancels it: only the newest text's
    // problems are published.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": slow.replace("h#5", "h#4") }] }),
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": "[Stipulation \"#1\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\"]\n\n1. Re8# 1-0\n" }] }),
    );
    let published = client.diagnostics();
    assert_eq!(published["version"], 3, "{published}");
    assert_eq!(published["diagnostics"], json!([]), "{published}");
    assert_eq!(client.shutdown(), 0);
}

#[test]
fn a_game_past_a_bound_is_an_error_in_the_editor_too() {
    // Item 6 of the review: variations without bound, opened in the
    // editor, are the bound's error at the part that passes it.
    let (mut client, _) = Client::start(json!({}));
    let text = format!("1. e4 {}*\n", "(1. d4) ".repeat(100_001));
    let published = client.open(URI, &text);
    let d = &published["diagnostics"][0];
    assert_eq!(d["code"], "too-large", "{d}");
    assert_eq!(
        d["range"]["start"],
        json!({ "line": 0, "character": 6 + 8 * 100_000 })
    );
    assert_eq!(client.shutdown(), 0);
}
