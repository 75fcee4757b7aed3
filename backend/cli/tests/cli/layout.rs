//! The project's layout, checked on every test run (README, "Layout"; `../shared/DESIGN.md`):
//!
//! - the crate arrows of the design: data flows one way, rules and pairing -> tournament -> db ->
//!   web -> cli, for normal, dev and build dependencies alike (the test-support crate
//!   `arbiter-testdata` may be a dev-dependency of any crate);
//! - no import cycle between the module files of any crate (a `pub use` re-export is a facade,
//!   not an import, so a parent may re-export what its children define; the crate root, `lib.rs`
//!   or `main.rs`, is the crate's facade and entry point and is left out, and so is a module's
//!   use of its own submodules, the module tree's own arrow: a submodule may use its parent's
//!   shared items, two siblings may not use each other);
//! - no source file over 800 lines unless its first line gives the reason (`Over 800 lines: ...`);
//! - `.env.example` names every environment variable the service reads.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace crates each crate may depend on (DESIGN.md's table).
const ALLOWED: &[(&str, &[&str])] = &[
    ("arbiter-rules", &[]),
    ("arbiter-pairing", &[]),
    ("arbiter-testdata", &[]),
    ("arbiter-bench", &["arbiter-rules"]),
    ("arbiter-tournament", &["arbiter-rules", "arbiter-pairing"]),
    ("arbiter-db", &["arbiter-tournament"]),
    (
        "arbiter-web",
        &["arbiter-db", "arbiter-tournament", "arbiter-rules"],
    ),
    (
        "arbiter-cli",
        &[
            "arbiter-web",
            "arbiter-db",
            "arbiter-tournament",
            "arbiter-pairing",
            "arbiter-rules",
        ],
    ),
];

/// The test-support crate, allowed as a dev-dependency everywhere.
const TEST_SUPPORT: &str = "arbiter-testdata";

fn read_toml(path: &Path) -> toml::Table {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.parse()
        .unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}

/// The workspace members' folders, from the root manifest.
fn members() -> Vec<PathBuf> {
    let manifest = read_toml(&root().join("Cargo.toml"));
    let members = manifest["workspace"]["members"]
        .as_array()
        .expect("workspace.members is a list");
    members
        .iter()
        .map(|m| root().join(m.as_str().expect("a member is a path")))
        .collect()
}

