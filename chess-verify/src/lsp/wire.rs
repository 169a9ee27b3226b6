//! The language server's messages on the wire: bytes to JSON-RPC messages
//! and back (the server's written by one [`Outbox`], shared). A message is a header (`Content-Length: N`, lines ended by
//! `\r\n` or, leniently, `\n`) and a body of N bytes of JSON. Whatever
//! the bytes, the reader gives a message or says why it could not read
//! one, and goes on after it: it never keeps more than [`MAX_MESSAGE`]
//! bytes of one message or [`MAX_HEADER_LINE`] of a header line (a longer
//! body is read and dropped as it arrives; nothing is set aside for a
//! length before its bytes come).
//!
//! ```
//! use chess_verify::lsp::wire::{Incoming, Message, Reader, write};
//!
//! let mut bytes = Vec::new();
//! write(&mut bytes, &serde_json::json!({"jsonrpc": "2.0", "method": "exit"})).unwrap();
//! bytes.extend_from_slice(b"Content-Length: 5\r\n\r\n{oops");
//! let mut reader = Reader::new(&bytes[..]);
//! let Some(Incoming::Message(Message::Notification { method, .. })) = reader.next_message().unwrap()
//! else {
//!     panic!()
//! };
//! assert_eq!(method, "exit");
//! let Some(Incoming::Unreadable(why)) = reader.next_message().unwrap() else { panic!() };
//! assert!(why.starts_with("the message is not JSON"), "{why}");
//! assert!(reader.next_message().unwrap().is_none());
//! ```

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

/// The most bytes of one message's body the server keeps: a longer one is
/// read, dropped and answered as a parse error.
pub const MAX_MESSAGE: u64 = 128 << 20;

/// The most bytes of one header line the server keeps.
pub const MAX_HEADER_LINE: usize = 8 << 10;

/// A JSON-RPC message, as the server reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A request: it is answered, under its `id` (a number, a string or
    /// `null`).
    Request {
        /// The id, echoed in the answer.
        id: Value,
        /// The method.
        method: String,
        /// The parameters (`null` if none).
        params: Value,
    },
    /// A notification: never answered.
    Notification {
        /// The method.
        method: String,
        /// The parameters (`null` if none).
        params: Value,
    },
    /// A response to a request of the server's (it sends none).
    Response,
}

/// What came in: a message, or what could not be read and why.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// A message.
    Message(Message),
    /// Bytes that are no message: not JSON, not UTF-8, too long, no
    /// `Content-Length` (JSON-RPC's parse error, −32700).
    Unreadable(String),
    /// JSON that is no request, notification or response: a batch (an
    /// array), an `id` that is an object (JSON-RPC's invalid request,
    /// −32600).
    Invalid(String),
}

/// Reads messages from a stream of bytes.
pub struct Reader<R> {
    input: R,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader { input }
    }

    /// The next message, or what could not be read; `None` at the end of
    /// the input (the client went away). An error only if reading fails.
    pub fn next_message(&mut self) -> io::Result<Option<Incoming>> {
        let mut length = None;
        let mut problem = None;
        let mut any = false;
        loop {
            let Some(line) = self.header_line()? else {
                // The end: in the middle of a header, nothing to answer.
                return Ok(None);
            };
            let line = match line {
                Ok(line) => line,
                Err(why) => {
                    problem.get_or_insert(why);
                    any = true;
                    continue;
                }
            };
            if line.is_empty() {
                if any {
                    break;
                }
                // Blank lines between messages are passed over.
                continue;
            }
            any = true;
            match line.split_once(':') {
                Some((name, value)) if name.trim().eq_ignore_ascii_case("Content-Length") => {
                    match value.trim().parse::<u64>() {
                        Ok(n) => length = Some(n),
                        Err(_) => {
                            problem.get_or_insert(format!(
                                "`Content-Length: {}` is not a number of bytes",
                                value.trim()
                            ));
                        }
                    }
                }
                Some(_) => {}
                None => {
                    problem.get_or_insert(format!(
                        "`{}` is not a header line (`Name: value`)",
                        cut(&line)
                    ));
                }
            }
        }
        let Some(length) = length else {
            return Ok(Some(Incoming::Unreadable(problem.unwrap_or_else(|| {
                "a message without `Content-Length`".to_string()
            }))));
        };
        if length > MAX_MESSAGE {
            // Read and dropped as it comes, none of it kept.
            let dropped = io::copy(&mut (&mut self.input).take(length), &mut io::sink())?;
            if dropped < length {
                return Ok(None);
            }
            return Ok(Some(Incoming::Unreadable(format!(
                "a message of {length} bytes: the most the server reads is {MAX_MESSAGE}"
            ))));
        }
        let mut body = Vec::new();
        (&mut self.input).take(length).read_to_end(&mut body)?;
        if (body.len() as u64) < length {
            return Ok(None);
        }
        if let Some(problem) = problem {
            return Ok(Some(Incoming::Unreadable(problem)));
        }
        Ok(Some(parse(&body)))
    }

    /// One header line without its line end (`\r\n` or `\n`), or why it is
    /// not one (too long, not UTF-8); `None` at the end of the input.
    fn header_line(&mut self) -> io::Result<Option<Result<String, String>>> {
        let mut line = Vec::new();
        let mut too_long = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(None);
            }
            let (end, found) = match memchr::memchr(b'\n', buf) {
                Some(at) => (at + 1, true),
                None => (buf.len(), false),
            };
            if !too_long {
                let room = MAX_HEADER_LINE + 2 - line.len();
                line.extend_from_slice(&buf[..end.min(room)]);
                too_long = end > room;
            }
            self.input.consume(end);
            if found {
                break;
            }
        }
        if too_long {
            return Ok(Some(Err(format!(
                "a header line longer than {MAX_HEADER_LINE} bytes"
            ))));
        }
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(Some(String::from_utf8(line).map_err(|_| {
            "a header line that is not UTF-8".to_string()
        })))
    }
}

