//! The layering of `docs/architecture.md`, checked where Cargo cannot check it.
//!
//! Each floor module is a crate of the workspace (`crates/<m>`), so Cargo already refuses an
//! import of a crate its manifest does not name. What Cargo cannot see, this test reads:
//!
//! - **the manifests**: every `[dependencies]` entry of `crates/<m>/Cargo.toml` that names
//!   another floor is an edge `m -> x`, and one that names a crate reaching outside the
//!   process ([`IO`]) is an edge too (refused on the pure floors);
//! - **the crates' code**: `std::fs`, `std::net` and `std::process` paths outside tests (a
//!   pure crate needs no manifest entry for those);
//! - **the application** (`src/`: the binary's `main.rs` and `cli/`, `sim`, `bench`), whose
//!   modules share one crate: each path into another module (`crate::x`, and `wolfjudge::x`
//!   in the binary; `use` lines, grouped `use crate::{x, y}` and paths in code alike,
//!   comments and string literals left out) is an edge from the file's module to `x`.
//!
//! An edge fails when it goes up a floor, sideways without being listed in [`SIDEWAYS`], or
//! is [`BARRED`]. The failure names the file, the line and the edge.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The floor of every module: a crate `crates/<m>`, or one of the application's modules
/// (`src/<m>.rs` or `src/<m>/`; the binary's `main.rs` and `src/cli/` are the `cli`
/// adapter). A module may use modules on lower floors.
const FLOORS: &[(&str, u8)] = &[
    // The rules: pure, no I/O, no clock. UNO's beside werewolf's, drawing through the same
    // seeded streams.
    ("engine", 0),
    ("uno", 0),
    // Pure presentation and formats: the catalogs, what each audience is told, scripts
    // replayed in memory, tournament scoring and its render, the reveal's pictures.
    ("i18n", 1),
    ("chart", 1),
    ("notify", 1),
    ("script", 1),
    ("tournament", 1),
    // Persistence.
    ("store", 2),
    // The long-running loops over the store: delivery, deadline firing, outages, retention.
    ("runtime", 3),
    // One method per user intent.
    ("service", 4),
    // The edges: what starts and drives the rest; `recorder` is the file messenger they
    // share.
    ("discord", 5),
    // The game pages on the web, read-only, through the service.
    ("web", 5),
    ("cli", 5),
    ("sim", 5),
    ("bench", 5),
    ("recorder", 5),
];

/// Edges allowed between two modules of one floor, `(from, to)`; any other one fails (so
/// adapters do not reach into each other, and `i18n` stays below what words through it).
const SIDEWAYS: &[(&str, &str)] = &[
    // UNO draws through the werewolf engine's seed and streams (`engine::rng`), so that the
    // commit-reveal and `verify` work unchanged, and reads its durations.
    ("uno", "engine"),
    ("notify", "i18n"),
    ("script", "i18n"),
    ("tournament", "i18n"),
    ("tournament", "script"),
    // The pictures word through the catalogs; the standings chart draws with their font.
    ("chart", "i18n"),
    ("tournament", "chart"),
    // The benchmark drives simulated games, and plans the Discord messenger's requests.
    ("bench", "sim"),
    ("bench", "discord"),
    // It serves the game pages (the axum router the bot serves) beside the votes it times.
    ("bench", "web"),
    // The file messenger stands in for a platform in the binary's worker and scripts.
    ("cli", "recorder"),
    // The binary starts every adapter.
    ("cli", "discord"),
    ("cli", "web"),
    ("cli", "bench"),
    ("cli", "sim"),
];

/// Edges that go down and still fail, `(from, to, why)`.
const BARRED: &[(&str, &str, &str)] = &[(
    "store",
    "i18n",
    "the store words nothing itself: what it keeps as text comes from notify",
)];

/// What only the floors above the pure ones may use: crates and `std` modules that reach
/// outside the process (the database, the network, files, other processes, async tasks).
const IO: &[&str] = &[
    "sqlx",
    "tokio",
    "serenity",
    "poise",
    "reqwest",
    "axum",
    "hyper",
    "tempfile",
    "walkdir",
    "std::fs",
    "std::net",
    "std::process",
];

/// The highest floor that is pure: no I/O, no async runtime.
const PURE_UP_TO: u8 = 1;