/// The workspace crates a manifest depends on, with the table that names them.
fn workspace_dependencies(manifest: &toml::Table) -> Vec<(String, &'static str)> {
    let mut tables: Vec<(&toml::Table, &'static str)> = Vec::new();
    for (key, kind) in [
        ("dependencies", "dependencies"),
        ("dev-dependencies", "dev-dependencies"),
        ("build-dependencies", "build-dependencies"),
    ] {
        if let Some(t) = manifest.get(key).and_then(toml::Value::as_table) {
            tables.push((t, kind));
        }
        if let Some(targets) = manifest.get("target").and_then(toml::Value::as_table) {
            for target in targets.values().filter_map(toml::Value::as_table) {
                if let Some(t) = target.get(key).and_then(toml::Value::as_table) {
                    tables.push((t, kind));
                }
            }
        }
    }
    let mut out = Vec::new();
    for (table, kind) in tables {
        for (name, spec) in table {
            let real = spec
                .get("package")
                .and_then(toml::Value::as_str)
                .unwrap_or(name);
            if real.starts_with("arbiter-") {
                out.push((real.to_owned(), kind));
            }
        }
    }
    out
}

#[test]
fn crate_dependencies_follow_the_design() {
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut seen = Vec::new();
    let mut wrong = Vec::new();
    for dir in members() {
        let manifest = read_toml(&dir.join("Cargo.toml"));
        let name = manifest["package"]["name"]
            .as_str()
            .expect("package.name")
            .to_owned();
        let Some(may) = allowed.get(name.as_str()) else {
            wrong.push(format!(
                "{name} is not in the design's table (DESIGN.md; this test's ALLOWED)"
            ));
            continue;
        };
        for (dep, kind) in workspace_dependencies(&manifest) {
            let ok = dep == name
                || may.contains(&dep.as_str())
                || (dep == TEST_SUPPORT && kind == "dev-dependencies");
            if !ok {
                wrong.push(format!(
                    "{name} -> {dep} ({kind}) runs against the design's flow"
                ));
            }
        }
        seen.push(name);
    }
    assert_eq!(seen.len(), ALLOWED.len(), "members: {seen:?}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_flow_check_catches_an_arrow_back() {
    let manifest: toml::Table = "[package]\nname = \"arbiter-pairing\"\n\
        [dev-dependencies]\narbiter-testdata = { path = \"x\" }\nt = { package = \"arbiter-tournament\", path = \"y\" }\n"
        .parse()
        .expect("valid TOML");
    let deps = workspace_dependencies(&manifest);
    assert!(deps.contains(&("arbiter-tournament".to_owned(), "dev-dependencies")));
    assert!(deps.contains(&("arbiter-testdata".to_owned(), "dev-dependencies")));
}

// ---------------------------------------------------------------------------------------------
// Module cycles.

/// A token of Rust source, as far as paths need: identifiers and the punctuation of paths, blocks
/// and statements. Comments, strings and character literals are skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    PathSep,
    Open,
    Close,
    Semi,
    Comma,
    Star,
    Other,
}

fn tokens(src: &str) -> Vec<Tok> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if (c == b'r' || (c == b'b' && b.get(i + 1) == Some(&b'r')))
            && matches!(b.get(i + 1 + usize::from(c == b'b')), Some(b'"' | b'#'))
        {
            // A raw string: r"...", r#"..."#, br"...".
            i += 1 + usize::from(c == b'b');
            let mut hashes = 0;
            while b.get(i) == Some(&b'#') {
                hashes += 1;
                i += 1;
            }
            if b.get(i) != Some(&b'"') {
                out.push(Tok::Other);
                continue;
            }
            i += 1;
            loop {
                if i >= b.len() {
                    break;
                }
                if b[i] == b'"'
                    && b[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == b'#')
                        .count()
                        == hashes
                {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if b.get(i + 1) == Some(&b'\\') {
                // Past the quote, the backslash and the escaped character ('\'', '\\').
                i += 3;
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            } else {
                let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b.get(i + 1 + ch_len) == Some(&b'\'') {
                    i += 2 + ch_len;
                } else {
                    i += 1;
                }
            }
            out.push(Tok::Other);
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(src[start..i].to_owned()));
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(match c {
                b'{' => Tok::Open,
                b'}' => Tok::Close,
                b';' => Tok::Semi,
                b',' => Tok::Comma,
                b'*' => Tok::Star,
                _ => Tok::Other,
            });
            i += 1;
        }
    }
    out
}

