//! `chess-verify lsp`: a language server on standard input and output.
//! An editor opens a PGN file (or a lichess puzzle file, a file of chess
//! problems, a rules file); each version of its text is checked as
//! `chess-verify` checks a file, and the problems are published as
//! diagnostics at the exact range of the bad token.
//!
//! | file | what |
//! |---|---|
//! | `wire.rs` | bytes to messages and back, every message bounded |
//! | `session.rs` | the protocol's order: initialize, shutdown, exit; what cannot be read answered, never fatal |
//! | `mod.rs` | the server: the documents' lifecycle, requests to their answers |
//! | `worker.rs` | documents checked off the request loop, proofs with a time budget, cancelled by the next edit |
//! | `text.rs` | a document's text, edits, positions in the client's columns |
//! | `diagnostics.rs` | a document's problems as diagnostics |
//! | `actions.rs` | quick fixes, proven before they are offered, and "fix all" |
//! | `hover.rs` | the position after a move, on hover |
//! | `outline.rs` | games and variations as symbols, and folding ranges |
//! | `rust.rs` | inside the chess macros of Rust files: hover and quick fixes |
//! | `settings.rs` | `chess-verify.toml`: the rules file a directory's games are under |

use std::collections::HashMap;

use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
};
use lsp_types::request::{
    CodeActionRequest, DocumentSymbolRequest, FoldingRangeRequest, HoverRequest, Request as _,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, DocumentSymbolResponse,
    FoldingRangeProviderCapability, HoverProviderCapability, InitializeParams, OneOf,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::Value;

pub mod actions;
pub mod diagnostics;
pub mod hover;
pub mod outline;
pub mod rust;
pub mod session;
pub mod settings;
pub mod text;
pub mod wire;
pub mod worker;

pub use session::{Ended, serve, stdio};
use session::{Failed, Outbox};
use text::{Columns, Document};

use crate::run::{Checker, Task};

/// JSON-RPC's code for parameters that are not what the method takes.
const INVALID_PARAMS: i32 = -32602;
/// JSON-RPC's code for a method the server does not serve.
const METHOD_NOT_FOUND: i32 = -32601;

/// The server's state: the open documents, and the worker that checks
/// them.
pub struct Server {
    columns: Columns,
    documents: HashMap<Uri, Document>,
    worker: worker::Worker,
    context: crate::check::Context,
}

impl Server {
    /// A server for a client that said `params` when it initialized, and
    /// the answer to its `initialize`.
    fn new(params: InitializeParams, out: Outbox) -> (Server, Value) {
        let columns = Columns::choose(
            params
                .capabilities
                .general
                .as_ref()
                .and_then(|general| general.position_encodings.as_deref()),
        );
        let capabilities = ServerCapabilities {
            position_encoding: Some(columns.kind()),
            text_document_sync: Some(TextDocumentSyncCapability::Kind(
                TextDocumentSyncKind::INCREMENTAL,
            )),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
                code_action_kinds: Some(vec![
                    CodeActionKind::QUICKFIX,
                    CodeActionKind::SOURCE_FIX_ALL,
                ]),
                ..CodeActionOptions::default()
            })),
            document_symbol_provider: Some(OneOf::Left(true)),
            folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
            ..ServerCapabilities::default()
        };
        let result = lsp_types::InitializeResult {
            capabilities,
            server_info: Some(ServerInfo {
                name: "chess-verify".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
        };
        let server = Server {
            columns,
            documents: HashMap::new(),
            worker: worker::Worker::start(out, columns, diagnostics::context()),
            context: diagnostics::context(),
        };
        (server, serde_json::to_value(result).unwrap_or_default())
    }

    /// The answer to a request: its result, or a JSON-RPC error.
    fn request(&self, method: &str, params: Value) -> Result<Value, Failed> {
        match method {
            HoverRequest::METHOD => self.answer(params, |doc, params: lsp_types::HoverParams| {
                let at = params.text_document_position_params.position;
                if is_rust(params.uri()) {
                    rust::hover(doc, at, self.columns)
                } else if file_name(params.uri())
                    .to_ascii_lowercase()
                    .ends_with(".csv")
                {
                    hover::puzzle_row(doc, at, self.columns, &self.context)
                } else {
                    hover::hover(doc, at, self.columns, &self.context)
                }
            }),
            DocumentSymbolRequest::METHOD => {
                self.answer(params, |doc, _: lsp_types::DocumentSymbolParams| {
                    DocumentSymbolResponse::Nested(outline::symbols(doc, self.columns))
                })
            }
            CodeActionRequest::METHOD => {
                self.answer(params, |doc, params: lsp_types::CodeActionParams| {
                    let uri = &params.text_document.uri;
                    let range = params.range;
                    let span = (
                        doc.offset(range.start, self.columns),
                        doc.offset(range.end, self.columns),
                    );
                    if is_rust(uri) {
                        return actions::rust_actions(doc, uri, span, self.columns);
                    }
                    let name = file_name(uri);
                    let Ok((task, _)) = kind(uri, doc) else {
                        return Vec::new();
                    };
                    let checker = Checker {
                        name: &name,
                        context: &self.context,
                        task: &task,
                    };
                    actions::code_actions(doc, uri, span, &checker, self.columns)
                })
            }
            FoldingRangeRequest::METHOD => self
                .answer(params, |doc, _: lsp_types::FoldingRangeParams| {
                    outline::folding(doc)
                }),
            method => Err(Failed {
                code: METHOD_NOT_FOUND,
                message: format!("chess-verify does not serve `{method}`"),
            }),
        }
    }

    /// Answers a request about a document with `f` of its parameters; a
    /// document that is not open has no answer (`null`).
    fn answer<P, R>(
        &self,
        params: Value,
        f: impl FnOnce(&Document, P) -> R,
    ) -> Result<Value, Failed>
    where
        P: serde::de::DeserializeOwned + HasDocument,
        R: serde::Serialize,
    {
        let params: P = serde_json::from_value(params).map_err(|e| Failed {
            code: INVALID_PARAMS,
            message: e.to_string(),
        })?;
        Ok(match self.documents.get(params.uri()) {
            Some(doc) => serde_json::to_value(f(doc, params)).unwrap_or_default(),
            None => Value::Null,
        })
    }

    /// Handles a notification; what is wrong with its parameters, if they
    /// cannot be read (the notification is then dropped).
    fn notification(&mut self, method: &str, params: Value) -> Result<(), String> {
        fn read<P: serde::de::DeserializeOwned>(params: Value) -> Result<P, String> {
            serde_json::from_value(params).map_err(|e| e.to_string())
        }
        match method {
            DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams = read(params)?;
                let doc = params.text_document;
                self.documents
                    .insert(doc.uri.clone(), Document::new(doc.text, doc.version));
                self.publish(&doc.uri);
            }
            DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams = read(params)?;
                let uri = params.text_document.uri;
                if let Some(doc) = self.documents.get_mut(&uri) {
                    doc.apply(
                        params.content_changes,
                        params.text_document.version,
                        self.columns,
                    );
                }
                self.publish(&uri);
            }
            DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams = read(params)?;
                let uri = params.text_document.uri;
                self.documents.remove(&uri);
                self.worker.close(&uri);
            }
            _ => {}
        }
        Ok(())
    }

    /// Has the document at `uri` checked, and its problems published.
    fn publish(&self, uri: &Uri) {
        if let Some(doc) = self.documents.get(uri) {
            self.worker.check(uri, doc);
        }
    }
}

