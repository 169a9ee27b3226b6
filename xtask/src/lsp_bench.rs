//! `cargo xtask lsp-bench`: how long `chess-verify lsp` (release) takes to
//! answer an edit with diagnostics, on the shared standard games as one
//! file (the 1,548 games of `twic1599_1000k.pgn` and
//! `lichess_db_1000k.pgn`). The server runs as an editor runs it, over
//! pipes; the time counted is from writing an edit to reading the
//! diagnostics of that version. Edits go to games spread over the file:
//! an illegal move typed into a game, then taken out again.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::verify_bench::value;
use crate::{check_args, data_dir, repo};

pub fn lsp_bench(args: &[String]) -> ExitCode {
    if let Err(code) = check_args(args, &[], &["--data", "--edits"]) {
        return code;
    }
    let edits: usize = value(args, "--edits")
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let data = data_dir(value(args, "--data"));
    let root = repo();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "-p", "chess-verify"])
        .current_dir(&root)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("cannot build chess-verify");
        return ExitCode::from(1);
    }
    let mut text = String::new();
    for name in ["twic1599_1000k.pgn", "lichess_db_1000k.pgn"] {
        let file = data.join(name);
        match std::fs::read_to_string(&file) {
            Ok(t) => text.push_str(&t),
            Err(e) => {
                eprintln!(
                    "{}: {e} (set VERIFIED_CHESS_DATA or --data)",
                    file.display()
                );
                return ExitCode::from(1);
            }
        }
        if !text.ends_with("\n\n") {
            text.push_str("\n\n");
        }
    }
    let games = text.matches("\n[Event ").count() + 1;
    // The first line of each game's moves: `1.` at a line's start.
    let starts: Vec<u32> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with("1."))
        .map(|(i, _)| i as u32)
        .collect();

    let mut server = Command::new(root.join("target/release/chess-verify"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("chess-verify lsp");
    let mut stdin = server.stdin.take().expect("stdin");
    let stdout = server.stdout.take().expect("stdout");
    let (sender, messages) = channel::<Value>();
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
                    length = n.parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            if reader.read_exact(&mut body).is_err() {
                return;
            }
            if let Ok(message) = serde_json::from_slice(&body)
                && sender.send(message).is_err()
            {
                return;
            }
        }
    });
    let mut send = |message: Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        stdin.flush().expect("write");
    };
    // Waits for the diagnostics of `version`; their count.
    let wait = |version: i64| -> usize {
        loop {
            let message = messages
                .recv_timeout(Duration::from_secs(120))
                .expect("the server answers");
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == version
            {
                return message["params"]["diagnostics"]
                    .as_array()
                    .map_or(0, Vec::len);
            }
        }
    };
    let uri = "file:///bench/games.pgn";
    send(json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "processId": null, "rootUri": null, "capabilities": {} } }));
    send(json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    let opened = Instant::now();
    send(
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": { "uri": uri, "languageId": "pgn", "version": 1, "text": text } } }),
    );
    let before = wait(1);
    let open_ms = opened.elapsed().as_secs_f64() * 1000.0;

    let mut times = Vec::new();
    let mut version = 1;
    for i in 0..edits {
        let line = starts[(i / 2 * 7919 + 13) % starts.len()];
        // Type an illegal king move after `1.`, then take it out.
        let (range, new_text) = if i % 2 == 0 {
            ((line, 2, line, 2), "Ke7 ")
        } else {
            ((line, 2, line, 6), "")
        };
        version += 1;
        let sent = Instant::now();
        send(
            json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": { "uri": uri, "version": version },
            "contentChanges": [{ "range": {
                "start": { "line": range.0, "character": range.1 },
                "end": { "line": range.2, "character": range.3 } }, "text": new_text }] } }),
        );
        let count = wait(version);
        times.push(sent.elapsed().as_secs_f64() * 1000.0);
        let expected = if i % 2 == 0 { before + 1 } else { before };
        assert_eq!(count, expected, "edit {i}: {count} diagnostics");
    }
    send(json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null }));
    send(json!({ "jsonrpc": "2.0", "method": "exit", "params": null }));
    let _ = server.wait();

    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let max = times[times.len() - 1];
    println!(
        "chess-verify lsp (release) on {games} games ({:.1} MB, {before} problems as opened):",
        text.len() as f64 / 1e6
    );
    println!("  open, all games checked:     {open_ms:7.1} ms");
    println!("  an edit, to its diagnostics: {median:7.1} ms median, {max:.1} ms max of {edits}");
    ExitCode::SUCCESS
}
