//! The language server proper: the documents open in the editor, their
//! lifecycle, and each request's answer.

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

use super::documents::{file_name, is_rust, kind};
use super::text::{Columns, Document};
use super::wire::{Failed, Outbox};
use super::{actions, diagnostics, hover, outline, rust, worker};
use crate::run::Checker;

/// JSON-RPC's code for parameters that are not what the method takes.
pub(crate) const INVALID_PARAMS: i32 = -32602;
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
    pub(crate) fn new(params: InitializeParams, out: Outbox) -> (Server, Value) {
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
    pub(crate) fn request(&self, method: &str, params: Value) -> Result<Value, Failed> {
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
                    // Games under the rules file `chess-verify.toml` names.
                    let rules = match kind(params.uri(), doc) {
                        Ok((crate::run::Task::Rules(sets), _)) => Some(sets),
                        _ => None,
                    };
                    hover::hover(doc, at, self.columns, &self.context, rules.as_deref())
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
    pub(crate) fn notification(&mut self, method: &str, params: Value) -> Result<(), String> {
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