/// Parameters that name a document.
trait HasDocument {
    fn uri(&self) -> &Uri;
}

impl HasDocument for lsp_types::HoverParams {
    fn uri(&self) -> &Uri {
        &self.text_document_position_params.text_document.uri
    }
}

impl HasDocument for lsp_types::CodeActionParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

impl HasDocument for lsp_types::DocumentSymbolParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

impl HasDocument for lsp_types::FoldingRangeParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

/// What is proven of a document, and a fingerprint of the settings it
/// came from: a lichess puzzle file (`.csv`) and a PGN file of chess
/// problems (one with a `[Stipulation]` tag) are proven as `--puzzles`
/// proves them; other documents are games, under the rules file that the
/// nearest `chess-verify.toml` names, if any ([`settings`]). An error says
/// what is wrong with the settings.
fn kind(uri: &Uri, doc: &Document) -> Result<(Task, u64), String> {
    let name = file_name(uri);
    let puzzles = if crate::puzzles::is_pgn(&name) {
        doc.text().contains("[Stipulation ")
    } else {
        name.to_ascii_lowercase().ends_with(".csv")
    };
    if puzzles {
        return Ok((Task::Puzzles(worker::proof_options()), 0));
    }
    let settings = if uri
        .scheme()
        .is_some_and(|s| s.as_str().eq_ignore_ascii_case("file"))
    {
        settings::for_document(&settings::path_of(uri.path().as_str()))?
    } else {
        settings::Settings::default()
    };
    let task = match settings.rules {
        Some(rules) => Task::Rules(rules),
        None => Task::Games,
    };
    Ok((task, settings.fingerprint))
}

/// A rules file: a Fairy-Stockfish `variants.ini` or a CustomChessKell
/// YAML file (by the name's ending, as `--rules` tells them apart).
fn is_rules_file(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    [".ini", ".yaml", ".yml"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// A Rust file: games inside the chess macros.
fn is_rust(uri: &Uri) -> bool {
    file_name(uri).ends_with(".rs")
}

/// The last segment of a document's URI, for messages.
fn file_name(uri: &Uri) -> String {
    let path = uri.path().as_str();
    path.rsplit('/').next().unwrap_or(path).to_string()
}
