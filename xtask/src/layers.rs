//! `cargo xtask layers`: the import graph of every crate of the workspace,
//! checked for circles, and chess-core's stages checked against their
//! order (each may use only the stages before it).
//!
//! A file's imports are the modules its `use` declarations and its
//! `crate::…`, `super::…` and `self::…` paths name, with re-exports
//! followed to the module that defines the item: `crate::Header` in a
//! file of chess-format is an import of `header.rs`, not of `lib.rs`.
//! Comments, strings and `#[cfg(test)]` modules (inline, or in files of
//! their own, which are then not read) are left out: test code
//! may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// chess-core's stages, in the order data flows through them.
pub const STAGES: &[&str] = &[
    "input",
    "diagnostic",
    "rule_sets",
    "syntax",
    "start",
    "replay",
    "search",
    "explain",
    "puzzle",
    "emit",
    "record",
    "pipeline",
    "expand",
    "testing",
];

/// A module: where it is, what it declares and what it imports.
#[derive(Debug, Default)]
struct Module {
    file: PathBuf,
    children: BTreeSet<String>,
    /// Names bound by its `use` declarations, and the paths they import.
    bindings: BTreeMap<String, Vec<String>>,
    /// Every path it uses (from `use` declarations and code).
    paths: Vec<Vec<String>>,
}

/// One crate's modules, by path (`[]` is the crate root).
pub struct Crate {
    pub name: String,
    modules: BTreeMap<Vec<String>, Module>,
}

/// What was found wrong.
pub struct Report {
    pub lines: Vec<String>,
    pub problems: Vec<String>,
}

/// Reads the crate whose root file is `root` (`src/lib.rs` or
/// `src/main.rs`).
pub fn read_crate(name: &str, root: &Path) -> Result<Crate, String> {
    let mut krate = Crate {
        name: name.to_string(),
        modules: BTreeMap::new(),
    };
    let mut todo = vec![(Vec::new(), root.to_path_buf())];
    while let Some((path, file)) = todo.pop() {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let code = without_tests(&strip(&text));
        let dir = child_dir(&file);
        let mut module = Module {
            file: file.clone(),
            ..Module::default()
        };
        for (child, inline) in module_declarations(&code) {
            module.children.insert(child.clone());
            let mut child_path = path.clone();
            child_path.push(child.clone());
            if inline {
                // An inline module is part of this file.
                krate.modules.insert(
                    child_path,
                    Module {
                        file: file.clone(),
                        ..Module::default()
                    },
                );
            } else {
                let flat = dir.join(format!("{child}.rs"));
                let nested = dir.join(&child).join("mod.rs");
                let found = if flat.exists() { flat } else { nested };
                todo.push((child_path, found));
            }
        }
        for tree in use_declarations(&code) {
            for (binding, target) in flatten_use(&tree) {
                if binding != "*" && binding != "_" {
                    module.bindings.insert(binding, target.clone());
                }
                module.paths.push(target);
            }
        }
        module.paths.extend(relative_paths(&code));
        krate.modules.insert(path, module);
    }
    Ok(krate)
}

/// The directory a file's child modules are in.
fn child_dir(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
    match file.file_name().and_then(|n| n.to_str()) {
        Some("mod.rs" | "lib.rs" | "main.rs") => dir,
        _ => dir.join(file.file_stem().unwrap_or_default()),
    }
}

