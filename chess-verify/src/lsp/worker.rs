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
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use lsp_types::notification::{Notification as _, PublishDiagnostics};
use lsp_types::{PublishDiagnosticsParams, Uri};

use super::diagnostics::{self, Checks};
use super::documents::{file_name, is_rules_file, is_rust, kind};
use super::text::{Columns, Document};
use super::wire::Outbox;
use crate::run::{Checker, Task};

/// Jobs sent to the worker so far, of any document, each counted before
/// it is sent: a proof that began when the worker had taken every job
/// counted is cancelled once the count passes what the worker took.
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
        std::thread::spawn(move || work(&incoming, &out, columns, &context, diagnose));
        Worker { jobs }
    }

    /// Checks `doc`, the text of `uri` now, cancelling any proof under way.
    pub fn check(&self, uri: &Uri, doc: &Document) {
        self.send(Job::Check(uri.clone(), doc.clone()));
    }

    /// Forgets `uri`, which was closed.
    pub fn close(&self, uri: &Uri) {
        self.send(Job::Close(uri.clone()));
    }

    /// Counts `job`, then sends it: a count the worker has not taken
    /// cancels the proof under way, even before the job arrives.
    fn send(&self, job: Job) {
        EDITS.fetch_add(1, Ordering::Relaxed);
        let _ = self.jobs.send(job);
    }
}

/// The jobs the worker has taken from its channel and not yet done, in
/// order, and how many it has taken in all.
struct Jobs<'a> {
    incoming: &'a Receiver<Job>,
    queue: VecDeque<Job>,
    taken: u64,
}

impl Jobs<'_> {
    /// The next job to do, each document's latest only, with the count of
    /// jobs taken when it starts (what [`no_edit_since`] compares with); `None`
    /// once the server is gone.
    fn next(&mut self) -> Option<(Job, u64)> {
        loop {
            if self.queue.is_empty() {
                let job = self.incoming.recv().ok()?;
                self.take(job);
            }
            self.take_sent();
            let job = self.queue.pop_front()?;
            if !self.newer_waits(&job) {
                return Some((job, self.taken));
            }
        }
    }

    fn take(&mut self, job: Job) {
        self.taken += 1;
        self.queue.push_back(job);
    }

    /// Takes every job sent and not yet taken, without waiting.
    fn take_sent(&mut self) {
        while let Ok(job) = self.incoming.try_recv() {
            self.take(job);
        }
    }

    /// Whether a newer text of `job`'s document waits: `job` is stale.
    fn newer_waits(&self, job: &Job) -> bool {
        self.queue.iter().any(|later| later.uri() == job.uri())
    }

    /// Does `job` again after the jobs sent since: those that cancelled
    /// it are done first, so an edit of another document is never kept
    /// waiting behind a proof it cancelled. If a newer text of its
    /// document came among them, `job` is stale and dropped.
    fn again(&mut self, job: Job) {
        self.take_sent();
        if !self.newer_waits(&job) {
            self.queue.push_back(job);
        }
    }
}

/// Whether what a job found, begun when the worker had taken `began`
/// jobs, still holds: no job was counted since. A job counted is taken
/// later, so the count cannot be behind `began`.
fn no_edit_since(began: u64) -> bool {
    EDITS.load(Ordering::Relaxed) == began
}

/// How a document is checked: [`diagnose`] (in a test, a check that
/// panics).
type Diagnose = fn(
    &Uri,
    &Document,
    &mut Checks,
    Columns,
    &crate::check::Context,
    u64,
) -> Option<Vec<lsp_types::Diagnostic>>;

