//! The rules `tests/tidy.rs` enforces, over a tree given by its root (src/ and www/ below it):
//! 1. an engine (a game's folder, `src/scheme/`, the rails) uses no wasm-bindgen, web-sys,
//!    js-sys, clock or OS randomness;
//! 2. the rails (`game`, `arena`, `tape`, `link`, `inputs`, `rng`) name no game;
//! 3. no file names a game but that game's own files (`src/<id>/`, `src/wasm/<id>*.rs`,
//!    `src/bin/arcade/<id>*.rs`, `www/<id>/`) and the registration lines;
//! 4. `www/` touches `localStorage` only in `www/kept.js`.
//!
//! Code is read as text with `//` comments dropped; a game is named by a module path
//! (`crate::pig`, `lambda_arcade::pig`, `pig::…`) in Rust and by a path (`./pig/…`) in JavaScript.

use std::path::{Path, PathBuf};

/// The registration lines: the one place per layer where every game is listed.
const REGISTRATION: &[&str] = &["src/lib.rs", "src/games.rs", "src/wasm/mod.rs", "src/bin/arcade/main.rs", "www/app.js", "www/games.js", "www/sandbox-worker.js"];

const RAILS: &[&str] = &["src/game.rs", "src/arena/", "src/tape.rs", "src/link/", "src/inputs.rs", "src/rng.rs"];

const IMPURE: &[(&str, &str)] = &[
    ("wasm_bindgen", "wasm-bindgen"),
    ("web_sys", "web-sys"),
    ("js_sys", "js-sys"),
    ("std::time", "a clock"),
    ("Instant::now", "a clock"),
    ("SystemTime", "a clock"),
    ("getrandom", "OS randomness"),
    ("thread_rng", "OS randomness"),
    ("OsRng", "OS randomness"),
];

fn game_ids() -> Vec<&'static str> {
    lambda_arcade::games::GAMES.iter().map(|g| g.id).collect()
}

/// Every broken rule under `root`, as "path:line: what".
pub fn violations(root: &Path) -> Vec<String> {
    let ids = game_ids();
    let mut found = Vec::new();
    for path in files(&root.join("src"), "rs").into_iter().chain(files(&root.join("www"), "js")) {
        let rel = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let pure = RAILS.iter().any(|r| rel.starts_with(r)) || rel.starts_with("src/scheme/") || ids.iter().any(|id| rel.starts_with(&format!("src/{id}/")));
        let rail = RAILS.iter().any(|r| rel.starts_with(r));
        for (n, raw) in text.lines().enumerate() {
            let line = code_of(raw);
            let at = format!("{rel}:{}", n + 1);
            if pure && rel.ends_with(".rs") {
                for (needle, what) in IMPURE {
                    if line.contains(needle) {
                        found.push(format!("{at}: an engine uses {what} ({needle})"));
                    }
                }
            }
            for id in &ids {
                if !names_game(&line, id, rel.ends_with(".rs")) || owns(&rel, id) {
                    continue;
                }
                if rail {
                    found.push(format!("{at}: a rail names the game {id}"));
                } else if !REGISTRATION.contains(&rel.as_str()) {
                    found.push(format!("{at}: names the game {id} outside its files and the registration lines"));
                }
            }
            if rel.starts_with("www/") && rel != "www/kept.js" && line.contains("localStorage") {
                found.push(format!("{at}: localStorage outside www/kept.js"));
            }
        }
    }
    found
}

/// The line without a `//` comment (a `//` inside a string such as "http://" ends the code
/// early, which can only hide a match, never invent one).
fn code_of(line: &str) -> String {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") || trimmed.starts_with('*') || trimmed.starts_with("/*") {
        return String::new();
    }
    line.split(" //").next().unwrap_or_default().to_string()
}

fn names_game(line: &str, id: &str, rust: bool) -> bool {
    let bytes = line.as_bytes();
    let starts_word = |i: usize| i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    if rust {
        let needle = format!("{id}::");
        line.match_indices(&needle).any(|(i, _)| starts_word(i))
    } else {
        line.contains(&format!("./{id}/")) || line.contains(&format!("www/{id}/"))
    }
}

/// Is `rel` one of game `id`'s own files?
fn owns(rel: &str, id: &str) -> bool {
    let file = rel.rsplit('/').next().unwrap_or(rel);
    rel.starts_with(&format!("src/{id}/"))
        || rel.starts_with(&format!("www/{id}/"))
        || ((rel.starts_with("src/wasm/") || rel.starts_with("src/bin/arcade/")) && file.starts_with(id))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return out };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    out
}