/// Known exceptions, `(file, target module)`, each moved away by a branch in flight; the
/// lead empties this list once they are merged. An entry no longer needed fails the test,
/// so the list only shrinks.
const KNOWN_EXCEPTIONS: &[(&str, &str)] = &[];

/// One path from a file into another top-level module.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Edge {
    file: String,
    line: usize,
    from: String,
    to: String,
}

fn floor(module: &str) -> Option<u8> {
    FLOORS.iter().find(|(m, _)| *m == module).map(|(_, f)| *f)
}

/// Why `e` is not allowed, or `None` when it is.
fn violation(e: &Edge) -> Option<String> {
    if IO.contains(&e.to.as_str()) {
        return floor(&e.from).is_some_and(|f| f <= PURE_UP_TO).then(|| {
            format!(
                "`{}` is pure (floor {PURE_UP_TO} or below): no `{}`",
                e.from, e.to
            )
        });
    }
    let (Some(from), Some(to)) = (floor(&e.from), floor(&e.to)) else {
        return Some(format!(
            "`{}` or `{}` has no floor: give every module one in FLOORS and docs/architecture.md",
            e.from, e.to
        ));
    };
    if let Some((_, _, why)) = BARRED.iter().find(|(f, t, _)| *f == e.from && *t == e.to) {
        return Some(format!("barred: {why}"));
    }
    if to > from {
        return Some(format!(
            "`{}` (floor {from}) imports from `{}`, a floor above it (floor {to})",
            e.from, e.to
        ));
    }
    if to == from && !SIDEWAYS.contains(&(e.from.as_str(), e.to.as_str())) {
        return Some(format!(
            "`{}` and `{}` share floor {from} and this edge is not in SIDEWAYS",
            e.from, e.to
        ));
    }
    None
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The top-level module a file belongs to (`None` for `lib.rs`, the crate's root), and
/// whether it is in the binary (where the library is `wolfjudge::`).
fn module_of(rel: &Path) -> (Option<String>, bool) {
    let first = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    match first.as_str() {
        "lib.rs" => (None, false),
        "main.rs" | "cli" | "cli.rs" => (Some("cli".into()), true),
        m => (Some(m.trim_end_matches(".rs").to_string()), false),
    }
}

/// `src` with comments and the insides of string and character literals blanked (newlines
/// kept, so that line numbers hold).
fn code_only(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out: Vec<char> = c.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for x in out.iter_mut().take(to.min(c.len())).skip(from) {
            if *x != '\n' {
                *x = ' ';
            }
        }
    };
    let ident = |i: usize| i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                let end = c[i..]
                    .iter()
                    .position(|x| *x == '\n')
                    .map_or(c.len(), |n| i + n);
                blank(&mut out, i, end);
                i = end;
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let (mut depth, mut j) = (1, i + 2);
                while j < c.len() && depth > 0 {
                    if c[j] == '/' && c.get(j + 1) == Some(&'*') {
                        depth += 1;
                        j += 2;
                    } else if c[j] == '*' && c.get(j + 1) == Some(&'/') {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            'r' if (!ident(i) || (c[i - 1] == 'b' && !ident(i - 1)))
                && matches!(c.get(i + 1), Some('"' | '#')) =>
            {
                let hashes = c[i + 1..].iter().take_while(|x| **x == '#').count();
                if c.get(i + 1 + hashes) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let mut j = i + 2 + hashes;
                while j < c.len() {
                    if c[j] == '"'
                        && c[j + 1..]
                            .iter()
                            .take(hashes)
                            .filter(|x| **x == '#')
                            .count()
                            == hashes
                    {
                        break;
                    }
                    j += 1;
                }
                blank(&mut out, i + 2 + hashes, j);
                i = j + 1 + hashes;
            }
            '"' => {
                let mut j = i + 1;
                while j < c.len() && c[j] != '"' {
                    j += if c[j] == '\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, j);
                i = j + 1;
            }
            '\'' => {
                // A character literal ('x', '\n', '\''), else a lifetime or a label.
                let end = if c.get(i + 1) == Some(&'\\') {
                    c.get(i + 3..)
                        .and_then(|rest| rest.iter().position(|x| *x == '\''))
                        .map(|n| i + 3 + n)
                } else if c.get(i + 2) == Some(&'\'') {
                    Some(i + 2)
                } else {
                    None
                };
                match end {
                    Some(end) => {
                        blank(&mut out, i + 1, end);
                        i = end + 1;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out.into_iter().collect()
}

/// The identifier starting at `i` (skipping whitespace), and where it ends.
fn ident_at(c: &[char], mut i: usize) -> (String, usize) {
    while i < c.len() && c[i].is_whitespace() {
        i += 1;
    }
    let start = i;
    while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
        i += 1;
    }
    (c[start..i].iter().collect(), i)
}

/// The top-level modules named right after each `root::` in `code` (`root` being `crate`
/// or `wolfjudge`), with their line: `root::x`, or each item of `root::{x, y::z, …}`.
fn paths_from(code: &str, root: &str) -> Vec<(usize, String)> {
    let c: Vec<char> = code.chars().collect();
    let r: Vec<char> = root.chars().collect();
    let line_of = |i: usize| c[..i].iter().filter(|x| **x == '\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i + r.len() < c.len() {
        let before_ok =
            i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_' || c[i - 1] == '$');
        if !before_ok || c[i..i + r.len()] != r[..] {
            i += 1;
            continue;
        }
        let mut j = i + r.len();
        while j < c.len() && c[j].is_whitespace() {
            j += 1;
        }
        if c.get(j) != Some(&':') || c.get(j + 1) != Some(&':') {
            i += 1;
            continue;
        }
        j += 2;
        while j < c.len() && c[j].is_whitespace() {
            j += 1;
        }
        if c.get(j) == Some(&'{') {
            // Each item of the group, at depth 1.
            let (mut depth, mut k, mut item_start) = (1, j + 1, true);
            while k < c.len() && depth > 0 {
                match c[k] {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 1 => item_start = true,
                    x if item_start && depth == 1 && !x.is_whitespace() => {
                        let (name, end) = ident_at(&c, k);
                        if !name.is_empty() && name != "self" {
                            out.push((line_of(k), name));
                        }
                        item_start = false;
                        k = end.max(k + 1);
                        continue;
                    }
                    _ => {}
                }
                k += 1;
            }
            i = k;
        } else {
            let (name, end) = ident_at(&c, j);
            if !name.is_empty() {
                out.push((line_of(j), name));
            }
            i = end.max(i + 1);
        }
    }
    out
}

/// The lines of each `#[cfg(test)] mod … { … }` in `code`.
fn test_modules(code: &str) -> Vec<std::ops::RangeInclusive<usize>> {
    let c: Vec<char> = code.chars().collect();
    let line_of = |i: usize| c[..i].iter().filter(|x| **x == '\n').count() + 1;
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|n| from + n) {
        from = at + 1;
        let start = code[..at].chars().count();
        let rest: String = c[start + "#[cfg(test)]".len()..].iter().collect();
        let head = rest.trim_start();
        if !head.starts_with("mod ") {
            continue;
        }
        let Some(open) = head.find('{') else { continue };
        let open = c.len() - head.chars().count() + head[..open].chars().count();
        let mut depth = 0;
        for (k, x) in c.iter().enumerate().skip(open) {
            match x {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        out.push(line_of(start)..=line_of(k));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// The dependency keys of a manifest's `[dependencies]` table, with their line: `x = …`,
/// `x.workspace = true` or a `[dependencies.x]` table.
fn manifest_dependencies(manifest: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for (n, line) in manifest.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            let table = line.trim_matches(|c| c == '[' || c == ']').trim();
            in_deps = table == "dependencies";
            if let Some(dep) = table.strip_prefix("dependencies.") {
                out.push((n + 1, dep.trim().to_string()));
            }
            continue;
        }
        if !in_deps || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key: String = line
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        if !key.is_empty() {
            out.push((n + 1, key.replace('-', "_")));
        }
    }
    out
}

/// The edges of crate `from`'s manifest (`file` names it in failures): one per dependency
/// on another floor or on a crate in [`IO`].
fn manifest_edges(from: &str, file: &str, manifest: &str) -> Vec<Edge> {
    manifest_dependencies(manifest)
        .into_iter()
        .filter(|(_, to)| floor(to).is_some() || IO.contains(&to.as_str()))
        .map(|(line, to)| Edge {
            file: file.to_string(),
            line,
            from: from.to_string(),
            to,
        })
        .collect()
}

/// The edges of one Rust file of module `from` (`file` names it in failures): paths into
/// other modules through `root` (`crate`, or `wolfjudge` in the binary; `None` in a crate of
/// its own, where Cargo checks them), and paths into I/O outside its tests.
fn source_edges(from: &str, file: &str, text: &str, root: Option<&str>) -> Vec<Edge> {
    let code = code_only(text);
    // Tests may touch files (a pure module's tests too): the I/O rule reads code only.
    let tests = test_modules(&code);
    let io = IO.iter().filter(|x| !x.contains("::")).flat_map(|krate| {
        paths_from(&code, krate)
            .into_iter()
            .map(move |(line, _)| (line, krate.to_string()))
    });
    let std_io = paths_from(&code, "std")
        .into_iter()
        .map(|(line, m)| (line, format!("std::{m}")))
        .filter(|(_, m)| IO.contains(&m.as_str()));
    let io = io
        .chain(std_io)
        .filter(|(line, _)| !tests.iter().any(|r| r.contains(line)));
    let modules = root.map(|r| paths_from(&code, r)).unwrap_or_default();
    modules
        .into_iter()
        .chain(io)
        .filter(|(_, to)| to != from)
        .map(|(line, to)| Edge {
            file: file.to_string(),
            line,
            from: from.to_string(),
            to,
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every edge of the workspace at `root`: each crate's manifest and code, and the
/// application's modules in `src/`.
fn edges(root: &Path) -> Vec<Edge> {
    let mut out = Vec::new();
    let crates = root.join("crates");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap_or_else(|e| panic!("{}: {e}", crates.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    for dir in dirs {
        let from = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let manifest = dir.join("Cargo.toml");
        let file = format!("crates/{from}/Cargo.toml");
        out.extend(manifest_edges(&from, &file, &read(&manifest)));
        for path in rust_files(&dir.join("src")) {
            let rel = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .display()
                .to_string();
            out.extend(source_edges(&from, &rel, &read(&path), None));
        }
    }
    let src = root.join("src");
    for path in rust_files(&src) {
        let rel = path.strip_prefix(&src).unwrap_or(&path).to_path_buf();
        let (Some(from), in_bin) = module_of(&rel) else {
            continue;
        };
        // In the binary, `crate::` is the binary's own modules (the `cli` adapter).
        let root = if in_bin { "wolfjudge" } else { "crate" };
        let file = format!("src/{}", rel.display());
        out.extend(source_edges(&from, &file, &read(&path), Some(root)));
    }
    out
}

/// What fails in `edges`: one line per forbidden edge, then any known exception that no
/// longer matches an edge.
fn failures(edges: &[Edge]) -> Vec<String> {
    let mut out = Vec::new();
    let mut used = BTreeSet::new();
    for e in edges {
        let Some(why) = violation(e) else { continue };
        if let Some(x) = KNOWN_EXCEPTIONS
            .iter()
            .find(|(file, to)| *file == e.file && *to == e.to)
        {
            used.insert(*x);
            continue;
        }
        out.push(format!(
            "{}:{}: {} -> {}: {why}",
            e.file, e.line, e.from, e.to
        ));
    }
    for x in KNOWN_EXCEPTIONS {
        if !used.contains(x) {
            out.push(format!(
                "KNOWN_EXCEPTIONS lists {} -> {}, which no longer occurs: remove it",
                x.0, x.1
            ));
        }
    }
    out
}

#[test]
fn no_module_imports_from_a_floor_above_it() {
    let mut edges = edges(Path::new(env!("CARGO_MANIFEST_DIR")));
    edges.sort();
    // The reader works: it sees the edges every build has.
    for (from, to) in [
        ("store", "engine"),
        ("store", "sqlx"),
        ("service", "store"),
        ("tournament", "chart"),
        ("cli", "service"),
        ("bench", "sim"),
    ] {
        assert!(
            edges.iter().any(|e| e.from == from && e.to == to),
            "the check no longer sees {from} -> {to}: {edges:#?}"
        );
    }
    let failed = failures(&edges);
    assert!(
        failed.is_empty(),
        "{} forbidden edge(s) (docs/architecture.md):\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn the_reader_finds_paths_in_code_and_groups_but_not_in_comments_or_strings() {
    let code = code_only(
        "use crate::{engine::Game, i18n::{self, Lang}, self};\n\
         // use crate::bench;\n\
         let s = \"crate::discord\"; let r = r#\"crate::sim\"#; let q = '\"';\n\
         fn f<'a>() { crate::store::x(); $crate::cli::y(); }\n\
         /* crate::service */ let t = crate :: notify::z;",
    );
    let found: Vec<(usize, String)> = paths_from(&code, "crate");
    let names: Vec<(usize, &str)> = found.iter().map(|(l, n)| (*l, n.as_str())).collect();
    assert_eq!(
        names,
        [(1, "engine"), (1, "i18n"), (4, "store"), (5, "notify")]
    );
}

#[test]
fn an_edge_up_or_sideways_is_refused_and_named() {
    let edge = |from: &str, to: &str| Edge {
        file: "src/x.rs".into(),
        line: 3,
        from: from.into(),
        to: to.into(),
    };
    assert_eq!(violation(&edge("service", "store")), None);
    assert_eq!(violation(&edge("bench", "sim")), None);
    assert!(violation(&edge("store", "service")).is_some_and(|w| w.contains("floor above")));
    assert!(violation(&edge("store", "i18n")).is_some_and(|w| w.contains("barred")));
    assert!(violation(&edge("sim", "discord")).is_some_and(|w| w.contains("SIDEWAYS")));
    assert!(violation(&edge("engine", "newthing")).is_some_and(|w| w.contains("no floor")));
    assert!(violation(&edge("notify", "sqlx")).is_some_and(|w| w.contains("pure")));
    assert!(violation(&edge("engine", "std::fs")).is_some_and(|w| w.contains("pure")));
    assert_eq!(violation(&edge("store", "sqlx")), None);
    let code = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() { x(); }\n}\nfn c() {}";
    assert_eq!(test_modules(code), [2..=5]);
    let failed = failures(&[edge("engine", "i18n")]);
    assert!(
        failed[0].starts_with("src/x.rs:3: engine -> i18n: "),
        "{failed:?}"
    );
}

#[test]
fn a_pure_crate_that_gains_an_io_dependency_fails() {
    let manifest = "[package]\nname = \"wolfjudge-notify\"\n\n[dependencies]\n\
                    engine.workspace = true\ni18n = { workspace = true }\n\
                    tokio.workspace = true\n\n[dev-dependencies]\nsqlx = \"0.8\"\n\n\
                    [dependencies.reqwest]\nversion = \"0.12\"\n";
    let edges = manifest_edges("notify", "crates/notify/Cargo.toml", manifest);
    let found: Vec<(usize, &str)> = edges.iter().map(|e| (e.line, e.to.as_str())).collect();
    // A test-only dependency is not the product's: sqlx in dev-dependencies is no edge.
    assert_eq!(
        found,
        [(5, "engine"), (6, "i18n"), (7, "tokio"), (12, "reqwest")]
    );
    let failed = failures(&edges);
    assert_eq!(failed.len(), 2, "{failed:?}");
    assert!(
        failed[0].starts_with("crates/notify/Cargo.toml:7: notify -> tokio: ")
            && failed[0].contains("pure"),
        "{failed:?}"
    );
    // A floor that names a floor above it in its manifest fails too.
    let up = manifest_edges(
        "store",
        "crates/store/Cargo.toml",
        "[dependencies]\nservice.workspace = true\n",
    );
    assert!(failures(&up)[0].contains("floor above"), "{up:?}");
    // And a pure crate's code that reaches the file system outside its tests.
    let code = "fn f() { std::fs::read(\"x\"); }\n#[cfg(test)]\nmod tests { fn g() { std::fs::read(\"y\"); } }";
    let edges = source_edges("engine", "crates/engine/src/x.rs", code, None);
    assert_eq!(edges.len(), 1, "{edges:?}");
    assert!(failures(&edges)[0].contains("pure"));
}

/// The web adapter reads through the service only: no SQL of its own (its manifest names
/// no database crate, its code no statement).
#[test]
fn the_web_adapter_has_no_sql() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/web");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("the web manifest");
    assert!(
        manifest_dependencies(&manifest)
            .iter()
            .all(|(_, name)| name != "sqlx" && name != "store"),
        "crates/web names the database: {manifest}"
    );
    for entry in std::fs::read_dir(root.join("src")).expect("crates/web/src") {
        let path = entry.expect("a file").path();
        let code = std::fs::read_to_string(&path).expect("a source file");
        assert!(
            !code.contains("sqlx") && !code.contains("store::"),
            "{} reaches the database",
            path.display()
        );
    }
}
