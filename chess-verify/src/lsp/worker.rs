//! Checking documents off the request loop: every open or edit hands the
//! document's text to one worker thread, which checks it and publishes
//! its problems, so hovers, quick fixes and the next edit are answered
//! while a proof runs. A proof has a time budget
//! ([`PROOF_TIME`](super::documents::PROOF_TIME)) and is
//! cancelled by the next edit of any document: what was found while an
//! edit came is not published, and the document is checked again unless
//! a newer text of it waits. A document whose newer text waits is not
//! checked at all.

use std::collections::HashMap;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::diagnostics::{self, Checks};
use super::documents::{file_name, is_rules_file, is_rust, kind};
use super::text::{Columns, Document};
use super::wire::Outbox;
use crate::run::{Checker, Task};

/// Edits so far, of any document: a proof that began at another count
/// was cancelled by one.
static EDITS: AtomicU64 = AtomicU64::new(0);

/// What the worker is asked to do.
enum Job {
    /// Check a document's text and publish its problems.
    Check(Uri, Document),
    /// A document was closed: forget it, and publish that it has none.
    Close(Uri),
}

impl Job {
    fn uri(&self) -> &Uri {
        match self {
            Job::Check(uri, _) | Job::Close(uri) => uri,
        }
    }
}

/// The worker's end of the server: where its jobs go.
pub struct Worker {
    jobs: Sender<Job>,
}

impl Worker {
    /// A worker thread that checks documents as `context` says, publishing
    /// on `out` in the client's `columns`.
    pub fn start(out: Outbox, columns: Columns, context: crate::check::Context) -> Worker {
        let (jobs, incoming) = channel();
        std::thread::spawn(move || work(&incoming, &out, columns, &context));
        Worker { jobs }
    }

    /// Checks `doc`, the text of `uri` now, cancelling any proof under way.
    pub fn check(&self, uri: &Uri, doc: &Document) {
        EDITS.fetch_add(1, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Check(uri.clone(), doc.clone()));
    }

    /// Forgets `uri`, which was closed.
    pub fn close(&self, uri: &Uri) {
        EDITS.fetch_add(1, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Close(uri.clone()));
    }
}

/// The worker's loop: the jobs in order, each document's latest only.
fn work(incoming: &Receiver<Job>, out: &Outbox, columns: Columns, context: &crate::check::Context) {
    // By the document's URI as written.
    let mut checks: HashMap<String, Checks> = HashMap::new();
    let mut queue: VecDeque<Job> = VecDeque::new();
    loop {
        if queue.is_empty() {
            match incoming.recv() {
                Ok(job) => queue.push_back(job),
                Err(_) => return,
            }
        }
        queue.extend(incoming.try_iter());
        let Some(job) = queue.pop_front() else {
            continue;
        };
        // A newer text of the same document waits: this one is stale.
        if queue.iter().any(|later| later.uri() == job.uri()) {
            continue;
        }
        match job {
            Job::Close(uri) => {
                checks.remove(uri.as_str());
                publish(out, uri, Vec::new(), None);
            }
            Job::Check(uri, doc) => {
                let began = EDITS.load(Ordering::Relaxed);
                let checks = checks.entry(uri.as_str().to_string()).or_default();
                match diagnose(&uri, &doc, checks, columns, context, began) {
                    Some(found) => publish(out, uri, found, Some(doc.version)),
                    // Cancelled: checked again after the edits that came.
                    None => queue.push_back(Job::Check(uri, doc)),
                }
            }
        }
    }
}

/// The problems of `doc`, the text of `uri`, as the editor shows them;
/// `None` if an edit came while they were found (counted from `began`).
fn diagnose(
    uri: &Uri,
    doc: &Document,
    checks: &mut Checks,
    columns: Columns,
    context: &crate::check::Context,
    began: u64,
) -> Option<Vec<lsp_types::Diagnostic>> {
    let name = file_name(uri);
    // Rust files: rust-analyzer shows the macros' errors.
    if is_rust(uri) {
        return Some(Vec::new());
    }
    if is_rules_file(&name) {
        return Some(diagnostics::rules_file(doc, uri, &name, columns));
    }
    let (task, fingerprint) = match kind(uri, doc) {
        Ok(found) => found,
        Err(error) => return Some(vec![diagnostics::settings(error.message)]),
    };
    // A proof ends at its time, or at the next edit; what it found then
    // does not hold.
    let proves = matches!(task, Task::Puzzles(_));
    let task = match task {
        Task::Puzzles(mut options) => {
            options.deadline.cancel = Some((&EDITS, began));
            Task::Puzzles(options)
        }
        other => other,
    };
    let checker = Checker {
        name: &name,
        context,
        task: &task,
    };
    // Other settings: nothing found before holds.
    checks.settle(fingerprint);
    let holds = || !proves || EDITS.load(Ordering::Relaxed) == began;
    let found = diagnostics::diagnostics(doc, uri, checks, &checker, columns, holds);
    holds().then_some(found)
}

fn publish(out: &Outbox, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
    out.notify(
        PublishDiagnostics::METHOD,
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    );
}
