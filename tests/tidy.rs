//! The house rules of ARCHITECTURE.md, enforced: each rule reads the source tree as text and
//! names every line that breaks it. `tidy::violations(root)` is run on the project here, and on
//! a copy with planted violations to show that every rule can fail (and that what it allows,
//! such as "pigment" or a decider asking its own policy, stays allowed).

#[path = "common/tidy.rs"]
mod tidy;
#[path = "common/tidy_games.rs"]
mod tidy_games;
#[path = "common/tidy_series.rs"]
mod tidy_series;

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_project_keeps_the_house_rules() {
    let found = tidy::violations(&root());
    assert!(found.is_empty(), "{} lines break the house rules:\n{}", found.len(), found.join("\n"));
}

/// A scratch copy of the files the rules read (src/, www/, index.html, tests/, fuzz/), to
/// plant violations in.
fn scratch_copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tidy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["crates", "src", "www", "tests", "fuzz/fuzz_targets"] {
        copy_code(&root().join(sub), &dir.join(sub));
    }
    std::fs::copy(root().join("index.html"), dir.join("index.html")).unwrap();
    dir
}

fn copy_code(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_code(&entry.path(), &target);
        } else if entry
            .path()
            .extension()
            .is_some_and(|e| ["rs", "js", "css", "html"].iter().any(|x| e == *x))
        {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Runs the rules on `dir` with `line` added to `file` (or, when `line` is `None`, with `file`
/// emptied), then puts the file back.
fn with_planted(dir: &Path, file: &str, line: Option<&str>) -> Vec<String> {
    let path = dir.join(file);
    let before = std::fs::read_to_string(&path).unwrap_or_default();
    let after = line.map_or(String::new(), |l| format!("{before}{l}\n"));
    std::fs::write(&path, after).unwrap();
    let found = tidy::violations(dir);
    std::fs::write(&path, before).unwrap();
    found
}

#[test]
fn every_rule_fails_on_a_planted_violation() {
    let plants: &[(&str, &str, &str)] = &[
        // A rail names no game, in any form.
        (
            "crates/rails/src/arena/standings.rs",
            "use crate::pig::Pig;",
            "crates/rails/src/arena/standings.rs:",
        ),
        (
            "crates/rails/src/link/bits.rs",
            "type Map = crate::punter::PunterMap;",
            "a rail names the game punter",
        ),
        ("crates/rails/src/link/record.rs", "use crate::pig as p;", "a rail names the game pig"),
        (
            "crates/rails/src/tape.rs",
            "const KIND: &str = \"lifter\";",
            "a rail names the game lifter",
        ),
        // No file names a game outside its files and the registration lines.
        ("crates/cli/src/parallel.rs", "use lifter::Lifter;", "crates/cli/src/parallel.rs:"),
        ("crates/cli/src/parallel.rs", "use {games, punter};", "names the game punter"),
        ("crates/wasm-common/src/links.rs", "use pig::Pig;", "crates/wasm-common/src/links.rs:"),
        (
            "crates/cli/src/shard.rs",
            "const RUN: &[&str] = &[\"labyrinth\", \"arena\"];",
            "crates/cli/src/shard.rs:",
        ),
        (
            "crates/cli/src/shard.rs",
            "const HELP: &str = \"arcade pig match A B\";",
            "names the game pig",
        ),
        ("crates/punter/src/bots.rs", "use crate::labyrinth::Tile;", "names the game labyrinth"),
        ("www/replay.js", "import { mountPig } from './pig/page.js';", "www/replay.js:"),
        ("www/replay.js", "const game = 'punter';", "www/replay.js:"),
        ("www/pool.js", "const id = `labyrinth`;", "www/pool.js:"),
        ("www/tabs.js", "const limits = { lifter: 1 };", "www/tabs.js:"),
        ("www/style.css", ".pig-board { color: red; }", "www/style.css:"),
        ("www/style.css", "#punterMap { color: red; }", "names the game punter"),
        ("tests/scheme.rs", "const GAME: &str = \"lifter\";", "tests/scheme.rs:"),
        ("tests/punter_bots.rs", "use labyrinth::Tile;", "tests/punter_bots.rs:"),
        ("tests/common/nim.rs", "use pig::Pig;", "tests/common/nim.rs:"),
        ("fuzz/fuzz_targets/scheme.rs", "use punter::PunterMap;", "fuzz/fuzz_targets/scheme.rs:"),
        // Nothing outside arena::Series picks a seat's move, fallback or seed.
        (
            "crates/cli/src/shard.rs",
            "fn pick(d: &mut D, v: &V) -> M { d.decide(v).unwrap() }",
            "move (a decider asked outside the series) outside arena::Series (.decide()",
        ),
        (
            "crates/cli/src/shard.rs",
            "fn pick(d: &mut D, v: &V) -> M {\n    d\n        .decide(v)\n        .unwrap()\n}",
            "crates/cli/src/shard.rs:",
        ),
        (
            "crates/wasm-common/src/links.rs",
            "fn fb(g: &G) -> Option<M> { g.fallback() }",
            "fallback outside arena::Series (.fallback())",
        ),
        (
            "crates/cli/src/parallel.rs",
            "fn seed(s: u64) -> u64 { MatchSeeds(s).entrant(0) }",
            "seed outside arena::Series (.entrant()",
        ),
        (
            "crates/cli/src/parallel.rs",
            "fn seed(s: u64) -> u64 { MatchSeeds(s).entrant_game(0, 1) }",
            "seed outside arena::Series (.entrant_game()",
        ),
        (
            "www/replay.js",
            "const seed = engine.entrantSeed(1, 0);",
            "seed outside arena::Series (entrantSeed)",
        ),
        ("www/replay.js", "game.fallbackMove();", "fallback outside arena::Series (fallbackMove)"),
        ("www/pool.js", "const r = await current.session.decide(view);", "www/pool.js:"),
        ("www/tabs.js", "function runBots() {}", "loop of its own outside arena::Series (runBots)"),
        ("www/tabs.js", "setTimeout(aiStep, 10);", "(aiStep)"),
        ("www/tabs.js", "async function strategyTurn() {}", "(strategyTurn)"),
        ("crates/wasm-common/src/links.rs", "fn run_bots() {}", "(run_bots)"),
        // The page touches localStorage only in kept.js.
        ("www/punter/play.js", "localStorage.setItem('x', '1');", "localStorage"),
    ];
    let dir = scratch_copy("plant");
    assert_eq!(tidy::violations(&dir), Vec::<String>::new(), "the copy is clean before planting");
    for (file, line, expected) in plants {
        let found = with_planted(&dir, file, Some(line));
        assert!(
            found.iter().any(|v| v.contains(expected)),
            "planting {line:?} in {file} was not found ({expected:?}): {found:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_the_rules_allow_stays_allowed() {
    let allowed: &[(&str, &str)] = &[
        ("www/style.css", ".pigment { color: red; } .spigot { color: blue; }"),
        (
            "crates/cli/src/shard.rs",
            "const WORDS: &[&str] = &[\"pigment\", \"lifters_x\", \"Labyrinthine\"];",
        ),
        ("crates/cli/src/shard.rs", "// a comment may name pig, lifter, punter and labyrinth"),
        ("www/replay.js", "/* the pig page */ const x = 1;"),
        ("crates/pig/src/engine.rs", "use pig::Pig;"),
        ("tests/punter_bots.rs", "use punter::PunterMap;"),
        ("fuzz/fuzz_targets/lifter_map.rs", "use lifter::Mine;"),
        ("www/games.js", "const extra = 'pig';"),
        // A decider or a wrapper asking the policy it holds; a human's move; the referee loop
        // and the sandbox side carrying a question; a game's own MatchRules fallback.
        ("crates/cli/src/shard.rs", "fn d(&mut self, s: &S) -> M { self.policy.decide(s) }"),
        // The same, as rustfmt writes a long chain: a call a line.
        (
            "crates/cli/src/shard.rs",
            "fn d(&mut self, s: &S) -> M {\n    self\n        .policy\n        .decide(s)\n}",
        ),
        ("www/replay.js", "game.decide(true);"),
        ("www/referee.js", "const r = await session.decide(view);"),
        ("www/pig/seats.js", "const r = await session.decide(view);"),
        ("crates/labyrinth/src/game.rs", "fn fallback(&self) -> Option<M> { None }"),
    ];
    let dir = scratch_copy("allowed");
    for (file, line) in allowed {
        assert_eq!(
            with_planted(&dir, file, Some(line)),
            Vec::<String>::new(),
            "{line:?} in {file} is allowed"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A listed offender that is gone fails the rules until its entry is deleted.
#[test]
fn the_lists_of_known_offenders_cannot_rot() {
    let dir = scratch_copy("rot");
    let found = with_planted(&dir, "tests/results.rs", None);
    assert!(
        found.iter().any(|v| v.starts_with("tests/results.rs: listed in KNOWN_OFFENDERS")),
        "{found:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine's clock is refused by clippy with the engines' configuration (`crates/clippy.toml`):
/// a crate beside a copy of it that reads the clock fails `cargo clippy -D warnings`, and
/// passes without the clock.
#[test]
fn clippy_refuses_an_engine_its_clock() {
    let dir = std::env::temp_dir().join(format!("tidy-clippy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let krate = dir.join("crates/planted");
    std::fs::create_dir_all(krate.join("src")).unwrap();
    std::fs::copy(root().join("crates/clippy.toml"), dir.join("crates/clippy.toml")).unwrap();
    std::fs::write(
        krate.join("Cargo.toml"),
        "[package]\nname = \"planted\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[workspace]\n",
    )
    .unwrap();
    let clippy = |code: &str| {
        std::fs::write(krate.join("src/lib.rs"), code).unwrap();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        std::process::Command::new(cargo)
            .args(["clippy", "--quiet", "--offline", "--", "-D", "warnings"])
            .current_dir(&krate)
            .env("CARGO_TARGET_DIR", dir.join("target"))
            .output()
            .unwrap()
    };
    let clean = clippy("pub fn units(n: u64) -> u64 {\n    n + 1\n}\n");
    assert!(clean.status.success(), "{}", String::from_utf8_lossy(&clean.stderr));
    for clock in [
        "pub fn now() -> std::time::Instant {\n    std::time::Instant::now()\n}\n",
        "pub fn now() -> std::time::SystemTime {\n    std::time::SystemTime::now()\n}\n",
    ] {
        let out = clippy(clock);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && said.contains("an engine has no clock"),
            "{clock}: {said}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
