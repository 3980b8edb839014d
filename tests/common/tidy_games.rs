//! The rule "no file names a game outside that game's own files and the registration lines".
//!
//! A file names game `id` when its code (comments dropped) holds `id` as a word in any case
//! (`tidy::holds_word`): a module path in any form (`crate::pig`, `use crate::pig as p`,
//! `use {games, pig}`, `super::pig`), a string naming it ("pig", 'punter',
//! `labyrinth`, "pig-match", `arcade pig …`, "a Pig decision"), a type (`PigSeries`), a
//! JavaScript key or import path (`pig: {`, `./pig/`), a CSS selector (`.lifter-head`,
//! `#punter-map`). "pig" is not in "pigment".

use crate::tidy::{holds_word, is_rail, Source};

/// The registration lines: the one place per layer where every game is listed, one line (or
/// one entry) each. ARCHITECTURE.md, "Adding a game", lists what each holds.
const REGISTRATION: &[&str] = &[
    "crates/games/src/lib.rs",
    "crates/cli/src/main.rs",
    "crates/cli/src/bench.rs",
    "crates/cli/src/arena_bench.rs",
    "index.html",
    "www/app.js",
    "www/games.js",
    "www/sandbox-worker.js",
    "www/user-host.js",
    "www/user-code.js",
    "tests/common/random_games.rs",
    "tests/common/bad_inputs.rs",
    "tests/determinism.rs",
    "tests/wasm.rs",
];

/// The rules themselves: they name games to plant violations and to list known offenders.
const RULES: &[&str] = &[
    "tests/tidy.rs",
    "tests/common/tidy.rs",
    "tests/common/tidy_games.rs",
    "tests/common/tidy_series.rs",
];

/// Files that name a game outside its files today, each to be fixed (issue 28) and then
/// deleted from this list; a file listed here that no longer names a game is itself a
/// violation, so the list only shrinks.
const KNOWN_OFFENDERS: &[(&str, &str)] = &[
    ("crates/cli/tests/cli.rs", "`arcade check` and the refusal of non-UTF-8 files are shown on Lifter's and Punter's formats and commands, and the cores test runs each game's arena: each moves into crates/cli/tests/cli_<id>.rs"),
    ("crates/cli/tests/cli_shard.rs", "shards and `arcade merge` are shown on each game's arena and on Lifter's judge: each game's part moves into crates/cli/tests/cli_<id>.rs"),
    ("tests/bad_inputs.rs", "the UTF-8 and size checks name Lifter's, Punter's and Labyrinth's formats, and a Punter map test: iterate over `games::formats()`, move the Punter test"),
    ("tests/rails.rs", "the rails are shown on Pig links and Lifter tapes: use tests/common/nim.rs, or move to the game's tests"),
    ("tests/results.rs", "ranks and winners of Pig, Punter and Labyrinth games: each moves into tests/<id>_*.rs"),
    ("tests/round_trip.rs", "print → parse of each game's formats: each moves into tests/<id>_*.rs"),
];

/// Is `rel` one of game `id`'s own files? Its folders (`crates/<id>/`, its page modules'
/// `crates/wasm-<id>…/`, `www/<id>/`, `tests/fixtures/<id>/`), and the files named after it
/// (`<id>`, `<id>_…`, `<id>-…`) in `crates/cli/src/`, `tests/` (also `cli_<id>…`),
/// `tests/common/`, `tests/bad-inputs/`, `fuzz/fuzz_targets/` and `e2e/`.
pub fn owns(rel: &str, id: &str) -> bool {
    let (dir, file) = rel.rsplit_once('/').unwrap_or(("", rel));
    let named = |f: &str| f.strip_prefix(id).is_some_and(|rest| rest.starts_with(['_', '.', '-']));
    ["crates", "www", "tests/fixtures"].iter().any(|top| rel.starts_with(&format!("{top}/{id}/")))
        || rel
            .strip_prefix("crates/wasm-")
            .and_then(|r| r.split_once('/'))
            .is_some_and(|(module, _)| module == id || named(module))
        || (["crates/cli/src", "tests/common", "tests/bad-inputs", "fuzz/fuzz_targets", "e2e"]
            .contains(&dir)
            && named(file))
        || (dir == "tests" && named(file))
        || (dir == "crates/cli/tests" && file.strip_prefix("cli_").is_some_and(named))
}

pub fn violations(sources: &[Source], ids: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    let mut offending = Vec::new();
    for source in sources {
        let rel = source.rel.as_str();
        if RULES.contains(&rel) {
            continue;
        }
        let known = KNOWN_OFFENDERS.iter().any(|(f, _)| *f == rel);
        for (n, line) in source.lines.iter().enumerate() {
            for id in ids {
                if owns(rel, id) || !holds_word(line, id) {
                    continue;
                }
                let what = if is_rail(rel) {
                    format!("a rail names the game {id}")
                } else if !REGISTRATION.contains(&rel) {
                    format!("names the game {id} outside its files and the registration lines")
                } else {
                    continue;
                };
                offending.push(rel);
                if !known {
                    found.push(format!("{rel}:{}: {what}", n + 1));
                }
            }
        }
    }
    for (file, _) in KNOWN_OFFENDERS {
        if !offending.contains(file) {
            found.push(format!("{file}: listed in KNOWN_OFFENDERS but names no game outside its files any more: delete it from the list"));
        }
    }
    found
}
