//! What the CLI says of a game's decisions (`--json`): per decision the move it made (1-based),
//! the seat and entrant, the answer in the engine's words, what was printed during it, its time
//! and why it was refused — the same record the page's inspector shows.

use lambda_arcade::arena::{Clock, Decision};
use serde_json::{json, Value};
use std::time::Instant;

/// The clock a series times its decisions by: milliseconds since it was made.
pub fn clock() -> Clock {
    let start = Instant::now();
    Box::new(move || start.elapsed().as_secs_f64() * 1000.0)
}

/// The decisions of one game as JSON.
pub fn json(decisions: &[Decision]) -> Value {
    decisions
        .iter()
        .map(|d| {
            json!({
                "move": d.move_index + 1, "seat": d.seat, "entrant": d.entrant, "answer": d.answer,
                "printed": d.printed, "ms": (d.ms * 1000.0).round() / 1000.0, "refused": d.refused,
                "timeout": d.timeout, "counts": d.counts,
            })
        })
        .collect()
}