impl Crate {
    /// The module a path used in module `from` leads to, following
    /// re-exports; `None` for other crates' paths.
    fn resolve(&self, from: &[String], path: &[String], depth: usize) -> Option<Vec<String>> {
        if depth > 16 || path.is_empty() {
            return None;
        }
        let (mut at, rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (from.to_vec(), &path[1..]),
            "super" => {
                let mut at = from.to_vec();
                let mut rest = path;
                while rest.first().is_some_and(|s| s == "super") {
                    at.pop();
                    rest = &rest[1..];
                }
                (at, rest)
            }
            first => {
                let module = self.modules.get(from)?;
                if module.children.contains(first) {
                    (from.to_vec(), path)
                } else if let Some(target) = module.bindings.get(first) {
                    // A name this module imported.
                    let mut full = target.clone();
                    full.extend_from_slice(&path[1..]);
                    if full == path {
                        return None;
                    }
                    return self.resolve(from, &full, depth + 1);
                } else {
                    return None;
                }
            }
        };
        for (i, segment) in rest.iter().enumerate() {
            let module = self.modules.get(&at)?;
            if module.children.contains(segment) {
                at.push(segment.clone());
            } else if let Some(target) = module.bindings.get(segment) {
                // Re-exported here: follow it to where it is defined (no
                // module of this crate, if another crate defines it).
                let mut full = target.clone();
                full.extend_from_slice(&rest[i + 1..]);
                if self.is_external(&at, &full) {
                    return None;
                }
                return self.resolve(&at, &full, depth + 1).or(Some(at));
            } else {
                break;
            }
        }
        Some(at)
    }

    /// Whether `path`, used in module `from`, names another crate's item.
    fn is_external(&self, from: &[String], path: &[String]) -> bool {
        let Some(first) = path.first() else {
            return false;
        };
        let module = self.modules.get(from);
        !matches!(first.as_str(), "crate" | "self" | "super")
            && module
                .is_some_and(|m| !m.children.contains(first) && !m.bindings.contains_key(first))
    }

    /// The file-level import graph.
    fn file_graph(&self) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
        let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for (path, module) in &self.modules {
            let edges = graph.entry(module.file.clone()).or_default();
            for used in &module.paths {
                if let Some(target) = self.resolve(path, used, 0)
                    && let Some(to) = self.modules.get(&target)
                    && to.file != module.file
                {
                    edges.insert(to.file.clone());
                }
            }
        }
        graph
    }

    /// The graph of top-level modules (`lib` for the root).
    fn stage_graph(&self) -> BTreeMap<String, BTreeSet<String>> {
        let top = |path: &[String]| path.first().cloned().unwrap_or_else(|| "lib".into());
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (path, module) in &self.modules {
            let from = top(path);
            let edges = graph.entry(from.clone()).or_default();
            for used in &module.paths {
                if let Some(target) = self.resolve(path, used, 0) {
                    let to = top(&target);
                    if to != from {
                        edges.insert(to);
                    }
                }
            }
        }
        graph
    }
}

/// Checks one crate: no circles among its files; with `stages`, its
/// top-level modules use only the ones before them.
pub fn check(krate: &Crate, root: &Path, stages: Option<&[&str]>) -> Report {
    let mut report = Report {
        lines: Vec::new(),
        problems: Vec::new(),
    };
    let files = krate.file_graph();
    let name = |p: &PathBuf| p.strip_prefix(root).unwrap_or(p).display().to_string();
    let circles = circles(&files);
    for circle in &circles {
        let names: Vec<String> = circle.iter().map(name).collect();
        report.problems.push(format!(
            "{}: import circle: {}",
            krate.name,
            names.join(" → ")
        ));
    }
    report.lines.push(format!(
        "{}: {} files, {} import circle{}",
        krate.name,
        files.len(),
        circles.len(),
        if circles.len() == 1 { "" } else { "s" }
    ));
    if let Some(stages) = stages {
        let graph = krate.stage_graph();
        for (i, stage) in stages.iter().enumerate() {
            let uses: Vec<&str> = graph
                .get(*stage)
                .map(|e| e.iter().map(String::as_str).collect())
                .unwrap_or_default();
            for used in &uses {
                match stages.iter().position(|s| s == used) {
                    Some(j) if j < i => {}
                    _ => report.problems.push(format!(
                        "{}: stage `{stage}` uses `{used}`, which is not before it",
                        krate.name
                    )),
                }
            }
            report.lines.push(format!(
                "  {:>2}. {stage:<11} uses {}",
                i + 1,
                if uses.is_empty() {
                    "nothing".to_string()
                } else {
                    uses.join(", ")
                }
            ));
        }
        for module in graph.keys() {
            if module != "lib" && !stages.contains(&module.as_str()) {
                report.problems.push(format!(
                    "{}: module `{module}` is not a listed stage",
                    krate.name
                ));
            }
        }
    }
    report
}