/// Expands a use tree (`a::{b, c::d}`) into its paths, each a list of segments.
fn use_paths(toks: &[Tok], prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident(s) if s == "as" => {
                i += 2;
            }
            Tok::Ident(s) => {
                path.push(s.clone());
                i += 1;
            }
            Tok::PathSep => i += 1,
            Tok::Star => {
                i += 1;
            }
            Tok::Open => {
                i += 1;
                loop {
                    i += use_paths(&toks[i..], &path, out);
                    match toks.get(i) {
                        Some(Tok::Comma) => i += 1,
                        Some(Tok::Close) => {
                            i += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                return i;
            }
            Tok::Comma | Tok::Close | Tok::Semi => break,
            Tok::Other => i += 1,
        }
    }
    if path.len() > prefix.len() {
        out.push(path);
    }
    i
}

/// One module file of a crate.
struct ModuleFile {
    /// The module's path from the crate root (empty for the root).
    path: Vec<String>,
    file: PathBuf,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module files of one crate's `src`: `lib.rs` or `main.rs` is the root, `a.rs` and
/// `a/mod.rs` are module `a`, `a/b.rs` is `a::b`.
fn module_files(src: &Path) -> Vec<ModuleFile> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .filter(|f| !f.starts_with(src.join("bin")))
        .map(|file| {
            let rel = file.strip_prefix(src).expect("under src");
            let mut path: Vec<String> = rel
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            let last = path.pop().expect("a file name");
            if !(path.is_empty() && (last == "lib.rs" || last == "main.rs")) && last != "mod.rs" {
                path.push(last.trim_end_matches(".rs").to_owned());
            }
            ModuleFile { path, file }
        })
        .collect()
}

/// The module files a file imports from, each with the first path that names it. `pub use`
/// re-exports are left out.
fn imports(me: &ModuleFile, modules: &BTreeMap<Vec<String>, usize>) -> Vec<(Vec<String>, String)> {
    let src = fs::read_to_string(&me.file).expect("readable source");
    let toks = tokens(&src);
    let mut out = Vec::new();
    // Inline modules (`mod tests { ... }`) open a scope: `super` inside one is the file's module.
    let mut scope: Vec<String> = me.path.clone();
    let mut inline_depths: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let resolve = |scope: &[String], segs: &[String]| -> Option<Vec<String>> {
        let mut abs: Vec<String>;
        let mut rest = segs;
        match segs.first().map(String::as_str) {
            Some("crate") => {
                abs = Vec::new();
                rest = &segs[1..];
            }
            Some("self") => {
                abs = scope.to_vec();
                rest = &segs[1..];
            }
            Some("super") => {
                abs = scope.to_vec();
                while rest.first().map(String::as_str) == Some("super") {
                    abs.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = scope.to_vec();
                child.push(first.to_owned());
                if !modules.contains_key(&child) {
                    return None;
                }
                abs = scope.to_vec();
            }
            None => return None,
        }
        // The longest prefix that is a module file.
        let mut best = abs.clone();
        for s in rest {
            abs.push(s.clone());
            if modules.contains_key(&abs) {
                best.clone_from(&abs);
            }
        }
        Some(best)
    };
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth = depth.saturating_sub(1);
                if inline_depths.last() == Some(&depth) {
                    inline_depths.pop();
                    scope.pop();
                }
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Open)) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    scope.push(name.clone());
                    inline_depths.push(depth);
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let public = i > 0
                    && (matches!(&toks[i - 1], Tok::Ident(p) if p == "pub")
                        || (i >= 4 && matches!(&toks[i - 4], Tok::Ident(p) if p == "pub")));
                let end = toks[i..]
                    .iter()
                    .position(|t| *t == Tok::Semi)
                    .map_or(toks.len(), |p| i + p);
                let mut paths = Vec::new();
                let _ = use_paths(&toks[i + 1..end], &[], &mut paths);
                if !public {
                    for p in paths {
                        if let Some(m) = resolve(&scope, &p) {
                            out.push((m, p.join("::")));
                        }
                    }
                }
                i = end;
                continue;
            }
            Tok::Ident(first)
                if toks.get(i + 1) == Some(&Tok::PathSep)
                    && (i == 0 || toks[i - 1] != Tok::PathSep) =>
            {
                let mut segs = vec![first.clone()];
                let mut j = i + 1;
                while toks.get(j) == Some(&Tok::PathSep) {
                    if let Some(Tok::Ident(s)) = toks.get(j + 1) {
                        segs.push(s.clone());
                        j += 2;
                    } else {
                        break;
                    }
                }
                if let Some(m) = resolve(&scope, &segs) {
                    out.push((m, segs.join("::")));
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The cycles (strongly connected sets of more than one file) among a crate's module files,
/// each with the imports that tie it.
fn cycles(src: &Path) -> Vec<String> {
    let files = module_files(src);
    let index: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.path.clone(), i))
        .collect();
    let mut edges: Vec<BTreeMap<usize, String>> = vec![BTreeMap::new(); files.len()];
    for (i, f) in files.iter().enumerate() {
        if f.path.is_empty() {
            continue;
        }
        for (target, via) in imports(f, &index) {
            let t = index[&target];
            // A module driving its own submodules is the tree's own arrow, not an import.
            let own_descendant = files[t].path.starts_with(&f.path);
            if t != i && !files[t].path.is_empty() && !own_descendant {
                edges[i].entry(t).or_insert(via);
            }
        }
    }
    // Reachability by depth-first search from each file (crates have at most a few hundred).
    let reach = |from: usize| -> BTreeSet<usize> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            for &m in edges[n].keys() {
                if seen.insert(m) {
                    stack.push(m);
                }
            }
        }
        seen
    };
    let reaches: Vec<BTreeSet<usize>> = (0..files.len()).map(reach).collect();
    let mut reported = BTreeSet::new();
    let mut out = Vec::new();
    for i in 0..files.len() {
        if reported.contains(&i) || !reaches[i].contains(&i) {
            continue;
        }
        let members: BTreeSet<usize> = (0..files.len())
            .filter(|&j| reaches[i].contains(&j) && reaches[j].contains(&i))
            .collect();
        let mut text = String::from("cycle:");
        for &a in &members {
            for (b, via) in &edges[a] {
                if members.contains(b) {
                    text.push_str(&format!(
                        "\n  {} -> {} ({via})",
                        files[a].file.display(),
                        files[*b].file.display()
                    ));
                }
            }
        }
        reported.extend(members);
        out.push(text);
    }
    out
}