/// The first 80 characters of `text`, for a message.
fn cut(text: &str) -> String {
    text.chars().take(80).collect()
}

/// A body of JSON as a message.
fn parse(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => return Incoming::Unreadable(format!("the message is not JSON: {e}")),
    };
    let Value::Object(mut object) = value else {
        return Incoming::Invalid(
            match value {
                Value::Array(_) => "a batch of messages: the language server protocol has none",
                _ => "a message is a JSON object",
            }
            .to_string(),
        );
    };
    let params = object.remove("params").unwrap_or(Value::Null);
    let method = match object.remove("method") {
        Some(Value::String(method)) => Some(method),
        Some(_) => return Incoming::Invalid("`method` is a string".to_string()),
        None => None,
    };
    let id = object.remove("id");
    let id = match id {
        Some(id @ (Value::Number(_) | Value::String(_) | Value::Null)) => Some(id),
        Some(_) => return Incoming::Invalid("`id` is a number, a string or null".to_string()),
        None => None,
    };
    Incoming::Message(match (method, id) {
        (Some(method), Some(id)) => Message::Request { id, method, params },
        (Some(method), None) => Message::Notification { method, params },
        (None, Some(_)) if object.contains_key("result") || object.contains_key("error") => {
            Message::Response
        }
        (None, _) => return Incoming::Invalid("a message without `method`".to_string()),
    })
}

/// A request that could not be answered: a JSON-RPC error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failed {
    /// The error's code.
    pub code: i32,
    /// What went wrong.
    pub message: String,
}

/// Where the server's messages go: one writer, shared.
#[derive(Clone)]
pub struct Outbox {
    out: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Outbox {
    /// Messages written to `out`.
    pub fn new(out: impl Write + Send + 'static) -> Outbox {
        Outbox {
            out: Arc::new(Mutex::new(Box::new(out))),
        }
    }

    fn send(&self, message: &Value) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        // A client that went away reads nothing more; the session ends
        // when its input does.
        let _ = write(&mut *out, message);
    }

    /// Waits for a message being written to be written whole, and writes
    /// none after: the session is over, and the process may end without
    /// cutting one short.
    pub fn close(&self) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.flush();
        *out = Box::new(io::sink());
    }

    /// Sends a notification.
    pub fn notify(&self, method: &str, params: impl serde::Serialize) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Answers request `id` with `answer`.
    pub fn answer(&self, id: Value, answer: Result<Value, Failed>) {
        self.send(&match answer {
            Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
            Err(Failed { code, message }) => json!({
                "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message },
            }),
        });
    }

    /// Tells the client's log something went wrong (a warning).
    pub fn log(&self, message: String) {
        self.notify(
            "window/logMessage",
            json!({ "type": 2, "message": format!("chess-verify: {message}") }),
        );
    }
}