/// The public functions of `krate` (outside tests) that return an error
/// as a bare `String`, each as `file: name`: an error is a type that says
/// what went wrong, so none may.
pub fn string_errors(krate: &Crate, root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for module in krate.modules.values() {
        let Ok(text) = std::fs::read_to_string(&module.file) else {
            continue;
        };
        let code = without_tests(&strip(&text));
        let mut rest = code.as_str();
        while let Some(at) = rest.find("pub fn ") {
            let after = &rest[at + "pub fn ".len()..];
            let end = after.find(['{', ';']).unwrap_or(after.len());
            let signature: String = after[..end].split_whitespace().collect();
            if let Some((_, returned)) = signature.split_once("->")
                && returned.contains("Result<")
                && returned.contains(",String>")
            {
                let name = signature.split(['(', '<']).next().unwrap_or_default();
                let file = module.file.strip_prefix(root).unwrap_or(&module.file);
                found.push(format!("{}: {name}", file.display()));
            }
            rest = &after[end..];
        }
    }
    found
}

/// The files that make text into a `Source`: each takes text as it was
/// given — a file, an editor's document, a macro's tokens or a file it
/// includes. A `Source` made anywhere else would be a consumer reading
/// again, as text, what the replay's record already holds.
pub const SOURCE_MAKERS: &[&str] = &[
    "chess-core/src/input/source.rs",
    "chess-core/src/input/tokens.rs",
    "chess-core/src/expand/call.rs",
    "chess-core/src/expand/files.rs",
    "chess-core/src/expand/mod.rs",
    "chess-verify/src/check.rs",
    "chess-verify/src/rules.rs",
    "chess-verify/src/lsp/diagnostics.rs",
    "chess-verify/src/lsp/hover.rs",
    "chess-verify/src/lsp/outline.rs",
];

/// Where `krate` (outside comments, strings and tests) makes a `Source`
/// in a file not among `makers`, each as `file:line`.
pub fn sources_made(krate: &Crate, root: &Path, makers: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for module in krate.modules.values() {
        let file = module.file.strip_prefix(root).unwrap_or(&module.file);
        if makers.iter().any(|m| file == Path::new(m)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&module.file) else {
            continue;
        };
        for (i, line) in without_tests(&strip(&text)).lines().enumerate() {
            if line.contains("Source::text(") || line.contains("Source::from_rendered_tokens(") {
                found.push(format!("{}:{}", file.display(), i + 1));
            }
        }
    }
    found
}

/// Where `krate` (outside comments and tests) writes a move's number
/// itself, a format argument followed by `...` (`"{n}... {san}"`), each
/// as `file:line`: chess-format's `MoveLabel` writes them all.
pub fn move_numbers_written(krate: &Crate, root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for module in krate.modules.values() {
        let file = module.file.strip_prefix(root).unwrap_or(&module.file);
        if file == Path::new("chess-format/src/move_label.rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&module.file) else {
            continue;
        };
        for (i, line) in without_tests(&text).lines().enumerate() {
            if !line.trim_start().starts_with("//") && line.contains("}...") {
                found.push(format!("{}:{}", file.display(), i + 1));
            }
        }
    }
    found
}

/// The longest function a reader can hold, in lines.
pub const LONGEST_FUNCTION: usize = 150;

/// The functions of `krate` (outside tests) longer than `limit` lines,
/// from `fn` to their closing brace, each as `file: name (lines)`.
pub fn long_functions(krate: &Crate, root: &Path, limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    for module in krate.modules.values() {
        let Ok(text) = std::fs::read_to_string(&module.file) else {
            continue;
        };
        let code = without_tests(&strip(&text));
        let file = module.file.strip_prefix(root).unwrap_or(&module.file);
        for (name, lines) in function_lengths(&code) {
            if lines > limit {
                found.push(format!("{}: {name} ({lines} lines)", file.display()));
            }
        }
    }
    found
}

