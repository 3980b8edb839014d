//! The rule "nothing outside `arena::Series` picks a seat's move, fallback or seed".
//!
//! In src/ and the crates' src/ (but `crates/rails/src/arena/`, the series itself) and www/, a
//! line breaks it when it
//! - asks a decider for a move: `.decide(` in Rust on anything but the caller's own decider or
//!   policy (`self.….decide(`: a `Decider` impl or a wrapper asking what it holds), in
//!   JavaScript on a strategy session (`session.decide(`) outside the referee loop
//!   (`www/referee.js`) and the sandbox side (`www/sandbox-worker.js`, `www/<id>/seats.js`);
//! - plays or exposes the fallback: `.fallback()`, `fallbackMove`;
//! - derives an entrant's seed: `.entrant(`, `.entrant_game(` (`arena::MatchSeeds`),
//!   `entrantSeed`;
//! - runs seats in a loop of its own: `run_bots`, `runBots`, `aiStep`, `strategyTurn`,
//!   `aiMove`.
//!
//! A game's `fn fallback` (its `MatchRules`) and the replay viewer pick nothing and match none.

use crate::tidy::{holds_name, Source};

/// What a seat is given and by which words it is recognised.
const PICKS: &[(&str, &str)] = &[
    (".decide(", "move (a decider asked outside the series)"),
    (".fallback()", "fallback"),
    ("fallbackMove", "fallback"),
    (".entrant(", "seed"),
    (".entrant_game(", "seed"),
    ("entrantSeed", "seed"),
    ("run_bots", "moves, in a loop of its own"),
    ("runBots", "moves, in a loop of its own"),
    ("aiStep", "moves, in a loop of its own"),
    ("strategyTurn", "moves, in a loop of its own"),
    ("aiMove", "moves, in a loop of its own"),
];

/// Code that decides but referees nothing, with why.
const NOT_REFEREES: &[(&str, &str)] = &[
    ("crates/punter/src/protocol/client.rs", "a built-in bot on the punter's side of the protocol answers for itself; the server referees"),
    ("crates/cli/src/pig_bench.rs", "times a decider's decisions"),
    ("crates/cli/src/punter_bots_bench.rs", "times the bots' decisions on positions a greedy bot plays out"),
];

/// Finds the words of `PICKS` on `line` of a Rust or JavaScript file.
fn picks(line: &str, rust: bool, sandbox_side: bool) -> Vec<&'static str> {
    let mut out = Vec::new();
    for &(needle, _) in PICKS {
        let hit = if needle == ".decide(" {
            line.match_indices(needle).any(|(i, _)| {
                let receiver: String = line[..i]
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                if rust {
                    !(receiver == "self" || receiver.starts_with("self."))
                } else {
                    !sandbox_side && receiver.to_ascii_lowercase().ends_with("session")
                }
            })
        } else if needle.starts_with('.') {
            line.contains(needle)
        } else {
            holds_name(line, needle)
        };
        if hit {
            out.push(needle);
        }
    }
    out
}

/// Line `n` after the lines of the method chain it continues: rustfmt puts each call of a long
/// chain on a line of its own (`self`, `.decider`, `.decide(…)`), so a line that starts with `.`
/// is read with the lines before it, back to the one that starts the chain.
fn with_chain(lines: &[String], n: usize) -> String {
    let mut first = n;
    while first > 0 && lines[first].trim_start().starts_with('.') {
        first -= 1;
    }
    lines[first..=n].iter().map(|l| l.trim()).collect()
}

pub fn violations(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources {
        let rel = source.rel.as_str();
        let rust = (rel.starts_with("src/")
            || (rel.starts_with("crates/") && rel.contains("/src/")))
            && rel.ends_with(".rs");
        let js = rel.starts_with("www/") && rel.ends_with(".js");
        if !(rust || js)
            || rel.starts_with("crates/rails/src/arena/")
            || NOT_REFEREES.iter().any(|(f, _)| *f == rel)
        {
            continue;
        }
        let sandbox_side =
            rel == "www/referee.js" || rel == "www/sandbox-worker.js" || rel.ends_with("/seats.js");
        for (n, line) in source.lines.iter().enumerate() {
            let chain = with_chain(&source.lines, n);
            let here = picks(&chain, rust, sandbox_side).into_iter().filter(|w| line.contains(w));
            for needle in here {
                let what =
                    PICKS.iter().find(|(w, _)| *w == needle).map_or("move", |(_, what)| what);
                found.push(format!(
                    "{rel}:{}: picks a seat's {what} outside arena::Series ({needle})",
                    n + 1
                ));
            }
        }
    }
    found
}
