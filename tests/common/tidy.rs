//! The rules `tests/tidy.rs` enforces, over a tree given by its root (crates/, src/, www/,
//! index.html, tests/ and fuzz/ below it):
//! 1. the rails (`crates/rails/`) name no game, and no file
//!    names a game but that game's own files and the registration lines (`tidy_games.rs`);
//! 2. nothing outside `arena::Series` picks a seat's move, fallback or seed (`tidy_series.rs`);
//! 3. `www/` touches `localStorage` only in `www/kept.js`.
//!
//! Code is read as text with comments dropped (`code_of`). An engine's purity is not read as
//! text: the crate graph refuses it wasm-bindgen, web-sys, js-sys and OS randomness
//! (`tests/crate_graph.rs`), and clippy its clock (`crates/clippy.toml`, shown to refuse one in
//! `tests/tidy.rs`).

use std::path::{Path, PathBuf};

const RAILS: &[&str] = &["crates/rails/src/"];

/// The folders the rules read, with the kinds of file read in each (tests/fixtures and
/// tests/bad-inputs hold data, not code).
const READ: &[(&str, &[&str])] = &[
    ("src", &["rs"]),
    ("crates", &["rs"]),
    ("www", &["js", "css", "html"]),
    ("tests", &["rs"]),
    ("fuzz/fuzz_targets", &["rs"]),
];

/// One file's code: its path from the root and its lines with comments dropped.
pub struct Source {
    pub rel: String,
    pub lines: Vec<String>,
}

pub fn game_ids() -> Vec<&'static str> {
    games::GAMES.iter().map(|g| g.id).collect()
}

pub fn is_rail(rel: &str) -> bool {
    RAILS.iter().any(|r| rel.starts_with(r))
}

/// Every file the rules read under `root`.
pub fn sources(root: &Path) -> Vec<Source> {
    let mut paths = vec![root.join("index.html")];
    for (dir, exts) in READ {
        paths.extend(files(&root.join(dir), exts));
    }
    paths
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            Some(Source { rel, lines: text.lines().map(code_of).collect() })
        })
        .collect()
}

/// Every broken rule under `root`, as "path:line: what".
pub fn violations(root: &Path) -> Vec<String> {
    let ids = game_ids();
    let sources = sources(root);
    let mut found = Vec::new();
    for source in &sources {
        let rel = source.rel.as_str();
        for (n, line) in source.lines.iter().enumerate() {
            let at = format!("{rel}:{}", n + 1);
            if rel.starts_with("www/") && rel != "www/kept.js" && line.contains("localStorage") {
                found.push(format!("{at}: localStorage outside www/kept.js"));
            }
        }
    }
    found.extend(crate::tidy_games::violations(&sources, &ids));
    found.extend(crate::tidy_series::violations(&sources));
    found
}

/// The line without its comment: a line that starts one (`//`, `/*`, `*`, `<!--`) is dropped,
/// `/* … */` within a line is dropped, and so is the rest after ` //` (a `//` inside a string
/// such as "http://" ends the code early, which can only hide a match, never invent one).
pub fn code_of(line: &str) -> String {
    let trimmed = line.trim_start();
    if ["//", "/*", "*", "<!--"].iter().any(|c| trimmed.starts_with(c)) {
        return String::new();
    }
    let mut code = line.split(" //").next().unwrap_or_default().to_string();
    while let Some(start) = code.find("/*") {
        let end = code[start..].find("*/").map_or(code.len(), |e| start + e + 2);
        code.replace_range(start..end, "");
    }
    code
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Does `line` hold `word` as a word of its own, in any case? A word ends at anything but a
/// letter, digit or `_`, and also where camelCase starts a new one: `pig`, `"pig-match"`,
/// `.pig-board`, `PigSeries` and `runPigMatch` hold "pig"; `pigment` and `spigot` do not.
pub fn holds_word(line: &str, word: &str) -> bool {
    // ASCII lowering keeps every byte where it was, so an offset in `lower` is one in `line`.
    let lower = line.to_ascii_lowercase();
    lower.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let first = line[i..].chars().next();
        let after = line[i + word.len()..].chars().next();
        let starts = match before {
            None => true,
            Some(b) => {
                !is_word(b)
                    || (b.is_ascii_lowercase() && first.is_some_and(|f| f.is_ascii_uppercase()))
            }
        };
        let ends = match after {
            None => true,
            Some(a) => !is_word(a) || a.is_ascii_uppercase(),
        };
        starts && ends
    })
}

/// Does `line` hold `name` exactly, as a whole identifier?
pub fn holds_name(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(i, _)| {
        !line[..i].chars().next_back().is_some_and(is_word)
            && !line[i + name.len()..].chars().next().is_some_and(is_word)
    })
}

fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return out };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files(&path, exts));
        } else if path.extension().is_some_and(|e| exts.iter().any(|x| e == *x)) {
            out.push(path);
        }
    }
    out
}