/// Each function of `code` (comments and strings left out) with its
/// length in lines, from `fn` to its closing brace; declarations without
/// a body are none.
fn function_lengths(code: &str) -> Vec<(String, usize)> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("fn ").map(|n| n + from) {
        from = at + 3;
        if at > 0 && is_ident(char::from(b[at - 1])) {
            continue;
        }
        let name: String = code[from..].chars().take_while(|&c| is_ident(c)).collect();
        let Some(open) = code[from..].find(['{', ';']).map(|n| n + from) else {
            break;
        };
        if name.is_empty() || b[open] == b';' {
            continue;
        }
        let mut depth = 0usize;
        let close = (open..b.len()).find(|&i| {
            match b[i] {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => return false,
            }
            depth == 0
        });
        let end = close.unwrap_or(b.len());
        found.push((name, code[at..end].matches('\n').count() + 1));
    }
    found
}

/// The concepts of the shared vocabulary that are defined once, in
/// `chess-format`, and used from there by every crate. (`Square` and
/// `Piece` are not among them: `chess-rules` has its own, on boards up to
/// 16 × 16 with the kinds a rule set defines.)
pub const VOCABULARY: &[&str] = &[
    "BoardStyle",
    "CastlingFault",
    "CastlingSide",
    "Color",
    "DecisiveReason",
    "DrawReason",
    "File",
    "GameResult",
    "Illegal",
    "MoveKind",
    "Outcome",
    "ParseError",
    "ProblemKind",
    "Rank",
    "Role",
    "Stipulation",
];

/// Where `krate` (outside tests) defines a type named in `names`, each as
/// `(name, file)`: a `struct`, `enum` or `type` of that name, public or not.
pub fn definitions(krate: &Crate, root: &Path, names: &[&str]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for module in krate.modules.values() {
        let Ok(text) = std::fs::read_to_string(&module.file) else {
            continue;
        };
        let code = without_tests(&strip(&text));
        let words: Vec<&str> = code
            .split(|c: char| !is_ident(c))
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            if matches!(pair[0], "struct" | "enum" | "type") && names.contains(&pair[1]) {
                let file = module.file.strip_prefix(root).unwrap_or(&module.file);
                found.push((pair[1].to_string(), file.display().to_string()));
            }
        }
    }
    found
}

/// The strongly connected components with more than one file (Tarjan).
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct State<'g> {
        graph: &'g BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'g PathBuf, usize>,
        low: BTreeMap<&'g PathBuf, usize>,
        stack: Vec<&'g PathBuf>,
        on_stack: BTreeSet<&'g PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    fn visit<'g>(s: &mut State<'g>, v: &'g PathBuf) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in s.graph.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.reverse();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

