//! The language server's session, as the protocol orders it: nothing but
//! `initialize` before `initialize` (−32002), no second `initialize` and
//! no request after `shutdown` (−32600), `exit` ending the session — with
//! code 0 after `shutdown`, 1 without. Nothing the client sends ends it
//! otherwise: what cannot be read is answered as a parse error (−32700)
//! or an invalid request (−32600) under the id `null`, a request whose
//! parameters do not read is answered −32602, and a notification whose
//! parameters do not read is dropped with a log message to the client.

use std::io;
use std::sync::mpsc::{Receiver, sync_channel};

use serde_json::Value;

use super::server::{INVALID_PARAMS, Server};
use super::wire::{self, Failed, Incoming, Message, Outbox};

/// JSON-RPC's code for bytes that are no JSON message.
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's code for JSON that is no request or notification, or a
/// request out of turn.
const INVALID_REQUEST: i32 = -32600;
/// The language server protocol's code for a request before `initialize`.
const SERVER_NOT_INITIALIZED: i32 = -32002;

/// How a session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The client sent `exit` after `shutdown`: exit code 0.
    Clean,
    /// The client sent `exit` without `shutdown`, or went away: exit
    /// code 1.
    Abrupt,
}

impl Ended {
    /// The process's exit code, as the protocol asks for.
    pub fn code(self) -> u8 {
        match self {
            Ended::Clean => 0,
            Ended::Abrupt => 1,
        }
    }
}

/// Serves a client on standard input and output until it exits, or its
/// input ends.
pub fn stdio() -> Ended {
    // One message waits at most: what is read is bounded by it.
    let (sender, receiver) = sync_channel(1);
    std::thread::spawn(move || {
        let mut reader = wire::Reader::new(io::stdin().lock());
        while let Ok(Some(incoming)) = reader.next_message() {
            if sender.send(incoming).is_err() {
                break;
            }
        }
    });
    let out = Outbox::new(io::stdout());
    let ended = serve(&receiver, &out);
    // (A proof's diagnostics being written as the process ends are
    // written whole, and nothing after.)
    out.close();
    ended
}

/// Where a session is.
enum State {
    /// Before `initialize`.
    Waiting,
    /// Serving.
    Running(Box<Server>),
    /// After `shutdown`.
    ShutDown,
}

/// Serves the messages of `incoming`, answering on `out`, until `exit` or
/// the end of the input.
pub fn serve(incoming: &Receiver<Incoming>, out: &Outbox) -> Ended {
    let mut state = State::Waiting;
    for incoming in incoming {
        let message = match incoming {
            Incoming::Message(message) => message,
            Incoming::Unreadable(why) => {
                out.answer(Value::Null, fail(PARSE_ERROR, why));
                continue;
            }
            Incoming::Invalid(why) => {
                out.answer(Value::Null, fail(INVALID_REQUEST, why));
                continue;
            }
        };
        match message {
            Message::Notification { method, .. } if method == "exit" => {
                return match state {
                    State::ShutDown => Ended::Clean,
                    _ => Ended::Abrupt,
                };
            }
            Message::Notification { method, params } => {
                if let State::Running(server) = &mut state
                    && let Err(why) = server.notification(&method, params)
                {
                    out.log(format!("`{method}` dropped: {why}"));
                }
            }
            Message::Request { id, method, params } => {
                let answer = request(&mut state, &method, params, out);
                out.answer(id, answer);
            }
            Message::Response => {}
        }
    }
    Ended::Abrupt
}

/// The answer to a request in `state`, which it may move on.
fn request(state: &mut State, method: &str, params: Value, out: &Outbox) -> Result<Value, Failed> {
    match (&*state, method) {
        (State::Waiting, "initialize") => {
            let params = serde_json::from_value(params).map_err(|e| Failed {
                code: INVALID_PARAMS,
                message: e.to_string(),
            })?;
            let (server, answer) = Server::new(params, out.clone());
            *state = State::Running(Box::new(server));
            Ok(answer)
        }
        (State::Waiting, _) => fail(
            SERVER_NOT_INITIALIZED,
            format!("`{method}` before `initialize`"),
        ),
        (State::Running(_), "initialize") => fail(
            INVALID_REQUEST,
            "`initialize` is sent once, and was".to_string(),
        ),
        (State::Running(_), "shutdown") => {
            *state = State::ShutDown;
            Ok(Value::Null)
        }
        (State::Running(server), _) => server.request(method, params),
        (State::ShutDown, _) => fail(
            INVALID_REQUEST,
            format!("`{method}` after `shutdown`: the server only waits for `exit`"),
        ),
    }
}

fn fail(code: i32, message: String) -> Result<Value, Failed> {
    Err(Failed { code, message })
}
