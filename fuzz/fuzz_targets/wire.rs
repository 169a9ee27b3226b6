//! The language server's message reader (`chess_verify::lsp::wire`): any
//! bytes give messages or what could not be read, and the reader goes on
//! to the end — never a panic, nothing kept past the bounds; and every
//! message read, written again, reads back the same.
#![no_main]

use chess_verify::lsp::wire::{Incoming, MAX_HEADER_LINE, Message, Reader, write};
use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data);
    let mut count = 0;
    while let Some(incoming) = reader.next_message().expect("reading memory cannot fail") {
        count += 1;
        // A message needs at least a header line's end.
        assert!(count <= data.len());
        let value = match incoming {
            Incoming::Message(Message::Request { id, method, params }) => {
                json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
            }
            Incoming::Message(Message::Notification { method, params }) => {
                json!({ "jsonrpc": "2.0", "method": method, "params": params })
            }
            Incoming::Message(Message::Response) => continue,
            Incoming::Unreadable(why) | Incoming::Invalid(why) => {
                assert!(!why.is_empty() && why.len() < MAX_HEADER_LINE + 200);
                continue;
            }
        };
        let mut bytes = Vec::new();
        write(&mut bytes, &value).unwrap();
        let mut again = Reader::new(&bytes[..]);
        let Some(Incoming::Message(read)) = again.next_message().unwrap() else {
            panic!("{value} does not read back");
        };
        let written = match read {
            Message::Request { id, method, params } => {
                json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
            }
            Message::Notification { method, params } => {
                json!({ "jsonrpc": "2.0", "method": method, "params": params })
            }
            Message::Response => panic!("{value} reads back as a response"),
        };
        assert_eq!(written, value);
        assert!(again.next_message().unwrap().is_none());
    }
});