/// The source without comments, string and character literals (each
/// replaced by a space, so that nothing in them reads as a path).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                let mut depth = 0;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
                out.push(' ');
                push_lines(&mut out, &b[start..i.min(b.len())]);
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let end: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                i += 2 + hashes;
                let start = i;
                while i < b.len() && !b[i..].starts_with(&end) {
                    i += 1;
                }
                out.push_str("\"\"");
                push_lines(&mut out, &b[start..i]);
                i += end.len();
            }
            b'"' => {
                i += 1;
                let start = i;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
                push_lines(&mut out, &b[start..i.min(b.len())]);
                i += 1;
            }
            b'\'' => {
                // A character literal (`'x'`, `'\n'`, `'\''`), or a lifetime.
                let rest = &text[i + 1..];
                let len = if rest.starts_with('\\') {
                    // The backslash and the escaped character, then up to
                    // the quote (`'\u{1F600}'`).
                    rest.get(2..).and_then(|r| r.find('\'')).map(|n| n + 2)
                } else {
                    rest.chars()
                        .next()
                        .filter(|c| rest[c.len_utf8()..].starts_with('\''))
                        .map(char::len_utf8)
                };
                match len {
                    Some(n) => {
                        i += n + 2;
                        out.push_str("' '");
                    }
                    None => {
                        out.push('\'');
                        i += 1;
                    }
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or(' ');
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// The line breaks of `skipped` (a comment or a string left out), so that
/// lines keep their numbers.
fn push_lines(out: &mut String, skipped: &[u8]) {
    for _ in skipped.iter().filter(|&&c| c == b'\n') {
        out.push('\n');
    }
}

/// The code without `#[cfg(test)]` modules (the attribute applies to the
/// item right after it; other items keep their code).
fn without_tests(code: &str) -> String {
    const ATTRIBUTE: &str = "#[cfg(test)]";
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(i) = out[from..].find(ATTRIBUTE) {
        let at = from + i;
        let item = out[at + ATTRIBUTE.len()..].trim_start();
        // Without its visibility (`pub`, `pub(crate)`).
        let item = match item.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => {
                rest[rest.find(')').map_or(0, |i| i + 1)..].trim_start()
            }
            Some(rest) => rest.trim_start(),
            None => item,
        };
        // After `mod name`: `{` (inline) or `;` (in a file of its own).
        let after_name = item.strip_prefix("mod ").map(|rest| {
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|&c| is_ident(c))
                .collect();
            rest.trim_start()[name.len()..].trim_start()
        });
        if after_name.is_some_and(|after| after.starts_with(';')) {
            // A test module in a file of its own is not read at all.
            let end = at + out[at..].find(';').map_or(0, |i| i + 1);
            out.replace_range(at..end, "");
            from = at;
            continue;
        }
        if !after_name.is_some_and(|after| after.starts_with('{')) {
            from = at + ATTRIBUTE.len();
            continue;
        }
        let open = at + out[at..].find('{').unwrap_or(0);
        let mut depth = 0;
        let mut end = out.len();
        for (i, c) in out[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..end, "");
        from = at;
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `mod name;` (false) and `mod name {` (true) declarations.
fn module_declarations(code: &str) -> Vec<(String, bool)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("mod ") {
        let at = from + i;
        from = at + 4;
        if at > 0 && code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        let rest = code[at + 4..].trim_start();
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        let after = rest[name.len()..].trim_start();
        if name.is_empty() {
            continue;
        }
        if after.starts_with(';') {
            found.push((name, false));
        } else if after.starts_with('{') {
            found.push((name, true));
        }
    }
    found
}

/// The trees of `use` declarations (`crate::{a, b::c}`).
fn use_declarations(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find("use ") {
        let at = from + i;
        from = at + 4;
        if at > 0 && code[..at].chars().next_back().is_some_and(is_ident) {
            continue;
        }
        if let Some(end) = code[at..].find(';') {
            found.push(
                code[at + 4..at + end]
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
    found
}

/// A use tree as `(name bound, path)` pairs.
fn flatten_use(tree: &str) -> Vec<(String, Vec<String>)> {
    fn walk(prefix: &[String], tree: &str, out: &mut Vec<(String, Vec<String>)>) {
        let tree = tree.trim().trim_start_matches("::");
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let mut prefix = prefix.to_vec();
            prefix.extend(head);
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        walk(&prefix, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            walk(&prefix, &inner[start..], out);
            return;
        }
        if tree.is_empty() {
            return;
        }
        let (path, alias) = match tree.split_once(" as ") {
            Some((p, a)) => (p, Some(a.trim())),
            None => (tree, None),
        };
        let mut full = prefix.to_vec();
        full.extend(
            path.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        if full.last().is_some_and(|s| s == "self") {
            full.pop();
        }
        let bound = alias
            .map(str::to_string)
            .or_else(|| full.last().cloned())
            .unwrap_or_default();
        out.push((bound, full));
    }
    let mut out = Vec::new();
    walk(&[], tree, &mut out);
    out.retain(|(_, p)| !p.is_empty());
    out
}

/// Every `crate::…`, `super::…` and `self::…` path in code.
fn relative_paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && code[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|&c| is_ident(c) || c == ':')
                .collect();
            let path: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            // `crate::{…}` is a use tree, read with its declaration.
            if path.len() > 1 {
                found.push(path);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_function_returning_a_string_error_is_found() {
        let dir = std::env::temp_dir().join(format!("layers-strings-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            "pub fn bad(x: u8)\n    -> Option<Result<u8, String>> { None }\n\
             pub(crate) fn inner() -> Result<(), String> { Ok(()) }\n\
             pub fn good() -> Result<(), std::fmt::Error> { Ok(()) }\n\
             // pub fn commented() -> Result<(), String>\n\
             #[cfg(test)]\nmod tests { pub fn t() -> Result<(), String> { Ok(()) } }\n",
        )
        .unwrap();
        let krate = read_crate("x", &dir.join("src/lib.rs")).unwrap();
        assert_eq!(string_errors(&krate, &dir), ["src/lib.rs: bad"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_source_made_outside_the_makers_is_found() {
        let dir = std::env::temp_dir().join(format!("layers-sources-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/lib.rs"), "mod given;\nmod again;\n").unwrap();
        let make = "pub fn f(t: &str) { let s = Source::text(t, None, None); }\n";
        std::fs::write(dir.join("src/given.rs"), make).unwrap();
        std::fs::write(
            dir.join("src/again.rs"),
            format!(
                "// Source::text(\"x\")\nfn g() {{ let t = \"Source::text(\"; }}\n{make}\
                 #[cfg(test)]\nmod tests {{ {make} }}\n"
            ),
        )
        .unwrap();
        let krate = read_crate("x", &dir.join("src/lib.rs")).unwrap();
        assert_eq!(
            sources_made(&krate, &dir, &["src/given.rs"]),
            ["src/again.rs:3"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_function_is_as_long_as_its_lines() {
        let body = |n: usize| "    x();\n".repeat(n);
        let code = strip(&format!(
            "fn short() {{\n{}}}\n\
             pub(crate) fn long<T>(t: T) -> Option<T>\nwhere T: Copy,\n{{\n{}}}\n\
             fn declared();\n\
             fn strings() {{ let s = \"a\nb\nc\"; /* d\ne */ if x {{ y() }} }}\n\
             type F = fn(u8) -> u8;\n",
            body(148),
            body(149),
        ));
        assert_eq!(
            function_lengths(&code),
            [
                ("short".to_string(), 150),
                ("long".to_string(), 153),
                ("strings".to_string(), 4),
            ]
        );
        let (krate, dir) = crate_of(
            "long",
            &[(
                "src/lib.rs",
                &format!(
                    "fn long() {{\n{}}}\n#[cfg(test)]\nmod tests {{ fn longer() {{\n{}}} }}\n",
                    body(150),
                    body(200)
                ),
            )],
        );
        assert_eq!(
            long_functions(&krate, &dir, 150),
            ["src/lib.rs: long (152 lines)"]
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_type_of_the_vocabulary_is_found_where_it_is_defined() {
        let dir = std::env::temp_dir().join(format!("layers-vocabulary-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            "pub enum BoardStyle { Ascii }\n\
             pub use other::Color;\n\
             // enum Color { White }\n\
             pub(crate) struct  Color(u8);\n\
             fn board_style() {}\n\
             #[cfg(test)]\nmod tests { enum BoardStyle {} }\n",
        )
        .unwrap();
        let krate = read_crate("x", &dir.join("src/lib.rs")).unwrap();
        let found = definitions(&krate, &dir, &["BoardStyle", "Color"]);
        let found: Vec<(&str, &str)> = found.iter().map(|(n, f)| (&n[..], &f[..])).collect();
        assert_eq!(
            found,
            [("BoardStyle", "src/lib.rs"), ("Color", "src/lib.rs")]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_move_number_written_by_hand_is_found_outside_comments_and_tests() {
        let dir = std::env::temp_dir().join(format!("layers-numbers-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            "fn a(n: u32) -> String { format!(\"{n}. e4\") }\n\
             // format!(\"{n}... e5\")\n\
             fn b(n: u32) -> String { format!(\"{n}... e5\") }\n\
             #[cfg(test)]\nmod tests { fn c() { format!(\"{}... e5\", 1); } }\n",
        )
        .unwrap();
        let krate = read_crate("x", &dir.join("src/lib.rs")).unwrap();
        assert_eq!(move_numbers_written(&krate, &dir), ["src/lib.rs:3"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn use_trees_flatten() {
        let got = flatten_use("crate::{a, b::{c, d as e}, f::self}");
        let paths: Vec<String> = got
            .iter()
            .map(|(n, p)| format!("{n}={}", p.join("::")))
            .collect();
        assert_eq!(
            paths,
            ["a=crate::a", "c=crate::b::c", "e=crate::b::d", "f=crate::f"]
        );
    }

    #[test]
    fn comments_strings_and_tests_are_left_out() {
        let code = strip(
            "use a; // crate::x\n let s = \"crate::y\"; let c = '\"'; /* super::z */ crate::w",
        );
        assert_eq!(
            relative_paths(&code),
            [vec!["crate".to_string(), "w".into()]]
        );
        let code = without_tests("fn a() {}\n#[cfg(test)]\nmod tests { use crate::x; }\n");
        assert!(!code.contains("crate::x"));
        // A test module in its own file is not declared, so not read.
        let code = without_tests("fn a() {}\n#[cfg(test)]\nmod tests;\nmod b;\n");
        assert_eq!(module_declarations(&code), [("b".to_string(), false)]);
    }

    /// A crate written to a temporary directory: `(path, contents)` pairs.
    fn crate_of(name: &str, files: &[(&str, &str)]) -> (Crate, PathBuf) {
        let dir = std::env::temp_dir().join(format!("layers-{name}-{}", std::process::id()));
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        (read_crate(name, &dir.join("src/lib.rs")).unwrap(), dir)
    }

    #[test]
    fn circles_are_found() {
        // Two siblings, through a re-export of the root.
        let (k, dir) = crate_of(
            "siblings",
            &[
                ("src/lib.rs", "mod a; mod b; pub use b::X;"),
                ("src/a.rs", "use crate::X; pub struct Y;"),
                ("src/b.rs", "use crate::a::Y; pub struct X;"),
            ],
        );
        assert_eq!(check(&k, &dir, None).problems.len(), 1);
        // A child using its parent's item while the parent uses the child.
        let (k, dir) = crate_of(
            "parent",
            &[
                ("src/lib.rs", "mod p;"),
                ("src/p/mod.rs", "mod c; pub use c::C; pub struct P;"),
                ("src/p/c.rs", "use super::P; pub struct C;"),
            ],
        );
        let problems = check(&k, &dir, None).problems;
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("src/p/c.rs") && problems[0].contains("src/p/mod.rs"));
        // Stages out of order.
        let (k, dir) = crate_of(
            "stages",
            &[
                ("src/lib.rs", "mod first; mod second;"),
                ("src/first.rs", "pub fn f() { crate::second::g() }"),
                ("src/second.rs", "pub fn g() {}"),
            ],
        );
        let problems = check(&k, &dir, Some(&["first", "second"])).problems;
        assert_eq!(
            problems,
            ["stages: stage `first` uses `second`, which is not before it"]
        );
        // Test modules and comments do not count.
        let (k, dir) = crate_of(
            "tests",
            &[
                ("src/lib.rs", "mod a; mod b;"),
                (
                    "src/a.rs",
                    "// crate::b::g\npub fn f() {}\n#[cfg(test)]\nmod tests { use crate::b::g; }",
                ),
                ("src/b.rs", "pub fn g() { crate::a::f() }"),
            ],
        );
        assert!(check(&k, &dir, None).problems.is_empty());
        // Another crate's item re-exported by the root leads to no module
        // of this crate: the root using a module that uses it is no circle.
        let (k, dir) = crate_of(
            "external",
            &[
                ("src/lib.rs", "mod a; pub use a::f; pub use other::X;"),
                ("src/a.rs", "use crate::X; pub fn f() {}"),
            ],
        );
        assert!(check(&k, &dir, None).problems.is_empty());
        let (k, dir) = crate_of(
            "internal",
            &[
                ("src/lib.rs", "mod a; pub use a::f; pub struct X;"),
                ("src/a.rs", "use crate::X; pub fn f() {}"),
            ],
        );
        assert_eq!(check(&k, &dir, None).problems.len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    /// The workspace as it is: no circles, and chess-core's stages in
    /// order.
    #[test]
    fn the_workspace_has_no_circles() {
        let report = crate::layers_report(&crate::repo());
        assert!(report.problems.is_empty(), "{}", report.problems.join("\n"));
    }
}