#[test]
fn no_import_cycle_inside_any_crate() {
    let mut found = Vec::new();
    for dir in members() {
        found.extend(cycles(&dir.join("src")));
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_cycle_check_sees_a_cycle_and_ignores_a_facade() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let src = dir.path();
    fs::create_dir(src.join("a")).expect("mkdir");
    fs::write(
        src.join("lib.rs"),
        "pub mod a;\npub mod b;\npub use a::Thing;\n",
    )
    .expect("write");
    fs::write(
        src.join("a/mod.rs"),
        "mod inner;\npub use inner::Thing;\nuse crate::b::helper;\n#[cfg(test)]\nmod tests { use super::*; }\n",
    )
    .expect("write");
    fs::write(
        src.join("a/inner.rs"),
        "use super::super::b;\npub struct Thing;\n",
    )
    .expect("write");
    fs::write(
        src.join("b.rs"),
        "pub fn helper() { let s = \"crate::a::x\"; }\n",
    )
    .expect("write");
    assert!(cycles(src).is_empty(), "{:?}", cycles(src));
    // b now calls into a, which imports b: a cycle.
    fs::write(src.join("b.rs"), "pub fn helper() { crate::a::Thing; }\n").expect("write");
    let found = cycles(src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].contains("b.rs") && found[0].contains("mod.rs"),
        "{found:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// File lengths and the environment example.

/// The longest a source file may be without a reason on its first line.
const MAX_LINES: usize = 800;

#[test]
fn no_file_over_800_lines_without_a_reason() {
    let mut files = Vec::new();
    for dir in ["backend", "templates", "static", "migrations"] {
        collect(&root().join(dir), &mut files);
    }
    let mut long = Vec::new();
    for f in files {
        let Ok(text) = fs::read_to_string(&f) else {
            continue;
        };
        let lines = text.lines().count();
        let reasoned = text
            .lines()
            .next()
            .is_some_and(|l| l.contains("Over 800 lines: ") && l.len() > 40);
        if lines > MAX_LINES && !reasoned {
            long.push(format!("{}: {lines} lines", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "split these or give the reason on the first line:\n{}",
        long.join("\n")
    );
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        if p.is_dir() {
            if name != "target" && name != "corpus" && name != "artifacts" {
                collect(&p, out);
            }
        } else if p.extension().is_some_and(|x| {
            ["rs", "html", "css", "js", "sql", "sh", "toml", "ftl"]
                .contains(&x.to_str().unwrap_or(""))
        }) {
            out.push(p);
        }
    }
}

#[test]
fn env_example_names_every_variable_the_service_reads() {
    let example = fs::read_to_string(root().join(".env.example")).expect(".env.example");
    let listed: BTreeSet<String> = example
        .lines()
        .filter_map(|l| l.trim_start_matches('#').trim().split_once('='))
        .map(|(k, _)| k.trim().to_owned())
        .collect();
    let mut read = BTreeSet::new();
    for file in [
        "backend/web/src/config.rs",
        "backend/cli/src/serve.rs",
        "backend/cli/src/main.rs",
    ] {
        let Ok(src) = fs::read_to_string(root().join(file)) else {
            continue;
        };
        for (i, _) in src.match_indices('"') {
            let rest = &src[i + 1..];
            let word: String = rest
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if rest[word.len()..].starts_with('"')
                && (word.starts_with("ARBITER_") || word == "DATABASE_URL")
            {
                read.insert(word);
            }
        }
    }
    assert!(
        read.len() >= 8,
        "the variables were not found in the sources: {read:?}"
    );
    let missing: Vec<&String> = read.difference(&listed).collect();
    assert!(missing.is_empty(), ".env.example lacks {missing:?}");
}

/// The web crate's modules that are not handlers: what handlers share (`backend/web/src/lib.rs`
/// names the layout). Every other module holds the handlers of one topic.
const WEB_SHARED: &[&str] = &[
    "auth",
    "board",
    "cache",
    "config",
    "error",
    "extract",
    "forms",
    "marks",
    "pages",
    "pairing",
    "respond",
    "views",
    "visibility",
    "zone",
    "l10n",
    "arbiter_words",
    "names",
    "listed",
    "sessions",
    "throttle",
    "json_body",
    "done",
    "next_step",
    "paths",
    "state",
    "limits",
    "settings_guard",
];

/// The web crate's modules that assemble the service from every handler module: the route table
/// routes to each handler, the OpenAPI document of `/api/v1` names each API handler, the server
/// (and the tests' service, `testing`) wraps the route table in its middleware. They are neither
/// handlers nor shared (only the crate root, which re-exports them, and the other assembly
/// modules may use them).
const WEB_ASSEMBLY: &[&str] = &["openapi", "routes", "server", "testing"];

#[test]
fn no_web_handler_module_imports_another() {
    let src = root().join("backend/web/src");
    let files = module_files(&src);
    let index: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.path.clone(), i))
        .collect();
    let handler = |path: &[String]| {
        path.first().is_some_and(|m| {
            !WEB_SHARED.contains(&m.as_str()) && !WEB_ASSEMBLY.contains(&m.as_str())
        })
    };
    let mut wrong = Vec::new();
    for f in &files {
        for (target, via) in imports(f, &index) {
            if target
                .first()
                .is_some_and(|m| WEB_ASSEMBLY.contains(&m.as_str()))
                && f.path
                    .first()
                    .is_some_and(|m| !WEB_ASSEMBLY.contains(&m.as_str()))
            {
                wrong.push(format!(
                    "{} -> {} ({via})",
                    f.file.display(),
                    target.join("::")
                ));
            }
        }
    }
    for f in files.iter().filter(|f| handler(&f.path)) {
        for (target, via) in imports(f, &index) {
            if handler(&target) && target.first() != f.path.first() {
                wrong.push(format!(
                    "{} -> {} ({via})",
                    f.file.display(),
                    target.join("::")
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a handler module uses another's items; move them to a shared module:\n{}",
        wrong.join("\n")
    );
}