/// Writes `message` to `out` as the wire has it, and flushes.
pub fn write(out: &mut impl Write, message: &Value) -> io::Result<()> {
    let body = serde_json::to_string(message)?;
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body.as_bytes())?;
    out.flush()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// Everything `bytes` reads as.
    pub(crate) fn all(bytes: &[u8]) -> Vec<Incoming> {
        let mut reader = Reader::new(bytes);
        std::iter::from_fn(|| reader.next_message().unwrap()).collect()
    }

    /// A writer whose bytes the test keeps.
    #[derive(Clone, Default)]
    pub(crate) struct Shared(pub(crate) Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_outbox_writes_nothing_more() {
        let bytes = Shared::default();
        let out = Outbox::new(bytes.clone());
        out.notify("one", json!({}));
        let written = bytes.0.lock().unwrap().len();
        assert!(written > 0);
        out.close();
        let other = out.clone();
        std::thread::spawn(move || other.notify("two", json!({})))
            .join()
            .unwrap();
        out.notify("three", json!({}));
        assert_eq!(bytes.0.lock().unwrap().len(), written);
    }

    fn framed(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    #[test]
    fn requests_notifications_and_responses() {
        let mut bytes = framed(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#);
        bytes.extend(framed(r#"{"jsonrpc":"2.0","method":"exit","params":[1]}"#));
        bytes.extend(framed(r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#));
        bytes.extend(framed(r#"{"jsonrpc":"2.0","id":"a","result":null}"#));
        assert_eq!(
            all(&bytes),
            [
                Incoming::Message(Message::Request {
                    id: json!(1),
                    method: "shutdown".into(),
                    params: Value::Null
                }),
                Incoming::Message(Message::Notification {
                    method: "exit".into(),
                    params: json!([1])
                }),
                Incoming::Message(Message::Request {
                    id: Value::Null,
                    method: "x".into(),
                    params: Value::Null
                }),
                Incoming::Message(Message::Response),
            ]
        );
    }

    #[test]
    fn what_is_no_message_is_said_and_passed() {
        let ok = framed(r#"{"method":"exit"}"#);
        let cases: [(&[u8], &str); 6] = [
            (b"Content-Length: 3\r\n\r\n{x}", "the message is not JSON"),
            (
                b"Content-Length: 2\r\n\r\n\xff\xfe",
                "the message is not JSON",
            ),
            (
                b"Content-Length: 8\r\n\r\n\"\\ud800\"",
                "the message is not JSON",
            ),
            (
                b"Content-Type: x\r\n\r\n",
                "a message without `Content-Length`",
            ),
            (b"Content-Length: two\r\n\r\n", "`Content-Length: two`"),
            (
                b"garbage\r\nContent-Length: 0\r\n\r\n",
                "`garbage` is not a header line",
            ),
        ];
        for (bad, why) in cases {
            let mut bytes = bad.to_vec();
            bytes.extend(&ok);
            let got = all(&bytes);
            assert_eq!(got.len(), 2, "{got:?}");
            let Incoming::Unreadable(said) = &got[0] else {
                panic!("{got:?}")
            };
            assert!(said.starts_with(why), "{said}");
            assert!(matches!(
                got[1],
                Incoming::Message(Message::Notification { .. })
            ));
        }
        let invalid = [
            r#"[{"method":"exit"}]"#,
            r#"{"id":{},"method":"x"}"#,
            r#"{"id":1}"#,
            r#"{"method":3}"#,
            "7",
        ];
        for body in invalid {
            assert!(
                matches!(all(&framed(body))[0], Incoming::Invalid(_)),
                "{body}"
            );
        }
    }

    #[test]
    fn line_ends_of_one_byte_are_read() {
        let bytes = b"Content-Length: 17\n\n{\"method\":\"exit\"}";
        assert!(matches!(
            all(bytes)[0],
            Incoming::Message(Message::Notification { .. })
        ));
    }

    #[test]
    fn what_is_too_long_is_dropped_unkept() {
        // A body past the bound: read and dropped, the next one read.
        let mut bytes = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE + 1).into_bytes();
        bytes.resize(bytes.len() + MAX_MESSAGE as usize + 1, b' ');
        bytes.extend(framed(r#"{"method":"exit"}"#));
        let got = all(&bytes);
        assert!(
            matches!(&got[0], Incoming::Unreadable(why) if why.contains("the most the server reads"))
        );
        assert!(matches!(got[1], Incoming::Message(_)));
        // A length whose bytes never come: the end, nothing kept.
        assert!(all(b"Content-Length: 10000000000\r\n\r\n{}").is_empty());
        // A header line without end, past the bound.
        let mut bytes = vec![b'x'; 3 * MAX_HEADER_LINE];
        bytes.extend(b"\r\n\r\n");
        bytes.extend(framed(r#"{"method":"exit"}"#));
        let got = all(&bytes);
        assert!(
            matches!(&got[0], Incoming::Unreadable(why) if why.starts_with("a header line longer"))
        );
        assert!(matches!(got[1], Incoming::Message(_)));
    }

    #[test]
    fn what_is_written_reads_back() {
        let message = json!({"jsonrpc": "2.0", "id": "é", "method": "m", "params": {"a": [1, 2]}});
        let mut bytes = Vec::new();
        write(&mut bytes, &message).unwrap();
        assert_eq!(
            all(&bytes),
            [Incoming::Message(Message::Request {
                id: json!("é"),
                method: "m".into(),
                params: json!({"a": [1, 2]})
            })]
        );
    }
}
