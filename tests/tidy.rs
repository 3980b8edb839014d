//! The house rules of ARCHITECTURE.md, enforced: each rule reads the source tree as text and
//! names every line that breaks it. `tidy::violations(root)` is run on the project here, and on
//! a copy with planted violations to show that every rule can fail.

#[path = "common/tidy.rs"]
mod tidy;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_project_keeps_the_house_rules() {
    let found = tidy::violations(&root());
    assert!(found.is_empty(), "{} lines break the house rules:\n{}", found.len(), found.join("\n"));
}

/// A scratch copy of the files the rules read (src/ and www/), to plant violations in.
fn scratch_copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tidy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["src", "www"] {
        copy_dir(&root().join(sub), &dir.join(sub));
    }
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn plant(dir: &Path, file: &str, line: &str) {
    let path = dir.join(file);
    let mut text = std::fs::read_to_string(&path).unwrap_or_default();
    text.push_str(line);
    text.push('\n');
    std::fs::write(path, text).unwrap();
}

#[test]
fn every_rule_fails_on_a_planted_violation() {
    let plants: &[(&str, &str, &str)] = &[
        ("src/lifter/map.rs", "fn now() -> std::time::Instant { std::time::Instant::now() }", "src/lifter/map.rs:"),
        ("src/punter/state.rs", "use wasm_bindgen::prelude::*;", "wasm-bindgen"),
        ("src/labyrinth/ai.rs", "fn seed() -> u64 { getrandom::u64().unwrap_or(0) }", "OS randomness"),
        ("src/arena/standings.rs", "use crate::pig::Pig;", "src/arena/standings.rs:"),
        ("src/link/bits.rs", "type Map = crate::punter::PunterMap;", "a rail names the game punter"),
        ("src/bin/arcade/parallel.rs", "use lambda_arcade::lifter::Lifter;", "src/bin/arcade/parallel.rs:"),
        ("src/punter/bots.rs", "use crate::labyrinth::Tile;", "names the game labyrinth"),
        ("www/replay.js", "import { mountPig } from './pig/page.js';", "www/replay.js:"),
        ("www/punter/play.js", "localStorage.setItem('x', '1');", "localStorage"),
    ];
    for (file, line, expected) in plants {
        let dir = scratch_copy("plant");
        assert!(tidy::violations(&dir).is_empty(), "the copy is clean before planting");
        plant(&dir, file, line);
        let found = tidy::violations(&dir);
        assert!(found.iter().any(|v| v.contains(expected)), "planting {line:?} in {file} was not found ({expected:?}): {found:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
