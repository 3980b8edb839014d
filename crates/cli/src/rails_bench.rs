//! `arcade bench rails`: share links and the replay tape on 10,000-move games (each game gives
//! its case: Pig and Lifter), the figures of docs/PERFORMANCE.md measured natively.
//! e2e/bench-rails.mjs measures the same games in the browser.

use crate::timing::median_ms;
use crate::Failure;
use games::open_link;
use rails::game::Game;
use rails::link::{encode_game, GameRecord, LinkParams};
use rails::rng::{below, stream};
use rails::tape::Tape;
use serde_json::{json, Value};
use std::time::Instant;

pub const MOVES: usize = 10_000;

/// Links and tape figures for one game of `moves`.
pub fn measure<G: Game>(
    name: &str,
    params: G::Params,
    moves: Vec<G::Move>,
) -> Result<Value, Failure>
where
    G::Params: LinkParams,
{
    let record =
        GameRecord::<G> { params, seed: 1, players: vec!["a".into(), "b".into()], moves, view: 0 };
    let mut link = String::new();
    let encode_ms = median_ms(5, || link = encode_game(&record).unwrap_or_default());
    let decode_ms = median_ms(5, || {
        std::hint::black_box(open_link(&link).ok());
    });
    let opened = open_link(&link).map_err(|e| Failure::input(e.to_string()))?;
    let t = Instant::now();
    let mut tape = Tape::new(record).map_err(|e| Failure::input(e.to_string()))?;
    let build_ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut rng = stream(3, 3);
    let mut seeks: Vec<f64> = (0..1000)
        .map(|_| {
            let to = below(&mut rng, MOVES as u64 + 1) as usize;
            let t = Instant::now();
            std::hint::black_box(tape.seek(to));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    seeks.sort_by(f64::total_cmp);
    let step_back = median_ms(101, || {
        let (at, _) = tape.position();
        std::hint::black_box(tape.seek(at.saturating_sub(1).max(1)));
    });
    Ok(json!({
        "game": name, "moves": tape.len(), "link_chars": link.len(), "problem": opened.problem,
        "encode_ms": encode_ms, "decode_ms": decode_ms, "tape_build_ms": build_ms,
        "seek_ms": { "median": seeks[500], "p99": seeks[990], "max": seeks[999] },
        "step_back_ms": step_back,
    }))
}
