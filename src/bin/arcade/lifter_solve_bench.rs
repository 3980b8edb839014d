//! `arcade bench lifter-solver [--ms N] [MAP...]`: runs the route search on each map for a
//! wall-clock budget and compares with the best known scores, as one JSON object.

use crate::Failure;
use lambda_arcade::lifter::solver::Solver;
use lambda_arcade::lifter::{maps, Command, Lifter, Mine};
use serde_json::{json, Value};
use std::time::Instant;


/// Units of work per call, as the browser worker uses.
const SLICE: u64 = 20_000;

pub fn run(ms: u64, maps: &[String]) -> Result<(), Failure> {
    let mut names = maps.to_vec();
    if names.is_empty() {
        names = maps::BEST_KNOWN.iter().map(|(n, _)| n.to_string()).collect();
    }
    let mut rows = Vec::new();
    let (mut total, mut total_best) = (0i64, 0i64);
    for name in &names {
        let text = match maps::official(name) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(name).map_err(|e| {
                Failure::input(format!(
                    "\"{name}\" is neither an official map nor a readable file: {e}"
                ))
            })?,
        };
        let mine = Mine::parse(&text).map_err(|e| Failure::in_file(&name, e))?;
        let start = Instant::now();
        let mut solver = Solver::new(&mine);
        let (mut slices, mut slowest) = (0u64, 0f64);
        while start.elapsed().as_millis() < u128::from(ms) {
            let t = Instant::now();
            let over = solver.work(SLICE);
            slowest = slowest.max(t.elapsed().as_secs_f64() * 1000.0);
            slices += 1;
            if over {
                break;
            }
        }
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let replayed = replay(&mine, solver.best_route());
        if replayed != solver.best_score() {
            return Err(Failure::input(format!(
                "{name}: the best route replays to {replayed}, not the reported {}",
                solver.best_score()
            )));
        }
        let best = maps::best_known(name);
        total += solver.best_score();
        if let Some(b) = best {
            total_best += b;
        }
        rows.push(json!({
            "name": name,
            "score": solver.best_score(),
            "best_known": best,
            "ratio": best.map(|b| ratio(solver.best_score(), b)),
            "ms": took.round(),
            "explored": solver.explored(),
            "slices": slices,
            "slowest_slice_ms": (slowest * 10.0).round() / 10.0,
            "route": solver.best_route(),
        }));
    }
    let out = json!({
        "ms_per_map": ms,
        "maps": Value::Array(rows),
        "totals": { "score": total, "best_known": total_best, "ratio": ratio(total, total_best) },
    });
    println!("{out:#}");
    Ok(())
}

fn ratio(score: i64, best: i64) -> f64 {
    if best == 0 {
        return 0.0;
    }
    (score as f64 / best as f64 * 10_000.0).round() / 10_000.0
}

fn replay(mine: &Mine, route: &str) -> i64 {
    Lifter::play_route(mine, &Command::parse_route(route)).score()
}