/// The worker's loop: the jobs in order, each document's latest only,
/// each checked by `diagnose`.
fn work(
    incoming: &Receiver<Job>,
    out: &Outbox,
    columns: Columns,
    context: &crate::check::Context,
    diagnose: Diagnose,
) {
    // By the document's URI as written.
    let mut checks: HashMap<String, Checks> = HashMap::new();
    let mut jobs = Jobs {
        incoming,
        queue: VecDeque::new(),
        taken: 0,
    };
    while let Some((job, began)) = jobs.next() {
        match job {
            Job::Close(uri) => {
                checks.remove(uri.as_str());
                publish(out, uri, Vec::new(), None);
            }
            Job::Check(uri, doc) => {
                let kept = checks.entry(uri.as_str().to_string()).or_default();
                let found = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    diagnose(&uri, &doc, kept, columns, context, began)
                }));
                match found {
                    Ok(Some(found)) => publish(out, uri, found, Some(doc.version)),
                    // Cancelled: checked again after the edits that came.
                    Ok(None) => jobs.again(Job::Check(uri, doc)),
                    // A check that panicked (a bug) would end this thread,
                    // and the editor would go on showing what was found
                    // before: the document gets one error asking for a
                    // report, and what was kept of it is dropped.
                    Err(panic) => {
                        checks.remove(uri.as_str());
                        let error = diagnostics::internal_error(&*panic);
                        publish(out, uri, vec![error], Some(doc.version));
                    }
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
    let holds = || !proves || no_edit_since(began);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The jobs waiting in `jobs`' queue: each one's document and version
    /// (a close's is 0).
    fn queued(jobs: &Jobs) -> Vec<(String, i32)> {
        let job = |job: &Job| match job {
            Job::Check(uri, doc) => (uri.as_str().to_string(), doc.version),
            Job::Close(uri) => (uri.as_str().to_string(), 0),
        };
        jobs.queue.iter().map(job).collect()
    }

    /// A check that panics (a bug) is one error on its document, asking
    /// for a report, and the worker goes on: the next document is checked
    /// as ever, and the one whose check panicked is checked afresh at its
    /// next edit.
    #[test]
    fn a_check_that_panics_is_an_error_and_the_worker_goes_on() {
        use crate::lsp::wire::Incoming;
        use crate::lsp::wire::Message::Notification;
        use crate::lsp::wire::tests::{Shared, all};

        let bytes = Shared::default();
        let out = Outbox::new(bytes.clone());
        let bad: Uri = "file:///games/bad.pgn".parse().unwrap();
        let good: Uri = "file:///games/good.pgn".parse().unwrap();
        let text = |version| Document::new("[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n".into(), version);
        let run = |jobs: Vec<Job>| {
            let (sender, incoming) = channel();
            for job in jobs {
                sender.send(job).unwrap();
            }
            drop(sender);
            let context = diagnostics::context();
            // The check panics on the first text of `bad.pgn`.
            work(
                &incoming,
                &out,
                Columns::Utf16,
                &context,
                |uri, doc, checks, columns, context, began| {
                    if uri.as_str().ends_with("bad.pgn") && doc.version == 1 {
                        panic!("a bug");
                    }
                    diagnose(uri, doc, checks, columns, context, began)
                },
            );
        };
        run(vec![
            Job::Check(bad.clone(), text(1)),
            Job::Check(good.clone(), text(1)),
        ]);
        run(vec![Job::Check(bad.clone(), text(2))]);
        let published: Vec<(serde_json::Value, Vec<serde_json::Value>)> =
            all(&bytes.0.lock().unwrap())
                .into_iter()
                .map(|message| {
                    let Incoming::Message(Notification { params, .. }) = message else {
                        panic!("{message:?}")
                    };
                    let found = params["diagnostics"].as_array().unwrap().clone();
                    (params["uri"].clone(), found)
                })
                .collect();
        assert_eq!(published.len(), 3, "{published:?}");
        assert_eq!(published[0].0, bad.as_str());
        let start = serde_json::json!({ "line": 0, "character": 0 });
        assert_eq!(
            published[0].1,
            [serde_json::json!({
                "range": { "start": start, "end": start },
                "severity": 1,
                "code": "internal-error",
                "source": "chess-verify",
                "message": "internal error in verified-chess (a bug); this is a bug, please report it with the document",
            })]
        );
        assert_eq!(published[1].0, good.as_str());
        assert_eq!(published[1].1.len(), 1);
        assert_eq!(published[1].1[0]["code"], "cannot-reach");
        assert_eq!(published[2].0, bad.as_str());
        assert_eq!(published[2].1, published[1].1);
    }

    /// The one test that moves [`EDITS`]: the count is the process's.
    #[test]
    fn an_edit_counted_before_it_arrives_cancels_the_proof_under_way() {
        let (sender, incoming) = channel();
        let worker = Worker { jobs: sender };
        let mut jobs = Jobs {
            incoming: &incoming,
            queue: VecDeque::new(),
            taken: 0,
        };
        let uri: Uri = "file:///problems/deep.pgn".parse().unwrap();
        let text = |version| Document::new("[Stipulation \"h#5\"]\n\n1. e4 *\n".into(), version);
        worker.check(&uri, &text(1));
        // Version 2 is counted, and its sending is held here.
        EDITS.fetch_add(1, Ordering::Relaxed);
        let held = Job::Check(uri.clone(), text(2));
        // The worker starts on version 1: what it finds does not hold,
        // though version 2 has not arrived.
        let (job, began) = jobs.next().unwrap();
        assert!(matches!(&job, Job::Check(_, doc) if doc.version == 1));
        assert!(!no_edit_since(began));
        jobs.again(job);
        assert_eq!(queued(&jobs), [(uri.to_string(), 1)]);
        // Version 2 arrives: version 1 is stale, and version 2's proof
        // holds until the next edit.
        worker.jobs.send(held).unwrap();
        let (job, began) = jobs.next().unwrap();
        assert!(matches!(&job, Job::Check(_, doc) if doc.version == 2));
        assert!(no_edit_since(began));
        worker.close(&uri);
        assert!(!no_edit_since(began));
        let (job, began) = jobs.next().unwrap();
        assert!(matches!(job, Job::Close(_)));
        assert!(no_edit_since(began));
        // An edit of another document cancels a proof; the other document
        // is checked first, then the proof's text, which nothing newer
        // replaced, again.
        worker.check(&uri, &text(4));
        let (job, began) = jobs.next().unwrap();
        let other: Uri = "file:///problems/other.pgn".parse().unwrap();
        worker.check(&other, &text(1));
        assert!(!no_edit_since(began));
        jobs.again(job);
        assert_eq!(
            queued(&jobs),
            [(other.to_string(), 1), (uri.to_string(), 4)]
        );
        let (job, _) = jobs.next().unwrap();
        assert!(matches!(&job, Job::Check(uri, _) if *uri == other));
        let (job, began) = jobs.next().unwrap();
        assert!(matches!(&job, Job::Check(_, doc) if doc.version == 4));
        assert!(no_edit_since(began));
        // An edit of the proof's own document cancels it: the newer text
        // is checked, and the older one not again.
        worker.check(&uri, &text(5));
        jobs.again(job);
        assert_eq!(queued(&jobs), [(uri.to_string(), 5)]);
        let (job, began) = jobs.next().unwrap();
        assert!(matches!(&job, Job::Check(_, doc) if doc.version == 5));
        assert!(no_edit_since(began));
        assert!(jobs.queue.is_empty());
        // The server is gone: no more jobs.
        drop(worker);
        assert!(jobs.next().is_none());
    }
}
